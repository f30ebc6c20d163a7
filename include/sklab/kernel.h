/*
 * kernel.h - the simulated machine of a kernel profile: its RAM as pages in
 * one host arena (real bytes, simulated kernel addresses), the slab
 * allocator of its era (Linux 2.4 SLAB or modern SLUB) with caches, kmalloc
 * size classes, the statistics /proc/slabinfo shows, and the kernel's own
 * debugging checks (red zones, poison, double free) reported as events.
 *
 * Addresses handed out are simulated (skl_addr): 0xc....... on i386 and
 * 0xffff888......... on x86_64, derived from the page frame and offset, so
 * they are the same on every run. skl_kernel_bytes() gives the host bytes
 * behind them. Running out of simulated RAM makes allocation return 0 (the
 * kernel's NULL); nothing here aborts. Every allocator operation appends an
 * event to the log given at creation (when there is one).
 */
#ifndef SKLAB_KERNEL_H
#define SKLAB_KERNEL_H

#include "sklab/cachesim.h"
#include "sklab/cachesim_smp.h"
#include "sklab/cachesim_snap.h"
#include "sklab/events.h"

typedef uint64_t skl_addr; /* a simulated kernel virtual address; 0 = NULL */

typedef struct skl_kernel skl_kernel;
typedef struct skl_cache skl_cache;

/* ---- the machine ------------------------------------------------------- */

typedef struct skl_kernel_opts {
	const skl_profile *profile; /* required: abi, page size, line size, CPUs, RAM, allocator */
	unsigned cpus;		    /* 0 = the profile's */
	uint64_t ram_bytes;	    /* 0 = the profile's; capped at SKL_KERNEL_RAM_MAX */
	int smp;		    /* 2.4 SLAB: -1 = SMP when cpus > 1, 0 = UP, 1 = SMP */
	int debug_slab;		    /* 2.4: CONFIG_DEBUG_SLAB (STATS, forced red zone, poison) */
	const char *slub_debug;	    /* SLUB: slab_debug letters "FZPU", NULL or "" = none */
	int kasan;		    /* SLUB: CONFIG_KASAN_GENERIC (shadow, red zones, reports) */
	unsigned break_gfp_order;   /* 2.4: 0 = from RAM (2 above 32 MiB, else 1) */
	skl_events *log;	    /* allocator events go here; NULL = none */
	struct skl_budget *budget;  /* charged for each frame as it is first used and for
				     * the page tables; a refusal is an allocation failure
				     * (NULL, as out of pages); NULL = no accounting */
	int host_hugepages;	    /* back the arena with the host's transparent huge pages
				     * where it allows them (madvise): host timings then see
				     * fewer TLB misses and the same cache colouring from run
				     * to run; the model does not change */
} skl_kernel_opts;

#define SKL_KERNEL_RAM_MAX ((uint64_t)4 << 30)

skl_kernel *skl_kernel_new(const skl_kernel_opts *o, skl_error *err);
void skl_kernel_free(skl_kernel *k);
const skl_profile *skl_kernel_profile(const skl_kernel *k);
int skl_kernel_is_slub(const skl_kernel *k);

/* ---- KASAN (generic; SLUB machines built with kasan) --------------------- */

int skl_kernel_kasan(const skl_kernel *k);
/* models the check KASAN compiles in before every access: 0 when the bytes
 * [a, a + len) may be touched (or KASAN is off); -1 after a report (an
 * SKL_EV_BUG event; its text via skl_kernel_kasan_last(); err's message
 * the report's BUG line). ip names the code making the access, printed as
 * the kernel prints %pS. An address below the shadow's reach (x86_64: under
 * 0xffff800000000000, NULL and user pointers) is reported at once, named by
 * get_wild_bug_type(). The access itself is the caller's to make. */
int skl_kernel_kasan_check(skl_kernel *k, skl_addr a, uint64_t len, int write, const char *ip, skl_error *err);
/* The text of the latest KASAN report, NULL before the first. */
const char *skl_kernel_kasan_last(const skl_kernel *k);
/* The latest report any check of the machine printed (a SLUB debug report,
 * a 2.4 kernel BUG, KASAN's), as the kernel prints it; NULL before the
 * first. Each is also the text of a SKL_EV_BUG event. */
const char *skl_kernel_last_report(const skl_kernel *k);
/* The shadow byte of the granule holding a (KASAN_PAGE_FREE where no
 * slab lies), -1 without KASAN or outside RAM. */
