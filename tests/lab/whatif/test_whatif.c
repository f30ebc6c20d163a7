/*
 * test_whatif.c - `whatif` (src/core/lab/whatif.c) on the Dec 2001 struct sock
 * thread: removing tp_pinfo and protinfo, Miller's first cache line, the
 * per-protocol objects of RFC 2 against the seed's /proc/slabinfo figures,
 * every error message, the unified diff, allocation failure, and one
 * golden text report.
 *
 * usage: test_whatif DATA_DIR GOLDEN_DIR [TEST]
 */
#define _POSIX_C_SOURCE 200809L
#include "golden.h"
#include "check.h"
#include "fault.h"

#include "sklab/runtime.h"
#include "sklab/pahole.h"
#include "sklab/whatif.h"
#include "sklab/cparse.h"
#include "sklab/layout.h"

#include <stdint.h>
#include <stdlib.h>

#define LOOKUP "lookup=daddr,rcv_saddr,dport,num,bound_dev_if,next"

static const char *data_dir, *golden_dir;
static skl_profile prof24;

/* The 2.4.16 layout set, loaded once per run. */
static skl_typedb *load_set(const char *set)
{
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	if (!db || skl_data_load_layouts(data_dir, set, db, &err) < 0) {
		printf("cannot load %s: %s\n", set, db ? err.msg : "out of memory");
		exit(1);
	}
	return db;
}

typedef struct run_args {
	const char *config; /* NULL = the profile's */
	int debug;
	unsigned flags;
	const char *edits[8];
	const char *paths[4];
} run_args;

/* Runs whatif on linux-2.4.16/NAME; NULL (and err) on failure. */
static skl_whatif *run(skl_typedb *db, const char *name, const run_args *a, skl_error *err)
{
	skl_edit edits[8];
	skl_whatif_opts o;
	int ne = 0, np = 0;
	skl_type *t = skl_typedb_find(db, name);
	if (!t) {
		skl_errorf(err, "test: no %s", name);
		return NULL;
	}
	while (ne < 8 && a->edits[ne]) {
		if (skl_edit_parse(a->edits[ne], &edits[ne], err) < 0)
			return NULL;
		ne++;
	}
	while (np < 4 && a->paths[np])
		np++;
	memset(&o, 0, sizeof(o));
	o.profile = &prof24;
	o.config = a->config;
	o.debug = a->debug;
	o.cache.flags = a->flags;
	o.edits = edits;
	o.nedits = ne;
	o.paths = a->paths;
	o.npaths = np;
	o.label = "linux-2.4.16/sock";
	return skl_whatif_run(db, t, &o, err);
}

static skl_whatif *must_run(skl_typedb *db, const char *name, const run_args *a)
{
	skl_error err;
	skl_whatif *w = run(db, name, a, &err);
	if (!w)
		printf("whatif failed: %s\n", err.msg);
	CHECK(w != NULL);
	return w;
}

static int lines_are(const skl_whatif_lines *p, const char *want)
{
	char buf[128];
	skl_whatif_format_lines(p, buf, sizeof(buf));
	if (strcmp(buf, want)) {
		printf("  lines are %s, want %s\n", buf, want);
		return 0;
	}
	return 1;
}

/* ---- the 2001 thread -------------------------------------------------------- */

/* Removing the tp_pinfo union: 424 bytes (tcp_opt) out of every socket;
 * the lookup path stays in line 0; the sock cache goes from 832-byte
 * objects, 9 per two-page slab, to 416, 9 per page. */
static void test_remove_tp_pinfo(void)
{
	skl_typedb *db = load_set("linux-2.4.16");
	run_args a = {NULL, 0, SKL_SLAB_HWCACHE_ALIGN, {"remove tp_pinfo"}, {LOOKUP}};
	skl_whatif *w = must_run(db, "sock", &a);
	skl_cache_info want;
	skl_cache_opts co;
	skl_error err;
	if (!w)
		goto out;
	CHECK_INT(w->before.layout->size, 812);
	CHECK_INT(w->after.layout->size, 388);
	CHECK_INT((long long)w->after.layout->size - (long long)w->before.layout->size, -424);
	CHECK_INT(w->before.layout->cachelines, 26);
	CHECK_INT(w->after.layout->cachelines, 13);
	CHECK_INT(w->after.layout->holes, 1);
	CHECK_INT(w->after.layout->sum_holes, 3);
	CHECK(lines_are(&w->before.paths[0], "0"));
	CHECK(lines_are(&w->after.paths[0], "0"));
	/* the slab consequences are the slab model's (what `sklab slabinfo` prints) */
	memset(&co, 0, sizeof(co));
	co.flags = SKL_SLAB_HWCACHE_ALIGN;
	CHECK(skl_cache_geometry(&prof24, 0, 0, "sock", 812, &co, &want, &err) == 0);
	CHECK_INT(w->before.slab.size, want.size);
	CHECK_INT(w->before.slab.objs_per_slab, want.objs_per_slab);
	CHECK_INT(w->before.slab.pages_per_slab, want.pages_per_slab);
	CHECK(skl_cache_geometry(&prof24, 0, 0, "sock", 388, &co, &want, &err) == 0);
	CHECK_INT(w->after.slab.size, want.size);
	CHECK_INT(w->after.slab.objs_per_slab, want.objs_per_slab);
	CHECK_INT(w->after.slab.pages_per_slab, want.pages_per_slab);
	CHECK_INT(w->before.slab.size, 832);
	CHECK_INT(w->before.slab.objs_per_slab, 9);
	CHECK_INT(w->before.slab.pages_per_slab, 2);
	CHECK_INT(w->after.slab.size, 416);
	CHECK_INT(w->after.slab.objs_per_slab, 9);
	CHECK_INT(w->after.slab.pages_per_slab, 1);
	/* 10,000 sockets: ceil(10000 / 9) = 1112 slabs, of two pages, then of one */
	CHECK_INT(w->before.slabs, 1112);
	CHECK_INT(w->before.bytes, 1112ull * 2 * 4096);
	CHECK_INT(w->after.bytes, 1112ull * 4096);
out:
	skl_whatif_free(w);
	skl_typedb_free(db);
}

