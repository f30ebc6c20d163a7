/*
 * test_slabinfo_read.c - the saved-slabinfo reader (sklab/slabinfo.h):
 * each format (1.1 with and without slab columns, statistics and SMP
 * groups; 2.1; slabtop -o), the seed thread's four listings, and every
 * error with its line number and what was expected.
 */
#include "check.h"

#include "sklab/slabinfo.h"

#include <stdlib.h>
#include <string.h>

static const char *data_dir;

static int parse(const char *text, skl_slabinfo *s, skl_error *err)
{
	skl_error_clear(err);
	return skl_slabinfo_parse(text, strlen(text), "t.slabinfo", s, err);
}

/* text must fail at line with a message containing want */
static void bad(const char *text, int line, const char *want)
{
	skl_slabinfo s;
	skl_error err;
	int rc = parse(text, &s, &err);
	CHECK_INT(rc, -1);
	CHECK_INT(err.line, line);
	CHECK_STR(err.file, "t.slabinfo");
	if (!strstr(err.msg, want)) {
		printf("message \"%s\" lacks \"%s\"\n", err.msg, want);
		check_failures++;
	}
	CHECK(s.rows == NULL && s.n == 0);
}

static void test_v11(void)
{
	skl_slabinfo s;
	skl_error err;
	/* 2.4.16 UP with CONFIG_DEBUG_SLAB: the seed's RFC 2 lines, squeezed */
	CHECK_INT(parse("slabinfo - version: 1.1 (statistics)\n"
			"unix_sock    5     10    396    1    1    1 :     17     735 2 1    0\n"
			"sock         0      0    332    0    0    1 :      0       0 0 0    0\n",
			&s, &err),
		  0);
	CHECK_INT(s.format, SKL_SLABINFO_V1_1);
	CHECK_INT(s.stats, 1);
	CHECK_INT(s.smp, 0);
	CHECK_INT(s.n, 2);
	CHECK_STR(s.rows[0].name, "unix_sock");
	CHECK_INT(s.rows[0].line, 2);
	CHECK_INT(s.rows[0].active_objs, 5);
	CHECK_INT(s.rows[0].num_objs, 10);
	CHECK_INT(s.rows[0].objsize, 396);
	CHECK_INT(s.rows[0].objperslab, 10);
	CHECK_INT(s.rows[0].pagesperslab, 1);
	CHECK_INT(s.rows[0].high, 17);
	CHECK_INT(s.rows[0].allocs, 735);
	CHECK_INT(s.rows[0].grown, 2);
	CHECK_INT(s.rows[0].reaped, 1);
	CHECK_INT(s.rows[1].objperslab, 0); /* no slab to divide by */
	skl_slabinfo_free(&s);

	/* SMP: limit and batchcount; both: the per-CPU statistics too */
	CHECK_INT(parse("slabinfo - version: 1.1 (SMP)\nsock 21 21 1056 3 3 2 :   60   30\n", &s, &err), 0);
	CHECK_INT(s.smp, 1);
	CHECK_INT(s.rows[0].limit, 60);
	CHECK_INT(s.rows[0].batchcount, 30);
	CHECK_INT(s.rows[0].objperslab, 7);
	skl_slabinfo_free(&s);
	CHECK_INT(parse("slabinfo - version: 1.1 (statistics) (SMP)\n"
			"sock 21 21 1056 3 3 2 : 21 40 3 0 0 : 60 30 : 10 3 5 1\n",
			&s, &err),
		  0);
	CHECK_INT(s.rows[0].has_cpustats, 1);
	CHECK_INT(s.rows[0].allocmiss, 3);
	CHECK_INT(s.rows[0].freemiss, 1);
	skl_slabinfo_free(&s);

	/* a line that stops after objsize (no slab columns) */
	CHECK_INT(parse("slabinfo - version: 1.1\nsock 3 11 1056\n", &s, &err), 0);
	CHECK_INT(s.rows[0].has_slabs, 0);
	CHECK_INT(s.rows[0].objsize, 1056);
	skl_slabinfo_free(&s);

	/* CRLF and blank lines */
	CHECK_INT(parse("slabinfo - version: 1.1\r\n\r\nsock 0 0 332 0 0 1\r\n", &s, &err), 0);
	CHECK_INT(s.n, 1);
	skl_slabinfo_free(&s);
}

