/*
 * cparse.c - the C reader: struct, union, enum and typedef definitions as
 * kernel headers write them, read into a type database.
 *
 * A recursive-descent parser over the tokens of cparse_lex.c. Preprocessor
 * conditionals inside a struct or union body become member conditions;
 * #defines are looked up where a constant may stand. Never lays anything
 * out and never prints: errors go to the caller's skl_error with file,
 * line and column. On an error, the definitions read before it stay in
 * the database.
 */
#include "cparse_impl.h"

#include "types_impl.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define DEFAULT_CACHELINE 64u /* ____cacheline_aligned without SMP_CACHE_BYTES */
#define BIGGEST_ALIGNMENT 16u /* __attribute__((aligned)) on i386 and x86_64 */
#define MAX_NEST 64
/* Macro expansions one use of a macro (outside any macro) may take: chains
 * of macros that each use the one before twice double the work per link. */
#define MAX_EXPANSIONS 100000
#define MAX_CE_NEST 256 /* parentheses and prefix operators in one expression */

/* A condition frame inside braces: the branches seen so far of one #if. */
typedef struct cframe {
	char *cur;   /* the condition of the branch being read */
	char *prior; /* "!A && !B": no earlier branch taken; NULL = none */
} cframe;

typedef struct cp {
	skl_typedb *db;
	skl__lexer lx;
	skl__tok *t;
	int pos;
	const char *file;
	skl_error *err;
	cframe *cf;
	int ncf, capcf;
	int nest;
	int in_macro;	 /* 0 in the text itself, 1 + the enclosing one's inside a macro body */
	long *work;	 /* macro expansions of the macro use being worked out (shared with subs) */
	long expansions; /* the count work points at in a top-level reader */
	int cenest;	 /* parentheses and prefix operators open in it */
} cp;

/* Attributes and annotations gathered around a declaration. */
typedef struct attrs {
	unsigned aligned; /* largest aligned(N) seen, 0 = none */
	int packed;
} attrs;

typedef struct spec {
	skl_type *type;
	int is_typedef;
	int storage;	 /* extern, static, inline...: not a type definition */
	int qual;	 /* qualifiers: 1 const, 2 volatile, 4 restrict, 8 _Atomic */
	int tagged_def;	 /* 1 "struct T {...}", 2 "struct T" (a use, or a forward declaration) */
	int anon_record; /* a struct or union without a tag, defined here */
	attrs decl;	 /* attributes that apply to the declaration */
	const skl__tok *at;
} spec;

/* ---- tokens and errors ------------------------------------------------------- */

static const skl__tok *cur(const cp *p)
{
	return &p->t[p->pos];
}

static const skl__tok *peek(const cp *p, int k)
{
	int i = p->pos;
	while (k-- > 0 && p->t[i].kind != SKL__TK_EOF)
		i++;
	return &p->t[i];
}

static int tok_is(const skl__tok *t, const char *s)
{
	size_t n = strlen(s);
	return (t->kind == SKL__TK_PUNCT || t->kind == SKL__TK_ID) && (size_t)t->len == n && !strncmp(t->s, s, n);
}

static int is(const cp *p, const char *s)
{
	return tok_is(cur(p), s);
}

static int accept(cp *p, const char *s)
{
	if (is(p, s)) {
		p->pos++;
		return 1;
	}
	return 0;
}