int skl_kernel_kasan_shadow(const skl_kernel *k, skl_addr a);

/* KASAN's quarantine (mm/kasan/quarantine.c): a freed object stays
 * poisoned and out of its slab's freelist in the freeing CPU's queue; a
 * queue past percpu_size moves to the global batches, and an allocation
 * hands the oldest batch back to the slabs while the batches hold more
 * than max_size (RAM / 32 less percpu_size per CPU). */
typedef struct skl_kasan_quarantine {
	uint64_t objects, bytes; /* held now; bytes count each object's slot (cache->size) */
	uint64_t cpu_bytes;	 /* the current CPU's queue */
	uint64_t percpu_bytes;	 /* all CPUs' queues */
	uint64_t global_bytes;	 /* quarantine_size: the global batches */
	uint64_t max_size;	 /* quarantine_max_size */
	uint64_t batch_size;	 /* quarantine_batch_size */
	uint64_t percpu_size;	 /* QUARANTINE_PERCPU_SIZE: 1 MiB */
	unsigned batches;	 /* QUARANTINE_BATCHES */
	unsigned batches_used;	 /* batches holding objects */
	uint64_t put, released;	 /* objects put in, and handed back to their slabs, so far */
} skl_kasan_quarantine;
/* Fills out; -1 without KASAN. */
int skl_kernel_kasan_quarantine(const skl_kernel *k, skl_kasan_quarantine *out);

/* The CPU that performs the operations that follow (per-CPU arrays on 2.4
 * SMP, per-CPU slabs on SLUB); CPU 0 at boot. -1 when cpu >= the CPU count. */
int skl_kernel_set_cpu(skl_kernel *k, unsigned cpu);
unsigned skl_kernel_cpu(const skl_kernel *k);
/* The machine's CPU count (1 or more). */
unsigned skl_kernel_ncpus(const skl_kernel *k);

/* Page allocator: 2^order contiguous pages, 0 when out of RAM. */
skl_addr skl_pages_alloc(skl_kernel *k, unsigned order);
void skl_pages_free(skl_kernel *k, skl_addr a, unsigned order);
uint64_t skl_kernel_ram_total(const skl_kernel *k);
uint64_t skl_kernel_ram_used(const skl_kernel *k);

/* Host bytes behind [a, a + len), NULL when any of it is outside RAM. */
void *skl_kernel_bytes(skl_kernel *k, skl_addr a, size_t len);

/* ---- caches ------------------------------------------------------------ */

enum {
	SKL_SLAB_HWCACHE_ALIGN = 1u << 0,
	SKL_SLAB_RED_ZONE = 1u << 1,
	SKL_SLAB_POISON = 1u << 2,
	SKL_SLAB_NO_REAP = 1u << 3, /* 2.4 */
	SKL_SLAB_CACHE_DMA = 1u << 4,
	SKL_SLAB_TYPESAFE_BY_RCU = 1u << 5, /* SLUB; 2.4 called it nothing */
	SKL_SLAB_STORE_USER = 1u << 6,	    /* SLUB debug U */
	SKL_SLAB_CONSISTENCY = 1u << 7,	    /* SLUB debug F */
	SKL_SLAB_ACCOUNT = 1u << 8,
	SKL_SLAB_RECLAIM_ACCOUNT = 1u << 9,
	SKL_SLAB_KMALLOC = 1u << 10,
	SKL_SLAB_NO_MERGE = 1u << 11,
	SKL_SLAB_MUST_HWCACHE_ALIGN = 1u << 12 /* 2.4 */
};

typedef struct skl_cache_opts {
	unsigned flags;
	unsigned align;		/* requested alignment; 0 = none */
	size_t offset;		/* 2.4 kmem_cache_create's offset (colour unit); 0 */
	int ctor;		/* the cache has a constructor */
	int use_freeptr_offset; /* SLUB, RCU caches only */
	unsigned freeptr_offset;
	unsigned sheaf_capacity; /* SLUB 6.18: kmem_cache_args.sheaf_capacity, 0 = no sheaves */
	const skl_layout *type;	 /* layout of the objects, for views; copied */
} skl_cache_opts;

/* NULL with err set for what kmem_cache_create would refuse (bad size,
 * name too long, duplicate name) or, for SLUB, returns the existing cache
 * the new one merged into (skl_cache_info.alias_of says so). */
skl_cache *skl_cache_create(skl_kernel *k, const char *name, size_t size, const skl_cache_opts *o, skl_error *err);
/* Fails (with a kernel-style message) while objects are still allocated. */
int skl_cache_destroy(skl_cache *c, skl_error *err);

