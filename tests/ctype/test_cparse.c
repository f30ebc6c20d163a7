/*
 * test_cparse.c - the C reader: member declarations in every spelling,
 * type names, whole headers (records, enums, typedefs, attributes,
 * conditions, #define constants) and its error messages with line and
 * column.
 */
#include "check.h"

#include "sklab/cparse.h"
#include "sklab/layout.h"

#include <stdlib.h>

/* ---- single members ---------------------------------------------------------- */

typedef struct mcase {
	const char *text;
	const char *name, *prefix, *suffix;
	int bits;
	unsigned aligned;
} mcase;

static void members(void)
{
	static const mcase m[] = {
	    {"unsigned long x", "x", "long unsigned int", "x", -1, 0},
	    {"long long unsigned int y;", "y", "long long unsigned int", "y", -1, 0},
	    {"unsigned long long int z", "z", "long long unsigned int", "z", -1, 0},
	    {"signed char c", "c", "signed char", "c", -1, 0},
	    {"char c", "c", "char", "c", -1, 0},
	    {"short unsigned s", "s", "short unsigned int", "s", -1, 0},
	    {"signed i", "i", "int", "i", -1, 0},
	    {"unsigned u", "u", "unsigned int", "u", -1, 0},
	    {"_Bool b", "b", "_Bool", "b", -1, 0},
	    {"bool b", "b", "_Bool", "b", -1, 0},
	    {"__int128 q", "q", "__int128", "q", -1, 0},
	    {"unsigned __int128 uq", "uq", "__int128 unsigned", "uq", -1, 0},
	    {"long double ld", "ld", "long double", "ld", -1, 0},
	    {"u8 a[3][4]", "a", "u8", "a[3][4]", -1, 0},
	    {"__u32 w:3", "w", "__u32", "w", 3, 0},
	    {"int :0", "", "int", "", 0, 0},
	    {"unsigned :5;", "", "unsigned int", "", 5, 0},
	    {"struct sock *next", "next", "struct sock *", "next", -1, 0},
	    {"struct sock **pprev", "pprev", "struct sock **", "pprev", -1, 0},
	    {"union u_unknown *up", "up", "union u_unknown *", "up", -1, 0},
	    {"enum e_unknown state", "state", "enum e_unknown", "state", -1, 0},
	    {"void (*fn)(struct sock *sk, int)", "fn", "void", "(*fn)(struct sock *, int)", -1, 0},
	    {"int (*f)(void)", "f", "int", "(*f)(void)", -1, 0},
	    {"int (*f)()", "f", "int", "(*f)(void)", -1, 0},
	    {"int (*pr)(const char *fmt, ...)", "pr", "int", "(*pr)(const char  *, ...)", -1, 0},
	    {"void (*g)(int a[3], int (*)(void), char *const *, unsigned)", "g", "void",
	     "(*g)(int *, int (*)(void), char * const *, unsigned int)", -1, 0},
	    {"unsigned long (*fn)(int)", "fn", "long unsigned int", "(*fn)(int)", -1, 0},
	    {"int (*pa)[4]", "pa", "int", "(*pa)[4]", -1, 0},
	    {"char *pa[4]", "pa", "char *", "pa[4]", -1, 0},
	    {"int (*fpa[3])(int)", "fpa", "int", "(*fpa[3])(int)", -1, 0},
	    {"void (*(*ff)(int))(long)", "ff", "void", "(*(*ff)(int))(long int)", -1, 0},
	    {"int arr[]", "arr", "int", "arr[]", -1, 0},
	    {"int z[0]", "z", "int", "z[]", -1, 0},
	    {"int a[2*3+1]", "a", "int", "a[7]", -1, 0},
	    {"int b[1 << 3]", "b", "int", "b[8]", -1, 0},
	    {"int c[(10 - 2) / 4 % 3]", "c", "int", "c[2]", -1, 0},
	    {"int x __attribute__((aligned(16)))", "x", "int", "x", -1, 16},
	    {"int x __attribute__((__aligned__(8), unused))", "x", "int", "x", -1, 8},
	    {"__attribute__((aligned(4))) short s", "s", "short int", "s", -1, 4},
	    {"long y __aligned(8)", "y", "long int", "y", -1, 8},
	    {"int c ____cacheline_aligned", "c", "int", "c", -1, 64},
	    {"int c ____cacheline_aligned_in_smp", "c", "int", "c", -1, 64},
	    {"int big __attribute__((aligned))", "big", "int", "big", -1, 16},
	    {"const char *name", "name", "const char  *", "name", -1, 0},
	    {"volatile int v", "v", "volatile int ", "v", -1, 0},
	    {"struct sock __rcu *sk", "sk", "struct sock *", "sk", -1, 0},
	    {"unsigned int flag : 1 __attribute__((aligned(4)))", "flag", "unsigned int", "flag", 1, 4},
	    {"struct { int a; } s", "s", "struct {...}", "s", -1, 0},
	    {"union { int a; long b; }", "", "union {...}", "", -1, 0},
	    {"/* comment */ int c; // trailing", "c", "int", "c", -1, 0},
	};
	size_t i;
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	skl_type_typedef(db, "u8", skl_type_base(db, "unsigned char"), &err);
	skl_type_typedef(db, "__u32", skl_type_base(db, "unsigned int"), &err);
	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		char name[64], pre[256], suf[256];
		skl_type *t = NULL;
		int bits = 99;
		unsigned aligned = 99;
		if (skl_cparse_member(db, m[i].text, name, sizeof(name), &t, &bits, &aligned, &err) < 0) {
			printf("\"%s\": %s\n", m[i].text, err.msg);
			check_failures++;
			continue;
		}
		skl_type_declare(t, name, pre, sizeof(pre), suf, sizeof(suf));
		CHECK_STR(name, m[i].name);
		CHECK_STR(pre, m[i].prefix);
		CHECK_STR(suf, m[i].suffix);
		CHECK_INT(bits, m[i].bits);
		CHECK_INT(aligned, m[i].aligned);
	}
	/* struct tags named by a member become forward declarations */
	CHECK(skl_typedb_find(db, "struct sock") != NULL);
	CHECK(!skl_type_is_complete(skl_typedb_find(db, "struct sock")));
	CHECK(skl_typedb_find(db, "union u_unknown") != NULL);
	{
		/* packed is reported by skl_cparse_member_decl, refused by skl_cparse_member */
		skl_cmember cm;
		char name[64];
		skl_type *t;
		int bits;
		unsigned aligned;
		CHECK_INT(skl_cparse_member_decl(db, "int p __attribute__((packed))", &cm, &err), 0);
		CHECK_STR(cm.name, "p");
		CHECK_INT(cm.packed, 1);
		CHECK_INT(cm.bits, -1);
		CHECK_INT(skl_cparse_member(db, "int p __packed", name, sizeof(name), &t, &bits, &aligned, &err), -1);
		CHECK(strstr(err.msg, "packed") != NULL);
	}
	skl_typedb_free(db);
}

