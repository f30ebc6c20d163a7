/*
 * runtime.h - the scenario runtime: runs a Lua 5.4 scenario in a sandbox
 * (no io, os, debug, package, require, string.dump, binary chunks) with a
 * heap cap and an instruction budget, and appends what it does to an event
 * log. Also reads the Lua data files under assets/ (kernel profiles and
 * layout sets) without running any scenario.
 *
 * Never prints on its own (print() goes to the log and, when asked, to an
 * echo sink); never exits; never reads the wall clock.
 */
#ifndef SKLAB_LUA_RUNTIME_H
#define SKLAB_LUA_RUNTIME_H

#include "sklab/abi.h"
#include "sklab/events.h"
#include "sklab/types.h"

#include <stddef.h>
#include <stdint.h>

/* ---- the scenario runtime ---------------------------------------------- */

typedef struct skl_lua skl_lua;

/* Zero-initialise and set what you need: every 0 / NULL picks the default. */
typedef struct skl_lua_opts {
	const char *data_dir;	  /* root holding assets/ (and scenarios/); NULL = "." */
	const char *scenario_dir; /* relative scenario paths not found as given are
				     looked up here; NULL = nowhere else */
	size_t heap_limit;	  /* bytes of Lua heap per run; 0 = 256 MiB */
	uint64_t instr_limit;	  /* VM instructions per run; 0 = 2e9 */
	int max_events;		  /* events one run may append; 0 = 4000000 */
	int max_layouts;	  /* layouts alive at once in a run; 0 = 4096 */
	uint64_t ram_limit;	  /* bytes of simulated RAM of all the run's machines
				     together (sklab.kernel{ram_mb=} or the profile's);
				     0 = 2 GiB */
	uint64_t out_limit;	  /* bytes the run's captures may write; 0 = 1 GiB */
	/* The memory budget of each run (sklab/budget.h): the Lua heap, the
	 * simulated RAM its machines use, its cache models and what it puts in
	 * the log are charged to it; a refusal ends the run (sticky, like the
	 * heap cap) with the budget's message. The caller owns it and sets its
	 * limit (skl_budget_init) before each run; the charges of the run's
	 * Lua state, machines and models are given back when the run ends.
	 * NULL = the runtime's own, of SKL_BUDGET_DEFAULT, fresh for each run. */
	struct skl_budget *budget;
	/* Polled from the instruction hook (every thousand VM instructions):
	 * non-zero stops the run, which then ends with "file:line: why" (why
	 * filled by the callback, e.g. "time limit of 60 s exceeded"). Like the
	 * instruction budget it is sticky: pcall cannot catch it for good. The
	 * runtime never reads the clock: an app that wants a wall-clock limit
	 * reads it here. NULL = never. */
	int (*interrupt)(void *ud, char *why, size_t whysz);
	void *interrupt_ud;
	skl_sink echo; /* print() also writes here; write NULL = silent */
	/* Packet captures. skb:pcap(name) appends its frame to out_dir/name
	 * (a plain "*.pcap" name; the directory must exist); with pcap_path,
	 * every such frame of the run also goes to that one capture, which is
	 * written (perhaps with no frames) whenever it is set. With pcap_path
	 * and no out_dir, skb:pcap(name) writes to pcap_path only. */
	const char *out_dir;   /* NULL = no output directory */
	const char *pcap_path; /* NULL = no run-wide capture */
	/* 1 = host figures are left out: sklab.bench runs as with model_only
	 * = true, so the run's frames and report are the model's alone and
	 * the same on every host (handouts, golden pictures). */
	int model_only;
} skl_lua_opts;

#define SKL_LUA_HEAP_LIMIT ((size_t)256 << 20)
#define SKL_LUA_INSTR_LIMIT ((uint64_t)2000000000u)
#define SKL_LUA_MAX_EVENTS 4000000
#define SKL_LUA_RAM_LIMIT ((uint64_t)2048 << 20)
#define SKL_LUA_OUT_LIMIT ((uint64_t)1024 << 20)

/* Which limit ended a run (skl_lua_limit_hit). */
typedef enum skl_lua_limit {
	SKL_LUA_LIMIT_NONE,
	SKL_LUA_LIMIT_HEAP,	 /* heap_limit */
	SKL_LUA_LIMIT_INSTR,	 /* instr_limit */
	SKL_LUA_LIMIT_EVENTS,	 /* max_events, or the log's text (64 MiB per million events) */
	SKL_LUA_LIMIT_RAM,	 /* ram_limit */
	SKL_LUA_LIMIT_OUTPUT,	 /* out_limit */
	SKL_LUA_LIMIT_INTERRUPT, /* the interrupt callback */
	SKL_LUA_LIMIT_MEMORY	 /* the memory budget (opts.budget) */
} skl_lua_limit;

