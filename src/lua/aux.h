/*
 * aux.h - the helpers every binding uses (what lauxlib is to Lua): errors
 * that name the scenario line and the API function, argument checks, the
 * readers of options tables, and results.
 * Knows nothing of the runtime struct, the engine or the event log.
 * Private to src/lua.
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
} skl__api;

/* A binding: the function behind a GLOBAL, LIB or METHOD entry's name
 * (luaL_Reg's role). Each library exports its own, NULL-ended. */
typedef struct skl__reg {
	const char *name; /* as the API table spells it: "k:kmalloc" */
	lua_CFunction fn;
} skl__reg;

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
/* How an error names the value at idx: a handle's class ("kernel", from
 * its metatable's __name, which is pushed), else its Lua type. */
const char *skl__typename(lua_State *L, int idx);
/* "expected" type error for arg: "table expected, got kernel". */
int skl__typeerror(lua_State *L, int arg, const char *expected);
/* The running API function's name, "?" when it has none. */
const char *skl__fname(lua_State *L);
/* nil and msg: an expected failure ("failed" when msg is empty). */
int skl__fail(lua_State *L, const char *msg);

/* ---- arguments -------------------------------------------------------------------- */

const char *skl__check_string(lua_State *L, int arg);
/* Raises at arg when s (len bytes) holds a NUL byte: "WHAT holds a NUL
 * byte (byte N of M)". Every string the API takes goes through it. */
void skl__check_nul(lua_State *L, int arg, const char *what, const char *s, size_t len);
/* The string at arg, or def when it is none or nil (lauxlib's luaL_optstring). */
const char *skl__optarg_string(lua_State *L, int arg, const char *def);
lua_Integer skl__check_integer(lua_State *L, int arg);
void skl__check_table(lua_State *L, int arg);
/* Raises a bad-argument error for arg when the table there has a key that is
 * not one of the strings in allowed (NULL-ended): "unknown field 'titel'". */
void skl__check_keys(lua_State *L, int arg, const char *const *allowed);
/* The smallest key of the table at idx that is not one of the strings in
 * allowed, as a message names it, into out; NULL when there is none. Keys
 * are named "field 'k'", "positional value [1]" or "boolean key", or with
 * quoted: "'k'", "[1]", "a boolean key" (sklab.whatif's words). */
const char *skl__unknown_key(lua_State *L, int idx, const char *const *allowed, int quoted, char *out, size_t outsz);

/* ---- options: the fields of a table of named options ---------------------------------
 *
 * A reader knows where the table is, which argument its errors are about,
 * and how they are worded. Each skl__opt_* call reads one field: nil gives
 * the default, a value of another type or out of range raises a bad
 * argument error. In the plain style, the style of every binding unless
 * its flags say otherwise:
 *   bad argument #1 to 'sklab.kernel' (field 'cpus': integer expected, got a fraction)
 *   bad argument #1 to 'sklab.kernel' (field 'ram_mb' must be from 1 to 4096)
 * The flags keep the words some bindings used before this one set of
 * readers existed (their scenarios' error messages are part of the API).
 */
/* nil is an error: "field 'size' is required"; for a string, the type error */
#define SKL__OPT_REQUIRED 0x1
/* out of range says the value: "field 'sport' is 70000: it must be from 0
 * to 65535" (the skb bindings) */
#define SKL__OPT_SAY_VALUE 0x2
/* a fraction is "got number", not "got a fraction" (sklab.bench) */
#define SKL__OPT_TYPENAME 0x4
/* the field is named where..key, in the words sklab.whatif uses for its
 * nested tables: "slab.align: integer expected, got kernel" (a handle's
 * class), "slab.cpus: 0 is out of range (1 to 256)" */
#define SKL__OPT_DOTTED 0x8

typedef struct skl__opts {
	lua_State *L;
	int t;		   /* the table's stack index (absolute) */
	int arg;	   /* errors are "bad argument #arg" */
	const char *where; /* put before the field's name: "field 'levels': entry 2: "; DOTTED: "slab." */
	unsigned flags;	   /* SKL__OPT_* */
} skl__opts;

/* The options table at arg, its errors about arg, in the plain style. */
skl__opts skl__opts_at(lua_State *L, int arg);
/* Pushes the field's name as errors say it: "field 'cpus'", "slab.align". */
const char *skl__opt_name(const skl__opts *o, const char *key);
int skl__opt_bool(const skl__opts *o, const char *key, int def);
lua_Integer skl__opt_int(const skl__opts *o, const char *key, lua_Integer def, lua_Integer lo, lua_Integer hi);
/* The string at the field, NULL when it is nil. Leaves the field's value
 * (the string, or nil) on the stack, so the string lives while it is used:
 * pop it when done. */
const char *skl__opt_string(const skl__opts *o, const char *key);

/* ---- results ------------------------------------------------------------------------ */

/* Text through a skl_buf that Lua frees if it unwinds: push one, write
 * into it, then replace it on the stack with its text. skl__buf_open
 * makes the buffer's class, once per state. */
void skl__buf_open(lua_State *L);
skl_buf *skl__push_buf(lua_State *L);
void skl__buf_result(lua_State *L, skl_buf *b);
/* Pushes "0x..." (an address as scripts see it). */
void skl__push_hex(lua_State *L, uint64_t v);

/* t[k] = v on the table at the top of the stack. */
void skl__set_int(lua_State *L, const char *k, lua_Integer v);
void skl__set_num(lua_State *L, const char *k, double v);
void skl__set_str(lua_State *L, const char *k, const char *v);
void skl__set_bool(lua_State *L, const char *k, int v);

#endif
