/*
 * l_pattern.c - Lua's pattern functions (string.find, match, gmatch, gsub)
 * with a matcher that counts its steps against the run's instruction
 * budget. The library's own matcher runs in C where the instruction hook
 * never fires, so a pattern that backtracks ("(.-)(.-)(.-)x" over a long
 * string) could keep a scenario busy for hours; this one stops it with the
 * budget's error. Same patterns, results and error messages as Lua 5.4.
 *
 * Never reads or writes outside the subject and pattern strings; every
 * error is a Lua error.
 */
#include "lua_impl.h"

#include <lualib.h>

#include <ctype.h>
#include <string.h>

#define MAXCAP 32	   /* LUA_MAXCAPTURES */
#define MAXDEPTH 200	   /* MAXCCALLS: nested calls of the matcher */
#define CAP_UNF (-1)	   /* a capture still open */
#define CAP_POS (-2)	   /* a position capture () */
#define CHARGE_EVERY 1024u /* steps between charges to the budget */

typedef struct mstate {
	lua_State *L;
	const char *s0, *se; /* the subject */
	const char *pe;	     /* the pattern's end */
	int depth, ncap;
	unsigned steps;
	struct {
		const char *at;
		ptrdiff_t len;
	} cap[MAXCAP];
} mstate;

static void step(mstate *m)
{
	if (++m->steps >= CHARGE_EVERY) {
		unsigned n = m->steps;
		m->steps = 0;
		skl__charge(m->L, n);
	}
}

/* ---- classes and sets ----------------------------------------------------------------- */

/* %a, %d, ... (upper case: the complement); any other letter stands for itself */
static int class_match(int c, int cl)
{
	int r;
	switch (tolower(cl)) {
	case 'a':
		r = isalpha(c);
		break;
	case 'c':
		r = iscntrl(c);
		break;
	case 'd':
		r = isdigit(c);
		break;
	case 'g':
		r = isgraph(c);
		break;
	case 'l':
		r = islower(c);
		break;
	case 'p':
		r = ispunct(c);
		break;
	case 's':
		r = isspace(c);
		break;
	case 'u':
		r = isupper(c);
		break;
	case 'w':
		r = isalnum(c);
		break;
	case 'x':
		r = isxdigit(c);
		break;
	case 'z': /* deprecated, still read: the zero byte */
		r = c == 0;
		break;
	default:
		return cl == c;
	}
	if (isupper(cl))
		r = !r;
	return r != 0;
}

/* c against the set [ ... ] from p (its '[') to close (its ']') */
static int set_match(int c, const char *p, const char *close)
{
	int yes = 1;
	p++;
	if (*p == '^') {
		yes = 0;
		p++;
	}
	/* the first item may be a ']' that stands for itself */
	for (; p < close; p++) {
		if (*p == '%' && p + 1 < close) {
			p++;
			if (class_match(c, (unsigned char)*p))
				return yes;
		} else if (p + 2 < close && p[1] == '-') {
			if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2])
				return yes;
			p += 2;
		} else if ((unsigned char)*p == c) {
			return yes;
		}
	}
	return !yes;
}

/* The end of the single-character class at p: past "x", "%x" or "[...]". */
static const char *item_end(mstate *m, const char *p)
{
	if (*p == '%') {
		if (p + 1 >= m->pe)
			luaL_error(m->L, "malformed pattern (ends with '%%')");
		return p + 2;
	}
	if (*p == '[') {
		p++;
		if (p < m->pe && *p == '^')
			p++;
		do {
			if (p >= m->pe)
				luaL_error(m->L, "malformed pattern (missing ']')");
			if (*p++ == '%' && p < m->pe)
				p++;
		} while (p >= m->pe || *p != ']');
		return p + 1;
	}
	return p + 1;
}

/* Does the character at s match the item [p, ep)? */
static int single(const mstate *m, const char *s, const char *p, const char *ep)
{
	int c;
	if (s >= m->se)
		return 0;
	c = (unsigned char)*s;
	switch (*p) {
	case '.':
		return 1;
	case '%':
		return class_match(c, (unsigned char)p[1]);
	case '[':
		return set_match(c, p, ep - 1);
	default:
		return (unsigned char)*p == c;
	}
}

/* ---- the matcher ---------------------------------------------------------------------------- */

static const char *match(mstate *m, const char *s, const char *p);

static const char *greedy(mstate *m, const char *s, const char *p, const char *ep)
{
	ptrdiff_t n = 0;
	while (single(m, s + n, p, ep)) {
		n++;
		step(m);
	}
	for (; n >= 0; n--) {
		const char *r = match(m, s + n, ep + 1);
		if (r)
			return r;
	}
	return NULL;
}