/* Miller's warning: the identity plus the hash link fit one line. Move the
 * link away and a lookup touches two. */
static void test_move_next(void)
{
	skl_typedb *db = load_set("linux-2.4.16");
	run_args a = {NULL, 0, SKL_SLAB_HWCACHE_ALIGN, {"move next to end"}, {LOOKUP}};
	run_args b = {NULL, 0, SKL_SLAB_HWCACHE_ALIGN, {"remove tp_pinfo", "move next to end"}, {LOOKUP}};
	run_args c = {NULL, 0, 0, {"move next after bound_dev_if"}, {LOOKUP}};
	skl_whatif *w = must_run(db, "sock", &a);
	if (w) {
		CHECK_INT(w->after.layout->size, 812);
		CHECK(lines_are(&w->before.paths[0], "0"));
		CHECK(lines_are(&w->after.paths[0], "0,25"));
		CHECK_INT(w->after.paths[0].nlines, 2);
		CHECK_INT(w->after.paths[0].first[5], 25); /* next */
		CHECK_INT(w->after.paths[0].first[0], 0);  /* daddr */
	}
	skl_whatif_free(w);
	w = must_run(db, "sock", &b);
	if (w) {
		CHECK_INT(w->after.layout->size, 388);
		CHECK(lines_are(&w->after.paths[0], "0,12"));
	}
	skl_whatif_free(w);
	/* where it already is: nothing changes */
	w = must_run(db, "sock", &c);
	if (w) {
		CHECK_INT(w->after.layout->size, 812);
		CHECK(lines_are(&w->after.paths[0], "0"));
		CHECK_INT(w->after.layout->fields[5].offset, 16);
	}
	skl_whatif_free(w);
	skl_typedb_free(db);
}

/* Pahole text of a layout without its first line ("struct X {"); free() it. */
static char *pahole_body(const skl_layout *l)
{
	skl_buf b;
	skl_sink s;
	char *nl, *copy;
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_pahole_write(l, &s, NULL);
	nl = b.data ? strchr(b.data, '\n') : NULL;
	copy = strdup(nl ? nl : "");
	skl_buf_free(&b);
	return copy;
}

/* RFC 2 (18 Dec 2001): tp_pinfo gone, protinfo a void pointer. Without
 * CONFIG_FILTER that is the 324-byte sock that slabinfo showed as 332
 * (CONFIG_DEBUG_SLAB red zone), 12 per page, and the layout set's own
 * sock_rfc2, member for member. */
static void test_rfc2(void)
{
	skl_typedb *db = load_set("linux-2.4.16");
	run_args a = {
	    "CONFIG_INET", 1, SKL_SLAB_HWCACHE_ALIGN, {"remove tp_pinfo", "retype protinfo void *"}, {LOOKUP}};
	run_args u = {"CONFIG_INET",
		      1,
		      SKL_SLAB_HWCACHE_ALIGN,
		      {"remove tp_pinfo", "retype protinfo 'void *'", "add struct unix_opt af_unix"},
		      {NULL}};
	run_args i = {"CONFIG_INET",
		      1,
		      SKL_SLAB_HWCACHE_ALIGN,
		      {"remove tp_pinfo", "retype protinfo void *", "add struct tcp_opt tcp at end",
		       "add 'struct inet_opt inet' at end"},
		      {NULL}};
	run_args f = {NULL, 0, 0, {"remove tp_pinfo", "remove protinfo"}, {NULL}};
	skl_whatif *w = must_run(db, "sock", &a);
	skl_layout *rfc2 = NULL;
	skl_error err;
	if (w) {
		CHECK_INT(w->before.layout->size, 808);
		CHECK_INT(w->after.layout->size, 324);
		CHECK_INT(w->after.slab.size, 332);
		CHECK_INT(w->after.slab.objs_per_slab, 12);
		CHECK_INT(w->after.slab.pages_per_slab, 1);
		CHECK(lines_are(&w->after.paths[0], "0"));
		rfc2 = skl_layout_compute(skl_typedb_find(db, "sock_rfc2"), prof24.abi, "CONFIG_INET", 32, &err);
		CHECK(rfc2 != NULL);
		if (rfc2) {
			char *x = pahole_body(w->after.layout), *y = pahole_body(rfc2);
			CHECK_STR(x, y);
			free(x);
			free(y);
		}
	}
	skl_layout_free(rfc2);
	skl_whatif_free(w);
	/* the AF_UNIX object: 324 + unix_opt 64 = 388, slabinfo "unix_sock 396", 10 per page */
	w = must_run(db, "sock", &u);
	if (w) {
		CHECK_INT(w->after.layout->size, 388);
		CHECK_INT(w->after.slab.size, 396);
		CHECK_INT(w->after.slab.objs_per_slab, 10);
	}
	skl_whatif_free(w);
	/* RFC 2's one IPv4 object: 324 + tcp_opt 424 + inet_opt 36 = 784, "inet_sock 800", 5 per page */
	w = must_run(db, "sock", &i);
	if (w) {
		CHECK_INT(w->after.layout->size, 784);
		CHECK_INT(w->after.slab.size, 800);
		CHECK_INT(w->after.slab.objs_per_slab, 5);
		CHECK_INT(w->after.slab.pages_per_slab, 1);
	}
	skl_whatif_free(w);
	/* both unions out, filter kept: 812 - 424 - 64 */
	w = must_run(db, "sock", &f);
	if (w)
		CHECK_INT(w->after.layout->size, 324);
	skl_whatif_free(w);
	skl_typedb_free(db);
}