static void test_v21(void)
{
	skl_slabinfo s;
	skl_error err;
	CHECK_INT(
	    parse("slabinfo - version: 2.1\n"
		  "# name            <active_objs> <num_objs> <objsize> <objperslab> <pagesperslab> : tunables "
		  "<limit> <batchcount> <sharedfactor> : slabdata <active_slabs> <num_slabs> <sharedavail>\n"
		  "TCP                   26     26   2368   13    8 : tunables    0    0    0 : slabdata      2      "
		  "2      0\n",
		  &s, &err),
	    0);
	CHECK_INT(s.format, SKL_SLABINFO_V2_1);
	CHECK_INT(s.n, 1);
	CHECK_STR(s.rows[0].name, "TCP");
	CHECK_INT(s.rows[0].line, 3);
	CHECK_INT(s.rows[0].objsize, 2368);
	CHECK_INT(s.rows[0].objperslab, 13);
	CHECK_INT(s.rows[0].pagesperslab, 8);
	CHECK_INT(s.rows[0].num_slabs, 2);
	skl_slabinfo_free(&s);
	/* the SLAB allocator's statistics groups: read past */
	CHECK_INT(parse("slabinfo - version: 2.1 (statistics)\n"
			"tcp_sock 31 42 1056 7 2 : tunables 24 12 8 : slabdata 6 6 0 : globalstat 1 2 3 4 5 6 7 8 9 "
			"10 11 12 13 : cpustat 1 2 3 4\n",
			&s, &err),
		  0);
	CHECK_INT(s.stats, 1);
	CHECK_INT(s.rows[0].limit, 24);
	CHECK_INT(s.rows[0].sharedfactor, 8);
	skl_slabinfo_free(&s);
}

static void test_slabtop(void)
{
	skl_slabinfo s;
	skl_error err;
	CHECK_INT(parse(" Active / Total Objects (% used)    : 694 / 694 (100.0%)\n"
			" Minimum / Average / Maximum Object : 0.09K / 1.71K / 5.75K\n"
			"\n"
			"  OBJS ACTIVE  USE OBJ SIZE  SLABS OBJ/SLAB CACHE SIZE NAME                   \n"
			"   100    100 100%    5.75K     20        5       640K task_struct            \n"
			"    26     20  76%    2.31K      2       13        64K TCP                    \n",
			&s, &err),
		  0);
	CHECK_INT(s.format, SKL_SLABINFO_SLABTOP);
	CHECK_INT(s.n, 2);
	CHECK_STR(s.rows[0].name, "task_struct");
	CHECK_INT(s.rows[0].objsize, 5888);
	CHECK_INT(s.rows[0].objsize_approx, 1);
	CHECK_INT(s.rows[0].pagesperslab, 8);
	CHECK_INT(s.rows[1].active_objs, 20);
	CHECK_INT(s.rows[1].num_objs, 26);
	CHECK_INT(s.rows[1].objsize, 2365); /* 2.31K: within 6 bytes of 2368 */
	CHECK_INT(s.rows[1].objperslab, 13);
	skl_slabinfo_free(&s);
	/* the column line alone starts a dump too */
	CHECK_INT(parse("  OBJS ACTIVE  USE OBJ SIZE  SLABS OBJ/SLAB CACHE SIZE NAME\n"
			"     1      1 100%    0.06K      1       64         4K a name with spaces\n",
			&s, &err),
		  0);
	CHECK_STR(s.rows[0].name, "a name with spaces");
	skl_slabinfo_free(&s);
}

