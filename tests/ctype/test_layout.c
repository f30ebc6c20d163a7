/*
 * test_layout.c - the layout engine's edge cases: bitfields (straddling,
 * zero-width, unnamed, packed), packed and aligned records and members,
 * unions, anonymous members and their paths, config conditions, holes and
 * padding as pahole counts them, gcc's DW_AT_alignment, and the errors.
 */
#include "check.h"

#include "sklab/cparse.h"
#include "sklab/layout.h"

static skl_typedb *db;

static skl_layout *lay(const char *name, const char *abi, const char *config)
{
	skl_error err;
	skl_type *t = skl_typedb_find(db, name);
	skl_layout *l;
	if (!t) {
		printf("no type %s\n", name);
		check_failures++;
		return NULL;
	}
	l = skl_layout_compute(t, skl_abi_find(abi), config, 64, &err);
	if (!l) {
		printf("%s (%s): %s\n", name, abi, err.msg);
		check_failures++;
	}
	return l;
}

static const skl_field *field(const skl_layout *l, const char *name)
{
	int i = skl_layout_find(l, name);
	if (i < 0) {
		printf("%s has no field %s\n", l->name, name);
		check_failures++;
		return &l->fields[0];
	}
	return &l->fields[i];
}

static void bitfields(void)
{
	skl_layout *l = lay("struct bf", "x86_64", NULL);
	if (!l)
		return;
	/* a:20 at 0; b:20 does not fit what is left of the int: next int */
	CHECK_INT(field(l, "a")->offset, 0);
	CHECK_INT(field(l, "a")->bit_offset, 0);
	CHECK_INT(field(l, "a")->bit_hole_after, 12);
	CHECK_INT(field(l, "b")->offset, 4);
	CHECK_INT(field(l, "b")->bit_pos, 32);
	CHECK(field(l, "b")->force_align);
	/* c:9 shares b's int: storage unit of its own type (short) at 6 */
	CHECK_INT(field(l, "c")->offset, 6);
	CHECK_INT(field(l, "c")->bit_offset, 4);
	CHECK_INT(field(l, "c")->size, 2);
	/* the zero-width bitfield moves d to the next int */
	CHECK_INT(field(l, "d")->offset, 8);
	CHECK_INT(field(l, "d")->bit_offset, 0);
	/* the unnamed 3 bits are a hole before e */
	CHECK_INT(field(l, "d")->bit_hole_after, 3);
	CHECK_INT(field(l, "e")->bit_pos, 8 * 8 + 5 + 3);
	CHECK_INT(l->members, 5);
	CHECK_INT(l->size, 12);
	CHECK_INT(l->sum_bitfield_bits, 20 + 20 + 9 + 5 + 2);
	skl_layout_free(l);

	/* packed: no unit alignment; the bitfield straddles its int */
	l = lay("struct bf_packed", "x86_64", NULL);
	if (!l)
		return;
	CHECK_INT(field(l, "b")->bit_pos, 8);
	CHECK_INT(field(l, "b")->offset, 0);
	CHECK_INT(field(l, "b")->bit_offset, 8);
	CHECK_INT(field(l, "c")->bit_pos, 8 + 30);
	CHECK_INT(l->size, 5);
	CHECK_INT(l->align, 1);
	skl_layout_free(l);
}

static void packed_aligned(void)
{
	skl_layout *l = lay("struct pa", "x86_64", NULL);
	if (!l)
		return;
	CHECK_INT(field(l, "i")->offset, 1); /* packed member */
	CHECK_INT(field(l, "d")->offset, 5);
	CHECK_INT(field(l, "x")->offset, 16); /* aligned(16) member */
	CHECK_INT(field(l, "x")->user_align, 16);
	CHECK_INT(field(l, "d")->hole_after, 10);
	CHECK_INT(l->size, 32);
	CHECK_INT(l->align, 16);
	CHECK_INT(l->user_align, 16); /* a user-aligned member makes the record user-aligned */
	CHECK_INT(l->padding, 12);
	skl_layout_free(l);

	/* aligned() on a packed member lowers its alignment (no type alignment) */
	l = lay("struct pa_low", "x86_64", NULL);
	if (!l)
		return;
	CHECK_INT(field(l, "i")->offset, 2);
	CHECK_INT(l->size, 6);
	skl_layout_free(l);

	/* aligned(N) on the record; members of its type get gcc's alignment attribute */
	l = lay("struct pa_outer", "i386", NULL);
	if (!l)
		return;
	CHECK_INT(field(l, "in")->offset, 32);
	CHECK_INT(field(l, "in")->user_align, 32);
	CHECK_INT(field(l, "c")->user_align, 0);
	CHECK_INT(l->size, 64);
	skl_layout_free(l);
}

