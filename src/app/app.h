/*
 * app.h - the command modules of the sklab program and what they share:
 * finding sklab's data and reporting errors.
 */
#ifndef SKLAB_APP_H
#define SKLAB_APP_H

#include "sklab/common.h"

#include <stdint.h>
#include <stdio.h>
#include <time.h>

int skl_cmd_default(int argc, char **argv);
int skl_cmd_layout(int argc, char **argv);
int skl_cmd_run(int argc, char **argv);
int skl_cmd_list(int argc, char **argv);
int skl_cmd_profiles(int argc, char **argv);
int skl_cmd_slabinfo(int argc, char **argv);
int skl_cmd_cachesim(int argc, char **argv);   /* cmd_cachesim.c */
int skl_cmd_bench(int argc, char **argv);      /* cmd_bench.c */
int skl_cmd_bench_self(int argc, char **argv); /* bench_self/: bench --self */
int skl_cmd_whatif(int argc, char **argv);     /* cmd_whatif.c */
int skl_cmd_export(int argc, char **argv);     /* cmd_export.c */

/* The forms of command name, one a line, each after "sklab NAME " (from
 * main.c's command table, whose first form heads the command's section in
 * sklab(1)); NULL for no such command. */
const char *skl_app_synopsis(const char *name);

/* The limits of a headless run (util.c): every scenario is untrusted
 * input. Zero-initialised fields take the defaults below; see
 * docs/limits.md. */
typedef struct skl_app_limits {
	uint64_t heap;	  /* bytes of Lua heap (--max-heap MIB) */
	uint64_t instr;	  /* VM instructions (--max-instructions N) */
	uint64_t ram;	  /* bytes of simulated RAM of all machines (--max-ram MIB) */
	int events;	  /* events in the log (--max-events N) */
	int frames;	  /* frames written (--max-frames N) */
	uint64_t output;  /* bytes of frames, reports and captures (--max-output MIB) */
	unsigned timeout; /* seconds of wall clock for the scenario (--timeout S) */
} skl_app_limits;

#define SKL_APP_MAX_FRAMES 1000
#define SKL_APP_TIMEOUT 60	 /* seconds */
#define SKL_APP_TIMEOUT_GRACE 10 /* then a run stuck inside one library call is ended */

/* The options above, for a command's --help. */
#define SKL_APP_LIMITS_HELP                                                                                            \
	"Limits (a scenario is untrusted input; see docs/limits.md):\n"                                                \
	"  --max-heap MIB          Lua heap of the scenario (256)\n"                                                   \
	"  --max-instructions N    Lua VM instructions, counted across pcall and coroutines (2000000000)\n"            \
	"  --max-ram MIB           simulated RAM of all the run's machines together (2048)\n"                          \
	"  --max-events N          events in the run's log (1000000)\n"                                                \
	"  --max-frames N          frames written (1000)\n"                                                            \
	"  --max-output MIB        bytes of frames, reports and captures written (1024)\n"                             \
	"  --timeout SECONDS       wall-clock time of the scenario (60)"

/* Fills l with the defaults. */
void skl_app_limits_default(skl_app_limits *l);

/* The wall-clock limit: a deadline the runtime polls (its interrupt
 * callback) every thousand instructions and at every charged library call. */
typedef struct skl_app_deadline {
	struct timespec end;
	unsigned secs;
} skl_app_deadline;
struct skl_lua_opts;
/* Puts l's heap, instruction, RAM, event and output limits into lo, and its
 * time limit (from now) through dd, which must outlive the run. */
void skl_app_limits_apply(const skl_app_limits *l, struct skl_lua_opts *lo, skl_app_deadline *dd);
/* Takes one limit option at argv[*i] (advancing *i past its value): 1 when
 * it was one, 0 when it is not a limit option, -1 after printing
 * "sklab CMD: ..." for a missing or bad value. */
int skl_app_limit_opt(int argc, char **argv, int *i, const char *cmd, skl_app_limits *l);
/* The option that raises limit (an skl_lua_limit), "" for none. */
const char *skl_app_limit_flag(int limit);

/* Creates path's temporary, PATH.tmp.PID: a new file, never through a
 * symlink. NULL with errno set. */
FILE *skl_app_tmp_open(const char *path, char *tmp, size_t tmpsz);
/* Closes fp and renames tmp over path; on any failure removes tmp and
 * returns -1. *bytes (may be NULL) gets the file's size. */
int skl_app_tmp_commit(FILE *fp, const char *tmp, const char *path, uint64_t *bytes);

/* A scenario run headless into an event log (cmd_run.c), as `sklab run
 * --headless` does; `sklab export` renders the same run. */
typedef struct skl_app_run {
	struct skl_lua *rt;
	struct skl_events *log;
	struct skl_frame *frames; /* nframes of them, from the log */
	int nframes;
	int ran;	       /* 0, or -1: a script error or a failed expectation */
	int failures, expects; /* failed expectations, all expectations */
} skl_app_run;

/* Runs file: out_dir receives skb:pcap(NAME) captures (NULL = none), pcap
 * is the run-wide capture (NULL = none), echo copies print() to stdout,
 * lim (NULL = the defaults) bounds the run. Past the timeout the scenario
 * stops at its next instruction; a run stuck inside one library call for
 * SKL_APP_TIMEOUT_GRACE seconds more ends the program (status 1).
 * 0 with *r filled (a script error is r->ran < 0 with r->failures == 0 and
 * err set), or -1 with err set when the runtime cannot be made. Free with
 * skl_app_run_free() either way. */
int skl_app_run_scenario(skl_app_run *r, const char *file, const char *out_dir, const char *pcap, int echo,
			 const skl_app_limits *lim, skl_error *err);
void skl_app_run_free(skl_app_run *r);

/* The directory that holds assets/ and scenarios/: $SKLAB_DATA, the source
 * tree of a build, or the install prefix. Never NULL. */
const char *skl_app_data_dir(void);

/* Prints "sklab: <what>: <error>" on stderr and returns the exit status 1. */
int skl_app_fail(const char *what, const skl_error *err);

/* Parses "--opt=value" or "--opt value"; advances *i. NULL if argv[*i] is
 * not opt. Sets *missing (and leaves it alone otherwise) when opt is present
 * without a value: clear it before trying a list of options. */
const char *skl_app_optarg(int argc, char **argv, int *i, const char *opt, int *missing);

/* Scenario files (*.lua) in dir, sorted, as "dir/name.lua"; -1 when dir
 * cannot be read. Free with skl_app_free_list. */
int skl_app_list_scenarios(const char *dir, char ***out);
void skl_app_free_list(char **names, int n);

#endif
