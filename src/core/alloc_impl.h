/*
 * alloc_impl.h - the inside of the simulated machine, shared by kernel.c
 * (RAM, pages, addresses, the cache registry, kmalloc's front end, events)
 * and the two allocators that plug into it: slab24.c (Linux 2.4 SLAB) and
 * slub.c (Linux 6.x SLUB). Not installed.
 *
 * An allocator is a table of operations; kernel.c picks one from the
 * profile's allocator ("slab" or "slub") and calls it for everything
 * allocator-specific. Each cache's allocator state hangs off c->priv.
 */
#ifndef SKLAB_ALLOC_IMPL_H
#define SKLAB_ALLOC_IMPL_H

#include "sklab/kernel.h"

typedef struct skl__alloc_ops skl__alloc_ops;

/* What the machine knows about each page frame (for kfree and views). */
typedef struct skl__page {
	skl_cache *cache; /* slab page: the owning cache, else NULL */
	void *slab;       /* allocator's slab descriptor */
	uint8_t used;     /* allocated by the page allocator */
	uint8_t head;     /* first page of an allocation */
	uint8_t order;    /* order of the allocation (head page) */
} skl__page;

struct skl_cache {
	skl_kernel *k;
	char name[32];
	size_t object_size;     /* as requested */
	skl_cache_opts opts;    /* as requested (type pointer replaced by our copy) */
	skl_layout *type;       /* owned copy or NULL */
	skl_cache *alias_of;    /* SLUB merge: the real cache */
	int refcount;           /* SLUB: creators sharing it */
	int seq;                /* creation order */
	void *priv;             /* allocator state */
};

struct skl_kernel {
	skl_profile prof;
	unsigned cpus;
	int smp;
	int debug_slab;
	unsigned slub_debug;    /* SKL_SLAB_* debug flags from "FZPU" */
	unsigned break_gfp_order;
	skl_events *log;
	/* RAM */
	uint8_t *arena;         /* npages * page_size host bytes */
	uint64_t npages;
	uint64_t used_pages;
	skl__page *pages;
	skl_addr va_base;       /* simulated address of page frame 0 of the arena */
	/* caches in creation order */
	skl_cache **caches;
	int ncaches, capcaches;
	const skl__alloc_ops *ops;
	void *priv;             /* allocator-wide state (kmalloc caches, ...) */
};

struct skl__alloc_ops {
	const char *name; /* "slab", "slub" */
	/* machine-wide setup after RAM exists: general/kmalloc caches... */
	int (*init)(skl_kernel *k, skl_error *err);
	void (*fini)(skl_kernel *k);
	/* SLUB merging: the existing cache a new one merges into, or NULL */
	skl_cache *(*find_merge)(skl_kernel *k, size_t size, const skl_cache_opts *o);
	/* geometry and allocator state for a new cache (c->name, object_size, opts set) */
	int (*cache_init)(skl_cache *c, skl_error *err);
	int (*cache_destroy)(skl_cache *c, skl_error *err);
	skl_addr (*alloc)(skl_cache *c, skl_error *err);
	int (*free)(skl_cache *c, skl_addr obj, skl_error *err);
	int (*shrink)(skl_cache *c);
	int (*reap)(skl_kernel *k);
	/* object index and start for an address inside one of c's slabs; -1 if none */
	int (*locate)(skl_cache *c, skl_addr addr, skl_addr *obj_start);
	void (*info)(const skl_cache *c, skl_cache_info *out);
	int (*snapshot)(const skl_cache *c, skl_cache_snap *out);
	void (*slabinfo)(const skl_kernel *k, const skl_sink *out);
	/* /proc/slabinfo order: index of the i-th cache to print */
	int (*order)(const skl_kernel *k, int i);
	/* kmalloc: the cache for n bytes, NULL when too large */
	skl_cache *(*kmalloc_cache)(skl_kernel *k, size_t n);
	/* geometry with no machine */
	int (*geometry)(const skl_profile *p, unsigned cpus, int debug, const char *name, size_t size,
			const skl_cache_opts *o, skl_cache_info *out, skl_error *err);
};

extern const skl__alloc_ops skl__slab24_ops;
extern const skl__alloc_ops skl__slub_ops;

/* ---- kernel.c services for the allocators ------------------------------ */

/* Pages for a slab: records the owner in the page table. 0 when out of RAM. */
skl_addr skl__pages_alloc_slab(skl_kernel *k, unsigned order, skl_cache *c, void *slab);
void skl__pages_free_slab(skl_kernel *k, skl_addr a, unsigned order);
skl__page *skl__page_of(skl_kernel *k, skl_addr a);
/* Host pointer for simulated bytes (NULL outside RAM). */
uint8_t *skl__bytes(skl_kernel *k, skl_addr a, size_t len);
/* Appends an allocator event when the machine has a log. */
void skl__event(skl_kernel *k, skl_event_kind kind, const char *cache, skl_addr addr, uint64_t size,
		const char *detail);
/* Creates an internal cache (general/kmalloc caches) without merging. */
skl_cache *skl__cache_new(skl_kernel *k, const char *name, size_t size, const skl_cache_opts *o, skl_error *err);

#endif