/* ---- the edits one by one ---------------------------------------------------- */

static void test_edits(void)
{
	skl_typedb *db = load_set("linux-2.4.16");
	run_args add_after = {NULL, 0, 0, {"add 'struct ip_opt *opt' after protinfo"}, {NULL}};
	run_args add_start = {NULL, 0, 0, {"add char c at start"}, {"first=c,daddr"}};
	run_args nested = {NULL, 0, 0, {"remove protinfo.af_unix"}, {NULL}};
	run_args resize = {NULL, 0, 0, {"resize node 8"}, {NULL}};
	run_args bits = {NULL, 0, 0, {"resize recverr :3"}, {NULL}};
	run_args retype = {NULL, 0, 0, {"resize daddr unsigned long long"}, {LOOKUP}};
	run_args add_u64 = {NULL, 0, 0, {"add __u64 rx_stamp after daddr", "retype rcv_saddr uint32_t"}, {NULL}};
	skl_whatif *w = must_run(db, "sock", &add_after);
	int k;
	/* the 2.4.16 data define no __u64 and no uint32_t: the C reader's prelude does */
	skl_whatif_free(w);
	w = must_run(db, "sock", &add_u64);
	if (w) {
		k = skl_layout_find(w->after.layout, "rx_stamp");
		CHECK(k >= 0);
		if (k >= 0) {
			CHECK_INT(w->after.layout->fields[k].offset, 4); /* 4-aligned in an i386 struct */
			CHECK_INT(w->after.layout->fields[k].size, 8);
			CHECK_STR(w->after.layout->fields[k].type_name, "__u64");
		}
		k = skl_layout_find(w->after.layout, "rcv_saddr");
		CHECK(k >= 0 && !strcmp(w->after.layout->fields[k].type_name, "uint32_t"));
		CHECK_INT(w->after.layout->size, 820);
	}
	skl_whatif_free(w);
	w = must_run(db, "sock", &add_after);
	if (w) {
		k = skl_layout_find(w->after.layout, "opt");
		CHECK(k >= 0);
		if (k >= 0) {
			CHECK_INT(w->after.layout->fields[k].offset, 752);
			CHECK_STR(w->after.layout->fields[k].type_name, "struct ip_opt *");
		}
		CHECK_INT(w->after.layout->size, 816);
	}
	skl_whatif_free(w);
	w = must_run(db, "sock", &add_start);
	if (w) {
		CHECK_INT(w->after.layout->fields[0].offset, 0);
		CHECK_STR(w->after.layout->fields[0].name, "c");
		CHECK_INT(w->after.layout->fields[1].offset, 4); /* daddr after a 3-byte hole */
		CHECK_INT(w->after.layout->holes, 2);
		CHECK_INT(w->after.layout->size, 816);
		CHECK(lines_are(&w->before.paths[0], "0"));
		CHECK_INT(w->before.paths[0].missing, 1);
		CHECK_INT(w->after.paths[0].missing, 0);
	}
	skl_whatif_free(w);
	/* a member of an unnamed union: protinfo shrinks to inet_opt's 36 bytes */
	w = must_run(db, "sock", &nested);
	if (w) {
		CHECK_INT(w->after.layout->size, 812 - 64 + 36);
		CHECK(skl_layout_find(w->after.layout, "protinfo.af_unix") < 0);
		CHECK(skl_layout_find(w->before.layout, "protinfo.af_unix") >= 0);
	}
	skl_whatif_free(w);
	skl_typedb_free(db);

	/* arrays and bitfields live in the protocol areas: ipx_address.node[6], inet_opt's bitfields */
	db = load_set("linux-2.4.16");
	w = must_run(db, "ipx_address", &resize);
	if (w) {
		k = skl_layout_find(w->after.layout, "node");
		CHECK_INT(w->before.layout->size, 12);
		CHECK(k >= 0);
		if (k >= 0)
			CHECK_INT(w->after.layout->fields[k].size, 8);
		CHECK_INT(w->after.layout->size, 16); /* 14, rounded up to net's 4-byte alignment */
	}
	skl_whatif_free(w);
	w = must_run(db, "inet_opt", &bits);
	if (w) {
		k = skl_layout_find(w->after.layout, "recverr");
		CHECK(k >= 0);
		if (k >= 0)
			CHECK_INT(w->after.layout->fields[k].bit_size, 3);
	}
	skl_whatif_free(w);
	/* a wider daddr: 8 bytes, still 4-aligned on i386; the lookup identity is 36 bytes now */
	w = must_run(db, "sock", &retype);
	if (w) {
		CHECK_INT(w->after.layout->size, 816);
		CHECK_INT(w->after.layout->fields[0].size, 8);
		CHECK(lines_are(&w->after.paths[0], "0"));
		CHECK_INT(w->after.paths[0].first[5], 0);
		CHECK_INT(w->after.paths[0].last[5], 0); /* next at 20..23 */
	}
	skl_whatif_free(w);
	skl_typedb_free(db);
}

