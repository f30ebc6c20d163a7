/*
 * lua_impl.h - what the files of the scenario runtime share: the runtime
 * struct, the API table and its registration, and what one library asks
 * of another (layout and kernel handles, the scene's views). The argument
 * checks and error helpers are in aux.h. Not installed.
 */
#ifndef SKLAB_LUA_IMPL_H
#define SKLAB_LUA_IMPL_H

#include "sklab/runtime.h"
#include "sklab/kernel.h"
#include "sklab/skb.h"

#include "aux.h"

/* ---- the API table (api.c) --------------------------------------------------- */

/* Each library's bindings, named as the table names them (l_*.c). */
extern const skl__reg skl__scene_lib[], skl__layout_lib[], skl__cache_lib[], skl__kernel_lib[], skl__skb_lib[],
    skl__hdr_lib[], skl__path_lib[], skl__pcap_lib[], skl__bench_lib[], skl__whatif_lib[], skl__base_lib[];

/* The first entry named name, or NULL. */
const skl__api *skl__api_find(const char *name);
/* Sets every GLOBAL and LIB entry in the sandbox's globals, each bound to
 * its library's function. Raises on error, and when the table and the
 * libraries' bindings do not name the same functions. */
void skl__api_register(lua_State *L);
/* Fills the table at idx with the METHOD entries of class ("layout"). */
void skl__api_methods(lua_State *L, int idx, const char *cls);
/* Pushes fn as a closure whose errors are named name. */
void skl__push_named(lua_State *L, lua_CFunction fn, const skl__api *entry);
/* Registers a handle class's metatable mt: __index is index with two
 * upvalues (the API entry e and the METHOD entries of cls, or an empty table
 * when cls is NULL); __newindex and __tostring get e as their upvalue; gc
 * (optional) becomes __gc; __metatable is locked to name. */
void skl__new_class(lua_State *L, const char *mt, const char *name, const char *cls, const skl__api *e,
		    lua_CFunction index, lua_CFunction newindex, lua_CFunction tostring, lua_CFunction gc);

/* ---- the sandbox (init.c) ----------------------------------------------------- */

/* Builds a run's sandbox: the safe libraries, then the scenario API. A
 * lua_CFunction run protected (lua_pcall), so running out of memory here is
 * an error, not a panic. */
int skl__open_sandbox(lua_State *L);

/* ---- the runtime ------------------------------------------------------------ */

#define SKL__MAX_SETS 32

typedef struct skl__lset {
	char name[64];
	skl_typedb *db;
} skl__lset;

typedef struct skl__lslot {
	skl_layout *l; /* NULL = free */
	unsigned gen;
} skl__lslot;

#define SKL__MAX_KERNELS 16	   /* machines alive in one run */
#define SKL__MAX_CACHES 4096	   /* caches a run may create */
#define SKL__MAX_OBJECTS (1 << 20) /* object handles alive at once */

/* A cache the script created: its handle resolves here on every call. */
typedef struct skl__cslot {
	skl_cache *c; /* NULL once destroyed */
	int kernel;   /* index into skl_lua.kernels */
	unsigned gen;
} skl__cslot;

/* An object handle's target: an allocated object of one kernel. */
typedef struct skl__oslot {
	skl_addr addr;
	skl_cache *cache; /* the cache it came from (kmalloc: its size class) */
	size_t size;	  /* usable bytes: the cache's object size */
	size_t requested; /* kmalloc: the n asked for; else size */
	int kernel;
	int kmalloc;
	int live; /* 0 = free slot (on the free list) */
	int next_free;
	unsigned gen;	   /* bumped when the object is freed or its handle dies */
	char freed_at[96]; /* where a free made the handle stale */
} skl__oslot;

#define SKL__MAX_CAPTURES 16 /* pcap files one run may write */

/* A capture file a run writes (skb:pcap, --pcap): open until the run ends. */
typedef struct skl__capture {
	char name[256]; /* as the scenario named it; "" for the --pcap capture */
	void *fp;	/* FILE *, NULL = not open */
	skl_pcap pcap;
	int failed; /* a write failed: the file is incomplete */
} skl__capture;

struct skl_lua {
	/* options */
	char *data_dir;
	char *scenario_dir;
	char *out_dir;	 /* skb:pcap writes here; NULL = nowhere */
	char *pcap_path; /* every frame of skb:pcap also goes here; NULL = none */
	size_t heap_limit;
	uint64_t instr_limit;
	int max_events;
	int max_layouts;
	skl_sink echo;

	/* layout sets, loaded once and kept for the runtime's life */
	skl__lset sets[SKL__MAX_SETS];
	int nsets;

	/* one run */
	lua_State *L;
	skl_events *log;
	char display[1024]; /* the scenario's name in messages */
	size_t heap_used;
	int mem_hit;			/* the heap cap refused an allocation */
	char mem_where[SKL__WHERE_MAX]; /* where the script was when it did */
	uint64_t instr_used;
	int instr_hit; /* the instruction budget ran out */
	int scenario_called;
	char scenario_where[SKL__WHERE_MAX];
	int events_added;
	size_t log_bytes;     /* text and layouts this run put in the log */
	size_t max_log_bytes; /* and how much of that it may */
	int expects, expect_fails;
	char first_fail[600];
	char first_fail_where[SKL__WHERE_MAX + 4];
	int have_profile;
	skl_profile profile;
	skl__lslot *layouts;
	int nlayouts, caplayouts, live_layouts;
	skl_kernel *kernels[SKL__MAX_KERNELS]; /* freed when the run ends */
	int nkernels;
	skl__cslot *cslots;
	int ncslots, capcslots;
	skl__oslot *oslots;
	int noslots, caposlots, ofree, live_objects;
	int header_only; /* skl_data_scenario_info: stop at scenario{} */
	/* sk_buffs (l_skb.c): one networking core per kernel, freed before the kernels */
	skl_net *nets[SKL__MAX_KERNELS];
	skl__capture caps[SKL__MAX_CAPTURES];
	int ncaps;
	skl__capture all; /* the --pcap capture */
	int panics;	  /* kernel panics raised as Lua errors this run */
	char last_panic[512];
	char hdr_title[256], hdr_goal[512], hdr_profile[64];
};