/* The address of a new object, 0 when memory ran out (err says so). */
skl_addr skl_cache_alloc(skl_cache *c, int zero, skl_error *err);
/* 0, or -1 when the kernel would have reported a bug (double free, wrong
 * cache, red zone overwritten...): the report is an event and err holds its
 * first line followed by what sklab found, in parentheses; the allocator's
 * state stays consistent (the free does not happen). */
int skl_cache_free(skl_cache *c, skl_addr obj, skl_error *err);
int skl_cache_shrink(skl_cache *c); /* slabs released */
int skl_kernel_reap(skl_kernel *k); /* 2.4 kmem_cache_reap(); slabs released */
/* 2.4 SMP: what writing "name limit batchcount" to /proc/slabinfo does
 * (kmem_tune_cpucache); -1 with err set (EINVAL, ENOMEM, not SMP). */
int skl_cache_tune(skl_cache *c, int limit, int batchcount, skl_error *err);

/* SLUB's kmalloc(0) returns ZERO_SIZE_PTR: not NULL, but never to be
 * dereferenced; kfree() accepts it (ZERO_OR_NULL_PTR). 2.4 gave kmalloc(0)
 * a size-32 object. */
#define SKL_ZERO_SIZE_PTR ((skl_addr)16)
skl_addr skl_kmalloc(skl_kernel *k, size_t n, skl_error *err);
int skl_kfree(skl_kernel *k, skl_addr p, skl_error *err);
/* The kmalloc cache that serves n bytes (NULL above the largest class). */
skl_cache *skl_kmalloc_cache(skl_kernel *k, size_t n);
/* SLUB serves kmalloc() above the largest class from the page allocator
 * (kmalloc_large): 2^order whole pages, up to KMALLOC_MAX_SIZE. The
 * allocation holding a: its first byte in *start, the bytes asked for in
 * *requested (either may be NULL); returns its length (PAGE_SIZE <<
 * order), 0 when a lies in no such allocation. */
uint64_t skl_kmalloc_large_of(const skl_kernel *k, skl_addr a, skl_addr *start, uint64_t *requested);

/* The cache and object index that hold addr; NULL when none. */
skl_cache *skl_kernel_cache_of(skl_kernel *k, skl_addr addr, int *index, skl_addr *obj_start);

skl_cache *skl_kernel_find_cache(const skl_kernel *k, const char *name);
/* Caches in /proc/slabinfo order. */
int skl_kernel_ncaches(const skl_kernel *k);
skl_cache *skl_kernel_cache_at(const skl_kernel *k, int i);

typedef struct skl_cache_info {
	char name[32];
	char alias_of[32];  /* SLUB: the cache this one merged into, "" */
	size_t object_size; /* requested */
	size_t size;	    /* 2.4 objsize / SLUB slab_size (s->size) */
	unsigned align;
	unsigned flags;
	unsigned order, pages_per_slab, objs_per_slab;
	/* 2.4 SLAB */
	int offslab;
	size_t mgmt_size; /* slab_t + bufctl array, L1-aligned */
	size_t left_over;
	unsigned colour, colour_off, colour_next;
	unsigned limit, batchcount; /* SMP per-CPU arrays (the current CPU's limit) */
	/* free objects the current CPU holds for itself: 2.4 SMP its array's
	 * avail, SLUB its CPU freelist (objects a remote free put on its CPU
	 * slab's own freelist are not there until the slab is refilled) */
	unsigned long cpu_avail;
	/* SLUB */
	size_t inuse, freeptr_offset, red_left_pad;
	unsigned min_objects;
	/* SLUB with KASAN: kasan_cache_create() grew the slot by kasan_red
	 * bytes, KASAN's red zone, with its alloc metadata at kasan_alloc_meta
	 * (0: none) and its free metadata at kasan_free_meta from the object's
	 * start (0: in the freed object; SIZE_MAX: none) */
	int kasan;
	size_t kasan_red, kasan_alloc_meta, kasan_free_meta;
	/* counters as /proc/slabinfo shows them: active_objs counts the free
	 * objects of the CPU slabs (SLUB) and of the per-CPU arrays (2.4 SMP)
	 * as active, as the kernel does */
	unsigned long active_objs, num_objs, active_slabs, num_slabs;
	/* objects handed out and not freed: what the slab view draws as
	 * allocated (active_objs less the objects the CPUs hold free) */
	unsigned long in_use;
	unsigned long high, allocs, grown, reaped, errors;
	unsigned long allochit, allocmiss, freehit, freemiss;
	/* SLUB per-CPU partial lists (6.x): sysfs cpu_partial (objects) and the
	 * slab limit it gives, the slabs on the CPUs' partial lists now, and
	 * the free objects on them (which active_objs counts as active) */
	unsigned cpu_partial, cpu_partial_slabs;
	unsigned long slabs_cpu_partial, cpu_partial_free;
	/* SLUB 6.18 sheaves: sysfs sheaf_capacity (0: none), the objects held
	 * in the CPUs' sheaves (allocated to their slabs, free to a caller,
	 * counted active by slabinfo) and the barn's full and empty sheaves */
	unsigned sheaf_capacity;
	unsigned long sheaf_objects, barn_full, barn_empty;
} skl_cache_info;

