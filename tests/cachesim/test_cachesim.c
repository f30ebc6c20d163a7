/*
 * test_cachesim.c - the trace readers (Lackey and din: records, skipped
 * lines, modify, straddling and over-wide sizes as written, malformed lines
 * with their file:line:col errors, standard input, small read windows), the
 * Cachegrind summary text, the host preset from a fake sysfs tree and the
 * --I1/--D1/--LL overrides.
 *
 * usage: test_cachesim MODE; MODE is lackey, din, detect, malformed, stdin,
 * bigtrace, summary, host or preset_set.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include "sklab/cachesim.h"
#include "sklab/trace.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* Every record of a memory trace, or -1 with the formatted error in msg. */
static long read_all(const char *text, skl_trace_format fmt, skl_trace_ref *out, size_t max, char *msg,
		     skl_trace_format *detected)
{
	skl_error err;
	skl_trace *t = skl_trace_open_mem("t.trace", text, strlen(text), fmt, &err);
	long n, total = 0;
	msg[0] = 0;
	if (!t)
		return -2;
	/* batches of 3 cross the record boundaries at odd places */
	while ((n = skl_trace_read(t, out + total, max - (size_t)total < 3 ? max - (size_t)total : 3, &err)) > 0)
		total += n;
	if (n < 0) {
		skl_error_format(&err, msg, 600);
		/* a failed reader keeps failing with the same error */
		CHECK_INT(skl_trace_read(t, out, max, &err), -1);
		total = -1;
	}
	if (detected)
		*detected = skl_trace_format_of(t);
	skl_trace_close(t);
	return total;
}

static void check_ref(const skl_trace_ref *r, uint64_t addr, unsigned size, unsigned kind)
{
	CHECK_INT(r->addr, addr);
	CHECK_INT(r->size, size);
	CHECK_INT(r->kind, kind);
}

/* ---- Lackey ------------------------------------------------------------ */

static const char lackey_text[] = "==4242== Lackey, an example Valgrind tool\n"
				  "==4242== Command: ./prog\n"
				  "==4242== \n"
				  "I  04001bd0,3\n"
				  " L 1ffefffd78,8\n"
				  " S 1ffefffd70,8\n"
				  " M 0402a0c8,4\n"
				  "I  0402a0fe,15\n"	/* straddles 0x0402a100 as written */
				  " L 1ffefff000,512\n" /* fxsave-wide, as written */
				  "--4242-- a warning line\n"
				  "\n"
				  "I  ffffffffff600000,2\n"
				  "==4242== Counted 1 call to main()";

static void t_lackey(void)
{
	skl_trace_ref r[16];
	skl_trace_counts c;
	skl_trace_format f;
	skl_error err;
	skl_trace *t;
	char msg[600];
	long n = read_all(lackey_text, SKL_TRACE_AUTO, r, 16, msg, &f);
	CHECK_INT(n, 7);
	CHECK_STR(msg, "");
	CHECK_INT(f, SKL_TRACE_LACKEY);
	check_ref(&r[0], 0x04001bd0, 3, SKL_TRACE_IFETCH);
	check_ref(&r[1], 0x1ffefffd78ULL, 8, SKL_TRACE_READ);
	check_ref(&r[2], 0x1ffefffd70ULL, 8, SKL_TRACE_WRITE);
	check_ref(&r[3], 0x0402a0c8, 4, SKL_TRACE_MODIFY);
	check_ref(&r[4], 0x0402a0fe, 15, SKL_TRACE_IFETCH);
	check_ref(&r[5], 0x1ffefff000ULL, 512, SKL_TRACE_READ);
	check_ref(&r[6], 0xffffffffff600000ULL, 2, SKL_TRACE_IFETCH);

	t = skl_trace_open_mem("t", lackey_text, strlen(lackey_text), SKL_TRACE_LACKEY, &err);
	while (skl_trace_read(t, r, 16, &err) > 0)
		;
	skl_trace_get_counts(t, &c);
	CHECK_INT(c.lines, 13);
	CHECK_INT(c.ignored, 6);
	CHECK_INT(c.refs[SKL_TRACE_IFETCH], 3);
	CHECK_INT(c.refs[SKL_TRACE_READ], 2);
	CHECK_INT(c.refs[SKL_TRACE_WRITE], 1);
	CHECK_INT(c.refs[SKL_TRACE_MODIFY], 1);
	CHECK_INT(skl_trace_read(t, r, 16, &err), 0); /* the end stays the end */
	skl_trace_close(t);

	/* CRLF line ends */
	n = read_all("I  1000,4\r\n L 2000,8\r\n", SKL_TRACE_AUTO, r, 16, msg, NULL);
	CHECK_INT(n, 2);
	check_ref(&r[1], 0x2000, 8, SKL_TRACE_READ);
	/* an empty trace and one of Valgrind lines only */
	CHECK_INT(read_all("", SKL_TRACE_AUTO, r, 16, msg, NULL), 0);
	CHECK_INT(read_all("==1== only\n==1== talk\n", SKL_TRACE_AUTO, r, 16, msg, &f), 0);
	CHECK_INT(f, SKL_TRACE_AUTO);
}

