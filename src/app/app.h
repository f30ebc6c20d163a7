/*
 * app.h - the command modules of the sklab program and what they share:
 * the command table, option parsing and usage text, the limits of headless
 * runs, finding sklab's data and reporting errors.
 */
#ifndef SKLAB_APP_H
#define SKLAB_APP_H

#include "sklab/abi.h"
#include "sklab/budget.h"
#include "sklab/common.h"
#include "sklab/types.h"

#include <getopt.h>
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
int skl_cmd_top(int argc, char **argv);	       /* cmd_top.c */

/* Draws one chart (the chart view, as a scene of its own) to png and svg
 * (either NULL), saying "sklab: wrote FILE" for each (cmd_slabinfo.c). 0,
 * or -1 with err set. */
struct skl_chart;
int skl_app_draw_chart(const struct skl_chart *chart, const char *title, const char *png, const char *svg,
		       skl_error *err);

/* The forms of command name, one a line, each after "sklab NAME " (from
 * main.c's command table, whose first form heads the command's section in
 * sklab(1)); NULL for no such command. */
const char *skl_app_synopsis(const char *name);

/* ---- options (opts.c) ---------------------------------------------------------
 * Every command parses its arguments through getopt_long with one option
 * table, from which its usage text comes too. Options and arguments mix in
 * any order, as given; "--" ends the options; a long option is spelled out
 * in full, "--name VALUE" or "--name=VALUE". Every command also takes
 * -h and --help (the key 'h'), listed last in its usage. */

enum { SKL_APP_NONE, SKL_APP_VALUE, SKL_APP_MAYBE }; /* --name, --name V, --name[=V] */

/* One option of a command. */
typedef struct skl_app_opt {
	const char *name;  /* the long name without "--"; NULL ends a table */
	int key;	   /* what skl_app_getopt returns for it; a letter is its short form too */
	int arg;	   /* SKL_APP_NONE, SKL_APP_VALUE or SKL_APP_MAYBE */
	const char *value; /* the value as the usage names it ("N", "png|svg") */
	const char *help;  /* its lines in the usage; "" shares the next option's; NULL hides it */
	const char *what;  /* for "--name needs a value (WHAT)"; NULL: no parenthesis */
} skl_app_opt;

/* A command's options and its usage text. */
typedef struct skl_app_cmd {
	const char *name;	   /* "layout", "bench --self": messages begin "sklab NAME: " */
	const char *forms;	   /* its forms after "sklab NAME", one a line; NULL: the command table's */
	const char *about;	   /* what it does, after the forms; NULL for nothing */
	const skl_app_opt *opts;   /* its options */
	const skl_app_opt *limits; /* skl_app_limit_opts for a command that runs a scenario, or NULL */
	const char *more;	   /* after the options (an example), or NULL */
	const char *unknown;	   /* the word for what is not an option: NULL is "option" */
} skl_app_cmd;

#define SKL_APP_ARG 0	 /* skl_app_getopt: a positional argument, in arg */
#define SKL_APP_END (-1) /* no more arguments */
#define SKL_APP_BAD (-2) /* a usage mistake: its line is printed, exit with 2 */

/* The arguments of one command as skl_app_getopt walks them. */
typedef struct skl_app_args {
	const skl_app_cmd *cmd;
	int argc;
	char **argv;
	int next;		    /* the argv element to look at next */
	const char *arg;	    /* the value of the option returned (NULL for none), or the argument */
	const char *given;	    /* the element as given: "--size=64", "-q" */
	int ended;		    /* "--" was seen */
	char shortopts[32];	    /* for getopt_long, from the tables */
	struct option longopts[64]; /* the same */
} skl_app_args;

/* Starts on argv[1..argc) (argv[0] is the command's name). */
void skl_app_args_init(skl_app_args *g, const skl_app_cmd *cmd, int argc, char **argv);
/* The next option's key, SKL_APP_ARG, SKL_APP_END, or SKL_APP_BAD after
 * printing "sklab NAME: unknown option '...'" or "... needs a value". */