void skl_cache_get_info(const skl_cache *c, skl_cache_info *out);
skl_kernel *skl_cache_kernel(const skl_cache *c);
const skl_layout *skl_cache_type(const skl_cache *c);

/* Geometry alone, without a machine: what kmem_cache_create would compute
 * for this profile (cpus 0 = the profile's). Counters come back zero. */
int skl_cache_geometry(const skl_profile *p, unsigned cpus, int debug, const char *name, size_t size,
		       const skl_cache_opts *o, skl_cache_info *out, skl_error *err);

/* /proc/slabinfo: version 1.1 (2.4; STATS columns with debug_slab, SMP
 * columns with SMP) or 2.1 (SLUB). */
void skl_slabinfo_write(const skl_kernel *k, const skl_sink *out);

/* ---- what views draw: a snapshot of every cache ------------------------ */

typedef enum skl_objstate {
	SKL_OS_FREE,  /* on a freelist / bufctl chain */
	SKL_OS_ALLOC, /* handed out */
	SKL_OS_CPU,   /* free but parked in a per-CPU array or CPU freelist */
	/* freed, but held poisoned in KASAN's quarantine (mm/kasan/quarantine.c):
	 * off its slab's freelist, so the slab counts it in inuse as the
	 * kernel's does, and no allocation can reuse it yet */
	SKL_OS_QUARANTINE
} skl_objstate;

typedef struct skl_slab_snap {
	skl_addr base; /* first page */
	unsigned pages;
	unsigned colour_bytes;	       /* 2.4 colour offset of this slab */
	size_t mgmt_offset, mgmt_size; /* on-slab management area, 0 size when off-slab/SLUB */
	skl_addr s_mem;		       /* first object */
	unsigned nobjs, inuse;	       /* inuse: objects handed out (not those a CPU holds free) */
	int list;		       /* 0 full, 1 partial, 2 free, 3 per-CPU (SLUB), 4 a CPU's partial list (SLUB) */
	uint8_t *state;		       /* nobjs skl_objstate values */
	uint8_t *bad;		       /* nobjs flags: 1 = red zone or poison damaged */
	/* SLUB merging: which name each allocated object came through. NULL
	 * when every object of the slab came through the cache's own name;
	 * else nobjs values: 0 = the own name (and every free object), n =
	 * the cache's via_names[n - 1], SKL_VIA_UNLISTED = an alias past the
	 * names listed. It lies in state's allocation (via = state + nobjs)
	 * and goes with it. */
	uint8_t *via;
} skl_slab_snap;

#define SKL_SNAP_VIA_NAMES 8
#define SKL_VIA_UNLISTED 255

typedef struct skl_cache_snap {
	skl_cache_info info;
	skl_layout *type; /* owned copy, or NULL */
	skl_slab_snap *slabs;
	int nslabs;
	char slabinfo[256]; /* the cache's /proc/slabinfo line */
	/* SLUB merging: the names merged into this cache. naliases live
	 * aliases (in creation order) come first in via_names, then the names
	 * of aliases destroyed while objects allocated through them live;
	 * nvia_names of them are listed (at most SKL_SNAP_VIA_NAMES; aliases
	 * past those count in naliases, their objects' via is
	 * SKL_VIA_UNLISTED). */
	int naliases;
	int nvia_names;
	char via_names[SKL_SNAP_VIA_NAMES][32];
	/* Not a cache: SLUB's kmalloc_large blocks of one order
	 * ("kmalloc_large-16k"), each a "slab" of one allocated object as big
	 * as the block; the snapshot lists them after the caches. */
	int kmalloc_large;
} skl_cache_snap;

