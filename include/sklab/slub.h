/*
 * slub.h - SLUB's cache geometry as Linux computes it, for a cache on no
 * machine at all: the pure functions of mm/slub.c and mm/slab_common.c
 * (alignment, calculate_sizes(), calculate_order() in its v6.7+ and
 * pre-6.7 forms, merging rules, the sysfs unique id, kmalloc buckets,
 * /proc/slabinfo 2.1 lines) and the explanations `sklab slabinfo` prints
 * beside them, in two eras: 6.x and 2.6.31 (skl_slub_era). The allocator
 * itself is reached through kernel.h.
 *
 * Every function here is deterministic and allocates nothing.
 */
#ifndef SKLAB_SLUB_H
#define SKLAB_SLUB_H

#include "sklab/kasan.h"
#include "sklab/kernel.h"

#include <stddef.h>
#include <stdint.h>

/* ---- platform and boot parameters -------------------------------------- */

/* Whose SLUB: the one switch between the eras' layout rules, set from the
 * profile's kernel version by skl_slub_params_init(). */
typedef enum skl_slub_era {
	/* Linux 6.x (the rules of 6.18): the free pointer in the middle of the
	 * object, a left red zone, kmalloc caches aligned to their size,
	 * min_partial = ilog2(size) / 2, per-CPU partial lists */
	SKL_SLUB_ERA_6X = 0,
	/* Linux 2.6.31 (and any kernel before 3.0 here): the free pointer at
	 * word 0 unless RCU, poison or a constructor move it after the object,
	 * no left red zone, kmalloc caches aligned to ARCH_KMALLOC_MINALIGN,
	 * min_partial = ilog2(size), no per-CPU partial lists, 24-byte tracks */
	SKL_SLUB_ERA_2_6_31
} skl_slub_era;

typedef struct skl_slub_params {
	skl_slub_era era;	    /* whose calculate_sizes() and kmem_cache_open() */
	unsigned page_size;	    /* PAGE_SIZE */
	unsigned word;		    /* sizeof(void *) */
	unsigned cache_line;	    /* cache_line_size() */
	unsigned minalign;	    /* arch_slab_minalign(): __alignof__(unsigned long long) */
	unsigned kmalloc_minalign;  /* ARCH_KMALLOC_MINALIGN */
	unsigned track_size;	    /* sizeof(struct track): 32 on x86_64 with STACKDEPOT, 24 in 2.6.31 */
	unsigned max_objs_per_page; /* MAX_OBJS_PER_PAGE: 32767 (6.x), 65535 (2.6.31, a u16) */
	unsigned cpus;		    /* num_present_cpus() (nr_cpu_ids when that is <= 1) */
	unsigned min_objects;	    /* slab_min_objects=, 0 = from the CPU count */
	unsigned min_order;	    /* slab_min_order= (0) */
	unsigned max_order;	    /* slab_max_order= (PAGE_ALLOC_COSTLY_ORDER = 3) */
	unsigned max_page_order;    /* MAX_PAGE_ORDER (10) */
	int pre67;		    /* use calculate_order() as it was before v6.7 */
	int big_endian;
	int kmem_cache_node_size; /* sizeof(struct kmem_cache_node); 0 on 2.6.31 (s->local_node) */
	int kmem_cache_size;	  /* offsetof(struct kmem_cache, node) + nr_node_ids * word;
				   * 2.6.31: kmem_size, kmalloc()ed by kmem_cache_create() */
	int kasan;		  /* CONFIG_KASAN_GENERIC: kasan_cache_create() grows every slot */
	int kasan_orig_size;	  /* 6.13+: its free meta leaves slub_debug_orig_size() objects alone */
	int sheaves;		  /* 6.18+: kmem_cache_args.sheaf_capacity exists */
} skl_slub_params;

/* The parameters of a kernel profile ("6.18" on x86_64: 4096, 8, 64, ...).
 * cpus 0 = the profile's. Kernels before 6.7 get pre67 set, kernels
 * before 3.0 the 2.6.31 era. */