/* ---- din --------------------------------------------------------------- */

static void t_din(void)
{
	skl_trace_ref r[16];
	skl_trace_counts c;
	skl_trace_format f;
	skl_error err;
	skl_trace *t;
	char msg[600];
	static const char text[] = "# a din trace\n"
				   "2 400100\n"		   /* word access: aligned down, size 4 */
				   "0 1003 comment here\n" /* a comment after the address */
				   "1 0x2000 8\n"	   /* 0x prefix and a size */
				   "0\t3ffe\tc\n"	   /* tabs, hex size 12 */
				   "3 1234\n"		   /* escape: skipped */
				   "  2 ffffffff 1 trailing words\n"
				   "\n"
				   "4 0\n"; /* flush */
	long n = read_all(text, SKL_TRACE_AUTO, r, 16, msg, &f);
	CHECK_STR(msg, "");
	CHECK_INT(n, 6);
	CHECK_INT(f, SKL_TRACE_DIN);
	check_ref(&r[0], 0x400100, 4, SKL_TRACE_IFETCH);
	check_ref(&r[1], 0x1000, 4, SKL_TRACE_READ);
	check_ref(&r[2], 0x2000, 8, SKL_TRACE_WRITE);
	check_ref(&r[3], 0x3ffe, 12, SKL_TRACE_READ);
	check_ref(&r[4], 0xffffffff, 1, SKL_TRACE_IFETCH);
	CHECK_INT(r[5].kind, SKL_TRACE_FLUSH);

	t = skl_trace_open_mem("t", text, strlen(text), SKL_TRACE_DIN, &err);
	while (skl_trace_read(t, r, 16, &err) > 0)
		;
	skl_trace_get_counts(t, &c);
	CHECK_INT(c.lines, 9);
	CHECK_INT(c.escapes, 1);
	CHECK_INT(c.ignored, 2);
	CHECK_INT(c.refs[SKL_TRACE_FLUSH], 1);
	skl_trace_close(t);

	/* the last line may lack its newline */
	n = read_all("0 10\n1 20", SKL_TRACE_DIN, r, 16, msg, NULL);
	CHECK_INT(n, 2);
	check_ref(&r[1], 0x20, 4, SKL_TRACE_WRITE);
}

/* ---- detection and forcing --------------------------------------------- */

static void t_detect(void)
{
	skl_trace_ref r[4];
	char msg[600];
	skl_trace_format f;
	CHECK_INT(read_all("==1== x\n\n 0 10\n", SKL_TRACE_AUTO, r, 4, msg, &f), 1);
	CHECK_INT(f, SKL_TRACE_DIN);
	CHECK_INT(read_all(" S 10,4\n", SKL_TRACE_AUTO, r, 4, msg, &f), 1);
	CHECK_INT(f, SKL_TRACE_LACKEY);
	/* forcing the wrong format reports the first line */
	CHECK_INT(read_all("I  1000,4\n", SKL_TRACE_DIN, r, 4, msg, NULL), -1);
	CHECK_STR(msg, "t.trace:1:1: din: expected a label 0-4 (0 read, 1 write, 2 fetch, 3 escape, 4 flush) "
		       "and a blank, found \"I  1000,4\"");
	CHECK_INT(read_all("0 1000\n", SKL_TRACE_LACKEY, r, 4, msg, NULL), -1);
	CHECK_STR(msg, "t.trace:1:1: lackey: expected a record 'I  ADDR,SIZE' or ' L|S|M ADDR,SIZE', found \"0 "
		       "1000\"");
	CHECK_INT(read_all("==1== x\nhello world\n", SKL_TRACE_AUTO, r, 4, msg, NULL), -1);
	CHECK_STR(msg, "t.trace:2:1: cannot tell the trace format: expected a Lackey record ('I  ADDR,SIZE', ' L "
		       "ADDR,SIZE') or a din record ('LABEL ADDRESS'), found \"hello world\"");
	{
		skl_trace_format g;
		CHECK_INT(skl_trace_parse_format("din", &g), 0);
		CHECK_INT(g, SKL_TRACE_DIN);
		CHECK_INT(skl_trace_parse_format("lackey", &g), 0);
		CHECK_INT(g, SKL_TRACE_LACKEY);
		CHECK_INT(skl_trace_parse_format("pin", &g), -1);
		CHECK_STR(skl_trace_format_name(SKL_TRACE_LACKEY), "lackey");
	}
}

