/*
 * test_layoutdiff.c - the layout diff and the keep check
 * (src/core/lab/layoutdiff.c) on pairs of small structs worked by hand:
 * a member added, removed, moved within its cache line and across lines,
 * resized, a bitfield widened, a member out of a union, structs of two
 * names; the text and JSON writers; --keep groups kept and broken, and
 * every error they give; allocation failure.
 *
 * usage: test_layoutdiff [TEST]
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "fault.h"
#include "json.h"

#include "sklab/abi.h"
#include "sklab/cparse.h"
#include "sklab/layoutdiff.h"

#include <stdlib.h>

/* The type databases of the layouts (the pahole writer reads a field's
 * type through its back-pointer): freed at the end. */
static skl_typedb *dbs[64];
static int ndbs;

/* Lays out struct NAME of the C text src for x86_64 with cache lines of
 * line bytes. */
static skl_layout *lay(const char *src, const char *name, unsigned line)
{
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	skl_type *t;
	skl_layout *l = NULL;
	if (!db || skl_cparse(db, src, "test.h", &err) < 0) {
		printf("cannot read '%s': %s\n", src, db ? err.msg : "out of memory");
		exit(1);
	}
	t = skl_typedb_find(db, name);
	if (t)
		l = skl_layout_compute(t, skl_abi_find("x86_64"), NULL, line, &err);
	if (!l) {
		printf("cannot lay out %s of '%s': %s\n", name, src, t ? err.msg : "no such struct");
		exit(1);
	}
	if (ndbs == (int)(sizeof(dbs) / sizeof(dbs[0]))) {
		printf("too many layouts\n");
		exit(1);
	}
	dbs[ndbs++] = db;
	return l;
}

typedef struct pair {
	skl_layout *a, *b;
	skl_ldiff *d;
} pair;

static pair diff(const char *a, const char *b, unsigned line)
{
	pair p;
	skl_error err;
	p.a = lay(a, "s", line);
	p.b = lay(b, strstr(b, "struct t") ? "t" : "s", line);
	p.d = skl_ldiff_new(p.a, p.b, &err);
	if (!p.d) {
		printf("diff: %s\n", err.msg);
		exit(1);
	}
	return p;
}

static void pair_free(pair *p)
{
	skl_ldiff_free(p->d);
	skl_layout_free(p->a);
	skl_layout_free(p->b);
}

/* The change of the member at this path (on either side); ~0 when the
 * diff does not list it. */
static unsigned what(const pair *p, const char *path)
{
	int i;
	for (i = 0; i < p->d->nmembers; i++) {
		const skl_ldiff_member *m = &p->d->members[i];
		const char *mp = m->a >= 0 ? p->a->fields[m->a].path : p->b->fields[m->b].path;
		if (!strcmp(mp, path))
			return m->what;
	}
	return ~0u;
}

static void test_added(void)
{
	pair p = diff("struct s { int a; int b; };", "struct s { int a; int b; int c; };", 64);
	CHECK_INT(p.d->nmembers, 3);
	CHECK_INT(what(&p, "a"), 0);
	CHECK_INT(what(&p, "b"), 0);
	CHECK_INT(what(&p, "c"), SKL_LDIFF_ADDED);
	CHECK_INT(p.d->added, 1);
	CHECK_INT(p.d->changed, 1);
	CHECK_INT(p.d->members[2].a, -1);
	CHECK_INT(p.b->fields[p.d->members[2].b].offset, 8);
	pair_free(&p);
}

static void test_removed(void)
{
	/* c slides from 8 to 4: in the same line */
	pair p = diff("struct s { int a; int b; int c; };", "struct s { int a; int c; };", 64);
	CHECK_INT(what(&p, "b"), SKL_LDIFF_REMOVED);
	CHECK_INT(what(&p, "c"), SKL_LDIFF_MOVED);
	CHECK_INT(p.d->removed, 1);
	CHECK_INT(p.d->moved, 1);
	CHECK_INT(p.d->moved_line, 0);
	pair_free(&p);
}

static void test_moved_within_line(void)
{
	pair p = diff("struct s { int a; int b; };", "struct s { int b; int a; };", 64);
	CHECK_INT(what(&p, "a"), SKL_LDIFF_MOVED);
	CHECK_INT(what(&p, "b"), SKL_LDIFF_MOVED);
	CHECK_INT(p.d->moved_line, 0);
	CHECK_INT(p.d->added + p.d->removed + p.d->resized + p.d->retyped, 0);
	pair_free(&p);
}

