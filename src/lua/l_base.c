/*
 * l_base.c - the standard functions the sandbox changes: load takes text
 * only; pairs walks keys in sorted order and tostring shows stable ids, so
 * a run never depends on hash seeds or host addresses; collectgarbage,
 * math.randomseed and string.format lose what would break the sandbox or
 * determinism. Each wraps the original, kept as upvalue 2. string.rep,
 * table.move, table.insert and table.remove are replaced because they can
 * loop in C, where the instruction hook never fires: here they charge
 * their shifts to the budget as they go. Every function here is
 * registered charged (budget.c), which also charges the rest of what the
 * standard library does in C by its cost model.
 */
#include "lua_impl.h"

#include <lualib.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ORIGINAL lua_upvalueindex(2)

/* Does the table at index 2 have a raw __gc field? */
static int has_raw_gc(lua_State *L)
{
	int has;
	lua_pushliteral(L, "__gc");
	has = lua_rawget(L, 2) != LUA_TNIL;
	lua_pop(L, 1);
	return has;
}

/* ---- stable ids ----------------------------------------------------------- */

static const char ids_key = 0; /* registry: weak table object -> id */

/* The id of the value at idx, assigned on first use (1, 2, 3...). */
static lua_Integer stable_id(lua_State *L, int idx)
{
	lua_Integer id;
	idx = lua_absindex(L, idx);
	if (lua_rawgetp(L, LUA_REGISTRYINDEX, &ids_key) != LUA_TTABLE) {
		lua_pop(L, 1);
		lua_newtable(L);
		lua_newtable(L);
		lua_pushliteral(L, "k");
		lua_setfield(L, -2, "__mode");
		lua_setmetatable(L, -2);
		lua_pushinteger(L, 0);
		lua_setfield(L, -2, "n");
		lua_pushvalue(L, -1);
		lua_rawsetp(L, LUA_REGISTRYINDEX, &ids_key);
	}
	lua_pushvalue(L, idx);
	if (lua_rawget(L, -2) == LUA_TNUMBER) {
		id = lua_tointeger(L, -1);
		lua_pop(L, 2);
		return id;
	}
	lua_pop(L, 1);
	lua_getfield(L, -1, "n");
	id = lua_tointeger(L, -1) + 1;
	lua_pop(L, 1);
	lua_pushinteger(L, id);
	lua_setfield(L, -2, "n");
	lua_pushvalue(L, idx);
	lua_pushinteger(L, id);
	lua_rawset(L, -3);
	lua_pop(L, 1);
	return id;
}

static int is_reference(int t)
{
	return t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TTHREAD || t == LUA_TUSERDATA ||
	       t == LUA_TLIGHTUSERDATA;
}

const char *skl__tostring(lua_State *L, int idx)
{
	int t = lua_type(L, idx);
	idx = lua_absindex(L, idx);
	if (is_reference(t)) {
		const char *kind = luaL_typename(L, idx);
		int mt;
		if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
			lua_pop(L, 1);
			return luaL_tolstring(L, idx, NULL);
		}
		mt = luaL_getmetafield(L, idx, "__name");
		if (mt == LUA_TSTRING)
			kind = lua_tostring(L, -1);
		lua_pushfstring(L, "%s: #%I", kind, stable_id(L, idx));
		if (mt != LUA_TNIL)
			lua_remove(L, -2);
		return lua_tostring(L, -1);
	}
	return luaL_tolstring(L, idx, NULL);
}

static int f_tostring(lua_State *L)
{
	luaL_checkany(L, 1);
	skl__tostring(L, 1);
	return 1;
}

/* ---- load: text only ----------------------------------------------------------- */

/* Budget units a library call is charged for the work it does in C, where
 * the count hook cannot see it: about the Lua instructions the same time
 * would run (n log n for a sort, n for a pass over n elements, a third of
 * a unit per byte scanned). Charging polls the clock too, so a loop of big
 * calls ends at the time limit, not one call later. */
static uint64_t nlogn(uint64_t n)
{
	uint64_t lg = 1;
	while ((n >> lg) != 0 && lg < 63)
		lg++;
	return n > UINT64_MAX / lg ? UINT64_MAX : n * lg;
}

