/*
 * data.c - the Lua data files under assets/: kernel profiles
 * (assets/profiles/<name>.lua) and layout sets (assets/layouts/<set>/\*.lua).
 * Each file runs in its own empty environment with no library at all, a
 * heap cap and an instruction budget with a clock (a run's own when a
 * scenario loads it, a fixed one otherwise), and must return a table; what it
 * returns is checked key by key, so a typo is an error naming the file, the
 * record and the member. Never touches a scenario's state.
 */
#define _POSIX_C_SOURCE 200809L

#include "lua_impl.h"

#include "sklab/cparse.h"
#include "sklab/layout.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DATA_HEAP ((size_t)64 << 20)
#define DATA_INSTR ((uint64_t)50000000u)
#define DATA_MS 2000 /* and 2 s of the app's clock, outside a run */
#define DATA_MAX_SOURCE ((size_t)8 << 20)
#define DATA_MAX_DEPTH 16

/* A string literal of a file: where it is and on which line. */
typedef struct dlit {
	const char *s; /* in the file's src, not NUL-terminated */
	size_t n;
	int line;
} dlit;

typedef struct dfile {
	char display[400]; /* "assets/layouts/linux-2.4.16/sock.lua" */
	char *src;
	size_t len;
	dlit *lits; /* every string literal, sorted by text then line (NULL: lex again) */
	size_t nlits;
} dfile;

typedef struct dctx {
	size_t used;
	skl__budget *b;	 /* the run's, or own */
	skl__budget own; /* outside a run */
	skl_error *err;
	skl_typedb *db;
	dfile *files;
	int nfiles;
	skl_profile *prof;
	const char *want;     /* the profile name the file must carry */
	const char *cur;      /* the file running, for errors without a line */
	const char *data_dir; /* a layout set's: where same_as files are read */
	const char *set;      /* the set loading */
} dctx;

/* Raised (as a light userdata) after a data error has been put in err. */
static const char data_failed = 0;

int skl__valid_name(const char *name)
{
	const char *p;
	if (!name || !*name || !strcmp(name, ".") || !strcmp(name, "..") || strlen(name) >= 64)
		return 0;
	for (p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '.' && *p != '_' && *p != '-')
			return 0;
	return 1;
}

/* ---- the data sandbox -------------------------------------------------------- */

static void *d_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	dctx *c = ud;
	size_t old = ptr ? osize : 0;
	void *p;
	if (nsize == 0) {
		skl_free(ptr);
		c->used -= old;
		return NULL;
	}
	if (nsize > old && (nsize - old > DATA_HEAP || c->used > DATA_HEAP - (nsize - old)))
		return NULL;
	p = skl_realloc(ptr, nsize);
	if (p)
		c->used = c->used - old + nsize;
	return p;
}

/* A state for the data files of c, spending c's budget: the run's when
 * b is one, else a fixed budget of its own. */
static lua_State *d_state(dctx *c, skl__budget *b)
{
	lua_State *L = lua_newstate(d_alloc, c);
	if (!L)
		return NULL;
	if (!b) {
		skl__budget_fixed(&c->own, DATA_INSTR, DATA_MS, "data files");
		b = &c->own;
	}
	c->b = b;
	skl__budget_attach(L, b);
	return L;
}

/* Sets err and unwinds to the protected call. */
static int derr(lua_State *L, dctx *c, const dfile *f, int line, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static int derr(lua_State *L, dctx *c, const dfile *f, int line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	skl_errorf_at(c->err, f ? f->display : NULL, line, 0, "%s", msg);
	lua_pushlightuserdata(L, (void *)&data_failed);
	return lua_error(L);
}

/* Runs a file's chunk in an empty environment; leaves the table it returns. */
static void run_chunk(lua_State *L, dctx *c, const dfile *f)
{
	c->cur = f->display;
	lua_pushfstring(L, "@%s", f->display);
	if (luaL_loadbufferx(L, f->src, f->len, lua_tostring(L, -1), "t") != LUA_OK)
		lua_error(L);
	lua_remove(L, -2);
	lua_newtable(L);
	lua_setupvalue(L, -2, 1); /* _ENV: nothing but what the file defines */
	lua_call(L, 0, 1);
	if (lua_type(L, -1) != LUA_TTABLE)
		derr(L, c, f, 0, "must return a table, not %s", luaL_typename(L, -1));
}

/* Turns the outcome of a protected data call into err. */
static int d_finish(lua_State *L, dctx *c, int status, const char *file)
{
	if (status == LUA_OK)
		return 0;
	if (lua_touserdata(L, -1) == &data_failed)
		return -1;
	if (!file)
		file = c->cur;
	if (status == LUA_ERRMEM || lua_type(L, -1) != LUA_TSTRING) {
		skl_errorf_at(c->err, file, 0, 0, "data files use more than %d MiB", (int)(DATA_HEAP >> 20));
		return -1;
	}
	{
		/* "file:12: message" -> file, line, message */
		const char *m = lua_tostring(L, -1), *p;
		for (p = m; *p && *p != '\n'; p++) {
			if (*p == ':' && p > m && isdigit((unsigned char)p[1])) {
				const char *q = p + 1;
				while (isdigit((unsigned char)*q))
					q++;
				if (*q == ':') {
					char fbuf[256];
					snprintf(fbuf, sizeof(fbuf), "%.*s", (int)(p - m), m);
					q++;
					while (*q == ' ')
						q++;
					skl_errorf_at(c->err, fbuf, atoi(p + 1), 0, "%s", q);
					return -1;
				}
			}
		}
		skl_errorf_at(c->err, file, 0, 0, "%s", m);
	}
	return -1;
}

/* ---- reading files and directories --------------------------------------------- */

static void index_literals(dfile *f);
static void free_literals(dfile *f);

static int read_file(const char *path, dfile *f, skl_error *err)
{
	FILE *fp = fopen(path, "rb");
	long n;
	if (!fp)
		return skl_errorf_at(err, f->display, 0, 0, "cannot open the file");
	if (fseek(fp, 0, SEEK_END) != 0 || (n = ftell(fp)) < 0 || fseek(fp, 0, SEEK_SET) != 0) {
		fclose(fp);
		return skl_errorf_at(err, f->display, 0, 0, "cannot read the file");
	}
	if ((size_t)n > DATA_MAX_SOURCE) {
		fclose(fp);
		return skl_errorf_at(err, f->display, 0, 0, "file larger than %d MiB", (int)(DATA_MAX_SOURCE >> 20));
	}
	f->src = skl_malloc((size_t)n + 1);
	if (!f->src) {
		fclose(fp);
		return skl_errorf_at(err, f->display, 0, 0, "out of memory");
	}
	f->len = fread(f->src, 1, (size_t)n, fp);
	f->src[f->len] = '\0';
	fclose(fp);
	index_literals(f);
	return 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* Sorted entries of dir: directories (want_dirs) or "*.lua" files without
 * the suffix (strip) or with it. *out is skl_malloc'd rows of 64 chars. */
static int list_dir(const char *dir, int want_dirs, int strip, char (**out)[64])
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char(*names)[64] = NULL;
	int n = 0, cap = 0;
	*out = NULL;
	if (!d)
		return -1;
	while ((de = readdir(d)) != NULL) {
		const char *nm = de->d_name;
		size_t len = strlen(nm);
		char path[1200];
		struct stat st;
		if (nm[0] == '.' || len >= 64)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, nm);
		if (stat(path, &st) != 0)
			continue;
		if (want_dirs ? !S_ISDIR(st.st_mode)
			      : (!S_ISREG(st.st_mode) || len < 5 || strcmp(nm + len - 4, ".lua") != 0))
			continue;
		if (n == cap) {
			char(*d2)[64];
			cap = cap ? cap * 2 : 16;
			d2 = skl_realloc(names, (size_t)cap * sizeof(*names));
			if (!d2) {
				skl_free(names);
				closedir(d);
				return -1;
			}
			names = d2;
		}
		snprintf(names[n], 64, "%.*s", (int)(!want_dirs && strip ? len - 4 : len), nm);
		n++;
	}
	closedir(d);
	if (n)
		qsort(names, (size_t)n, sizeof(*names), cmp_name);
	*out = names;
	return n;
}