static void member_errors(void)
{
	static const struct {
		const char *text, *msg;
	} e[] = {
	    {"u32 bad", "line 1, column 1: unknown type name 'u32'"},
	    {"int x, y", "line 1, column 6: one member at a time: found ','"},
	    {"int 3x", "line 1, column 5: malformed number '3x'"},
	    {"int x[-1]", "line 1, column 6: array size -1 is negative"},
	    {"struct foo", "line 1, column 11: expected a member name, found end of input"},
	    {"unsigned", "line 1, column 9: expected a member name, found end of input"},
	    {"int x[N]", "line 1, column 7: 'N' is not a known constant (a #define NAME number or an enumerator)"},
	    {"int x[sizeof(long)]", "line 1, column 7: 'sizeof' depends on the target ABI, which a type database does "
				    "not fix: write the number"},
	    {"int x __attribute__((mode(DI)))", "line 1, column 22: attribute 'mode' is not supported (it changes the "
						"layout in ways sklab does not model)"},
	    {"int x __attribute__((frobnicate))",
	     "line 1, column 22: unknown attribute 'frobnicate' (sklab takes aligned and packed, and ignores only "
	     "attributes known not to change a layout)"},
	    {"int x __attribute__((aligned(3)))",
	     "line 1, column 22: requested alignment 3 is not a positive power of two"},
	    {"int f(int)", "line 1, column 5: a member cannot be a function; write a pointer to one: (*name)(...)"},
	    {"long long long x", "line 1, column 1: 'long long long' is not a valid type"},
	    {"int x[2", "line 1, column 8: expected ']' to close the array size, found end of input"},
	    {"int (*f)(int", "line 1, column 13: expected ',' or ')' in the parameter list, found end of input"},
	    {"#define X 1\nint x", "line 1, column 1: a preprocessor directive is not allowed here"},
	    {"int x[1/0]", "line 1, column 8: division by zero"},
	    {"float f = 1.5", "line 1, column 9: expected the end of the member declaration, found '='"},
	    {"int x @", "line 1, column 7: stray '@' in input"},
	    {"", "line 1, column 1: expected a type, found end of input"},
	};
	size_t i;
	skl_typedb *db = skl_typedb_new();
	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		char name[64], msg[1024];
		skl_type *t;
		int bits;
		unsigned aligned;
		skl_error err;
		CHECK_INT(skl_cparse_member(db, e[i].text, name, sizeof(name), &t, &bits, &aligned, &err), -1);
		skl_error_format(&err, msg, sizeof(msg));
		CHECK_STR(msg, e[i].msg);
	}
	skl_typedb_free(db);
}

