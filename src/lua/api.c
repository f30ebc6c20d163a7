/*
 * api.c - the one table that lists the scenario API: every function,
 * method and field a script can use, with its arguments and a line of help.
 * Registration and docs/lua-api.md both come from it; a test fails when
 * the doc is stale. Holds no state.
 */
#include "lua_impl.h"

#include <string.h>

#define SECTION(title)                                                                                                 \
	{                                                                                                              \
		title, "", "", SKL__API_SECTION, NULL                                                                  \
	}

const skl__api skl__api_table[] = {
    SECTION("Scenario"),
    {"scenario", "{title=, goal=, profile=, length=}",
     "Starts the scenario: title, learning goal and kernel profile (which must exist); length, when given, says "
     "how long it takes (\"10 minutes\") or how many steps it has. Call it once, before scene.* and expect.",
     SKL__API_GLOBAL, skl__f_scenario},
    {"scene.step", "(caption)", "Ends a frame with this caption (a STEP event).", SKL__API_LIB, skl__f_step},
    {"scene.show", "(layout, ... [, {highlight=}])",
     "Puts these layouts on screen from the next frame on (a SHOW event holding copies); no argument clears it. "
     "A last table {highlight = {\"line:0\", \"daddr\"}} emphasises cache lines or members (dotted paths).",
     SKL__API_LIB, skl__f_show},
    {"expect", "(cond, msg)",
     "Records an EXPECT event with msg; a false cond makes the run fail at the end, but the script goes on. "
     "Returns cond as a boolean.",
     SKL__API_GLOBAL, skl__f_expect},
    {"print", "(...)", "Writes its arguments, tab-separated, as PRINT events (one per line) and to the echo output.",
     SKL__API_GLOBAL, skl__f_print},

    SECTION("sklab"),
    {"sklab.layouts", "(set, opts)",
     "The structs of a layout set (a directory under assets/layouts) laid out for opts = {profile=, arch=, cacheline=, "
     "config={...} or \"A,B\"}. Without opts.profile and opts.arch the scenario's profile gives the ABI, cache line "
     "and config; set may be nil when a profile names one. Returns a types object.",
     SKL__API_LIB, skl__f_layouts},
    {"sklab.profile", "(name)",
     "A kernel profile as a table {name, kernel, arch, layouts, allocator, page_size, cacheline, cpus, ram_mb, "
     "config, description}; no name gives the scenario's.",
     SKL__API_LIB, skl__f_profile},
    {"sklab.profiles", "()", "The names of the kernel profiles, sorted.", SKL__API_LIB, skl__f_profiles},
    {"sklab.sets", "()", "The names of the layout sets, sorted.", SKL__API_LIB, skl__f_sets},
    {"sklab.version", "", "sklab's version, a string.", SKL__API_FIELD, NULL},

    SECTION("types objects (from sklab.layouts)"),
    {"types[name]", "",
     "The layout of a struct or union: types.sock, types[\"struct sock\"], types.tcp_opt. An unknown name is an "
     "error; layouts are computed once and cached.",
     SKL__API_INDEX, NULL},

    SECTION("layout objects"),
    {"layout.name", "", "\"struct sock\".", SKL__API_FIELD, NULL},
    {"layout.size", "", "Size in bytes.", SKL__API_FIELD, NULL},
    {"layout.align", "", "Alignment in bytes.", SKL__API_FIELD, NULL},
    {"layout.cacheline", "", "The cache-line size it was laid out for.", SKL__API_FIELD, NULL},
    {"layout.cachelines", "", "Cache lines it spans.", SKL__API_FIELD, NULL},
    {"layout.padding", "", "Bytes of trailing padding.", SKL__API_FIELD, NULL},
    {"layout.arch", "", "The ABI: \"i386\" or \"x86_64\".", SKL__API_FIELD, NULL},
    {"layout.config", "", "The config options it was laid out for, \"A,B\".", SKL__API_FIELD, NULL},
    {"layout.note", "", "The data file's note, or nil.", SKL__API_FIELD, NULL},
    {"layout.union", "", "true for a union.", SKL__API_FIELD, NULL},
    {"layout.packed", "", "true when packed.", SKL__API_FIELD, NULL},
    {"layout.members", "",
     "Every member in layout order (nested ones too), as tables {name, path, type, offset, size, align, "
     "bit_offset, bit_size, cacheline, cacheline_last, config, depth, hole}; bit_size is 0 for a plain member.",
     SKL__API_FIELD, NULL},
    {"layout.holes", "", "The holes, as tables {offset, size, after}; after is the path of the member before it.",
     SKL__API_FIELD, NULL},
    {"layout:pahole", "(opts)",
     "The layout as pahole prints it, a string; opts = {hex=true, conds=true} adds --hex and CONFIG_ conditions.",
     SKL__API_METHOD, skl__m_pahole},
    {"layout:json", "()", "The layout as one JSON object, a string.", SKL__API_METHOD, skl__m_json},
    {"layout:member", "(name)", "A member's table by path or unique name, or nil and a reason.", SKL__API_METHOD,
     skl__m_member},
    {"layout:offsetof", "(path)", "A member's offset in bytes; an unknown member is an error.", SKL__API_METHOD,
     skl__m_offsetof},

    SECTION("Sandbox (standard Lua, changed)"),
    {"load", "(chunk, name, mode, env)", "Lua's load for text chunks only: binary chunks are refused.", SKL__API_GLOBAL,
     skl__f_load},
    {"pairs", "(t)",
     "Lua's pairs in sorted key order (numbers, then strings, then the rest), so runs repeat exactly; "
     "__pairs is honoured.",
     SKL__API_GLOBAL, skl__f_pairs},
    {"setmetatable", "(t, mt)",
     "Lua's setmetatable, but a metatable with __gc is refused: finalizers run outside the instruction budget.",
     SKL__API_GLOBAL, skl__f_setmetatable},
    {"tostring", "(v)", "Lua's tostring with stable ids instead of addresses: \"table: #3\".", SKL__API_GLOBAL,
     skl__f_tostring},
    {"collectgarbage", "(opt)", "Only \"collect\", \"count\", \"step\" and \"isrunning\".", SKL__API_GLOBAL,
     skl__f_collectgarbage},
    {"math.randomseed", "(n)", "Needs a seed; every run starts from seed 0, so math.random repeats.", SKL__API_LIB,
     skl__f_randomseed},
    {"string.format", "(fmt, ...)", "Lua's string.format without %p; tables print with stable ids.", SKL__API_LIB,
     skl__f_format},
};

