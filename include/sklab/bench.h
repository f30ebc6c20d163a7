/*
 * bench.h - host timing: the seed threads' hot paths (socket setup and
 * teardown, hash-chain lookups, skb_put/skb_push inline or out of line)
 * run natively on the simulated machine's host arena (real bytes), timed
 * with CLOCK_MONOTONIC over calibrated repetitions after a warm-up
 * (min/median/max per operation), with hardware counters where the host
 * allows them, and each replayed through the cache model so the modelled
 * misses and cycles stand beside the measured time. false_sharing runs
 * pinned threads on this host's CPUs and replays their pattern through
 * the coherent N-CPU model (cachesim_smp.h) for its coherence figures.
 *
 * This is the one core module that reads a clock or asks the host for
 * counters. Model figures are deterministic for a given build and options;
 * host figures never are, and never belong in golden files. Nothing here
 * prints; writers take a sink.
 */
#ifndef SKLAB_BENCH_H
#define SKLAB_BENCH_H

#include "sklab/cachesim.h"
#include "sklab/events.h"
#include "sklab/types.h"

/* ---- hardware counters --------------------------------------------------- */

enum {
	SKL_BENCH_CYCLES = 0,
	SKL_BENCH_INSTRUCTIONS,
	SKL_BENCH_L1D_READ_MISSES,
	SKL_BENCH_L1I_MISSES,
	SKL_BENCH_NCOUNTERS
};

/* perf stat's names: "cycles", "instructions", "L1-dcache-load-misses",
 * "L1-icache-load-misses"; NULL out of range. */
const char *skl_bench_counter_name(int i);

typedef struct skl_bench_counter {
	int ok;	       /* 0 = n/a: why says so */
	double per_op; /* events per operation */
	char why[160]; /* "perf_event_open: No such file or directory" */
} skl_bench_counter;

/* ---- timing ---------------------------------------------------------------- */

/* Samples per variant (--samples), and the interval's width above which a
 * host figure is flagged noisy: the median's 95% interval wider than
 * +-5% of it. */
#define SKL_BENCH_SAMPLES 101
#define SKL_BENCH_SAMPLES_QUICK 9
#define SKL_BENCH_NOISY_PCT 5.0

/* The ranks (0-based, in ascending order) bounding the distribution-free
 * interval of the median of n samples: the largest symmetric interval of
 * order statistics that holds the median with probability >= 0.95, and
 * that probability in *level; from 1 to 5 samples none reaches 0.95: the
 * whole range, with the probability it has. -1 when n < 1. */
int skl_bench_median_ci(int n, int *lo, int *hi, double *level);

/* ---- options -------------------------------------------------------------- */

typedef struct skl_bench_opts {
	/* The simulated machine: its kernel (slab allocator, ABI, pages) and,
	 * unless host_model, its era's caches for the model. Required. */
	const skl_profile *profile;
	/* The linux-2.4.16 layout set (lat_connect, hash_lookup) and the
	 * profile it is laid out for (ABI and config); layout_profile NULL =
	 * profile. skb_put_inline needs neither. */
	const skl_typedb *types;
	const skl_profile *layout_profile;
	double target_ms;   /* time per variant; 0 = 1000, or 20 when quick */
	int quick;	    /* small tables and short runs (tests, smoke checks) */
	uint64_t reps;	    /* operations per sample; 0 = calibrated to target_ms */
	int samples;	    /* timed samples per variant; 0 = SKL_BENCH_SAMPLES (_QUICK when quick) */
	int no_counters;    /* 1 = do not open hardware counters */
	int model_only;	    /* 1 = skip host timing and counters (deterministic) */
	int host_model;	    /* 1 = model the host's caches (sysfs) instead of the era's */
	uint64_t mem_limit; /* bytes of objects a variant may use; 0 = 512 MiB */
	int threads;	    /* host threads and model CPUs of false_sharing: 2..8; 0 = 2 */
} skl_bench_opts;

#define SKL_BENCH_MAX_THREADS 8 /* 8-byte members of one 64-byte line */

#define SKL_BENCH_MEM_LIMIT ((uint64_t)512 << 20)

/* ---- results -------------------------------------------------------------- */

/* The cache model's estimate for one operation (averages per operation). */
typedef struct skl_bench_model {
	char machine[128]; /* "Pentium III (Coppermine), 800 MHz" */
	double mhz;	   /* its clock; 0 = unknown (no ns, no ratio) */
	unsigned nlevels;
	char level[SKL_CACHESIM_MAX_LEVELS][16];
	unsigned line;				/* the first data level's line size */
	uint64_t ops;				/* operations replayed after the warm-up */
	double accesses;			/* data accesses + 16-byte instruction fetch blocks */
	double lines;				/* distinct data lines touched (what a cold op misses) */
	double misses[SKL_CACHESIM_MAX_LEVELS]; /* by level */
	double base_cycles;			/* one cycle per access (a pipelined first-level hit) */
	double miss_cycles;			/* latency beyond the first level, summed */
	double cycles;				/* base + miss */
	double ns;				/* cycles at mhz; 0 when mhz is unknown */
	/* coherence, when the replay runs on several CPUs (cachesim_smp.h);
	 * cpus = 0: one CPU's caches, and these are 0 */
	unsigned cpus;
	double coherence;     /* coherence misses (a copy lost to another CPU's write) */
	double hitm;	      /* lines taken from another CPU's Modified copy */
	double transfers;     /* lines supplied by another CPU's cache (HITMs included) */
	double invalidations; /* other CPUs' copies invalidated */
} skl_bench_model;