static const char *lazy(mstate *m, const char *s, const char *p, const char *ep)
{
	for (;;) {
		const char *r = match(m, s, ep + 1);
		if (r)
			return r;
		if (!single(m, s, p, ep))
			return NULL;
		s++;
	}
}

static const char *open_capture(mstate *m, const char *s, const char *p, ptrdiff_t what)
{
	const char *r;
	if (m->ncap >= MAXCAP)
		luaL_error(m->L, "too many captures");
	m->cap[m->ncap].at = s;
	m->cap[m->ncap].len = what;
	m->ncap++;
	r = match(m, s, p);
	if (!r)
		m->ncap--;
	return r;
}

static const char *close_capture(mstate *m, const char *s, const char *p)
{
	int i;
	const char *r;
	for (i = m->ncap - 1; i >= 0 && m->cap[i].len != CAP_UNF; i--)
		;
	if (i < 0)
		luaL_error(m->L, "invalid pattern capture");
	m->cap[i].len = s - m->cap[i].at;
	r = match(m, s, p);
	if (!r)
		m->cap[i].len = CAP_UNF;
	return r;
}

/* %bxy: a run from x to its matching y */
static const char *balance(mstate *m, const char *s, const char *p)
{
	int open, close, depth = 1;
	if (p + 1 >= m->pe)
		luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
	if (s >= m->se || *s != *p)
		return NULL;
	open = *p;
	close = p[1];
	while (++s < m->se) {
		step(m);
		if (*s == close) {
			if (--depth == 0)
				return s + 1;
		} else if (*s == open) {
			depth++;
		}
	}
	return NULL;
}

/* %1 .. %9: the same text as capture d again */
static const char *backref(mstate *m, const char *s, int d)
{
	int i = d - '1';
	size_t len;
	if (i < 0 || i >= m->ncap || m->cap[i].len == CAP_UNF)
		luaL_error(m->L, "invalid capture index %%%d", i + 1);
	len = (size_t)m->cap[i].len;
	if ((size_t)(m->se - s) >= len && memcmp(m->cap[i].at, s, len) == 0)
		return s + len;
	return NULL;
}

/* The end of a match of [p, pe) at s, or NULL. */
static const char *match(mstate *m, const char *s, const char *p)
{
	if (++m->depth > MAXDEPTH)
		luaL_error(m->L, "pattern too complex");
	while (s && p < m->pe) {
		const char *ep;
		int ok;
		step(m);
		if (*p == '(') {
			s = p + 1 < m->pe && p[1] == ')' ? open_capture(m, s, p + 2, CAP_POS)
							 : open_capture(m, s, p + 1, CAP_UNF);
			break;
		}
		if (*p == ')') {
			s = close_capture(m, s, p + 1);
			break;
		}
		if (*p == '$' && p + 1 == m->pe) {
			s = s == m->se ? s : NULL;
			break;
		}
		if (*p == '%' && p + 1 < m->pe) {
			if (p[1] == 'b') {
				s = balance(m, s, p + 2);
				p += 4;
				continue;
			}
			if (p[1] == 'f') {
				int before, at;
				p += 2;
				if (p >= m->pe || *p != '[')
					luaL_error(m->L, "missing '[' after '%%f' in pattern");
				ep = item_end(m, p);
				before = s == m->s0 ? 0 : (unsigned char)s[-1];
				at = s < m->se ? (unsigned char)*s : 0;
				if (!set_match(before, p, ep - 1) && set_match(at, p, ep - 1)) {
					p = ep;
					continue;
				}
				s = NULL;
				break;
			}
			if (isdigit((unsigned char)p[1])) {
				s = backref(m, s, p[1]);
				p += 2;
				continue;
			}
		}
		/* a single-character item, perhaps with a quantifier */
		ep = item_end(m, p);
		ok = single(m, s, p, ep);
		if (ep < m->pe && *ep == '?') {
			const char *r;
			if (ok && (r = match(m, s + 1, ep + 1)) != NULL) {
				s = r;
				break;
			}
			p = ep + 1;
			continue;
		}
		if (ep < m->pe && *ep == '+') {
			s = ok ? greedy(m, s + 1, p, ep) : NULL;
			break;
		}
		if (ep < m->pe && *ep == '*') {
			s = greedy(m, s, p, ep);
			break;
		}
		if (ep < m->pe && *ep == '-') {
			s = lazy(m, s, p, ep);
			break;
		}
		if (!ok) {
			s = NULL;
			break;
		}
		s++;
		p = ep;
	}
	m->depth--;
	return s;
}

