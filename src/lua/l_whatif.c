/*
 * l_whatif.c - sklab.whatif{...}: the layout-change what-if of `sklab
 * whatif` for scenarios. A struct (a layout object or "set/name"), changes
 * in a table form that mirrors the command line's edits, access paths and
 * slab options go in; a table of before/after figures, the changed layout
 * as a layout object, and r:text() (the command line's report) come out.
 *
 * Edits work on copies in a type database of their own, one per layout set
 * and run (kept in the registry, freed when the state closes), so the
 * declarations a change reads never show up in sklab.layouts. Appends no
 * events.
 */
#include "lua_impl.h"

#include "sklab/whatif.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DBS_KEY "sklab.whatif.dbs"
#define DATA_MT "sklab.whatif.data"
#define MAX_EDITS 256
#define MAX_PATHS 32
#define MAX_CALLS 1000 /* per run: each call keeps its edited copy until the run ends */

/* The run's whatif type databases, one per layout set. */
typedef struct wdbs {
	struct {
		char name[256];
		skl_typedb *db;
	} set[SKL__MAX_SETS];
	int n;
	int calls;
} wdbs;

/* What a result's methods write from. */
typedef struct wdata {
	skl_whatif *w;
} wdata;

static int dbs_gc(lua_State *L)
{
	wdbs *d = lua_touserdata(L, 1);
	int i;
	for (i = 0; d && i < d->n; i++) {
		skl_typedb_free(d->set[i].db);
		d->set[i].db = NULL;
	}
	if (d)
		d->n = 0;
	return 0;
}

static int data_gc(lua_State *L)
{
	wdata *d = lua_touserdata(L, 1);
	if (d) {
		skl_whatif_free(d->w);
		d->w = NULL;
	}
	return 0;
}

/* The run's databases (made on first use). */
static wdbs *get_dbs(lua_State *L)
{
	wdbs *d;
	if (lua_getfield(L, LUA_REGISTRYINDEX, DBS_KEY) == LUA_TUSERDATA) {
		d = lua_touserdata(L, -1);
		lua_pop(L, 1);
		return d;
	}
	lua_pop(L, 1);
	d = lua_newuserdatauv(L, sizeof(*d), 0);
	memset(d, 0, sizeof(*d));
	lua_createtable(L, 0, 1);
	lua_pushcfunction(L, dbs_gc);
	lua_setfield(L, -2, "__gc");
	lua_setmetatable(L, -2);
	lua_setfield(L, LUA_REGISTRYINDEX, DBS_KEY);
	return d;
}

/* A set of the scenario's own (sklab.cheader, sklab.btf), not of the data? */
static int own(const char *set)
{
	return !strncmp(set, "header:", 7) || !strncmp(set, "btf:", 4);
}

/* The whatif database of a layout set, loaded on first use; raises. */
static skl_typedb *set_db(lua_State *L, const char *set)
{
	skl_lua *rt = skl__rt(L);
	wdbs *d = get_dbs(L);
	skl_typedb *db;
	skl_error err;
	int i;
	for (i = 0; i < d->n; i++)
		if (!strcmp(d->set[i].name, set))
			return d->set[i].db;
	if (d->n == SKL__MAX_SETS)
		skl__error(L, "sklab.whatif: more than %d layout sets in one run", SKL__MAX_SETS);
	db = skl_typedb_new();
	if (!db)
		skl__error(L, "sklab.whatif: out of memory");
	if (own(set)) { /* the scenario's header or the kernel's BTF, read again */
		snprintf(d->set[d->n].name, sizeof(d->set[d->n].name), "%s", set);
		d->set[d->n].db = db; /* freed with the rest, even if reading raises */
		d->n++;
		skl__own_set_load(L, 1, set, db);
		return db;
	}
	skl_error_clear(&err);
	if (skl__data_layouts(rt->data_dir, set, db, skl__run_budget(rt), &err) < 0) {
		char msg[700];
		skl_typedb_free(db);
		skl_error_format(&err, msg, sizeof(msg));
		skl__error(L, "sklab.whatif: %s", msg);
	}
	snprintf(d->set[d->n].name, sizeof(d->set[d->n].name), "%s", set);
	d->set[d->n].db = db;
	d->n++;
	return db;
}

/* ---- argument checks --------------------------------------------------------- */

/* Raises "bad argument #1 to 'sklab.whatif' (what: msg)". */
static int bad(lua_State *L, const char *what, const char *msg)
{
	return skl__argerror(L, 1, lua_pushfstring(L, "%s: %s", what, msg));
}

/* Raises "(what: expected expected, got T)" for the value at idx; T is a
 * handle's class ("kernel") or the Lua type. */
static int bad_type(lua_State *L, const char *what, const char *expected, int idx)
{
	const char *got = skl__typename(L, idx);
	return skl__argerror(L, 1, lua_pushfstring(L, "%s: %s expected, got %s", what, expected, got));
}

/* A member name or dotted path, as the command line takes them. */
static int is_member_name(const char *s)
{
	return strlen(s) < 128 && skl_edit_is_member_path(s);
}

/* t[key] as a string (NULL when nil), else an error naming what.key and
 * what was expected. */
static const char *string_field(lua_State *L, int t, const char *key, const char *what, const char *expected,
				char *where, size_t wheresz)
{
	snprintf(where, wheresz, "%s.%s", what, key);
	if (lua_getfield(L, t, key) == LUA_TNIL) {
		lua_pop(L, 1);
		return NULL;
	}
	if (lua_type(L, -1) != LUA_TSTRING)
		bad_type(L, where, expected, -1);
	return lua_tostring(L, -1); /* left on the stack: the caller pops it */
}