typedef struct skl_kernel_snap {
	char profile[64];
	skl_allocator allocator;
	unsigned page_size;
	uint64_t ram_total, ram_used;
	skl_cache_snap *caches;
	int ncaches;
	/* What is in objects (objview.h), filled by the caller when asked:
	 * the pointers between live typed objects, which the slab view draws
	 * as arrows (owned, NULL = none), and one object's bytes and members,
	 * which the bytes view draws instead of the slab view (owned, NULL =
	 * the slab view). Freed with the snapshot. */
	struct skl_ptr_link *links;
	int nlinks;
	struct skl_obj_snap *obj;
	uint64_t obj_first; /* the bytes view's first byte shown */
	/* The bytes and members of live typed objects, kept so the window can
	 * open any of them in the bytes view (owned, in address order within
	 * each cache; objs_more counts the live typed objects not kept). */
	struct skl_obj_snap **objs;
	int nobjs, objs_more;
} skl_kernel_snap;

/* A deep copy of every cache's state (for the event log and views). */
skl_kernel_snap *skl_kernel_snapshot(const skl_kernel *k);
void skl_kernel_snap_free(skl_kernel_snap *s);

/* ---- the cache model: every simulated memory touch ---------------------
 *
 * A cache model (cache.h) attached to a machine sees every byte the
 * simulated kernel reads or writes: object members (the scenario's
 * reads and writes), zeroing and copies, the sk_buff fields and headers an
 * skb operation touches, and the allocators' own metadata (2.4 slab_t,
 * bufctl and per-CPU arrays, SLUB's free pointer). A touch of len bytes is
 * split at the model's smallest line size: one access per line touched,
 * of the bytes of that line it covers (a memset of 800 bytes on 32-byte
 * lines is 25 or 26 accesses), so no access straddles a line.
 *
 * Each line access is attributed to an owner and a member: the owner is
 * the type of the object the touch's first byte lies in (the cache's
 * layout, "tcp_sock"), else that cache's name ("size-2048"), or what the
 * caller names ("slab_t", "bufctl", "freeptr", "sk_buff"); the member is
 * the one the caller names, else the deepest member of the owner's layout
 * holding the line access's first byte (in a union the first member in
 * layout order; "" past the layout). Counts go to a (owner, member) row and
 * to a (owner, line N) row, N counting the hardware lines the object spans
 * from its first. Tables are bounded (SKL_ATTR_MAX rows each; later keys
 * share one row, owner "(other)").
 *
 * With a log, each touch (or each group of touches, e.g. one allocation's
 * metadata) appends one SKL_EV_ACCESS event. With no model attached a touch
 * returns at once: no events, no cost.
 */

#define SKL_ATTR_MAX 4096

/* Attaches h (borrowed: it must outlive the attachment; NULL detaches).
 * desc names the machine and gives the level and memory latencies the
 * hierarchy does not expose (copied; NULL = "custom", latencies 0).
 * Attribution starts empty (and detaching drops it). -1 when out of
 * memory (nothing attached). */
int skl_kernel_set_cachesim(skl_kernel *k, skl_cachesim *h, const skl_cachesim_preset *desc);
skl_cachesim *skl_kernel_cachesim(const skl_kernel *k);

/*
 * Attaches a coherent model of N CPUs instead (borrowed, as above; NULL
 * detaches): each touch is an access by the machine's current CPU
 * (skl_kernel_set_cpu), the attribution rows count coherence misses, HITMs
 * and each CPU's reads and writes, the snapshot has every CPU's private
 * lines with their MESI state, and skl_kernel_c2c finds the contended
 * lines. Its CPU count need not be the machine's: a CPU past it runs as
 * the last modelled one. Replaces a plain model (and the reverse).
 */
int skl_kernel_set_cachesim_smp(skl_kernel *k, skl_cachesim_smp *m, const skl_cachesim_preset *desc);
skl_cachesim_smp *skl_kernel_cachesim_smp(const skl_kernel *k);
/* Is a model attached, plain or coherent (touches are fed)? */
int skl_kernel_has_cachesim(const skl_kernel *k);
/* The index of the attached model's level named name, -1 when none. */
int skl_kernel_cachesim_level(const skl_kernel *k, const char *name);

/*
 * perf c2c's view of what was fed: the lines of the machine that more than
 * one CPU touched with a coherence miss or a HITM, ranked HITM first (as
 * perf c2c sorts by HITM), each with its members, which CPU read and wrote
 * them, and whether it is false or true sharing. Empty (no lines) with a
 * plain model. NULL out of memory; free with skl_c2c_free.
 */