/* ---- malformed lines --------------------------------------------------- */

static void t_malformed(void)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
	    {"I  1000,4\n L 2000\n", "t.trace:2:8: lackey: expected ',' after the address, found the end of the line"},
	    {"I  1000,4\n L ,8\n", "t.trace:2:4: lackey: expected a hexadecimal address, found ','"},
	    {"I  1000,4\n L 2000,\n",
	     "t.trace:2:9: lackey: expected a decimal size after ',', found the end of the line"},
	    {"I  1000,4\n L 2000,8x\n", "t.trace:2:10: lackey: expected the end of the line after the size, found 'x'"},
	    {"I  1000,4\n L 2000,9999999\n", "t.trace:2:9: lackey: size is larger than 1048576 bytes"},
	    {"I  1000,4\n L 12345678901234567,8\n", "t.trace:2:4: lackey: address longer than 16 hex digits"},
	    {"I  1000,4\n X 2000,8\n",
	     "t.trace:2:1: lackey: expected a record 'I  ADDR,SIZE' or ' L|S|M ADDR,SIZE', found \" X 2000,8\""},
	    {"I  1000,4\nI 1000,4\n",
	     "t.trace:2:1: lackey: expected a record 'I  ADDR,SIZE' or ' L|S|M ADDR,SIZE', found \"I 1000,4\""},
	    {"0 10\n5 20\n", "t.trace:2:1: din: expected a label 0-4 (0 read, 1 write, 2 fetch, 3 escape, 4 flush) "
			     "and a blank, found \"5 20\""},
	    {"0 10\n1 xyz\n", "t.trace:2:3: din: expected a hexadecimal address, found 'x'"},
	    {"0 10\n1 12g4\n", "t.trace:2:5: din: expected a hexadecimal address, found 'g'"},
	    {"0 10\n1\n", "t.trace:2:1: din: expected a label 0-4 (0 read, 1 write, 2 fetch, 3 escape, 4 flush) "
			  "and a blank, found \"1\""},
	    {"0 10\n0 20 200000\n", "t.trace:2:6: din: size 0x200000 is larger than 1048576 bytes"},
	};
	skl_trace_ref r[8];
	char msg[600];
	size_t i;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK_INT(read_all(cases[i].text, SKL_TRACE_AUTO, r, 8, msg, NULL), -1);
		CHECK_STR(msg, cases[i].want);
	}
	/* binary junk: a clear error, no crash */
	{
		char junk[64];
		for (i = 0; i < sizeof(junk) - 1; i++)
			junk[i] = (char)(0x80 + i);
		junk[sizeof(junk) - 1] = 0;
		CHECK_INT(read_all(junk, SKL_TRACE_AUTO, r, 8, msg, NULL), -1);
		CHECK(strstr(msg, "t.trace:1:1: cannot tell the trace format") == msg);
	}
}

/* ---- standard input and files ------------------------------------------ */

static char tmpdir[64];

static void make_tmpdir(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/sklab-cachesim-XXXXXX");
	if (!mkdtemp(tmpdir)) {
		printf("mkdtemp failed\n");
		exit(1);
	}
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		printf("cannot write %s\n", path);
		exit(1);
	}
	fputs(text, f);
	fclose(f);
}

