/*
 * fault.h - host allocation failure, injected through the engine's one
 * allocation hook (skl_set_allocator): allocation number fail_at (from 0,
 * counting those of a size above 0) fails, once or with every one after
 * it, so a test can walk a scenario through each failure in turn:
 *
 *	for (n = 0; n < LIMIT; n++) {
 *		skl_fault_arm(&f, n, SKL_FAULT_ONCE);
 *		rc = scenario();
 *		skl_fault_disarm();
 *		if (rc == 0 && f.calls <= n)
 *			break;	(it ran to the end without reaching the failure)
 *	}
 *
 * Header-only: each test is one file.
 */
#ifndef SKLAB_TEST_FAULT_H
#define SKLAB_TEST_FAULT_H

#include "sklab/common.h"

#include <stdlib.h>

typedef enum skl_fault_mode {
	SKL_FAULT_ONCE, /* only allocation fail_at fails */
	SKL_FAULT_FROM	/* allocation fail_at and every one after it fail */
} skl_fault_mode;

typedef struct skl_fault {
	long calls;   /* allocations of a size above 0 since it was armed */
	long fail_at; /* the number of the first that fails */
	skl_fault_mode mode;
} skl_fault;

/* The hook: frees on size 0, fails as f says, else realloc(). */
static inline void *skl_fault_realloc(void *ud, void *ptr, size_t size)
{
	skl_fault *f = ud;
	long n;
	if (size == 0) {
		free(ptr);
		return NULL;
	}
	n = f->calls++;
	if (f->mode == SKL_FAULT_FROM ? n >= f->fail_at : n == f->fail_at)
		return NULL;
	return realloc(ptr, size);
}

/* Counts from 0 and installs the hook; f must live until disarmed. */
static inline void skl_fault_arm(skl_fault *f, long fail_at, skl_fault_mode mode)
{
	f->calls = 0;
	f->fail_at = fail_at;
	f->mode = mode;
	skl_set_allocator(skl_fault_realloc, f);
}

/* Back to the engine's own allocator. */
static inline void skl_fault_disarm(void)
{
	skl_set_allocator(NULL, NULL);
}

#endif