/* ---- captures to Lua ------------------------------------------------------------------------ */

/* Capture i (or the whole match [s, e) when there are none and i is 0). */
static void push_capture(mstate *m, int i, const char *s, const char *e)
{
	if (i >= m->ncap) {
		if (i != 0)
			luaL_error(m->L, "invalid capture index %%%d", i + 1);
		lua_pushlstring(m->L, s, (size_t)(e - s));
		return;
	}
	if (m->cap[i].len == CAP_UNF)
		luaL_error(m->L, "unfinished capture");
	if (m->cap[i].len == CAP_POS)
		lua_pushinteger(m->L, (lua_Integer)(m->cap[i].at - m->s0) + 1);
	else
		lua_pushlstring(m->L, m->cap[i].at, (size_t)m->cap[i].len);
}

/* All captures (the whole match when there are none and s is given). */
static int push_captures(mstate *m, const char *s, const char *e)
{
	int i, n = m->ncap == 0 && s ? 1 : m->ncap;
	luaL_checkstack(m->L, n, "too many captures");
	for (i = 0; i < n; i++)
		push_capture(m, i, s, e);
	return n;
}

static void init_state(mstate *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp)
{
	memset(m, 0, sizeof(*m));
	m->L = L;
	m->s0 = s;
	m->se = s + ls;
	m->pe = p + lp;
}

static void restart(mstate *m)
{
	m->ncap = 0;
	m->depth = 0;
}

/* A 1-based position (negative: from the end) as Lua 5.4 reads init. */
static size_t start_pos(lua_Integer pos, size_t len)
{
	if (pos > 0)
		return (size_t)pos;
	if (pos == 0 || pos < -(lua_Integer)len)
		return 1;
	return len + (size_t)pos + 1;
}

static int has_specials(const char *p, size_t lp)
{
	size_t i;
	for (i = 0; i < lp; i++)
		if (p[i] && strchr("^$*+?.([%-", p[i]))
			return 1;
	return 0;
}

/* ---- the library functions ---------------------------------------------------------------------- */

static int find_or_match(lua_State *L, int find)
{
	size_t ls, lp, init;
	const char *s = luaL_checklstring(L, 1, &ls), *p = luaL_checklstring(L, 2, &lp);
	mstate m;
	init = start_pos(luaL_optinteger(L, 3, 1), ls) - 1;
	if (init > ls) {
		luaL_pushfail(L);
		return 1;
	}
	if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
		/* a plain search, its steps counted too */
		const char *at = s + init, *end = s + ls;
		unsigned n = 0;
		if (lp == 0) {
			lua_pushinteger(L, (lua_Integer)init + 1);
			lua_pushinteger(L, (lua_Integer)init);
			return 2;
		}
		while ((size_t)(end - at) >= lp) {
			const char *c = memchr(at, p[0], (size_t)(end - at) - lp + 1);
			if (!c)
				break;
			if (++n >= CHARGE_EVERY) {
				skl__charge(L, n + lp / 64);
				n = 0;
			}
			if (memcmp(c, p, lp) == 0) {
				lua_pushinteger(L, (lua_Integer)(c - s) + 1);
				lua_pushinteger(L, (lua_Integer)(c - s) + (lua_Integer)lp);
				return 2;
			}
			at = c + 1;
		}
	} else {
		const char *s1 = s + init;
		int anchor = lp > 0 && *p == '^';
		if (anchor) {
			p++;
			lp--;
		}
		init_state(&m, L, s, ls, p, lp);
		do {
			const char *e;
			restart(&m);
			if ((e = match(&m, s1, p)) != NULL) {
				if (find) {
					lua_pushinteger(L, (lua_Integer)(s1 - s) + 1);
					lua_pushinteger(L, (lua_Integer)(e - s));
					return push_captures(&m, NULL, NULL) + 2;
				}
				return push_captures(&m, s1, e);
			}
		} while (s1++ < m.se && !anchor);
	}
	luaL_pushfail(L);
	return 1;
}

static int p_find(lua_State *L)
{
	return find_or_match(L, 1);
}

static int p_match(lua_State *L)
{
	return find_or_match(L, 0);
}

typedef struct gmatch_state {
	size_t pos;	/* where the next search starts */
	ptrdiff_t last; /* end of the last match, -1 = none */
} gmatch_state;

