/*
 * cparse_lex.c - the C reader's lexer and its preprocessor subset.
 *
 * Turns source text into tokens with line and column, dropping comments.
 * Directives outside braces run like the C preprocessor, on the file's own
 * #defines (#include is ignored); conditionals inside braces are not
 * evaluated but handed to the parser as tokens, with their condition
 * normalised to the form skl_config_eval() reads ("CONFIG_A || !CONFIG_B").
 * Never expands macros in the token stream: the parser asks for a #define
 * by name where a constant may appear.
 */
#include "cparse_impl.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers --------------------------------------------------------- */

void skl__fmt(char *out, size_t outsz, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out, outsz, fmt, ap);
	va_end(ap);
}

static int is_id_start(int c)
{
	return isalpha(c) || c == '_' || c == '$';
}

static int is_id_char(int c)
{
	return isalnum(c) || c == '_' || c == '$';
}

void skl__tok_describe(const skl__tok *t, char *out, size_t outsz)
{
	switch (t->kind) {
	case SKL__TK_EOF:
		skl__fmt(out, outsz, "end of input");
		break;
	case SKL__TK_PP: {
		static const char *const names[] = {"if", "elif", "else", "endif"};
		skl__fmt(out, outsz, "'#%s'", names[t->pp]);
		break;
	}
	default:
		if (t->len > 40)
			skl__fmt(out, outsz, "'%.40s...'", t->s);
		else
			skl__fmt(out, outsz, "'%.*s'", t->len, t->s);
	}
}

static int push_tok(skl__lexer *lx, const skl__tok *t)
{
	if (skl_grow(&lx->toks, &lx->captoks, lx->ntoks, 256, sizeof(*lx->toks)) < 0)
		return skl_errorf(lx->err, "out of memory");
	lx->toks[lx->ntoks++] = *t;
	return 0;
}

static int add_macro(skl__lexer *lx, const char *name, size_t n, const char *body, int funclike, int line)
{
	skl__macro *m;
	if (skl_grow(&lx->macros, &lx->capmacros, lx->nmacros, 16, sizeof(*lx->macros)) < 0)
		return skl_errorf(lx->err, "out of memory");
	m = &lx->macros[lx->nmacros];
	m->name = skl_malloc(n + 1);
	if (!m->name)
		return skl_errorf(lx->err, "out of memory");
	memcpy(m->name, name, n);
	m->name[n] = '\0';
	m->body = NULL;
	if (body) {
		m->body = skl_strdup(body);
		if (!m->body) {
			skl_free(m->name);
			return skl_errorf(lx->err, "out of memory");
		}
	}
	m->funclike = funclike;
	m->at = lx->ntoks;
	m->line = line;
	m->busy = 0;
	{
		skl__ctype_ent *e = skl__ctype_map_put(&lx->mindex, m->name, n, 0);
		skl__macro_defs *d = e ? e->val : NULL;
		if (e && !d && (d = skl_calloc(1, sizeof(*d))))
			e->val = d;
		if (!d || skl_grow(&d->idx, &d->cap, d->n, 4, sizeof(*d->idx)) < 0) {
			skl_free(m->name);
			skl_free(m->body);
			return skl_errorf(lx->err, "out of memory");
		}
		d->idx[d->n++] = lx->nmacros;
	}
	lx->nmacros++;
	return 0;
}

int skl__lex_predefine(skl__lexer *lx, const char *def)
{
	const char *eq = strchr(def, '=');
	size_t n = eq ? (size_t)(eq - def) : strlen(def);
	return add_macro(lx, def, n, eq ? eq + 1 : "", 0, 0);
}

const skl__macro *skl__lex_macro(const skl__lexer *lx, const char *name, size_t n, int at)
{
	/* the newest definition made before token at: definitions of a name
	 * are in the order they were made, and so in the order of their at */
	const skl__ctype_ent *e = skl__ctype_map_get(&lx->mindex, name, n, 0);
	const skl__macro_defs *d = e ? e->val : NULL;
	const skl__macro *found;
	int lo = 0, hi;
	if (!d)
		return NULL;
	hi = d->n; /* the first definition after at is in [lo, hi] */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (d->idx[mid] < lx->nmacros && lx->macros[d->idx[mid]].at <= at)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	found = &lx->macros[d->idx[lo - 1]];
	return found->body ? found : NULL;
}

void skl__lex_free(skl__lexer *lx)
{
	int i;
	for (i = 0; i < lx->ntoks; i++)
		skl_free(lx->toks[i].cond);
	for (i = 0; i < lx->nmacros; i++) {
		skl_free(lx->macros[i].name);
		skl_free(lx->macros[i].body);
	}
	for (i = 0; i < (int)lx->mindex.cap; i++) {
		skl__macro_defs *d = lx->mindex.e[i].val;
		if (lx->mindex.e[i].key && d) {
			skl_free(d->idx);
			skl_free(d);
		}
	}
	skl__ctype_map_clear(&lx->mindex);
	skl_free(lx->toks);
	skl_free(lx->macros);
	memset(lx, 0, sizeof(*lx));
}

/* ---- integer constants ------------------------------------------------------- */

/* Reads a C integer constant (decimal, octal, hex, 0b binary; u/l
 * suffixes). Returns its length, 0 when s does not start one, -1 when it
 * is malformed or a floating constant (*is_float set). */