/* t[key] as a member name (or NULL when nil); what names the field in errors. */
static const char *member_field(lua_State *L, int t, const char *key, const char *what)
{
	char where[96];
	const char *s = string_field(L, t, key, what, "member name (string)", where, sizeof(where));
	if (!s)
		return NULL;
	if (!is_member_name(s))
		bad(L, where,
		    lua_pushfstring(L, "'%s' is not a member name (a C identifier, or a dotted path such as a.b)", s));
	lua_pop(L, 1); /* the table holds the string */
	return s;
}

/* "start" or "end" at t[key], or NULL when nil. */
static const char *end_field(lua_State *L, int t, const char *key, const char *what)
{
	char where[96];
	const char *s = string_field(L, t, key, what, "\"start\" or \"end\"", where, sizeof(where));
	if (!s)
		return NULL;
	if (strcmp(s, "start") && strcmp(s, "end"))
		bad(L, where, lua_pushfstring(L, "\"start\" or \"end\" expected, got \"%s\"", s));
	lua_pop(L, 1);
	return s;
}

static const char *const verbs[] = {"add", "remove", "move", "resize", "retype", NULL};

/* One change as a table: its command-line text into out. An add's
 * declaration is written bare, as people type it; alt gets it quoted, for
 * the rare declaration whose last words read like a place ("... at end"). */
static void change_text(lua_State *L, int t, const char *what, char *out, size_t outsz, char *alt, size_t altsz)
{
	static const char *const k_add[] = {"add", "after", "before", "at", NULL};
	static const char *const k_remove[] = {"remove", NULL};
	static const char *const k_move[] = {"move", "after", "before", "to", NULL};
	static const char *const k_resize[] = {"resize", "length", "bits", "type", NULL};
	static const char *const k_retype[] = {"retype", "type", NULL};
	static const char *const *const keys[] = {k_add, k_remove, k_move, k_resize, k_retype};
	const char *verb = NULL, *arg, *after, *before, *end;
	char key[96], where[96];
	int i, v = -1, n;

	alt[0] = '\0';
	for (i = 0; verbs[i]; i++) {
		if (lua_getfield(L, t, verbs[i]) != LUA_TNIL) {
			if (verb)
				bad(L, what,
				    lua_pushfstring(L, "one change per table, not both %s= and %s=", verb, verbs[i]));
			verb = verbs[i];
			v = i;
		}
		lua_pop(L, 1);
	}
	if (!verb) {
		if (skl__unknown_key(L, t, verbs, 1, key, sizeof(key)) && key[0] == '\'')
			bad(L, what,
			    lua_pushfstring(L, "unknown change kind %s (expected add, remove, move, resize or retype)",
					    key));
		bad(L, what,
		    "which change? expected a table with add=, remove=, move=, resize= or retype=, or the command "
		    "line's text (\"remove tp_pinfo\")");
	}
	if (skl__unknown_key(L, t, keys[v], 1, key, sizeof(key))) {
		static const char *const takes[] = {"after=, before= or at=", "nothing more",
						    "after=, before= or to=", "length=, bits= or type=", "type="};
		bad(L, what, lua_pushfstring(L, "unknown field %s (%s= takes %s)", key, verb, takes[v]));
	}
	snprintf(where, sizeof(where), "%s.%s", what, verb);
	lua_getfield(L, t, verb);
	if (lua_type(L, -1) != LUA_TSTRING)
		bad_type(L, where, v == 0 ? "declaration (string)" : "member name (string)", -1);
	arg = lua_tostring(L, -1);
	lua_pop(L, 1);

	switch (v) {
	case 0: /* add DECL [after M | before M | at start | at end] */
		if (strchr(arg, '\'') || strchr(arg, '"') || !arg[strspn(arg, " \t;")])
			bad(L, where, lua_pushfstring(L, "'%s' is not a member declaration (e.g. \"u64 stamp\")", arg));
		after = member_field(L, t, "after", what);
		before = member_field(L, t, "before", what);
		end = end_field(L, t, "at", what);
		if (!!after + !!before + !!end > 1)
			bad(L, what, "add= goes in one place: give after=, before= or at=, not more than one");
		if (after)
			n = snprintf(out, outsz, "add %s after %s", arg, after);
		else if (before)
			n = snprintf(out, outsz, "add %s before %s", arg, before);
		else if (end)
			n = snprintf(out, outsz, "add %s at %s", arg, end);
		else
			n = snprintf(out, outsz, "add %s", arg);
		if (after || before)
			snprintf(alt, altsz, "add '%s' %s %s", arg, after ? "after" : "before", after ? after : before);
		else
			snprintf(alt, altsz, "add '%s' at %s", arg, end ? end : "end");
		break;
	case 1:
		if (!is_member_name(arg))
			bad(L, where, lua_pushfstring(L, "'%s' is not a member name", arg));
		n = snprintf(out, outsz, "remove %s", arg);
		break;
	case 2:
		if (!is_member_name(arg))
			bad(L, where, lua_pushfstring(L, "'%s' is not a member name", arg));
		after = member_field(L, t, "after", what);
		before = member_field(L, t, "before", what);
		end = end_field(L, t, "to", what);
		if (!!after + !!before + !!end != 1)
			bad(L, what, "move= needs exactly one of after=, before= or to=");
		n = snprintf(out, outsz, "move %s %s %s", arg,
			     after    ? "after"
			     : before ? "before"
				      : "to",
			     after    ? after
			     : before ? before
				      : end);
		break;
	case 3: {
		int have = 0;
		if (!is_member_name(arg))
			bad(L, where, lua_pushfstring(L, "'%s' is not a member name", arg));
		n = 0;
		if (lua_getfield(L, t, "length") != LUA_TNIL) {
			lua_Integer len;
			if (!lua_isinteger(L, -1))
				bad_type(L, lua_pushfstring(L, "%s.length", what), "integer", -2);
			len = lua_tointeger(L, -1);
			if (len < 0)
				bad(L, lua_pushfstring(L, "%s.length", what),
				    lua_pushfstring(L, "%I is negative (an array's new length is 0 or more)", len));
			if (len > 0xffffffffll)
				bad(L, lua_pushfstring(L, "%s.length", what), "more than 4294967295 elements");
			n = snprintf(out, outsz, "resize %s %lld", arg, (long long)len);
			have++;
		}
		lua_pop(L, 1);
		if (lua_getfield(L, t, "bits") != LUA_TNIL) {
			lua_Integer bits;
			if (!lua_isinteger(L, -1))
				bad_type(L, lua_pushfstring(L, "%s.bits", what), "integer", -2);
			bits = lua_tointeger(L, -1);
			if (bits < 0 || bits > 128)
				bad(L, lua_pushfstring(L, "%s.bits", what),
				    lua_pushfstring(L, "%I is not a bitfield width (0 to 128)", bits));
			n = snprintf(out, outsz, "resize %s :%lld", arg, (long long)bits);
			have++;
		}
		lua_pop(L, 1);
		if (lua_getfield(L, t, "type") != LUA_TNIL) {
			if (lua_type(L, -1) != LUA_TSTRING)
				bad_type(L, lua_pushfstring(L, "%s.type", what), "type name (string)", -2);
			n = snprintf(out, outsz, "resize %s %s", arg, lua_tostring(L, -1));
			have++;
		}
		lua_pop(L, 1);
		if (have != 1)
			bad(L, what, "resize= needs exactly one of length= (an array), bits= (a bitfield) or type=");
		break;
	}
	default:
		if (!is_member_name(arg))
			bad(L, where, lua_pushfstring(L, "'%s' is not a member name", arg));
		if (lua_getfield(L, t, "type") != LUA_TSTRING)
			bad_type(L, lua_pushfstring(L, "%s.type", what), "type name (string)", -2);
		n = snprintf(out, outsz, "retype %s %s", arg, lua_tostring(L, -1));
		lua_pop(L, 1);
		break;
	}
	if (n < 0 || (size_t)n >= outsz)
		bad(L, what, "the change is too long");
}

