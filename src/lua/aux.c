/*
 * aux.c - the helpers every binding uses (what lauxlib.c is to Lua): error
 * locations, errors that name the API function, argument checks, the
 * readers of options tables, and results (table setters, text through a
 * buffer Lua frees). Holds no state; never touches the runtime struct.
 */
#include "aux.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- error locations ------------------------------------------------------------ */

void skl__where(lua_State *L, int level, char *out, size_t outsz)
{
	lua_Debug ar;
	out[0] = '\0';
	for (; lua_getstack(L, level, &ar); level++) {
		if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0)
			continue;
		snprintf(out, outsz, "%s:%d", ar.source[0] == '@' ? ar.source + 1 : ar.short_src, ar.currentline);
		return;
	}
}

int skl__error(lua_State *L, const char *fmt, ...)
{
	char where[SKL__WHERE_MAX], msg[2048];
	va_list ap;
	skl__where(L, 1, where, sizeof(where));
	/* C's printf, as the format attribute in aux.h checks it: Lua's
	 * lua_pushvfstring knows no %llx or %zu and would raise its own
	 * "invalid option" in place of the message */
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (where[0])
		lua_pushfstring(L, "%s: %s", where, msg);
	else
		lua_pushstring(L, msg);
	return lua_error(L);
}

const char *skl__fname(lua_State *L)
{
	const skl__api *e = lua_touserdata(L, lua_upvalueindex(1));
	return e ? e->name : "?";
}

static int is_method(lua_State *L)
{
	const skl__api *e = lua_touserdata(L, lua_upvalueindex(1));
	return e && e->kind == SKL__API_METHOD;
}

/* An __index metamethod (its entry is SKL__API_INDEX, its methods table
 * upvalue 2) reading key at 2 of its object at 1. */
static int is_index(lua_State *L)
{
	const skl__api *e = lua_touserdata(L, lua_upvalueindex(1));
	return e && e->kind == SKL__API_INDEX && lua_type(L, 2) == LUA_TSTRING;
}

int skl__argerror(lua_State *L, int arg, const char *msg)
{
	if (arg == 1 && is_index(L)) {
		/* o:write(...) or o.size on a bad handle: the error comes from the
		 * lookup, so it names what was looked up */
		const char *key = lua_tostring(L, 2);
		int method = lua_type(L, lua_upvalueindex(2)) == LUA_TTABLE &&
			     lua_getfield(L, lua_upvalueindex(2), key) != LUA_TNIL;
		if (method)
			return skl__error(L, "calling '%s' on bad self (%s)", key, msg);
		return skl__error(L, "reading field '%s' of bad self (%s)", key, msg);
	}
	if (is_method(L)) {
		if (arg == 1)
			return skl__error(L, "calling '%s' on bad self (%s)", skl__fname(L), msg);
		arg--;
	}
	return skl__error(L, "bad argument #%d to '%s' (%s)", arg, skl__fname(L), msg);
}

const char *skl__typename(lua_State *L, int idx)
{
	idx = lua_absindex(L, idx);
	if (luaL_getmetafield(L, idx, "__name") == LUA_TSTRING)
		return lua_tostring(L, -1);
	if (lua_type(L, idx) == LUA_TLIGHTUSERDATA)
		return "light userdata";
	return luaL_typename(L, idx);
}

int skl__typeerror(lua_State *L, int arg, const char *expected)
{
	const char *got = skl__typename(L, arg);
	return skl__argerror(L, arg, lua_pushfstring(L, "%s expected, got %s", expected, got));
}

/* nil and msg: an expected failure. */
int skl__fail(lua_State *L, const char *msg)
{
	lua_pushnil(L);
	lua_pushstring(L, msg && *msg ? msg : "failed");
	return 2;
}

/* ---- arguments -------------------------------------------------------------------- */

/* The one NUL policy (textsafe.h): sklab keeps text as C strings, so a
 * NUL byte would silently cut a caption, a name or a message there; a
 * string holding one is refused, naming the byte. */