static void t_stdin(void)
{
	char path[128];
	skl_trace_ref r[8];
	skl_error err;
	skl_trace *t;
	make_tmpdir();
	snprintf(path, sizeof(path), "%s/in.trace", tmpdir);
	write_file(path, "I  1000,4\n L 2000,8\n S 3000\n");
	if (!freopen(path, "r", stdin)) {
		printf("freopen failed\n");
		exit(1);
	}
	t = skl_trace_open("-", SKL_TRACE_AUTO, &err);
	CHECK(t != NULL);
	CHECK_INT(skl_trace_read(t, r, 8, &err), 2);
	check_ref(&r[1], 0x2000, 8, SKL_TRACE_READ);
	CHECK_INT(skl_trace_read(t, r, 8, &err), -1);
	{
		char msg[600];
		skl_error_format(&err, msg, sizeof(msg));
		CHECK_STR(msg, "<stdin>:3:8: lackey: expected ',' after the address, found the end of the line");
	}
	skl_trace_close(t);
	/* a file that is not there */
	snprintf(path, sizeof(path), "%s/missing.trace", tmpdir);
	CHECK(skl_trace_open(path, SKL_TRACE_AUTO, &err) == NULL);
	CHECK(strstr(err.msg, "cannot open the trace") != NULL);
	unlink(path);
	snprintf(path, sizeof(path), "%s/in.trace", tmpdir);
	unlink(path);
	rmdir(tmpdir);
}

/* More than one buffer of records, with lines cut at every buffer edge. */
static void t_bigtrace(void)
{
	size_t n = 300000, i, len = 0, cap = n * 24;
	char *text = malloc(cap);
	skl_trace_ref *r = malloc(1000 * sizeof(*r));
	skl_error err;
	skl_trace *t;
	long got;
	uint64_t total = 0, sum = 0, want = 0;
	for (i = 0; i < n; i++) {
		int k = (int)(i % 4);
		len += (size_t)snprintf(text + len, cap - len, "%s%llx,%u\n",
					k == 0	 ? "I  "
					: k == 1 ? " L "
					: k == 2 ? " S "
						 : " M ",
					(unsigned long long)(0x10000000ULL + i * 7), (unsigned)(i % 9));
		want += 0x10000000ULL + i * 7 + i % 9;
	}
	t = skl_trace_open_mem("big", text, len, SKL_TRACE_AUTO, &err);
	while ((got = skl_trace_read(t, r, 1000, &err)) > 0) {
		long j;
		for (j = 0; j < got; j++)
			sum += r[j].addr + r[j].size;
		total += (uint64_t)got;
	}
	CHECK_INT(got, 0);
	CHECK_INT(total, n);
	CHECK(sum == want);
	skl_trace_close(t);
	free(text);
	free(r);
}

/* ---- the summary ------------------------------------------------------- */

static skl_cachesim_level lvl(const char *name, uint64_t size, unsigned assoc, unsigned line)
{
	skl_cachesim_level l;
	memset(&l, 0, sizeof(l));
	l.name = name;
	l.size = size;
	l.assoc = assoc;
	l.line = line;
	l.latency = 1;
	return l;
}

static void t_summary(void)
{
	skl_cachesim_level l[3];
	skl_cachesim_config cfg;
	skl_cachesim *h;
	skl_error err;
	skl_buf b;
	uint64_t i;
	l[0] = lvl("L1i", 1024, 2, 64);
	l[1] = lvl("L1d", 1024, 2, 64);
	l[2] = lvl("LL", 4096, 4, 64);
	memset(&cfg, 0, sizeof(cfg));
	cfg.levels = l;
	cfg.nlevels = 3;
	cfg.mem_latency = 100;
	h = skl_cachesim_new(&cfg, &err);
	/* D refs (12,345) wider than I refs (99): Cachegrind sizes the first
	 * column by I refs alone, so the D figures overflow it; the rd column
	 * is as wide as 12,000, the wr one as 345. 33 fetch chunks of 32 bytes
	 * cover 17 lines, three of them in set 0 of the 2-way I1 (23 misses). */
	for (i = 0; i < 99; i++)
		skl_cachesim_access(h, 0x1000 + (i % 33) * 32, 4, SKL_CACHESIM_IFETCH, NULL);
	for (i = 0; i < 12000; i++)
		skl_cachesim_access(h, 0x100000 + (i % 100) * 64, 8, SKL_CACHESIM_READ, NULL);
	for (i = 0; i < 345; i++)
		skl_cachesim_access(h, 0x200000 + (i % 3) * 64, 8, SKL_CACHESIM_WRITE, NULL);
	skl_buf_init(&b);
	{
		skl_sink s = skl_buf_sink(&b);
		skl_cachesim_write_summary(h, &s);
	}
	/* the layout of valgrind-3.19 --tool=cachegrind, pid prefix 0 */
	CHECK_STR(b.data, "==0== I   refs:      99\n"
			  "==0== I1  misses:    23\n"
			  "==0== LLi misses:    17\n"
			  "==0== I1  miss rate: 23.23%\n"
			  "==0== LLi miss rate: 17.17%\n"
			  "==0== \n"
			  "==0== D   refs:      12,345  (12,000 rd   + 345 wr)\n"
			  "==0== D1  misses:    12,003  (12,000 rd   +   3 wr)\n"
			  "==0== LLd misses:    12,003  (12,000 rd   +   3 wr)\n"
			  "==0== D1  miss rate: 97.2% ( 100.0%     + 0.9%  )\n"
			  "==0== LLd miss rate: 97.2% ( 100.0%     + 0.9%  )\n"
			  "==0== \n"
			  "==0== LL refs:       12,026  (12,023 rd   +   3 wr)\n"
			  "==0== LL misses:     12,020  (12,017 rd   +   3 wr)\n"
			  "==0== LL miss rate:  96.6% (  99.3%     + 0.9%  )\n");
	skl_buf_free(&b);
	skl_cachesim_free(h);
}