/* changes = {...} at the top of the stack into edits; returns how many. */
static int check_changes(lua_State *L, skl_edit *edits)
{
	lua_Integer n, i;
	if (lua_isnil(L, -1))
		return 0;
	if (!lua_istable(L, -1))
		bad_type(L, "field 'changes'", "table", -1);
	n = (lua_Integer)lua_rawlen(L, -1);
	if (n > MAX_EDITS)
		bad(L, "field 'changes'", lua_pushfstring(L, "more than %d changes", MAX_EDITS));
	{
		/* only a list: changes[1] .. changes[n] */
		int t = lua_gettop(L);
		lua_pushnil(L);
		while (lua_next(L, t)) {
			lua_pop(L, 1);
			if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > n) {
				lua_pop(L, 1);
				bad(L, "field 'changes'", "a list of changes expected (changes[1], changes[2], ...)");
			}
		}
	}
	for (i = 1; i <= n; i++) {
		char what[48], text[600], alt[600] = "";
		skl_error err;
		snprintf(what, sizeof(what), "changes[%lld]", (long long)i);
		switch (lua_rawgeti(L, -1, i)) {
		case LUA_TSTRING:
			snprintf(text, sizeof(text), "%s", lua_tostring(L, -1));
			break;
		case LUA_TTABLE:
			change_text(L, lua_gettop(L), what, text, sizeof(text), alt, sizeof(alt));
			break;
		default:
			bad_type(L, what, "table or string", -1);
		}
		lua_pop(L, 1);
		skl_error_clear(&err);
		if (alt[0]) {
			/* an add from a table: the bare text must say the same as the quoted one */
			skl_edit a;
			if (skl_edit_parse(alt, &a, &err) == 0 &&
			    (skl_edit_parse(text, &edits[i - 1], &err) < 0 || edits[i - 1].where != a.where ||
			     strcmp(edits[i - 1].anchor, a.anchor) || strcmp(edits[i - 1].arg, a.arg)))
				memcpy(text, alt, sizeof(text));
		}
		if (skl_edit_parse(text, &edits[i - 1], &err) < 0) {
			/* "edit 'x': why" -> "changes[i] 'x': why" */
			const char *m = !strncmp(err.msg, "edit '", 6) ? err.msg + 4 : err.msg;
			skl__argerror(L, 1, lua_pushfstring(L, "%s%s%s", what, m == err.msg ? ": " : "", m));
		}
	}
	return (int)n;
}

/* paths = {name = {"m1", "m2"}, ...} at the top of the stack: pushes a
 * table of "NAME=m1,m2" strings in name order; returns how many. */