/* ---- type names ------------------------------------------------------------------ */

static void typenames(void)
{
	static const struct {
		const char *text, *name;
	} n[] = {
	    {"struct sock *", "struct sock *"},	     {"char [16]", "char[16]"},
	    {"void (*)(int)", "void(*)(int)"},	     {"unsigned", "unsigned int"},
	    {"int (*[3])(void)", "int(*[3])(void)"}, {"long unsigned int", "long unsigned int"},
	    {"struct sock", "struct sock"},
	};
	size_t i;
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	for (i = 0; i < sizeof(n) / sizeof(n[0]); i++) {
		skl_type *t = skl_cparse_typename(db, n[i].text, &err);
		char name[256];
		if (!t) {
			printf("\"%s\": %s\n", n[i].text, err.msg);
			check_failures++;
			continue;
		}
		skl_type_name(t, name, sizeof(name));
		CHECK_STR(name, n[i].name);
	}
	CHECK(skl_cparse_typename(db, "int x", &err) == NULL);
	CHECK_STR(err.msg, "a type name has no identifier: found 'x'");
	CHECK(skl_cparse_typename(db, "struct { int a; }", &err) == NULL);
	CHECK_STR(err.msg, "a struct definition is not allowed here");
	skl_typedb_free(db);
}

/* ---- whole headers ------------------------------------------------------------------ */

