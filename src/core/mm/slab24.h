/*
 * slab24.h - the inside of the Linux 2.4.16 SLAB model, shared by its
 * geometry (slab24_geom.c: kmem_cache_estimate() and kmem_cache_create()'s
 * sizing) and the allocator (slab24.c). Not installed.
 */
#ifndef SKLAB_SLAB24_H
#define SKLAB_SLAB24_H

#include "mm_impl.h"

/* ---- constants of mm/slab.c and include/linux/slab.h -------------------- */

#define S24_BUFCTL_END 0xffffffffu
#define S24_SLAB_LIMIT 0xfffffffeu
#define S24_BUFCTL_SIZE 4u
#define S24_NR_CPUS 32
#define S24_REAP_SCANLEN 10
#define S24_REAP_PERFECT 10
#define S24_MAX_OBJ_ORDER 5
#define S24_MAX_GFP_ORDER 5
#define S24_BREAK_GFP_ORDER_HI 2
#define S24_BREAK_GFP_ORDER_LO 1
#define S24_RED_MAGIC1 0x5A2CF071ul /* object free */
#define S24_RED_MAGIC2 0x170FC2A5ul /* object allocated */
#define S24_POISON_BYTE 0x5a
#define S24_POISON_END 0xa5
#define S24_CACHE_NAMELEN 20
#define S24_NSIZES 13

/* kmem_cache_create() flags as the kernel numbers them */
#define K_DEBUG_INITIAL 0x00000200ul
#define K_RED_ZONE 0x00000400ul
#define K_POISON 0x00000800ul
#define K_NO_REAP 0x00001000ul
#define K_HWCACHE_ALIGN 0x00002000ul
#define K_CACHE_DMA 0x00004000ul
#define K_MUST_HWCACHE_ALIGN 0x00008000ul /* 2.4.17 and later */
#define K_NOT_IN_24 0x80000000ul	  /* sklab: a flag 2.4 does not have */
#define CFLGS_OFF_SLAB 0x00010000ul
#define CFLGS_OPTIMIZE 0x00020000ul
#define DFLGS_GROWN 0x1u

/* The lines of 2.4.16's mm/slab.c whose BUG() a check models, so reports
 * read "kernel BUG at slab.c:1423!" as the kernel's did. */
enum {
	L_DESTROY_RZ1 = 565,
	L_DESTROY_RZ2 = 568,
	L_DESTROY_POISON = 580,
	L_CREATE_SANITY = 641,
	L_CREATE_MASK = 672,
	L_CREATE_DUP = 817,
	L_XFREE_RANGE = 1200,
	L_XFREE_ALIGN = 1202,
	L_XFREE_DOUBLE = 1207,
	L_ALLOC_POISON = 1245,
	L_ALLOC_RZ1 = 1250,
	L_ALLOC_RZ2 = 1253,
	L_FREEONE_CHECK = 1402,
	L_FREE_RZ1 = 1423,
	L_FREE_RZ2 = 1427,
	L_CFREE_CHECK = 1564,
	L_CFREE_WRONG = 1566,
	L_KFREE_CHECK = 1589
};

/* cache_cache is static in the kernel image, outside simulated RAM: its
 * list heads get an address there (for the links slab_t's point to). */
#define S24_I386_CACHE_CACHE 0xc0300000ull
#define S24_X86_64_CACHE_CACHE 0xffffffff82600000ull

enum { S24_FULL, S24_PARTIAL, S24_FREE };

/* ---- state ---------------------------------------------------------------- */

/* The machine-independent parameters of a build (profile + config). */
typedef struct s24_params {
	unsigned page, l1, ptr, ulong, bpw;
	unsigned slab_t, off_colouroff, off_s_mem, off_inuse, off_free;
	int debug; /* CONFIG_DEBUG_SLAB: DEBUG = STATS = FORCED_DEBUG = 1 */
	int smp;
	unsigned break_order;
	unsigned long offslab_limit;
	int must_align; /* 2.4.17+: SLAB_MUST_HWCACHE_ALIGN, no forced red zone with it */
} s24_params;

typedef struct s24_geom {
	unsigned long flags;
	size_t objsize, left_over, slab_size;
	unsigned num, gfporder, align, colour, colour_off;
} s24_geom;

typedef struct s24_list {
	struct s24_list *next, *prev;
	skl_addr addr; /* where this list_head is in simulated memory */
	uint8_t *host; /* its host bytes (host_of()), or NULL */
	int head;      /* -1 = a slab_t's list, else which of kmem_cache_t's three heads */
} s24_list;

