/*
 * bench_self.h - what the measurements of `sklab bench --self` share: a
 * comparison (sklab beside its baseline, with the target it is held to),
 * the run's context, child processes, the host's description, and one
 * entry point per measurement. Private to src/app/bench_self/.
 *
 * Never asserts anything about time: a missed target is a "no" in the
 * table, never an error; a missing baseline tool is n/a with the reason.
 */
#ifndef SKLAB_APP_BENCH_SELF_H
#define SKLAB_APP_BENCH_SELF_H

#include "app.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- figures (measure.c) ----------------------------------------------------- */

typedef struct stat3 {
	int ok;
	double min, med, max;
} stat3;

enum { TARGET_RATIO, TARGET_ABS };

typedef struct comparison {
	char name[64];
	char title[160];
	char unit[24];
	char base_what[200];
	stat3 base;
	char base_why[640]; /* why base is n/a */
	stat3 sk;
	char sk_why[640]; /* why sk is n/a */
	int target_kind;  /* TARGET_RATIO: ratio op value; TARGET_ABS: sklab median op value */
	int strict;	  /* op is "<" rather than "<=" */
	double target;
	char target_text[96];
	int cond;	    /* -1 none, 0/1: a further condition of the target (same miss counts) */
	char cond_text[64]; /* what the condition is */
	int reps;
	char note[1280];
	char extra[1024]; /* further JSON members, ", \"k\": v" form; "" = none */
} comparison;

/* min/median/max of v[0..n) (sorts v). */
stat3 skl__self_stats(double *v, int n);
/* sklab's median over the baseline's; -1 when either is missing. */
double skl__self_ratio(const comparison *c);
/* sklab's minimum over the baseline's: the least disturbed samples. */
double skl__self_ratio_min(const comparison *c);
/* 1 met, 0 not met, -1 unknown. */
int skl__self_met(const comparison *c);
/* CLOCK_MONOTONIC in nanoseconds. */
double skl__self_now_ns(void);

/* Keep the compiler from removing a malloc/free pair or a loop's result. */
extern void *volatile skl__self_sink_ptr;
extern volatile uint64_t skl__self_sink_u64;

/* ---- the run (measure.c) ----------------------------------------------------- */

typedef struct ctx {
	int quick, json;
	const char *data;
	char exe[4096];
	char fonts[4200];
	char valgrind[4096]; /* "" = not found */
	double cg_cost_ns;   /* Cachegrind's marginal cost per access, 0 = not measured */
	char cg_why[640];
	comparison *c;
	int n, cap;
} ctx;

/* A new comparison at the end of x's list (ends the program when out of memory). */
comparison *skl__self_new_cmp(ctx *x, const char *name, const char *title, const char *unit);
/* c's target: kind TARGET_RATIO (judged on the ratio of the minima) or
 * TARGET_ABS (on sklab's median), at most value (below it when strict),
 * and the text the table shows for it (printf's format). */
void skl__self_target(comparison *c, int kind, double value, int strict, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* "sklab bench --self: WHAT..." on stderr, unless the output is JSON. */
void skl__self_progress(const ctx *x, const char *what);
/* Writes text to path; 0 or -1. */
int skl__self_write_file(const char *path, const char *text);

/* ---- child processes (measure.c) --------------------------------------------- */

typedef void (*line_fn)(const char *line, void *arg);

typedef struct child_result {
	int status; /* as from waitpid; -1 = could not run */
	double wall_ns;
	double cpu_s; /* user + system of the child */
} child_result;

/*
 * Runs argv[0] (a path) with argv, stdin from /dev/null. pipe_fd 1 or 2
 * sends that stream to on_line (line by line; other stream to /dev/null);
 * 0 sends both to /dev/null. env NULL = this process's environment.
 * 0 when it ran (see r->status), -1 when it could not be started.
 */
int skl__self_spawn(char *const argv[], char *const env[], int pipe_fd, line_fn on_line, void *arg, child_result *r);
/* 1 when the child exited with status 0. */
int skl__self_exited_ok(const child_result *r);
/* valgrind on PATH, into out ("" when absent). */
void skl__self_find_valgrind(char *out, size_t outsz);

/* ---- host description (measure.c) -------------------------------------------- */

typedef struct host_info {
	long nproc;
	char cpu[128];
	int vm; /* 1 = the CPU flags say hypervisor */
	double load1;
} host_info;

void skl__self_host_describe(host_info *h);

/* ---- the measurements -------------------------------------------------------- */

/* slab.c: one slab allocator against glibc malloc (table: 1,000 live objects). */
void skl__self_slab(ctx *x, int table, const char *alloc_name, const char *profile);
/* cachegrind.c: the cache model against Cachegrind, and its speed alone. */
void skl__self_cachegrind(ctx *x);
void skl__self_cache_rate(ctx *x);
/* cachegrind.c: the native workload valgrind runs (`--self-child workload ITERS`). */
int skl__self_cache_workload(long iters);
/* lua_skb.c: skb_put/skb_push from a Lua scenario against the same calls from C. */
void skl__self_lua_skb(ctx *x, const char *tmpdir);
/* render.c: the largest frame of each scenario (and of 10,000 objects), at
 * 1920x1080 (render/...) and 3840x2160 (render4k/...); whether any of
 * those rows is asked for. */
void skl__self_render(ctx *x, const char *tmpdir, const char *const *names, int nnames);
int skl__self_render_wanted(const char *const *names, int nnames);
/* render.c: the scenario of render/slab10k (10,000 tcp_socks, a third freed). */
extern const char skl__self_slab10k_lua[];
/* hover.c: a hover in the window over render/slab10k's frame, which
 * changes only the highlight, against the same redraw drawing every pane. */
void skl__self_hover(ctx *x, const char *tmpdir);
/* process.c: headless scenarios, start-up, peak memory. */
void skl__self_scenarios(ctx *x);
void skl__self_startup(ctx *x);
void skl__self_memory(ctx *x);
/* process.c: the child of the memory figure (`--self-child memory|malloc N`). */
int skl__self_child_memory(const char *data, long n, int use_malloc);

/* scale.c: a million objects from Lua (scale/1M, scale/1M_rss, each when
 * asked for), and jumping to a step of a run of a million events (step/1M). */
void skl__self_scale(ctx *x, const char *tmpdir, int want_time, int want_rss);
void skl__self_step(ctx *x, const char *tmpdir);
/* scale.c: the child of scale/1M (`--self-child scale|scale-lua N FILE`). */
int skl__self_child_scale(const char *data, long n, const char *file, int plain);

/* self.c: name is asked for (no names, or the name or its group among them). */
int skl__self_want(const char *name, const char *const *names, int nnames);

/* write.c: the result as JSON or as a table. */
void skl__self_write_json(FILE *fp, const ctx *x, const host_info *h0, const host_info *h1);
void skl__self_write_text(FILE *fp, const ctx *x, const host_info *h0, const host_info *h1);

#endif