static void unions_and_anonymous(void)
{
	skl_layout *l = lay("struct an", "x86_64", NULL);
	const skl_field *f;
	if (!l)
		return;
	CHECK_INT(l->members, 3);
	f = field(l, "lo");
	CHECK_INT(f->offset, 8);
	CHECK_INT(f->depth, 2);
	CHECK_STR(f->path, "lo");
	CHECK_INT(field(l, "hi")->offset, 10);
	CHECK_INT(field(l, "word")->offset, 8);
	CHECK_INT(field(l, "named.x")->offset, 12);
	CHECK(field(l, "named")->expanded);
	CHECK_INT(field(l, "named")->nmembers, 2);
	CHECK_INT(field(l, "named")->padding, 3);
	CHECK_INT(l->fields[1].is_union, 1);
	CHECK_INT(l->size, 24);
	skl_layout_free(l);

	l = lay("union un", "i386", NULL);
	if (!l)
		return;
	CHECK(l->is_union);
	CHECK_INT(l->size, 8);
	CHECK_INT(l->align, 4);
	CHECK_INT(l->holes, 0);
	skl_layout_free(l);
}

static void conditions(void)
{
	skl_layout *l = lay("struct cond", "x86_64", NULL);
	if (!l)
		return;
	CHECK_INT(l->members, 2);
	CHECK_INT(l->size, 16);
	CHECK_INT(skl_layout_find(l, "v6"), -1);
	skl_layout_free(l);
	l = lay("struct cond", "x86_64", "CONFIG_IPV6=m,CONFIG_SMP");
	if (!l)
		return;
	CHECK_INT(l->members, 4);
	CHECK_STR(field(l, "v6")->cond, "CONFIG_IPV6 || CONFIG_IPV6_MODULE");
	CHECK_INT(field(l, "v6")->offset, 4);
	CHECK_STR(field(l, "smp")->cond, "CONFIG_SMP");
	skl_layout_free(l);
}

static void clone_and_find(void)
{
	skl_layout *l = lay("struct an", "x86_64", NULL), *c;
	if (!l)
		return;
	c = skl_layout_clone(l);
	CHECK(c != NULL);
	if (c) {
		int i;
		CHECK_INT(c->nfields, l->nfields);
		for (i = 0; i < c->nfields; i++) {
			CHECK_STR(c->fields[i].path, l->fields[i].path);
			CHECK(c->fields[i].path != l->fields[i].path);
		}
		skl_layout_free(c);
	}
	CHECK_INT(skl_layout_find(l, "nope"), -1);
	CHECK(skl_layout_find(l, "x") >= 0);
	skl_layout_free(l);
}

static void errors(void)
{
	static const struct {
		const char *type, *abi, *config, *msg;
	} e[] = {
	    {"struct incomplete_user", "x86_64", NULL,
	     "member 'f': struct fwd is incomplete (declared but never defined)"},
	    {"struct too_wide", "x86_64", NULL, "width of bitfield 'x' (9 bits) exceeds its type (8 bits)"},
	    {"struct bad_cond", "x86_64", NULL, "config condition"},
	    {"struct fwd", "x86_64", NULL, "struct fwd is incomplete (declared but never defined)"},
	};
	size_t i;
	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		skl_error err;
		skl_type *t = skl_typedb_find(db, e[i].type);
		skl_layout *l = t ? skl_layout_compute(t, skl_abi_find(e[i].abi), e[i].config, 64, &err) : NULL;
		CHECK(t != NULL);
		CHECK(l == NULL);
		if (l) {
			skl_layout_free(l);
			continue;
		}
		if (t && !strstr(err.msg, e[i].msg)) {
			printf("%s: error \"%s\", want it to contain \"%s\"\n", e[i].type, err.msg, e[i].msg);
			check_failures++;
		}
	}
	{
		/* a cache-line size that is not a power of two */
		skl_error err;
		CHECK(skl_layout_compute(skl_typedb_find(db, "struct an"), NULL, NULL, 48, &err) == NULL);
		CHECK(strstr(err.msg, "power of two") != NULL);
	}
	{
		/* a struct that contains itself, built by hand */
		skl_error err;
		skl_type *self = skl_type_record(db, SKL_K_STRUCT, "self");
		skl_type *pair = skl_type_record(db, SKL_K_STRUCT, "pair");
		CHECK_INT(skl_record_add(self, "p", pair, -1, 0, NULL, &err), 0);
		CHECK_INT(skl_record_add(pair, "s", self, -1, 0, NULL, &err), 0);
		skl_record_set_complete(self);
		skl_record_set_complete(pair);
		CHECK(skl_layout_compute(self, NULL, NULL, 0, &err) == NULL);
		CHECK(strstr(err.msg, "contains itself") != NULL);
	}
}

