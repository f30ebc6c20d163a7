/*
 * seed_table.h - the allocation histories that reproduce, number for
 * number, every /proc/slabinfo line quoted in the Dec 2001 "cleaning up
 * struct sock" thread (seed 000), through the 2.4 SLAB algorithm itself:
 * no counter is ever written directly.
 *
 * Each machine is a linux-2.4.16-i386 kernel (4 KiB pages, 32-byte L1
 * lines, UP, 128 MiB, CONFIG_DEBUG_SLAB) with the general caches of boot
 * plus the socket caches the thread's kernels had, created in the order
 * their slabinfo lines imply (the chain lists the newest cache first, so
 * the last line was created first). Every socket cache is created with
 * SLAB_HWCACHE_ALIGN and the raw sizeof below.
 *
 * Scenario writers: run the steps in order on a fresh machine. "free [a, b)"
 * frees the objects a..b-1 of that cache counted in allocation order (the
 * objects of "alloc" steps only; churn objects are freed at once). The
 * number of kmem_cache_reap() calls follows from the clock and the 10-cache
 * window over the chain (kmem_cache, the socket caches, 26 general caches).
 */
#ifndef SKLAB_TEST_SEED_TABLE_H
#define SKLAB_TEST_SEED_TABLE_H

#include <stddef.h>

typedef enum seed_opkind {
	SEED_CREATE, /* a = raw object size (sizeof), SLAB_HWCACHE_ALIGN */
	SEED_ALLOC,  /* a = objects to allocate (kept, numbered in order) */
	SEED_FREE,   /* free kept objects [a, b) */
	SEED_CHURN,  /* a = pairs of alloc + immediate free (short-lived sockets) */
	SEED_REAP    /* a = kmem_cache_reap() calls */
} seed_opkind;

typedef struct seed_op {
	seed_opkind op;
	const char *cache;
	int a, b;
	const char *why; /* one line of story for a scenario caption */
} seed_op;

typedef struct seed_machine {
	const char *id;		  /* file-name friendly: "brinquedo-2.4.16-pre1" */
	const char *source;	  /* where the lines were quoted */
	const seed_op *ops;	  /* ends with cache == NULL */
	const char *const *lines; /* the quoted lines of `grep sock /proc/slabinfo` */
	int nlines;
} seed_machine;

extern const seed_machine seed_machines[];
extern const int seed_nmachines;

#endif