static int list_into(const char *dir, int want_dirs, char names[][64], int max)
{
	char(*all)[64];
	int n = list_dir(dir, want_dirs, 1, &all), i;
	for (i = 0; i < n && i < max; i++)
		memcpy(names[i], all[i], 64);
	skl_free(all);
	return n;
}

int skl_data_list_profiles(const char *data_dir, char names[][64], int max)
{
	char dir[1024];
	snprintf(dir, sizeof(dir), "%s/assets/profiles", data_dir ? data_dir : ".");
	return list_into(dir, 0, names, max);
}

int skl_data_list_layout_sets(const char *data_dir, char names[][64], int max)
{
	char dir[1024];
	snprintf(dir, sizeof(dir), "%s/assets/layouts", data_dir ? data_dir : ".");
	return list_into(dir, 1, names, max);
}

/* ---- finding a line for a message ------------------------------------------------- */

/*
 * A small Lua lexer, enough to find where things are: it walks strings,
 * comments and words, counting lines. For each string literal it calls
 * on_string(content, len, line); for each word followed by '=' (not '==')
 * it calls on_key(word, len, line). A callback returning nonzero stops the
 * walk and its value is returned.
 */
typedef int (*lex_fn)(void *ud, const char *s, size_t n, int line);

/* Length of a long bracket opening "[==[" at p (its level in *level), or 0. */
static size_t long_open(const char *p, const char *end, int *level)
{
	const char *q = p + 1;
	if (*p != '[')
		return 0;
	while (q < end && *q == '=')
		q++;
	if (q < end && *q == '[') {
		*level = (int)(q - p - 1);
		return (size_t)(q - p + 1);
	}
	return 0;
}

/* Does a long bracket of this level close at p ("]==]")? */
static int long_close(const char *p, const char *end, int level)
{
	int i;
	if (*p != ']' || end - p < level + 2)
		return 0;
	for (i = 1; i <= level; i++)
		if (p[i] != '=')
			return 0;
	return p[level + 1] == ']';
}

static int lex(const dfile *f, lex_fn on_string, lex_fn on_key, void *ud)
{
	const char *p = f->src, *end = f->src + f->len;
	int line = 1, level, r;
	size_t n;
	while (p < end) {
		if (*p == '\n') {
			line++;
			p++;
		} else if (p + 1 < end && p[0] == '-' && p[1] == '-') {
			p += 2;
			if ((n = long_open(p, end, &level)) != 0) {
				p += n;
				while (p < end && !long_close(p, end, level))
					line += *p++ == '\n';
				p = end - p > level + 2 ? p + level + 2 : end;
			} else {
				while (p < end && *p != '\n')
					p++;
			}
		} else if (*p == '"' || *p == '\'') {
			const char *b = ++p;
			int at = line;
			while (p < end && *p != b[-1] && *p != '\n')
				p += *p == '\\' && end - p > 1 ? 2 : 1;
			if (on_string && (r = on_string(ud, b, (size_t)(p - b), at)) != 0)
				return r;
			if (p < end && *p != '\n')
				p++;
		} else if ((n = long_open(p, end, &level)) != 0) {
			const char *b = p + n;
			int at = line;
			p = b;
			while (p < end && !long_close(p, end, level))
				line += *p++ == '\n';
			if (on_string && (r = on_string(ud, b, (size_t)(p - b), at)) != 0)
				return r;
			p = end - p > level + 2 ? p + level + 2 : end;
		} else if (isalpha((unsigned char)*p) || *p == '_') {
			const char *b = p, *q;
			while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
				p++;
			q = p;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			if (on_key && q < end && *q == '=' && (q + 1 >= end || q[1] != '=') &&
			    (r = on_key(ud, b, (size_t)(p - b), line)) != 0)
				return r;
		} else {
			p++;
		}
	}
	return 0;
}

typedef struct lex_find {
	const char *want;
	int from;
} lex_find;

static int match_at(void *ud, const char *s, size_t n, int line)
{
	const lex_find *q = ud;
	return line >= q->from && strlen(q->want) == n && !memcmp(s, q->want, n) ? line : 0;
}

static int lit_cmp(const char *a, size_t an, const char *b, size_t bn)
{
	int c = memcmp(a, b, an < bn ? an : bn);
	return c ? c : an < bn ? -1 : an > bn;
}

static int lit_order(const void *pa, const void *pb)
{
	const dlit *a = pa, *b = pb;
	int c = lit_cmp(a->s, a->n, b->s, b->n);
	return c ? c : (a->line > b->line) - (a->line < b->line);
}

typedef struct lit_acc {
	dfile *f;
	size_t cap;
	int failed;
} lit_acc;

