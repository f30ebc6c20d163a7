/*
 * sample_cache.h - cache-grid snapshots the render tests draw, made by
 * driving the real cache model (skl_cachesim_*) over a made-up but
 * plausible access sequence: a Pentium III (Coppermine) with a 16 KiB
 * 4-way L1d and a 256 KiB 8-way L2, both with 32-byte lines, zeroing 76
 * tcp_socks of 800 bytes in two-page slabs of ten (as kmem_cache_alloc with
 * a zeroing constructor would), setting their identity, then looking the
 * 76 sockets up by their identity, as a hash-chain walk would.
 */
#ifndef SKLAB_TESTS_SAMPLE_CACHE_H
#define SKLAB_TESTS_SAMPLE_CACHE_H

#include "sklab/cachesim_snap.h"

/*
 * The snapshot after the lookups (recent = touched by the lookups). L1d's
 * lines are always copied; L2's only when l2_lines is 1. Owners are
 * "slab_t", "tcp_sock" (the zeroing) and "tcp_sock.<member>" for the
 * identity fields; members[] and lines[] charge every access. NULL when
 * out of memory. Free with skl_cachesim_snap_free().
 */
skl_cachesim_snap *sample_cache_p3(int l2_lines);

/* ---- several CPUs, kept coherent ------------------------------------------------ */

/* One access of a made-up trace: CPU cpu reads or writes size bytes at
 * addr, a byte of the member named owner ("counters.cpu0"). */
typedef struct sample_access {
	unsigned cpu;
	uint64_t addr;
	unsigned size;
	int write;
	const char *owner;
} sample_access;

/*
 * A coherent snapshot (skl_cachesim_smp, MESI) of ncpus CPUs after the
 * trace acc[0..n): each CPU an L1d of 32 KiB (8-way, 64-byte lines) and
 * an L2 of 256 KiB (8-way), an L3 of 2 MiB (16-way) shared; the last
 * nstep accesses are this step's (recent). The current CPU is cpu; the
 * lines' owners are the owner of the last access to them. NULL when out
 * of memory or on bad arguments. Free with skl_cachesim_snap_free().
 */
skl_cachesim_snap *sample_cache_smp(unsigned ncpus, unsigned cpu, const sample_access *acc, int n, int nstep);

/*
 * A false-sharing workload on ncpus CPUs (2 to 8): a per-CPU counter
 * array, one 8-byte counter every 32 bytes, so two CPUs' counters share
 * each 64-byte line (each CPU writes its own), a
 * read-mostly table every CPU reads (Shared), and each CPU's own buffer
 * (Exclusive, Modified); the last round is this step. The current CPU is 0.
 */
skl_cachesim_snap *sample_cache_smp_sharing(unsigned ncpus);

#endif
