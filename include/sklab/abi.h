/*
 * abi.h - target ABIs: sizes and alignments of C's base types as gcc
 * lays them out for a target, and the machine constants a kernel profile
 * adds (page size, cache-line size).
 *
 * An ABI is a plain value; the built-in ones never change at run time.
 */
#ifndef SKLAB_ABI_H
#define SKLAB_ABI_H

#include "sklab/common.h"

/* The base-type classes the layout engine knows. */
typedef enum skl_base {
	SKL_B_VOID,
	SKL_B_BOOL,
	SKL_B_CHAR,
	SKL_B_SHORT,
	SKL_B_INT,
	SKL_B_LONG,
	SKL_B_LLONG,
	SKL_B_INT128,
	SKL_B_FLOAT,
	SKL_B_DOUBLE,
	SKL_B_LDOUBLE,
	SKL_B_PTR,
	SKL_B_COUNT_
} skl_base;

typedef struct skl_abi {
	const char *name;      /* "i386", "x86_64" */
	const char *model;     /* "ILP32", "LP64" */
	unsigned size[SKL_B_COUNT_];
	unsigned align[SKL_B_COUNT_];       /* alignment of a lone object */
	unsigned field_align[SKL_B_COUNT_]; /* alignment as a struct member */
	unsigned enum_size;
	unsigned big_endian;
} skl_abi;

/* NULL when the name is unknown. Names: "i386", "x86_64". */
const skl_abi *skl_abi_find(const char *name);
const skl_abi *skl_abi_default(void); /* x86_64 */

/* One cache of a profile's era machine (assets/profiles: cache = { ... }). */
typedef struct skl_profile_cache {
	char name[16];     /* "L1i", "L1d", "L2", ... */
	uint64_t size;     /* bytes */
	unsigned assoc, line, latency;
} skl_profile_cache;

#define SKL_PROFILE_MAX_CACHES 6

/* A kernel profile: an era of Linux on an ABI. Loaded from assets/profiles. */
typedef struct skl_profile {
	char name[64];       /* "linux-2.4.16-i386" */
	char kernel[32];     /* "2.4.16" */
	char layouts[64];    /* layout data set, "linux-2.4.16" */
	char allocator[16];  /* "slab" or "slub" */
	const skl_abi *abi;
	unsigned page_size;
	unsigned cacheline;
	unsigned cpus;
	uint64_t ram_bytes;
	char config[1024];   /* comma-separated default CONFIG_ options */
	char description[256];
	char cpu[96];        /* the era's machine the cache table describes */
	skl_profile_cache caches[SKL_PROFILE_MAX_CACHES];
	unsigned ncaches;
	unsigned mem_latency; /* cycles */
} skl_profile;

#endif