static int lit_add(void *ud, const char *s, size_t n, int line)
{
	lit_acc *a = ud;
	if (a->f->nlits == a->cap) {
		size_t nc = a->cap ? a->cap * 2 : 256;
		dlit *d = skl_realloc(a->f->lits, nc * sizeof(*d));
		if (!d) {
			a->failed = 1;
			return 1;
		}
		a->f->lits = d;
		a->cap = nc;
	}
	a->f->lits[a->f->nlits].s = s;
	a->f->lits[a->f->nlits].n = n;
	a->f->lits[a->f->nlits].line = line;
	a->f->nlits++;
	return 0;
}

/* Lexes f once for the line numbers every member's error message may need
 * (find_literal); without the index (out of memory) it lexes each time. */
static void index_literals(dfile *f)
{
	lit_acc a;
	a.f = f;
	a.cap = 0;
	a.failed = 0;
	f->lits = NULL;
	f->nlits = 0;
	lex(f, lit_add, NULL, &a);
	if (a.failed) {
		skl_free(f->lits);
		f->lits = NULL;
		f->nlits = 0;
		return;
	}
	if (f->nlits)
		qsort(f->lits, f->nlits, sizeof(*f->lits), lit_order);
}

static void free_literals(dfile *f)
{
	skl_free(f->lits);
	f->lits = NULL;
	f->nlits = 0;
}