static void test_parse(void)
{
	skl_edit e;
	skl_error err;
	CHECK(skl_edit_parse("  add struct ip_opt *opt after protinfo  ", &e, &err) == 0);
	CHECK_INT(e.op, SKL_EDIT_ADD);
	CHECK_STR(e.arg, "struct ip_opt *opt");
	CHECK_INT(e.where, SKL_EDIT_AFTER);
	CHECK_STR(e.anchor, "protinfo");
	CHECK_STR(e.text, "add struct ip_opt *opt after protinfo");
	CHECK(skl_edit_parse("add 'unsigned int flag:1;' before tp_pinfo.af_tcp", &e, &err) == 0);
	CHECK_STR(e.arg, "unsigned int flag:1");
	CHECK_INT(e.where, SKL_EDIT_BEFORE);
	CHECK_STR(e.anchor, "tp_pinfo.af_tcp");
	CHECK(skl_edit_parse("add int x", &e, &err) == 0);
	CHECK_INT(e.where, SKL_EDIT_AT_END);
	CHECK(skl_edit_parse("add \"int x\" at start", &e, &err) == 0);
	CHECK_INT(e.where, SKL_EDIT_AT_START);
	CHECK_STR(e.arg, "int x");
	CHECK(skl_edit_parse("move next to end", &e, &err) == 0);
	CHECK_INT(e.op, SKL_EDIT_MOVE);
	CHECK_INT(e.where, SKL_EDIT_AT_END);
	CHECK(skl_edit_parse("move next before daddr", &e, &err) == 0);
	CHECK_INT(e.where, SKL_EDIT_BEFORE);
	CHECK_STR(e.member, "next");
	CHECK_STR(e.anchor, "daddr");
	CHECK(skl_edit_parse("resize node [8]", &e, &err) == 0);
	CHECK_INT(e.op, SKL_EDIT_RESIZE);
	CHECK_STR(e.arg, "[8]");
	CHECK(skl_edit_parse("retype protinfo void *", &e, &err) == 0);
	CHECK_INT(e.op, SKL_EDIT_RETYPE);
	CHECK_STR(e.arg, "void *");
	CHECK(skl_edit_parse("remove tp_pinfo", &e, &err) == 0);
	CHECK_INT(e.op, SKL_EDIT_REMOVE);
	CHECK_STR(e.member, "tp_pinfo");
}

/* ---- every error, word for word ---------------------------------------------- */

static void expect_parse_error(const char *text, const char *want)
{
	skl_edit e;
	skl_error err;
	skl_error_clear(&err);
	CHECK(skl_edit_parse(text, &e, &err) < 0);
	CHECK_STR(err.msg, want);
}

static void expect_run_error(skl_typedb *db, const char *name, const run_args *a, const char *want)
{
	skl_error err;
	skl_whatif *w;
	skl_error_clear(&err);
	w = run(db, name, a, &err);
	CHECK(w == NULL);
	skl_whatif_free(w);
	CHECK_STR(err.msg, want);
}