int skl_app_getopt(skl_app_args *g);
/* Prints "sklab NAME: " and the message on stderr; returns 2. */
int skl_app_usage_error(const skl_app_cmd *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The usage: "usage: sklab NAME FORM" for each form, what it does, its
 * options with their help, then the limits and what comes after. */
void skl_app_usage(FILE *fp, const skl_app_cmd *cmd);

/* ---- headless runs (util.c, cmd_run.c) ------------------------------------------ */

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
	unsigned timeout; /* seconds of wall clock for the scenario and its pictures (--timeout S) */
	uint64_t memory;  /* bytes of the memory budget of everything the run makes (--max-memory MIB) */
	int model_only;	  /* --model-only: sklab.bench times nothing, so every figure is the model's */
} skl_app_limits;

#define SKL_APP_MAX_FRAMES 1000
#define SKL_APP_TIMEOUT 10	/* seconds */
#define SKL_APP_TIMEOUT_GRACE 4 /* then a run stuck inside one library call is ended */
/* What the program itself takes (code, libraries, fonts, SDL's surfaces),
 * charged to every run's budget first, so that --max-memory bounds the
 * whole process */
#define SKL_APP_BASE_MEMORY ((uint64_t)48 << 20)

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
/* CLOCK_MONOTONIC in ns: the clock the runtime's fixed budgets use (skl_lua_set_clock). */
uint64_t skl_app_clock_ns(void);
/* The limit options, for a command that runs a scenario (skl_app_cmd's
 * limits): keys SKL_APP_LIMIT_KEY and up. */
#define SKL_APP_LIMIT_KEY 1000
extern const skl_app_opt skl_app_limit_opts[];
/* Takes the value of the limit option whose key is key: 0, or -1 after
 * printing "sklab CMD: ..." for a bad value. */
int skl_app_limit_opt(int key, const char *value, const char *cmd, skl_app_limits *l);
/* The option that raises limit (an skl_lua_limit), "" for none. */
const char *skl_app_limit_flag(int limit);
/* The deadline's poll (skl_lua_opts.interrupt, skl_render_opts.stop): 1
 * with why "time limit of N s exceeded" once dd (an skl_app_deadline) has
 * passed. */
int skl_app_deadline_poll(void *dd, char *why, size_t whysz);
/* The option that raises the limit an error message names ("--timeout"
 * for "time limit of", "--max-memory" for "memory budget of", ...), or
 * NULL. For errors that do not come from a run (pictures, commands). */
const char *skl_app_limit_flag_of(const char *msg);

/* A scenario run headless into an event log (cmd_run.c), as `sklab run
 * --headless` does; `sklab export` renders the same run. */
typedef struct skl_app_run {
	struct skl_lua *rt;
	struct skl_events *log;
	struct skl_frame *frames; /* nframes of them, from the log */
	int nframes;
	int ran;	       /* 0, or -1: a script error or a failed expectation */
	int failures, expects; /* failed expectations, all expectations */
	/* the run's memory budget (--max-memory): its Lua state, machines,
	 * cache models, log, then the draw lists of its pictures */
	skl_budget budget;
	skl_app_deadline deadline; /* its time limit, for the pictures too */
	int timed;		   /* deadline is set (--timeout) */
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
/* The first kernel profile (by name) in data whose layout set is set: 0,
 * or -1 with err set. */
int skl_app_profile_for_set(const char *data, const char *set, skl_profile *out, skl_error *err);

/* Prints "sklab: <what>: <error>" on stderr and returns the exit status 1. */
int skl_app_fail(const char *what, const skl_error *err);

/* Warns on stderr of each name of a --config value ("A,B" or "+A,B") that
 * no member condition in db names (skl_typedb_config_used): a misspelt
 * option, or one of another era, would otherwise change nothing silently.
 * source says what db holds ("the layout set linux-6.18", "my.h").
 * Returns how many it warned of. */
/* The struct NAME from a C header (btf 0: FILE.h read by the C reader) or
 * from BTF (btf 1: FILE, NULL = the running kernel's) into db, as `sklab
 * layout --c/--btf` reads it. -1 with err set. */
int skl_app_load_struct(skl_typedb *db, int btf, const char *file, const char *name, skl_type **t, skl_error *err);
int skl_app_config_warn(const char *what, const skl_typedb *db, const char *opt, const char *source);

/* Scenario files (*.lua) in dir, sorted, as "dir/name.lua"; -1 when dir
 * cannot be read. Free with skl_app_free_list. */
int skl_app_list_scenarios(const char *dir, char ***out);
void skl_app_free_list(char **names, int n);

#endif
