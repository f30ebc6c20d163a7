/*
 * cachesim_smp.h - the caches of N CPUs kept coherent with MESI: each CPU
 * has its own private levels (L1i, L1d, L2 ... as skl_cachesim models
 * them), the last unified level is shared by all, and a directory of the
 * lines the private levels hold keeps each line Modified, Exclusive,
 * Shared or Invalid per CPU. A read that misses privately takes the line
 * from the CPU owning it Exclusive or Modified (a cache-to-cache transfer;
 * from a Modified copy this is perf c2c's HITM, and the owner writes it
 * back and keeps it Shared), else from the shared level or memory
 * (Exclusive when no other CPU holds it, Shared when others do: there is
 * no forward state, MESIF's F or MOESI's O). A write needs the only copy:
 * other CPUs' copies are invalidated (a read-for-ownership, or an upgrade
 * from Shared). A miss still looks the shared level up (its counters see
 * every private miss); a transfer's latency replaces what it would cost.
 *
 * Private evictions are silent: a CPU's copy evicted by its own
 * replacement is Invalid at once, and a Modified one was written back (its
 * level counted the dirty eviction), so it supplies nothing: no HITM.
 *
 * Not modelled: a snoop filter or inclusion (the shared level keeps what
 * its own replacement keeps, neither inclusive nor exclusive of the
 * private levels), write-backs filling the shared level, NUMA, adjacent-
 * line prefetch, and concurrency: accesses happen one at a time, in the
 * order fed. The coherence unit is the smallest private line.
 *
 * A private miss on a line this CPU lost to another CPU's write is a
 * coherence miss, the fourth C beside compulsory, capacity and conflict.
 *
 * With one CPU, every count is the count of one skl_cachesim of the same
 * configuration fed the same accesses (the shared level sees exactly the
 * private levels' full misses). It never reads a trace, host memory or a
 * clock: callers feed it addresses, and it is deterministic.
 */
#ifndef SKLAB_CACHESIM_SMP_H
#define SKLAB_CACHESIM_SMP_H

#include "sklab/cachesim.h"

#define SKL_CACHESIM_MAX_CPUS 64

typedef enum skl_mesi {
	SKL_MESI_I = 0,
	SKL_MESI_S,
	SKL_MESI_E,
	SKL_MESI_M,
} skl_mesi;

typedef struct skl_cachesim_smp_config {
	skl_cachesim_config base; /* one CPU's levels, as skl_cachesim_new takes them */
	unsigned ncpus;		  /* 1..SKL_CACHESIM_MAX_CPUS */
	/* how many of the last unified levels are shared by every CPU: 0 =
	 * one when base has a unified level after a private one, else none */
	unsigned shared_levels;
	/* cycles for a line supplied by another CPU's private cache, after
	 * this CPU's private lookups (0 = the first shared level's latency plus
	 * that of the first private data level; memory's without a shared level) */
	unsigned transfer_latency;
	/* the same for a line the other CPU holds Modified (a HITM), which
	 * real parts serve more slowly than a clean one (0 = transfer_latency) */
	unsigned hitm_latency;
} skl_cachesim_smp_config;

/* Where an access's line came from. */
typedef enum skl_smp_source {
	SKL_SMP_PRIVATE = 0, /* a hit in this CPU's private levels */
	SKL_SMP_PEER,	     /* another CPU's private cache (peer, peer_state) */
	SKL_SMP_SHARED,	     /* the shared level */
	SKL_SMP_MEMORY,
} skl_smp_source;

typedef struct skl_cachesim_smp_result {
	skl_cachesim_result r; /* as skl_cachesim_access: levels by config index; latency includes a transfer */
	skl_smp_source source;
	int peer;		/* the CPU that supplied the line (source PEER), -1 */
	skl_mesi peer_state;	/* its state before: SKL_MESI_M is a HITM */
	int coherence;		/* 1: a coherence miss (this CPU's copy was invalidated by another's write) */
	int lost_to;		/* with coherence: the CPU whose write took the line, else -1 */
	unsigned invalidated;	/* other CPUs' copies this access invalidated */
	skl_mesi before, after; /* this CPU's state of the (first) line */
} skl_cachesim_smp_result;