static int read_number(const char *s, uint64_t *v, int *is_float)
{
	const char *p = s, *digits;
	int base = 10;
	uint64_t acc = 0;
	*is_float = 0;
	if (!isdigit((unsigned char)*p))
		return 0;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
		base = 2;
		p += 2;
	} else if (p[0] == '0') {
		base = 8;
	}
	digits = p;
	for (;; p++) {
		int d;
		if (isdigit((unsigned char)*p))
			d = *p - '0';
		else if (base == 16 && isxdigit((unsigned char)*p))
			d = tolower((unsigned char)*p) - 'a' + 10;
		else
			break;
		if (d >= base) {
			if (base == 8 && d < 10) {
				/* maybe "09.5"; let the float check decide */
				acc = acc * 8 + 0;
				continue;
			}
			return -1;
		}
		if (acc > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			return -1;
		acc = acc * (uint64_t)base + (uint64_t)d;
	}
	if (p == digits && base != 8)
		return -1;
	if (*p == '.' || ((*p == 'e' || *p == 'E') && base != 16) || ((*p == 'p' || *p == 'P') && base == 16)) {
		*is_float = 1;
		while (is_id_char((unsigned char)*p) || *p == '.' ||
		       ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E' || p[-1] == 'p' || p[-1] == 'P')))
			p++;
		return (int)(p - s);
	}
	if (base == 8) {
		/* reject 08, 09 now that it is not a float */
		const char *q;
		for (q = digits; q < p; q++)
			if (*q > '7')
				return -1;
	}
	while (*p == 'u' || *p == 'U' || *p == 'l' || *p == 'L')
		p++;
	if (is_id_char((unsigned char)*p))
		return -1;
	*v = acc;
	return (int)(p - s);
}

/* Value of an escape sequence after the backslash; advances *pp. */
static int read_escape(const char **pp)
{
	const char *p = *pp;
	int c = (unsigned char)*p;
	if (!c)
		return 0; /* a backslash at the end of the text: stay on the terminator */
	p++;
	switch (c) {
	case 'n':
		c = '\n';
		break;
	case 't':
		c = '\t';
		break;
	case 'r':
		c = '\r';
		break;
	case '0':
	case '1':
	case '2':
	case '3':
	case '4':
	case '5':
	case '6':
	case '7': {
		int k = 1;
		c -= '0';
		while (k < 3 && *p >= '0' && *p <= '7') {
			c = c * 8 + (*p++ - '0');
			k++;
		}
		break;
	}
	case 'x':
		c = 0;
		while (isxdigit((unsigned char)*p)) {
			int d = isdigit((unsigned char)*p) ? *p - '0' : tolower((unsigned char)*p) - 'a' + 10;
			c = (c * 16 + d) & 0xff;
			p++;
		}
		break;
	case 'a':
		c = '\a';
		break;
	case 'b':
		c = '\b';
		break;
	case 'f':
		c = '\f';
		break;
	case 'v':
		c = '\v';
		break;
	case 'e':
		c = 27;
		break;
	default:
		break; /* \\ \' \" \? and the rest stand for themselves */
	}
	*pp = p;
	return c;
}

/* ---- directive conditions ------------------------------------------------------ */

/*
 * Two small readers of #if expressions. ev_* evaluates one like cpp does
 * (outside braces): names are #defines of this file, undefined ones are 0.
 * nz_* (inside braces) rewrites one into a config condition string.
 */
typedef struct cx {
	skl__lexer *lx;
	const char *s;
	const char *start;
	int line, col0; /* where s starts in the file */
	int depth;	/* macro expansion depth */
	int nest;	/* parentheses and prefix operators open */
	long *work;	/* macro expansions so far of the whole condition */
	char what[160]; /* first error, "" when none */
} cx;

/* How deep parentheses and ! - ~ may nest in a condition (each level is a
 * call), and how many macro expansions one condition may take (a chain of
 * macros that each use the one before twice doubles the work per link). */
#define COND_MAX_NEST 256
#define COND_MAX_EXPANSIONS 100000

static void cx_skip(cx *c)
{
	while (*c->s == ' ' || *c->s == '\t')
		c->s++;
}

static void cx_fail(cx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void cx_fail(cx *c, const char *fmt, ...)
{
	va_list ap;
	if (c->what[0])
		return;
	va_start(ap, fmt);
	vsnprintf(c->what, sizeof(c->what), fmt, ap);
	va_end(ap);
}

static int cx_ident(cx *c, const char **b, size_t *n)
{
	cx_skip(c);
	if (!is_id_start((unsigned char)*c->s))
		return 0;
	*b = c->s;
	while (is_id_char((unsigned char)*c->s))
		c->s++;
	*n = (size_t)(c->s - *b);
	return 1;
}

static int word_is(const char *b, size_t n, const char *w)
{
	return strlen(w) == n && !strncmp(b, w, n);
}

static int64_t ev_cond(cx *c);

static int64_t ev_macro_value(cx *c, const char *b, size_t n)
{
	const skl__macro *m = skl__lex_macro(c->lx, b, n, c->lx->ntoks);
	cx sub;
	int64_t v;
	char name[96];
	skl__fmt(name, sizeof(name), "%.*s", (int)(n < 80 ? n : 80), b);
	if (!m) {
		if (n > 7 && !strncmp(b, "CONFIG_", 7))
			cx_fail(c,
				"'%s' outside braces: config conditions are kept only around struct and union members",
				name);
		return 0;
	}
	if (m->funclike) {
		cx_fail(c, "function-like macro '%s' in a condition is not supported", name);
		return 0;
	}
	if (c->depth > 32) {
		cx_fail(c, "macro '%s' expands too deeply", name);
		return 0;
	}
	if (c->work && ++*c->work > COND_MAX_EXPANSIONS) {
		cx_fail(c, "macro '%s': the condition takes more than %d macro expansions", name, COND_MAX_EXPANSIONS);
		return 0;
	}
	sub = *c;
	sub.s = m->body;
	sub.depth = c->depth + 1;
	sub.what[0] = '\0';
	cx_skip(&sub);
	if (!*sub.s)
		return 0;
	v = ev_cond(&sub);
	cx_skip(&sub);
	if (!sub.what[0] && *sub.s)
		skl__fmt(sub.what, sizeof(sub.what), "macro '%s' is not a number", name);
	if (sub.what[0] && !c->what[0])
		skl__fmt(c->what, sizeof(c->what), "%s", sub.what);
	return v;
}

static int64_t ev_primary_in(cx *c);

/* A primary, with its nesting counted: "((((..." cannot run the stack out. */
static int64_t ev_primary(cx *c)
{
	int64_t v;
	if (c->nest >= COND_MAX_NEST) {
		cx_fail(c, "condition nested more than %d deep", COND_MAX_NEST);
		return 0;
	}
	c->nest++;
	v = ev_primary_in(c);
	c->nest--;
	return v;
}

static int64_t ev_primary_in(cx *c)
{
	const char *b;
	size_t n;
	cx_skip(c);
	if (*c->s == '(') {
		int64_t v;
		c->s++;
		v = ev_cond(c);
		cx_skip(c);
		if (*c->s != ')')
			cx_fail(c, "expected ')'%s", "");
		else
			c->s++;
		return v;
	}
	if (*c->s == '!') {
		c->s++;
		return !ev_primary(c);
	}
	if (*c->s == '-') {
		c->s++;
		return -ev_primary(c);
	}
	if (*c->s == '~') {
		c->s++;
		return ~ev_primary(c);
	}
	if (isdigit((unsigned char)*c->s)) {
		uint64_t v = 0;
		int isf, len = read_number(c->s, &v, &isf);
		if (len <= 0 || isf) {
			cx_fail(c, "bad number in condition%s", "");
			return 0;
		}
		c->s += len;
		return (int64_t)v;
	}
	if (*c->s == '\'') {
		const char *p = c->s + 1;
		int v;
		if (*p == '\\') {
			p++;
			v = read_escape(&p);
		} else {
			v = (unsigned char)*p;
			if (*p) /* never past the terminator */
				p++;
		}
		if (*p != '\'') {
			cx_fail(c, "bad character constant%s", "");
			return 0;
		}
		c->s = p + 1;
		return v;
	}
	if (cx_ident(c, &b, &n)) {
		if (word_is(b, n, "defined")) {
			int paren;
			cx_skip(c);
			paren = *c->s == '(';
			if (paren)
				c->s++;
			if (!cx_ident(c, &b, &n)) {
				cx_fail(c, "expected a name after 'defined'%s", "");
				return 0;
			}
			if (paren) {
				cx_skip(c);
				if (*c->s != ')') {
					cx_fail(c, "expected ')' after 'defined(NAME'%s", "");
					return 0;
				}
				c->s++;
			}
			{
				const skl__macro *m = skl__lex_macro(c->lx, b, n, c->lx->ntoks);
				char name[96];
				skl__fmt(name, sizeof(name), "%.*s", (int)(n < 80 ? n : 80), b);
				if (!m && n > 7 && !strncmp(b, "CONFIG_", 7))
					cx_fail(c,
						"'%s' outside braces: config conditions are kept only around struct "
						"and union members",
						name);
				return m != NULL;
			}
		}
		cx_skip(c);
		if (*c->s == '(') {
			char name[96];
			skl__fmt(name, sizeof(name), "%.*s", (int)(n < 80 ? n : 80), b);
			cx_fail(c, "function-like macro '%s' in a condition is not supported", name);
			return 0;
		}
		return ev_macro_value(c, b, n);
	}
	cx_fail(c, "unexpected '%.20s' in condition", *c->s ? c->s : "end of line");
	return 0;
}

static int64_t ev_binary(cx *c, int minprec)
{
	static const struct {
		const char *op;
		int prec;
	} ops[] = {
	    {"||", 1}, {"&&", 2}, {"|", 3}, {"^", 4}, {"&", 5}, {"==", 6}, {"!=", 6}, {"<=", 7}, {">=", 7},
	    {"<<", 8}, {">>", 8}, {"<", 7}, {">", 7}, {"+", 9}, {"-", 9},  {"*", 10}, {"/", 10}, {"%", 10},
	};
	int64_t v = ev_primary(c);
	for (;;) {
		size_t k, found = sizeof(ops) / sizeof(ops[0]);
		int64_t r;
		cx_skip(c);
		for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
			size_t n = strlen(ops[k].op);
			if (!strncmp(c->s, ops[k].op, n)) {
				/* "|" must not match "||", "&" not "&&" */
				if (n == 1 && (c->s[1] == c->s[0]) && (c->s[0] == '|' || c->s[0] == '&'))
					continue;
				found = k;
				break;
			}
		}
		if (found == sizeof(ops) / sizeof(ops[0]) || ops[found].prec < minprec || c->what[0])
			return v;
		c->s += strlen(ops[found].op);
		r = ev_binary(c, ops[found].prec + 1);
		switch (found) {
		case 0:
			v = v || r;
			break;
		case 1:
			v = v && r;
			break;
		case 2:
			v = v | r;
			break;
		case 3:
			v = v ^ r;
			break;
		case 4:
			v = v & r;
			break;
		case 5:
			v = v == r;
			break;
		case 6:
			v = v != r;
			break;
		case 7:
			v = v <= r;
			break;
		case 8:
			v = v >= r;
			break;
		case 9:
			v = r >= 0 && r < 64 ? (int64_t)((uint64_t)v << r) : 0;
			break;
		case 10:
			v = r >= 0 && r < 64 ? v >> r : 0;
			break;
		case 11:
			v = v < r;
			break;
		case 12:
			v = v > r;
			break;
		case 13:
			v = (int64_t)((uint64_t)v + (uint64_t)r);
			break;
		case 14:
			v = (int64_t)((uint64_t)v - (uint64_t)r);
			break;
		case 15:
			v = (int64_t)((uint64_t)v * (uint64_t)r);
			break;
		default:
			if (r == 0) {
				cx_fail(c, "division by zero in condition%s", "");
				return 0;
			}
			v = found == 16 ? v / r : v % r;
		}
	}
}

static int64_t ev_cond(cx *c)
{
	int64_t v = ev_binary(c, 1);
	cx_skip(c);
	if (*c->s == '?') {
		int64_t a, b;
		c->s++;
		a = ev_cond(c);
		cx_skip(c);
		if (*c->s != ':') {
			cx_fail(c, "expected ':' in condition%s", "");
			return 0;
		}
		c->s++;
		b = ev_cond(c);
		return v ? a : b;
	}
	return v;
}

/* -- normalising conditions inside braces -- */

typedef struct nstr {
	char s[480];
	int prec; /* 1 = ||, 2 = &&, 3 = unary or atom */
} nstr;

static void nz_or(cx *c, nstr *out);

static void nz_paren(nstr *x, int need)
{
	char tmp[480];
	if (x->prec >= need)
		return;
	skl__fmt(tmp, sizeof(tmp), "(%s)", x->s);
	memcpy(x->s, tmp, sizeof(tmp));
	x->prec = 3;
}

static void nz_name(cx *c, const char *b, size_t n, nstr *out)
{
	if (n > 200) {
		cx_fail(c, "name too long in condition%s", "");
		n = 200;
	}
	skl__fmt(out->s, sizeof(out->s), "%.*s", (int)n, b);
	out->prec = 3;
}

static void nz_atom_in(cx *c, nstr *out);

static void nz_atom(cx *c, nstr *out)
{
	if (c->nest >= COND_MAX_NEST) {
		out->s[0] = '\0';
		out->prec = 3;
		cx_fail(c, "condition nested more than %d deep", COND_MAX_NEST);
		return;
	}
	c->nest++;
	nz_atom_in(c, out);
	c->nest--;
}

static void nz_atom_in(cx *c, nstr *out)
{
	const char *b;
	size_t n;
	out->s[0] = '\0';
	out->prec = 3;
	cx_skip(c);
	if (*c->s == '!') {
		nstr x;
		c->s++;
		nz_atom(c, &x);
		nz_paren(&x, 3);
		skl__fmt(out->s, sizeof(out->s), "!%s", x.s);
		return;
	}
	if (*c->s == '(') {
		c->s++;
		nz_or(c, out);
		cx_skip(c);
		if (*c->s != ')')
			cx_fail(c, "expected ')' in condition%s", "");
		else
			c->s++;
		return;
	}
	if (isdigit((unsigned char)*c->s)) {
		uint64_t v = 0;
		int isf, len = read_number(c->s, &v, &isf);
		if (len <= 0 || isf) {
			cx_fail(c, "bad number in condition%s", "");
			return;
		}
		c->s += len;
		skl__fmt(out->s, sizeof(out->s), "%d", v != 0);
		return;
	}
	if (cx_ident(c, &b, &n)) {
		int paren;
		const char *nb;
		size_t nn;
		if (word_is(b, n, "defined")) {
			cx_skip(c);
			paren = *c->s == '(';
			if (paren)
				c->s++;
			if (!cx_ident(c, &nb, &nn)) {
				cx_fail(c, "expected a name after 'defined'%s", "");
				return;
			}
			if (paren) {
				cx_skip(c);
				if (*c->s != ')') {
					cx_fail(c, "expected ')' after 'defined(NAME'%s", "");
					return;
				}
				c->s++;
			}
			nz_name(c, nb, nn, out);
			return;
		}
		if (word_is(b, n, "IS_ENABLED") || word_is(b, n, "IS_BUILTIN") || word_is(b, n, "IS_MODULE") ||
		    word_is(b, n, "IS_REACHABLE")) {
			cx_skip(c);
			if (*c->s != '(' || (c->s++, !cx_ident(c, &nb, &nn)) || (cx_skip(c), *c->s != ')')) {
				cx_fail(c, "expected '(CONFIG_NAME)' after %s",
					word_is(b, n, "IS_MODULE") ? "IS_MODULE" : "IS_ENABLED");
				return;
			}
			c->s++;
			if (nn > 200)
				nn = 200;
			if (word_is(b, n, "IS_BUILTIN")) {
				nz_name(c, nb, nn, out);
			} else if (word_is(b, n, "IS_MODULE")) {
				skl__fmt(out->s, sizeof(out->s), "%.*s_MODULE", (int)nn, nb);
			} else {
				skl__fmt(out->s, sizeof(out->s), "%.*s || %.*s_MODULE", (int)nn, nb, (int)nn, nb);
				out->prec = 1;
			}
			return;
		}
		cx_skip(c);
		if (*c->s == '(') {
			char name[96];
			skl__fmt(name, sizeof(name), "%.*s", (int)(n < 80 ? n : 80), b);
			cx_fail(c, "function-like macro '%s' in a condition is not supported", name);
			return;
		}
		nz_name(c, b, n, out);
		return;
	}
	cx_fail(c, "unexpected '%.20s' in condition", *c->s ? c->s : "end of line");
}

static void nz_and(cx *c, nstr *out)
{
	nz_atom(c, out);
	for (;;) {
		nstr r;
		char tmp[480];
		cx_skip(c);
		if (c->s[0] != '&' || c->s[1] != '&' || c->what[0])
			return;
		c->s += 2;
		nz_atom(c, &r);
		nz_paren(out, 2);
		nz_paren(&r, 2);
		if (strlen(out->s) + strlen(r.s) + 5 > sizeof(tmp))
			cx_fail(c, "condition too long%s", "");
		skl__fmt(tmp, sizeof(tmp), "%s && %s", out->s, r.s);
		memcpy(out->s, tmp, sizeof(tmp));
		out->prec = 2;
	}
}

static void nz_or(cx *c, nstr *out)
{
	nz_and(c, out);
	for (;;) {
		nstr r;
		char tmp[480];
		cx_skip(c);
		if (c->s[0] != '|' || c->s[1] != '|' || c->what[0])
			return;
		c->s += 2;
		nz_and(c, &r);
		if (strlen(out->s) + strlen(r.s) + 5 > sizeof(tmp))
			cx_fail(c, "condition too long%s", "");
		skl__fmt(tmp, sizeof(tmp), "%s || %s", out->s, r.s);
		memcpy(out->s, tmp, sizeof(tmp));
		out->prec = 1;
	}
}

/* Does the condition name only things this file #defines (so it can be
 * decided now, like cpp would)? */
static int cond_is_static(skl__lexer *lx, const char *s)
{
	int any = 0;
	while (*s) {
		if (is_id_start((unsigned char)*s)) {
			const char *b = s;
			while (is_id_char((unsigned char)*s))
				s++;
			if (word_is(b, (size_t)(s - b), "defined"))
				continue;
			if (!skl__lex_macro(lx, b, (size_t)(s - b), lx->ntoks))
				return 0;
			any = 1;
		} else if (isdigit((unsigned char)*s)) {
			while (is_id_char((unsigned char)*s))
				s++;
		} else {
			s++;
		}
	}
	return any;
}

/* ---- the lexer proper ------------------------------------------------------------ */

typedef struct frame {
	int active; /* this branch is being read (file level) */
	int taken;  /* some branch was taken (file level) */
	int parent_active;
	int in_braces; /* opened inside braces: handed to the parser */
	int depth;     /* brace depth where it was opened */
	int seen_else;
	int line;
} frame;

typedef struct lstate {
	skl__lexer *lx;
	const char *p;
	const char *line_start;
	int line;
	int depth; /* braces */
	frame *fr;
	int nfr, capfr;
} lstate;

static int col_of(const lstate *st, const char *at)
{
	return (int)(at - st->line_start) + 1;
}

static int lerr(lstate *st, const char *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int lerr(lstate *st, const char *at, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return skl_errorf_at(st->lx->err, st->lx->file, st->line, col_of(st, at), "%s", msg);
}

static int skipping(const lstate *st)
{
	return st->nfr && !st->fr[st->nfr - 1].active;
}

/* Collects the rest of a directive line: joins backslash-newlines and drops
 * comments. Leaves st->p at the newline (or end). */
static int directive_rest(lstate *st, char *buf, size_t bufsz)
{
	size_t n = 0;
	const char *p = st->p;
	while (*p && *p != '\n') {
		if (p[0] == '\\' && p[1] == '\n') {
			p += 2;
			st->line++;
			st->line_start = p;
			continue;
		}
		if (p[0] == '\\' && p[1] == '\r' && p[2] == '\n') {
			p += 3;
			st->line++;
			st->line_start = p;
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
			break;
		}
		if (p[0] == '/' && p[1] == '*') {
			const char *start = p;
			p += 2;
			while (*p && !(p[0] == '*' && p[1] == '/')) {
				if (*p == '\n') {
					st->line++;
					st->line_start = p + 1;
				}
				p++;
			}
			if (!*p) {
				st->p = p;
				return lerr(st, start, "unterminated comment%s", "");
			}
			p += 2;
			if (n + 1 < bufsz)
				buf[n++] = ' ';
			continue;
		}
		if (*p == '\r') {
			p++;
			continue;
		}
		if (n + 1 < bufsz)
			buf[n++] = *p;
		else {
			st->p = p;
			return lerr(st, p, "directive too long%s", "");
		}
		p++;
	}
	while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\t'))
		n--;
	buf[n] = '\0';
	st->p = p;
	return 0;
}

static int push_frame(lstate *st, const frame *f)
{
	if (skl_grow(&st->fr, &st->capfr, st->nfr, 8, sizeof(*st->fr)) < 0)
		return skl_errorf(st->lx->err, "out of memory");
	st->fr[st->nfr++] = *f;
	return 0;
}

/* Evaluates a file-level condition; -1 on error. Errors point into cond
 * from at, or at at itself when pinned (cond was rewritten). */
static int eval_cond(lstate *st, const char *cond, const char *at, int pinned)
{
	cx c;
	int64_t v;
	long work = 0;
	memset(&c, 0, sizeof(c));
	c.lx = st->lx;
	c.s = cond;
	c.start = cond;
	c.work = &work;
	cx_skip(&c);
	if (!*c.s)
		return lerr(st, at, "#if with no condition%s", "");
	v = ev_cond(&c);
	cx_skip(&c);
	if (!c.what[0] && *c.s)
		skl__fmt(c.what, sizeof(c.what), "unexpected '%.20s' in condition", c.s);
	if (c.what[0])
		return lerr(st, pinned ? at : at + (c.s - cond), "%s", c.what);
	return v != 0;
}

static int eval_static(lstate *st, const char *cond, const char *at)
{
	return eval_cond(st, cond, at, 0);
}

/* Normalises a condition inside braces into *out (owned). */
static int normalise(lstate *st, const char *cond, const char *at, char **out)
{
	cx c;
	nstr r;
	if (cond_is_static(st->lx, cond)) {
		int v = eval_static(st, cond, at);
		if (v < 0)
			return -1;
		*out = skl_strdup(v ? "1" : "0");
		return *out ? 0 : skl_errorf(st->lx->err, "out of memory");
	}
	memset(&c, 0, sizeof(c));
	c.lx = st->lx;
	c.s = cond;
	cx_skip(&c);
	if (!*c.s)
		return lerr(st, at, "#if with no condition%s", "");
	nz_or(&c, &r);
	cx_skip(&c);
	if (!c.what[0] && *c.s) {
		if (strchr("=<>+-*/%&|^?", *c.s))
			skl__fmt(c.what, sizeof(c.what),
				 "'%.2s' in a condition inside braces is not supported: write it with names, "
				 "defined(), !, && and ||",
				 c.s);
		else
			skl__fmt(c.what, sizeof(c.what), "unexpected '%.20s' in condition", c.s);
	}
	if (c.what[0])
		return lerr(st, at + (c.s - cond), "%s", c.what);
	*out = skl_strdup(r.s);
	return *out ? 0 : skl_errorf(st->lx->err, "out of memory");
}

static int emit_pp(lstate *st, skl__pp pp, char *cond, const char *at, int line, int col)
{
	skl__tok t;
	memset(&t, 0, sizeof(t));
	t.kind = SKL__TK_PP;
	t.s = at;
	t.len = 1;
	t.line = line;
	t.col = col;
	t.pp = pp;
	t.cond = cond;
	if (push_tok(st->lx, &t) < 0) {
		skl_free(cond);
		return -1;
	}
	return 0;
}

/* Handles one directive; st->p is just after the '#'. */
static int directive(lstate *st, const char *hash)
{
	char name[32], rest[2048];
	const char *nb, *rest_at;
	size_t n = 0;
	int line = st->line, col = col_of(st, hash);
	while (*st->p == ' ' || *st->p == '\t')
		st->p++;
	nb = st->p;
	while (is_id_char((unsigned char)*st->p) && n + 1 < sizeof(name))
		name[n++] = *st->p++;
	name[n] = '\0';
	while (*st->p == ' ' || *st->p == '\t')
		st->p++;
	rest_at = st->p;
	if (directive_rest(st, rest, sizeof(rest)) < 0)
		return -1;

	if (!strcmp(name, "if") || !strcmp(name, "ifdef") || !strcmp(name, "ifndef")) {
		frame f;
		char *cond = NULL;
		memset(&f, 0, sizeof(f));
		f.line = line;
		f.depth = st->depth;
		f.parent_active = !skipping(st);
		if (!f.parent_active) {
			f.active = 0;
			f.taken = 1; /* nothing in it is read */
			return push_frame(st, &f);
		}
		if (strcmp(name, "if") != 0) {
			const char *p = rest;
			if (!is_id_start((unsigned char)*p))
				return lerr(st, rest_at, "expected a name after #%s", name);
			while (is_id_char((unsigned char)*p))
				p++;
			while (*p == ' ' || *p == '\t')
				p++;
			if (*p)
				return lerr(st, rest_at + (p - rest), "extra text after #%s NAME", name);
			if (!strcmp(name, "ifndef")) {
				memmove(rest + 1, rest, strlen(rest) + 1);
				rest[0] = '!';
			}
		}
		if (st->depth > 0) {
			const char *what = rest;
			char tmp[2100];
			if (strcmp(name, "if") != 0) {
				/* #ifdef X is defined(X) */
				skl__fmt(tmp, sizeof(tmp), "%sdefined(%s)", rest[0] == '!' ? "!" : "",
					 rest + (rest[0] == '!'));
				what = tmp;
			}
			if (normalise(st, what, rest_at, &cond) < 0)
				return -1;
			f.in_braces = 1;
			f.active = 1;
			f.taken = 1;
			if (push_frame(st, &f) < 0) {
				skl_free(cond);
				return -1;
			}
			return emit_pp(st, SKL__PP_IF, cond, hash, line, col);
		} else {
			int v;
			if (strcmp(name, "if") != 0) {
				char tmp[2100];
				skl__fmt(tmp, sizeof(tmp), "%sdefined(%s)", rest[0] == '!' ? "!" : "",
					 rest + (rest[0] == '!'));
				v = eval_cond(st, tmp, rest_at, 1);
			} else {
				v = eval_static(st, rest, rest_at);
			}
			if (v < 0)
				return -1;
			f.active = v;
			f.taken = v;
			return push_frame(st, &f);
		}
	}
	if (!strcmp(name, "elif") || !strcmp(name, "else") || !strcmp(name, "endif")) {
		frame *f;
		if (!st->nfr)
			return lerr(st, hash, "#%s without #if", name);
		f = &st->fr[st->nfr - 1];
		if (f->depth != st->depth && f->parent_active) {
			char msg[200];
			skl__fmt(msg, sizeof(msg),
				 "#%s is inside %s braces than the #if it belongs to (line %d): a conditional must "
				 "open and close at the same level",
				 name, st->depth > f->depth ? "deeper" : "fewer", f->line);
			return skl_errorf_at(st->lx->err, st->lx->file, line, col, "%s", msg);
		}
		if (f->seen_else && strcmp(name, "endif") != 0)
			return lerr(st, hash, "#%s after #else", name);
		if (!strcmp(name, "endif")) {
			int in_braces = f->in_braces;
			/* text after #endif: cpp only warns */
			st->nfr--;
			if (in_braces)
				return emit_pp(st, SKL__PP_ENDIF, NULL, hash, line, col);
			return 0;
		}
		if (!strcmp(name, "else")) {
			f->seen_else = 1;
			if (f->in_braces)
				return emit_pp(st, SKL__PP_ELSE, NULL, hash, line, col);
			f->active = f->parent_active && !f->taken;
			f->taken = 1;
			return 0;
		}
		/* elif */
		if (f->in_braces) {
			char *cond;
			if (normalise(st, rest, rest_at, &cond) < 0)
				return -1;
			return emit_pp(st, SKL__PP_ELIF, cond, hash, line, col);
		}
		if (!f->parent_active || f->taken) {
			f->active = 0;
			return 0;
		}
		{
			int v = eval_static(st, rest, rest_at);
			if (v < 0)
				return -1;
			f->active = v;
			f->taken = v;
		}
		return 0;
	}
	if (skipping(st))
		return 0;
	if (!strcmp(name, "include") || !strcmp(name, "include_next") || !strcmp(name, "ident") || !name[0])
		return 0;
	if (!strcmp(name, "define") || !strcmp(name, "undef")) {
		const char *p = rest;
		size_t nl;
		if (!is_id_start((unsigned char)*p))
			return lerr(st, rest_at, "expected a name after #%s", name);
		while (is_id_char((unsigned char)*p))
			p++;
		nl = (size_t)(p - rest);
		if (!strcmp(name, "undef"))
			return add_macro(st->lx, rest, nl, NULL, 0, line);
		if (*p == '(') {
			/* function-like: kept only so a use can say what it is */
			return add_macro(st->lx, rest, nl, p, 1, line);
		}
		while (*p == ' ' || *p == '\t')
			p++;
		return add_macro(st->lx, rest, nl, p, 0, line);
	}
	if (!strcmp(name, "pragma")) {
		if (!strncmp(rest, "once", 4) || !strncmp(rest, "GCC diagnostic", 14) ||
		    !strncmp(rest, "GCC visibility", 14) || !strncmp(rest, "clang", 5))
			return 0;
		return lerr(st, nb, "#pragma %s is not supported (it may change the layout)", rest);
	}
	if (!strcmp(name, "warning"))
		return 0;
	if (!strcmp(name, "error"))
		return lerr(st, nb, "#error %s", rest);
	return lerr(st, nb,
		    "unsupported directive #%s (the reader takes #if, #ifdef, #ifndef, #elif, #else, "
		    "#endif, #define, #undef and ignores #include)",
		    name);
}

int skl__lex(skl__lexer *lx, const char *src, const char *file, int pp_enabled, skl_error *err)
{
	lstate st;
	int bol = 1, rc = -1;
	skl__tok t;

	lx->src = src;
	lx->file = file ? file : "";
	lx->err = err;
	lx->pp_enabled = pp_enabled;
	memset(&st, 0, sizeof(st));
	st.lx = lx;
	st.p = src;
	st.line_start = src;
	st.line = 1;

	for (;;) {
		const char *p = st.p;
		int c = (unsigned char)*p;
		if (!c)
			break;
		if (c == '\n') {
			st.p++;
			st.line++;
			st.line_start = st.p;
			bol = 1;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			st.p++;
			continue;
		}
		if (c == '\\' && (p[1] == '\n' || (p[1] == '\r' && p[2] == '\n'))) {
			st.p += p[1] == '\n' ? 2 : 3;
			st.line++;
			st.line_start = st.p;
			continue;
		}
		if (c == '/' && p[1] == '/') {
			while (*st.p && *st.p != '\n')
				st.p++;
			continue;
		}
		if (c == '/' && p[1] == '*') {
			const char *q = p + 2;
			int l0 = st.line;
			const char *ls0 = st.line_start;
			while (*q && !(q[0] == '*' && q[1] == '/')) {
				if (*q == '\n') {
					st.line++;
					st.line_start = q + 1;
				}
				q++;
			}
			if (!*q) {
				st.line = l0;
				st.line_start = ls0;
				lerr(&st, p, "unterminated comment%s", "");
				goto out;
			}
			st.p = q + 2;
			continue;
		}
		if (c == '#' && bol) {
			if (!pp_enabled) {
				lerr(&st, p, "a preprocessor directive is not allowed here%s", "");
				goto out;
			}
			st.p++;
			if (directive(&st, p) < 0)
				goto out;
			continue;
		}
		bol = 0;
		if (skipping(&st)) {
			/* inside a false #if: skip to the end of the line, minding comments and quotes */
			if (c == '"' || c == '\'') {
				st.p++;
				while (*st.p && *st.p != c && *st.p != '\n') {
					if (*st.p == '\\' && st.p[1])
						st.p++;
					st.p++;
				}
				if (*st.p == c)
					st.p++;
			} else {
				st.p++;
			}
			continue;
		}

		memset(&t, 0, sizeof(t));
		t.s = p;
		t.line = st.line;
		t.col = col_of(&st, p);
		if (is_id_start(c)) {
			while (is_id_char((unsigned char)*st.p))
				st.p++;
			t.kind = SKL__TK_ID;
		} else if (isdigit(c) || (c == '.' && isdigit((unsigned char)p[1]))) {
			int isf = 0, len = c == '.' ? 0 : read_number(p, &t.num, &isf);
			if (c == '.' || isf) {
				const char *q = p + 1;
				while (is_id_char((unsigned char)*q) || *q == '.' ||
				       ((*q == '+' || *q == '-') && (q[-1] == 'e' || q[-1] == 'E')))
					q++;
				len = (int)(q - p);
				t.kind = SKL__TK_FLOAT;
			} else if (len < 0) {
				const char *q = p;
				while (is_id_char((unsigned char)*q))
					q++;
				{
					char num[64];
					skl__fmt(num, sizeof(num), "%.*s", (int)(q - p < 40 ? q - p : 40), p);
					lerr(&st, p, "malformed number '%s'", num);
				}
				goto out;
			} else {
				t.kind = SKL__TK_NUM;
			}
			st.p = p + len;
		} else if (c == '\'') {
			const char *q = p + 1;
			int v;
			if (*q == '\\') {
				q++;
				v = read_escape(&q);
			} else {
				v = (unsigned char)*q;
				if (*q && *q != '\n')
					q++;
			}
			if (*q != '\'') {
				lerr(&st, p, "unterminated character constant%s", "");
				goto out;
			}
			st.p = q + 1;
			t.kind = SKL__TK_CHAR;
			t.num = (uint64_t)(int64_t)(signed char)v;
		} else if (c == '"') {
			const char *q = p + 1;
			while (*q && *q != '"' && *q != '\n') {
				if (*q == '\\' && q[1])
					q++;
				q++;
			}
			if (*q != '"') {
				lerr(&st, p, "unterminated string%s", "");
				goto out;
			}
			st.p = q + 1;
			t.kind = SKL__TK_STR;
		} else {
			/* clang-format off */
			static const char *const puncts[] = {
				"...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
				"&&", "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##",
			};
			/* clang-format on */
			size_t k;
			int len = 0;
			for (k = 0; k < sizeof(puncts) / sizeof(puncts[0]); k++) {
				size_t n = strlen(puncts[k]);
				if (!strncmp(p, puncts[k], n)) {
					len = (int)n;
					break;
				}
			}
			if (!len) {
				if (!strchr("{}[]()<>;:,.*&+-~!/%^|?=#", c)) {
					char what[16];
					if (isprint(c))
						skl__fmt(what, sizeof(what), "'%c'", c);
					else
						skl__fmt(what, sizeof(what), "byte 0x%02x", c);
					lerr(&st, p, "stray %s in input", what);
					goto out;
				}
				len = 1;
			}
			st.p = p + len;
			t.kind = SKL__TK_PUNCT;
			if (c == '{' && len == 1)
				st.depth++;
			else if (c == '}' && len == 1 && st.depth > 0)
				st.depth--;
		}
		t.len = (int)(st.p - p);
		if (push_tok(lx, &t) < 0)
			goto out;
	}
	if (st.nfr) {
		frame *f = &st.fr[st.nfr - 1];
		skl_errorf_at(err, lx->file, f->line, 1, "#if without #endif (end of input reached)");
		goto out;
	}
	memset(&t, 0, sizeof(t));
	t.kind = SKL__TK_EOF;
	t.s = st.p;
	t.line = st.line;
	t.col = col_of(&st, st.p);
	if (push_tok(lx, &t) < 0)
		goto out;
	rc = 0;
out:
	skl_free(st.fr);
	return rc;
}
