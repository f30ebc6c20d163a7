/*
 * lua_impl.h - what the files of the scenario runtime share: the runtime
 * struct (each library's state is its own struct behind a pointer, defined
 * in the library's file), the run loop's services to the libraries, the
 * API table and its registration, the opener, and what one library asks of
 * another (layout and kernel handles, the scene's views). The argument
 * checks and error helpers are in aux.h. Not installed.
 */
#ifndef SKLAB_LUA_IMPL_H
#define SKLAB_LUA_IMPL_H

#include "sklab/runtime.h"
#include "sklab/kernel.h"
#include "sklab/skb.h"

#include "aux.h"

/* ---- the run's accounts -------------------------------------------------
 * The accounts behind ram_limit and out_limit, kept beside struct skl_lua
 * (lua_impl.h) by runtime.c. */
struct lua_State;
typedef struct skl__limits {
	uint64_t ram_limit, ram_used;  /* simulated RAM of the run's machines */
	uint64_t out_limit, out_bytes; /* bytes written by captures */
	int out_fd;		       /* the output directory, opened at the first capture; -1 = not yet */
	int hit;		       /* an skl_lua_limit */
} skl__limits;
skl__limits *skl__limits_of(skl_lua *rt);

/* The run's memory budget (never NULL): machines, cache models and the
 * log charge it; a refusal ends the run at the next instruction. */
struct skl_budget *skl__memory_of(skl_lua *rt);

/* ---- the budget (budget.c) ----------------------------------------------
 * One instruction budget and one clock for every Lua state sklab runs: a
 * scenario, the data files it loads (they share the run's budget), data
 * files loaded outside a run and the header reader (each with a fixed
 * budget of its own). A state's extra space points to its budget; one
 * count hook and skl__charge spend it, and both poll the clock. A unit is
 * about 3 ns of work on the machine the costs were measured on (a VM
 * instruction of a plain loop), so the default 2e9 is about 6 s. */
#define SKL__STOP_WHY_MAX 256
typedef struct skl__budget {
	uint64_t instr_limit, instr_used;
	uint64_t poll_at; /* instr_used at which the clock is polled next */
	/* the clock: polled every SKL__POLL_EVERY units; non-zero stops, why
	 * filled (runs: the app's deadline; fixed budgets: skl__budget_fixed) */
	int (*interrupt)(void *ud, char *why, size_t whysz);
	void *interrupt_ud;
	uint64_t deadline_ns; /* fixed budgets: when the clock says stop */
	unsigned fixed_ms;    /* and how long that was */
	int instr_hit, mem_hit, stop_hit;
	int mem_budget; /* mem_hit: the memory budget refused, not the heap cap */
	/* the run's memory budget (NULL: none): a charge the engine had refused
	 * (a machine's pages, a cache model, the log) stops the run as the heap
	 * cap does, with the budget's message */
	const struct skl_budget *mem;
	char stop_why[SKL__STOP_WHY_MAX];
	const char *instr_what; /* the limit's name in its message: NULL = a run's */
	skl_lua *rt;		/* the runtime of a scenario's state; NULL for data files */
} skl__budget;
#define SKL__POLL_EVERY 1000 /* units between polls of the clock (and hook calls) */

/* A budget of instr units and ms milliseconds of the app's clock (see
 * skl_lua_set_clock; no clock = instructions only), for states that run
 * outside a scenario run. what names it in the limit's message. */
void skl__budget_fixed(skl__budget *b, uint64_t instr, unsigned ms, const char *what);
/* Makes L spend b: its extra space and its count hook. */
void skl__budget_attach(struct lua_State *L, skl__budget *b);
skl__budget *skl__budget_of(struct lua_State *L);
/* Makes L's hook fire at its next instruction (a limit was reached where
 * nothing can raise: the allocator). */
void skl__budget_trip(struct lua_State *L);
/* The run's budget, and the heap cap's error (runtime.c). */
skl__budget *skl__run_budget(skl_lua *rt);
int skl__mem_raise(struct lua_State *L);
/* Raises the error of the limit that stopped b's states, from level
 * (0 = where L runs, 1 = the caller of the C function running). */
int skl__budget_raise(struct lua_State *L, int level);
/* Counts n units of work a function does in C (where the hook cannot see
 * it) against the budget and polls the clock when due; raises the limit's
 * error when one is reached. */
void skl__charge(struct lua_State *L, uint64_t n);
/* Raises the error of the limit that ended the run, if one has (the
 * memory budget included: a machine or cache model refused); else nothing. */
