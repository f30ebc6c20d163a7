/*
 * mm_impl.h - the inside of the simulated machine, shared by kernel.c
 * (RAM, pages, addresses, the cache registry, kmalloc's front end, events)
 * and the two allocators that plug into it: slab24.c (Linux 2.4 SLAB) and
 * slub.c (Linux 6.x SLUB). Not installed.
 *
 * An allocator is a table of operations; kernel.c picks one from the
 * profile's allocator ("slab" or "slub") and calls it for everything
 * allocator-specific. Each cache's allocator state hangs off c->priv.
 */
#ifndef SKLAB_MM_IMPL_H
#define SKLAB_MM_IMPL_H

#include "sklab/kernel.h"

typedef struct skl__alloc_ops skl__alloc_ops;

/* What the machine knows about each page frame (for kfree and views). */
typedef struct skl__page {
	skl_cache *cache; /* slab page: the owning cache, else NULL */
	void *slab;	  /* allocator's slab descriptor */
	uint8_t used;	  /* allocated by the page allocator */
	uint8_t head;	  /* first page of an allocation */
	uint8_t order;	  /* order of the allocation (head page) */
	uint8_t init;	  /* host bytes zeroed once (pages are committed lazily) */
	uint32_t large;	  /* SLUB kmalloc_large (every page of the block): the
			   * bytes kmalloc() was asked for; 0 = not one */
} skl__page;

struct skl_cache {
	skl_kernel *k;
	char name[32];
	size_t object_size;  /* as requested */
	skl_cache_opts opts; /* as requested (type pointer replaced by our copy) */
	skl_layout *type;    /* owned copy or NULL */
	skl_cache *alias_of; /* SLUB merge: the real cache */
	int refcount;	     /* SLUB: creators sharing it */
	int seq;	     /* creation order */
	void *priv;	     /* allocator state */
	void *fast_state;    /* the allocator's state for this cache (SLUB: the real
			      * cache's, for aliases too) when its fast paths apply, else NULL */
	void *fast;	     /* SLUB: fast_state while no event log and no cache
			      * model watch the machine (skl__fast_gate), else NULL */
	void *fast_call;     /* the same for another allocator's table fast paths */
	/* which name an object came through (SLUB merging): an alias's objects
	 * carry its via_slot (1..SKL__VIA_MAX; 0 = not recorded) in their
	 * allocator record, and the real cache names the slots in via[slot - 1]
	 * (nvia of them, skl_malloc'd; a slot's alias is NULL once destroyed,
	 * its name kept while objects may still carry it) */
	unsigned via_slot;
	struct skl__via *via;
	unsigned nvia;
};

/* One name objects of a real cache can come through (an alias). */
typedef struct skl__via {
	char name[32];
	const skl_cache *alias; /* NULL once destroyed */
} skl__via;

/* Slots per real cache: the allocator keeps one per object in a byte. */
#define SKL__VIA_MAX 250u

struct skl_kernel {
	skl_profile prof;
	unsigned cpus;
	int smp;
	int debug_slab;
	unsigned slub_debug;	      /* SKL_SLAB_* debug flags from "FZPU" */
	int kasan;		      /* generic KASAN: a shadow byte per 8 bytes of RAM */
	uint8_t *kasan_shadow;	      /* (npages * page_size) / 8 bytes */
	char *kasan_last;	      /* the latest KASAN report (skl_malloc'd) */
	struct skl__kasan_q *kasan_q; /* KASAN's quarantine (kernel_kasan.c), made on the first free */
	char *last_report;	      /* the latest BUG event's text: any report (skl_malloc'd) */
	unsigned break_gfp_order;
	skl_events *log;
	/* RAM */
	uint8_t *arena;		   /* npages * page_size host bytes */
	uint8_t *arena_block;	   /* what was allocated for it (arena, or below it when aligned) */
	struct skl_budget *budget; /* the run's memory budget, or NULL */
	uint64_t charged;	   /* bytes charged to it: frames first used, the frame tree */
	uint64_t npages;
	uint64_t used_pages;
	skl__page *pages;
	skl_addr va_base;      /* simulated address of page frame 0 of the arena */
	uint8_t *buddy;	       /* first-fit page allocator: a tree over the frames */
	uint64_t buddy_leaves; /* frames rounded up to a power of two */
	unsigned cpu;	       /* the CPU that performs the next operations */
	int booting;	       /* inside ops->init: no events, no reap on pressure */
	/* caches in creation order */
	skl_cache **caches;
	int ncaches, capcaches;
	const skl__alloc_ops *ops;
	void *priv;			/* allocator-wide state (kmalloc caches, ...) */
	skl_cachesim *cachesim;		/* the attached cache model (borrowed), or NULL */
	skl_cachesim_smp *cachesim_smp; /* or the attached coherent N-CPU model (borrowed), or NULL */
	struct skl__access *acc;	/* its attribution tables and state (access.c), or NULL */
	/* the scenario lines that called into the machine, as SLUB's tracks
	 * name them (skl__kernel_caller): ncallers skl_malloc'd strings */
	char **callers;
	int ncallers, capcallers;
	unsigned last_caller;
	uint64_t nlarge; /* live kmalloc_large blocks */
};