static void test_moved_across_lines(void)
{
	/* 16-byte lines: d 24 -> 0 (line 1 -> 0), a 0 -> 8, b 8 -> 16 (line
	 * 0 -> 1), c 16 -> 24 */
	pair p =
	    diff("struct s { long a; long b; long c; long d; };", "struct s { long d; long a; long b; long c; };", 16);
	CHECK_INT(what(&p, "d"), SKL_LDIFF_MOVED | SKL_LDIFF_LINE);
	CHECK_INT(what(&p, "a"), SKL_LDIFF_MOVED);
	CHECK_INT(what(&p, "b"), SKL_LDIFF_MOVED | SKL_LDIFF_LINE);
	CHECK_INT(what(&p, "c"), SKL_LDIFF_MOVED);
	CHECK_INT(p.d->moved, 4);
	CHECK_INT(p.d->moved_line, 2);
	pair_free(&p);
}

static void test_resized(void)
{
	pair p = diff("struct s { char name[8]; int x; };", "struct s { char name[16]; int x; };", 64);
	CHECK((what(&p, "name") & (SKL_LDIFF_RESIZED | SKL_LDIFF_MOVED)) == SKL_LDIFF_RESIZED);
	CHECK_INT(what(&p, "x"), SKL_LDIFF_MOVED);
	CHECK_INT(p.d->resized, 1);
	pair_free(&p);
	/* another type of the same size: retyped only */
	p = diff("struct s { int x; };", "struct s { unsigned int x; };", 64);
	CHECK_INT(what(&p, "x"), SKL_LDIFF_RETYPED);
	CHECK_INT(p.d->retyped, 1);
	pair_free(&p);
}

static void test_bitfield(void)
{
	/* f widens from 3 to 5 bits; g stays in the storage unit at byte 0
	 * but starts at bit 5 instead of 3 */
	pair p = diff("struct s { unsigned f:3; unsigned g:2; };", "struct s { unsigned f:5; unsigned g:2; };", 64);
	CHECK_INT(what(&p, "f"), SKL_LDIFF_RESIZED);
	CHECK_INT(what(&p, "g"), SKL_LDIFF_MOVED);
	CHECK_INT(p.a->fields[p.d->members[1].a].offset, p.b->fields[p.d->members[1].b].offset);
	pair_free(&p);
}

static void test_matching(void)
{
	/* x leaves a named union: matched by its name, which is unique on
	 * both sides; u is removed */
	pair p = diff("struct s { union { int x; long y; } u; int z; };", "struct s { int x; int z; };", 64);
	CHECK_INT(what(&p, "u.x"), 0);
	CHECK_INT(what(&p, "u"), SKL_LDIFF_REMOVED);
	CHECK_INT(what(&p, "u.y"), SKL_LDIFF_REMOVED);
	CHECK_INT(what(&p, "z"), SKL_LDIFF_MOVED);
	CHECK_INT(what(&p, "x"), ~0u); /* listed under a's path */
	pair_free(&p);
	/* two names: allowed, members matched all the same */
	p = diff("struct s { int a; };", "struct t { int a; };", 64);
	CHECK_INT(p.d->changed, 0);
	CHECK_STR(p.b->name, "struct t");
	pair_free(&p);
	/* a name twice in b (in two unions) is not guessed at */
	p = diff("struct s { int a; };", "struct s { union { int a; } u; union { int a; } v; };", 64);
	CHECK_INT(what(&p, "a"), SKL_LDIFF_REMOVED);
	CHECK_INT(p.d->added, 4);
	pair_free(&p);
}

static void test_text(void)
{
	pair p = diff("struct s { int a; char b; long c; int d; unsigned f:3; };",
		      "struct s { int a; long c; char b; short e; int d; unsigned f:5; };", 64);
	skl_buf b;
	skl_sink s = skl_buf_sink(&b);
	skl_buf_init(&b);
	skl_ldiff_write_text(p.d, "a.h:s", "b.h:s", &s);
	CHECK(b.data != NULL);
	if (!b.data)
		return;
	/* codiff's line for the same pair compiled by gcc: "struct s |   +8" */
	CHECK(strstr(b.data, "  struct s |   +8\n") != NULL);
	CHECK(strstr(b.data, "4 members changed: 1 added, 0 removed, 3 moved (0 in other cache lines), 1 resized") !=
	      NULL);
	CHECK(strstr(b.data, "\nsize                 24       32       +8\n") != NULL);
	CHECK(strstr(b.data, "moved,resized  f       unsigned int    20:0  4(3)     0   unsigned int    24:0  4(5)") !=
	      NULL);
	CHECK(strstr(b.data, "\nadded          e ") != NULL);
	/* the pahole texts without offsets: c and d do not show as changed */
	CHECK(strstr(b.data, "--- a.h:s\n+++ b.h:s\n") != NULL);
	CHECK(strstr(b.data, "\n+\tshort int                  e;                    /*     2 */\n") != NULL);
	CHECK(strstr(b.data, "\n \tint                        d;                    /*     4 */\n") != NULL);
	CHECK(strstr(b.data, "different names") == NULL);
	skl_buf_free(&b);
	pair_free(&p);

	p = diff("struct s { int a; };", "struct t { int a; };", 64);
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_ldiff_write_text(p.d, NULL, NULL, &s);
	CHECK(b.data && strstr(b.data, "# the structs have different names: struct s and struct t") != NULL);
	CHECK(b.data && strstr(b.data, "0 members changed") != NULL);
	skl_buf_free(&b);
	pair_free(&p);
}