static const char header[] = "/* a header as a teacher might trim it from the kernel */\n"
			     "#ifndef _TEST_H\n"
			     "#define _TEST_H\n"
			     "#include <linux/types.h>\n"
			     "#include \"local.h\"\n"
			     "#define NR_SLOTS 4\n"
			     "#define NR_TOTAL (NR_SLOTS * 2 + 1) /* a comment */\n"
			     "#define LONG_DEF \\\n"
			     "	3\n"
			     "#if 0\n"
			     "this is not C at all, it's skipped\n"
			     "#endif\n"
			     "#ifdef NOT_DEFINED\n"
			     "junk ( [\n"
			     "#else\n"
			     "typedef unsigned int u32;\n"
			     "#endif\n"
			     "typedef unsigned char u8;\n"
			     "typedef struct { int counter; } atomic_t;\n"
			     "typedef void (*cb_t)(struct sock *sk, int why);\n"
			     "typedef u32 u32_arr[NR_SLOTS];\n"
			     "enum state { ST_CLOSED, ST_OPEN = 5, ST_DONE, ST_COUNT };\n"
			     "enum { ANON_A = 0x10, ANON_B = ANON_A << 1 };\n"
			     "struct sock;\n"
			     "struct list_head { struct list_head *next, *prev; };\n"
			     "struct demo {\n"
			     "	struct list_head node; // a list\n"
			     "	u8 slots[NR_TOTAL];\n"
			     "	u8 per_state[ST_COUNT];\n"
			     "	u8 flags[ANON_B];\n"
			     "	u8 cont[LONG_DEF];\n"
			     "#ifdef CONFIG_IPV6\n"
			     "	u32 v6;\n"
			     "#elif defined(CONFIG_X) && !defined(CONFIG_Y)\n"
			     "	u32 x;\n"
			     "#elif CONFIG_Z\n"
			     "	u32 z;\n"
			     "#else\n"
			     "	u32 other;\n"
			     "#endif\n"
			     "#if IS_ENABLED(CONFIG_NETFILTER)\n"
			     "	void *nf;\n"
			     "#ifndef CONFIG_SMP\n"
			     "	int up_only;\n"
			     "#endif\n"
			     "#endif\n"
			     "#if defined(NR_SLOTS)\n"
			     "	int always;\n"
			     "#endif\n"
			     "	union {\n"
			     "		int i;\n"
			     "		struct { short lo, hi; };\n"
			     "	};\n"
			     "	struct { char a; } named;\n"
			     "	enum state st:4;\n"
			     "	atomic_t refs;\n"
			     "	cb_t cb;\n"
			     "	u32_arr arr;\n"
			     "	int late ____cacheline_aligned;\n"
			     "} __attribute__((aligned(8)));\n"
			     "struct __attribute__((packed)) wire { u8 t; u32 len; };\n"
			     "struct wire2 { u8 t; u32 len; } __packed;\n"
			     "union either { int i; float f; };\n"
			     "extern int some_function(int a, char *b);\n"
			     "extern struct demo a_variable;\n"
			     "#endif /* _TEST_H */\n";

static void conds(skl_typedb *db, const char *config, const char *want)
{
	skl_error err;
	skl_layout *l = skl_layout_compute(skl_typedb_find(db, "struct demo"), NULL, config, 64, &err);
	char got[1024] = "";
	int i;
	if (!l) {
		printf("struct demo: %s\n", err.msg);
		check_failures++;
		return;
	}
	for (i = 0; i < l->nfields; i++) {
		const skl_field *f = &l->fields[i];
		if (!f->cond)
			continue;
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s[%s];", f->name, f->cond);
	}
	CHECK_STR(got, want);
	skl_layout_free(l);
}