struct skl__alloc_ops {
	const char *name; /* "slab", "slub" */
	/* machine-wide setup after RAM exists: general/kmalloc caches... */
	int (*init)(skl_kernel *k, skl_error *err);
	/* frees all allocator state, every cache's priv included (kernel.c then
	 * frees the skl_cache structs); also called after a failed init */
	void (*fini)(skl_kernel *k);
	/* SLUB merging: the existing cache a new one merges into, or NULL */
	skl_cache *(*find_merge)(skl_kernel *k, size_t size, const skl_cache_opts *o);
	/* geometry and allocator state for a new cache (c->name, object_size, opts set) */
	int (*cache_init)(skl_cache *c, skl_error *err);
	int (*cache_destroy)(skl_cache *c, skl_error *err);
	/* alloc/free: kmem_cache_alloc/kmem_cache_free. The allocator emits
	 * GROW, SLAB_FREE, BUG and the events of its own internal allocations;
	 * kernel.c emits ALLOC/FREE/KMALLOC/KFREE for the caller's objects and
	 * OOM when the page allocator fails (the allocator sets err). */
	skl_addr (*alloc)(skl_cache *c, skl_error *err);
	int (*free)(skl_cache *c, skl_addr obj, skl_error *err);
	int (*shrink)(skl_cache *c);
	int (*reap)(skl_kernel *k);
	/* object index and start (the address alloc returned for it) for an
	 * address inside one of c's slabs; -1 if none */
	int (*locate)(skl_cache *c, skl_addr addr, skl_addr *obj_start);
	void (*info)(const skl_cache *c, skl_cache_info *out);
	/* out->info and out->type are filled in already: fill slabs, nslabs
	 * and the slabinfo line (slabs and their arrays allocated with skl_calloc,
	 * freed by skl_kernel_snap_free, also after a failure). */
	int (*snapshot)(const skl_cache *c, skl_cache_snap *out);
	void (*slabinfo)(const skl_kernel *k, const skl_sink *out);
	/* /proc/slabinfo order: index of the i-th cache to print */
	int (*order)(const skl_kernel *k, int i);
	/* kmalloc: the cache for n bytes, NULL when too large */
	skl_cache *(*kmalloc_cache)(skl_kernel *k, size_t n);
	/* geometry with no machine */
	int (*geometry)(const skl_profile *p, unsigned cpus, int debug, const char *name, size_t size,
			const skl_cache_opts *o, skl_cache_info *out, skl_error *err);
	/* Optional (NULL = not offered). kfree: the allocator's kfree() (checks
	 * and reports differ from kmem_cache_free); when NULL the machine finds
	 * the cache through the page table and calls free. */
	int (*kfree)(skl_kernel *k, skl_addr obj, skl_error *err);
	/* 2.4 SMP: kmem_tune_cpucache(), "name limit batchcount" */
	int (*tune)(skl_cache *c, int limit, int batchcount, skl_error *err);
	/* Optional: kmalloc(n) from its size class c. SLUB records n as the
	 * object's orig_size (slab_debug=U), so its kmalloc red zone starts at
	 * n; when NULL the machine calls alloc. */
	skl_addr (*kmalloc_alloc)(skl_cache *c, size_t n, skl_error *err);
	/* The allocator's fast paths for kmem_cache_alloc/free, which do what
	 * alloc and free do when they would check nothing that fails, report
	 * nothing and emit no event. The machine calls them only for a cache
	 * whose c->fast_state the allocator set, with no cache model attached.
	 * They return 0 having changed nothing when they cannot; the caller
	 * then calls alloc or free. free_fast returns 1 when it freed obj.
	 * SLUB's are not here: kernel.c takes them inline from slub_fast.h. */
	skl_addr (*alloc_fast)(skl_cache *c);
	int (*free_fast)(skl_cache *c, skl_addr obj);
	/* Optional (allocators that merge caches). mark_via: obj, just
	 * allocated from the real cache c, came through the alias whose
	 * via_slot is slot (1..SKL__VIA_MAX); the allocator keeps slot in the
	 * object's own record until the object is freed, and its fast paths
	 * decline such an object, so they never need to look. via_used sets
	 * used[n] for every slot n an allocated object of c carries (used has
	 * SKL__VIA_MAX + 1 entries). The snapshot gives each slab with such an
	 * object a via array of those slots (0 for the rest) in the allocation
	 * of its state array (via = state + nobjs); kernel.c then renumbers
	 * them to index the snapshot's alias names. */
	void (*mark_via)(skl_cache *c, skl_addr obj, unsigned slot);
	void (*via_used)(const skl_cache *c, uint8_t *used);
};

