/*
 * aux.c - the helpers every binding uses (what lauxlib.c is to Lua): error
 * locations, errors that name the API function, argument checks and table
 * setters. Holds no state; never touches the runtime struct.
 */
#include "aux.h"

#include <stdarg.h>
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
	char where[SKL__WHERE_MAX];
	va_list ap;
	skl__where(L, 1, where, sizeof(where));
	va_start(ap, fmt);
	if (where[0])
		lua_pushfstring(L, "%s: ", where);
	else
		lua_pushliteral(L, "");
	lua_pushvfstring(L, fmt, ap);
	va_end(ap);
	lua_concat(L, 2);
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

int skl__typeerror(lua_State *L, int arg, const char *expected)
{
	const char *got;
	if (luaL_getmetafield(L, arg, "__name") == LUA_TSTRING)
		got = lua_tostring(L, -1);
	else if (lua_type(L, arg) == LUA_TLIGHTUSERDATA)
		got = "light userdata";
	else
		got = luaL_typename(L, arg);
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

const char *skl__check_string(lua_State *L, int arg)
{
	if (lua_type(L, arg) != LUA_TSTRING)
		skl__typeerror(L, arg, "string");
	return lua_tostring(L, arg);
}

const char *skl__opt_string(lua_State *L, int arg, const char *def)
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

void skl__check_keys(lua_State *L, int arg, const char *const *allowed)
{
	char bad[80] = "";
	int idx = lua_absindex(L, arg);
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
			snprintf(key, sizeof(key), "field '%s'", k);
		} else if (lua_type(L, -1) == LUA_TNUMBER && lua_isinteger(L, -1)) {
			snprintf(key, sizeof(key), "positional value [%lld]", (long long)lua_tointeger(L, -1));
		} else {
			snprintf(key, sizeof(key), "%s key", luaL_typename(L, -1));
		}
		/* report the smallest, so the message does not depend on hash order */
		if (!ok && (!bad[0] || strcmp(key, bad) < 0))
			snprintf(bad, sizeof(bad), "%s", key);
	}
	if (bad[0])
		skl__argerror(L, arg, lua_pushfstring(L, "unknown %s", bad));
}

/* ---- results ------------------------------------------------------------------------ */

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