void skl__stop_check(struct lua_State *L);
/* Has the heap cap, the instruction budget or the interrupt ended the run? */
int skl__limit_reached(struct lua_State *L);
/* Pushes fn as a charged C closure: upvalues (1) up1 as a light userdata or
 * nil, (2) the value at original (0 = nil) - what fn reads as
 * lua_upvalueindex(1) and (2) - then the trampoline's own: fn and the cost
 * model of name (budget.c's table; a base cost when it has none). */
void skl__push_charged(struct lua_State *L, lua_CFunction fn, const void *up1, int original, const char *name);
/* Replaces every C function of the table at idx (or the globals when idx
 * is 0) named prefix.key with a charged closure of it. */
void skl__charge_table(struct lua_State *L, int idx, const char *prefix);
/* Replaces the library functions that can loop in C without end
 * (string.rep, table.move, table.insert, table.remove) with versions that
 * charge their work to the budget (l_base.c). */
void skl__base_harden(struct lua_State *L);

/* ---- the runtime ---------------------------------------------------------------- */

#define SKL__MAX_SETS 32    /* layout sets one runtime loads */
#define SKL__MAX_KERNELS 16 /* machines alive in one run */

/* A layout set, loaded once and kept for the runtime's life (data.c). */
typedef struct skl__lset {
	char name[256]; /* a set's name, "header:NAME" (sklab.cheader), "btf:NAME" (sklab.btf) */
	skl_typedb *db;
} skl__lset;

/* What a run's scenario{} said and how its expectations went: written by
 * l_scene.c, read by the run loop for the run's result and by the
 * libraries for the scenario's profile. */
typedef struct skl__scenario {
	int called;		    /* scenario{} ran */
	char where[SKL__WHERE_MAX]; /* and where */
	int have_profile;	    /* profile holds the scenario's profile */
	skl_profile profile;
	int expects, expect_fails; /* expect() calls, and how many failed */
	char first_fail[600];	   /* the first failure's message */
	char first_fail_where[SKL__WHERE_MAX + 4];
	char title[256], goal[512], profile_name[64]; /* header-only mode: as given */
} skl__scenario;

/* The runtime's part the libraries share. runtime.c keeps the rest beside
 * it (the budget, the log's accounts, the options only it reads). */
struct skl_lua {
	/* options */
	char *data_dir;	       /* the root holding assets/ */
	char *out_dir;	       /* skb:pcap writes here; NULL = nowhere */
	char *pcap_path;       /* every frame of skb:pcap also goes here; NULL = none */
	int model_only;	       /* opts.model_only: sklab.bench times nothing */
	char script_dir[1024]; /* the running scenario's folder (files.c reads there); "" = none */
	int max_layouts;
	skl_sink echo;	 /* print() also writes here */
	int header_only; /* skl_data_scenario_info: stop at scenario{} */

	/* layout sets, loaded once and kept for the runtime's life (data.c) */
	skl__lset sets[SKL__MAX_SETS];
	int nsets;

	/* one run */
	skl_events *log;
	skl__scenario sc;

	/* each library's state, defined and owned by its file */
	struct skl__layouts *layouts; /* l_layout.c: the layout handles' slots */
	struct skl__kernels *kernels; /* l_kernel.c: machines, cache and object slots */
	struct skl__skbs *skbs;	      /* l_skb.c: each kernel's networking core, panics */
	struct skl__captures *caps;   /* l_pcap.c: the capture files */
};

/* ---- a scenario's own files (files.c) ---------------------------------------------------- */

enum { SKL__FILE_SCENARIO, SKL__FILE_OUTPUT };
/* The file name names in the scenario's folder (SKL__FILE_SCENARIO) or the
 * run's output folder, whole, NUL-terminated, *len its bytes; the caller
 * frees it with skl_free. Raises an argument error at arg, naming the
 * file, for a name that is absolute, has "..", leads out of the folder
 * through a symbolic link, is not a regular file, or has more than max
 * bytes. */
char *skl__scenario_read(lua_State *L, int arg, const char *name, int where, size_t max, size_t *len);

/* The runtime a scenario's state belongs to (its budget's). */
skl_lua *skl__rt(lua_State *L);

/* ---- the run loop's services (runtime.c) -------------------------------------------- */

/* In header-only mode, scenario{} ends the run through this. */
int skl__header_done(lua_State *L);
/* Has the heap cap or the instruction budget run out (the interrupt
 * callback aside)? */
int skl__budget_hit(lua_State *L);