/* The runtime a state belongs to. */
skl_lua *skl__rt(lua_State *L);

/* In header-only mode, scenario{} ends the run through this. */
int skl__header_done(lua_State *L);

/* Appends an event-log failure check: raises when the log refused. */
void skl__log_check(lua_State *L, int rc);
/* Counts an event of about bytes against the run's log limits; raises when
 * over. The log's text may take SKL__LOG_BYTES per SKL_LUA_MAX_EVENTS
 * events allowed (64 MiB at the default), so --max-events raises both. */
#define SKL__LOG_BYTES ((size_t)64 << 20)
void skl__log_room(lua_State *L, size_t bytes);
/* Whether skl__log_room would take an event of about bytes (it raises when
 * not: callers that must free something first ask this). */
int skl__log_fits(const skl_lua *rt, size_t bytes);

/* ---- data files (data.c) ------------------------------------------------------ */

/* Loads a layout set into the runtime's cache (once); NULL with err set. */
skl__lset *skl__set_get(skl_lua *rt, const char *set, skl_error *err);
/* Checks a profile or set name: letters, digits, '.', '_', '-'; not "." or "..". */
int skl__valid_name(const char *name);

/* ---- layouts (l_layout.c) ----------------------------------------------------- */

/* Pushes a new layout userdata owning l (freed on failure). */
void skl__push_layout(lua_State *L, skl_layout *l);
/* The layout at arg, or NULL when arg is no layout. Raises on a stale handle. */
skl_layout *skl__to_layout(lua_State *L, int arg);
/* Creates the metatables of the layout and types classes. */
void skl__layout_open(lua_State *L);
/* Frees every layout slot (after lua_close). */
void skl__layouts_free(skl_lua *rt);
/* The profile named pname (a 'profile' field), or the scenario's when
 * pname is NULL; raises "fname: ..." when it is unknown or there is none. */
void skl__resolve_profile(lua_State *L, const char *pname, skl_profile *out);

/* ---- kernels, caches and objects (l_kernel.c) ------------------------------------ */

/* Creates the metatables of the kernel, cache and object classes. */
void skl__kernel_open(lua_State *L);
/* Frees every kernel of the run and the cache and object slots (after lua_close). */
void skl__kernels_free(skl_lua *rt);
/* The kernel at arg, or NULL when arg is no kernel handle. */
skl_kernel *skl__to_kernel(lua_State *L, int arg);
/* sklab.kernel{} with its own options (l_skb.c's sklab.kernel takes the
 * skb options out first): a kernel handle, or nil and the reason. */
int skl__kernel_new(lua_State *L);

/* ---- sk_buffs, headers, packet paths and captures (l_skb.c, l_hdr.c, l_path.c, l_pcap.c) ---- */

/* Create the metatables of the skb, header and path classes. */
void skl__skb_open(lua_State *L);
void skl__hdr_open(lua_State *L);
void skl__path_open(lua_State *L);
/* Frees every net of the run (their skbs); call after lua_close and
 * before skl__kernels_free. */
void skl__skbs_free(skl_lua *rt);
/* Closes the run's captures: each named one renamed into place (removed
 * when a write failed), the --pcap one closed. */
void skl__captures_close(skl_lua *rt);
/* At the end of a run: writes the --pcap capture when no frame opened it
 * (a capture with no frames), so the file always exists afterwards. */
void skl__captures_finish(skl_lua *rt);
/* scene.show's skb form: every argument from 1 to n is an skb or a path. */
int skl__show_skbs(lua_State *L, int n);
/* Is the value at arg an skb handle or a path stepper? */
int skl__is_skb(lua_State *L, int arg);

/* ---- cache models (l_cache.c) ---------------------------------------------------------- */

/* Creates the cache model class and makes sklab.cache callable; after
 * skl__api_register (which makes the sklab.cache table). */
void skl__cache_open(lua_State *L);
/* string.find, match, gmatch and gsub with a matcher that counts its steps
 * against the instruction budget (l_pattern.c) */
void skl__pattern_open(lua_State *L);
/* Is the value at arg a cache model handle? */
int skl__is_cachemodel(lua_State *L, int arg);
/* scene.show(cm [, {title=}]): n arguments. */
int skl__show_cache(lua_State *L, int n);
/* scene.show(k, {view = "cache"}): the model that feeds the kernel at karg. */
int skl__show_kernel_cache(lua_State *L, int karg, const char *title);

/* Records an EXPECT event (l_scene.c): counts it and remembers the first
 * failure, as expect() does. */
void skl__expect_record(lua_State *L, int ok, const char *msg);

/* ---- calls into the engine (runtime.c) ------------------------------------------- */

/* Brackets a call into the engine: its events carry the scenario line and
 * count against the run's log limits. begin raises when a limit is reached;
 * nothing between begin and end may raise. */
typedef struct skl__engine {
	skl_lua *rt;
	int n0;
} skl__engine;
void skl__engine_begin(lua_State *L, skl__engine *e);
void skl__engine_end(skl__engine *e);

/* Pushes v's text as tostring() shows it: stable ids instead of addresses. */
const char *skl__tostring(lua_State *L, int idx);

/* Pushes a profile as a Lua table. */
void skl__push_profile(lua_State *L, const skl_profile *p);

#endif