/* The seed's four listings (tests/mm/slabinfo/data), as read back. */
static void test_seed(void)
{
	static const struct {
		const char *file;
		int n;
		const char *last;
		unsigned long objsize;
	} seeds[] = {{"seed-2001-pre1.slabinfo", 1, "sock", 1056},
		     {"seed-2001-rfc2.slabinfo", 3, "sock", 332},
		     {"seed-2001-rfc3.slabinfo", 4, "sock", 336},
		     {"seed-2001-rfc4.slabinfo", 5, "sock", 336}};
	size_t i;
	for (i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
		char path[1024];
		skl_slabinfo s;
		skl_error err;
		snprintf(path, sizeof(path), "%s/%s", data_dir, seeds[i].file);
		skl_error_clear(&err);
		if (skl_slabinfo_read_file(path, &s, &err) < 0) {
			printf("%s: %s\n", path, err.msg);
			check_failures++;
			continue;
		}
		CHECK_INT(s.n, seeds[i].n);
		CHECK_INT(s.stats, 1);
		CHECK_STR(s.rows[s.n - 1].name, seeds[i].last);
		CHECK_INT(s.rows[s.n - 1].objsize, seeds[i].objsize);
		skl_slabinfo_free(&s);
	}
}

static void test_errors(void)
{
	char *big;
	size_t i;
	skl_slabinfo s;
	skl_error err;
	bad("", 0, "empty");
	bad("sock 0 0 332 0 0 1\n", 1, "expected 'slabinfo - version: 1.1' or '2.1'");
	bad("slabinfo - version: 2.0\n", 1, "version '2.0' is not read here");
	bad("slabinfo - version: 1.1 (stats)\n", 1, "expected ' (statistics)', ' (SMP)' or nothing");
	bad("slabinfo - version: 1.1\nsock 0 0\n", 2, "too few numbers after the name");
	bad("slabinfo - version: 1.1\nsock 0 0 332 0 1\n", 2, "<active_slabs> <num_slabs> <pages_per_slab>");
	bad("slabinfo - version: 1.1\nsock 0 x 332 0 0 1\n", 2, "'x' is not a count: expected <num_objs> (1.1)");
	bad("slabinfo - version: 1.1\nsock 0 -1 332 0 0 1\n", 2, "expected <num_objs>");
	bad("slabinfo - version: 1.1\n\nsock 0 0 332 0 0 1 : 0 0 0 0 0\n", 3, "is ' (statistics)' or ' (SMP)' missing");
	bad("slabinfo - version: 1.1 (statistics)\nsock 0 0 332 0 0 1\n", 2,
	    "expected ' : <high> <allocs> <grown> <reaped> <errors>'");
	bad("slabinfo - version: 1.1 (statistics)\nsock 0 0 332 0 0 1 : 0 0 0 0\n", 2, "<errors>");
	bad("slabinfo - version: 1.1 (SMP)\nsock 0 0 332 0 0 1 : 60\n", 2, "expected ' : <limit> <batchcount>'");
	bad("slabinfo - version: 1.1\nsock 9 8 332 1 1 1\n", 2, "active_objs is more than num_objs");
	bad("slabinfo - version: 1.1\nsock 1 8 332 2 1 1\n", 2, "active_slabs is more than num_slabs");
	bad("slabinfo - version: 1.1\nsock 1 9 332 1 2 1\n", 2, "not a multiple of num_slabs");
	bad("slabinfo - version: 1.1\n5 10 396 1 1 1\n", 2, "where a cache name was expected");
	bad("slabinfo - version: 1.1\n# a comment\n", 2, "a '#' line");
	bad("slabinfo - version: 2.1\nTCP 26 26 2368 13 8\n", 2, "expected <name> <active_objs>");
	/* slabdata one short (found by fuzz_slabinfo: it read past the columns) */
	bad("slabinfo - version: 2.1\nTCP 26 26 2368 13 8 : tunables 0 0 0 : slabdata 2 2\n", 2,
	    "expected <name> <active_objs>");
	bad("slabinfo - version: 2.1\nTCP 26 26 2368 13 8 : tunables 0 0 0 : slabdata 2 2 0 : extra 1\n", 2,
	    "after slabdata");
	bad("slabinfo - version: 2.1\nTCP 26 26 2368 13 8 : tunables 0 0 z : slabdata 2 2 0\n", 2,
	    "expected <sharedfactor> (2.1)");
	bad(" Active / Total Objects (% used)    : 1 / 1 (100.0%)\n", 1, "without its column line");
	bad(" Active / Total Objects (% used)    : 1 / 1 (100.0%)\nnonsense\n", 2, "slabtop's column line");
	bad("  OBJS ACTIVE  USE OBJ SIZE  SLABS OBJ/SLAB CACHE SIZE NAME\n 1 1 100% 0.06K 1 64\n", 2,
	    "<CACHE SIZE> <NAME>");
	bad("  OBJS ACTIVE  USE OBJ SIZE  SLABS OBJ/SLAB CACHE SIZE NAME\n 1 1 101% 0.06K 1 64 4K x\n", 2,
	    "percentage from 0% to 100%");
	bad("  OBJS ACTIVE  USE OBJ SIZE  SLABS OBJ/SLAB CACHE SIZE NAME\n 1 1 100% 0.06Q 1 64 4K x\n", 2,
	    "<OBJ SIZE>");
	bad("slabinfo - version: 1.1\nthis_name_is_far_too_long_for_any_cache_that_a_kernel_would_make_x 0 0 1\n", 2,
	    "longer than 63 bytes");

	/* NUL bytes, a long line, a huge text */
	CHECK_INT(skl_slabinfo_parse("slabinfo - version: 1.1\nso\0ck", 30, "t.slabinfo", &s, &err), -1);
	CHECK_INT(err.line, 2);
	big = malloc(SKL_SLABINFO_MAX_BYTES + 2);
	if (!big)
		return;
	memcpy(big, "slabinfo - version: 1.1\nx", 25);
	for (i = 25; i < 25 + SKL_SLABINFO_MAX_LINE + 5; i++)
		big[i] = 'x';
	CHECK_INT(skl_slabinfo_parse(big, i, "t.slabinfo", &s, &err), -1);
	CHECK_INT(err.line, 2);
	CHECK(strstr(err.msg, "longer than 1024 bytes") != NULL);
	memset(big, '\n', SKL_SLABINFO_MAX_BYTES + 1);
	CHECK_INT(skl_slabinfo_parse(big, SKL_SLABINFO_MAX_BYTES + 1, "t.slabinfo", &s, &err), -1);
	CHECK(strstr(err.msg, "bytes is more than") != NULL);
	free(big);
	CHECK_INT(skl_slabinfo_read_file("/nonexistent/slabinfo", &s, &err), -1);
	CHECK(strstr(err.msg, "cannot open") != NULL);
	CHECK_INT(skl_slabinfo_read_file(data_dir, &s, &err), -1);
	CHECK(strstr(err.msg, "not a regular file") != NULL);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "all";
	data_dir = argc > 2 ? argv[2] : "data";
	if (!strcmp(mode, "v11") || !strcmp(mode, "all"))
		test_v11();
	if (!strcmp(mode, "v21") || !strcmp(mode, "all"))
		test_v21();
	if (!strcmp(mode, "slabtop") || !strcmp(mode, "all"))
		test_slabtop();
	if (!strcmp(mode, "seed") || !strcmp(mode, "all"))
		test_seed();
	if (!strcmp(mode, "errors") || !strcmp(mode, "all"))
		test_errors();
	return check_done(mode);
}