static int perr(cp *p, const skl__tok *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int perr(cp *p, const skl__tok *t, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return skl_errorf_at(p->err, p->file, t->line, t->col, "%s", msg);
}

/* "expected X, found Y" at the current token. */
static int expected(cp *p, const char *what)
{
	char found[96];
	skl__tok_describe(cur(p), found, sizeof(found));
	return perr(p, cur(p), "expected %s, found %s", what, found);
}

static int expect(cp *p, const char *s, const char *context)
{
	char what[128];
	if (accept(p, s))
		return 0;
	skl__fmt(what, sizeof(what), "'%s'%s%s", s, context ? " " : "", context ? context : "");
	return expected(p, what);
}

static void tok_text(const skl__tok *t, char *out, size_t outsz)
{
	skl__fmt(out, outsz, "%.*s", t->len < 200 ? t->len : 200, t->s);
}

static int oom(cp *p)
{
	return perr(p, cur(p), "out of memory");
}

/* ---- words ------------------------------------------------------------------------ */

static int in_list(const skl__tok *t, const char *const *list)
{
	int i;
	if (t->kind != SKL__TK_ID)
		return 0;
	for (i = 0; list[i]; i++)
		if (tok_is(t, list[i]))
			return 1;
	return 0;
}

/* clang-format off */
static const char *const base_words[] = {
	"void", "char", "short", "int", "long", "float", "double", "signed", "__signed",
	"__signed__", "unsigned", "_Bool", "__int128", NULL,
};
/* clang-format on */

/* clang-format off */
static const char *const qual_words[] = {
	"const", "__const", "__const__", "volatile", "__volatile", "__volatile__", "restrict",
	"__restrict", "__restrict__", "_Atomic", NULL,
};
/* clang-format on */

/* Sparse annotations and kernel macros that do not change a layout. */
/* clang-format off */
static const char *const noop_words[] = {
	"__user", "__kernel", "__iomem", "__rcu", "__percpu", "__force", "__private", "__bitwise",
	"__bitwise__", "__nocast", "__safe", "__randomize_layout", "__no_randomize_layout",
	"__designated_init", "__must_check", "__deprecated", "__maybe_unused", "__always_unused",
	"__read_mostly", "__visible", "__weak", "__nonstring", "__ro_after_init", "__extension__",
	"__packed_or_aligned", NULL,
};
/* clang-format on */

/* clang-format off */
static const char *const storage_words[] = {
	"extern", "static", "inline", "__inline", "__inline__", "register", "auto", "_Thread_local",
	"__thread", "_Noreturn", "__always_inline", "noinline", NULL,
};
/* clang-format on */

/* 1 for const, 2 for volatile, 4 for restrict, 8 for _Atomic. */
static int qual_bits(const skl__tok *t)
{
	if (tok_is(t, "const") || tok_is(t, "__const") || tok_is(t, "__const__"))
		return 1;
	if (tok_is(t, "volatile") || tok_is(t, "__volatile") || tok_is(t, "__volatile__"))
		return 2;
	if (tok_is(t, "restrict") || tok_is(t, "__restrict") || tok_is(t, "__restrict__"))
		return 4;
	if (tok_is(t, "_Atomic"))
		return 8;
	return 0;
}

static int is_attr_start(const skl__tok *t)
{
	/* clang-format off */
	static const char *const w[] = {
		"__attribute__", "__attribute", "__aligned", "__packed", "____cacheline_aligned",
		"____cacheline_aligned_in_smp", "__cacheline_aligned", "__cacheline_aligned_in_smp",
		"____cacheline_internodealigned_in_smp", "__aligned_largest", "__counted_by",
		"__alignas", "_Alignas", NULL,
	};
	/* clang-format on */
	return in_list(t, w) || in_list(t, noop_words);
}

static int is_keyword(const skl__tok *t)
{
	static const char *const w[] = {"struct", "union", "enum", "typedef", "sizeof", "typeof", "__typeof__", NULL};
	return in_list(t, base_words) || in_list(t, qual_words) || in_list(t, storage_words) || in_list(t, w) ||
	       is_attr_start(t);
}

static skl_type *find_typedef(const skl_typedb *db, const char *name, size_t n)
{
	return skl__ctype_find_typedef(db, name, n);
}

static int starts_type(const cp *p, const skl__tok *t)
{
	static const char *const w[] = {"struct", "union", "enum", "typeof", "__typeof__", NULL};
	return in_list(t, base_words) || in_list(t, qual_words) || in_list(t, w) || is_attr_start(t) ||
	       (t->kind == SKL__TK_ID && (tok_is(t, "bool") || find_typedef(p->db, t->s, (size_t)t->len)));
}

/* ---- constant expressions ---------------------------------------------------------- */

static int const_expr(cp *p, int64_t *v);

/* An enumerator already read, in any enum of the database. */
static int find_enumerator(const cp *p, const char *s, size_t n, int64_t *v)
{
	return skl__ctype_find_enumerator(p->db, s, n, v);
}

/* Evaluates a macro's body as a constant expression. */
static int macro_value(cp *p, const skl__tok *at, const skl__macro *m, int64_t *v)
{
	cp sub;
	skl_error e2;
	int r;
	if (m->funclike)
		return perr(p, at, "'%s' is a function-like macro, which this reader does not expand", m->name);
	if (m->busy)
		return perr(p, at, "macro '%s' (defined on line %d) uses itself", m->name, m->line);
	if (p->nest > MAX_NEST)
		return perr(p, at, "macro '%s' expands too deeply", m->name);
	if (!p->in_macro)
		*p->work = 0; /* a use outside any macro starts the count (inside a struct too) */
	if (++*p->work > MAX_EXPANSIONS)
		return perr(p, at,
			    "macro '%s': the expression takes more than %d macro expansions (macros that use the "
			    "one before them several times)",
			    m->name, MAX_EXPANSIONS);
	memset(&sub, 0, sizeof(sub));
	sub.db = p->db;
	sub.file = p->file;
	sub.err = &e2;
	sub.nest = p->nest + 1;
	sub.work = p->work;
	sub.in_macro = p->in_macro + 1;
	skl_error_clear(&e2);
	if (skl__lex(&sub.lx, m->body, p->file, 0, &e2) < 0) {
		skl__lex_free(&sub.lx);
		return perr(p, at, "macro '%s' (defined on line %d) is not a constant: %s", m->name, m->line, e2.msg);
	}
	/* the body sees the macros in force where it is used */
	sub.lx.macros = p->lx.macros;
	sub.lx.nmacros = p->lx.nmacros;
	sub.lx.mindex = p->lx.mindex;
	sub.t = sub.lx.toks;
	((skl__macro *)m)->busy = 1;
	if (sub.t[0].kind == SKL__TK_EOF) {
		r = -1;
		skl_errorf(&e2, "it is empty");
	} else {
		r = const_expr(&sub, v);
		if (r == 0 && cur(&sub)->kind != SKL__TK_EOF) {
			char found[96];
			skl__tok_describe(cur(&sub), found, sizeof(found));
			r = skl_errorf(&e2, "unexpected %s", found);
		}
	}
	((skl__macro *)m)->busy = 0;
	sub.lx.macros = NULL;
	sub.lx.nmacros = 0;
	memset(&sub.lx.mindex, 0, sizeof(sub.lx.mindex));
	skl__lex_free(&sub.lx);
	if (r < 0) {
		/* an error that names its macro already is passed on as it is,
		 * not wrapped once more at every level of a chain */
		if (!strncmp(e2.msg, "macro '", 7))
			return perr(p, at, "%s", e2.msg);
		return perr(p, at, "macro '%s' (defined on line %d) is not a constant: %s", m->name, m->line, e2.msg);
	}
	return 0;
}

static int ce_cond(cp *p, int64_t *v);

static int ce_unary_in(cp *p, int64_t *v);

/* A unary expression, with its nesting counted: "((((..." or "----..."
 * cannot run the stack out. */
static int ce_unary(cp *p, int64_t *v)
{
	int r;
	if (p->cenest >= MAX_CE_NEST)
		return perr(p, cur(p), "constant expression nested more than %d deep", MAX_CE_NEST);
	p->cenest++;
	r = ce_unary_in(p, v);
	p->cenest--;
	return r;
}

static int ce_unary_in(cp *p, int64_t *v)
{
	const skl__tok *t = cur(p);
	if (accept(p, "-")) {
		if (ce_unary(p, v) < 0)
			return -1;
		*v = (int64_t)(0 - (uint64_t)*v);
		return 0;
	}
	if (accept(p, "+"))
		return ce_unary(p, v);
	if (accept(p, "~")) {
		if (ce_unary(p, v) < 0)
			return -1;
		*v = ~*v;
		return 0;
	}
	if (accept(p, "!")) {
		if (ce_unary(p, v) < 0)
			return -1;
		*v = !*v;
		return 0;
	}
	if (accept(p, "(")) {
		if (starts_type(p, cur(p)))
			return perr(p, cur(p), "casts are not supported in constant expressions");
		if (ce_cond(p, v) < 0)
			return -1;
		return expect(p, ")", "to close the parenthesis");
	}
	if (t->kind == SKL__TK_NUM || t->kind == SKL__TK_CHAR) {
		*v = (int64_t)t->num;
		p->pos++;
		return 0;
	}
	if (t->kind == SKL__TK_FLOAT)
		return perr(p, t, "expected an integer constant, found floating constant '%.*s'", t->len, t->s);
	if (tok_is(t, "sizeof") || tok_is(t, "_Alignof") || tok_is(t, "__alignof__"))
		return perr(p, t,
			    "'%.*s' depends on the target ABI, which a type database does not fix: write the number",
			    t->len, t->s);
	if (t->kind == SKL__TK_ID) {
		const skl__macro *m = skl__lex_macro(&p->lx, t->s, (size_t)t->len, p->pos);
		p->pos++;
		if (m)
			return macro_value(p, t, m, v);
		if (find_enumerator(p, t->s, (size_t)t->len, v))
			return 0;
		return perr(p, t, "'%.*s' is not a known constant (a #define NAME number or an enumerator)", t->len,
			    t->s);
	}
	return expected(p, "a constant expression");
}

typedef struct binop {
	const char *op;
	int prec;
} binop;

static int ce_binary(cp *p, int64_t *v, int minprec)
{
	/* clang-format off */
	static const binop ops[] = {
		{"||", 1}, {"&&", 2}, {"|", 3}, {"^", 4}, {"&", 5}, {"==", 6}, {"!=", 6}, {"<", 7}, {">", 7},
		{"<=", 7}, {">=", 7}, {"<<", 8}, {">>", 8}, {"+", 9}, {"-", 9}, {"*", 10}, {"/", 10}, {"%", 10},
	};
	/* clang-format on */
	if (ce_unary(p, v) < 0)
		return -1;
	for (;;) {
		size_t k, n = sizeof(ops) / sizeof(ops[0]);
		const skl__tok *optok = cur(p);
		int64_t r;
		for (k = 0; k < n; k++)
			if (tok_is(optok, ops[k].op))
				break;
		if (k == n || ops[k].prec < minprec)
			return 0;
		p->pos++;
		if (ce_binary(p, &r, ops[k].prec + 1) < 0)
			return -1;
		switch (k) {
		case 0:
			*v = *v || r;
			break;
		case 1:
			*v = *v && r;
			break;
		case 2:
			*v |= r;
			break;
		case 3:
			*v ^= r;
			break;
		case 4:
			*v &= r;
			break;
		case 5:
			*v = *v == r;
			break;
		case 6:
			*v = *v != r;
			break;
		case 7:
			*v = *v < r;
			break;
		case 8:
			*v = *v > r;
			break;
		case 9:
			*v = *v <= r;
			break;
		case 10:
			*v = *v >= r;
			break;
		case 11:
		case 12:
			if (r < 0 || r > 63)
				return perr(p, optok, "shift by %lld is out of range", (long long)r);
			*v = k == 11 ? (int64_t)((uint64_t)*v << r) : *v >> r;
			break;
		case 13:
			*v = (int64_t)((uint64_t)*v + (uint64_t)r);
			break;
		case 14:
			*v = (int64_t)((uint64_t)*v - (uint64_t)r);
			break;
		case 15:
			*v = (int64_t)((uint64_t)*v * (uint64_t)r);
			break;
		default:
			if (r == 0)
				return perr(p, optok, "division by zero");
			*v = k == 16 ? *v / r : *v % r;
		}
	}
}

static int ce_cond(cp *p, int64_t *v)
{
	int64_t a, b;
	if (ce_binary(p, v, 1) < 0)
		return -1;
	if (!accept(p, "?"))
		return 0;
	if (ce_cond(p, &a) < 0 || expect(p, ":", "in a conditional expression") < 0 || ce_cond(p, &b) < 0)
		return -1;
	*v = *v ? a : b;
	return 0;
}

static int const_expr(cp *p, int64_t *v)
{
	return ce_cond(p, v);
}

/* ---- attributes ------------------------------------------------------------------------ */

static unsigned cacheline_bytes(cp *p, const skl__tok *at)
{
	static const char *const names[] = {"SMP_CACHE_BYTES", "L1_CACHE_BYTES", NULL};
	int i;
	for (i = 0; names[i]; i++) {
		const skl__macro *m = skl__lex_macro(&p->lx, names[i], strlen(names[i]), p->pos);
		int64_t v;
		if (m) {
			if (macro_value(p, at, m, &v) < 0)
				return 0;
			if (v <= 0 || (v & (v - 1)) || v > (1 << 20)) {
				perr(p, at, "%s is %lld, not a power of two", names[i], (long long)v);
				return 0;
			}
			return (unsigned)v;
		}
	}
	return DEFAULT_CACHELINE;
}

static int set_aligned(cp *p, const skl__tok *at, attrs *a, int64_t v)
{
	if (v <= 0 || (v & (v - 1)) || v > (1 << 28))
		return perr(p, at, "requested alignment %lld is not a positive power of two", (long long)v);
	if ((unsigned)v > a->aligned)
		a->aligned = (unsigned)v;
	return 0;
}

/* Skips a balanced (...) group starting at the current '('. */
static int skip_parens(cp *p)
{
	int depth = 0;
	const skl__tok *open = cur(p);
	do {
		const skl__tok *t = cur(p);
		if (t->kind == SKL__TK_EOF)
			return perr(p, open, "unbalanced '(': no matching ')'");
		if (tok_is(t, "("))
			depth++;
		else if (tok_is(t, ")"))
			depth--;
		p->pos++;
	} while (depth > 0);
	return 0;
}

/* One attribute inside __attribute__((...)). */
static int gnu_attribute(cp *p, attrs *a)
{
	/* clang-format off */
	static const char *const harmless[] = {
		"unused", "used", "deprecated", "may_alias", "noderef", "address_space",
		"designated_init", "randomize_layout", "no_randomize_layout",
		"preserve_access_index", "btf_type_tag", "btf_decl_tag", "nonstring",
		"warn_unused_result", "transparent_union", "visibility", "counted_by", "section",
		"context", "cold", "hot", "noinline", "always_inline", "format", "nonnull", "pure",
		"const", "noreturn", "weak", "externally_visible", "aligned_largest", "cleanup",
		"malloc", "alias", "warning", "error", "sentinel", "returns_nonnull", "access",
		"fallthrough", "no_sanitize", "no_instrument_function", "designated",
		"uninitialized", NULL,
	};
	/* clang-format on */
	const skl__tok *t = cur(p);
	char name[64];
	size_t n;
	if (t->kind != SKL__TK_ID)
		return expected(p, "an attribute name");
	tok_text(t, name, sizeof(name));
	n = strlen(name);
	/* __aligned__ is aligned */
	if (n > 4 && !strncmp(name, "__", 2) && !strcmp(name + n - 2, "__")) {
		memmove(name, name + 2, n - 4);
		name[n - 4] = '\0';
	}
	p->pos++;
	if (!strcmp(name, "aligned")) {
		int64_t v;
		if (!accept(p, "("))
			return set_aligned(p, t, a, BIGGEST_ALIGNMENT);
		if (const_expr(p, &v) < 0)
			return -1;
		if (set_aligned(p, t, a, v) < 0)
			return -1;
		return expect(p, ")", "after the alignment");
	}
	if (!strcmp(name, "packed")) {
		a->packed = 1;
		return 0;
	}
	if (!strcmp(name, "mode") || !strcmp(name, "vector_size") || !strcmp(name, "ms_struct") ||
	    !strcmp(name, "gcc_struct") || !strcmp(name, "scalar_storage_order"))
		return perr(
		    p, t, "attribute '%s' is not supported (it changes the layout in ways sklab does not model)", name);
	{
		int i, ok = 0;
		for (i = 0; harmless[i]; i++)
			if (!strcmp(name, harmless[i]))
				ok = 1;
		if (!ok)
			return perr(p, t,
				    "unknown attribute '%s' (sklab takes aligned and packed, and ignores only "
				    "attributes known not to change a layout)",
				    name);
	}
	if (is(p, "("))
		return skip_parens(p);
	return 0;
}

/* Reads any attributes and layout-neutral annotations at the current
 * position into a. */
static int attributes(cp *p, attrs *a)
{
	for (;;) {
		const skl__tok *t = cur(p);
		if (tok_is(t, "__attribute__") || tok_is(t, "__attribute")) {
			p->pos++;
			if (expect(p, "(", "after __attribute__") < 0 || expect(p, "(", "after __attribute__(") < 0)
				return -1;
			while (!is(p, ")")) {
				if (gnu_attribute(p, a) < 0)
					return -1;
				if (!accept(p, ","))
					break;
			}
			if (expect(p, ")", "to close the attribute list") < 0 ||
			    expect(p, ")", "to close __attribute__((") < 0)
				return -1;
		} else if (tok_is(t, "__aligned") || tok_is(t, "_Alignas") || tok_is(t, "__alignas")) {
			int64_t v;
			p->pos++;
			if (expect(p, "(", "after __aligned") < 0)
				return -1;
			if (starts_type(p, cur(p)))
				return perr(p, cur(p), "%.*s(type) depends on the target ABI: write the number", t->len,
					    t->s);
			if (const_expr(p, &v) < 0 || set_aligned(p, t, a, v) < 0 ||
			    expect(p, ")", "after the alignment") < 0)
				return -1;
		} else if (tok_is(t, "__packed")) {
			p->pos++;
			a->packed = 1;
		} else if (tok_is(t, "____cacheline_aligned") || tok_is(t, "____cacheline_aligned_in_smp") ||
			   tok_is(t, "__cacheline_aligned") || tok_is(t, "__cacheline_aligned_in_smp") ||
			   tok_is(t, "____cacheline_internodealigned_in_smp")) {
			unsigned cl;
			p->pos++;
			cl = cacheline_bytes(p, t);
			if (!cl)
				return -1;
			if (set_aligned(p, t, a, cl) < 0)
				return -1;
		} else if (tok_is(t, "__aligned_largest")) {
			p->pos++;
			if (set_aligned(p, t, a, BIGGEST_ALIGNMENT) < 0)
				return -1;
		} else if (tok_is(t, "__counted_by")) {
			p->pos++;
			if (!is(p, "("))
				return expected(p, "'(' after __counted_by");
			if (skip_parens(p) < 0)
				return -1;
		} else if (in_list(t, noop_words)) {
			p->pos++;
		} else {
			return 0;
		}
	}
}

/* ---- declarations ----------------------------------------------------------------------- */

static int specifiers(cp *p, spec *s, int ctx);
static skl_type *declarator(cp *p, skl_type *base, const skl__tok **name, attrs *a);

enum { CTX_FILE, CTX_MEMBER, CTX_PARAM, CTX_TYPENAME };

/* Is t a qualifier alias ("const char ", "volatile int ") made by qualify()? */
static int is_qual_alias(const skl_type *t, const char *qual)
{
	size_t n = strlen(qual);
	return t && t->kind == SKL_K_TYPEDEF && t->tag && !strncmp(t->tag, qual, n) && t->tag[n] == ' ';
}

/* A type's name as pahole prints it (dwarves' __tag__name()): "char * *",
 * "const char  *", "char * const *", "void ()(int)". */
static void pa_name(const skl_type *t, char *out, size_t outsz)
{
	char tmp[512];
	if (!t) {
		skl__fmt(out, outsz, "void");
		return;
	}
	switch (t->kind) {
	case SKL_K_BASE:
	case SKL_K_TYPEDEF:
		skl__fmt(out, outsz, "%s", t->tag ? t->tag : "");
		return;
	case SKL_K_POINTER:
		if (t->ref && t->ref->kind == SKL_K_BASE && t->ref->base == SKL_B_VOID) {
			skl__fmt(out, outsz, "void *");
		} else if (is_qual_alias(t->ref, "const") && t->ref->ref && t->ref->ref->kind == SKL_K_POINTER) {
			pa_name(t->ref->ref, tmp, sizeof(tmp));
			skl__fmt(out, outsz, "%s const *", tmp);
		} else {
			pa_name(t->ref, tmp, sizeof(tmp));
			skl__fmt(out, outsz, "%s *", tmp);
		}
		return;
	case SKL_K_ARRAY:
		pa_name(t->ref, out, outsz);
		return;
	case SKL_K_FUNC:
		pa_name(t->ref, tmp, sizeof(tmp));
		skl__fmt(out, outsz, "%s ()(%s)", tmp, t->params ? t->params : "void");
		return;
	case SKL_K_STRUCT:
	case SKL_K_UNION:
	case SKL_K_ENUM:
		skl__fmt(out, outsz, "%s %s",
			 t->kind == SKL_K_STRUCT  ? "struct"
			 : t->kind == SKL_K_UNION ? "union"
						  : "enum",
			 t->tag ? t->tag : "");
		return;
	}
}

/* A parameter's type as pahole lists it (dwarves' ftype__fprintf_parms()). */
static void param_name(const skl_type *t, char *out, size_t outsz)
{
	char tmp[512];
	if (t->kind == SKL_K_POINTER && t->ref && t->ref->kind == SKL_K_FUNC) {
		pa_name(t->ref->ref, tmp, sizeof(tmp));
		skl__fmt(out, outsz, "%s (*)(%s)", tmp, t->ref->params ? t->ref->params : "void");
		return;
	}
	pa_name(t, out, outsz);
}

/*
 * Qualifies t: const, volatile, restrict and _Atomic do not change a
 * layout, so a qualified type is a print-only alias of t named as pahole
 * prints it ("const char ", "volatile long unsigned int "). gcc's DWARF
 * puts const outside volatile; so does this.
 */
static skl_type *qualify(cp *p, skl_type *t, int qual)
{
	static const struct {
		int bit;
		const char *prefix, *suffix;
	} q[] = {{2, "volatile ", ""}, {4, "", " restrict"}, {1, "const ", ""}, {8, "_Atomic ", ""}};
	size_t i;
	for (i = 0; i < sizeof(q) / sizeof(q[0]) && t; i++) {
		char name[512], display[600];
		if (!(qual & q[i].bit))
			continue;
		pa_name(t, name, sizeof(name));
		skl__fmt(display, sizeof(display), "%s%s%s ", q[i].prefix, name, q[i].suffix);
		t = skl_type_alias(p->db, t, display);
		if (!t)
			oom(p);
	}
	return t;
}

/* Reads "(params)" after a function declarator; the '(' is current. */
static int params(cp *p, char *out, size_t outsz)
{
	size_t n = 0;
	int first = 1;
	out[0] = '\0';
	p->pos++; /* ( */
	if (accept(p, ")")) {
		skl__fmt(out, outsz, "void");
		return 0;
	}
	for (;;) {
		char one[512];
		if (accept(p, "...")) {
			skl__fmt(one, sizeof(one), "...");
		} else {
			spec s;
			skl_type *t;
			const skl__tok *name = NULL;
			attrs a = {0, 0};
			if (specifiers(p, &s, CTX_PARAM) < 0)
				return -1;
			if (first && is(p, ")") && s.type->kind == SKL_K_BASE && s.type->base == SKL_B_VOID) {
				skl__fmt(out, outsz, "void");
				p->pos++;
				return 0;
			}
			t = declarator(p, s.type, &name, &a);
			if (!t)
				return -1;
			/* arrays and functions decay to pointers */
			if (t->kind == SKL_K_ARRAY)
				t = skl_type_pointer(p->db, t->ref);
			else if (t->kind == SKL_K_FUNC)
				t = skl_type_pointer(p->db, t);
			if (!t)
				return oom(p);
			param_name(t, one, sizeof(one));
		}
		if (n + strlen(one) + 3 >= outsz)
			return perr(p, cur(p), "parameter list too long");
		n += (size_t)snprintf(out + n, outsz - n, "%s%s", first ? "" : ", ", one);
		first = 0;
		if (accept(p, ")"))
			return 0;
		if (!accept(p, ","))
			return expected(p, "',' or ')' in the parameter list");
	}
}

typedef struct suffix {
	int is_func;
	uint64_t count;
	char *params;
} suffix;

/* Array and function suffixes after a declarator's name, applied to t. */
static skl_type *suffixes(cp *p, skl_type *t)
{
	suffix sx[16];
	int n = 0, i;
	skl_type *r = t;
	for (;;) {
		if (is(p, "[")) {
			const skl__tok *open = cur(p);
			int64_t v = 0;
			if (n == 16) {
				perr(p, open, "too many array dimensions");
				goto fail;
			}
			p->pos++;
			while (in_list(cur(p), qual_words) || tok_is(cur(p), "static"))
				p->pos++;
			if (!is(p, "]")) {
				if (const_expr(p, &v) < 0)
					goto fail;
				if (v < 0) {
					/* 1UL << 63 and up come here as int64_t */
					perr(p, open, "array size %lld is negative%s", (long long)v,
					     v <= -(INT64_C(1) << 62) ? " (or, unsigned, 2^63 or more: too large)"
								      : "");
					goto fail;
				}
			}
			if (expect(p, "]", "to close the array size") < 0)
				goto fail;
			sx[n].is_func = 0;
			sx[n].count = (uint64_t)v;
			sx[n].params = NULL;
			n++;
		} else if (is(p, "(")) {
			char buf[2048];
			if (n == 16) {
				perr(p, cur(p), "declarator too complex");
				goto fail;
			}
			if (params(p, buf, sizeof(buf)) < 0)
				goto fail;
			sx[n].is_func = 1;
			sx[n].params = skl_strdup(buf);
			if (!sx[n].params) {
				oom(p);
				goto fail;
			}
			n++;
		} else {
			break;
		}
	}
	for (i = n - 1; i >= 0 && r; i--) {
		if (sx[i].is_func)
			r = skl_type_func(p->db, r, sx[i].params);
		else
			r = skl_type_array(p->db, r, sx[i].count);
	}
	if (!r)
		oom(p);
	for (i = 0; i < n; i++)
		skl_free(sx[i].params);
	return r;
fail:
	for (i = 0; i < n; i++)
		skl_free(sx[i].params);
	return NULL;
}

/* Is the '(' at the current position a grouping in a declarator (rather
 * than a parameter list)? */
static int grouping_paren(cp *p)
{
	const skl__tok *n = peek(p, 1);
	if (tok_is(n, "*") || tok_is(n, "(") || tok_is(n, "[") || tok_is(n, "^"))
		return 1;
	if (n->kind == SKL__TK_ID && !starts_type(p, n) && !in_list(n, storage_words))
		return 1;
	if (is_attr_start(n))
		return 1;
	return 0;
}

/*
 * Reads a declarator (named or abstract) over base. *name gets the
 * identifier or stays NULL; attributes go to a. NULL with the error set.
 */
static skl_type *declarator(cp *p, skl_type *base, const skl__tok **name, attrs *a)
{
	skl_type *t = base;
	if (++p->nest > MAX_NEST) {
		perr(p, cur(p), "declarator nested too deeply");
		return NULL;
	}
	if (attributes(p, a) < 0)
		goto fail;
	while (is(p, "*")) {
		int q = 0;
		p->pos++;
		t = skl_type_pointer(p->db, t);
		if (!t) {
			oom(p);
			goto fail;
		}
		for (;;) {
			if (in_list(cur(p), qual_words)) {
				q |= qual_bits(cur(p));
				p->pos++;
			} else if (is_attr_start(cur(p))) {
				if (attributes(p, a) < 0)
					goto fail;
			} else {
				break;
			}
		}
		if (q && !(t = qualify(p, t, q)))
			goto fail;
	}
	if (is(p, "(") && grouping_paren(p)) {
		int open = p->pos, after;
		const skl__tok *close;
		if (skip_parens(p) < 0)
			goto fail;
		close = &p->t[p->pos - 1];
		t = suffixes(p, t);
		if (!t)
			goto fail;
		after = p->pos;
		p->pos = open + 1;
		t = declarator(p, t, name, a);
		if (!t)
			goto fail;
		if (cur(p) != close) {
			expected(p, "')' to close the declarator");
			goto fail;
		}
		p->pos = after;
	} else {
		if (cur(p)->kind == SKL__TK_ID && !is_keyword(cur(p))) {
			*name = cur(p); /* a typedef's name too: "u32 u32;" is valid C */
			p->pos++;
		}
		t = suffixes(p, t);
		if (!t)
			goto fail;
	}
	if (attributes(p, a) < 0)
		goto fail;
	p->nest--;
	return t;
fail:
	p->nest--;
	return NULL;
}

/* ---- records and enums ---------------------------------------------------------------------- */

static int record_body(cp *p, skl_type *rec);

/* Reads "{ A, B = 3, ... }" into e; *packed_size gets the size the enum
 * takes with __attribute__((packed)) (the smallest that holds its values). */
static int enum_body(cp *p, skl_type *e, unsigned *packed_size)
{
	int64_t next = 0, lo = 0, hi = 0;
	int any = 0;
	p->pos++; /* { */
	while (!is(p, "}")) {
		const skl__tok *nt = cur(p);
		char name[256];
		int64_t v = next, dummy;
		attrs a = {0, 0};
		if (nt->kind == SKL__TK_PP)
			return perr(p, nt, "a preprocessor conditional inside an enum is not supported");
		if (nt->kind != SKL__TK_ID)
			return expected(p, "an enumerator name");
		p->pos++;
		if (attributes(p, &a) < 0)
			return -1;
		if (accept(p, "=") && const_expr(p, &v) < 0)
			return -1;
		tok_text(nt, name, sizeof(name));
		if (find_enumerator(p, nt->s, (size_t)nt->len, &dummy))
			return perr(p, nt, "enumerator '%s' is already defined", name);
		if (skl_enum_add(e, name, v, p->err) < 0)
			return perr(p, nt, "%s", p->err->msg);
		if (!any || v < lo)
			lo = v;
		if (!any || v > hi)
			hi = v;
		any = 1;
		next = (int64_t)((uint64_t)v + 1);
		if (!accept(p, ",") && !is(p, "}"))
			return expected(p, "',' or '}' in the enum");
	}
	if (!any)
		return perr(p, cur(p), "an enum needs at least one enumerator");
	p->pos++; /* } */
	skl_record_set_complete(e);
	/* gcc gives an enum int or unsigned int unless its values need more */
	if (lo < INT32_MIN || hi > (int64_t)UINT32_MAX)
		skl_enum_set_size(e, 8);
	if (lo >= -128 && hi <= (lo < 0 ? 127 : 255))
		*packed_size = 1;
	else if (lo >= -32768 && hi <= (lo < 0 ? 32767 : 65535))
		*packed_size = 2;
	else if (lo >= INT32_MIN && hi <= (lo < 0 ? INT32_MAX : (int64_t)UINT32_MAX))
		*packed_size = 4;
	else
		*packed_size = 8;
	return 0;
}

/* "struct", "union" or "enum" is current. */
static int record_specifier(cp *p, spec *s, int ctx)
{
	const skl__tok *kw = cur(p);
	skl_kind kind = tok_is(kw, "struct") ? SKL_K_STRUCT : tok_is(kw, "union") ? SKL_K_UNION : SKL_K_ENUM;
	const char *kwname = kind == SKL_K_STRUCT ? "struct" : kind == SKL_K_UNION ? "union" : "enum";
	attrs ta = {0, 0};
	const skl__tok *tag = NULL;
	skl_type *t;
	char tagbuf[256] = "";
	unsigned packed_size = 4;

	p->pos++;
	if (attributes(p, &ta) < 0)
		return -1;
	if (cur(p)->kind == SKL__TK_ID && !is_attr_start(cur(p))) {
		tag = cur(p);
		p->pos++;
		tok_text(tag, tagbuf, sizeof(tagbuf));
		if (attributes(p, &ta) < 0)
			return -1;
	}
	if (!tag && !is(p, "{")) {
		char what[64];
		skl__fmt(what, sizeof(what), "a tag or '{' after '%s'", kwname);
		return expected(p, what);
	}
	if (kind == SKL_K_ENUM) {
		t = skl_type_enum(p->db, tag ? tagbuf : NULL);
	} else {
		t = skl_type_record(p->db, kind, tag ? tagbuf : NULL);
	}
	if (!t)
		return oom(p);
	if (tag) {
		/* the same tag as the other kind of record? */
		static const skl_kind kinds[] = {SKL_K_STRUCT, SKL_K_UNION, SKL_K_ENUM};
		int k;
		for (k = 0; k < 3; k++) {
			if (kinds[k] == kind)
				continue;
			if (skl__ctype_find_tag(p->db, kinds[k], tagbuf, strlen(tagbuf)))
				return perr(p, tag, "'%s %s' was already declared as %s %s", kwname, tagbuf,
					    kinds[k] == SKL_K_STRUCT  ? "struct"
					    : kinds[k] == SKL_K_UNION ? "union"
								      : "enum",
					    tagbuf);
		}
	}
	if (is(p, "{")) {
		const skl__tok *brace = cur(p);
		if (ctx == CTX_PARAM || ctx == CTX_TYPENAME)
			return perr(p, brace, "a %s definition is not allowed here", kwname);
		if (t->complete && tag)
			return perr(p, tag, "redefinition of '%s %s'", kwname, tagbuf);
		if (kind == SKL_K_ENUM) {
			if (enum_body(p, t, &packed_size) < 0)
				return -1;
		} else {
			if (record_body(p, t) < 0)
				return -1;
		}
		if (attributes(p, &ta) < 0)
			return -1;
		s->tagged_def = tag != NULL;
		s->anon_record = !tag && kind != SKL_K_ENUM;
		if (ta.packed) {
			if (kind == SKL_K_ENUM)
				skl_enum_set_size(t, packed_size);
			else
				skl_record_set_packed(t, 1);
		}
		if (ta.aligned)
			skl_type_set_aligned(t, ta.aligned);
	} else {
		/* a use, or a forward declaration "struct T;" */
		s->tagged_def = 2;
		if (ta.aligned || ta.packed)
			return perr(p, tag, "attributes on '%s %s' without its body are not supported", kwname, tagbuf);
	}
	s->type = t;
	return 0;
}

/* ---- specifiers --------------------------------------------------------------------------------- */

/* Reads declaration specifiers into s. ctx says where: storage classes and
 * typedef only at file level. */
static int specifiers(cp *p, spec *s, int ctx)
{
	char words[128] = "";
	int nwords = 0;
	const skl__tok *first = cur(p);
	memset(s, 0, sizeof(*s));
	s->at = first;
	for (;;) {
		const skl__tok *t = cur(p);
		if (t->kind != SKL__TK_ID)
			break;
		if (in_list(t, qual_words)) {
			s->qual |= qual_bits(t);
			p->pos++;
		} else if (tok_is(t, "typedef")) {
			if (ctx != CTX_FILE)
				return perr(p, t, "'typedef' is only allowed at file level");
			s->is_typedef = 1;
			p->pos++;
		} else if (in_list(t, storage_words)) {
			if (ctx == CTX_MEMBER || ctx == CTX_TYPENAME)
				return perr(p, t, "'%.*s' is not allowed in a %s", t->len, t->s,
					    ctx == CTX_MEMBER ? "member declaration" : "type name");
			if (!tok_is(t, "register"))
				s->storage = 1;
			p->pos++;
		} else if (is_attr_start(t)) {
			if (attributes(p, &s->decl) < 0)
				return -1;
		} else if (in_list(t, base_words)) {
			if (s->type) {
				if (s->type->kind == SKL_K_TYPEDEF)
					return perr(p, t, "'%.*s' after the type name '%s'", t->len, t->s,
						    s->type->tag);
				return perr(p, t, "'%.*s' after a complete type", t->len, t->s);
			}
			if (strlen(words) + (size_t)t->len + 2 >= sizeof(words) || nwords > 8)
				return perr(p, t, "too many type words");
			if (nwords)
				strcat(words, " ");
			if (tok_is(t, "__signed") || tok_is(t, "__signed__"))
				strcat(words, "signed");
			else
				strncat(words, t->s, (size_t)t->len);
			nwords++;
			p->pos++;
		} else if (tok_is(t, "struct") || tok_is(t, "union") || tok_is(t, "enum")) {
			if (s->type || nwords)
				return perr(p, t, "'%.*s' after a type", t->len, t->s);
			if (record_specifier(p, s, ctx) < 0)
				return -1;
		} else if (tok_is(t, "typeof") || tok_is(t, "__typeof__") || tok_is(t, "__typeof")) {
			return perr(p, t, "'%.*s' is not supported: write the type", t->len, t->s);
		} else if (tok_is(t, "_Complex") || tok_is(t, "__complex__") || tok_is(t, "_Imaginary")) {
			return perr(p, t, "complex types are not supported");
		} else {
			skl_type *td;
			const skl__macro *m;
			if (s->type || nwords)
				break; /* the declarator's name */
			td = find_typedef(p->db, t->s, (size_t)t->len);
			if (!td && tok_is(t, "bool")) {
				td = skl_type_base(p->db, "_Bool");
			} else if (!td && (tok_is(t, "__int128_t") || tok_is(t, "__uint128_t"))) {
				td = skl_type_base(p->db, tok_is(t, "__int128_t") ? "__int128" : "unsigned __int128");
			}
			if (!td) {
				char name[128];
				tok_text(t, name, sizeof(name));
				m = skl__lex_macro(&p->lx, t->s, (size_t)t->len, p->pos);
				if (m)
					return perr(
					    p, t,
					    "'%s' is a macro (line %d); this reader does not expand macros in types",
					    name, m->line);
				return perr(p, t, "unknown type name '%s'", name);
			}
			s->type = td;
			p->pos++;
		}
	}
	if (nwords) {
		s->type = skl_type_base(p->db, words);
		if (!s->type)
			return perr(p, first, "'%s' is not a valid type", words);
	}
	if (!s->type) {
		if (s->qual && nwords == 0 && !s->type)
			return expected(p, "a type after the qualifier");
		return expected(p, ctx == CTX_FILE ? "a declaration" : "a type");
	}
	if (s->qual && !(s->type = qualify(p, s->type, s->qual)))
		return -1;
	return 0;
}

/* ---- member conditions -------------------------------------------------------------------------- */

static char *cond_dup_join(const char *a, const char *b)
{
	/* "a && b", parenthesising any side that has a top-level || */
	size_t n = strlen(a) + strlen(b) + 10;
	char *r = skl_malloc(n);
	int pa = strstr(a, "||") != NULL, pb = strstr(b, "||") != NULL;
	if (!r)
		return NULL;
	skl__fmt(r, n, "%s%s%s && %s%s%s", pa ? "(" : "", a, pa ? ")" : "", pb ? "(" : "", b, pb ? ")" : "");
	return r;
}

static char *cond_not(const char *a)
{
	size_t n = strlen(a) + 4;
	char *r = skl_malloc(n);
	int simple = 1;
	const char *q;
	if (!r)
		return NULL;
	for (q = a; *q; q++)
		if (!(isalnum((unsigned char)*q) || *q == '_'))
			simple = 0;
	if (a[0] == '!' && simple == 0) {
		/* "!X" -> "X" */
		int inner = 1;
		for (q = a + 1; *q; q++)
			if (!(isalnum((unsigned char)*q) || *q == '_'))
				inner = 0;
		if (inner) {
			skl__fmt(r, n, "%s", a + 1);
			return r;
		}
	}
	skl__fmt(r, n, simple ? "!%s" : "!(%s)", a);
	return r;
}

/* Handles a condition token inside a record body that opened at frame base. */
static int cond_token(cp *p, int base)
{
	const skl__tok *t = cur(p);
	cframe *f;
	p->pos++;
	if (t->pp == SKL__PP_IF) {
		if (skl_grow(&p->cf, &p->capcf, p->ncf, 8, sizeof(*p->cf)) < 0)
			return oom(p);
		f = &p->cf[p->ncf++];
		f->cur = skl_strdup(t->cond);
		f->prior = NULL;
		return f->cur ? 0 : oom(p);
	}
	if (p->ncf <= base)
		return perr(p, t, "this conditional began outside the struct body it ends in");
	f = &p->cf[p->ncf - 1];
	if (t->pp == SKL__PP_ENDIF) {
		skl_free(f->cur);
		skl_free(f->prior);
		p->ncf--;
		return 0;
	}
	{
		/* #elif / #else: no earlier branch, and (for #elif) the new condition */
		char *notcur = cond_not(f->cur), *prior;
		if (!notcur)
			return oom(p);
		prior = f->prior ? cond_dup_join(f->prior, notcur) : skl_strdup(notcur);
		skl_free(notcur);
		if (!prior)
			return oom(p);
		skl_free(f->prior);
		f->prior = prior;
		skl_free(f->cur);
		f->cur = NULL;
		if (t->pp == SKL__PP_ELIF)
			f->cur = skl_strdup(t->cond);
		else
			f->cur = skl_strdup("1");
		if (!f->cur)
			return oom(p);
	}
	return 0;
}

/* The condition of a member read now: the frames opened in this body. */
static char *member_cond(cp *p, int base)
{
	char *acc = NULL;
	int i;
	for (i = base; i < p->ncf; i++) {
		const cframe *f = &p->cf[i];
		char *part, *next;
		if (f->prior && strcmp(f->cur, "1") != 0)
			part = cond_dup_join(f->prior, f->cur);
		else if (f->prior)
			part = skl_strdup(f->prior);
		else
			part = skl_strdup(f->cur);
		if (!part) {
			skl_free(acc);
			return NULL;
		}
		if (!acc) {
			acc = part;
			continue;
		}
		next = cond_dup_join(acc, part);
		skl_free(acc);
		skl_free(part);
		if (!next)
			return NULL;
		acc = next;
	}
	return acc ? acc : skl_strdup("");
}

/* ---- record bodies ------------------------------------------------------------------------------- */

static int add_member(cp *p, skl_type *rec, const skl__tok *at, const char *name, skl_type *t, int bits, const attrs *a,
		      const char *cond)
{
	if (skl_record_add(rec, name, t, bits, a->aligned, cond, p->err) < 0)
		return perr(p, at, "%s", p->err->msg);
	rec->members[rec->nmembers - 1].packed = a->packed;
	skl_record_set_member_source(rec, at->line, at->col);
	return 0;
}

static int record_body(cp *p, skl_type *rec)
{
	const skl__tok *open = cur(p);
	int base = p->ncf;
	const char *kw = rec->kind == SKL_K_UNION ? "union" : "struct";
	skl_type_set_source(rec, p->file, open->line, open->col);
	if (++p->nest > MAX_NEST)
		return perr(p, open, "%s definitions nested too deeply", kw);
	p->pos++; /* { */
	for (;;) {
		spec s;
		const skl__tok *t = cur(p);
		char *cond;
		if (t->kind == SKL__TK_PP) {
			if (cond_token(p, base) < 0)
				return -1;
			continue;
		}
		if (tok_is(t, "}"))
			break;
		if (t->kind == SKL__TK_EOF) {
			perr(p, open, "'{' of this %s is never closed", kw);
			return -1;
		}
		if (accept(p, ";"))
			continue; /* a stray ';' is fine (gcc only warns) */
		if (tok_is(t, "_Static_assert") || tok_is(t, "static_assert"))
			return perr(p, t, "_Static_assert is not supported");
		if (specifiers(p, &s, CTX_MEMBER) < 0)
			return -1;
		cond = member_cond(p, base);
		if (!cond)
			return oom(p);
		if (is(p, ";")) {
			/* no declarator: an anonymous struct/union member, or just a nested type */
			if (s.anon_record) {
				if (add_member(p, rec, s.at, NULL, s.type, -1, &s.decl, cond) < 0)
					goto fail;
			} else if (!s.tagged_def) {
				perr(p, cur(p), "declaration does not declare a member: expected a member name");
				goto fail;
			}
			p->pos++;
			skl_free(cond);
			continue;
		}
		for (;;) {
			const skl__tok *name = NULL, *at = cur(p);
			attrs a = s.decl;
			int bits = -1;
			char namebuf[256];
			skl_type *mt = declarator(p, s.type, &name, &a);
			if (!mt)
				goto fail;
			if (is(p, ":")) {
				const skl__tok *colon = cur(p);
				int64_t w;
				p->pos++;
				if (const_expr(p, &w) < 0)
					goto fail;
				if (w < 0 || w > 128) {
					perr(p, colon, "bitfield width %lld is out of range", (long long)w);
					goto fail;
				}
				bits = (int)w;
				if (attributes(p, &a) < 0)
					goto fail;
			}
			if (!name && bits < 0) {
				if (cur(p)->kind == SKL__TK_ID)
					perr(p, cur(p), "unexpected '%.*s' in a member declaration (an unknown macro?)",
					     cur(p)->len, cur(p)->s);
				else
					expected(p, "a member name");
				goto fail;
			}
			if (mt->kind == SKL_K_FUNC) {
				perr(p, name ? name : at,
				     "member '%.*s' is a function; a struct can only hold a pointer to one",
				     name ? name->len : 0, name ? name->s : "");
				goto fail;
			}
			if (name)
				tok_text(name, namebuf, sizeof(namebuf));
			if (add_member(p, rec, name ? name : at, name ? namebuf : NULL, mt, bits, &a, cond) < 0)
				goto fail;
			if (accept(p, ","))
				continue;
			if (accept(p, ";"))
				break;
			expected(p, "';' after the member");
			goto fail;
		}
		skl_free(cond);
		continue;
	fail:
		skl_free(cond);
		return -1;
	}
	if (p->ncf != base)
		return perr(p, cur(p), "'}' inside an #if that began in this %s body: close it with #endif first", kw);
	p->pos++; /* } */
	p->nest--;
	skl_record_set_complete(rec);
	return 0;
}

/* ---- file level ------------------------------------------------------------------------------------ */

static int file_declaration(cp *p)
{
	spec s;
	const skl__tok *start = cur(p);
	if (start->kind == SKL__TK_PP)
		return perr(p, start,
			    "a preprocessor conditional here is not supported (only around struct and union members)");
	if (accept(p, ";"))
		return 0;
	if (tok_is(start, "_Static_assert") || tok_is(start, "static_assert"))
		return perr(p, start, "_Static_assert is not supported");
	if (start->kind == SKL__TK_ID && !starts_type(p, start) && !in_list(start, storage_words) &&
	    !tok_is(start, "typedef")) {
		char name[128];
		tok_text(start, name, sizeof(name));
		if (skl__lex_macro(&p->lx, start->s, (size_t)start->len, p->pos) || tok_is(peek(p, 1), "("))
			return perr(
			    p, start,
			    "'%s' looks like a macro use or a function call: this reader takes declarations only",
			    name);
		return perr(p, start, "unknown type name '%s'", name);
	}
	if (specifiers(p, &s, CTX_FILE) < 0)
		return -1;
	if (s.is_typedef && s.storage)
		return perr(p, s.at, "a typedef cannot have a storage class (extern, static, inline)");
	if (accept(p, ";")) {
		/* attributes before "struct" here apply to no object: gcc ignores them */
		if (s.is_typedef)
			return perr(p, cur(p), "typedef without a name");
		return 0;
	}
	for (;;) {
		const skl__tok *name = NULL, *at = cur(p);
		attrs a = s.decl;
		skl_type *t = declarator(p, s.type, &name, &a);
		if (!t)
			return -1;
		if (!name)
			return expected(p, at == cur(p) && (s.tagged_def || s.anon_record)
					       ? "';' after the definition"
					       : "a name in the declaration");
		if (is(p, "{"))
			return perr(p, cur(p), "function bodies are not supported: declare types only");
		if (is(p, "="))
			return perr(p, cur(p), "initialisers are not supported: declare types only");
		if (s.is_typedef) {
			char nb[256];
			skl_type *td;
			tok_text(name, nb, sizeof(nb));
			/* packed on a typedef is ignored by gcc (with a warning): so here */
			td = skl_type_typedef(p->db, nb, t, p->err);
			if (!td)
				return perr(p, name, "%s", p->err->msg);
			if (a.aligned)
				skl_type_set_aligned(td, a.aligned);
		}
		/* other declarations (variables, prototypes) declare no type: skipped */
		if (accept(p, ","))
			continue;
		if (accept(p, ";"))
			return 0;
		return expected(p, "';' after the declaration");
	}
}

/* ---- public --------------------------------------------------------------------------------------- */

static int cp_begin(cp *p, skl_typedb *db, const char *text, const char *file, int pp, const char *defines,
		    skl_error *err)
{
	memset(p, 0, sizeof(*p));
	p->work = &p->expansions;
	p->db = db;
	p->file = file ? file : "";
	p->err = err;
	if (defines) {
		const char *d = defines;
		while (*d) {
			char one[256];
			size_t n = 0;
			while (*d == ',' || *d == ' ')
				d++;
			while (*d && *d != ',' && n + 1 < sizeof(one))
				one[n++] = *d++;
			while (n && one[n - 1] == ' ')
				n--;
			one[n] = '\0';
			if (n && skl__lex_predefine(&p->lx, one) < 0)
				return -1;
		}
	}
	if (skl__lex(&p->lx, text, p->file, pp, err) < 0)
		return -1;
	p->t = p->lx.toks;
	return 0;
}

static void cp_end(cp *p)
{
	int i;
	for (i = 0; i < p->ncf; i++) {
		skl_free(p->cf[i].cur);
		skl_free(p->cf[i].prior);
	}
	skl_free(p->cf);
	skl__lex_free(&p->lx);
}

/* The prelude: each name and what it names, a base type's spelling or an
 * earlier entry, in the kernel's chains (u32 -> __u32 -> unsigned int) so
 * that pahole-style output prints the name the header used. */
static const char *const prelude[][2] = {
    /* include/uapi/asm-generic/int-ll64.h (every arch since 2.6.29's x86 switch) */
    {"__s8", "signed char"},
    {"__u8", "unsigned char"},
    {"__s16", "short"},
    {"__u16", "unsigned short"},
    {"__s32", "int"},
    {"__u32", "unsigned int"},
    {"__s64", "long long"},
    {"__u64", "unsigned long long"},
    /* include/asm-generic/int-ll64.h */
    {"s8", "__s8"},
    {"u8", "__u8"},
    {"s16", "__s16"},
    {"u16", "__u16"},
    {"s32", "__s32"},
    {"u32", "__u32"},
    {"s64", "__s64"},
    {"u64", "__u64"},
    /* include/uapi/linux/types.h: the bitwise types, plain integers to a compiler */
    {"__le16", "__u16"},
    {"__be16", "__u16"},
    {"__le32", "__u32"},
    {"__be32", "__u32"},
    {"__le64", "__u64"},
    {"__be64", "__u64"},
    {"__sum16", "__u16"},
    {"__wsum", "__u32"},
    /* <stdint.h>: the sizes glibc gives them on both ABIs (its x86_64
     * int64_t is a long, laid out as a long long there) */
    {"int8_t", "signed char"},
    {"uint8_t", "unsigned char"},
    {"int16_t", "short"},
    {"uint16_t", "unsigned short"},
    {"int32_t", "int"},
    {"uint32_t", "unsigned int"},
    {"int64_t", "long long"},
    {"uint64_t", "unsigned long long"},
    {"intptr_t", "long"},
    {"uintptr_t", "unsigned long"},
    /* <stddef.h> and include/linux/types.h: a long's size on ILP32 and LP64 */
    {"size_t", "unsigned long"},
    {"ssize_t", "long"},
    {"ptrdiff_t", "long"},
};

int skl_cparse_prelude(skl_typedb *db, skl_error *err)
{
	size_t i;
	for (i = 0; i < sizeof(prelude) / sizeof(prelude[0]); i++) {
		const char *name = prelude[i][0], *to = prelude[i][1];
		skl_type *target, *t;
		if (find_typedef(db, name, strlen(name)))
			continue; /* the database's own */
		target = skl_type_base(db, to);
		if (!target)
			target = find_typedef(db, to, strlen(to));
		assert(target); /* an earlier entry or a base type */
		t = skl_type_typedef(db, name, target, err);
		if (!t)
			return -1;
		t->weak = 1;
	}
	return 0;
}

int skl_cparse_defines(skl_typedb *db, const char *text, const char *filename, const char *defines, skl_error *err)
{
	cp p;
	skl_error local;
	int rc = -1;
	if (!err)
		err = &local;
	skl_error_clear(err);
	if (!db || !text)
		return skl_errorf(err, "skl_cparse: no database or no text");
	if (skl_cparse_prelude(db, err) < 0)
		return -1;
	if (cp_begin(&p, db, text, filename, 1, defines, err) < 0)
		goto out;
	while (cur(&p)->kind != SKL__TK_EOF)
		if (file_declaration(&p) < 0)
			goto out;
	rc = 0;
out:
	cp_end(&p);
	return rc;
}

int skl_cparse(skl_typedb *db, const char *text, const char *filename, skl_error *err)
{
	return skl_cparse_defines(db, text, filename, NULL, err);
}

int skl_cparse_member_decl(skl_typedb *db, const char *text, skl_cmember *out, skl_error *err)
{
	cp p;
	spec s;
	const skl__tok *name = NULL, *at;
	attrs a;
	skl_type *t;
	skl_error local;
	int rc = -1;
	if (!err)
		err = &local;
	skl_error_clear(err);
	memset(out, 0, sizeof(*out));
	out->bits = -1;
	if (!db || !text)
		return skl_errorf(err, "skl_cparse_member: no database or no text");
	if (cp_begin(&p, db, text, "", 0, NULL, err) < 0)
		goto out;
	if (specifiers(&p, &s, CTX_MEMBER) < 0)
		goto out;
	a = s.decl;
	at = cur(&p);
	if (is(&p, ";") || cur(&p)->kind == SKL__TK_EOF) {
		if (!s.anon_record) {
			expected(&p, "a member name");
			goto out;
		}
		t = s.type;
	} else {
		t = declarator(&p, s.type, &name, &a);
		if (!t)
			goto out;
		if (accept(&p, ":")) {
			int64_t w;
			const skl__tok *wt = cur(&p);
			if (const_expr(&p, &w) < 0)
				goto out;
			if (w < 0 || w > 128) {
				perr(&p, wt, "bitfield width %lld is out of range", (long long)w);
				goto out;
			}
			out->bits = (int)w;
			if (attributes(&p, &a) < 0)
				goto out;
		}
		if (!name && out->bits < 0) {
			expected(&p, "a member name");
			goto out;
		}
		if (t->kind == SKL_K_FUNC) {
			perr(&p, at, "a member cannot be a function; write a pointer to one: (*name)(...)");
			goto out;
		}
	}
	accept(&p, ";");
	if (cur(&p)->kind != SKL__TK_EOF) {
		if (is(&p, ","))
			perr(&p, cur(&p), "one member at a time: found ','");
		else
			expected(&p, "the end of the member declaration");
		goto out;
	}
	if (name)
		tok_text(name, out->name, sizeof(out->name));
	out->type = t;
	out->aligned = a.aligned;
	out->packed = a.packed;
	rc = 0;
out:
	cp_end(&p);
	return rc;
}

int skl_cparse_member(skl_typedb *db, const char *text, char *name, size_t namesz, skl_type **type, int *bits,
		      unsigned *aligned, skl_error *err)
{
	skl_cmember m;
	if (skl_cparse_member_decl(db, text, &m, err) < 0)
		return -1;
	if (m.packed)
		return skl_errorf(err, "__attribute__((packed)) on a single member is only taken inside a struct "
				       "definition");
	if (name && namesz)
		skl__fmt(name, namesz, "%s", m.name);
	if (type)
		*type = m.type;
	if (bits)
		*bits = m.bits;
	if (aligned)
		*aligned = m.aligned;
	return 0;
}

skl_type *skl_cparse_typename(skl_typedb *db, const char *text, skl_error *err)
{
	cp p;
	spec s;
	const skl__tok *name = NULL;
	attrs a;
	skl_type *t = NULL;
	skl_error local;
	if (!err)
		err = &local;
	skl_error_clear(err);
	if (!db || !text) {
		skl_errorf(err, "skl_cparse_typename: no database or no text");
		return NULL;
	}
	if (cp_begin(&p, db, text, "", 0, NULL, err) < 0)
		goto out;
	if (specifiers(&p, &s, CTX_TYPENAME) < 0)
		goto out;
	a = s.decl;
	t = declarator(&p, s.type, &name, &a);
	if (!t)
		goto out;
	if (name) {
		perr(&p, name, "a type name has no identifier: found '%.*s'", name->len, name->s);
		t = NULL;
		goto out;
	}
	if (cur(&p)->kind != SKL__TK_EOF) {
		expected(&p, "the end of the type name");
		t = NULL;
		goto out;
	}
	if (a.aligned || a.packed) {
		perr(&p, s.at, "attributes are not taken in a type name");
		t = NULL;
	}
out:
	cp_end(&p);
	return t;
}