extern const skl__alloc_ops skl__slab24_ops;
extern const skl__alloc_ops skl__slub_ops;

/* ---- kernel.c services for the allocators ------------------------------ */

/* Sets every cache's fast gates (c->fast, c->fast_call) after a cache is made or a cache
 * model attached or detached. */
void skl__fast_gate(skl_kernel *k);

/* Pages for a slab: records the owner in the page table. 0 when out of RAM. */
skl_addr skl__pages_alloc_slab(skl_kernel *k, unsigned order, skl_cache *c, void *slab);
void skl__pages_free_slab(skl_kernel *k, skl_addr a, unsigned order);
skl__page *skl__page_of(skl_kernel *k, skl_addr a);
/* Host pointer for simulated bytes (NULL outside RAM). */
uint8_t *skl__bytes(skl_kernel *k, skl_addr a, size_t len);
/* Creates an internal cache (general/kmalloc caches) without merging. */
skl_cache *skl__cache_new(skl_kernel *k, const char *name, size_t size, const skl_cache_opts *o, skl_error *err);
/* Moves c to the newest end of the registry (2.4: a failed destroy puts the
 * cache back at the head of the chain). */
void skl__cache_relink(skl_cache *c);
/* Host pointer without the lazy zeroing (const readers, e.g. snapshots):
 * NULL when outside RAM or not yet touched. */
const uint8_t *skl__bytes_peek(const skl_kernel *k, skl_addr a, size_t len);
/* Words in the target's byte order and width (1, 2, 4 or 8 bytes). */
uint64_t skl__get_word(const skl_kernel *k, const uint8_t *p, unsigned width);
void skl__put_word(const skl_kernel *k, uint8_t *p, unsigned width, uint64_t v);

/* The caller of the allocator call under way, as the kernel's _RET_IP_
 * names it: the log's current location (the scenario's file:line, its file
 * without directories), numbered from 1 in order of first use; 0 when the
 * machine has no log, the location is unset, or SKL__CALLERS_MAX are
 * numbered already (or out of memory). */
#define SKL__CALLERS_MAX 4096u
unsigned skl__kernel_caller(skl_kernel *k);
/* The name of caller id (NULL for 0 or an unknown id). */
const char *skl__kernel_caller_name(const skl_kernel *k, unsigned id);

/* ---- fast paths for the allocators' hot loops --------------------------
 *
 * The same answers as skl__page_of() and skl__bytes(), without a division
 * (shift = log2 of the page size, 0 when it is not a power of two: then
 * they call the checked functions), and without the lazy zeroing when the
 * frame is already initialised (slab pages always are). */

/* log2 of a page size, 0 when it is not a power of two */
static inline unsigned skl__page_shift(unsigned page_size)
{
	unsigned s = 0;
	if (!page_size || (page_size & (page_size - 1)))
		return 0;
	while ((1u << s) < page_size)
		s++;
	return s;
}

static inline skl__page *skl__page_fast(skl_kernel *k, unsigned shift, skl_addr a)
{
	uint64_t f;
	if (!shift)
		return skl__page_of(k, a);
	if (a < k->va_base || (f = (a - k->va_base) >> shift) >= k->npages)
		return NULL;
	return &k->pages[f];
}

/* The host bytes of [a, a + len) when they lie in one page frame that is
 * initialised already (slab pages always are), else NULL: then the caller
 * goes the checked way (skl__bytes). len >= 1; shift != 0. */
static inline uint8_t *skl__bytes_quick(const skl_kernel *k, unsigned shift, skl_addr a, unsigned len)
{
	uint64_t off = a - k->va_base, f = off >> shift;
	if (a < k->va_base || f >= k->npages || !k->pages[f].init || ((off + len - 1) >> shift) != f)
		return NULL;
	return k->arena + off;
}

static inline uint8_t *skl__bytes_fast(skl_kernel *k, unsigned shift, skl_addr a, size_t len)
{
	uint8_t *b = shift && len && len <= UINT32_MAX ? skl__bytes_quick(k, shift, a, (unsigned)len) : NULL;
	return b ? b : skl__bytes(k, a, len);
}

/* Words of 4 or 8 bytes in either byte order (the compiler makes these one
 * load or store); other widths go through skl__get_word/skl__put_word. */