skl_c2c *skl_kernel_c2c(const skl_kernel *k);

/* Appends an event to the machine's log (when it has one and is not
 * booting), as the allocators do; a SKL_EV_BUG event's detail becomes the
 * machine's last report. For the modules built on the machine (sk_buff). */
void skl_kernel_event(skl_kernel *k, skl_event_kind kind, const char *cache, skl_addr addr, uint64_t size,
		      const char *detail);

/* Who a touch belongs to; NULL fields are found from the address. */
typedef struct skl_touch_label {
	const char *owner;	/* "slab_t", "sk_buff"; NULL = the object's type or cache */
	const char *member;	/* "inuse", "daddr"; NULL = the member at each line access */
	const skl_layout *type; /* for members: NULL = the owning cache's layout */
	skl_addr base;		/* the object's first byte; 0 = from the address (or a) */
} skl_touch_label;

/* One memory operation of len bytes at a: write 0 = read, 1 = write;
 * src says what did it ("member", "zero", "copy", "skb", "meta"). */
void skl_kernel_touch(skl_kernel *k, skl_addr a, uint64_t len, int write, const char *src);
void skl_kernel_touch_ex(skl_kernel *k, skl_addr a, uint64_t len, int write, const char *src,
			 const skl_touch_label *lab);
/* The same with an explicit owner and member (either NULL: found from the
 * address), base = the owner's first byte. */
void skl_kernel_touch_as(skl_kernel *k, skl_addr a, uint64_t len, int write, const char *src, const char *owner,
			 const char *member, skl_addr base);
/* Groups the touches until the matching end into one operation (one
 * event, text = their label or owners). Nests; NULL label = from the
 * touches. */
void skl_kernel_touch_begin(skl_kernel *k, const char *src, const char *label);
void skl_kernel_touch_end(skl_kernel *k);

/* The attribution rows: by member (lines 0) sorted by owner then offset,
 * or by object line (lines 1) sorted by owner then line; owner NULL = all.
 * *rows is allocated (skl_free); returns the count, -1 out of memory. */
int skl_kernel_cachesim_attr(const skl_kernel *k, int lines, const char *owner, skl_cachesim_attr **rows);
/* Empties the attribution tables (the model's counters stay). */
void skl_kernel_cachesim_attr_reset(skl_kernel *k);

/* What the cache view draws: the attached model's levels and lines, the
 * owner of every valid line, the attribution rows. "recent" marks lines
 * touched since the previous snapshot of this machine. NULL when no model
 * is attached or out of memory. */
skl_cachesim_snap *skl_kernel_cachesim_snapshot(skl_kernel *k);
/* The same for any model: desc as for skl_kernel_set_cachesim; marks
 * (SKL_CACHESIM_MAX_LEVELS entries, zeroed at first, kept by the caller)
 * decide "recent" and are updated; k (optional) gives owners and rows. */
skl_cachesim_snap *skl_cachesim_snapshot(skl_cachesim *h, const skl_cachesim_preset *desc, uint64_t *marks,
					 skl_kernel *k);

/* A heat overlay for layout l from the rows of owner (NULL = l's name
 * without "struct "): one value per field, the sum of the rows of that
 * member and the members inside it. With SKL_HEAT_COHERENCE or
 * SKL_HEAT_HITM and a coherent model, also each field's CPUs and, per line
 * of l, the contention skl_kernel_c2c reports for owner's lines (on a
 * plain model those metrics are 0 and carry no CPUs). NULL when out of
 * memory. */
typedef enum skl_heat_metric {
	SKL_HEAT_MISSES,     /* misses at level (-1 = the first data level, "L1d") */
	SKL_HEAT_ALL_MISSES, /* misses at every level, summed */
	SKL_HEAT_CYCLES,     /* modelled cycles */
	SKL_HEAT_ACCESSES,   /* reads + writes */
	/* a coherent model only (skl_kernel_set_cachesim_smp): the heat also
	 * carries each field's CPUs and each line's contention (skl_heat) */
	SKL_HEAT_COHERENCE, /* coherence misses */
	SKL_HEAT_HITM	    /* lines taken from another CPU's Modified copy */
} skl_heat_metric;
skl_heat *skl_kernel_cachesim_heat(const skl_kernel *k, const skl_layout *l, const char *owner, skl_heat_metric m,
				   int level);

#endif