typedef struct skl_bench_variant {
	char name[64];	      /* "tcp_sock", "one_line/1024", "inline" */
	char what[192];	      /* lmbench-style: "sock alloc+zero+free (tcp_sock, 788 B)" */
	char unit[16];	      /* what one operation is: "connect", "lookup", "packet" */
	char layout[64];      /* "struct tcp_sock", "" */
	uint64_t object_size; /* sizeof the object, 0 = none */
	uint64_t cache_size;  /* its slab cache's object size, 0 = none */
	uint64_t objects;     /* objects in the table (hash_lookup), else 0 */
	/* host timing (timed = 0 in model_only runs) */
	int timed;
	double min_ns, median_ns, max_ns; /* per operation */
	/* the median's distribution-free interval (order statistics): it
	 * holds the true median with probability ci_level (0.95 or more
	 * from 6 samples up; below, the range and what it covers) */
	double ci_lo_ns, ci_hi_ns, ci_level;
	double ci_pct;	 /* the interval's wider side, in % of the median */
	int noisy;	 /* ci_pct > SKL_BENCH_NOISY_PCT, or ci_level < 0.95 */
	int pinned;	 /* the timing thread was held on one CPU */
	int interleaved; /* variants timed in turn with this one, itself included */
	uint64_t reps;	 /* operations per sample */
	unsigned samples;
	skl_bench_counter counters[SKL_BENCH_NCOUNTERS];
	skl_bench_model model;
	double ratio;	      /* median_ns / model.ns; 0 = n/a */
	long long code_bytes; /* machine code of the variant's hot path; -1 = n/a */
	/* code_bytes in parts (when measured): the caller, with code_sites call
	 * sites of the operations it times, and the code all sites share (out
	 * of line functions, panics; 0 when inlined) */
	long long code_caller, code_shared;
	int code_sites;
	char code_how[192]; /* how code_bytes was measured, or why it is n/a */
	char note[256];
} skl_bench_variant;

typedef struct skl_bench_result {
	char workload[32];
	char title[160];
	char profile[64];	/* the simulated machine's profile */
	char layouts[256];	/* "linux-2.4.16 (i386, CONFIG_INET,CONFIG_FILTER)", "" */
	char counters_why[160]; /* why counters are n/a, "" when some worked */
	double target_ms;
	int quick, model_only, host_model;
	skl_bench_variant *variants;
	int nvariants;
	char notes[768]; /* what the model leaves out, and such */
	/* workloads on several host threads (false_sharing): the host's CPUs
	 * and where the threads ran, or why nothing was timed; "" = none */
	char host[384];
	/* the host figure a workload leads with: the ratio of two variants'
	 * medians, named "shared/split"; ratio_value 0 = n/a (not timed) */
	char ratio_name[32];
	double ratio_value;
} skl_bench_result;

/* ---- running ------------------------------------------------------------- */

/* The workloads, in a fixed order: "lat_connect", "hash_lookup",
 * "skb_put_inline", "false_sharing". */
int skl_bench_nworkloads(void);
const char *skl_bench_workload_name(int i);
/* One line of what it measures; NULL when name is unknown. */
const char *skl_bench_workload_title(const char *name);
/* The profile of its era ("linux-2.4.16-i386", "linux-2.6.31-x86_64"). */
const char *skl_bench_workload_profile(const char *name);
/* 1 when it needs opts.types. */
int skl_bench_workload_needs_types(const char *name);
/* How many variants it times (each for the run's time); 0 when unknown. */
int skl_bench_workload_variants(const char *name);

/* Runs every variant of one workload. 0 with *out set (free it with
 * skl_bench_result_free), or -1 with err set: unknown workload, missing
 * types, a layout without the identity members, simulated RAM exhausted.
 * Counters never make it fail: they come back n/a with the reason. */
int skl_bench_run(const char *workload, const skl_bench_opts *o, skl_bench_result **out, skl_error *err);
void skl_bench_result_free(skl_bench_result *r);
/* The variant of r named name ("shared", "split"), or NULL. */
const skl_bench_variant *skl_bench_result_variant(const skl_bench_result *r, const char *name);

/* ---- writing -------------------------------------------------------------- */

/* lmbench-style one-liners, then a table (measured min/median/max,
 * counters, modelled misses per level, modelled cycles and time, ratio). */
void skl_bench_write_text(const skl_bench_result *r, const skl_sink *out);

/* One JSON object for all results (schema in docs/bench.md). */
void skl_bench_write_json(const skl_bench_result *const *r, int n, const skl_sink *out);

/* A grouped bar chart over every variant: what = 0 the time per operation
 * (measured median, and modelled ns where known), 1 the modelled misses
 * per operation by level. NULL when out of memory. */
skl_chart *skl_bench_chart(const skl_bench_result *const *r, int n, int what);

#endif