/* load's reader, charged for each piece it hands the parser (a reader that
 * returns "--" forever would keep the parser in a comment for good). */
static int charged_reader(lua_State *L)
{
	size_t l = 0;
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_call(L, 0, 1);
	if (lua_type(L, -1) == LUA_TSTRING)
		lua_tolstring(L, -1, &l);
	skl__charge(L, 16 + l / 4);
	return 1;
}

static int f_load(lua_State *L)
{
	int n = lua_gettop(L), nargs = n >= 4 ? 4 : 3, base;
	if (n < 1)
		skl__typeerror(L, 1, "string or function");
	lua_pushvalue(L, ORIGINAL);
	base = lua_gettop(L);
	lua_pushvalue(L, 1);
	if (lua_type(L, 1) == LUA_TFUNCTION) {
		lua_pushcclosure(L, charged_reader, 1);
	} else if (lua_type(L, 1) == LUA_TSTRING) {
		size_t l;
		lua_tolstring(L, 1, &l);
		skl__charge(L, l / 4);
	}
	if (n >= 2)
		lua_pushvalue(L, 2);
	else
		lua_pushnil(L);
	lua_pushliteral(L, "t"); /* a binary chunk gets nil, "attempt to load a binary chunk" */
	if (nargs == 4)
		lua_pushvalue(L, 4);
	lua_call(L, nargs, LUA_MULTRET);
	return lua_gettop(L) - base + 1;
}

/* ---- pairs in sorted order ------------------------------------------------------- */

typedef struct skey {
	int rank; /* 0 number, 1 string, 2 boolean, 3 anything else */
	int isint;
	lua_Integer i;
	lua_Number n;
	const char *s;
	size_t len;
	int pos; /* 1-based index in the keys table */
} skey;

static int skey_cmp(const void *a, const void *b)
{
	const skey *x = a, *y = b;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	switch (x->rank) {
	case 0:
		if (x->isint && y->isint)
			return x->i < y->i ? -1 : x->i > y->i;
		return x->n < y->n ? -1 : x->n > y->n;
	case 1: {
		size_t m = x->len < y->len ? x->len : y->len;
		int c = memcmp(x->s, y->s, m);
		if (c)
			return c;
		return x->len < y->len ? -1 : x->len > y->len;
	}
	default:
		return x->i < y->i ? -1 : x->i > y->i;
	}
}

static int sorted_next(lua_State *L)
{
	lua_Integer i = lua_tointeger(L, lua_upvalueindex(3));
	for (;;) {
		i++;
		if (lua_rawgeti(L, lua_upvalueindex(1), i) == LUA_TNIL)
			return 1;
		lua_pushinteger(L, i);
		lua_replace(L, lua_upvalueindex(3));
		lua_pushvalue(L, -1);
		if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL)
			return 2;
		lua_pop(L, 2); /* removed while walking: skip it, as next would */
	}
}

static int f_pairs(lua_State *L)
{
	skey *k;
	lua_Integer n = 0, i;
	if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
		lua_pop(L, 1);
		lua_pushvalue(L, ORIGINAL);
		lua_pushvalue(L, 1);
		lua_call(L, 1, 3);
		return 3;
	}
	skl__check_table(L, 1);
	lua_settop(L, 1);
	lua_newtable(L); /* 2: keys in table order */
	lua_pushnil(L);
	while (lua_next(L, 1)) {
		lua_pop(L, 1);
		lua_pushvalue(L, -1);
		lua_rawseti(L, 2, ++n);
	}
	skl__charge(L, nlogn((uint64_t)n) * 6); /* the walk, the key table and the sort below, in C */
	k = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof(*k), 0); /* 3 */
	for (i = 1; i <= n; i++) {
		skey *e = &k[i - 1];
		int t = lua_rawgeti(L, 2, i);
		memset(e, 0, sizeof(*e));
		e->pos = (int)i;
		if (t == LUA_TNUMBER) {
			e->rank = 0;
			e->isint = lua_isinteger(L, -1);
			e->i = lua_tointeger(L, -1);
			e->n = lua_tonumber(L, -1);
		} else if (t == LUA_TSTRING) {
			e->rank = 1;
			e->s = lua_tolstring(L, -1, &e->len); /* kept alive by the keys table */
		} else if (t == LUA_TBOOLEAN) {
			e->rank = 2;
			e->i = lua_toboolean(L, -1);
		} else {
			e->rank = 3;
			e->i = stable_id(L, -1);
		}
		lua_pop(L, 1);
	}
	qsort(k, (size_t)n, sizeof(*k), skey_cmp);
	lua_createtable(L, (int)n, 0); /* 4: keys in sorted order */
	for (i = 0; i < n; i++) {
		lua_rawgeti(L, 2, k[i].pos);
		lua_rawseti(L, 4, i + 1);
	}
	lua_pushvalue(L, 1);
	lua_pushinteger(L, 0);
	lua_pushcclosure(L, sorted_next, 3);
	lua_pushnil(L);
	lua_pushnil(L);
	return 3;
}