/* The line of the first string literal equal to s at or after line from, or 0. */
static int find_literal(const dfile *f, const char *s, int from)
{
	lex_find q;
	size_t lo = 0, hi = f->nlits, n = strlen(s);
	if (!*s)
		return 0;
	if (!f->lits) {
		q.want = s;
		q.from = from;
		return lex(f, match_at, NULL, &q);
	}
	while (lo < hi) { /* the first entry not before (s, from) */
		size_t mid = lo + (hi - lo) / 2;
		int c = lit_cmp(f->lits[mid].s, f->lits[mid].n, s, n);
		if (c < 0 || (c == 0 && f->lits[mid].line < from))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < f->nlits && !lit_cmp(f->lits[lo].s, f->lits[lo].n, s, n) ? f->lits[lo].line : 0;
}

/* The line where key is assigned ("key =") at or after line from, or 0. */
static int find_key(const dfile *f, const char *key, int from)
{
	lex_find q;
	q.want = key;
	q.from = from;
	return lex(f, NULL, match_at, &q);
}

/* ---- checking tables --------------------------------------------------------------- */

/* The first (sorted) key of the table at idx that is neither a string in
 * allowed nor an integer in 1..nint, written to out; 0 when there is none. */
static int bad_key(lua_State *L, int idx, const char *const *allowed, lua_Integer nint, char *out, size_t outsz)
{
	int found = 0;
	idx = lua_absindex(L, idx);
	out[0] = '\0';
	lua_pushnil(L);
	while (lua_next(L, idx)) {
		char key[96];
		int ok = 0;
		lua_pop(L, 1);
		if (lua_type(L, -1) == LUA_TSTRING) {
			const char *k = lua_tostring(L, -1);
			const char *const *a;
			for (a = allowed; a && *a; a++)
				if (!strcmp(*a, k))
					ok = 1;
			snprintf(key, sizeof(key), "unknown key '%.60s'", k);
		} else if (lua_isinteger(L, -1)) {
			lua_Integer i = lua_tointeger(L, -1);
			ok = i >= 1 && i <= nint;
			snprintf(key, sizeof(key), "unexpected entry [%lld]", (long long)i);
		} else {
			snprintf(key, sizeof(key), "unexpected %s key", luaL_typename(L, -1));
		}
		if (!ok && (!found || strcmp(key, out) < 0)) {
			snprintf(out, outsz, "%s", key);
			found = 1;
		}
	}
	return found;
}

static int is_ident(const char *s)
{
	if (!*s || (!isalpha((unsigned char)*s) && *s != '_'))
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

/* ---- profiles --------------------------------------------------------------------------- */

static const char *const profile_keys[] = {"name",	  "kernel",    "arch", "layouts", "allocator",
					   "page_size",	  "cacheline", "cpus", "ram_mb",  "config",
					   "description", "cache",     NULL};

static const char *const cache_keys[] = {"cpu", "memory", "transfer", "hitm", NULL};
static const char *const cache_level_keys[] = {"name", "size_kb", "assoc", "line", "latency", NULL};

/* A string field; required ones must be there. Copies into out. */
static void p_string(lua_State *L, dctx *c, const dfile *f, const char *key, int required, char *out, size_t outsz)
{
	int t = lua_getfield(L, -1, key);
	if (t == LUA_TNIL) {
		if (required)
			derr(L, c, f, 0, "missing key '%s'", key);
	} else if (t != LUA_TSTRING) {
		derr(L, c, f, find_key(f, key, 1), "key '%s' must be a string, not %s", key, luaL_typename(L, -1));
	} else {
		size_t len;
		const char *s = lua_tolstring(L, -1, &len);
		if (len >= outsz)
			derr(L, c, f, find_key(f, key, 1), "key '%s' is longer than %d bytes", key, (int)outsz - 1);
		memcpy(out, s, len + 1);
	}
	lua_pop(L, 1);
}

/* An integer field in [lo, hi], a power of two when pow2. */
static uint64_t p_int(lua_State *L, dctx *c, const dfile *f, const char *key, int required, uint64_t def, uint64_t lo,
		      uint64_t hi, int pow2)
{
	int t = lua_getfield(L, -1, key);
	lua_Integer v;
	if (t == LUA_TNIL) {
		if (required)
			derr(L, c, f, 0, "missing key '%s'", key);
		lua_pop(L, 1);
		return def;
	}
	if (t != LUA_TNUMBER || !lua_isinteger(L, -1))
		derr(L, c, f, find_key(f, key, 1), "key '%s' must be an integer, not %s", key,
		     t == LUA_TNUMBER ? "a fraction" : luaL_typename(L, -1));
	v = lua_tointeger(L, -1);
	if (v < 0 || (uint64_t)v < lo || (uint64_t)v > hi || (pow2 && (v & (v - 1))))
		derr(L, c, f, find_key(f, key, 1), "key '%s' is %lld; it must be %s between %llu and %llu", key,
		     (long long)v, pow2 ? "a power of two" : "a whole number", (unsigned long long)lo,
		     (unsigned long long)hi);
	lua_pop(L, 1);
	return (uint64_t)v;
}

/* Checks a comma-separated option list or an array of option names and
 * writes it comma-separated. */
static void p_config(lua_State *L, dctx *c, const dfile *f, char *out, size_t outsz)
{
	int t = lua_getfield(L, -1, "config");
	int line = find_key(f, "config", 1);
	out[0] = '\0';
	if (t == LUA_TSTRING) {
		size_t len;
		const char *s = lua_tolstring(L, -1, &len);
		if (len >= outsz)
			derr(L, c, f, line, "key 'config' is longer than %d bytes", (int)outsz - 1);
		memcpy(out, s, len + 1);
	} else if (t == LUA_TTABLE) {
		lua_Integer n = (lua_Integer)lua_rawlen(L, -1), i;
		char bad[96];
		if (bad_key(L, -1, NULL, n, bad, sizeof(bad)))
			derr(L, c, f, line, "key 'config': %s (a list of option names)", bad);
		for (i = 1; i <= n; i++) {
			size_t len = strlen(out);
			const char *s;
			if (lua_rawgeti(L, -1, i) != LUA_TSTRING)
				derr(L, c, f, line, "key 'config': entry %lld is %s, not a string", (long long)i,
				     luaL_typename(L, -1));
			s = lua_tostring(L, -1);
			if (len + strlen(s) + 2 > outsz)
				derr(L, c, f, line, "key 'config' is longer than %d bytes", (int)outsz - 1);
			snprintf(out + len, outsz - len, "%s%s", len ? "," : "", s);
			lua_pop(L, 1);
		}
	} else if (t != LUA_TNIL) {
		derr(L, c, f, line, "key 'config' must be a list of option names, not %s", luaL_typename(L, -1));
	}
	lua_pop(L, 1);
	{
		const char *p;
		for (p = out; *p; p++)
			if (!isalnum((unsigned char)*p) && *p != '_' && *p != ',' && *p != '=' && *p != ' ')
				derr(L, c, f, line, "key 'config': '%c' cannot be in an option name", *p);
	}
}

/* The era's machine: cache = { cpu = "...", memory = cycles, { name = "L1d",
 * size_kb = 16, assoc = 4, line = 32, latency = 3 }, ... }, fetch levels
 * first, then unified ones in order. Optional. */
static void p_cache(lua_State *L, dctx *c, const dfile *f, skl_profile *p)
{
	char bad[96];
	int t = lua_getfield(L, -1, "cache"), line = find_key(f, "cache", 1);
	lua_Integer i, n;
	if (t == LUA_TNIL) {
		lua_pop(L, 1);
		return;
	}
	if (t != LUA_TTABLE)
		derr(L, c, f, line, "key 'cache' must be a table, not %s", luaL_typename(L, -1));
	n = (lua_Integer)lua_rawlen(L, -1);
	if (bad_key(L, -1, cache_keys, n, bad, sizeof(bad)))
		derr(L, c, f, line, "key 'cache': %s", bad);
	if (n < 1 || n > SKL_PROFILE_MAX_CACHES)
		derr(L, c, f, line, "key 'cache' lists %d levels; it must list 1 to %d", (int)n,
		     SKL_PROFILE_MAX_CACHES);
	p_string(L, c, f, "cpu", 1, p->cpu, sizeof(p->cpu));
	p->mem_latency = (unsigned)p_int(L, c, f, "memory", 1, 100, 1, 100000, 0);
	p->transfer_latency = (unsigned)p_int(L, c, f, "transfer", 0, 0, 1, 100000, 0);
	p->hitm_latency = (unsigned)p_int(L, c, f, "hitm", 0, 0, 1, 100000, 0);
	for (i = 1; i <= n; i++) {
		skl_profile_cache *pc = &p->caches[i - 1];
		if (lua_rawgeti(L, -1, i) != LUA_TTABLE)
			derr(L, c, f, line, "key 'cache': level %d must be a table, not %s", (int)i,
			     luaL_typename(L, -1));
		if (bad_key(L, -1, cache_level_keys, 0, bad, sizeof(bad)))
			derr(L, c, f, line, "key 'cache': level %d: %s", (int)i, bad);
		p_string(L, c, f, "name", 1, pc->name, sizeof(pc->name));
		pc->size = p_int(L, c, f, "size_kb", 1, 0, 1, (uint64_t)1 << 22, 0) << 10;
		pc->assoc = (unsigned)p_int(L, c, f, "assoc", 1, 0, 1, 1u << 20, 0);
		pc->line = (unsigned)p_int(L, c, f, "line", 1, 0, 8, 4096, 1);
		pc->latency = (unsigned)p_int(L, c, f, "latency", 1, 0, 0, 100000, 0);
		{
			uint64_t per = (uint64_t)pc->assoc * pc->line, sets = per ? pc->size / per : 0;
			if (!sets || pc->size % per || (sets & (sets - 1)))
				derr(L, c, f, find_key(f, "size_kb", 1),
				     "key 'cache': level '%s': %llu bytes in %u-way sets of %u-byte lines is not a "
				     "power-of-two number of sets",
				     pc->name, (unsigned long long)pc->size, pc->assoc, pc->line);
		}
		lua_pop(L, 1);
	}
	p->ncaches = (unsigned)n;
	lua_pop(L, 1);
}

static int load_profile_p(lua_State *L)
{
	dctx *c = lua_touserdata(L, 1);
	const dfile *f = &c->files[0];
	skl_profile *p = c->prof;
	char bad[96], arch[32] = "";
	lua_settop(L, 0);
	run_chunk(L, c, f);
	if (bad_key(L, -1, profile_keys, 0, bad, sizeof(bad))) {
		char k[80] = "";
		sscanf(bad, "unknown key '%79[^']'", k);
		derr(L, c, f, k[0] ? find_key(f, k, 1) : 0, "%s", bad);
	}
	p_string(L, c, f, "name", 1, p->name, sizeof(p->name));
	if (strcmp(p->name, c->want) != 0)
		derr(L, c, f, find_key(f, "name", 1), "name '%s' does not match the file name '%s.lua'", p->name,
		     c->want);
	p_string(L, c, f, "kernel", 1, p->kernel, sizeof(p->kernel));
	if (skl_kversion_parse(p->kernel, &p->version) < 0)
		derr(L, c, f, find_key(f, "kernel", 1),
		     "key 'kernel' is '%s', not a release (MAJOR.MINOR, as in 2.4.16)", p->kernel);
	p_string(L, c, f, "arch", 1, arch, sizeof(arch));
	p->abi = skl_abi_find(arch);
	if (!p->abi)
		derr(L, c, f, find_key(f, "arch", 1), "unknown arch '%s' (known: i386, x86_64)", arch);
	p_string(L, c, f, "layouts", 1, p->layouts, sizeof(p->layouts));
	if (!skl__valid_name(p->layouts))
		derr(L, c, f, find_key(f, "layouts", 1), "key 'layouts': '%s' is not a layout set name", p->layouts);
	{
		char alloc[16] = "slab";
		skl_error e;
		skl_error_clear(&e);
		p_string(L, c, f, "allocator", 0, alloc, sizeof(alloc));
		if (skl_allocator_parse(alloc, &p->allocator, &e) < 0)
			derr(L, c, f, find_key(f, "allocator", 1), "key 'allocator': %s", e.msg);
	}
	p->page_size = (unsigned)p_int(L, c, f, "page_size", 1, 4096, 1024, 65536, 1);
	p->cacheline = (unsigned)p_int(L, c, f, "cacheline", 1, 64, 8, 1024, 1);
	p->cpus = (unsigned)p_int(L, c, f, "cpus", 0, 1, 1, 4096, 0);
	p->ram_bytes = p_int(L, c, f, "ram_mb", 0, 128, 1, (uint64_t)1 << 20, 0) << 20;
	p_config(L, c, f, p->config, sizeof(p->config));
	p_string(L, c, f, "description", 0, p->description, sizeof(p->description));
	p_cache(L, c, f, p);
	return 0;
}

int skl__data_profile(const char *data_dir, const char *name, skl_profile *out, skl__budget *b, skl_error *err)
{
	dctx c;
	dfile f;
	lua_State *L;
	char path[1200];
	int rc = -1, status;
	skl_error local;
	if (!err)
		err = &local;
	skl_error_clear(err);
	if (!skl__valid_name(name))
		return skl_errorf(err, "'%s' is not a profile name (letters, digits, '.', '_' and '-')",
				  name ? name : "(null)");
	memset(&c, 0, sizeof(c));
	memset(&f, 0, sizeof(f));
	snprintf(f.display, sizeof(f.display), "assets/profiles/%s.lua", name);
	snprintf(path, sizeof(path), "%s/%s", data_dir ? data_dir : ".", f.display);
	{
		struct stat st;
		if (stat(path, &st) != 0)
			return skl_errorf(err, "unknown profile '%s' (there is no %s)", name, f.display);
	}
	if (read_file(path, &f, err) < 0)
		return -1;
	memset(out, 0, sizeof(*out));
	c.err = err;
	c.files = &f;
	c.nfiles = 1;
	c.prof = out;
	c.want = name;
	L = d_state(&c, b);
	if (!L) {
		skl_errorf_at(err, f.display, 0, 0, "out of memory");
		goto out_src;
	}
	lua_pushcfunction(L, load_profile_p);
	lua_pushlightuserdata(L, &c);
	status = lua_pcall(L, 1, 0, 0);
	rc = d_finish(L, &c, status, f.display);
	lua_close(L);
out_src:
	free_literals(&f);
	skl_free(f.src);
	if (rc < 0)
		memset(out, 0, sizeof(*out));
	return rc;
}

/* ---- layout sets -------------------------------------------------------------------------- */

/* A name for a member whose declaration did not parse: the last identifier
 * before any '[', ':' or '=' ("bar_t foo" -> "foo"), or after "(*". */
static void guess_name(const char *decl, char *out, size_t outsz)
{
	const char *p = strstr(decl, "(*"), *b = NULL, *e = NULL, *s;
	if (p) {
		p += 2;
		while (*p == ' ')
			p++;
		s = p;
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		if (p > s) {
			snprintf(out, outsz, "%.*s", (int)(p - s), s);
			return;
		}
	}
	for (s = decl; *s && !strchr("[:;=(", *s); s++) {
		if (isalpha((unsigned char)*s) || *s == '_') {
			const char *t = s;
			while (isalnum((unsigned char)*s) || *s == '_')
				s++;
			if (s - t == 13 && !strncmp(t, "__attribute__", 13))
				break;
			b = t;
			e = s;
			s--;
		}
	}
	if (b)
		snprintf(out, outsz, "%.*s", (int)(e - b), b);
	else
		snprintf(out, outsz, "%s", decl);
}

typedef struct recctx {
	const dfile *f;
	const char *rname; /* "struct sock" */
	int line;	   /* the record's line, 0 = unknown */
} recctx;

static void members(lua_State *L, dctx *c, const recctx *r, skl_type *rec, const char *prefix, int depth);

/* A member's config condition: a string that parses, or nil. */
static const char *member_cond(lua_State *L, dctx *c, const recctx *r, const char *mname, int line)
{
	skl_error e;
	const char *cond;
	int t = lua_getfield(L, -1, "config");
	if (t == LUA_TNIL) {
		lua_pop(L, 1);
		return NULL;
	}
	if (t != LUA_TSTRING)
		derr(L, c, r->f, line, "%s, member '%s': config must be a string, not %s", r->rname, mname,
		     luaL_typename(L, -1));
	cond = lua_tostring(L, -1);
	if (skl_config_eval(cond, "", &e) < 0)
		derr(L, c, r->f, line, "%s, member '%s': %s", r->rname, mname, e.msg);
	lua_pop(L, 1); /* the string stays alive: the member table holds it */
	return cond;
}

static void check_note(lua_State *L, dctx *c, const recctx *r, const char *mname, int line)
{
	int t = lua_getfield(L, -1, "note");
	if (t != LUA_TNIL && t != LUA_TSTRING)
		derr(L, c, r->f, line, "%s, member '%s': note must be a string, not %s", r->rname, mname,
		     luaL_typename(L, -1));
	lua_pop(L, 1);
}

/* One entry of a member list, the table on top of the stack. */
static void member(lua_State *L, dctx *c, const recctx *r, skl_type *rec, const char *prefix, lua_Integer i, int depth)
{
	static const char *const decl_keys[] = {"config", "note", NULL};
	static const char *const nest_keys[] = {"union", "struct", "name", "config", "note", NULL};
	char bad[96], mname[160];
	skl_error e;
	int line = r->line;
	if (lua_type(L, -1) != LUA_TTABLE)
		derr(L, c, r->f, line, "%s, member #%lld of %s: expected a table, not %s", r->rname, (long long)i,
		     prefix[0] ? prefix : "the record", luaL_typename(L, -1));
	if (lua_rawgeti(L, -1, 1) == LUA_TSTRING) {
		const char *decl = lua_tostring(L, -1);
		skl_cmember cm;
		int l2;
		const char *cond;
		lua_pop(L, 1); /* the member table keeps decl alive */
		guess_name(decl, cm.name, sizeof(cm.name));
		snprintf(mname, sizeof(mname), "%s%s", prefix, cm.name);
		l2 = find_literal(r->f, decl, r->line);
		if (l2)
			line = l2;
		if (bad_key(L, -1, decl_keys, 1, bad, sizeof(bad)))
			derr(L, c, r->f, line, "%s, member '%s': %s", r->rname, mname, bad);
		cond = member_cond(L, c, r, mname, line);
		check_note(L, c, r, mname, line);
		if (skl_cparse_member_decl(c->db, decl, &cm, &e) < 0)
			derr(L, c, r->f, line, "%s, member '%s': %s", r->rname, mname, e.msg);
		if (cm.name[0])
			snprintf(mname, sizeof(mname), "%s%s", prefix, cm.name);
		if (skl_record_add(rec, cm.name[0] ? cm.name : NULL, cm.type, cm.bits, cm.aligned, cond, &e) < 0)
			derr(L, c, r->f, line, "%s, member '%s': %s", r->rname, mname, e.msg);
		skl_record_set_member_packed(rec, cm.packed);
		skl_record_set_member_source(rec, line, 0);
		return;
	}
	lua_pop(L, 1);
	{
		int tu = lua_getfield(L, -1, "union"), ts;
		int is_union = tu != LUA_TNIL;
		const char *name = NULL, *cond;
		char sub_prefix[200];
		skl_type *sub;
		lua_pop(L, 1);
		ts = lua_getfield(L, -1, "struct");
		lua_pop(L, 1);
		if (lua_getfield(L, -1, "name") == LUA_TSTRING)
			name = lua_tostring(L, -1);
		else if (lua_type(L, -1) != LUA_TNIL)
			derr(L, c, r->f, line, "%s, member #%lld of %s: name must be a string, not %s", r->rname,
			     (long long)i, prefix[0] ? prefix : "the record", luaL_typename(L, -1));
		lua_pop(L, 1);
		if (name) {
			int l2 = find_literal(r->f, name, r->line);
			if (l2)
				line = l2;
		}
		snprintf(mname, sizeof(mname), "%s%s", prefix, name ? name : is_union ? "(union)" : "(struct)");
		if (tu == LUA_TNIL && ts == LUA_TNIL)
			derr(L, c, r->f, line,
			     "%s, member #%lld of %s: expected {\"<C declaration>\"}, {union = {...}} or {struct = "
			     "{...}}",
			     r->rname, (long long)i, prefix[0] ? prefix : "the record");
		if (tu != LUA_TNIL && ts != LUA_TNIL)
			derr(L, c, r->f, line, "%s, member '%s': both union= and struct=", r->rname, mname);
		if (bad_key(L, -1, nest_keys, 0, bad, sizeof(bad)))
			derr(L, c, r->f, line, "%s, member '%s': %s", r->rname, mname, bad);
		if (name && !is_ident(name))
			derr(L, c, r->f, line, "%s, member '%s': name '%s' is not a C identifier", r->rname, mname,
			     name);
		if (depth >= DATA_MAX_DEPTH)
			derr(L, c, r->f, line, "%s, member '%s': nested more than %d deep", r->rname, mname,
			     DATA_MAX_DEPTH);
		cond = member_cond(L, c, r, mname, line);
		check_note(L, c, r, mname, line);
		sub = skl_type_record(c->db, is_union ? SKL_K_UNION : SKL_K_STRUCT, NULL);
		if (!sub)
			derr(L, c, r->f, line, "out of memory");
		skl_type_set_source(sub, r->f->display, line, 0);
		lua_getfield(L, -1, is_union ? "union" : "struct");
		if (lua_type(L, -1) != LUA_TTABLE)
			derr(L, c, r->f, line, "%s, member '%s': %s= must be a list of members, not %s", r->rname,
			     mname, is_union ? "union" : "struct", luaL_typename(L, -1));
		snprintf(sub_prefix, sizeof(sub_prefix), "%s.", mname);
		members(L, c, r, sub, sub_prefix, depth + 1);
		lua_pop(L, 1);
		skl_record_set_complete(sub);
		if (skl_record_add(rec, name, sub, -1, 0, cond, &e) < 0)
			derr(L, c, r->f, line, "%s, member '%s': %s", r->rname, mname, e.msg);
		skl_record_set_member_source(rec, line, 0);
	}
}

/* The member list on top of the stack, into rec. */
static void members(lua_State *L, dctx *c, const recctx *r, skl_type *rec, const char *prefix, int depth)
{
	lua_Integer n = (lua_Integer)lua_rawlen(L, -1), i;
	char bad[96];
	if (bad_key(L, -1, NULL, n, bad, sizeof(bad)))
		derr(L, c, r->f, r->line, "%s: %s in the member list%s%s", r->rname, bad, prefix[0] ? " of " : "",
		     prefix);
	for (i = 1; i <= n; i++) {
		lua_rawgeti(L, -1, i);
		member(L, c, r, rec, prefix, i, depth);
		lua_pop(L, 1);
	}
}

/* "struct sock" -> kind and tag; 0 or -1. */
static int record_name(const char *s, skl_kind *kind, const char **tag)
{
	if (!strncmp(s, "struct ", 7)) {
		*kind = SKL_K_STRUCT;
		*tag = s + 7;
	} else if (!strncmp(s, "union ", 6)) {
		*kind = SKL_K_UNION;
		*tag = s + 6;
	} else {
		return -1;
	}
	while (**tag == ' ')
		(*tag)++;
	return is_ident(*tag) ? 0 : -1;
}

/* One entry of records = {...}, on top of the stack. defs (a table at
 * index 2) maps record names to the file that defined them. */
static void record(lua_State *L, dctx *c, const dfile *f, lua_Integer i)
{
	static const char *const rec_keys[] = {"note", "packed", "aligned", NULL};
	recctx r;
	const char *rname, *tag = NULL;
	skl_kind kind = SKL_K_STRUCT;
	skl_type *rec;
	char bad[96];
	int t;
	if (lua_type(L, -1) != LUA_TTABLE)
		derr(L, c, f, 0, "records[%lld]: expected a table, not %s", (long long)i, luaL_typename(L, -1));
	if (lua_rawgeti(L, -1, 1) != LUA_TSTRING)
		derr(L, c, f, 0, "records[%lld]: the first entry must be a name such as \"struct sock\", not %s",
		     (long long)i, luaL_typename(L, -1));
	rname = lua_tostring(L, -1);
	lua_pop(L, 1);
	r.f = f;
	r.rname = rname;
	r.line = find_literal(f, rname, 1);
	if (record_name(rname, &kind, &tag) < 0)
		derr(L, c, f, r.line, "records[%lld]: '%s' is not \"struct <tag>\" or \"union <tag>\"", (long long)i,
		     rname);
	if (bad_key(L, -1, rec_keys, 2, bad, sizeof(bad)))
		derr(L, c, f, r.line, "%s: %s", rname, bad);
	if (lua_getfield(L, 2, rname) == LUA_TSTRING)
		derr(L, c, f, r.line, "%s is defined twice (first in %s)", rname, lua_tostring(L, -1));
	lua_pop(L, 1);
	lua_pushstring(L, f->display);
	lua_setfield(L, 2, rname);
	rec = skl_type_record(c->db, kind, tag);
	if (!rec)
		derr(L, c, f, r.line, "out of memory");
	skl_type_set_source(rec, f->display, r.line, 0);
	if (skl_type_is_complete(rec))
		derr(L, c, f, r.line, "%s is defined twice", rname);

	t = lua_getfield(L, -1, "note");
	if (t == LUA_TSTRING)
		skl_type_set_note(rec, lua_tostring(L, -1));
	else if (t != LUA_TNIL)
		derr(L, c, f, r.line, "%s: note must be a string, not %s", rname, luaL_typename(L, -1));
	lua_pop(L, 1);
	t = lua_getfield(L, -1, "packed");
	if (t == LUA_TBOOLEAN)
		skl_record_set_packed(rec, lua_toboolean(L, -1));
	else if (t != LUA_TNIL)
		derr(L, c, f, r.line, "%s: packed must be true or false, not %s", rname, luaL_typename(L, -1));
	lua_pop(L, 1);
	t = lua_getfield(L, -1, "aligned");
	if (t != LUA_TNIL) {
		lua_Integer a = lua_tointeger(L, -1);
		if (!lua_isinteger(L, -1) || a <= 0 || a > 4096 || (a & (a - 1)))
			derr(L, c, f, r.line, "%s: aligned must be a power of two up to 4096", rname);
		skl_type_set_aligned(rec, (unsigned)a);
	}
	lua_pop(L, 1);

	if (lua_rawgeti(L, -1, 2) != LUA_TTABLE)
		derr(L, c, f, r.line, "%s: the second entry must be the list of members, not %s", rname,
		     luaL_typename(L, -1));
	members(L, c, &r, rec, "", 0);
	lua_pop(L, 1);
	skl_record_set_complete(rec);
}

/* One entry of typedefs = {...}, on top of the stack. */
static void typedef_entry(lua_State *L, dctx *c, const dfile *f, lua_Integer i)
{
	const char *name, *target;
	skl_type *t;
	skl_error e;
	char bad[96];
	int line;
	if (lua_type(L, -1) != LUA_TTABLE)
		derr(L, c, f, 0, "typedefs[%lld]: expected {\"name\", \"type\"}, not %s", (long long)i,
		     luaL_typename(L, -1));
	if (lua_rawgeti(L, -1, 1) != LUA_TSTRING || lua_rawgeti(L, -2, 2) != LUA_TSTRING)
		derr(L, c, f, 0, "typedefs[%lld]: expected {\"name\", \"type\"}", (long long)i);
	name = lua_tostring(L, -2);
	target = lua_tostring(L, -1);
	lua_pop(L, 2);
	line = find_literal(f, name, 1);
	if (bad_key(L, -1, NULL, 2, bad, sizeof(bad)))
		derr(L, c, f, line, "typedef '%s': %s", name, bad);
	if (!is_ident(name))
		derr(L, c, f, line, "typedefs[%lld]: '%s' is not a C identifier", (long long)i, name);
	t = skl_cparse_typename(c->db, target, &e);
	if (!t)
		derr(L, c, f, line, "typedef '%s': %s", name, e.msg);
	if (!skl_type_typedef(c->db, name, t, &e))
		derr(L, c, f, line, "typedef '%s': %s", name, e.msg);
}

/* Runs every file of a set, then takes all typedefs, then all records. */
/* A layout file that says { same_as = "SET/FILE.lua" } is that file of
 * another set, read in its place: an era that keeps another's structs
 * says so once instead of holding a copy. The file named is read and run
 * instead (errors name it); it may not be a same_as itself. */
static void same_as(lua_State *L, dctx *c, int k)
{
	static const char *const keys[] = {"same_as", NULL};
	dfile *f = &c->files[k], other;
	const char *name, *slash;
	char set[64], file[64], path[1400], bad[96];
	memset(&other, 0, sizeof(other));
	if (bad_key(L, -2, keys, 0, bad, sizeof(bad)))
		derr(L, c, f, find_key(f, "same_as", 1), "%s (a same_as file holds nothing else)", bad);
	if (lua_type(L, -1) != LUA_TSTRING)
		derr(L, c, f, find_key(f, "same_as", 1), "same_as must be a string \"SET/FILE.lua\", not %s",
		     luaL_typename(L, -1));
	name = lua_tostring(L, -1);
	slash = strchr(name, '/');
	if (!slash || (size_t)(slash - name) >= sizeof(set) || strlen(slash + 1) >= sizeof(file))
		derr(L, c, f, find_key(f, "same_as", 1), "same_as '%s' is not \"SET/FILE.lua\"", name);
	snprintf(set, sizeof(set), "%.*s", (int)(slash - name), name);
	snprintf(file, sizeof(file), "%s", slash + 1);
	if (!skl__valid_name(set) || !skl__valid_name(file) || strlen(file) < 5 ||
	    strcmp(file + strlen(file) - 4, ".lua"))
		derr(L, c, f, find_key(f, "same_as", 1), "same_as '%s' is not \"SET/FILE.lua\"", name);
	if (!strcmp(set, c->set))
		derr(L, c, f, find_key(f, "same_as", 1), "same_as '%s' names a file of this set", name);
	snprintf(other.display, sizeof(other.display), "assets/layouts/%s/%s", set, file);
	snprintf(path, sizeof(path), "%s/%s", c->data_dir, other.display);
	if (read_file(path, &other, c->err) < 0)
		derr(L, c, f, find_key(f, "same_as", 1), "same_as '%s': there is no %s", name, other.display);
	free_literals(f);
	skl_free(f->src);
	*f = other; /* errors from here name the file read */
	lua_pop(L, 2);
	run_chunk(L, c, f);
	if (lua_getfield(L, -1, "same_as") != LUA_TNIL)
		derr(L, c, f, find_key(f, "same_as", 1), "a file that same_as names cannot be a same_as itself");
	lua_pop(L, 1);
}

static int load_set_p(lua_State *L)
{
	static const char *const top_keys[] = {"typedefs", "records", NULL};
	dctx *c = lua_touserdata(L, 1);
	int k;
	lua_settop(L, 0);
	lua_createtable(L, c->nfiles, 0); /* 1: what each file returned */
	lua_newtable(L);		  /* 2: record name -> file */
	for (k = 0; k < c->nfiles; k++) {
		char bad[96];
		run_chunk(L, c, &c->files[k]);
		if (lua_getfield(L, -1, "same_as") != LUA_TNIL)
			same_as(L, c, k);
		else
			lua_pop(L, 1);
		if (bad_key(L, -1, top_keys, 0, bad, sizeof(bad)))
			derr(L, c, &c->files[k], 0, "%s (a layout file returns {typedefs = {...}, records = {...}})",
			     bad);
		lua_rawseti(L, 1, k + 1);
	}
	for (k = 0; k < c->nfiles; k++) {
		lua_Integer n, i;
		char bad[96];
		lua_rawgeti(L, 1, k + 1);
		if (lua_getfield(L, -1, "typedefs") != LUA_TNIL) {
			if (lua_type(L, -1) != LUA_TTABLE)
				derr(L, c, &c->files[k], find_key(&c->files[k], "typedefs", 1),
				     "typedefs must be a list, not %s", luaL_typename(L, -1));
			n = (lua_Integer)lua_rawlen(L, -1);
			if (bad_key(L, -1, NULL, n, bad, sizeof(bad)))
				derr(L, c, &c->files[k], find_key(&c->files[k], "typedefs", 1), "typedefs: %s", bad);
			for (i = 1; i <= n; i++) {
				lua_rawgeti(L, -1, i);
				typedef_entry(L, c, &c->files[k], i);
				lua_pop(L, 1);
			}
		}
		lua_pop(L, 2);
	}
	for (k = 0; k < c->nfiles; k++) {
		lua_Integer n, i;
		char bad[96];
		lua_rawgeti(L, 1, k + 1);
		if (lua_getfield(L, -1, "records") != LUA_TNIL) {
			if (lua_type(L, -1) != LUA_TTABLE)
				derr(L, c, &c->files[k], find_key(&c->files[k], "records", 1),
				     "records must be a list, not %s", luaL_typename(L, -1));
			n = (lua_Integer)lua_rawlen(L, -1);
			if (bad_key(L, -1, NULL, n, bad, sizeof(bad)))
				derr(L, c, &c->files[k], find_key(&c->files[k], "records", 1), "records: %s", bad);
			for (i = 1; i <= n; i++) {
				lua_rawgeti(L, -1, i);
				record(L, c, &c->files[k], i);
				lua_pop(L, 1);
			}
		}
		lua_pop(L, 2);
	}
	return 0;
}

int skl_data_load_profile(const char *data_dir, const char *name, skl_profile *out, skl_error *err)
{
	return skl__data_profile(data_dir, name, out, NULL, err);
}

int skl__data_layouts(const char *data_dir, const char *set, skl_typedb *db, skl__budget *b, skl_error *err)
{
	dctx c;
	char dir[1100], (*names)[64] = NULL;
	int n, i, rc = -1, status;
	lua_State *L;
	skl_error local;
	if (!err)
		err = &local;
	skl_error_clear(err);
	if (!skl__valid_name(set))
		return skl_errorf(err, "'%s' is not a layout set name (letters, digits, '.', '_' and '-')",
				  set ? set : "(null)");
	snprintf(dir, sizeof(dir), "%s/assets/layouts/%s", data_dir ? data_dir : ".", set);
	n = list_dir(dir, 0, 0, &names);
	if (n < 0)
		return skl_errorf(err, "no layout set '%s' (there is no assets/layouts/%s)", set, set);
	if (n == 0) {
		skl_free(names);
		return skl_errorf(err, "layout set '%s' has no .lua files in assets/layouts/%s", set, set);
	}
	memset(&c, 0, sizeof(c));
	c.err = err;
	c.db = db;
	c.nfiles = n;
	c.data_dir = data_dir ? data_dir : ".";
	c.set = set;
	c.files = skl_calloc((size_t)n, sizeof(*c.files));
	if (!c.files) {
		skl_free(names);
		return skl_errorf(err, "out of memory");
	}
	for (i = 0; i < n; i++) {
		char path[1200];
		snprintf(c.files[i].display, sizeof(c.files[i].display), "assets/layouts/%s/%s", set, names[i]);
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (read_file(path, &c.files[i], err) < 0)
			goto out_files;
	}
	L = d_state(&c, b);
	if (!L) {
		skl_errorf(err, "out of memory");
		goto out_files;
	}
	lua_pushcfunction(L, load_set_p);
	lua_pushlightuserdata(L, &c);
	status = lua_pcall(L, 1, 0, 0);
	rc = d_finish(L, &c, status, NULL);
	lua_close(L);
out_files:
	for (i = 0; i < n; i++) {
		free_literals(&c.files[i]);
		skl_free(c.files[i].src);
	}
	skl_free(c.files);
	skl_free(names);
	return rc;
}

int skl_data_load_layouts(const char *data_dir, const char *set, skl_typedb *db, skl_error *err)
{
	return skl__data_layouts(data_dir, set, db, NULL, err);
}

/* ---- the runtime's cache of sets ------------------------------------------------------------ */

skl__lset *skl__set_get(skl_lua *rt, const char *set, skl_error *err)
{
	skl__lset *s;
	int i;
	for (i = 0; i < rt->nsets; i++)
		if (!strcmp(rt->sets[i].name, set))
			return &rt->sets[i];
	if (rt->nsets == SKL__MAX_SETS) {
		skl_errorf(err, "more than %d layout sets in one runtime", SKL__MAX_SETS);
		return NULL;
	}
	s = &rt->sets[rt->nsets];
	s->db = skl_typedb_new();
	if (!s->db) {
		skl_errorf(err, "out of memory");
		return NULL;
	}
	if (skl__data_layouts(rt->data_dir, set, s->db, skl__run_budget(rt), err) < 0) {
		skl_typedb_free(s->db);
		s->db = NULL;
		return NULL;
	}
	snprintf(s->name, sizeof(s->name), "%s", set);
	rt->nsets++;
	return s;
}