static void test_errors(void)
{
	skl_typedb *db = load_set("linux-2.4.16");
	expect_parse_error("", "empty edit: expected add, remove, move, resize or retype");
	expect_parse_error("frob x",
			   "edit 'frob x': unknown verb 'frob' (expected add, remove, move, resize or retype)");
	expect_parse_error("remove", "edit 'remove': expected remove MEMBER");
	expect_parse_error("remove a b", "edit 'remove a b': expected remove MEMBER");
	expect_parse_error("remove 3x", "edit 'remove 3x': '3x' is not a member name (a C identifier, or a dotted path "
					"such as tp_pinfo.af_tcp)");
	expect_parse_error("move next", "edit 'move next': expected move MEMBER after|before MEMBER, or move MEMBER to "
					"start|end");
	expect_parse_error("move next after next",
			   "edit 'move next after next': cannot move 'next' relative to itself");
	expect_parse_error("move next into daddr", "edit 'move next into daddr': expected after MEMBER, before MEMBER, "
						   "to start or to end after 'move next', not 'into daddr'");
	expect_parse_error("add", "edit 'add': add what? expected add DECLARATION [after M | before M | at start | at "
				  "end], e.g. add 'struct ip_opt *opt' after protinfo");
	expect_parse_error("add 'int x", "edit 'add 'int x': a ' quote is not closed");
	expect_parse_error("resize x", "edit 'resize x': expected resize MEMBER LENGTH (array), resize MEMBER :BITS "
				       "(bitfield) or resize MEMBER TYPE");
	expect_parse_error("retype x", "edit 'retype x': expected retype MEMBER TYPE, e.g. retype saddr __u64");

	{
		run_args a = {NULL, 0, 0, {"remove tp_pinf"}, {NULL}};
		expect_run_error(
		    db, "sock", &a,
		    "edit 1 'remove tp_pinf': no member 'tp_pinf' in struct sock (did you mean 'tp_pinfo'?)");
	}
	{
		run_args a = {NULL, 0, 0, {"remove daddr", "move nxt after rcv_saddr"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 2 'move nxt after rcv_saddr': no member 'nxt' in struct sock (did you mean "
				 "'next'?)");
	}
	{
		run_args a = {NULL, 0, 0, {"remove daddr", "remove daddr"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 2 'remove daddr': no member 'daddr' in struct sock (did you mean "
				 "'saddr'?)");
	}
	{
		run_args a = {NULL, 0, 0, {"remove tp_pinfo.af_tc"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 1 'remove tp_pinfo.af_tc': no member 'af_tc' in tp_pinfo (did you mean "
				 "'af_tcp'?)");
	}
	{
		run_args a = {NULL, 0, 0, {"add int daddr"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 1 'add int daddr': struct sock already has a member named 'daddr'");
	}
	{
		run_args a = {NULL, 0, 0, {"add int tp_raw4 after tp_pinfo.af_tcp"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 1 'add int tp_raw4 after tp_pinfo.af_tcp': tp_pinfo already has a "
				 "member named 'tp_raw4'");
	}
	{
		run_args a = {NULL, 0, 0, {"add int x y"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 1 'add int x y': cannot read the declaration 'int x y': expected the end of the "
				 "member declaration, found 'y'");
	}
	{
		run_args a = {NULL, 0, 0, {"add double d:3"}, {NULL}};
		expect_run_error(db, "sock", &a, "edit 1 'add double d:3': bitfield 'd' must have an integer type");
	}
	{
		run_args a = {NULL, 0, 0, {"move tp_pinfo before tp_pinfo.af_tcp"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 1 'move tp_pinfo before tp_pinfo.af_tcp': cannot move 'tp_pinfo' inside itself "
				 "(next to 'tp_pinfo.af_tcp')");
	}
	{
		run_args a = {NULL, 0, 0, {"remove tp_pinfo.af_tcp.state"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 1 'remove tp_pinfo.af_tcp.state': 'tp_pinfo.af_tcp' is a struct tcp_opt, a type "
				 "of its own: whatif changes struct sock's members and its unnamed nested structs and "
				 "unions, not other types (run whatif on struct tcp_opt)");
	}
	{
		run_args a = {NULL, 0, 0, {"remove daddr.x"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 1 'remove daddr.x': 'daddr' is __u32, not a struct or union: it has no member "
				 "'x'");
	}
	{
		run_args a = {NULL, 0, 0, {"resize daddr 4"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 1 'resize daddr 4': 'daddr' is __u32, not an array: give a type instead "
				 "('resize daddr __u64') or :N for a bitfield");
	}
	{
		run_args a = {NULL, 0, 0, {"resize daddr :3"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 1 'resize daddr :3': 'daddr' is not a bitfield (it is __u32): give an array "
				 "length or a type");
	}
	{
		run_args a = {NULL, 0, 0, {"retype daddr u63"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 1 'retype daddr u63': cannot read the type 'u63': unknown type name 'u63' (a C "
				 "type name such as 'unsigned long long', 'void *' or 'char [16]')");
	}
	{
		run_args a = {NULL, 0, 0, {"retype dport struct nosuch"}, {NULL}};
		expect_run_error(
		    db, "sock", &a,
		    "edit 1 'retype dport struct nosuch': after it, struct sock cannot be laid out: member "
		    "'dport': struct nosuch is incomplete (declared but never defined)");
	}
	{
		/* a size past the limit names the edit that made it */
		run_args a = {NULL, 0, 0, {"add int y", "add char x[0x7fffffffffffffff]", "remove y"}, {NULL}};
		expect_run_error(db, "sock", &a,
				 "edit 2 'add char x[0x7fffffffffffffff]': after it, struct sock cannot be laid out: "
				 "member 'x': array too large: 9223372036854775807 elements of 1 byte exceed the limit "
				 "of 2^40 bytes (1 TiB) for any object");
	}
	{
		run_args a = {NULL, 0, 0, {"remove daddr"}, {"lookup=daddr,nxt"}};
		expect_run_error(
		    db, "sock", &a,
		    "path 'lookup': no member 'nxt' in struct sock, before or after the edits (did you mean "
		    "'next'?)");
	}
	{
		run_args a = {NULL, 0, 0, {"remove daddr"}, {"lookup"}};
		expect_run_error(db, "sock", &a,
				 "path 'lookup': expected NAME=member,member,... (e.g. lookup=daddr,next)");
	}
	{
		run_args a = {NULL, 0, 0, {"remove daddr"}, {"lookup=daddr,,next"}};
		expect_run_error(db, "sock", &a, "path 'lookup': an empty member name");
	}
	{
		run_args a = {NULL, 0, 0, {"remove daddr"}, {"p=next", "p=pprev"}};
		expect_run_error(db, "sock", &a, "path 'p' is given twice");
	}
	{
		run_args a = {NULL, 0, 0, {"add 'struct { int head; } extra'"}, {"h=head"}};
		expect_run_error(db, "sock", &a,
				 "path 'h': more than one member is called 'head': give its dotted path");
	}
	skl_typedb_free(db);
}

/* ---- the diff ----------------------------------------------------------------- */

static void test_diff(void)
{
	skl_buf b;
	skl_sink s;
	int n;
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	n = skl_text_diff("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n", "a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nk\n", "x", "y", 2, &s);
	CHECK_INT(n, 3);
	CHECK_STR(b.data, "--- x\n+++ y\n@@ -2,5 +2,5 @@\n b\n c\n-d\n+D\n e\n f\n@@ -9,2 +9,3 @@\n i\n j\n+k\n");
	skl_buf_free(&b);
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	CHECK_INT(skl_text_diff("same\n", "same\n", "x", "y", 3, &s), 0);
	CHECK(b.data == NULL || b.data[0] == '\0');
	skl_buf_free(&b);
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	CHECK_INT(skl_text_diff("", "new\n", "x", "y", 3, &s), 1);
	CHECK_STR(b.data, "--- x\n+++ y\n@@ -0,0 +1,1 @@\n+new\n");
	skl_buf_free(&b);
}

/* ---- allocation failure --------------------------------------------------------- */

static void test_allocfail(void)
{
	skl_typedb *db = load_set("linux-2.4.16");
	run_args a = {NULL,
		      0,
		      SKL_SLAB_HWCACHE_ALIGN,
		      {"remove tp_pinfo", "add 'struct ip_opt *opt' after protinfo", "move next to end",
		       "retype daddr unsigned long long"},
		      {LOOKUP, "other=prot,err"}};
	long i;
	int ok = 0, failed = 0;
	for (i = 0; i < 5000 && !ok; i++) {
		skl_error err;
		skl_whatif *w;
		skl_fault f;
		skl_error_clear(&err);
		skl_fault_arm(&f, i, SKL_FAULT_ONCE);
		w = run(db, "sock", &a, &err); /* what a failed run leaves in db is never looked up */
		skl_fault_disarm();
		if (w) {
			ok = 1;
		} else {
			failed++;
			if (!strstr(err.msg, "out of memory")) {
				printf("allocation %ld failing gives '%s'\n", i, err.msg);
				CHECK(strstr(err.msg, "out of memory") != NULL);
				i = 5000;
			}
		}
		skl_whatif_free(w);
	}
	CHECK(ok);
	CHECK(failed > 10);
	skl_typedb_free(db);
}

/* ---- random edits: never a crash, always a result or a message ---------------------- */

static unsigned long long rng_state = 0x2001121815520000ull;

static unsigned rng(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)((rng_state >> 33) % n);
}

static void test_fuzz(void)
{
	static const char *const words[] = {"add",
					    "remove",
					    "move",
					    "resize",
					    "retype",
					    "after",
					    "before",
					    "at",
					    "to",
					    "start",
					    "end",
					    "daddr",
					    "next",
					    "tp_pinfo",
					    "tp_pinfo.af_tcp",
					    "protinfo.af_unix",
					    "backlog.head",
					    "backlog",
					    "lock",
					    "int",
					    "char",
					    "x[3]",
					    "*p",
					    "struct",
					    "union",
					    "sock",
					    "{",
					    "}",
					    ";",
					    "x:3",
					    ":0",
					    ":3",
					    "8",
					    "[2]",
					    "'",
					    "\"",
					    "unsigned long long",
					    "void *",
					    "__attribute__((aligned(8)))",
					    "y",
					    ".",
					    "..",
					    "a.b.c",
					    "",
					    "struct { int q; } anon",
					    "union { char c; int i; }",
					    "char [16]",
					    "double",
					    "(*fn)(int)",
					    "-1"};
	skl_typedb *db = load_set("linux-2.4.16");
	skl_type *copy = NULL;
	int i, applied = 0, refused = 0;
	for (i = 0; i < 4000; i++) {
		char text[400] = "";
		skl_edit e;
		skl_error err;
		int k, n = 1 + (int)rng(6);
		size_t len = 0;
		if (i % 200 == 0)
			copy = skl_edit_copy(db, skl_typedb_find(db, "sock"), &err);
		CHECK(copy != NULL);
		if (!copy)
			break;
		for (k = 0; k < n && len + 1 < sizeof(text); k++)
			len +=
			    (size_t)snprintf(text + len, sizeof(text) - len, "%s%s", k ? " " : "",
					     words[k == 0 && rng(10) ? rng(5) : rng(sizeof(words) / sizeof(words[0]))]);
		skl_error_clear(&err);
		if (skl_edit_parse(text, &e, &err) < 0) {
			CHECK(err.msg[0] != '\0');
			continue;
		}
		if (skl_edit_apply(db, copy, &e, &err) < 0) {
			CHECK(err.msg[0] != '\0');
			refused++;
			continue;
		}
		applied++;
		/* whatever the edits made, the layout engine says yes or why not */
		{
			skl_layout *l = skl_layout_compute(copy, prof24.abi, prof24.config, 32, &err);
			CHECK(l != NULL || err.msg[0] != '\0');
			skl_layout_free(l);
		}
	}
	printf("fuzz: %d applied, %d refused\n", applied, refused);
	CHECK(applied > 20);
	CHECK(refused > 20);
	skl_typedb_free(db);
}

/* ---- golden text ------------------------------------------------------------------ */

static void test_golden(void)
{
	skl_typedb *db = load_set("linux-2.4.16");
	run_args a = {NULL, 0, SKL_SLAB_HWCACHE_ALIGN, {"remove tp_pinfo", "move next to end"}, {LOOKUP}};
	run_args d = {NULL, 0, SKL_SLAB_HWCACHE_ALIGN, {"remove tp_pinfo"}, {LOOKUP}};
	skl_whatif *w = must_run(db, "sock", &a);
	skl_buf b;
	skl_sink s;
	if (w) {
		skl_buf_init(&b);
		s = skl_buf_sink(&b);
		skl_whatif_write_text(w, &s, SKL_WHATIF_SHOW_AFTER);
		CHECK(skl_test_golden(golden_dir, "sock_remove_move.txt", b.data) == 0);
		skl_buf_free(&b);
		skl_buf_init(&b);
		s = skl_buf_sink(&b);
		skl_whatif_write_json(w, &s);
		CHECK(skl_test_golden(golden_dir, "sock_remove_move.json", b.data) == 0);
		skl_buf_free(&b);
	}
	skl_whatif_free(w);
	w = must_run(db, "sock", &d);
	if (w) {
		skl_buf_init(&b);
		s = skl_buf_sink(&b);
		skl_whatif_write_text(w, &s, SKL_WHATIF_SHOW_DIFF);
		CHECK(skl_test_golden(golden_dir, "sock_remove_diff.txt", b.data) == 0);
		skl_buf_free(&b);
	}
	skl_whatif_free(w);
	skl_typedb_free(db);
}

/* ---- --reorganize ------------------------------------------------------------ */

static const char reorg_src[] = "struct holes { char c; long l; short s; int i; char d; void *p; };\n"
				"struct demote { unsigned int f:1; char c; };\n"
				"struct un { char c; union { long x; char y; }; char d; };\n"
				"struct tight { long a; int b; short c; char d; };\n"
				"struct hot { long a; char pad[120]; long b; long c; char pad2[120]; long d; };\n"
				"struct bits { char c; unsigned int a:3; long l; unsigned int b:5; short s; };\n";

/* Reorganises NAME of reorg_src for x86_64; size after, the result in *r. */
static uint64_t reorg_one(skl_typedb *db, const char *name, const char *const *path, int npath, skl_reorg *r)
{
	skl_reorg_opts o;
	skl_error err;
	skl_layout *l;
	uint64_t size;
	const char *const *paths[1] = {path};
	int np[1] = {npath};
	memset(&o, 0, sizeof(o));
	o.abi = skl_abi_find("x86_64");
	o.paths = paths;
	o.npath_members = np;
	o.npaths = npath ? 1 : 0;
	if (skl_edit_reorganize(db, skl_typedb_find(db, name), &o, r, &err) < 0) {
		printf("reorganize %s: %s\n", name, err.msg);
		CHECK(0);
		return 0;
	}
	l = skl_layout_compute(r->type, o.abi, NULL, 64, &err);
	CHECK(l != NULL);
	if (!l)
		return 0;
	size = l->size;
	skl_layout_free(l);
	return size;
}

/* The moves r lists, applied as whatif edits to NAME, give r's order:
 * the list is a recipe, not a description. */
static void check_moves(skl_typedb *db, const char *name, const skl_reorg *r)
{
	skl_error err;
	skl_type *copy = skl_edit_copy(db, skl_typedb_find(db, name), &err);
	int i;
	CHECK(copy != NULL);
	if (!copy)
		return;
	for (i = 0; i < r->nmoves; i++) {
		skl_edit e;
		CHECK(skl_edit_parse(r->moves[i], &e, &err) == 0);
		if (skl_edit_apply(db, copy, &e, &err) < 0) {
			printf("%s: %s: %s\n", name, r->moves[i], err.msg);
			CHECK(0);
			return;
		}
	}
	{
		skl_layout *a = skl_layout_compute(copy, skl_abi_find("x86_64"), NULL, 64, &err);
		skl_layout *b = skl_layout_compute(r->type, skl_abi_find("x86_64"), NULL, 64, &err);
		CHECK(a && b);
		if (a && b) {
			CHECK_INT(a->nfields, b->nfields);
			for (i = 0; i < a->nfields && i < b->nfields; i++) {
				CHECK_STR(a->fields[i].path, b->fields[i].path);
				CHECK_INT((int)a->fields[i].offset, (int)b->fields[i].offset);
			}
		}
		skl_layout_free(a);
		skl_layout_free(b);
	}
}

static void test_reorg(void)
{
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	skl_reorg r;
	const char *hot[] = {"a", "d"};
	const char *bad[] = {"a", "zz"};
	skl_reorg_opts o;
	CHECK(db && skl_cparse(db, reorg_src, "reorg.h", &err) == 0);

	/* holes closed: 8 + 8 + 4 + 2 + 1 + 1, no holes; 40 before */
	CHECK_INT((int)reorg_one(db, "holes", NULL, 0, &r), 24);
	CHECK(r.nmoves > 0 && r.ndemoted == 0);
	check_moves(db, "holes", &r);
	skl_reorg_clear(&r);

	/* a 1-bit field in an unsigned int demoted to unsigned char: 4 -> 2 */
	CHECK_INT((int)reorg_one(db, "demote", NULL, 0, &r), 2);
	CHECK_INT(r.ndemoted, 1);
	CHECK_STR(r.moves[r.nmoves], "demote f from unsigned int to unsigned char");
	skl_reorg_clear(&r);

	/* the unnamed union moves as one: 24 -> 16, its members still overlap */
	CHECK_INT((int)reorg_one(db, "un", NULL, 0, &r), 16);
	CHECK_STR(r.moves[0], "move the unnamed union holding x to start");
	{
		skl_layout *l = skl_layout_compute(r.type, skl_abi_find("x86_64"), NULL, 64, &err);
		CHECK(l && l->fields[skl_layout_find(l, "x")].offset == 0 &&
		      l->fields[skl_layout_find(l, "y")].offset == 0);
		skl_layout_free(l);
	}
	skl_reorg_clear(&r);

	/* nothing to gain: no moves, the original order */
	CHECK_INT((int)reorg_one(db, "tight", NULL, 0, &r), 16);
	CHECK_INT(r.nmoves, 0);
	CHECK_STR(r.method, "original order");
	skl_reorg_clear(&r);

	/* bitfields packed next to the small members: 32 -> 16 */
	CHECK_INT((int)reorg_one(db, "bits", NULL, 0, &r), 16);
	skl_reorg_clear(&r);

	/* a path's members together: a and d in one line, the size kept */
	CHECK_INT((int)reorg_one(db, "hot", hot, 2, &r), 272);
	{
		skl_layout *l = skl_layout_compute(r.type, skl_abi_find("x86_64"), NULL, 64, &err);
		CHECK(l && l->fields[skl_layout_find(l, "a")].cl_first == l->fields[skl_layout_find(l, "d")].cl_first);
		skl_layout_free(l);
	}
	/* the fewest moves: d brought next to a, nothing else */
	CHECK_INT(r.nmoves, 1);
	CHECK_STR(r.moves[0], "move d after a");
	check_moves(db, "hot", &r);
	skl_reorg_clear(&r);

	/* a path naming no member */
	{
		const char *const *paths[1] = {bad};
		int np[1] = {2};
		memset(&o, 0, sizeof(o));
		o.abi = skl_abi_find("x86_64");
		o.paths = paths;
		o.npath_members = np;
		o.npaths = 1;
		CHECK(skl_edit_reorganize(db, skl_typedb_find(db, "hot"), &o, &r, &err) < 0);
		CHECK(strstr(err.msg, "no member 'zz' in struct hot") != NULL);
		skl_reorg_clear(&r);
	}
	skl_typedb_free(db);

	/* through whatif: struct sock never grows, the lookup path stays in line 0 */
	{
		skl_typedb *sdb = load_set("linux-2.4.16");
		skl_whatif_opts wo;
		skl_whatif *w;
		const char *paths[] = {LOOKUP};
		skl_edit e;
		memset(&wo, 0, sizeof(wo));
		wo.profile = &prof24;
		wo.reorganize = 1;
		wo.paths = paths;
		wo.npaths = 1;
		w = skl_whatif_run(sdb, skl_typedb_find(sdb, "sock"), &wo, &err);
		CHECK(w != NULL);
		if (w) {
			CHECK(w->reorganized && w->after.layout->size <= w->before.layout->size);
			CHECK(lines_are(&w->after.paths[0], "0"));
		}
		skl_whatif_free(w);
		/* edits and --reorganize do not mix */
		CHECK(skl_edit_parse("remove next", &e, &err) == 0);
		wo.edits = &e;
		wo.nedits = 1;
		CHECK(skl_whatif_run(sdb, skl_typedb_find(sdb, "sock"), &wo, &err) == NULL);
		CHECK(strstr(err.msg, "give it no edits") != NULL);
		skl_typedb_free(sdb);
	}
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {{"remove_tp_pinfo", test_remove_tp_pinfo},
		     {"move_next", test_move_next},
		     {"rfc2", test_rfc2},
		     {"edits", test_edits},
		     {"parse", test_parse},
		     {"errors", test_errors},
		     {"diff", test_diff},
		     {"allocfail", test_allocfail},
		     {"fuzz", test_fuzz},
		     {"golden", test_golden},
		     {"reorg", test_reorg}};
	skl_error err;
	size_t i;
	int ran = 0;
	if (argc < 3) {
		printf("usage: test_whatif DATA_DIR GOLDEN_DIR [TEST]\n");
		return 2;
	}
	data_dir = argv[1];
	golden_dir = argv[2];
	if (skl_data_load_profile(data_dir, "linux-2.4.16-i386", &prof24, &err) < 0) {
		printf("cannot load the profile: %s\n", err.msg);
		return 1;
	}
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		if (argc > 3 && strcmp(argv[3], tests[i].name))
			continue;
		tests[i].fn();
		ran++;
	}
	if (!ran) {
		printf("no test named '%s'\n", argv[3]);
		return 2;
	}
	return check_done("test_whatif");
}