/* ---- setmetatable: no finalizers ---------------------------------------------------- */

/* Lua runs __gc with hooks off, so a finalizer would escape the instruction
 * budget. Lua marks an object for finalization only when its metatable has
 * __gc at setmetatable time, so refusing it here is enough. */
static int f_setmetatable(lua_State *L)
{
	int t = lua_type(L, 2);
	skl__check_table(L, 1);
	if (t != LUA_TNIL && t != LUA_TTABLE)
		skl__typeerror(L, 2, "nil or table");
	if (t == LUA_TTABLE && has_raw_gc(L))
		return skl__argerror(L, 2,
				     "__gc is not available in scenarios (finalizers would run outside the budget)");
	lua_settop(L, 2);
	lua_pushvalue(L, ORIGINAL);
	lua_insert(L, 1);
	lua_call(L, 2, 1);
	return 1;
}

/* ---- collectgarbage, math.randomseed, string.format --------------------------------- */

static int f_collectgarbage(lua_State *L)
{
	static const char *const ok[] = {"collect", "count", "step", "isrunning"};
	const char *opt = skl__optarg_string(L, 1, "collect");
	size_t i;
	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		if (!strcmp(opt, ok[i])) {
			int n = lua_gettop(L);
			lua_pushvalue(L, ORIGINAL);
			lua_rotate(L, 1, 1);
			lua_call(L, n, LUA_MULTRET);
			return lua_gettop(L);
		}
	}
	return skl__argerror(L, 1, lua_pushfstring(L, "option '%s' is not available in scenarios", opt));
}

static int f_randomseed(lua_State *L)
{
	int n = lua_gettop(L);
	if (n == 0)
		return skl__argerror(L, 1, "a seed is needed: runs are deterministic");
	skl__check_integer(L, 1);
	lua_pushvalue(L, ORIGINAL);
	lua_rotate(L, 1, 1);
	lua_call(L, n, LUA_MULTRET);
	return lua_gettop(L);
}

static int f_format(lua_State *L)
{
	const char *f = skl__check_string(L, 1);
	int n = lua_gettop(L), i;
	for (; *f; f++) {
		if (*f != '%')
			continue;
		f++;
		if (*f == '%')
			continue;
		while (*f && strchr("-+ #0123456789.", *f))
			f++;
		if (*f == 'p')
			return skl__argerror(L, 1, "'%p' is not available (it prints host addresses)");
		if (!*f)
			break;
	}
	for (i = 2; i <= n; i++) {
		if (is_reference(lua_type(L, i)) && luaL_getmetafield(L, i, "__tostring") == LUA_TNIL) {
			skl__tostring(L, i);
			lua_replace(L, i);
		} else if (is_reference(lua_type(L, i))) {
			lua_pop(L, 1);
		}
	}
	lua_pushvalue(L, ORIGINAL);
	lua_rotate(L, 1, 1);
	lua_call(L, n, LUA_MULTRET);
	return lua_gettop(L);
}

/* ---- library loops the hook cannot see ------------------------------------------------ */

/* Budget units charged per element that table.move, insert or remove
 * shifts: about what the same loop costs in Lua instructions. */
#define SHIFT_COST 8