/* skl_field_record: what a click on a member of a layout opens */
static void field_records(void)
{
	skl_layout *l = lay("struct holder", "x86_64", NULL);
	const skl_type *t;
	char name[64];
	if (!l)
		return;
	t = skl_field_record(field(l, "in"), 0);
	CHECK(t != NULL);
	if (t) {
		skl_type_name(t, name, sizeof(name));
		CHECK_STR(name, "struct pa_rec");
	}
	/* arrays of records and typedefs of them lead to the record */
	t = skl_field_record(field(l, "many"), 0);
	CHECK(t != NULL && !strcmp(skl_type_tag(t), "pa_rec"));
	t = skl_field_record(field(l, "td"), 0);
	CHECK(t != NULL && !strcmp(skl_type_tag(t), "pa_rec"));
	/* a pointer only when asked, and only one level */
	CHECK(skl_field_record(field(l, "ptr"), 0) == NULL);
	t = skl_field_record(field(l, "ptr"), 1);
	CHECK(t != NULL && skl_type_kind(t) == SKL_K_UNION);
	CHECK(skl_field_record(field(l, "pptr"), 1) == NULL);
	/* scalars, incomplete records, function pointers, bitfields: nothing */
	CHECK(skl_field_record(field(l, "n"), 1) == NULL);
	CHECK(skl_field_record(field(l, "fwdp"), 1) == NULL);
	CHECK(skl_field_record(field(l, "fn"), 1) == NULL);
	CHECK(skl_field_record(field(l, "bits"), 1) == NULL);
	/* an anonymous record is drawn inline: nothing to open; its member is */
	CHECK(skl_field_record(&l->fields[skl_layout_find(l, "x") - 1], 1) == NULL);
	CHECK(skl_field_record(field(l, "x"), 0) == NULL);
	skl_layout_free(l);
}

/* Sizes past the 2^40-byte limit are refused with where they are, never
 * wrapped (long a[1L << 60] used to wrap its bit offsets into an 8-byte
 * struct), and each record is laid out once per layout: forty structs each
 * holding two of the one before took 2^40 layouts, so this test never ended. */
