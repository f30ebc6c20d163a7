/*
 * init.c - opens the sandbox of a run (what linit.c is to Lua): Lua's safe
 * libraries (base, table, string, math, utf8, coroutine) hardened against
 * loops in C and every C function charged to the budget (budget.c), without files or bytecode and with a fixed random
 * seed, then the classes of the scenario's handles and the scenario API (sklab, scene and the globals) from the API
 * table. Also makes, clears and frees the libraries' state, in the order they depend on each other. Runs nothing of a
 * scenario.
 */
#include "lua_impl.h"

#include <lualib.h>

static void open_lib(lua_State *L, const char *name, lua_CFunction open)
{
	luaL_requiref(L, name, open, 1);
	lua_pop(L, 1);
}

int skl__open_sandbox(lua_State *L)
{
	skl_lua *rt = skl__rt(L);
	open_lib(L, LUA_GNAME, luaopen_base);
	open_lib(L, LUA_TABLIBNAME, luaopen_table);
	open_lib(L, LUA_STRLIBNAME, luaopen_string);
	open_lib(L, LUA_MATHLIBNAME, luaopen_math);
	open_lib(L, LUA_UTF8LIBNAME, luaopen_utf8);
	open_lib(L, LUA_COLIBNAME, luaopen_coroutine);
	skl__base_harden(L);
	skl__pattern_open(L);

	/* no files, no bytecode */
	lua_pushnil(L);
	lua_setglobal(L, "dofile");
	lua_pushnil(L);
	lua_setglobal(L, "loadfile");
	lua_getglobal(L, LUA_STRLIBNAME);
	lua_pushnil(L);
	lua_setfield(L, -2, "dump");
	lua_pop(L, 1);

	/* math.random starts from a fixed seed: runs are deterministic */
	lua_getglobal(L, LUA_MATHLIBNAME);
	lua_getfield(L, -1, "randomseed");
	lua_pushinteger(L, 0);
	lua_call(L, 1, 0);
	lua_pop(L, 1);

	skl__layout_open(L);
	skl__buf_open(L);
	skl__kernel_open(L);
	skl__skb_open(L);
	skl__hdr_open(L);
	skl__path_open(L);
	skl__sock_open(L);
	skl__api_register(L);
	skl__cache_open(L);

	/* every other C function of the sandbox is charged too (budget.c) */
	skl__charge_table(L, 0, NULL);
	{
		static const char *const libs[] = {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME,
						   LUA_COLIBNAME};
		size_t i;
		for (i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
			lua_getglobal(L, libs[i]);
			skl__charge_table(L, -1, libs[i]);
			lua_pop(L, 1);
		}
	}

	if (rt->header_only) {
		/* only scenario{} is there: anything else before it fails */
		static const char *const gone[] = {"sklab", "scene", "print", "expect", "expect_panic"};
		size_t i;
		for (i = 0; i < sizeof(gone) / sizeof(gone[0]); i++) {
			lua_pushnil(L);
			lua_setglobal(L, gone[i]);
		}
	}
	return 0;
}

/* ---- the libraries' state ---------------------------------------------------------- */

int skl__libs_new(skl_lua *rt)
{
	if (skl__layouts_new(rt) < 0 || skl__kernels_new(rt) < 0 || skl__skbs_new(rt) < 0 || skl__captures_new(rt) < 0)
		return -1;
	return 0;
}

void skl__libs_begin(skl_lua *rt)
{
	skl__libs_clear(rt);
	skl__captures_reset(rt);
}

void skl__libs_clear(skl_lua *rt)
{
	skl__layouts_clear(rt);
	skl__skbs_clear(rt); /* the nets before their kernels */
	skl__captures_close(rt);
	skl__kernels_clear(rt);
}

void skl__libs_finish(skl_lua *rt)
{
	skl__captures_finish(rt);
}

void skl__libs_free(skl_lua *rt)
{
	skl__layouts_free(rt);
	skl__skbs_free(rt);
	skl__captures_free(rt);
	skl__kernels_free(rt);
}
