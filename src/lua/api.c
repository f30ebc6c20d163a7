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
    /* the same function, its second form (documentation only) */
    {"scene.show", "(kernel [, kernel2] [, {caches=, titles=}])",
     "Puts a snapshot of a kernel's caches as they are now on screen (the slab view); two kernels make a compare "
     "frame. caches = {\"sock\", ...} keeps only those caches, in that order (a compare keeps those each side "
     "has); titles = {\"before\", \"after\"} names the two sides.",
     SKL__API_INDEX, NULL},
    {"scene.chart", "{title=, xlabel=, ylabel=, bars=, xlabels=, series={{name=, points={{x, y}, ...}}, ...}}",
     "Puts a chart on screen from the next frame on: lines (or grouped bars with bars = true) of up to 64 series "
     "of up to 10000 finite points each; with bars, xlabels names the categories x = 0, 1, ...",
     SKL__API_LIB, skl__f_chart},
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

    {"sklab.kernel", "{profile=, cpus=, ram_mb=, smp=, debug_slab=, slub_debug=}",
     "A simulated machine: the profile's RAM as real pages, its slab allocator (2.4 SLAB or SLUB) with the "
     "general or kmalloc caches of boot. profile defaults to the scenario's; debug_slab = true is 2.4's "
     "CONFIG_DEBUG_SLAB (statistics, red zones, poison); slub_debug = \"FZPU\" (or true) is SLUB's slab_debug. "
     "Every allocator operation becomes an event of the run. Returns a kernel, or nil and a reason.",
     SKL__API_LIB, skl__f_kernel},

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

    SECTION("kernel objects (from sklab.kernel)"),
    {"k.profile", "", "The profile's name.", SKL__API_FIELD, NULL},
    {"k.allocator", "", "\"slab\" (Linux 2.4) or \"slub\".", SKL__API_FIELD, NULL},
    {"k.arch", "", "\"i386\" or \"x86_64\".", SKL__API_FIELD, NULL},
    {"k.page_size", "", "Bytes per page.", SKL__API_FIELD, NULL},
    {"k.cacheline", "", "Bytes per cache line (L1_CACHE_BYTES).", SKL__API_FIELD, NULL},
    {"k:cache_create", "(name, size_or_layout, opts)",
     "kmem_cache_create: a cache of objects of size bytes (or of a layout's size, which then types them). opts = "
     "{hwcache_align=, red_zone=, poison=, no_reap=, dma=, rcu=, ctor= (booleans), align=, freeptr_offset=, "
     "type=layout}. Returns a cache; SLUB may merge it into an existing one (c.alias_of says which). What the "
     "kernel refuses (a name too long, a duplicate, a bad size) gives nil and its report.",
     SKL__API_METHOD, skl__k_cache_create},
    {"k:kmalloc", "(n)",
     "kmalloc(n) from the size class that serves n bytes: an object with .requested = n and .bucket = the class "
     "size; nil and a reason above the largest class or when memory runs out.",
     SKL__API_METHOD, skl__k_kmalloc},
    {"k:kfree", "(obj)",
     "kfree: true, or nil and the first line of the kernel's report when it would BUG (a double free, a pointer "
     "it does not own); the scenario goes on. kfree(nil) does nothing.",
     SKL__API_METHOD, skl__k_kfree},
    {"k:reap", "()", "kmem_cache_reap (2.4; SLUB: 0): slabs given back to the page allocator.", SKL__API_METHOD,
     skl__k_reap},
    {"k:slabinfo", "()", "/proc/slabinfo as this kernel prints it (version 1.1 for 2.4, 2.1 for SLUB), a string.",
     SKL__API_METHOD, skl__k_slabinfo},
    {"k:ram", "()", "The machine's RAM in bytes: {total=, used=, free=, page_size=}.", SKL__API_METHOD, skl__k_ram},

    SECTION("cache objects (from k:cache_create)"),
    {"c.name", "", "The cache's name.", SKL__API_FIELD, NULL},
    {"c.alias_of", "", "SLUB: the cache this one was merged into, or nil.", SKL__API_FIELD, NULL},
    {"c.object_size", "", "The object size asked for.", SKL__API_FIELD, NULL},
    {"c.size", "", "The size of a slot in a slab (2.4 objsize: with red zone and alignment).", SKL__API_FIELD, NULL},
    {"c.type", "", "The layout the cache was created with, or nil.", SKL__API_FIELD, NULL},
    {"c:alloc", "{zero=, type=}",
     "kmem_cache_alloc: an object (zeroed with zero = true; type = layout overrides the cache's), or nil and "
     "\"out of memory\" when the machine's RAM is used up.",
     SKL__API_METHOD, skl__c_alloc},
    {"c:free", "(obj)",
     "kmem_cache_free: true, or nil and the first line of the kernel's report when it would BUG (a double free, "
     "the wrong cache, a red zone overwritten); the scenario goes on. A freed object's handle is stale, but can "
     "be freed again to see the kernel catch it.",
     SKL__API_METHOD, skl__c_free},
    {"c:shrink", "()", "kmem_cache_shrink: frees the cache's free slabs; returns how many.", SKL__API_METHOD,
     skl__c_shrink},
    {"c:destroy", "()",
     "kmem_cache_destroy: true, or nil and the kernel's complaint while objects are allocated. The handle is "
     "stale afterwards.",
     SKL__API_METHOD, skl__c_destroy},
    {"c:stats", "()",
     "The cache's numbers as a table: name, alias_of, object_size, size (= objsize), align, flags, order, "
     "pages_per_slab, objs_per_slab, offslab, mgmt_size, left_over, colour, colour_off, colour_next, limit, "
     "batchcount, inuse, freeptr_offset, red_left_pad, min_objects, active_objs, num_objs, active_slabs, num_slabs, "
     "high, allocs, grown, reaped, errors, allochit, allocmiss, freehit, freemiss, pages (in slabs) and bytes.",
     SKL__API_METHOD, skl__c_stats},
    {"c:info", "()", "The same table as c:stats().", SKL__API_METHOD, skl__c_stats},

    SECTION("objects (from c:alloc and k:kmalloc)"),
    {"obj.addr", "", "The simulated kernel address as hex text: \"0xc1002040\".", SKL__API_FIELD, NULL},
    {"obj.address", "", "The address as an integer (for pointer arithmetic; x86_64 addresses read negative).",
     SKL__API_FIELD, NULL},
    {"obj.cache", "", "The name of the cache that holds it.", SKL__API_FIELD, NULL},
    {"obj.size", "", "Usable bytes: the cache's object size (kmalloc: the size class).", SKL__API_FIELD, NULL},
    {"obj.requested", "", "kmalloc: the n asked for; otherwise the size.", SKL__API_FIELD, NULL},
    {"obj.bucket", "", "kmalloc: the size class that served it; otherwise nil.", SKL__API_FIELD, NULL},
    {"obj.index", "", "Its index in its slab.", SKL__API_FIELD, NULL},
    {"obj.slab", "", "The address of its slab's first page, hex text.", SKL__API_FIELD, NULL},
    {"obj.type", "", "Its layout, or nil.", SKL__API_FIELD, NULL},
    {"obj:write", "(member_or_offset, value, size)",
     "Stores into the object's real bytes: a member (by path or unique name, through its layout) or size bytes "
     "(default 1) at a byte offset. value is an integer for 1, 2, 4 and 8 bytes and bitfields, a fill byte for "
     "other sizes; none writes the pattern 0xcc. Outside the object is an error.",
     SKL__API_METHOD, skl__o_write},
    {"obj:read", "(member_or_offset, size)",
     "Reads a member (or size bytes at an offset) back: an unsigned integer for 1, 2, 4 and 8 bytes and "
     "bitfields, hex text for other sizes.",
     SKL__API_METHOD, skl__o_read},

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