/* Appends an event-log failure check: raises when the log refused. */
void skl__log_check(lua_State *L, int rc);
/* Counts an event of about bytes against the run's log limits; raises when
 * over. The log's text (and the engine's records, by what the log took for
 * them) may take SKL__LOG_BYTES per SKL__LOG_PER events allowed, rounded
 * up, and never less than SKL__LOG_BYTES: 256 MiB at the default of 4
 * million events, so --max-events raises (or lowers) both. */
#define SKL__LOG_BYTES ((size_t)64 << 20)
#define SKL__LOG_PER 1000000
void skl__log_room(lua_State *L, size_t bytes);
/* Whether skl__log_room would take an event of about bytes (it raises when
 * not: callers that must free something first ask this). */
int skl__log_fits(const skl_lua *rt, size_t bytes);

/* Brackets a call into the engine: its events carry the scenario line and
 * count against the run's log limits. begin raises when a limit is reached;
 * nothing between begin and end may raise. */
typedef struct skl__engine {
	skl_lua *rt;
	int n0;
	uint64_t bytes0; /* skl_events_bytes then */
} skl__engine;
void skl__engine_begin(lua_State *L, skl__engine *e);
void skl__engine_end(skl__engine *e);

/* ---- the sandbox and the libraries' state (init.c) ----------------------------------- */

/* Builds a run's sandbox: the safe libraries, then the scenario API. A
 * lua_CFunction run protected (lua_pcall), so running out of memory here is
 * an error, not a panic. */
int skl__open_sandbox(lua_State *L);
/* Each library's state, made with the runtime: 0, or -1 when out of memory
 * (skl__libs_free then frees what was made). */
int skl__libs_new(skl_lua *rt);
/* Before a run: nothing of the last one is left (its --pcap frame count
 * goes too). */
void skl__libs_begin(skl_lua *rt);
/* After lua_close: frees what the run made, the nets before their kernels,
 * the kernels last (object handles' __gc use their slots until lua_close). */
void skl__libs_clear(skl_lua *rt);
/* After a run, even one whose file could not be read: what it leaves
 * behind (the --pcap capture, written even when no frame opened it). */
void skl__libs_finish(skl_lua *rt);
void skl__libs_free(skl_lua *rt);

/* ---- the API table (api.c) ------------------------------------------------------------ */

/* Each library's bindings, named as the table names them (l_*.c). */
extern const skl__reg skl__scene_lib[], skl__layout_lib[], skl__cache_lib[], skl__kernel_lib[], skl__skb_lib[],
    skl__gso_lib[], skl__sock_lib[], skl__hdr_lib[], skl__path_lib[], skl__pcap_lib[], skl__bench_lib[],
    skl__whatif_lib[], skl__base_lib[];

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

/* ---- data files (data.c) ----------------------------------------------------------------- */

/* skl_data_load_profile and skl_data_load_layouts spending budget b (a
 * run's: what its scenario loads counts against its limits and clock);
 * NULL = a fixed budget of 5e7 instructions and 2 s. */
int skl__data_profile(const char *data_dir, const char *name, skl_profile *out, skl__budget *b, skl_error *err);
int skl__data_layouts(const char *data_dir, const char *set, skl_typedb *db, skl__budget *b, skl_error *err);
/* Loads a layout set into the runtime's cache (once); NULL with err set. */
skl__lset *skl__set_get(skl_lua *rt, const char *set, skl_error *err);
/* Checks a profile or set name: letters, digits, '.', '_', '-'; not "." or "..". */
int skl__valid_name(const char *name);

/* ---- the libraries ------------------------------------------------------------------------
 * Each opens its classes from init.c (skl__<lib>_open), makes its state
 * with the runtime (skl__<lib>s_new), frees what a run made after
 * lua_close (skl__<lib>s_clear) and its state with the runtime
 * (skl__<lib>s_free; NULL states are fine). */

/* the sandbox's standard functions (l_base.c) */
/* Pushes v's text as tostring() shows it: stable ids instead of addresses. */
const char *skl__tostring(lua_State *L, int idx);
/* string.find, match, gmatch and gsub with a matcher that counts its steps
 * against the instruction budget (l_pattern.c) */
void skl__pattern_open(lua_State *L);

/* layouts, layout sets and profiles (l_layout.c) */
void skl__layout_open(lua_State *L);
int skl__layouts_new(skl_lua *rt);
void skl__layouts_clear(skl_lua *rt);
void skl__layouts_free(skl_lua *rt);
/* Pushes a new layout userdata owning l (freed on failure). */
void skl__push_layout(lua_State *L, skl_layout *l);
/* The layout at arg, or NULL when arg is no layout. Raises on a stale handle. */
skl_layout *skl__to_layout(lua_State *L, int arg);
/* The profile named pname (a 'profile' field), or the scenario's when
 * pname is NULL; raises "fname: ..." when it is unknown or there is none. */