const int skl__api_count = (int)(sizeof(skl__api_table) / sizeof(skl__api_table[0]));

void skl__push_named(lua_State *L, lua_CFunction fn, const skl__api *entry)
{
	lua_pushlightuserdata(L, (void *)entry);
	lua_pushnil(L);
	lua_pushcclosure(L, fn, 2);
}

/* Pushes fn with upvalues (entry, the value it replaces at t[key]). */
static void push_replacing(lua_State *L, int t, const char *key, const skl__api *e)
{
	t = lua_absindex(L, t);
	lua_pushlightuserdata(L, (void *)e);
	lua_getfield(L, t, key);
	lua_pushcclosure(L, e->fn, 2);
}

void skl__api_register(lua_State *L)
{
	int i;
	lua_pushglobaltable(L);
	for (i = 0; i < skl__api_count; i++) {
		const skl__api *e = &skl__api_table[i];
		if (e->kind == SKL__API_GLOBAL) {
			push_replacing(L, -1, e->name, e);
			lua_setfield(L, -2, e->name);
		} else if (e->kind == SKL__API_LIB) {
			const char *dot = strchr(e->name, '.');
			lua_pushlstring(L, e->name, (size_t)(dot - e->name));
			if (lua_rawget(L, -2) != LUA_TTABLE) {
				lua_pop(L, 1);
				lua_newtable(L);
				lua_pushlstring(L, e->name, (size_t)(dot - e->name));
				lua_pushvalue(L, -2);
				lua_rawset(L, -4);
			}
			push_replacing(L, -1, dot + 1, e);
			lua_setfield(L, -2, dot + 1);
			lua_pop(L, 1);
		}
	}
	lua_getfield(L, -1, "sklab");
	lua_pushliteral(L, SKL_VERSION);
	lua_setfield(L, -2, "version");
	lua_pop(L, 2);
}

void skl__api_methods(lua_State *L, int idx, const char *cls)
{
	size_t n = strlen(cls);
	int i;
	idx = lua_absindex(L, idx);
	for (i = 0; i < skl__api_count; i++) {
		const skl__api *e = &skl__api_table[i];
		if (e->kind == SKL__API_METHOD && !strncmp(e->name, cls, n) && e->name[n] == ':') {
			skl__push_named(L, e->fn, e);
			lua_setfield(L, idx, e->name + n + 1);
		}
	}
}

/* Escapes '|' so a help line stays in its table cell. */
static void md_cell(const skl_sink *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			skl_sink_puts(out, "\\|");
		else
			out->write(out->ud, s, 1);
	}
}

void skl_lua_api_write_md(const skl_sink *out)
{
	int i;
	for (i = 0; i < skl__api_count; i++) {
		const skl__api *e = &skl__api_table[i];
		if (e->kind == SKL__API_SECTION) {
			skl_sink_printf(out, "%s### %s\n\n| name | what it does |\n|---|---|\n", i ? "\n" : "",
					e->name);
			continue;
		}
		skl_sink_printf(out, "| `%s%s` | ", e->name, e->args);
		md_cell(out, e->help);
		skl_sink_puts(out, " |\n");
	}
}