static void test_json(void)
{
	pair p = diff("struct s { int a; char b; long c; };", "struct s { int a; long c; short e; };", 16);
	skl_buf b;
	skl_sink s = skl_buf_sink(&b);
	jv *root, *members;
	int i, seen = 0;
	skl_buf_init(&b);
	skl_ldiff_write_json(p.d, "A", "B", &s);
	root = b.data ? jparse(b.data) : NULL;
	CHECK(root != NULL);
	if (!root) {
		skl_buf_free(&b);
		pair_free(&p);
		return;
	}
	CHECK(jget(root, "same_name") && jget(root, "same_name")->b == 1);
	CHECK(jget(jget(root, "a"), "size") && jget(jget(root, "a"), "size")->n == 16);
	CHECK(jget(jget(root, "b"), "label") && !strcmp(jget(jget(root, "b"), "label")->s, "B"));
	CHECK(jget(jget(jget(root, "a"), "layout"), "fields") != NULL);
	CHECK(jget(jget(root, "delta"), "size") && jget(jget(root, "delta"), "size")->n == 8);
	CHECK(jget(jget(root, "counts"), "removed") && jget(jget(root, "counts"), "removed")->n == 1);
	members = jget(root, "members");
	CHECK(members && members->t == J_ARR && members->nitems == 4);
	for (i = 0; members && i < members->nitems; i++) {
		jv *m = members->items[i], *ch = jget(m, "change");
		const char *path = jget(m, "path")->s;
		if (!strcmp(path, "b")) {
			CHECK(jget(m, "b")->t == J_NULL);
			CHECK(ch->nitems == 1 && !strcmp(ch->items[0]->s, "removed"));
			seen++;
		} else if (!strcmp(path, "e")) {
			jv *lines = jget(jget(m, "b"), "lines");
			CHECK(jget(m, "a")->t == J_NULL);
			CHECK(jget(jget(m, "b"), "offset")->n == 16);
			CHECK(lines && lines->nitems == 2 && lines->items[0]->n == 1 && lines->items[1]->n == 1);
			seen++;
		} else if (!strcmp(path, "a")) {
			CHECK(ch->nitems == 0);
			seen++;
		}
	}
	CHECK_INT(seen, 3);
	jfree(root);
	skl_buf_free(&b);
	pair_free(&p);
}

/* ---- keep ---------------------------------------------------------------------- */

static const char *KEEP_SRC = "struct s { int daddr; int rcv_saddr; short dport; short num; long next; long far[7]; "
			      "long tail; };";

/* The check's result and its line (into out). */
static int keep(const skl_layout *l, const char *spec, char *out, size_t outsz, skl_error *err)
{
	skl_keep k;
	skl_buf b;
	skl_sink s = skl_buf_sink(&b);
	int r;
	skl_buf_init(&b);
	skl_error_clear(err);
	out[0] = '\0';
	if (skl_keep_parse(spec, &k, err) < 0) {
		skl_keep_clear(&k);
		return -2;
	}
	r = skl_keep_check(l, &k, &s, err);
	snprintf(out, outsz, "%s", b.data ? b.data : "");
	skl_keep_clear(&k);
	skl_buf_free(&b);
	return r;
}