static int check_paths(lua_State *L, const char **specs)
{
	int t = lua_gettop(L), n = 0, i, j;
	const char *names[MAX_PATHS];
	lua_newtable(L); /* anchors the specs */
	if (lua_isnil(L, t))
		return 0;
	if (!lua_istable(L, t))
		bad_type(L, "field 'paths'", "table {name = {member, ...}}", t);
	lua_pushnil(L);
	while (lua_next(L, t)) {
		const char *name;
		lua_pop(L, 1);
		if (lua_type(L, -1) != LUA_TSTRING)
			bad(L, "field 'paths'",
			    lua_pushfstring(L,
					    "a path is named by a string, not a %s key (paths = {lookup = {\"daddr\", "
					    "\"next\"}})",
					    luaL_typename(L, -1)));
		name = lua_tostring(L, -1);
		if (!*name || strlen(name) > 63 ||
		    name[strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				      "0123456789_-")])
			bad(L, "field 'paths'",
			    lua_pushfstring(L, "'%s' is not a path name (letters, digits, _ and -, up to 63)", name));
		if (n == MAX_PATHS)
			bad(L, "field 'paths'", lua_pushfstring(L, "more than %d paths", MAX_PATHS));
		names[n++] = name; /* the key stays in the table */
	}
	/* name order, so the report does not depend on the hash */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			const char *s = names[j];
			names[j] = names[j - 1];
			names[j - 1] = s;
		}
	for (i = 0; i < n; i++) {
		char what[96];
		luaL_Buffer b;
		lua_Integer m, k;
		int vt;
		snprintf(what, sizeof(what), "paths.%s", names[i]);
		lua_getfield(L, t, names[i]);
		vt = lua_gettop(L);
		if (!lua_istable(L, vt))
			bad_type(L, what, "list of member names", vt);
		m = (lua_Integer)lua_rawlen(L, vt);
		if (m < 1)
			bad(L, what, "an empty path: list the members it touches");
		luaL_buffinit(L, &b);
		luaL_addstring(&b, names[i]);
		luaL_addchar(&b, '=');
		for (k = 1; k <= m; k++) {
			const char *s;
			if (lua_rawgeti(L, vt, k) != LUA_TSTRING)
				bad_type(L, lua_pushfstring(L, "%s[%I]", what, k), "member name (string)", -2);
			s = lua_tostring(L, -1);
			if (!is_member_name(s))
				bad(L, lua_pushfstring(L, "%s[%I]", what, k),
				    lua_pushfstring(L, "'%s' is not a member name", s));
			lua_pop(L, 1);
			if (k > 1)
				luaL_addchar(&b, ',');
			luaL_addstring(&b, s);
		}
		luaL_pushresult(&b);
		specs[i] = lua_tostring(L, -1);
		lua_rawseti(L, t + 1, i + 1);
		lua_pop(L, 1);
	}
	return n;
}

typedef struct slabopts {
	skl_cache_opts cache;
	int debug, rcu;
	unsigned cpus;
	uint64_t objects;
	char name[32];
} slabopts;

/* slab = {...} at the top of the stack. */
static void check_slab(lua_State *L, slabopts *s)
{
	static const char *const keys[] = {"hwcache_align", "align", "ctor",	"rcu", "debug",
					   "cpus",	    "name",  "objects", NULL};
	int t = lua_gettop(L);
	skl__opts o = skl__opts_at(L, 1);
	char key[96];
	lua_Integer align;
	o.t = t;
	o.where = "slab.";
	o.flags = SKL__OPT_DOTTED;
	memset(s, 0, sizeof(*s));
	if (lua_isnil(L, t))
		return;
	if (!lua_istable(L, t))
		bad_type(L, "field 'slab'", "table", t);
	if (skl__unknown_key(L, t, keys, 1, key, sizeof(key)))
		bad(L, "field 'slab'",
		    lua_pushfstring(L, "unknown field %s (hwcache_align, align, ctor, rcu, debug, cpus, name, objects)",
				    key));
	if (skl__opt_bool(&o, "hwcache_align", 0))
		s->cache.flags |= SKL_SLAB_HWCACHE_ALIGN;
	if ((s->rcu = skl__opt_bool(&o, "rcu", 0)))
		s->cache.flags |= SKL_SLAB_TYPESAFE_BY_RCU;
	s->cache.ctor = skl__opt_bool(&o, "ctor", 0);
	s->debug = skl__opt_bool(&o, "debug", 0);
	align = skl__opt_int(&o, "align", 0, 0, 1 << 20);
	if (align & (align - 1))
		bad(L, "slab.align", lua_pushfstring(L, "%I is not a power of two", align));
	s->cache.align = (unsigned)align;
	s->cpus = (unsigned)skl__opt_int(&o, "cpus", 0, 1, 256);
	s->objects = (uint64_t)skl__opt_int(&o, "objects", 0, 1, 1000000000);
	if (lua_getfield(L, t, "name") != LUA_TNIL) {
		size_t len;
		const char *n;
		if (lua_type(L, -1) != LUA_TSTRING)
			bad_type(L, "slab.name", "string", -1);
		n = lua_tolstring(L, -1, &len);
		if (!len || len > 31 || strchr(n, ' '))
			bad(L, "slab.name",
			    lua_pushfstring(L, "'%s' is not a cache name (1 to 31 characters, no spaces)", n));
		memcpy(s->name, n, len + 1);
	}
	lua_pop(L, 1);
}

/* config = "A,B" or {"A", "B"} at the top of the stack into out. */
static void check_config(lua_State *L, char *out, size_t outsz)
{
	const char *p;
	out[0] = '\0';
	if (lua_type(L, -1) == LUA_TSTRING) {
		size_t len;
		const char *s = lua_tolstring(L, -1, &len);
		if (len >= outsz)
			bad(L, "field 'config'", "too long");
		memcpy(out, s, len + 1);
	} else if (lua_type(L, -1) == LUA_TTABLE) {
		lua_Integer n = (lua_Integer)lua_rawlen(L, -1), i;
		for (i = 1; i <= n; i++) {
			size_t len = strlen(out), sl;
			const char *s;
			if (lua_rawgeti(L, -1, i) != LUA_TSTRING)
				bad_type(L, lua_pushfstring(L, "config[%I]", i), "string", -2);
			s = lua_tolstring(L, -1, &sl);
			if (len + sl + 2 > outsz)
				bad(L, "field 'config'", "too long");
			if (len)
				out[len++] = ',';
			memcpy(out + len, s, sl + 1);
			lua_pop(L, 1);
		}
	} else {
		bad_type(L, "field 'config'", "string or table", -1);
	}
	for (p = out; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != ',' && *p != '=' && *p != ' ')
			bad(L, "field 'config'", lua_pushfstring(L, "'%c' cannot be in an option name", *p));
}