static void sizes_and_work(void)
{
	skl_typedb *d = skl_typedb_new();
	skl_error err;
	skl_layout *l;
	char text[4096];
	size_t n = 0;
	int i;
	n += (size_t)snprintf(text + n, sizeof(text) - n, "struct d0 { long x; };\n");
	for (i = 1; i <= 40; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "struct d%d { struct d%d a, b; };\n", i, i - 1);
	n += (size_t)snprintf(text + n, sizeof(text) - n,
			      "struct big { char c;\n long a[1L << 60]; };\n"
			      "struct sum { char a[1L << 39]; char b[1L << 39]; char c; };\n"
			      "struct atlimit { char a[1L << 39]; char b[1L << 39]; };\n");
	CHECK(skl_cparse(d, text, "sizes.h", &err) == 0);

	l = skl_layout_compute(skl_typedb_find(d, "struct d37"), NULL, NULL, 0, &err);
	CHECK(l != NULL);
	if (l)
		CHECK(l->size == (uint64_t)8 << 37);
	skl_layout_free(l);
	CHECK(skl_layout_compute(skl_typedb_find(d, "struct d40"), NULL, NULL, 0, &err) == NULL);
	CHECK_STR(err.msg, "struct d38 is too large: member 'b' (1099511627776 bytes at offset 1099511627776) ends "
			   "past the limit of 2^40 bytes (1 TiB) for any object");
	CHECK_INT(err.line, 39);

	CHECK(skl_layout_compute(skl_typedb_find(d, "struct big"), NULL, NULL, 0, &err) == NULL);
	CHECK_STR(err.msg, "member 'a': array too large: 1152921504606846976 elements of 8 bytes exceed the limit of "
			   "2^40 bytes (1 TiB) for any object");
	CHECK_STR(err.file, "sizes.h");
	CHECK_INT(err.line, 43);

	CHECK(skl_layout_compute(skl_typedb_find(d, "struct sum"), NULL, NULL, 0, &err) == NULL);
	CHECK(strstr(err.msg, "struct sum is too large: member 'c' (1 byte at offset 1099511627776)") != NULL);

	/* exactly the limit is allowed */
	l = skl_layout_compute(skl_typedb_find(d, "struct atlimit"), NULL, NULL, 0, &err);
	CHECK(l != NULL);
	if (l)
		CHECK(l->size == (uint64_t)1 << 40);
	skl_layout_free(l);
	skl_typedb_free(d);
}

/* Members inside named members: a path through them, a unique name at any
 * depth, a path's tail, the ambiguous and the missing, and the innermost
 * member at an offset (skl_layout_lookup, skl_layout_member_at). */
static void nested_members(void)
{
	skl_layout *l = lay("struct nsk", "x86_64", NULL), *c;
	skl_member_ref m;
	int n;
	if (!l)
		return;
	/* the layout's own fields first, as skl_layout_find */
	CHECK(skl_layout_lookup(l, "common", &m, &n) == 0);
	CHECK_STR(m.path, "common");
	CHECK_INT(m.nested, 0);
	CHECK_INT(m.size, 40);
	/* a path into the named member's record */
	CHECK(skl_layout_lookup(l, "common.refcnt", &m, &n) == 0);
	CHECK_STR(m.path, "common.refcnt");
	CHECK_INT(m.offset, 32);
	CHECK_INT(m.size, 4);
	CHECK_INT(m.nested, 1);
	/* a unique plain name at any depth gets its full path */
	CHECK(skl_layout_lookup(l, "refcnt", &m, &n) == 0);
	CHECK_STR(m.path, "common.refcnt");
	CHECK(skl_layout_lookup(l, "daddr", &m, &n) == 0);
	CHECK_STR(m.path, "common.daddr"); /* inside the anonymous union: no name of its own */
	CHECK_INT(m.offset, 0);
	/* two levels down, and a path's tail */
	CHECK(skl_layout_lookup(l, "common.node.pprev", &m, &n) == 0);
	CHECK_INT(m.offset, 24);
	CHECK_INT(m.nested, 2);
	CHECK(skl_layout_lookup(l, "node.pprev", &m, &n) == 0);
	CHECK_STR(m.path, "common.node.pprev");
	/* bitfields keep their unit and bits */
	CHECK(skl_layout_lookup(l, "reuseport", &m, &n) == 0);
	CHECK_INT(m.bit_size, 1);
	CHECK_INT(m.bit_offset, 4);
	CHECK_INT(m.offset, 8);
	/* the outer struct's own 'next' is not ambiguous with the nested ones */
	CHECK(skl_layout_lookup(l, "next", &m, &n) == 0);
	CHECK_STR(m.path, "next");
	/* 'pprev' lives in common.node and in lock_node: ambiguous, counted */
	CHECK(skl_layout_lookup(l, "pprev", &m, &n) == -1);
	CHECK_INT(n, 2);
	CHECK(skl_layout_lookup(l, "nope", &m, &n) == -1);
	CHECK_INT(n, 0);
	CHECK(skl_layout_lookup(l, "common.nope", &m, &n) == -1);
	CHECK(skl_layout_lookup(l, "", &m, &n) == -1);
	/* arrays of records are not entered: their elements have no names */
	CHECK(skl_layout_lookup(l, "many.next", &m, &n) == -1);
	/* nor a record named through a typedef (the kernel's refcount_t, atomic_t) */
	CHECK(skl_layout_lookup(l, "td.next", &m, &n) == -1);
	CHECK(skl_layout_member_at(l, field(l, "td")->offset, &m) == 0);
	CHECK_STR(m.path, "td");
	/* offsets: the innermost member, through the named ones */
	CHECK(skl_layout_member_at(l, 33, &m) == 0);
	CHECK_STR(m.path, "common.refcnt");
	CHECK(skl_layout_member_at(l, 4, &m) == 0);
	CHECK_STR(m.path, "common.saddr");
	CHECK(skl_layout_member_at(l, 20, &m) == 0);
	CHECK_STR(m.path, "common.node.next");
	CHECK(skl_layout_member_at(l, 40, &m) == 0);
	CHECK_STR(m.path, "next");
	CHECK(skl_layout_member_at(l, 36, &m) == 0); /* ncommon's tail padding: only the member holds it */
	CHECK_STR(m.path, "common");
	CHECK(skl_layout_member_at(l, 4096, &m) == -1);
	/* a clone builds its own table */
	c = skl_layout_clone(l);
	CHECK(c != NULL && c->inner == NULL);
	if (c) {
		CHECK(skl_layout_lookup(c, "refcnt", &m, &n) == 0);
		CHECK_INT(m.offset, 32);
	}
	skl_layout_free(c);
	skl_layout_free(l);
}