static void whole_header(void)
{
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	skl_layout *l;
	char name[256];
	if (skl_cparse(db, header, "test.h", &err) < 0) {
		char msg[1024];
		skl_error_format(&err, msg, sizeof(msg));
		printf("%s\n", msg);
		check_failures++;
		skl_typedb_free(db);
		return;
	}
	CHECK(skl_typedb_find(db, "u32") != NULL);
	CHECK_INT(skl_type_kind(skl_typedb_find(db, "atomic_t")), SKL_K_TYPEDEF);
	CHECK(skl_typedb_find(db, "struct sock") != NULL);
	CHECK(!skl_type_is_complete(skl_typedb_find(db, "struct sock")));
	CHECK(skl_type_is_complete(skl_typedb_find(db, "enum state")));
	CHECK(skl_typedb_find(db, "union either") != NULL);
	skl_type_name(skl_typedb_find(db, "cb_t"), name, sizeof(name));
	CHECK_STR(name, "cb_t");

	/* which options a condition names: whole identifiers only */
	CHECK_INT(skl_typedb_config_used(db, "CONFIG_IPV6"), 1);
	CHECK_INT(skl_typedb_config_used(db, "CONFIG_NETFILTER_MODULE"), 1);
	CHECK_INT(skl_typedb_config_used(db, "CONFIG_IPV"), 0);
	CHECK_INT(skl_typedb_config_used(db, "IPV6"), 0);
	CHECK_INT(skl_typedb_config_used(db, "CONFIG_IPV7"), 0);
	CHECK_INT(skl_typedb_config_used(db, ""), 0);

	/* conditions as skl_config_eval reads them */
	conds(db, "CONFIG_IPV6,CONFIG_NETFILTER",
	      "v6[CONFIG_IPV6];nf[CONFIG_NETFILTER || CONFIG_NETFILTER_MODULE];"
	      "up_only[(CONFIG_NETFILTER || CONFIG_NETFILTER_MODULE) && !CONFIG_SMP];always[1];");
	conds(db, "CONFIG_X", "x[!CONFIG_IPV6 && CONFIG_X && !CONFIG_Y];always[1];");
	conds(db, "CONFIG_Z,CONFIG_Y,CONFIG_NETFILTER_MODULE,CONFIG_SMP",
	      "z[!CONFIG_IPV6 && !(CONFIG_X && !CONFIG_Y) && CONFIG_Z];nf[CONFIG_NETFILTER || CONFIG_NETFILTER_MODULE];"
	      "always[1];");
	conds(db, "", "other[!CONFIG_IPV6 && !(CONFIG_X && !CONFIG_Y) && !CONFIG_Z];always[1];");

	l = skl_layout_compute(skl_typedb_find(db, "struct demo"), skl_abi_find("x86_64"), "", 64, &err);
	CHECK(l != NULL);
	if (l) {
		int i = skl_layout_find(l, "slots");
		CHECK_INT(l->fields[i].size, 9);			       /* NR_TOTAL */
		CHECK_INT(l->fields[skl_layout_find(l, "per_state")].size, 7); /* ST_COUNT */
		CHECK_INT(l->fields[skl_layout_find(l, "flags")].size, 0x20);
		CHECK_INT(l->fields[skl_layout_find(l, "cont")].size, 3);
		CHECK_INT(l->fields[skl_layout_find(l, "hi")].offset, l->fields[skl_layout_find(l, "i")].offset + 2);
		CHECK_STR(l->fields[skl_layout_find(l, "hi")].path, "hi");
		CHECK_STR(l->fields[skl_layout_find(l, "named.a")].path, "named.a");
		CHECK_INT(l->fields[skl_layout_find(l, "st")].bit_size, 4);
		CHECK_INT(l->fields[skl_layout_find(l, "arr")].size, 16);
		CHECK_INT(l->fields[skl_layout_find(l, "late")].offset % 64, 0);
		CHECK_INT(l->align, 64);
		CHECK_INT(l->aligned_attr, 8);
		skl_layout_free(l);
	}
	l = skl_layout_compute(skl_typedb_find(db, "struct wire"), NULL, NULL, 64, &err);
	CHECK(l && l->size == 5 && l->packed);
	skl_layout_free(l);
	l = skl_layout_compute(skl_typedb_find(db, "struct wire2"), NULL, NULL, 64, &err);
	CHECK(l && l->size == 5 && l->packed);
	skl_layout_free(l);
	/* reading it again redefines the records: an error naming the first one */
	CHECK_INT(skl_cparse(db, "struct list_head { int x; };", "again.h", &err), -1);
	CHECK_STR(err.msg, "redefinition of 'struct list_head'");
	CHECK_INT(err.line, 1);
	CHECK_INT(err.col, 8);
	skl_typedb_free(db);

	/* macros given by the caller: the cache-line size */
	db = skl_typedb_new();
	CHECK_INT(skl_cparse_defines(db, "struct c { char a; int b ____cacheline_aligned; };", "c.h",
				     "SMP_CACHE_BYTES=32,CONFIG_UNUSED", &err),
		  0);
	l = skl_layout_compute(skl_typedb_find(db, "struct c"), NULL, NULL, 64, &err);
	CHECK(l && l->size == 64 && l->fields[1].offset == 32);
	skl_layout_free(l);
	skl_typedb_free(db);
}