/* Does the layout set's struct, laid out like l, give l? */
static int same_layout(const skl_layout *a, const skl_layout *b)
{
	int i;
	if (a->size != b->size || a->align != b->align || a->nfields != b->nfields || strcmp(a->name, b->name))
		return 0;
	for (i = 0; i < a->nfields; i++) {
		const skl_field *x = &a->fields[i], *y = &b->fields[i];
		if (x->offset != y->offset || x->size != y->size || x->bit_size != y->bit_size ||
		    x->bit_offset != y->bit_offset || strcmp(x->path, y->path) || strcmp(x->type_name, y->type_name))
			return 0;
	}
	return 1;
}

/* The loaded layout set a layout object came from, into set and tag. */
static int layout_origin(lua_State *L, const skl_layout *l, char *set, size_t setsz, char *tag, size_t tagsz)
{
	skl_lua *rt = skl__rt(L);
	const char *name = l->name;
	int i;
	if (!strncmp(name, "struct ", 7))
		name += 7;
	else if (!strncmp(name, "union ", 6))
		name += 6;
	snprintf(tag, tagsz, "%s", name);
	for (i = 0; i < rt->nsets; i++) {
		const skl_type *t = skl_typedb_find(rt->sets[i].db, tag);
		skl_layout *c;
		skl_error err;
		int same;
		if (!t)
			continue;
		c = skl_layout_compute(t, l->abi, l->config, l->cacheline, &err);
		if (!c)
			continue;
		same = same_layout(c, l);
		skl_layout_free(c);
		if (same) {
			snprintf(set, setsz, "%s", rt->sets[i].name);
			return 0;
		}
	}
	return -1;
}

/* The first profile (by name) that uses the layout set; raises when none does. */
static void profile_for_set(lua_State *L, const char *set, skl_profile *out)
{
	skl_lua *rt = skl__rt(L);
	char(*names)[64];
	int n = skl_data_list_profiles(rt->data_dir, NULL, 0), i;
	if (n > 0) {
		names = lua_newuserdatauv(L, (size_t)n * 64, 0);
		n = skl_data_list_profiles(rt->data_dir, names, n);
		for (i = 0; i < n; i++) {
			skl_error err;
			if (skl__data_profile(rt->data_dir, names[i], out, skl__run_budget(rt), &err) == 0 &&
			    !strcmp(out->layouts, set)) {
				lua_pop(L, 1);
				return;
			}
		}
		lua_pop(L, 1);
	}
	skl__error(L, "sklab.whatif: no kernel profile uses the layout set '%s': give profile=", set);
}

/* ---- the result ----------------------------------------------------------------- */

static skl_whatif *check_result(lua_State *L)
{
	wdata *d = lua_touserdata(L, lua_upvalueindex(2));
	if (!lua_istable(L, 1))
		skl__argerror(L, 1, lua_pushfstring(L, "whatif result expected, got %s", luaL_typename(L, 1)));
	if (!d || !d->w)
		skl__error(L, "%s: the result is gone", skl__fname(L));
	return d->w;
}

static int w_text(lua_State *L)
{
	static const char *const shows[] = {"after", "table", "diff", NULL};
	static const skl_whatif_show as[] = {SKL_WHATIF_SHOW_AFTER, SKL_WHATIF_SHOW_TABLE, SKL_WHATIF_SHOW_DIFF};
	skl_whatif *w = check_result(L);
	int i = 0;
	skl_buf *b;
	skl_sink s;
	if (!lua_isnoneornil(L, 2)) {
		const char *how = skl__check_string(L, 2);
		for (i = 0; shows[i] && strcmp(shows[i], how); i++)
			;
		if (!shows[i])
			return skl__argerror(
			    L, 2, lua_pushfstring(L, "\"after\", \"table\" or \"diff\" expected, got \"%s\"", how));
	}
	b = skl__push_buf(L);
	s = skl_buf_sink(b);
	skl_whatif_write_text(w, &s, as[i]);
	skl__buf_result(L, b);
	return 1;
}

static int w_json(lua_State *L)
{
	skl_whatif *w = check_result(L);
	skl_buf *b = skl__push_buf(L);
	skl_sink s = skl_buf_sink(b);
	skl_whatif_write_json(w, &s);
	skl__buf_result(L, b);
	return 1;
}

static int result_tostring(lua_State *L)
{
	lua_settop(L, 1);
	return w_text(L);
}

static void push_list(lua_State *L, const uint64_t *v, int n)
{
	int i;
	lua_createtable(L, n, 0);
	for (i = 0; i < n; i++) {
		lua_pushinteger(L, (lua_Integer)v[i]);
		lua_rawseti(L, -2, i + 1);
	}
}

