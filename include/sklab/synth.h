/*
 * synth.h - synthetic work for the cache model's benchmarks: a compact
 * in-memory trace of accesses, a deterministic program-like trace to feed
 * it (the same one against which sklab's model is timed and compared with
 * Cachegrind), and the small native workload whose real run Cachegrind
 * measures. Deterministic from their seeds; nothing here reads a clock.
 */
#ifndef SKLAB_SYNTH_H
#define SKLAB_SYNTH_H

#include "sklab/cachesim.h"

#include <stddef.h>
#include <stdint.h>

/* One access per word, the model's SKL_CACHESIM_WORD: address in the low
 * 56 bits, size - 1 (1 to 64 bytes) from bit 56, the kind
 * (SKL_CACHESIM_READ, _WRITE, _IFETCH) from bit 62; skl_cachesim_run_words()
 * takes a's words as they are. */
typedef struct skl_synth_trace {
	uint64_t *a;
	size_t n, cap;
	int oom; /* a push ran out of memory */
} skl_synth_trace;

#define SKL_SYNTH_ADDR(v) SKL_CACHESIM_WORD_ADDR(v)
#define SKL_SYNTH_SIZE(v) SKL_CACHESIM_WORD_SIZE(v)
#define SKL_SYNTH_KIND(v) ((int)SKL_CACHESIM_WORD_KIND(v))

/* Appends one access (size clamped to 1..64). 0, or -1 when out of memory
 * (t->oom set, the trace as it was). */
int skl_synth_push(skl_synth_trace *t, uint64_t addr, unsigned size, int kind);
void skl_synth_free(skl_synth_trace *t);

/* One line of a Valgrind Lackey trace appended: "I  addr,size" an
 * instruction fetch, " L" a load, " S" a store, " M" a modify counted as one
 * read (as Cachegrind counts it); lines of another shape are skipped. The
 * benchmarks' quick reader; sklab cachesim reads traces with trace.h. 0, or
 * -1 when out of memory. */
int skl_synth_push_lackey(skl_synth_trace *t, const char *line);

/* xorshift64: the next of the sequence s (never 0 unless s is). */
uint64_t skl_synth_xorshift(uint64_t *s);

/* Appends n accesses of a program-like trace from seed: 256 functions
 * over 1 MiB of code called with a skewed choice, short basic blocks, and
 * data over a stack, a hot 16 KiB, a warm 256 KiB, a cold 32 MiB region
 * and 8 MiB sweeps (about 0.45 data accesses per fetch). 0, or -1 when out
 * of memory. */
int skl_synth_program(skl_synth_trace *t, size_t n, uint64_t seed);

/*
 * The floor under the cache model's cost: t through I1 (fetches) or D1
 * (loads and stores) and LL (lv[0..2], LRU) by the least an LRU model can
 * do for the same miss counts, Cachegrind's algorithm (cg_sim.c): each
 * set's tags alone, in recency order, shifted down on a hit off the front
 * and on a miss; no flags, stamps or other per-way state, no write-backs.
 * The walk is sklab's: every line of an access at each level, the next
 * level when any missed. refs and misses by [level][kind]; they equal
 * skl_cachesim's for the same LRU geometry. 0, or -1 when out of memory
 * or a level's geometry is not sizes in powers of two.
 */
typedef struct skl_synth_floor {
	uint64_t refs[3][3], misses[3][3];
} skl_synth_floor;

int skl_synth_floor_run(const skl_cachesim_level lv[3], const skl_synth_trace *t, skl_synth_floor *out);

/* The native workload, iters iterations of: a store to a hot 4 KiB array,
 * a load from a warm 256 KiB one, a sequential load over 16 MiB and, one
 * time in eight, a random load from it. *sum gets what was loaded (keep it,
 * so the loads stay). 0, or 1 when out of memory. */
int skl_synth_workload(long iters, uint64_t *sum);

#endif