static inline uint64_t skl__ld_word(const skl_kernel *k, const uint8_t *p, unsigned width, int big_endian)
{
	if (width == 8 && !big_endian)
		return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
		       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
	if (width == 4 && !big_endian)
		return (uint64_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
	return skl__get_word(k, p, width);
}

static inline void skl__st_word(const skl_kernel *k, uint8_t *p, unsigned width, int big_endian, uint64_t v)
{
	if (width == 8 && !big_endian) {
		p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
		p[4] = (uint8_t)(v >> 32), p[5] = (uint8_t)(v >> 40), p[6] = (uint8_t)(v >> 48),
		p[7] = (uint8_t)(v >> 56);
	} else if (width == 4 && !big_endian) {
		p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
	} else {
		skl__put_word(k, p, width, v);
	}
}

/* ---- KASAN hooks (kernel_kasan.c), called by SLUB when k->kasan ------- */

/* models kasan_poison_slab(): a new slab's bytes all red zone */
void skl__kasan_new_slab(skl_kernel *k, skl_addr base, size_t bytes);
/* models __kasan_slab_alloc()/__kasan_kmalloc(): requested bytes of the
 * object_size-byte object at obj accessible, the rest red zone */
void skl__kasan_alloc(skl_kernel *k, skl_addr obj, unsigned object_size, unsigned requested);
/* models __kasan_slab_free(): a pointer that is no object's start
 * (valid 0) or an object already freed is reported (invalid-free,
 * double-free) and not freed: -1 with err set. Else the object is
 * poisoned; 1 when kasan_quarantine_put() took it (the allocator must
 * leave it alone: KASAN hands it back through ops->free when the
 * quarantine is reduced), 0 when the allocator frees it now (an RCU cache,
 * no free meta, or the quarantine handing it back). */
int skl__kasan_slab_free(skl_kernel *k, skl_addr obj, int valid, unsigned object_size, int rcu, int has_free_meta,
			 skl_error *err);
/* models __kasan_kmalloc_large() (mm/kasan/common.c, 6.x): the quarantine
 * is reduced, then poison_kmalloc_large_redzone(): the n bytes asked for
 * at a accessible (kasan_unpoison_pages() opened the whole block), the
 * rest of the block's bytes KASAN_PAGE_REDZONE from the next granule on */
void skl__kasan_kmalloc_large(skl_kernel *k, skl_addr a, uint64_t n, uint64_t bytes);
/* models __kasan_kfree_large() -> check_page_allocation(): p not the
 * block's first byte (page_address(virt_to_head_page(p))) is an
 * invalid-free, reported: -1 with err set. The kernel does not act on
 * the check's result (free_large_kmalloc() frees the folio anyway, and
 * kasan_poison_pages() makes it KASAN_PAGE_FREE), so neither does the
 * caller. 0 when p is the block's start. */
int skl__kasan_kfree_large(skl_kernel *k, skl_addr p, skl_addr start, skl_error *err);
/* models kasan_quarantine_remove_cache() (kasan_cache_shrink() and
 * kasan_cache_shutdown()): c's quarantined objects go back to its slabs */
void skl__kasan_cache_release(skl_kernel *k, skl_cache *c);
/* marks each object of s's slabs that the quarantine holds
 * SKL_OS_QUARANTINE (kernel.c, once per snapshot); -1 out of memory */
int skl__kasan_snap_mark(const skl_kernel *k, skl_kernel_snap *s);
/* frees the quarantine's records (kernel.c, when the machine goes) */
void skl__kasan_free(skl_kernel *k);

/* ---- the cache model feed (access.c) ----------------------------------- */

/* Is a cache model attached? Callers skip building touches when not. */
#define SKL__TOUCHING(k) ((k)->cachesim != NULL || (k)->cachesim_smp != NULL)
/* Frees the attribution state (kernel.c, when the machine goes). */
void skl__access_free(skl_kernel *k);

/* ---- layout of the simulated machine ------------------------------------ */

/* The direct map: i386 PAGE_OFFSET 0xc0000000, x86_64 0xffff888000000000.
 * The arena's first frame is at 16 MiB (i386, pfn 0x1000 with 4 KiB pages)
 * or 4 GiB (x86_64, pfn 0x100000), so addresses read 0xc1xxxxxx and
 * 0xffff8881xxxxxxxx. i386 RAM is capped at 880 MiB (lowmem ends at 896 MiB). */
#define SKL__I386_PAGE_OFFSET 0xc0000000ull
#define SKL__I386_ARENA_PHYS (16ull << 20)
#define SKL__I386_RAM_MAX (880ull << 20)
#define SKL__X86_64_PAGE_OFFSET 0xffff888000000000ull
#define SKL__X86_64_ARENA_PHYS (4ull << 30)

#endif