/* One side: the figures, the path lines and the layout. */
static void push_side(lua_State *L, const skl_whatif *w, const skl_whatif_side *s)
{
	const skl_layout *l = s->layout;
	skl_layout *copy;
	int i, j;
	lua_createtable(L, 0, 24);
	skl__set_int(L, "size", (lua_Integer)l->size);
	skl__set_int(L, "align", (lua_Integer)l->align);
	skl__set_int(L, "members", l->members);
	skl__set_int(L, "holes", l->holes);
	skl__set_int(L, "hole_bytes", (lua_Integer)l->sum_holes);
	skl__set_int(L, "bit_holes", l->bit_holes);
	skl__set_int(L, "bit_hole_bits", (lua_Integer)l->sum_bit_holes);
	skl__set_int(L, "padding", (lua_Integer)l->padding);
	skl__set_int(L, "cachelines", (lua_Integer)l->cachelines);
	skl__set_int(L, "slab_size", (lua_Integer)s->slab.size);
	skl__set_int(L, "objs_per_slab", (lua_Integer)s->slab.objs_per_slab);
	skl__set_int(L, "order", (lua_Integer)s->slab.order);
	skl__set_int(L, "pages_per_slab", (lua_Integer)s->slab.pages_per_slab);
	skl__set_int(L, "slabs", (lua_Integer)s->slabs);
	skl__set_int(L, "bytes", (lua_Integer)s->bytes);
	/* lines = {name = n}; paths = {name = {lines=, text=, members = {m = {first, last} or false}}} */
	lua_createtable(L, 0, w->npaths);
	lua_createtable(L, 0, w->npaths);
	for (i = 0; i < w->npaths; i++) {
		const skl_whatif_lines *p = &s->paths[i];
		char text[256];
		lua_pushinteger(L, p->nlines);
		lua_setfield(L, -3, w->paths[i].name);
		lua_createtable(L, 0, 3);
		push_list(L, p->lines, p->nlines);
		lua_setfield(L, -2, "lines");
		skl_whatif_format_lines(p, text, sizeof(text));
		skl__set_str(L, "text", text);
		lua_createtable(L, 0, w->paths[i].nmembers);
		for (j = 0; j < w->paths[i].nmembers; j++) {
			if (p->first[j] == UINT64_MAX) {
				lua_pushboolean(L, 0);
			} else {
				uint64_t fl[2];
				fl[0] = p->first[j];
				fl[1] = p->last[j];
				push_list(L, fl, 2);
			}
			lua_setfield(L, -2, w->paths[i].members[j]);
		}
		lua_setfield(L, -2, "members");
		lua_setfield(L, -2, w->paths[i].name);
	}
	lua_setfield(L, -3, "paths");
	lua_setfield(L, -2, "lines");
	copy = skl_layout_clone(l);
	if (!copy)
		skl__error(L, "sklab.whatif: out of memory");
	if (s == &w->after && w->nedits) {
		/* the struct's own note describes the old layout: say what changed instead */
		char note[600];
		size_t n = (size_t)snprintf(note, sizeof(note), "What if:");
		for (i = 0; i < w->nedits && n < sizeof(note); i++)
			n += (size_t)snprintf(note + n, sizeof(note) - n, "%s %s", i ? ";" : "", w->edits[i].text);
		skl_free(copy->note);
		copy->note = skl_strdup(note);
		if (!copy->note) {
			skl_layout_free(copy);
			skl__error(L, "sklab.whatif: out of memory");
		}
	}
	skl__push_layout(L, copy);
	lua_setfield(L, -2, "layout");
}

/* delta = after - before for every number of the sides at -2 (before) and -1 (after). */
static void push_delta(lua_State *L, const skl_whatif *w)
{
	static const char *const keys[] = {"size",	     "align",	  "members",	   "holes",
					   "hole_bytes",     "bit_holes", "bit_hole_bits", "padding",
					   "cachelines",     "slab_size", "objs_per_slab", "order",
					   "pages_per_slab", "slabs",	  "bytes",	   NULL};
	int bi = lua_absindex(L, -2), ai = lua_absindex(L, -1), i;
	lua_createtable(L, 0, 16);
	for (i = 0; keys[i]; i++) {
		lua_Integer a, b;
		lua_getfield(L, bi, keys[i]);
		lua_getfield(L, ai, keys[i]);
		b = lua_tointeger(L, -2);
		a = lua_tointeger(L, -1);
		lua_pop(L, 2);
		skl__set_int(L, keys[i], a - b);
	}
	lua_createtable(L, 0, w->npaths);
	for (i = 0; i < w->npaths; i++)
		skl__set_int(L, w->paths[i].name, (lua_Integer)w->after.paths[i].nlines - w->before.paths[i].nlines);
	lua_setfield(L, -2, "lines");
}

/* Pushes fn as a method closure of the result whose data is at didx. */
static void push_method(lua_State *L, lua_CFunction fn, const char *name, int didx)
{
	lua_pushlightuserdata(L, (void *)skl__api_find(name));
	lua_pushvalue(L, didx);
	lua_pushcclosure(L, fn, 2);
}