/* ---- errors in headers ------------------------------------------------------------------ */

static void header_errors(void)
{
	static const struct {
		const char *text, *msg;
	} e[] = {
	    {"struct a { int x; }", "t.h:1:20: expected ';' after the definition, found end of input"},
	    {"struct a {\n\tfoo_t x;\n};", "t.h:2:2: unknown type name 'foo_t'"},
	    {"struct a {\n\tint x\n};", "t.h:3:1: expected ';' after the member, found '}'"},
	    {"struct a { int x; int x; };", "t.h:1:23: duplicate member 'x' in struct a"},
	    {"struct a {\n#ifdef CONFIG_A\n\tint x;\n};\n#endif",
	     "t.h:5:1: #endif is inside fewer braces than the #if it belongs to (line 2): a conditional must open and "
	     "close at the same level"},
	    {"struct a {\n\tint x;\n#endif\n};", "t.h:3:1: #endif without #if"},
	    {"#ifdef CONFIG_INET\nstruct a { int x; };\n#endif",
	     "t.h:1:8: 'CONFIG_INET' outside braces: config conditions are kept only around struct and union members"},
	    {"struct a {\n#if CONFIG_A == 2\n\tint x;\n#endif\n};",
	     "t.h:2:14: '==' in a condition inside braces is not supported: write it with names, defined(), !, && and "
	     "||"},
	    {"struct a {\n#if FOO(1)\n#endif\n};",
	     "t.h:2:8: function-like macro 'FOO' in a condition is not supported"},
	    {"#if 1\nstruct a { int x; };\n", "t.h:1:1: #if without #endif (end of input reached)"},
	    {"/* open comment\nstruct a { int x; };", "t.h:1:1: unterminated comment"},
	    {"#pragma pack(1)\nstruct a { int x; };",
	     "t.h:1:2: #pragma pack(1) is not supported (it may change the layout)"},
	    {"#error stop here", "t.h:1:2: #error stop here"},
	    {"#frob", "t.h:1:2: unsupported directive #frob (the reader takes #if, #ifdef, #ifndef, #elif, #else, "
		      "#endif, #define, #undef and ignores #include)"},
	    {"#define N 3\nstruct a { char c[N + M]; };",
	     "t.h:2:23: 'M' is not a known constant (a #define NAME number or an enumerator)"},
	    {"#define W (2 +)\nstruct a { char c[W]; };",
	     "t.h:2:19: macro 'W' (defined on line 1) is not a constant: expected a constant expression, found ')'"},
	    {"#define X X+1\nstruct a { char c[X]; };", "t.h:2:19: macro 'X' (defined on line 1) uses itself"},
	    {"#define A B\n#define B (A)\nstruct a { char c[A]; };",
	     "t.h:3:19: macro 'A' (defined on line 1) uses itself"},
	    /* each link uses the one before twice: 2^40 expansions, refused after 100000 */
	    {"#define A0 1\n#define A1 A0+A0\n#define A2 A1+A1\n#define A3 A2+A2\n#define A4 A3+A3\n"
	     "#define A5 A4+A4\n#define A6 A5+A5\n#define A7 A6+A6\n#define A8 A7+A7\n#define A9 A8+A8\n"
	     "#define A10 A9+A9\n#define A11 A10+A10\n#define A12 A11+A11\n#define A13 A12+A12\n"
	     "#define A14 A13+A13\n#define A15 A14+A14\n#define A16 A15+A15\n#define A17 A16+A16\n"
	     "#define A18 A17+A17\n#define A19 A18+A18\n#define A20 A19+A19\n#define A40 A20*A20*A20\n"
	     "struct a { char c[A40]; };",
	     "t.h:23:19: macro 'A0': the expression takes more than 100000 macro expansions (macros that use the "
	     "one before them several times)"},
	    {"#if ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
	     "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
	     "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1\n#endif",
	     "t.h:1:261: condition nested more than 256 deep"},
	    {"#define T unsigned long\nstruct a { T x; };",
	     "t.h:2:12: 'T' is a macro (line 1); this reader does not expand macros in types"},
	    {"enum e { A, B, A };", "t.h:1:16: enumerator 'A' is already defined"},
	    {"enum e { A = 1.5 };", "t.h:1:14: expected an integer constant, found floating constant '1.5'"},
	    {"struct a { int x; };\nunion a { int y; };", "t.h:2:7: 'union a' was already declared as struct a"},
	    {"typedef int t;\ntypedef long t;", "t.h:2:14: typedef 't' redefined as a different type"},
	    {"int f(void) { return 0; }", "t.h:1:13: function bodies are not supported: declare types only"},
	    {"int x = 3;", "t.h:1:7: initialisers are not supported: declare types only"},
	    {"struct a { int x; } __attribute__((mode(QI)));",
	     "t.h:1:36: attribute 'mode' is not supported (it changes the layout in ways sklab does not model)"},
	    {"MODULE_LICENSE(\"GPL\");", "t.h:1:1: 'MODULE_LICENSE' looks like a macro use or a function call: this "
					 "reader takes declarations only"},
	    {"struct a { typedef int t; };", "t.h:1:12: 'typedef' is only allowed at file level"},
	    {"struct a { static int s; };", "t.h:1:12: 'static' is not allowed in a member declaration"},
	    {"struct a {\n\tint x;\n", "t.h:1:10: '{' of this struct is never closed"},
	    {"struct a { char s[\"x\"]; };", "t.h:1:19: expected a constant expression, found '\"x\"'"},
	    {"struct a { int x:-1; };", "t.h:1:17: bitfield width -1 is out of range"},
	    {"struct a { float f:3; };", "t.h:1:18: bitfield 'f' must have an integer type"},
	    {"enum e { };", "t.h:1:10: an enum needs at least one enumerator"},
	    {"struct a { int x;\n#ifdef CONFIG_A\n};\n#endif",
	     "t.h:4:1: #endif is inside fewer braces than the #if it "
	     "belongs to (line 2): a conditional must open and close at the same level"},
	    {"struct a {\n#ifdef CONFIG_A\n\tint y;\n};\nstruct b {\n#endif\n};",
	     "t.h:4:1: '}' inside an #if that began in this struct "
	     "body: close it with #endif first"},
	};
	size_t i;
	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		skl_typedb *db = skl_typedb_new();
		skl_error err;
		char msg[1024];
		CHECK_INT(skl_cparse(db, e[i].text, "t.h", &err), -1);
		skl_error_format(&err, msg, sizeof(msg));
		CHECK_STR(msg, e[i].msg);
		skl_typedb_free(db);
	}
}

