/*
 * slub_impl.h - what SLUB's files share inside mm: the constants of
 * mm/slub.c and include/linux/poison.h, small arithmetic, and the hooks
 * into the runtime allocator behind skl__slub_ops. The geometry is public
 * (sklab/slub.h). Not installed.
 */
#ifndef SKLAB_SLUB_IMPL_H
#define SKLAB_SLUB_IMPL_H

#include "sklab/slub.h"

/* ---- constants of mm/slub.c and include/linux/poison.h ------------------- */

#define POISON_INUSE 0x5a      /* padding, and a slab's bytes before objects are set up */
#define POISON_FREE 0x6b       /* the body of a free (or fresh) object */
#define POISON_END 0xa5	       /* its last byte */
#define SLUB_RED_INACTIVE 0xbb /* red zones of a free object */
#define SLUB_RED_ACTIVE 0xcc   /* red zones of an allocated object */
#define MAX_OBJS_PER_PAGE 32767u
#define MIN_PARTIAL 5u
#define MAX_PARTIAL 10u
#define SHRINK_PROMOTE_MAX 32u

#define DEBUG_FLAGS (SKL_SLAB_RED_ZONE | SKL_SLAB_POISON | SKL_SLAB_STORE_USER | SKL_SLAB_CONSISTENCY)
#define NEVER_MERGE                                                                                                    \
	(SKL_SLAB_RED_ZONE | SKL_SLAB_POISON | SKL_SLAB_STORE_USER | SKL_SLAB_TYPESAFE_BY_RCU | SKL_SLAB_NO_MERGE)
#define MERGE_SAME (SKL_SLAB_RECLAIM_ACCOUNT | SKL_SLAB_CACHE_DMA | SKL_SLAB_ACCOUNT)

#define SKL_SLUB_MAX_CPUS 256
#define TAINT_BAD_PAGE 1
#define TAINT_WARN 2

static inline unsigned align_up(unsigned x, unsigned a)
{
	return a ? (x + a - 1) / a * a : x;
}

static inline unsigned fls_u(unsigned x)
{
	unsigned r = 0;
	while (x) {
		r++;
		x >>= 1;
	}
	return r;
}

static inline unsigned ilog2_u(unsigned x)
{
	return x ? fls_u(x) - 1 : 0;
}

/* ---- runtime hooks ---------------------------------------------------------- */

/* The geometry of a SLUB cache (of the real cache when c is an alias). */
int skl__slub_cache_geom(const skl_cache *c, skl_slub_geom *out);

#endif
