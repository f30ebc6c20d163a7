/*
 * bench_impl.h - what the files of the host-timing module share: the
 * timing harness, the cache-model replay harness, and the workloads'
 * entry points. Not installed.
 */
#ifndef SKLAB_BENCH_IMPL_H
#define SKLAB_BENCH_IMPL_H

#include "sklab/bench.h"
#include "sklab/cachesim_smp.h"
#include "sklab/kernel.h"
#include "sklab/layout.h"

#if defined(__GNUC__)
#define SKL__ALWAYS_INLINE inline __attribute__((always_inline))
#define SKL__NOINLINE __attribute__((noinline))
#define SKL__UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define SKL__ALWAYS_INLINE inline
#define SKL__NOINLINE
#define SKL__UNLIKELY(x) (x)
#endif

/* ---- the cache-model replay (bench.c) ------------------------------------- */

#define SKL__BMODEL_OPLINES 512 /* distinct lines one operation may touch */

typedef struct skl__bmodel {
	skl_cachesim *h;				    /* one CPU's caches, or NULL with smp */
	skl_cachesim_smp *smp;				    /* cpus CPUs kept coherent, or NULL */
	unsigned cpus;					    /* 0 = one CPU (h) */
	uint64_t miss_bits[SKL_CACHESIM_MAX_LEVELS];	    /* smp: misses by level while measuring */
	uint64_t coherence, hitm, transfers, invalidations; /* smp: while measuring */
	skl_cachesim_preset preset;
	unsigned first_d, first_i; /* config index of the first data / fetch level */
	unsigned line;		   /* the first data level's line */
	unsigned min_line;	   /* accesses are split at this size */
	int measuring;		   /* the warm-up is over */
	uint64_t accesses, penalty;
	uint64_t base_misses[SKL_CACHESIM_MAX_LEVELS];
	uint64_t oplines[SKL__BMODEL_OPLINES];
	int noplines;
	uint64_t lines_total;
	int failed; /* the model refused an access */
} skl__bmodel;

/* The model of o's choice (the profile's era, or the host's caches), with
 * its description in info. -1 with err set when the profile has no caches. */
int skl__bmodel_init(skl__bmodel *m, const skl_bench_opts *o, skl_bench_model *info, skl_error *err);
/* The same on cpus CPUs kept coherent (cachesim_smp.h): each CPU has the
 * preset's private levels, the last level is shared; info gets the
 * coherence figures too. -1 with err set as above, or on a bad count. */
int skl__bmodel_init_smp(skl__bmodel *m, const skl_bench_opts *o, unsigned cpus, skl_bench_model *info, skl_error *err);
void skl__bmodel_free(skl__bmodel *m);
/* One access of any size (split into line-sized pieces); kind is a
 * skl_cachesim_kind. Instruction fetches are fed as 16-byte blocks. */
void skl__bmodel_access(skl__bmodel *m, uint64_t addr, uint64_t size, int kind);
/* The same by one CPU (0 .. cpus - 1) of a coherent model; CPU 0 is what
 * skl__bmodel_access feeds. */
void skl__bmodel_access_cpu(skl__bmodel *m, unsigned cpu, uint64_t addr, uint64_t size, int kind);
/* Instruction fetch of [addr, addr + size) in 16-byte blocks. */
void skl__bmodel_fetch(skl__bmodel *m, uint64_t addr, uint64_t size);
/* Ends one operation (counts its distinct data lines). */
void skl__bmodel_op_end(skl__bmodel *m);
/* The warm-up is over: counting starts here. */
void skl__bmodel_start(skl__bmodel *m);
/* Per-operation figures over ops operations since skl__bmodel_start. */
void skl__bmodel_finish(skl__bmodel *m, uint64_t ops, skl_bench_model *out);

/* ---- the timing harness (bench.c) ----------------------------------------- */

/* Runs n operations. */
typedef void (*skl__bench_fn)(void *st, uint64_t n);

#define SKL__BENCH_MAX_INTERLEAVED 8

/* One variant to time: fn(st, n) runs n operations; the figures go to v. */
typedef struct skl__bench_job {
	skl__bench_fn fn;
	void *st;
	skl_bench_variant *v;
} skl__bench_job;

/* Times n (1..SKL__BENCH_MAX_INTERLEAVED) variants sample by sample in
 * turn (variant 0's sample s, variant 1's, ..., then sample s + 1), so
 * that the host's drift (its clock speed, other load) falls on every
 * variant alike, each calibrated on its own first from min_n operations a
 * call up (0 = 1). With counters_why NULL the jobs run on this thread
 * alone: it is pinned to the CPU it is on for the timing, and each
 * variant's counters count its own samples; otherwise (jobs that wake
 * threads of their own) nothing is pinned and the counters say
 * counters_why. Each variant gets its median, the median's 95% interval
 * and whether it is noisy. Out of memory leaves them untimed. */
void skl__bench_time_jobs(const skl_bench_opts *o, int n, const skl__bench_job *jobs, uint64_t min_n,
			  const char *counters_why);

/* skl__bench_time_jobs of one variant, with its counters. */
void skl__bench_time(const skl_bench_opts *o, skl__bench_fn fn, void *st, skl_bench_variant *v);

/* skl__bench_time_jobs of one fn on states st[i] into v[i], for jobs
 * that wake threads of their own: not pinned, counters not read (each
 * says counters_why, or that they are off). */
void skl__bench_time_interleaved(const skl_bench_opts *o, int n, skl__bench_fn fn, void *const *st,
				 skl_bench_variant *const *v, uint64_t min_n, const char *counters_why);

/* ---- small shared helpers (bench.c) ---------------------------------------- */

/* A new zeroed variant at the end of r; NULL when out of memory. */
skl_bench_variant *skl__bench_add(skl_bench_result *r);
/* A machine of profile p with ram bytes of RAM (0 = the profile's). */
skl_kernel *skl__bench_kernel(const skl_profile *p, uint64_t ram, skl_error *err);
/* Offset and size of a member by dotted path ("sk.daddr"), descending into
 * named struct members by laying out their types. -1 with err set. */
int skl__bench_member(const skl_layout *l, const char *path, uint64_t *off, uint64_t *size, skl_error *err);
/* A deterministic 64-bit generator. */
uint64_t skl__bench_rand(uint64_t *state);
/* Operations per sample and rounds for the model: warm-up and measured. */
uint64_t skl__bench_quick_or(const skl_bench_opts *o, uint64_t quick, uint64_t full);

/* ---- the workloads ---------------------------------------------------------- */

int skl__bench_lat_connect(const skl_bench_opts *o, skl_bench_result *r, skl_error *err);   /* bench_sock.c */
int skl__bench_hash_lookup(const skl_bench_opts *o, skl_bench_result *r, skl_error *err);   /* bench_sock.c */
int skl__bench_skb_put(const skl_bench_opts *o, skl_bench_result *r, skl_error *err);	    /* bench_skb.c */
int skl__bench_false_sharing(const skl_bench_opts *o, skl_bench_result *r, skl_error *err); /* bench_share.c */

#endif