void skl__resolve_profile(lua_State *L, const char *pname, skl_profile *out);
/* Loads a scenario's own set, "header:NAME" (sklab.cheader) or "btf:NAME"
 * (sklab.btf), into db; raises (an argument error at arg for the file). */
void skl__own_set_load(lua_State *L, int arg, const char *set, skl_typedb *db);
/* Pushes a profile as a Lua table. */
void skl__push_profile(lua_State *L, const skl_profile *p);

/* kernels, caches and objects (l_kernel.c) */
void skl__kernel_open(lua_State *L);
int skl__kernels_new(skl_lua *rt);
void skl__kernels_clear(skl_lua *rt);
void skl__kernels_free(skl_lua *rt);
/* The run's machines: how many, and the i-th (NULL out of range). */
int skl__kernel_count(const skl_lua *rt);
skl_kernel *skl__kernel_at(const skl_lua *rt, int i);
/* The per-object types of kernel `kernel` (c:alloc{type=}) as an
 * skl_type_of_fn: pass skl__obj_type_of with a skl__obj_types as its ud. */
typedef struct skl__obj_types {
	const skl_lua *rt;
	int kernel;
} skl__obj_types;
const skl_layout *skl__obj_type_of(void *ud, skl_addr obj);
/* Does kernel have a live object handle with a type of its own? */
int skl__obj_typed(const skl_lua *rt, int kernel);
/* Is arg an object handle? 1 with its kernel's index, address and layout
 * (NULL: untyped; raises when the handle is stale), 0 when not an object. */
int skl__obj_arg(lua_State *L, int arg, int *kernel, skl_addr *addr, const skl_layout **type);
/* The kernel at arg, or NULL when arg is no kernel handle. */
skl_kernel *skl__to_kernel(lua_State *L, int arg);
/* sklab.kernel{} with its own options (l_skb.c's sklab.kernel takes the
 * skb options out first): a kernel handle, or nil and the reason. */
int skl__kernel_new(lua_State *L);

/* sk_buffs (l_skb.c), headers (l_hdr.c), paths (l_path.c), captures (l_pcap.c) */
void skl__skb_open(lua_State *L);
void skl__hdr_open(lua_State *L);
void skl__path_open(lua_State *L);
/* sockets and their memory accounting (l_sock.c) */
void skl__sock_open(lua_State *L);
int skl__skbs_new(skl_lua *rt);
void skl__skbs_clear(skl_lua *rt);
void skl__skbs_free(skl_lua *rt);
int skl__captures_new(skl_lua *rt);
/* Closes the run's captures: each named one renamed into place (removed
 * when a write failed), the --pcap one closed. */
void skl__captures_close(skl_lua *rt);
/* After skl__captures_close: the first capture that could not be put in
 * place ("cannot write out/x.pcap: No space left on device"), or NULL. */
const char *skl__captures_error(const skl_lua *rt);
/* Before a run: the --pcap capture starts empty (skl_lua_pcap_frames,
 * also l_pcap.c's, reads it after the run). */
void skl__captures_reset(skl_lua *rt);
void skl__captures_free(skl_lua *rt);
/* At the end of a run: writes the --pcap capture when no frame opened it
 * (a capture with no frames), so the file always exists afterwards. */
void skl__captures_finish(skl_lua *rt);
/* scene.show's skb form: every argument from 1 to n is an skb or a path. */
int skl__show_skbs(lua_State *L, int n);
/* Is the value at arg an skb handle or a path stepper? */
int skl__is_skb(lua_State *L, int arg);

/* cache models (l_cache.c) */
/* Creates the cache model class and makes sklab.cache callable; after
 * skl__api_register (which makes the sklab.cache table). */
void skl__cache_open(lua_State *L);
/* Is the value at arg a cache model handle? */
int skl__is_cachemodel(lua_State *L, int arg);
/* scene.show(cm [, {title=}]): n arguments. */
int skl__show_cache(lua_State *L, int n);
/* scene.show(k, {view = "cache"}): the model that feeds the kernel at karg. */
int skl__show_kernel_cache(lua_State *L, int karg, const char *title);

/* the scene (l_scene.c) */
/* Records an EXPECT event: counts it and remembers the first failure, as
 * expect() does. */
void skl__expect_record(lua_State *L, int ok, const char *msg);

#endif