static const skl__api e_rep = {"string.rep", "(s, n [, sep])", "", SKL__API_LIB};
static const skl__api e_move = {"table.move", "(a1, f, e, t [, a2])", "", SKL__API_LIB};
static const skl__api e_insert = {"table.insert", "(t, [pos,] v)", "", SKL__API_LIB};
static const skl__api e_remove = {"table.remove", "(t [, pos])", "", SKL__API_LIB};

/* Calls the function this one replaces with the arguments as they are. */
static int call_original(lua_State *L)
{
	int n = lua_gettop(L);
	lua_pushvalue(L, ORIGINAL);
	lua_insert(L, 1);
	lua_call(L, n, LUA_MULTRET);
	return lua_gettop(L);
}

/* string.rep: Lua's loops n times even when every copy is empty
 * (string.rep("", 2^40) never returns); an empty result is returned at
 * once. */
static int base_rep(lua_State *L)
{
	size_t l = 0, lsep = 0;
	int isnum = 0;
	int t1 = lua_type(L, 1), t3 = lua_type(L, 3);
	lua_Integer count = lua_tointegerx(L, 2, &isnum);
	if ((t1 == LUA_TSTRING || t1 == LUA_TNUMBER) && (t3 <= LUA_TNIL || t3 == LUA_TSTRING || t3 == LUA_TNUMBER) &&
	    isnum && count > 0) {
		lua_tolstring(L, 1, &l);
		if (t3 > LUA_TNIL)
			lua_tolstring(L, 3, &lsep);
		if (l + lsep == 0) {
			lua_pushliteral(L, "");
			return 1;
		}
		/* otherwise the result's size bounds the loop: the heap cap ends it */
	}
	return call_original(L);
}

/* ltablib.c's checks: a table, or something with the metamethods asked for. */
#define TAB_R 1
#define TAB_W 2
#define TAB_L 4

static int check_field(lua_State *L, const char *key, int n)
{
	lua_pushstring(L, key);
	return lua_rawget(L, -n) != LUA_TNIL;
}

static void check_tab(lua_State *L, int arg, int what)
{
	if (lua_type(L, arg) != LUA_TTABLE) {
		int n = 1;
		if (lua_getmetatable(L, arg) && (!(what & TAB_R) || check_field(L, "__index", ++n)) &&
		    (!(what & TAB_W) || check_field(L, "__newindex", ++n)) &&
		    (!(what & TAB_L) || check_field(L, "__len", ++n)))
			lua_pop(L, n);
		else
			luaL_checktype(L, arg, LUA_TTABLE);
	}
}

static lua_Integer tab_len(lua_State *L, int arg)
{
	check_tab(L, arg, TAB_R | TAB_W | TAB_L);
	return luaL_len(L, arg);
}

/* The elements from f to e (e >= f), charged; n = how many. */
static void charge_shift(lua_State *L, lua_Unsigned n)
{
	if (n > (lua_Unsigned)(UINT64_MAX / SHIFT_COST))
		n = (lua_Unsigned)(UINT64_MAX / SHIFT_COST);
	skl__charge(L, (uint64_t)n * SHIFT_COST);
}

/* table.insert as ltablib.c has it, with the shift charged */
static int base_insert(lua_State *L)
{
	lua_Integer pos, e = tab_len(L, 1);
	e = (lua_Integer)((lua_Unsigned)e + 1u);
	switch (lua_gettop(L)) {
	case 2:
		pos = e;
		break;
	case 3: {
		lua_Integer i;
		pos = luaL_checkinteger(L, 2);
		luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
		charge_shift(L, (lua_Unsigned)e - (lua_Unsigned)pos);
		for (i = e; i > pos; i--) {
			lua_geti(L, 1, i - 1);
			lua_seti(L, 1, i);
		}
		break;
	}
	default:
		return luaL_error(L, "wrong number of arguments to 'insert'");
	}
	lua_seti(L, 1, pos);
	return 0;
}

/* table.remove as ltablib.c has it, with the shift charged */
static int base_remove(lua_State *L)
{
	lua_Integer size = tab_len(L, 1);
	lua_Integer pos = luaL_optinteger(L, 2, size);
	if (pos != size)
		luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
	if (pos < size)
		charge_shift(L, (lua_Unsigned)size - (lua_Unsigned)pos);
	lua_geti(L, 1, pos);
	for (; pos < size; pos++) {
		lua_geti(L, 1, pos + 1);
		lua_seti(L, 1, pos);
	}
	lua_pushnil(L);
	lua_seti(L, 1, pos);
	return 1;
}