void skl_slub_params_init(skl_slub_params *p, const skl_profile *prof, unsigned cpus);

/* ---- geometry ------------------------------------------------------------ */

/* How calculate_sizes() placed the free pointer (slub.md §4 step 4). */
enum {
	SKL_SLUB_FP_AFTER = 'a',  /* after the object: RCU, poison, ctor, tiny red-zoned */
	SKL_SLUB_FP_FIXED = 'b',  /* RCU with args->freeptr_offset */
	SKL_SLUB_FP_MIDDLE = 'c', /* inside, ALIGN_DOWN(object_size / 2, word) */
	SKL_SLUB_FP_WORD0 = 'd'	  /* 2.6.31: inside, the object's first word */
};

typedef struct skl_slub_geom {
	unsigned flags; /* SKL_SLAB_* after kmem_cache_flags() added the debug flags */
	int ctor;
	int object_poison;	      /* __OBJECT_POISON: the object body is poisoned */
	int orig_size;		      /* slub_debug_orig_size(): STORE_USER on a kmalloc cache */
	unsigned object_size;	      /* s->object_size */
	unsigned align;		      /* s->align (sysfs align) */
	unsigned inuse;		      /* s->inuse: end of object + right red zone */
	unsigned offset;	      /* s->offset: the free pointer */
	int fp_rule;		      /* SKL_SLUB_FP_* */
	int fp_word0_era;	      /* laid out by 2.6.31's rules (word 0 unless moved) */
	unsigned red_left_pad;	      /* s->red_left_pad */
	unsigned size;		      /* s->size (sysfs slab_size, slabinfo objsize) */
	unsigned order, objects;      /* s->oo */
	unsigned min_order, min_objs; /* s->min: the fallback when a high order fails */
	unsigned min_objects;	      /* calculate_order()'s target after capping */
	unsigned min_partial;	      /* set_min_partial(ilog2(size) / 2), 2.6.31 ilog2(size); 5..10 */
	unsigned cpu_partial;	      /* slub_set_cpu_partial(): 6, 24, 52 or 120 (objects); 0 in 2.6.31 */
	unsigned cpu_partial_slabs;   /* slub_set_cpu_partial(): the slabs that many objects make */
	unsigned sheaf_capacity;      /* 6.18 do_kmem_cache_create(): args->sheaf_capacity, 0 with debug flags */
	skl_kasan_slot kasan;	      /* with params.kasan: what kasan_cache_create() added */
} skl_slub_geom;

/* models calculate_alignment() (mm/slab_common.c) */
unsigned skl_slub_calculate_alignment(const skl_slub_params *p, unsigned flags, unsigned align, unsigned size);
/* models create_boot_cache() for a kmalloc cache: the largest power of two
 * dividing size, at least ARCH_KMALLOC_MINALIGN, through calculate_alignment() */
unsigned skl_slub_kmalloc_align(const skl_slub_params *p, unsigned flags, unsigned size);
/* models order_objects(): (PAGE_SIZE << order) / size */
unsigned skl_slub_order_objects(const skl_slub_params *p, unsigned order, unsigned size);
/* models get_order(): the smallest k with PAGE_SIZE << k >= n (n >= 1) */
unsigned skl_slub_get_order(const skl_slub_params *p, uint64_t n);
/* 4 * (fls(cpus) + 1) */
unsigned skl_slub_min_objects(unsigned cpus);
/* models calculate_order(): v6.7+ and the v4.x-v6.6 algorithm. The order,
 * or -1 (the kernel's -ENOSYS). *min_objects gets the target used. */
int skl_slub_calculate_order(const skl_slub_params *p, unsigned size, unsigned *min_objects);
int skl_slub_calculate_order_pre67(const skl_slub_params *p, unsigned size, unsigned *min_objects);

/* Debug flags a geometry call asks for: 0 none; 1 = slab_debug with no
 * letters (F, Z, P and U); otherwise a mask of SKL_SLAB_CONSISTENCY,
 * SKL_SLAB_RED_ZONE, SKL_SLAB_POISON and SKL_SLAB_STORE_USER. */