/* ---- presets ----------------------------------------------------------- */

static void sysfs_index(int n, const char *level, const char *type, const char *size, const char *ways,
			const char *line)
{
	char dir[160], path[200];
	snprintf(dir, sizeof(dir), "%s/index%d", tmpdir, n);
	mkdir(dir, 0700);
#define ATTR(name, val)                                                                                                \
	if (val) {                                                                                                     \
		snprintf(path, sizeof(path), "%s/%s", dir, name);                                                      \
		write_file(path, val);                                                                                 \
	}
	ATTR("level", level)
	ATTR("type", type)
	ATTR("size", size)
	ATTR("ways_of_associativity", ways)
	ATTR("coherency_line_size", line)
#undef ATTR
}

static void rm_tree(void)
{
	static const char *const files[] = {"level", "type", "size", "ways_of_associativity", "coherency_line_size"};
	int i;
	size_t k;
	char path[200];
	for (i = 0; i < 8; i++) {
		for (k = 0; k < sizeof(files) / sizeof(files[0]); k++) {
			snprintf(path, sizeof(path), "%s/index%d/%s", tmpdir, i, files[k]);
			unlink(path);
		}
		snprintf(path, sizeof(path), "%s/index%d", tmpdir, i);
		rmdir(path);
	}
	rmdir(tmpdir);
}

static void t_host(void)
{
	skl_cachesim_preset p;
	skl_error err;
	make_tmpdir();
	/* listed out of order; a 48K 12-way L1d (64 sets); a 30 MiB 20-way
	 * L3 whose 24576 sets the model cannot take (it keeps the size and
	 * takes 15 ways: 32768 sets); an L2 instruction cache the model has
	 * no place for; an index without a size */
	sysfs_index(0, "3", "Unified", "30720K\n", "20\n", "64\n");
	sysfs_index(1, "1", "Data", "48K\n", "12\n", "64\n");
	sysfs_index(2, "1", "Instruction", "32K\n", "8\n", "64\n");
	sysfs_index(3, "2", "Unified", "2048K\n", "16\n", "64\n");
	sysfs_index(4, "2", "Instruction", "64K\n", "4\n", "64\n");
	sysfs_index(5, "4", "Unified", NULL, "16\n", "64\n");
	CHECK_INT(skl_cachesim_preset_host(tmpdir, &p, &err), 0);
	CHECK_INT(p.nlevels, 4);
	CHECK_STR(p.levels[0].name, "L1i");
	CHECK_INT(p.levels[0].size, 32768);
	CHECK_INT(p.levels[0].assoc, 8);
	CHECK_STR(p.levels[1].name, "L1d");
	CHECK_INT(p.levels[1].size, 49152);
	CHECK_INT(p.levels[1].assoc, 12);
	CHECK_STR(p.levels[2].name, "L2");
	CHECK_INT(p.levels[2].size, 2048 * 1024);
	CHECK_STR(p.levels[3].name, "L3");
	CHECK_INT(p.levels[3].size, 30720 * 1024);
	CHECK_INT(p.levels[3].assoc, 15);
	CHECK_INT(p.levels[3].line, 64);
	CHECK(strstr(p.source, "sysfs") != NULL);
	CHECK(p.mem_latency > 0);
	{ /* the preset runs */
		skl_cachesim_config cfg;
		skl_cachesim *h;
		skl_cachesim_preset_config(&p, &cfg);
		h = skl_cachesim_new(&cfg, &err);
		CHECK(h != NULL);
		skl_cachesim_free(h);
	}
	rm_tree();

	/* no L1 data cache: an error, not a guess (a directory is given, so
	 * the C library is not asked) */
	make_tmpdir();
	sysfs_index(0, "2", "Unified", "1024K\n", "8\n", "64\n");
	CHECK_INT(skl_cachesim_preset_host(tmpdir, &p, &err), -1);
	CHECK(strstr(err.msg, "the host's caches are unknown") == err.msg);
	rm_tree();
}