void skl__check_nul(lua_State *L, int arg, const char *what, const char *s, size_t len)
{
	const char *z = memchr(s, '\0', len);
	if (z)
		skl__argerror(
		    L, arg,
		    lua_pushfstring(L, "%s holds a NUL byte (byte %d of %d): text stops at NUL, so it is refused", what,
				    (int)(z - s) + 1, (int)len));
}

const char *skl__check_string(lua_State *L, int arg)
{
	const char *s;
	size_t len;
	if (lua_type(L, arg) != LUA_TSTRING)
		skl__typeerror(L, arg, "string");
	s = lua_tolstring(L, arg, &len);
	skl__check_nul(L, arg, "the string", s, len);
	return s;
}

const char *skl__optarg_string(lua_State *L, int arg, const char *def)
{
	if (lua_isnoneornil(L, arg))
		return def;
	return skl__check_string(L, arg);
}

lua_Integer skl__check_integer(lua_State *L, int arg)
{
	int isnum;
	lua_Integer v;
	if (lua_type(L, arg) != LUA_TNUMBER)
		skl__typeerror(L, arg, "number");
	v = lua_tointegerx(L, arg, &isnum);
	if (!isnum)
		skl__argerror(L, arg, "number has no integer representation");
	return v;
}

void skl__check_table(lua_State *L, int arg)
{
	if (lua_type(L, arg) != LUA_TTABLE)
		skl__typeerror(L, arg, "table");
}

const char *skl__unknown_key(lua_State *L, int idx, const char *const *allowed, int quoted, char *out, size_t outsz)
{
	int found = 0;
	idx = lua_absindex(L, idx);
	out[0] = '\0';
	lua_pushnil(L);
	while (lua_next(L, idx)) {
		char key[80];
		int ok = 0;
		lua_pop(L, 1);
		if (lua_type(L, -1) == LUA_TSTRING) {
			const char *k = lua_tostring(L, -1);
			const char *const *a;
			for (a = allowed; *a; a++)
				if (!strcmp(*a, k))
					ok = 1;
			snprintf(key, sizeof(key), quoted ? "'%s'" : "field '%s'", k);
		} else if (lua_type(L, -1) == LUA_TNUMBER && lua_isinteger(L, -1)) {
			snprintf(key, sizeof(key), quoted ? "[%lld]" : "positional value [%lld]",
				 (long long)lua_tointeger(L, -1));
		} else {
			snprintf(key, sizeof(key), quoted ? "a %s key" : "%s key", luaL_typename(L, -1));
		}
		/* the smallest, so the message does not depend on hash order */
		if (!ok && (!found || strcmp(key, out) < 0)) {
			snprintf(out, outsz, "%s", key);
			found = 1;
		}
	}
	return found ? out : NULL;
}

void skl__check_keys(lua_State *L, int arg, const char *const *allowed)
{
	char bad[80];
	if (skl__unknown_key(L, arg, allowed, 0, bad, sizeof(bad)))
		skl__argerror(L, arg, lua_pushfstring(L, "unknown %s", bad));
}

/* ---- options ----------------------------------------------------------------------- */

skl__opts skl__opts_at(lua_State *L, int arg)
{
	skl__opts o;
	o.L = L;
	o.t = o.arg = lua_absindex(L, arg);
	o.where = "";
	o.flags = 0;
	return o;
}

const char *skl__opt_name(const skl__opts *o, const char *key)
{
	if (o->flags & SKL__OPT_DOTTED)
		return lua_pushfstring(o->L, "%s%s", o->where, key);
	return lua_pushfstring(o->L, "%sfield '%s'", o->where, key);
}

/* Raises the type error of the field value on top of the stack; integer:
 * a number there is a fraction. */
static int wrong_type(const skl__opts *o, const char *key, const char *expected, int integer)
{
	lua_State *L = o->L;
	int v = lua_gettop(L);
	const char *got;
	if (o->flags & SKL__OPT_DOTTED)
		got = skl__typename(L, v);
	else if (integer && lua_type(L, v) == LUA_TNUMBER && !(o->flags & SKL__OPT_TYPENAME))
		got = "a fraction";
	else
		got = luaL_typename(L, v);
	return skl__argerror(L, o->arg,
			     lua_pushfstring(L, "%s: %s expected, got %s", skl__opt_name(o, key), expected, got));
}