unsigned skl_slub_debug_flags(int debug);
/* "FZPU"-style letters (case-insensitive, ',' and ' ' ignored) to flags.
 * -1 for an unknown letter (its position in *bad when bad is non-NULL). */
int skl_slub_parse_debug(const char *letters, unsigned *flags, int *bad);

/*
 * What kmem_cache_create() computes for a new cache: the alignment
 * (calculate_alignment(), or create_boot_cache()'s rule when flags has
 * SKL_SLAB_KMALLOC), the debug flags added (debug_flags: SKL_SLAB_* debug
 * bits), create_cache()'s freeptr_offset checks, then calculate_sizes() and
 * calculate_order(). 0, or -1 with err set the way the kernel would refuse.
 */
int skl_slub_geometry(const skl_slub_params *p, unsigned object_size, const skl_cache_opts *o, unsigned debug_flags,
		      skl_slub_geom *g, skl_error *err);

/* The offset of the alloc track from the object start (get_info_end()),
 * and of orig_size. */
unsigned skl_slub_info_end(const skl_slub_params *p, const skl_slub_geom *g);

/* ---- merging -------------------------------------------------------------- */

/* Why a cache with these flags (after debug flags) cannot be merged, or NULL
 * when it can (slab_unmergeable() / find_mergeable()'s early returns). */
const char *skl_slub_merge_blocker(unsigned flags, int ctor);
/* The flags that must match between merged caches (SLAB_MERGE_SAME). */
unsigned skl_slub_merge_same(unsigned flags);
/* find_mergeable()'s test of one existing cache (size = s->size): 1 when a
 * new cache of object_size / align / flags fits into it. */
int skl_slub_merge_fits(const skl_slub_params *p, unsigned object_size, unsigned align, unsigned flags, unsigned s_size,
			unsigned s_flags);
/* The sysfs directory name of a mergeable cache: ":A-0000192" (6.x),
 * ":t-0000192" (2.6.31). p NULL: 6.x. */
void skl_slub_unique_id(const skl_slub_params *p, char *buf, size_t n, unsigned flags, unsigned size);

/* ---- kmalloc -------------------------------------------------------------- */

/* The kmalloc bucket size for n bytes (8 .. 8192, with 96 and 192), 0 when
 * n is 0 or above KMALLOC_MAX_CACHE_SIZE (two pages). */
unsigned skl_slub_kmalloc_bucket(const skl_slub_params *p, size_t n);

/* ---- text ------------------------------------------------------------------ */

/* The two header lines of /proc/slabinfo version 2.1, each ending in '\n'. */
void skl_slub_slabinfo_header(const skl_sink *out);
/* One /proc/slabinfo 2.1 row, without the newline. */
void skl_slub_slabinfo_row(char *buf, size_t n, const char *name, unsigned long active_objs, unsigned long num_objs,
			   unsigned objsize, unsigned objperslab, unsigned pagesperslab, unsigned long active_slabs,
			   unsigned long num_slabs);

/* ---- explanations (slub_explain.c) ----------------------------------------------- */

/* Why calculate_order() picked g's order, in one line ("8 objects need
 * order 1; waste 64 of 8192 bytes <= 1/16"). */
void skl_slub_order_reason(const skl_slub_params *p, const skl_slub_geom *g, char *buf, size_t n);
/* Where calculate_sizes() put the free pointer, and why ("inside, in the
 * middle of the object", "after the object: SLAB_TYPESAFE_BY_RCU"). */
const char *skl_slub_freeptr_reason(const skl_slub_geom *g);
/* Why the model's geometry g differs from a live cache's sysfs slab_size
 * and order (both known to differ in one of them): a constructor or RCU
 * free pointer the model was not told of, a free pointer kept inside, or
 * the min_objects (or order limits) the kernel must have used. */
void skl_slub_explain_mismatch(const skl_slub_params *p, const skl_slub_geom *g, long slab_size, long order, char *buf,
			       size_t n);

#endif