/* The macro-expansion budget is per use of a macro: inside struct bodies
 * the count was never reset, so a header with more than 100000 macro uses
 * in structs, each of one expansion, was refused. Typedefs, tags, macros
 * and enumerators are found by hash: this many of each took quadratic time. */
static void many_names(void)
{
	enum { N = 120000 };
	size_t cap = (size_t)N * 64, n = 0;
	char *text = malloc(cap);
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	skl_type *t;
	int i;
	CHECK(text != NULL);
	if (!text)
		return;
	n += (size_t)snprintf(text + n, cap - n, "#define ONE 1\nenum e { E0 = 1");
	for (i = 1; i < 1000; i++)
		n += (size_t)snprintf(text + n, cap - n, ", E%d", i);
	n += (size_t)snprintf(text + n, cap - n, " };\ntypedef char t0;\n");
	for (i = 1; i < 1000; i++)
		n += (size_t)snprintf(text + n, cap - n, "typedef t%d t%d;\n", i - 1, i);
	n += (size_t)snprintf(text + n, cap - n, "struct many {\n");
	for (i = 0; i < N; i++)
		n += (size_t)snprintf(text + n, cap - n, "\tchar c%d[ONE];\n", i);
	n += (size_t)snprintf(text + n, cap - n, "\tchar last[E999];\n};\n");
	CHECK_INT(skl_cparse(db, text, "many.h", &err), 0);
	t = skl_typedb_find(db, "struct many");
	CHECK(t != NULL);
	if (t) {
		uint64_t size;
		unsigned align;
		CHECK_INT(skl_type_size_align(t, NULL, NULL, &size, &align, &err), 0);
		CHECK(size == (uint64_t)N + 1000); /* E999 is 1000 */
	}
	CHECK(skl_typedb_find(db, "t999") != NULL);
	skl_typedb_free(db);
	free(text);
}