static void push_result(lua_State *L, const skl_whatif *w, int didx)
{
	int i;
	lua_createtable(L, 0, 16);
	skl__set_str(L, "struct", w->label);
	skl__set_str(L, "profile", w->profile);
	skl__set_str(L, "allocator", skl_allocator_name(w->allocator));
	skl__set_str(L, "cache", w->cache_name);
	skl__set_int(L, "objects", (lua_Integer)w->objects);
	lua_createtable(L, w->nedits, 0);
	for (i = 0; i < w->nedits; i++) {
		lua_pushstring(L, w->edits[i].text);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "changes");
	if (w->reorganized) {
		lua_createtable(L, 0, 4);
		skl__set_str(L, "method", w->method);
		skl__set_int(L, "candidates", w->candidates);
		lua_createtable(L, w->nmoves, 0);
		for (i = 0; i < w->nmoves; i++) {
			lua_pushstring(L, w->moves[i]);
			lua_rawseti(L, -2, i + 1);
		}
		lua_setfield(L, -2, "moves");
		lua_createtable(L, w->ndemoted, 0);
		for (i = 0; i < w->ndemoted; i++) {
			lua_pushstring(L, w->moves[w->nmoves + i]);
			lua_rawseti(L, -2, i + 1);
		}
		lua_setfield(L, -2, "demoted");
		lua_setfield(L, -2, "reorganize");
	}
	push_side(L, w, &w->before);
	push_side(L, w, &w->after);
	push_delta(L, w);
	lua_setfield(L, -4, "delta");
	lua_getfield(L, -1, "layout");
	lua_setfield(L, -4, "layout");
	lua_setfield(L, -3, "after");
	lua_setfield(L, -2, "before");

	/* a metatable of its own: the methods hold this result's data */
	lua_createtable(L, 0, 4);
	lua_createtable(L, 0, 2);
	push_method(L, w_text, "w:text", didx);
	lua_setfield(L, -2, "text");
	push_method(L, w_json, "w:json", didx);
	lua_setfield(L, -2, "json");
	lua_setfield(L, -2, "__index");
	push_method(L, result_tostring, "w:text", didx);
	lua_setfield(L, -2, "__tostring");
	lua_pushliteral(L, "whatif");
	lua_setfield(L, -2, "__metatable");
	lua_setmetatable(L, -2);
}

/* ---- sklab.whatif ----------------------------------------------------------------- */