typedef struct s24_slab {
	s24_list list; /* first: a list node is its slab */
	int which;     /* S24_FULL, S24_PARTIAL, S24_FREE */
	skl_addr base, mgmt, s_mem;
	unsigned colour_bytes;
	unsigned inuse, free;
	uint32_t *bufctl;
	uint8_t *mhost;	 /* the host bytes of slab_t and the bufctl array (host_of()), or NULL */
	uint8_t *lost;	 /* allocated, but a BUG() took it out of circulation */
	uint8_t *onfree; /* on the bufctl free chain (lost + num: one allocation) */
} s24_slab;

typedef struct s24_cpucache {
	unsigned avail, limit;
	skl_addr addr;	 /* the kmalloc()ed cpucache_t */
	skl_addr *entry; /* limit object pointers */
} s24_cpucache;

typedef struct s24_cache {
	s24_list lists[3]; /* slabs_full, slabs_partial, slabs_free */
	unsigned long flags;
	size_t objsize, colour, left_over, slab_size;
	unsigned num, gfporder, align, colour_off, colour_next;
	skl_cache *slabp_cache;
	unsigned growing, dflags;
	int ctor, general;
	skl_addr self; /* the kmem_cache_t */
	unsigned long num_active, num_allocations, high_mark, grown, reaped, errors;
	unsigned long allochit, allocmiss, freehit, freemiss;
	unsigned batchcount;
	s24_cpucache *cpudata[S24_NR_CPUS];
	/* the fast paths (s24_alloc_fast, s24_free_fast): no debugging, plain
	 * little-endian words; recip = 2^32 / objsize + 1 divides an offset in
	 * a slab by objsize exactly (offsets * objsize < 2^32), else 0 */
	int fast;
	uint64_t recip;
} s24_cache;

typedef struct s24_machine {
	s24_params p;
	size_t kc_size, kc_name_off;
	skl_addr cache_cache_addr;
	skl_cache *cache_cache;
	skl_cache *cs[S24_NSIZES], *csdma[S24_NSIZES];
	size_t cs_size[S24_NSIZES];
	int ncs;
	int cpucache_up;
	int making_cache_cache;
	skl_cache *clock;    /* clock_searchp */
	unsigned page_shift; /* log2 of the page size (0: not a power of two) */
	int fast_words;	     /* page_shift set and a little-endian target: put_at's quick way */
} s24_machine;

#define MACH(k) ((s24_machine *)(k)->priv)
#define SC(c) ((s24_cache *)(c)->priv)

static inline size_t l1_align(const s24_params *p, size_t x)
{
	return (x + p->l1 - 1) / p->l1 * p->l1;
}

static inline size_t round_up(size_t x, size_t a)
{
	return (x + a - 1) / a * a;
}

/* A BUG() or printk found while creating: line 0 = not a BUG. */
typedef struct s24_why {
	int line;
	char text[200];
} s24_why;

/* ---- geometry (slab24_geom.c) ----------------------------------------------- */

/* models kmem_cache_create() steps 1-13 (checks, debug flags, word
 * rounding, red zone, alignment, off-slab, gfporder, management area,
 * colouring). 0, -1 = BUG() (why says), -2 = couldn't create cache. */
int skl__slab24_calc(const s24_params *p, const char *name, size_t size, size_t offset, unsigned long flags, int ctor,
		     s24_geom *g, s24_why *why);
/* enable_cpucache()'s per-CPU array limit for objects of objsize */
unsigned skl__slab24_cpucache_limit(const s24_params *p, size_t objsize);
/* models kmem_cache_estimate(): objects per slab and bytes left over */
void skl__slab24_estimate(const s24_params *p, unsigned order, size_t size, int offslab, size_t *left_over,
			  unsigned *num);
/* SKL_SLAB_* flags as 2.4's SLAB_* bits, and back */
unsigned long skl__slab24_kflags_from(unsigned f);
/* sizeof(kmem_cache_t) and the offset of its name, for this build. Locks
 * are 4 bytes (gcc 2.9x UP, or SMP), as the seed's sizes require. */
size_t skl__slab24_kmem_cache_t_size(const s24_params *p, size_t *name_off);
/* The build's parameters: the profile's ABI and lines, CONFIG_DEBUG_SLAB,
 * SMP, and break_order (0 = from the RAM size, as kmem_cache_sizes_init). */
void skl__slab24_params_init(s24_params *p, const skl_profile *prof, int debug, int smp, uint64_t ram_bytes,
			     unsigned break_order);
unsigned skl__slab24_sklflags_from(unsigned long k);

#endif
