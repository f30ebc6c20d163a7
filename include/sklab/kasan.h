/*
 * kasan.h - a model of generic KASAN (mm/kasan/ in Linux 6.x): one shadow
 * byte per 8-byte granule, what kasan_cache_create() adds to a slab slot,
 * the shadow a new slab, an allocation and a free leave, how a bad access
 * is found and named, and the report the kernel prints for it.
 *
 * Pure functions over the caller's shadow bytes (the kernel model owns the
 * shadow); nothing here allocates, and the report goes to a sink.
 */
#ifndef SKLAB_KASAN_H
#define SKLAB_KASAN_H

#include "sklab/common.h"

#include <stddef.h>
#include <stdint.h>

#define SKL_KASAN_GRANULE 8u /* KASAN_GRANULE_SIZE: bytes per shadow byte */

/* Shadow values (mm/kasan/kasan.h, generic mode). 0 = the whole granule is
 * accessible, 1..7 = only that many leading bytes are. */
enum {
	SKL_KASAN_PAGE_FREE = 0xff,	  /* KASAN_PAGE_FREE */
	SKL_KASAN_PAGE_REDZONE = 0xfe,	  /* KASAN_PAGE_REDZONE: kmalloc_large() */
	SKL_KASAN_SLAB_REDZONE = 0xfc,	  /* KASAN_SLAB_REDZONE */
	SKL_KASAN_SLAB_FREE = 0xfb,	  /* KASAN_SLAB_FREE */
	SKL_KASAN_SLAB_FREE_META = 0xfa,  /* KASAN_SLAB_FREE_META: freed, free track kept */
	SKL_KASAN_GLOBAL_REDZONE = 0xf9,  /* KASAN_GLOBAL_REDZONE */
	SKL_KASAN_VMALLOC_INVALID = 0xf8, /* KASAN_VMALLOC_INVALID */
};

/* ---- the slot: kasan_cache_create() ---------------------------------------- */

#define SKL_KASAN_ALLOC_META 16u /* sizeof(struct kasan_alloc_meta) on x86_64 */
#define SKL_KASAN_FREE_META 16u	 /* sizeof(struct kasan_free_meta) on x86_64 */
#define SKL_KASAN_NO_FREE_META 0xffffffffu

typedef struct skl_kasan_slot {
	unsigned alloc_meta_offset; /* from the object's start; 0 = none */
	unsigned free_meta_offset;  /* from the object's start (0 = in the object); SKL_KASAN_NO_FREE_META */
	unsigned redzone;	    /* optimal_redzone(object_size) */
	unsigned added;		    /* bytes the call added to the slot */
} skl_kasan_slot;

/* models optimal_redzone() (mm/kasan/generic.c): 16 to 2048 bytes by size */
unsigned skl_kasan_optimal_redzone(unsigned object_size);

/*
 * models kasan_cache_create() for generic KASAN (mm/kasan/generic.c),
 * called by calculate_sizes() after the free pointer and the debug tracks:
 * *size (the slot so far) grows by the alloc meta, by the free meta when
 * it cannot live in the object (an RCU or ctor cache, and from 6.13 a
 * kmalloc cache keeping orig_size: all of it; an object under 16 bytes:
 * the part that sticks out, or all of it with slub_debug on), then up to
 * object_size + optimal_redzone(object_size), each step undone when it
 * would pass max_size (KMALLOC_MAX_SIZE). debug matters only under 16
 * bytes; orig_size is slub_debug_orig_size(cache) (SLAB_STORE_USER on a
 * kmalloc cache) on a 6.13 or later kernel, 0 before. The caller also sets
 * SLAB_KASAN and SLAB_NO_MERGE: such caches never merge.
 */
void skl_kasan_cache_create(unsigned object_size, int rcu, int ctor, int debug, int orig_size, unsigned max_size,
			    unsigned *size, skl_kasan_slot *slot);

/* ---- the shadow ------------------------------------------------------------- */

/* Shadow bytes of the granules of [off, off + len) from shadow (the shadow
 * of offset 0), set to value; off is granule-aligned, len rounded up. */
void skl_kasan_poison(uint8_t *shadow, size_t off, size_t len, uint8_t value);
/* The same range made accessible: 0 per whole granule, len % 8 in a last
 * partial one (models kasan_unpoison()). */
void skl_kasan_unpoison(uint8_t *shadow, size_t off, size_t len);

/* models kasan_poison_slab(): a new slab is all slab red zone */
void skl_kasan_new_slab(uint8_t *shadow, size_t bytes);
/* models __kasan_slab_alloc() and __kasan_kmalloc(): the requested bytes
 * accessible, the rest of the object red zone (obj is the object's shadow) */
void skl_kasan_alloc(uint8_t *obj, unsigned object_size, unsigned requested);
/* models poison_slab_object() and kasan_save_free_info(): the object freed
 * (an RCU cache's object stays as it was), its first granule marked as
 * holding the free track when the slot has free meta */
void skl_kasan_free(uint8_t *obj, unsigned object_size, int rcu, int has_free_meta);

/* The shadow byte of the granule holding a simulated address, or -1 where
 * there is no shadow (KASAN would not check there). */
typedef int (*skl_kasan_shadow_fn)(void *ud, uint64_t addr);

/* models check_region_inline() and find_first_bad_addr(): 0 when every byte
 * of [addr, addr + len) is accessible, else 1 with *first_bad the first
 * byte that is not. */
int skl_kasan_check(skl_kasan_shadow_fn shadow, void *ud, uint64_t addr, uint64_t len, uint64_t *first_bad);

