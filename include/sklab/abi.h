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
	const char *name;  /* "i386", "x86_64" */
	const char *model; /* "ILP32", "LP64" */
	unsigned size[SKL_B_COUNT_];
	unsigned align[SKL_B_COUNT_];	    /* alignment of a lone object */
	unsigned field_align[SKL_B_COUNT_]; /* alignment as a struct member */
	unsigned enum_size;
	unsigned big_endian;
} skl_abi;

/* NULL when the name is unknown. Names: "i386", "x86_64". */
const skl_abi *skl_abi_find(const char *name);
const skl_abi *skl_abi_default(void); /* x86_64 */

/* One cache of a profile's era machine (assets/profiles: cache = { ... }). */
typedef struct skl_profile_cache {
	char name[16]; /* "L1i", "L1d", "L2", ... */
	uint64_t size; /* bytes */
	unsigned assoc, line, latency;
} skl_profile_cache;

#define SKL_PROFILE_MAX_CACHES 6

/* The slab allocator a profile's kernel runs: the 2.4 SLAB or SLUB (the
 * only two sklab models; SLOB is refused where a profile loads). */
typedef enum skl_allocator { SKL_ALLOC_SLAB, SKL_ALLOC_SLUB } skl_allocator;

/* "slab", "slub" */
const char *skl_allocator_name(skl_allocator a);
/* A profile's allocator = "slab" or "slub". -1 with err set otherwise
 * ("slob": SLOB is not modelled). */
int skl_allocator_parse(const char *name, skl_allocator *out, skl_error *err);

/* A kernel release as numbers: "2.4.16" is {2, 4, 16}, "6.18" {6, 18, 0}. */
typedef struct skl_kversion {
	unsigned major, minor, patch;
} skl_kversion;

/* "MAJOR.MINOR[.PATCH]", anything after the numbers ignored ("6.18.0-rc1",
 * a uname release). -1 when s does not start that way. */
int skl_kversion_parse(const char *s, skl_kversion *out);
/* 1 when v is major.minor.patch or later. */
int skl_kversion_at_least(skl_kversion v, unsigned major, unsigned minor, unsigned patch);

/* A kernel profile: an era of Linux on an ABI. Loaded from assets/profiles. */
typedef struct skl_profile {
	char name[64];	      /* "linux-2.4.16-i386" */
	char kernel[32];      /* "2.4.16", as written */
	skl_kversion version; /* the same, parsed when the profile is made */
	char layouts[64];     /* layout data set, "linux-2.4.16" */
	skl_allocator allocator;
	const skl_abi *abi;
	unsigned page_size;
	unsigned cacheline;
	unsigned cpus;
	uint64_t ram_bytes;
	char config[1024]; /* comma-separated default CONFIG_ options */
	char description[256];
	char cpu[96]; /* the era's machine the cache table describes */
	skl_profile_cache caches[SKL_PROFILE_MAX_CACHES];
	unsigned ncaches;
	unsigned mem_latency; /* cycles */
	/* cycles for a line another core's cache supplies, clean and Modified
	 * (the cache table's transfer and hitm; 0 = the model's rule) */
	unsigned transfer_latency, hitm_latency;
} skl_profile;

/* Sets a profile's kernel release: the text and its parsed version. -1
 * with err set when it is not "MAJOR.MINOR[.PATCH]...". */
int skl_profile_set_kernel(skl_profile *p, const char *release, skl_error *err);

#endif
