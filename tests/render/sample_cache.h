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

#endif