static void t_preset_set(void)
{
	skl_cachesim_preset p;
	skl_error err;
	make_tmpdir();
	sysfs_index(0, "1", "Data", "32K", "8", "64");
	sysfs_index(1, "1", "Instruction", "32K", "8", "64");
	sysfs_index(2, "2", "Unified", "1M", "16", "64");
	sysfs_index(3, "3", "Unified", "8M", "16", "64");
	CHECK_INT(skl_cachesim_preset_host(tmpdir, &p, &err), 0);
	rm_tree();
	CHECK_INT(p.nlevels, 4);
	/* LL replaces the last unified level (L3), not L2 */
	CHECK_INT(skl_cachesim_preset_set(&p, "LL", 65536, 4, 64, &err), 0);
	CHECK_INT(p.nlevels, 4);
	CHECK_STR(p.levels[3].name, "L3");
	CHECK_INT(p.levels[3].size, 65536);
	CHECK_INT(p.levels[2].size, 1 << 20);
	/* I1 and D1 replace the first level */
	CHECK_INT(skl_cachesim_preset_set(&p, "D1", 4096, 2, 32, &err), 0);
	CHECK_STR(p.levels[1].name, "L1d");
	CHECK_INT(p.levels[1].size, 4096);
	CHECK_INT(p.levels[1].line, 32);
	CHECK_INT(skl_cachesim_preset_set(&p, "I1", 2048, 1, 64, &err), 0);
	CHECK_INT(p.levels[0].assoc, 1);

	/* from nothing: I1, D1 and LL, split levels first */
	memset(&p, 0, sizeof(p));
	CHECK_INT(skl_cachesim_preset_set(&p, "LL", 8192, 4, 64, &err), 0);
	CHECK_INT(skl_cachesim_preset_set(&p, "D1", 1024, 2, 64, &err), 0);
	CHECK_INT(skl_cachesim_preset_set(&p, "I1", 1024, 2, 64, &err), 0);
	CHECK_INT(p.nlevels, 3);
	CHECK_STR(p.levels[0].name, "L1i");
	CHECK_STR(p.levels[1].name, "L1d");
	CHECK_STR(p.levels[2].name, "LL");
	CHECK_INT(p.levels[2].size, 8192);
	CHECK(p.mem_latency > 0);
	{
		skl_cachesim_config cfg;
		skl_cachesim *h;
		skl_cachesim_preset_config(&p, &cfg);
		h = skl_cachesim_new(&cfg, &err);
		CHECK(h != NULL);
		skl_cachesim_free(h);
	}

	/* bad geometry */
	CHECK_INT(skl_cachesim_preset_set(&p, "D1", 1000, 2, 64, &err), -1);
	CHECK_STR(err.msg, "D1: 1000 B, 2-way, 64 B lines is not a cache (size must be ways x sets x line)");
	CHECK_INT(skl_cachesim_preset_set(&p, "D1", 3 * 2 * 64, 2, 64, &err), -1);
	CHECK_STR(err.msg, "D1: 3 sets; the number of sets must be a power of two");
	CHECK_INT(skl_cachesim_preset_set(&p, "LL", 4096, 2, 48, &err), -1);
	CHECK_INT(skl_cachesim_preset_set(&p, "I1", 4096, 0, 64, &err), -1);
	CHECK_INT(p.levels[1].size, 1024); /* unchanged by the failures */
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} modes[] = {
	    {"lackey", t_lackey},	{"din", t_din},	    {"detect", t_detect},
	    {"malformed", t_malformed}, {"stdin", t_stdin}, {"bigtrace", t_bigtrace},
	    {"summary", t_summary},	{"host", t_host},   {"preset_set", t_preset_set},
	};
	size_t i;
	int ran = 0;
	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (argc < 2 || !strcmp(argv[1], modes[i].name)) {
			modes[i].fn();
			ran = 1;
		}
	}
	if (!ran) {
		printf("unknown mode %s\n", argv[1]);
		return 2;
	}
	return check_done(argc < 2 ? "cachesim" : argv[1]);
}