static int f_whatif(lua_State *L)
{
	static const char *const keys[] = {"struct",  "set",	"changes",   "paths",	   "slab",
					   "profile", "config", "cacheline", "reorganize", NULL};
	skl_lua *rt = skl__rt(L);
	const char *pname = NULL, *sname, *setname = NULL, *specs[MAX_PATHS];
	const skl_layout *given = NULL;
	skl_edit *edits;
	int nedits, npaths, didx, have_config = 0, reorganize = 0;
	lua_Integer cacheline = 0;
	char set[64], tag[128], config[1024], label[200], key[96];
	skl_profile prof;
	slabopts so;
	skl_typedb *db;
	const skl_type *t, *r;
	skl_whatif_opts o;
	skl_error err;
	wdata *d;
	wdbs *dbs;

	skl__check_table(L, 1);
	if (skl__unknown_key(L, 1, keys, 1, key, sizeof(key)))
		return skl__argerror(L, 1, lua_pushfstring(L, "unknown field %s", key));
	lua_settop(L, 1);

	/* the struct: a layout object, "set/name" or a name of the profile's set */
	lua_getfield(L, 1, "struct"); /* 2 */
	given = lua_isuserdata(L, 2) ? skl__to_layout(L, 2) : NULL;
	if (!given && lua_type(L, 2) != LUA_TSTRING)
		bad_type(L, "field 'struct'", "layout or string (\"set/name\")", 2);
	if (lua_getfield(L, 1, "set") != LUA_TNIL) { /* 3 */
		if (lua_type(L, 3) != LUA_TSTRING)
			bad_type(L, "field 'set'", "string", 3);
		setname = lua_tostring(L, 3);
		if (!skl__valid_name(setname))
			bad(L, "field 'set'", lua_pushfstring(L, "'%s' is not a layout set name", setname));
		if (given)
			bad(L, "field 'set'", "a layout object knows its set: give set= with a struct name only");
	}
	set[0] = '\0';
	if (given) {
		if (layout_origin(L, given, set, sizeof(set), tag, sizeof(tag)) < 0)
			bad(L, "field 'struct'",
			    lua_pushfstring(L,
					    "%s is not a layout of sklab.layouts (a whatif result's layout cannot be "
					    "changed again: give all the changes in one call)",
					    given->name));
	} else {
		const char *slash;
		sname = lua_tostring(L, 2);
		slash = strchr(sname, '/');
		if (slash) {
			if (setname)
				bad(L, "field 'set'", lua_pushfstring(L, "'%s' already names its set", sname));
			if ((size_t)(slash - sname) >= sizeof(set))
				bad(L, "field 'struct'", lua_pushfstring(L, "'%s': the set name is too long", sname));
			snprintf(set, sizeof(set), "%.*s", (int)(slash - sname), sname);
			sname = slash + 1;
			if (!skl__valid_name(set))
				bad(L, "field 'struct'", lua_pushfstring(L, "'%s' is not a layout set name", set));
		} else if (setname) {
			snprintf(set, sizeof(set), "%s", setname);
		}
		if (!strncmp(sname, "struct ", 7))
			sname += 7;
		else if (!strncmp(sname, "union ", 6))
			sname += 6;
		if (!is_member_name(sname) || strchr(sname, '.'))
			bad(L, "field 'struct'", lua_pushfstring(L, "'%s' is not a struct name", sname));
		snprintf(tag, sizeof(tag), "%s", sname);
	}

	/* the changes, the paths and the slab */
	edits = lua_newuserdatauv(L, MAX_EDITS * sizeof(skl_edit), 0); /* 4 */
	lua_getfield(L, 1, "changes");
	nedits = check_changes(L, edits);
	lua_pop(L, 1);
	if (lua_getfield(L, 1, "reorganize") != LUA_TNIL) {
		if (!lua_isboolean(L, -1))
			bad_type(L, "field 'reorganize'", "boolean", -1);
		reorganize = lua_toboolean(L, -1);
	}
	lua_pop(L, 1);
	if (reorganize && nedits)
		bad(L, "field 'reorganize'", "reorganize makes its own moves: give it no changes");
	lua_getfield(L, 1, "paths"); /* 5; check_paths pushes 6, the specs */
	npaths = check_paths(L, specs);
	lua_getfield(L, 1, "slab"); /* 7 */
	check_slab(L, &so);
	lua_pop(L, 1);

	/* the profile: given, else the scenario's when it uses the set, else the set's first */
	if (lua_getfield(L, 1, "profile") != LUA_TNIL) {
		if (lua_type(L, -1) != LUA_TSTRING)
			bad_type(L, "field 'profile'", "string", -1);
		pname = lua_tostring(L, -1);
	}
	lua_pop(L, 1);
	if (pname)
		skl__resolve_profile(L, pname, &prof);
	else if (rt->sc.have_profile && (!set[0] || !strcmp(rt->sc.profile.layouts, set) || own(set)))
		prof = rt->sc.profile;
	else if (own(set))
		bad(L, "field 'profile'",
		    lua_pushfstring(L, "%s has no kernel profile of its own: give profile= or scenario{profile=}",
				    set + (set[0] == 'h' ? 7 : 4)));
	else if (set[0])
		profile_for_set(L, set, &prof);
	else
		bad(L, "field 'struct'",
		    lua_pushfstring(L, "name the layout set ('linux-2.4.16/%s' or set=) or give profile=", tag));
	if (!set[0])
		snprintf(set, sizeof(set), "%s", prof.layouts);
	if (so.rcu && prof.allocator != SKL_ALLOC_SLUB)
		bad(L, "slab.rcu",
		    lua_pushfstring(L, "SLAB_TYPESAFE_BY_RCU is a SLUB flag; %s uses the 2.4 SLAB", prof.name));
	if (given && given->abi != prof.abi)
		bad(L, "field 'profile'",
		    lua_pushfstring(L, "%s is laid out for %s, the profile %s is %s", given->name,
				    given->abi ? given->abi->name : "?", prof.name, prof.abi ? prof.abi->name : "?"));

	/* config and cache line: given, else the layout's, else the profile's */
	if (lua_getfield(L, 1, "config") != LUA_TNIL) {
		check_config(L, config, sizeof(config));
		have_config = 1;
	}
	lua_pop(L, 1);
	if (!have_config)
		snprintf(config, sizeof(config), "%s", given && given->config ? given->config : prof.config);
	if (lua_getfield(L, 1, "cacheline") != LUA_TNIL) {
		if (!lua_isinteger(L, -1))
			bad_type(L, "field 'cacheline'", "integer", -1);
		cacheline = lua_tointeger(L, -1);
		if (cacheline < 8 || cacheline > 4096 || (cacheline & (cacheline - 1)))
			bad(L, "field 'cacheline'",
			    lua_pushfstring(L, "%I is not a power of two from 8 to 4096", cacheline));
	}
	lua_pop(L, 1);
	if (!cacheline)
		cacheline = given ? given->cacheline : prof.cacheline;

	/* the struct in the set's whatif database */
	dbs = get_dbs(L);
	if (dbs->calls >= MAX_CALLS)
		return skl__error(L, "sklab.whatif: more than %d calls in one run", MAX_CALLS);
	db = set_db(L, set);
	t = skl_typedb_find(db, tag);
	if (!t)
		bad(L, "field 'struct'", lua_pushfstring(L, "no struct '%s' in the layout set %s", tag, set));
	r = skl_type_resolve(t);
	if (!r || (skl_type_kind(r) != SKL_K_STRUCT && skl_type_kind(r) != SKL_K_UNION))
		bad(L, "field 'struct'", lua_pushfstring(L, "'%s' in %s is not a struct or union", tag, set));
	snprintf(label, sizeof(label), "%s/%s", set, tag);

	memset(&o, 0, sizeof(o));
	o.profile = &prof;
	o.config = config;
	o.cacheline = (unsigned)cacheline;
	o.cpus = so.cpus;
	o.debug = so.debug;
	o.cache_name = so.name[0] ? so.name : NULL;
	o.cache = so.cache;
	o.edits = edits;
	o.nedits = nedits;
	o.paths = specs;
	o.npaths = npaths;
	o.objects = so.objects;
	o.label = label;
	o.reorganize = reorganize;

	/* the result's data owns w from here, so nothing leaks when Lua raises */
	d = lua_newuserdatauv(L, sizeof(*d), 0);
	d->w = NULL;
	if (luaL_newmetatable(L, DATA_MT)) {
		lua_pushcfunction(L, data_gc);
		lua_setfield(L, -2, "__gc");
	}
	lua_setmetatable(L, -2);
	didx = lua_gettop(L);
	skl_error_clear(&err);
	dbs->calls++;
	d->w = skl_whatif_run(db, t, &o, &err);
	if (!d->w) {
		unsigned n;
		int used = 0;
		/* "edit N 'text': why" names a change; "path 'p': why" a path */
		if (sscanf(err.msg, "edit %u %n", &n, &used) == 1 && used && err.msg[used] == '\'')
			return skl__argerror(L, 1, lua_pushfstring(L, "changes[%d] %s", (int)n, err.msg + used));
		if (!strncmp(err.msg, "path '", 6))
			return skl__argerror(L, 1, lua_pushfstring(L, "field 'paths': %s", err.msg));
		return skl__error(L, "sklab.whatif: %s", err.msg);
	}
	push_result(L, d->w, didx);
	return 1;
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__whatif_lib[] = {
    {"sklab.whatif", f_whatif},
    {"w:text", w_text},
    {"w:json", w_json},
    {NULL, NULL},
};
