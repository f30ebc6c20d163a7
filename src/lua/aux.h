/*
 * aux.h - the helpers every binding uses (what lauxlib is to Lua): errors
 * that name the scenario line and the API function, argument checks, and
 * small table setters. Knows nothing of the runtime struct, the engine or
 * the event log. Private to src/lua.
 */
#ifndef SKLAB_LUA_AUX_H
#define SKLAB_LUA_AUX_H

#include "sklab/common.h"

#include <lauxlib.h>
#include <lua.h>

/* ---- the API table's entries ------------------------------------------------- */

typedef enum skl__api_kind {
	SKL__API_GLOBAL, /* a global function: "print" */
	SKL__API_LIB,	 /* a function in a library table: "scene.step" */
	SKL__API_METHOD, /* a method of a userdata class: "layout:pahole" */
	SKL__API_FIELD,	 /* a field to read (documentation only): "layout.size" */
	SKL__API_INDEX,	 /* indexing (documentation only): "types[name]" */
	SKL__API_SECTION /* a heading in the reference: name is its title */
} skl__api_kind;

/* One entry of the API table (api.c). A binding's first upvalue is its
 * entry: errors name the function with it. */
typedef struct skl__api {
	const char *name; /* as scripts spell it, and as errors name it */
	const char *args; /* "(caption)", "" for fields */
	const char *help; /* one line */
	skl__api_kind kind;
	lua_CFunction fn; /* NULL for fields */
} skl__api;

/* ---- errors that name the scenario line ---------------------------------------- */

#define SKL__WHERE_MAX 1100 /* "file:line" */

/* "file:line" of the innermost scenario code running (level >= 1), or "". */
void skl__where(lua_State *L, int level, char *out, size_t outsz);
/* Raises "file:line: msg". */
int skl__error(lua_State *L, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Raises "file:line: bad argument #arg to 'name' (msg)" for the running API
 * function; a method's self is "calling 'name' on bad self (msg)". */
int skl__argerror(lua_State *L, int arg, const char *msg);
/* "expected" type error for arg: "table expected, got string" (a handle's
 * class name when it has one). */
int skl__typeerror(lua_State *L, int arg, const char *expected);
/* The running API function's name, "?" when it has none. */
const char *skl__fname(lua_State *L);
/* nil and msg: an expected failure ("failed" when msg is empty). */
int skl__fail(lua_State *L, const char *msg);

/* ---- arguments -------------------------------------------------------------------- */

const char *skl__check_string(lua_State *L, int arg);
const char *skl__opt_string(lua_State *L, int arg, const char *def);
lua_Integer skl__check_integer(lua_State *L, int arg);
void skl__check_table(lua_State *L, int arg);
/* Raises a bad-argument error for arg when the table there has a key that is
 * not one of the strings in allowed (NULL-ended). */
void skl__check_keys(lua_State *L, int arg, const char *const *allowed);

/* ---- results ------------------------------------------------------------------------ */

/* t[k] = v on the table at the top of the stack. */
void skl__set_int(lua_State *L, const char *k, lua_Integer v);
void skl__set_num(lua_State *L, const char *k, double v);
void skl__set_str(lua_State *L, const char *k, const char *v);
void skl__set_bool(lua_State *L, const char *k, int v);

#endif