/* models get_shadow_bug_type() (generic): "slab-out-of-bounds",
 * "slab-use-after-free", "use-after-free", "global-out-of-bounds",
 * "vmalloc-out-of-bounds", "out-of-bounds" or "wild-memory-access" */
const char *skl_kasan_bug_type(skl_kasan_shadow_fn shadow, void *ud, uint64_t first_bad);

/* ---- addresses without shadow ------------------------------------------------ */

/* x86_64 with 4-level page tables (arch/x86/Kconfig KASAN_SHADOW_OFFSET,
 * Documentation/arch/x86/x86_64/mm.rst): the shadow of the upper half of
 * the address space, at mem / 8 + KASAN_SHADOW_OFFSET. */
#define SKL_KASAN_SHADOW_OFFSET 0xdffffc0000000000ull
#define SKL_KASAN_SHADOW_START 0xffffec0000000000ull
#define SKL_KASAN_SHADOW_END 0xfffffc0000000000ull
/* addr_has_metadata(): addr >= kasan_shadow_to_mem(KASAN_SHADOW_START) */
#define SKL_KASAN_X86_64_METADATA_START 0xffff800000000000ull
/* x86_64's TASK_SIZE_MAX, (1 << 47) - PAGE_SIZE */
#define SKL_KASAN_X86_64_TASK_SIZE 0x7ffffffff000ull

/* models get_wild_bug_type() (report_generic.c): what an access to an
 * address with no shadow is called: "null-ptr-deref" below PAGE_SIZE,
 * "user-memory-access" below TASK_SIZE, else "wild-memory-access" */
const char *skl_kasan_wild_bug_type(uint64_t addr, uint64_t page_size, uint64_t task_size);

/* models kasan_non_canonical_hook() (report.c), which the x86_64 die()
 * path calls on a general protection fault: with inline instrumentation
 * (KASAN_INLINE, Kconfig's default) a plain load or store through a bad
 * pointer reads the shadow at addr / 8 + KASAN_SHADOW_OFFSET itself, a
 * non-canonical address for a user or NULL pointer, and faults there.
 * gp_addr is that faulting address; writes "KASAN: null-ptr-deref in range
 * [0x0000000000000000-0x0000000000000007]" and the like to out, and
 * returns 1, or 0 (nothing written) below KASAN_SHADOW_OFFSET. */
int skl_kasan_non_canonical(uint64_t gp_addr, uint64_t page_size, uint64_t task_size, const skl_sink *out);

/* models kasan_get_alloc_size(): the accessible bytes from the object's
 * start (0 for a freed object) */
unsigned skl_kasan_alloc_size(skl_kasan_shadow_fn shadow, void *ud, uint64_t object, unsigned object_size);

/* ---- the report ---------------------------------------------------------------- */

typedef enum skl_kasan_kind {
	SKL_KASAN_ACCESS,	/* a read or write of poisoned bytes */
	SKL_KASAN_DOUBLE_FREE,	/* kfree() of a freed object */
	SKL_KASAN_INVALID_FREE, /* kfree() of a pointer that is no object's start */
} skl_kasan_kind;

typedef struct skl_kasan_report {
	skl_kasan_kind kind;
	uint64_t addr; /* the access, or the pointer freed */
	uint64_t size; /* bytes accessed */
	int write;
	const char *ip;	  /* where: "kmalloc_oob_right" (printed as %pS) */
	const char *comm; /* the task: "insmod" */
	int pid;
	unsigned cpu;
	const char *release; /* "6.18.0" */
	const char *hardware;
	const char *const *trace; /* the call trace's frames below kasan_report(), innermost first */
	int ntrace;
	/* the slab object the address belongs to (have_object 0: none) */
	int have_object;
	uint64_t object;
	const char *cache;
	unsigned object_size;	 /* the cache's object_size */
	int alloc_pid, free_pid; /* 0 = no such track */
	const char *const *alloc_stack, *const *free_stack;
	int nalloc, nfree;
	uint64_t pfn; /* the page's frame number */
	int ptr_hex;  /* hex digits of %px: 16 on 64-bit, 8 on 32-bit */
	/* dump_page() of that page (mm/debug.c __dump_folio()): the folio's
	 * refcount and index (a slab's: its freelist word), its order (> 0:
	 * the "head: order:" line), its flags as %pGp prints them (NULL: node 0,
	 * zone 2 and nothing else), its page_type's top byte (0xf5 slab, 0
	 * none), and the struct page as nraw words for the "raw:" lines (0: no
	 * raw lines) */
	unsigned page_refcount;
	uint64_t page_index;
	unsigned folio_order;
	const char *page_flags;
	unsigned page_type;
	uint64_t raw[8];
	int nraw;
	/* the access's address has no shadow (addr_has_metadata() false):
	 * get_wild_bug_type() names it with page_size and task_size, and the
	 * report is the access and the stack alone */
	int wild;
	uint64_t page_size, task_size;
	skl_kasan_shadow_fn shadow;
	void *ud;
} skl_kasan_report;

/* The bug the report names ("slab-out-of-bounds", "double-free", ...). */
const char *skl_kasan_report_bug(const skl_kasan_report *r);

/*
 * Writes the report the way mm/kasan/report.c prints it: the rule of '='s,
 * "BUG: KASAN: <bug> in <ip>", the access and task, dump_stack's header and
 * call trace, the alloc and free tracks, where the address lies in its
 * object ("N bytes to the right of allocated M-byte region [a, b)"), the
 * page, and the shadow rows around the first bad byte with '>' and '^'.
 * Function offsets (+0x1f/0x30) are left out: the model has no code.
 */
void skl_kasan_report_write(const skl_kasan_report *r, const skl_sink *out);

#endif