static void test_keep(void)
{
	skl_layout *l = lay(KEEP_SRC, "s", 64); /* next at 16, far 24..79, tail 80: line 1 */
	char out[1024];
	skl_error err;
	CHECK_INT(keep(l, "lookup=daddr,rcv_saddr,dport,num,next@0", out, sizeof(out), &err), 1);
	CHECK_STR(out, "keep lookup (daddr, rcv_saddr, dport, num, next) in cache line 0 of struct s: ok (line 0)\n");
	CHECK_INT(keep(l, "lookup=daddr,next", out, sizeof(out), &err), 1);
	CHECK_STR(out, "keep lookup (daddr, next) in one cache line of struct s: ok (line 0)\n");
	CHECK_INT(keep(l, "hot=daddr,tail@0", out, sizeof(out), &err), 0);
	CHECK_STR(out, "keep hot (daddr, tail) in cache line 0 of struct s: FAILED, the group is in lines 0-1: tail in "
		       "line 1 (offset 80, size 8)\n");
	CHECK_INT(keep(l, "hot=tail@1", out, sizeof(out), &err), 1);
	CHECK_INT(keep(l, "span=far", out, sizeof(out), &err), 0);
	CHECK(strstr(out, "far in lines 0-1 (offset 24, size 56)") != NULL);
	CHECK_INT(keep(l, "two=daddr,tail", out, sizeof(out), &err), 0);
	CHECK(strstr(out, "FAILED, the group is in lines 0-1: daddr in line 0 (offset 0, size 4), tail in line 1") !=
	      NULL);
	/* errors */
	CHECK_INT(keep(l, "lookup=daddr,nxt@0", out, sizeof(out), &err), -1);
	CHECK_STR(err.msg, "keep 'lookup': no member 'nxt' in struct s (did you mean 'next'?)");
	CHECK_INT(keep(l, "lookup=daddr@x", out, sizeof(out), &err), -2);
	CHECK(strstr(err.msg, "'@' takes a cache-line number") != NULL);
	CHECK_INT(keep(l, "lookup=daddr@1x", out, sizeof(out), &err), -2);
	CHECK(strstr(err.msg, "'1x' is not a cache-line number") != NULL);
	CHECK_INT(keep(l, "daddr,next@0", out, sizeof(out), &err), -2);
	CHECK(strstr(err.msg, "expected NAME=member") != NULL);
	CHECK_INT(keep(l, "lookup=daddr,,next", out, sizeof(out), &err), -2);
	CHECK_STR(err.msg, "keep 'lookup': an empty member name");
	skl_layout_free(l);
	l = lay("struct s { union { int a; } u; union { int a; } v; };", "s", 64);
	CHECK_INT(keep(l, "g=a", out, sizeof(out), &err), -1);
	CHECK(strstr(err.msg, "more than one member of struct s is called 'a'") != NULL);
	CHECK_INT(keep(l, "g=u.a,v.a@0", out, sizeof(out), &err), 1);
	skl_layout_free(l);
}

static void test_allocfail(void)
{
	skl_layout *a = lay("struct s { int a; char b; long c; };", "s", 64);
	skl_layout *b = lay("struct s { int a; long c; short e; };", "s", 64);
	long i;
	int ok = 0;
	for (i = 0; i < 100 && !ok; i++) {
		skl_error err;
		skl_fault f;
		skl_ldiff *d;
		skl_error_clear(&err);
		skl_fault_arm(&f, i, SKL_FAULT_ONCE);
		d = skl_ldiff_new(a, b, &err);
		skl_fault_disarm();
		if (d)
			ok = 1;
		else
			CHECK_STR(err.msg, "out of memory");
		skl_ldiff_free(d);
	}
	CHECK(ok);
	/* the writers write nothing, or whole text, when out of memory; they never crash */
	for (i = 0; i < 400; i++) {
		skl_error err;
		skl_fault f;
		skl_ldiff *d = skl_ldiff_new(a, b, &err);
		skl_buf out;
		skl_sink s = skl_buf_sink(&out);
		CHECK(d != NULL);
		skl_buf_init(&out);
		skl_fault_arm(&f, i, SKL_FAULT_ONCE);
		skl_ldiff_write_json(d, NULL, NULL, &s);
		skl_ldiff_write_text(d, NULL, NULL, &s);
		skl_fault_disarm();
		skl_buf_free(&out);
		skl_ldiff_free(d);
	}
	skl_layout_free(a);
	skl_layout_free(b);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {{"added", test_added},
		     {"removed", test_removed},
		     {"moved_within_line", test_moved_within_line},
		     {"moved_across_lines", test_moved_across_lines},
		     {"resized", test_resized},
		     {"bitfield", test_bitfield},
		     {"matching", test_matching},
		     {"text", test_text},
		     {"json", test_json},
		     {"keep", test_keep},
		     {"allocfail", test_allocfail}};
	size_t i;
	int ran = 0;
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		if (argc > 1 && strcmp(argv[1], tests[i].name))
			continue;
		tests[i].fn();
		ran++;
	}
	if (!ran) {
		printf("no test '%s'\n", argv[1]);
		return 2;
	}
	for (i = 0; i < (size_t)ndbs; i++)
		skl_typedb_free(dbs[i]);
	return check_done("test_layoutdiff");
}
