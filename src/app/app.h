/*
 * app.h - the command modules of the sklab program and what they share:
 * finding sklab's data and reporting errors.
 */
#ifndef SKLAB_APP_H
#define SKLAB_APP_H

#include "sklab/common.h"

int skl_cmd_default(int argc, char **argv);
int skl_cmd_layout(int argc, char **argv);
int skl_cmd_run(int argc, char **argv);
int skl_cmd_list(int argc, char **argv);
int skl_cmd_profiles(int argc, char **argv);
int skl_cmd_slabinfo(int argc, char **argv);
int skl_cmd_cachesim(int argc, char **argv); /* cmd_cachesim.c */
int skl_cmd_bench(int argc, char **argv);    /* cmd_bench.c */
int skl_cmd_bench_self(int argc, char **argv); /* cmd_bench_self.c: bench --self */
int skl_cmd_whatif(int argc, char **argv);   /* cmd_whatif.c */
int skl_cmd_export(int argc, char **argv);   /* cmd_export.c */

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
 * is the run-wide capture (NULL = none), echo copies print() to stdout.
 * 0 with *r filled (a script error is r->ran < 0 with r->failures == 0 and
 * err set), or -1 with err set when the runtime cannot be made. Free with
 * skl_app_run_free() either way. */
int skl_app_run_scenario(skl_app_run *r, const char *file, const char *out_dir, const char *pcap, int echo,
			 skl_error *err);
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