int main(void)
{
	static const char decls[] =
	    "struct bf { unsigned a:20; unsigned b:20; unsigned short c:9; unsigned :0; unsigned d:5, :3; char e:2; "
	    "};\n"
	    "struct bf_packed { char a; int b:30; int c:2; } __attribute__((packed));\n"
	    "struct pa { char c; int i __attribute__((packed)); char d; int x __attribute__((aligned(16))); };\n"
	    "struct pa_low { char c; int i __attribute__((aligned(2))); } __attribute__((packed));\n"
	    "struct pa_rec { int a; } __attribute__((aligned(32)));\n"
	    "struct pa_outer { char c; struct pa_rec in; };\n"
	    "struct an { long l; union { struct { short lo, hi; }; int word; }; struct { int x; char y; } named; };\n"
	    "union un { char c[5]; long long ll; };\n"
	    "struct cond {\n"
	    "	int a;\n"
	    "#if defined(CONFIG_IPV6) || defined(CONFIG_IPV6_MODULE)\n"
	    "	int v6;\n"
	    "#endif\n"
	    "	long b;\n"
	    "#ifdef CONFIG_SMP\n"
	    "	int smp;\n"
	    "#endif\n"
	    "};\n"
	    "struct fwd;\n"
	    "struct incomplete_user { int a; struct fwd f; };\n"
	    "struct too_wide { char x:9; };\n"
	    "typedef struct pa_rec pa_rec_t;\n"
	    "struct holder { struct pa_rec in; struct pa_rec many[2][3]; pa_rec_t td; union un *ptr; union un **pptr;\n"
	    "	long n; struct fwd *fwdp; void (*fn)(int); unsigned bits:3; struct { int x; }; };\n"
	    "struct nnode { struct nnode *next, **pprev; };\n"
	    "struct ncommon { union { long pair; struct { int daddr; int saddr; }; }; unsigned char reuse:4;\n"
	    "	unsigned char reuseport:1; struct nnode node; int refcnt; };\n"
	    "typedef struct nnode nnode_t;\n"
	    "struct nsk { struct ncommon common; long next; struct nnode lock_node; struct nnode many[2]; nnode_t td; "
	    "};\n";
	skl_error err;
	db = skl_typedb_new();
	if (skl_cparse(db, decls, "layout.h", &err) < 0) {
		printf("layout.h:%d:%d: %s\n", err.line, err.col, err.msg);
		return 1;
	}
	{
		/* a bad condition can only come from a hand-built member */
		skl_type *r = skl_type_record(db, SKL_K_STRUCT, "bad_cond");
		skl_record_add(r, "x", skl_type_base(db, "int"), -1, 0, "CONFIG_A &&", &err);
		skl_record_set_complete(r);
	}
	bitfields();
	packed_aligned();
	unions_and_anonymous();
	conditions();
	clone_and_find();
	errors();
	field_records();
	sizes_and_work();
	nested_members();
	skl_typedb_free(db);
	return check_done("core_layout");
}