int skl__opt_bool(const skl__opts *o, const char *key, int def)
{
	lua_State *L = o->L;
	int t = lua_getfield(L, o->t, key), v = def;
	if (t == LUA_TBOOLEAN)
		v = lua_toboolean(L, -1);
	else if (t != LUA_TNIL)
		wrong_type(o, key, "boolean", 0);
	lua_pop(L, 1);
	return v;
}

lua_Integer skl__opt_int(const skl__opts *o, const char *key, lua_Integer def, lua_Integer lo, lua_Integer hi)
{
	lua_State *L = o->L;
	int t = lua_getfield(L, o->t, key);
	lua_Integer v = def;
	if (t == LUA_TNIL && (o->flags & SKL__OPT_REQUIRED))
		skl__argerror(L, o->arg, lua_pushfstring(L, "%s is required", skl__opt_name(o, key)));
	if (t != LUA_TNIL) {
		const char *name;
		if (t != LUA_TNUMBER || !lua_isinteger(L, -1))
			wrong_type(o, key, "integer", 1);
		v = lua_tointeger(L, -1);
		if (v >= lo && v <= hi) {
			lua_pop(L, 1);
			return v;
		}
		name = skl__opt_name(o, key);
		if (o->flags & SKL__OPT_DOTTED)
			skl__argerror(L, o->arg,
				      lua_pushfstring(L, "%s: %I is out of range (%I to %I)", name, v, lo, hi));
		if (o->flags & SKL__OPT_SAY_VALUE)
			skl__argerror(L, o->arg,
				      lua_pushfstring(L, "%s is %I: it must be from %I to %I", name, v, lo, hi));
		skl__argerror(L, o->arg, lua_pushfstring(L, "%s must be from %I to %I", name, lo, hi));
	}
	lua_pop(L, 1);
	return v;
}

const char *skl__opt_string(const skl__opts *o, const char *key)
{
	lua_State *L = o->L;
	int t = lua_getfield(L, o->t, key);
	if (t == LUA_TSTRING) {
		size_t len;
		const char *s = lua_tolstring(L, -1, &len);
		if (memchr(s, '\0', len))
			skl__check_nul(L, o->arg, skl__opt_name(o, key), s, len);
		return s;
	}
	if (t != LUA_TNIL || (o->flags & SKL__OPT_REQUIRED))
		wrong_type(o, key, "string", 0);
	return NULL;
}

/* ---- results ------------------------------------------------------------------------ */

#define BUF_MT "sklab.tmpbuf"

static int buf_gc(lua_State *L)
{
	skl_buf *b = luaL_testudata(L, 1, BUF_MT);
	if (b)
		skl_buf_free(b);
	return 0;
}

void skl__buf_open(lua_State *L)
{
	luaL_newmetatable(L, BUF_MT);
	lua_pushcfunction(L, buf_gc);
	lua_setfield(L, -2, "__gc");
	lua_pop(L, 1);
}

skl_buf *skl__push_buf(lua_State *L)
{
	skl_buf *b = lua_newuserdatauv(L, sizeof(*b), 0);
	skl_buf_init(b);
	luaL_setmetatable(L, BUF_MT);
	return b;
}

void skl__buf_result(lua_State *L, skl_buf *b)
{
	lua_pushlstring(L, b->data ? b->data : "", b->len);
	skl_buf_free(b);
	lua_remove(L, -2);
}

void skl__push_hex(lua_State *L, uint64_t v)
{
	char buf[32];
	snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v);
	lua_pushstring(L, buf);
}

void skl__set_int(lua_State *L, const char *k, lua_Integer v)
{
	lua_pushinteger(L, v);
	lua_setfield(L, -2, k);
}

void skl__set_num(lua_State *L, const char *k, double v)
{
	lua_pushnumber(L, v);
	lua_setfield(L, -2, k);
}

void skl__set_str(lua_State *L, const char *k, const char *v)
{
	lua_pushstring(L, v);
	lua_setfield(L, -2, k);
}

void skl__set_bool(lua_State *L, const char *k, int v)
{
	lua_pushboolean(L, v);
	lua_setfield(L, -2, k);
}