/* The prelude's names need no definition; a header's own definition of one
 * replaces it (even as another type); a database's own names stay. */
static void prelude_types(void)
{
	static const char *const text = "typedef unsigned short u32;\n" /* not the kernel's: the header's */
					"struct p { u32 a; uint64_t b; __be16 c; size_t d; s8 e; };\n";
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	uint64_t size;
	unsigned align;
	char name[64];
	CHECK_INT(skl_cparse(db, text, "p.h", &err), 0);
	CHECK_INT(skl_type_size_align(skl_typedb_find(db, "u32"), skl_abi_find("x86_64"), "", &size, &align, &err), 0);
	CHECK_INT(size, 2);
	CHECK_INT(skl_type_size_align(skl_typedb_find(db, "struct p"), skl_abi_find("x86_64"), "", &size, &align, &err),
		  0);
	CHECK_INT(size, 40); /* 2 (6) 8, 2 (6) 8, 1 (7) */
	CHECK_INT(skl_type_size_align(skl_typedb_find(db, "struct p"), skl_abi_find("i386"), "", &size, &align, &err),
		  0);
	CHECK_INT(size, 24); /* 2 (2) 8, 2 (2) 4, 1 (3): a u64 is 4-aligned in i386 structs */
	skl_type_name(skl_typedb_find(db, "__be16"), name, sizeof(name));
	CHECK_STR(name, "__be16");
	/* redefining one the same way is C11's rule: fine; another way, after
	 * the header's own: an error */
	CHECK_INT(skl_cparse(db, "typedef unsigned short u32;", "q.h", &err), 0);
	CHECK_INT(skl_cparse(db, "typedef int u32;", "r.h", &err), -1);
	CHECK(strstr(err.msg, "redefined") != NULL);
	skl_typedb_free(db);

	/* a database that has the name keeps it */
	db = skl_typedb_new();
	CHECK(skl_type_typedef(db, "u64", skl_type_base(db, "unsigned int"), &err) != NULL);
	CHECK_INT(skl_cparse_prelude(db, &err), 0);
	CHECK_INT(skl_type_size_align(skl_typedb_find(db, "u64"), skl_abi_find("x86_64"), "", &size, &align, &err), 0);
	CHECK_INT(size, 4);
	CHECK_INT(skl_type_size_align(skl_typedb_find(db, "__u64"), skl_abi_find("x86_64"), "", &size, &align, &err),
		  0);
	CHECK_INT(size, 8);
	skl_typedb_free(db);
}

int main(void)
{
	prelude_types();
	many_names();
	members();
	member_errors();
	typenames();
	whole_header();
	header_errors();
	return check_done("core_cparse");
}