/* table.move as ltablib.c has it, with the copy charged */
static int base_move(lua_State *L)
{
	lua_Integer f = luaL_checkinteger(L, 2);
	lua_Integer e = luaL_checkinteger(L, 3);
	lua_Integer t = luaL_checkinteger(L, 4);
	int tt = !lua_isnoneornil(L, 5) ? 5 : 1;
	check_tab(L, 1, TAB_R);
	check_tab(L, tt, TAB_W);
	if (e >= f) {
		lua_Integer n, i;
		luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
		n = e - f + 1;
		luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
		charge_shift(L, (lua_Unsigned)n);
		if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
			for (i = 0; i < n; i++) {
				lua_geti(L, 1, f + i);
				lua_seti(L, tt, t + i);
			}
		} else {
			for (i = n - 1; i >= 0; i--) {
				lua_geti(L, 1, f + i);
				lua_seti(L, tt, t + i);
			}
		}
	}
	lua_pushvalue(L, tt);
	return 1;
}

/* ---- xpcall: no handler after a limit --------------------------------------------------- */

static const skl__api e_xpcall = {"xpcall", "(f, msgh, ...)", "", SKL__API_GLOBAL};

/* The message handler xpcall really gets: the script's (upvalue 1), unless
 * a limit ended the run. The limits' errors are raised from the count hook,
 * and Lua runs a message handler called from a hook with hooks off: the
 * script's handler would run outside the budget. */
static int guarded_handler(lua_State *L)
{
	if (skl__limit_reached(L))
		return 1;
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_pushvalue(L, 1);
	lua_call(L, 1, 1);
	return 1;
}

static int xpcall_done(lua_State *L, int status, lua_KContext base)
{
	(void)status;
	return lua_gettop(L) - (int)base;
}

static int base_xpcall(lua_State *L)
{
	int n = lua_gettop(L);
	luaL_checktype(L, 2, LUA_TFUNCTION);
	lua_pushvalue(L, 2);
	lua_pushcclosure(L, guarded_handler, 1);
	lua_replace(L, 2);
	lua_pushvalue(L, ORIGINAL);
	lua_insert(L, 1);
	lua_callk(L, n, LUA_MULTRET, 0, xpcall_done);
	return xpcall_done(L, LUA_OK, 0);
}

/* lib[name] = fn, with upvalues (entry, the function it replaces). */
static void replace(lua_State *L, const char *lib, const char *name, lua_CFunction fn, const skl__api *e)
{
	lua_getglobal(L, lib);
	lua_getfield(L, -1, name);
	skl__push_charged(L, fn, e, -1, e->name);
	lua_remove(L, -2);
	lua_setfield(L, -2, name);
	lua_pop(L, 1);
}

void skl__base_harden(lua_State *L)
{
	lua_pushglobaltable(L);
	lua_getfield(L, -1, "xpcall");
	skl__push_charged(L, base_xpcall, &e_xpcall, -1, e_xpcall.name);
	lua_remove(L, -2);
	lua_setfield(L, -2, "xpcall");
	lua_pop(L, 1);
	replace(L, LUA_STRLIBNAME, "rep", base_rep, &e_rep);
	replace(L, LUA_TABLIBNAME, "move", base_move, &e_move);
	replace(L, LUA_TABLIBNAME, "insert", base_insert, &e_insert);
	replace(L, LUA_TABLIBNAME, "remove", base_remove, &e_remove);
}

/* ---- the API slice --------------------------------------------------------------------- */

/* The bindings of this file, named as api.c's table names them. */
const skl__reg skl__base_lib[] = {
    {"load", f_load},
    {"pairs", f_pairs},
    {"setmetatable", f_setmetatable},
    {"tostring", f_tostring},
    {"collectgarbage", f_collectgarbage},
    {"math.randomseed", f_randomseed},
    {"string.format", f_format},
    {NULL, NULL},
};