/* Per-CPU coherence counters (the private levels' own counters come from
 * skl_cachesim_stats on skl_cachesim_smp_cpu). Only the struct tag is
 * used, as for struct skl_cachesim_stats: the name belongs to the function. */
struct skl_cachesim_smp_stats {
	uint64_t coherence;   /* coherence misses */
	uint64_t transfers;   /* lines supplied by another CPU's cache */
	uint64_t hitm;	      /* of which from a Modified copy */
	uint64_t rfo;	      /* writes that missed privately and invalidated a copy elsewhere */
	uint64_t upgrades;    /* writes to a Shared line: invalidations, no data */
	uint64_t invalidated; /* this CPU's copies invalidated by other CPUs */
	uint64_t writebacks;  /* Modified copies written back when another CPU read the line */
};

typedef struct skl_cachesim_smp skl_cachesim_smp;

/* NULL with err set on bad geometry, a bad CPU count, allocation failure
 * or a refusal of cfg->base.budget: each CPU's private hierarchy, the
 * shared one and the directory charge it (skl_cachesim_footprint of the
 * private levels times the CPUs, plus the shared levels'), and the
 * directory's growth with the lines touched is charged as it grows. */
skl_cachesim_smp *skl_cachesim_smp_new(const skl_cachesim_smp_config *cfg, skl_error *err);
void skl_cachesim_smp_free(skl_cachesim_smp *m);
void skl_cachesim_smp_reset(skl_cachesim_smp *m);
unsigned skl_cachesim_smp_ncpus(const skl_cachesim_smp *m);

/* One access by cpu, as skl_cachesim_access takes it (instruction
 * fetches are reads to the protocol). 0, or -1 on bad arguments (nothing
 * changes) or an allocation failure or budget refusal. */
int skl_cachesim_smp_access(skl_cachesim_smp *m, unsigned cpu, uint64_t addr, unsigned size, int kind,
			    skl_cachesim_smp_result *out);

/* A CPU's private levels and the shared ones, for their counters and
 * lines (skl_cachesim_stats, skl_cachesim_line); the shared hierarchy is
 * NULL without shared levels. Level indexes there are their own: private
 * levels first, as in the configuration. */
const skl_cachesim *skl_cachesim_smp_cpu(const skl_cachesim_smp *m, unsigned cpu);
const skl_cachesim *skl_cachesim_smp_shared(const skl_cachesim_smp *m);

/* How many of the configuration's levels each CPU has to itself (the
 * rest are shared), and the cycles of a cache-to-cache transfer of a
 * clean line and of a Modified one (a HITM). */
unsigned skl_cachesim_smp_private_levels(const skl_cachesim_smp *m);
unsigned skl_cachesim_smp_transfer_latency(const skl_cachesim_smp *m);
unsigned skl_cachesim_smp_hitm_latency(const skl_cachesim_smp *m);

/* The levels of the configuration, private then shared, and the counters
 * of one by its configuration index: a private level's summed over every
 * CPU (with one CPU, one skl_cachesim's). -1 when out of range. */
unsigned skl_cachesim_smp_levels(const skl_cachesim_smp *m);
int skl_cachesim_smp_level_stats(const skl_cachesim_smp *m, unsigned level, struct skl_cachesim_stats *out);
/* Cachegrind's summary (skl_cachesim_write_summary) of those counters. */
void skl_cachesim_smp_write_summary(const skl_cachesim_smp *m, const skl_sink *sink);

/* cpu's state of the line holding addr. */
skl_mesi skl_cachesim_smp_state(const skl_cachesim_smp *m, unsigned cpu, uint64_t addr);
/* -1 when cpu is out of range. */
int skl_cachesim_smp_stats(const skl_cachesim_smp *m, unsigned cpu, struct skl_cachesim_smp_stats *out);

/* "M", "E", "S", "I". */
const char *skl_mesi_name(skl_mesi s);

#endif