static int gmatch_next(lua_State *L)
{
	size_t ls, lp, pos;
	const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
	const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
	gmatch_state *g = lua_touserdata(L, lua_upvalueindex(3));
	mstate m;
	init_state(&m, L, s, ls, p, lp);
	for (pos = g->pos; pos <= ls; pos++) {
		const char *e;
		restart(&m);
		if ((e = match(&m, s + pos, p)) != NULL && e - s != g->last) {
			g->pos = (size_t)(e - s);
			g->last = e - s;
			return push_captures(&m, s + pos, e);
		}
	}
	g->pos = ls + 1;
	return 0;
}

static int p_gmatch(lua_State *L)
{
	size_t ls, init;
	gmatch_state *g;
	luaL_checklstring(L, 1, &ls);
	luaL_checkstring(L, 2);
	init = start_pos(luaL_optinteger(L, 3, 1), ls) - 1;
	lua_settop(L, 2);
	g = lua_newuserdatauv(L, sizeof(*g), 0);
	g->pos = init > ls ? ls + 1 : init;
	g->last = -1;
	lua_pushcclosure(L, gmatch_next, 3);
	return 1;
}

/* gsub's replacement string: %0 the match, %1-%9 captures, %% a '%' */
static void add_string(mstate *m, luaL_Buffer *b, const char *s, const char *e)
{
	size_t l, i;
	const char *news = lua_tolstring(m->L, 3, &l);
	for (i = 0; i < l; i++) {
		step(m);
		if (news[i] != '%') {
			luaL_addchar(b, news[i]);
			continue;
		}
		i++;
		if (i < l && news[i] == '%') {
			luaL_addchar(b, '%');
		} else if (i < l && isdigit((unsigned char)news[i])) {
			if (news[i] == '0')
				luaL_addlstring(b, s, (size_t)(e - s));
			else {
				push_capture(m, news[i] - '1', s, e);
				luaL_tolstring(m->L, -1, NULL);
				lua_remove(m->L, -2);
				luaL_addvalue(b);
			}
		} else {
			luaL_error(m->L, "invalid use of '%c' in replacement string", '%');
		}
	}
}

/* 1 when the match was replaced, 0 when it is kept as it was */
static int add_replacement(mstate *m, luaL_Buffer *b, const char *s, const char *e, int tr)
{
	lua_State *L = m->L;
	if (tr == LUA_TSTRING || tr == LUA_TNUMBER) {
		add_string(m, b, s, e);
		return 1;
	}
	if (tr == LUA_TFUNCTION) {
		int n;
		lua_pushvalue(L, 3);
		n = push_captures(m, s, e);
		lua_call(L, n, 1);
	} else {
		push_capture(m, 0, s, e);
		lua_gettable(L, 3);
	}
	if (!lua_toboolean(L, -1)) {
		lua_pop(L, 1);
		luaL_addlstring(b, s, (size_t)(e - s));
		return 0;
	}
	if (!lua_isstring(L, -1))
		return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
	luaL_addvalue(b);
	return 1;
}

static int p_gsub(lua_State *L)
{
	size_t ls, lp;
	const char *src = luaL_checklstring(L, 1, &ls), *p = luaL_checklstring(L, 2, &lp);
	const char *last = NULL;
	int tr = lua_type(L, 3), anchor, changed = 0;
	lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)ls + 1), n = 0;
	mstate m;
	luaL_Buffer b;
	luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
			 "string/function/table");
	anchor = lp > 0 && *p == '^';
	if (anchor) {
		p++;
		lp--;
	}
	luaL_buffinit(L, &b);
	init_state(&m, L, src, ls, p, lp);
	while (n < max) {
		const char *e;
		restart(&m);
		step(&m);
		if ((e = match(&m, src, p)) != NULL && e != last) {
			n++;
			changed |= add_replacement(&m, &b, src, e, tr);
			src = last = e;
		} else if (src < m.se) {
			luaL_addchar(&b, *src++);
		} else {
			break;
		}
		if (anchor)
			break;
	}
	if (!changed) {
		lua_pushvalue(L, 1);
	} else {
		luaL_addlstring(&b, src, (size_t)(m.se - src));
		luaL_pushresult(&b);
	}
	lua_pushinteger(L, n);
	return 2;
}

void skl__pattern_open(lua_State *L)
{
	static const luaL_Reg fns[] = {
	    {"find", p_find}, {"match", p_match}, {"gmatch", p_gmatch}, {"gsub", p_gsub}, {NULL, NULL}};
	lua_getglobal(L, LUA_STRLIBNAME);
	luaL_setfuncs(L, fns, 0);
	lua_pop(L, 1);
}