/* NULL with err set when out of memory. o may be NULL for the defaults.
 * The strings in o are copied. */
skl_lua *skl_lua_new(const skl_lua_opts *o, skl_error *err);

/* Layouts that a run puts in the log point into type databases that this
 * runtime owns (skl_field.type): free the runtime after the log. */
void skl_lua_free(skl_lua *rt);

/*
 * Runs one scenario file in a fresh sandbox, appending its events to log.
 * 0 when it ran to the end, called scenario{} and every expect() passed;
 * -1 otherwise, with err holding "file:line: message" (err->file and
 * err->line set when known; skl_error_format prints it). A Lua error also
 * appends an ERROR event. Error locations name the file as it was given,
 * made relative to data_dir when it lies inside it.
 */
int skl_lua_run_file(skl_lua *rt, const char *path, skl_events *log, skl_error *err);

/* After a run: how many expect() calls failed, and how many ran. */
int skl_lua_expect_failures(const skl_lua *rt);
int skl_lua_expect_count(const skl_lua *rt);

/* After a run: the profile its scenario{} named, NULL when it named none. */
const skl_profile *skl_lua_profile(const skl_lua *rt);

/* After a run: frames written to opts.pcap_path, or -1 when there is no
 * such path or writing it failed. */
long skl_lua_pcap_frames(const skl_lua *rt);
/* After a run: why the first capture that failed could not be written
 * ("cannot write PATH: REASON"), or NULL. */
const char *skl_lua_pcap_error(const skl_lua *rt);

/* After a run: the limit that ended it, SKL_LUA_LIMIT_NONE when none did. */
skl_lua_limit skl_lua_limit_hit(const skl_lua *rt);

/* After a run: bytes its captures wrote (out_dir captures and pcap_path). */
uint64_t skl_lua_output_bytes(const skl_lua *rt);

/* The scenario API reference (docs/lua-api.md's generated part) as
 * Markdown, from the one table that lists the API. */
void skl_lua_api_write_md(const skl_sink *out);

/* ---- data files (no scenario needed) ------------------------------------- */

/* Loads assets/profiles/<name>.lua under data_dir. 0 or -1 with err set
 * (file, line when known, and a message naming the key at fault). */
int skl_data_load_profile(const char *data_dir, const char *name, skl_profile *out, skl_error *err);

/* Names of assets/profiles/\*.lua, sorted, without ".lua"; at most max.
 * Returns how many there are (which may exceed max; names may be NULL when
 * max is 0), or -1 when the directory cannot be read. */
int skl_data_list_profiles(const char *data_dir, char names[][64], int max);

/* Loads every assets/layouts/<set>/\*.lua (sorted by file name) into db:
 * first every file's typedefs, then every file's records. 0 or -1 with err
 * naming file, record and member (and the line when it can be found). db may
 * hold part of the set after a failure: free it. */
int skl_data_load_layouts(const char *data_dir, const char *set, skl_typedb *db, skl_error *err);

/* Names of the layout sets (directories under assets/layouts), sorted. */
int skl_data_list_layout_sets(const char *data_dir, char names[][64], int max);

/* Reads a scenario's scenario{...} header by running the file in a bare
 * sandbox up to that call (nothing else the file does takes effect), with
 * a small fixed budget: 16 MiB of heap, 1e7 instructions and 0.25 s of the
 * clock given to skl_lua_set_clock. Any of the out buffers may be NULL.
 * 0, or -1 with err (may be NULL) saying why: the file does not load, has
 * no scenario{} call before it uses anything else, or ran past a limit. */
int skl_data_scenario_info(const char *path, char *title, size_t titlesz, char *goal, size_t goalsz, char *profile,
			   size_t profilesz, skl_error *err);

/* ---- the clock ------------------------------------------------------------ */

/* Gives the runtime the app's monotonic clock in nanoseconds, once, before
 * any data file or header is read. The runtime never reads a clock of its
 * own: a run's time limit is its interrupt callback; the fixed budgets of
 * the states that run outside a run (data files loaded by commands, the
 * header reader) measure their time with this one. NULL (the default) =
 * those budgets count instructions only. */
void skl_lua_set_clock(uint64_t (*now_ns)(void));

#endif
