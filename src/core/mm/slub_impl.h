/*
 * slub_impl.h - what SLUB's files share inside mm: the constants of
 * mm/slub.c and include/linux/poison.h, small arithmetic, and the hooks
 * into the runtime allocator behind skl__slub_ops. The geometry is public
 * (sklab/slub.h). Not installed.
 */
#ifndef SKLAB_SLUB_IMPL_H
#define SKLAB_SLUB_IMPL_H

#include "mm_impl.h"
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

/* ---- the allocator's records ------------------------------------------------- */

/* per-object record; OS_VIA - 1 + n: allocated, through the alias of via
 * slot n (SKL__VIA_MAX of them), which the fast paths leave to the full
 * ones (they take OS_ALLOC objects only) */
enum { OS_ALLOC, OS_FREE, OS_CPU, OS_LOST, OS_SHEAF, OS_VIA }; /* OS_SHEAF: in a CPU's sheaf */
_Static_assert(OS_VIA - 1 + SKL__VIA_MAX <= 255, "via slots fit the record's byte");
/* the list a slab is on: the node's partial or full list, or a CPU's
 * partial list (CONFIG_SLUB_CPU_PARTIAL: slub_slab.pcpu says whose) */
enum { SL_NONE, SL_PARTIAL, SL_FULL, SL_CPU_PARTIAL };

typedef struct slub_slab slub_slab;
struct slub_slab {
	slub_slab *prev, *next; /* on the partial or full list */
	skl_cache *cache;
	skl_addr base; /* slab_address() */
	unsigned order, objects;
	unsigned inuse;	   /* slab->inuse as the kernel keeps it (objects while frozen) */
	skl_addr freelist; /* slab->freelist */
	unsigned nfree;	   /* objects on slab->freelist */
	int list;	   /* SL_* */
	int cpu;	   /* the CPU whose slab it is (frozen), -1 */
	int pcpu;	   /* SL_CPU_PARTIAL: the CPU whose partial list it is on */
	int disabled;	   /* a consistency check failed: all objects marked used */
	uint8_t *state;	   /* OS_* per object */
	/* for the fast paths: the host bytes of base (a fast cache's slab, not
	 * disabled; else NULL), and objects * size */
	uint8_t *host;
	uint32_t span;
};

typedef struct slub_list {
	slub_slab *head, *tail;
	unsigned long n;
} slub_list;

typedef struct slub_cpu {
	skl_addr freelist; /* c->freelist */
	unsigned nfree;
	/* the slab's span, base, host and state, copied by cpu_set_slab():
	 * the fast paths reach an object with one load fewer */
	uint32_t span;
	skl_addr base;
	uint8_t *host;
	uint8_t *state;
	slub_slab *slab; /* c->slab */
	/* c->partial (CONFIG_SLUB_CPU_PARTIAL): slabs, not frozen, that a free
	 * took off the full list or get_partial_node() brought over, newest
	 * first; at most g.cpu_partial_slabs before put_cpu_partial() drains */
	slub_list partial;
} slub_cpu;

/* Makes s (or no slab) the CPU's. */
static inline void cpu_set_slab(slub_cpu *cs, slub_slab *s)
{
	cs->slab = s;
	cs->host = s ? s->host : NULL;
	cs->base = s ? s->base : 0;
	cs->span = s ? s->span : 0;
	cs->state = s ? s->state : NULL;
}

/* struct slab_sheaf (6.18): up to sheaf_capacity free objects a CPU holds,
 * taken from the top; next links the barn's lists */
typedef struct slub_sheaf slub_sheaf;
struct slub_sheaf {
	slub_sheaf *next;
	unsigned size;
	skl_addr objects[]; /* sheaf_capacity of them */
};

/* struct slub_percpu_sheaves: main is never NULL, spare may be */
typedef struct slub_pcs {
	slub_sheaf *main, *spare;
} slub_pcs;

typedef struct slub_cache {
	skl_slub_geom g;
	slub_cpu *cpu;
	unsigned ncpu;
	slub_list partial, full; /* full slabs are tracked always (the kernel: with U
				  * only), and so are slabs disabled by a failed check */
	unsigned long nr_slabs, total_objects;
	unsigned long allocs, frees, grown, freed_slabs, errors, high, active;
	skl_addr kmem_cache_obj, kmem_cache_node_obj; /* its struct kmem_cache and kmem_cache_node */
	int boot;
	/* the fast paths (skl__slub_alloc_fast, skl__slub_free_fast): set when no debug
	 * flag, no KASAN and plain little-endian words leave nothing to them but
	 * the freelists; recip = 2^32 / size + 1 divides an offset in a slab by
	 * size exactly (every offset * size < 2^32), 0 when it cannot */
	int fast, word8;
	uint64_t recip;
	skl_cache *owner; /* the skl_cache whose priv this is */
	slub_slab *spare; /* records of discarded slabs for new ones (next-linked) */
	unsigned nspare;
	unsigned page_shift; /* slub_machine's */
	/* 6.18 sheaves (s->cpu_sheaves), when g.sheaf_capacity: a main and a
	 * spare sheaf per CPU, and the node's barn of full and empty sheaves */
	slub_pcs *pcs;
	slub_sheaf *barn_full, *barn_empty;
	unsigned nr_full, nr_empty;
} slub_cache;

typedef struct slub_machine {
	skl_slub_params p;
	int tainted;
	uint64_t jiffies;
	skl_cache *kmem_cache, *kmem_cache_node;
	skl_cache *kmalloc[14]; /* kmalloc_index(): 1 = 96, 2 = 192, 3..13 = 8..8k */
	int booting;
	unsigned page_shift; /* log2 of the page size (0: not a power of two) */
	int fast_words;	     /* page_shift set, little-endian, 4- or 8-byte words: get_fp's quick way */
} slub_machine;

/* ---- shared by the allocator (slub.c) and its debug checks and reports
 * (slub_report.c) --------------------------------------------------------- */

/* What one allocator operation reports; one BUG event at the end. */
typedef struct report {
	skl_kernel *k;
	skl_cache *c;
	skl_buf b;
	int any;
	char found[256]; /* what sklab found, in plain words (the first thing) */
} report;

/* A track in the simulated bytes: addr, [handle], cpu, pid, when. */
typedef struct track {
	uint64_t addr, when;
	unsigned handle, cpu, pid;
} track;

/* simulated call sites recorded in tracks (no stacks are kept) */
#define SKL__SLUB_TRACK_FNS 4
extern const char *const skl__slub_track_fn[SKL__SLUB_TRACK_FNS];

/* A report: begun for an operation on c, lines added with rp(), what sklab
 * found (in plain words) with rp_found(); rp_finish() logs it as one BUG
 * event and returns -1 with err set when there was one, else 0. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void skl__slub_rp(report *r, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void skl__slub_rp_found(report *r, const char *fmt, ...);
int skl__slub_rp_finish_report(report *r, skl_addr addr, skl_error *err);
/* inline: every operation of the full paths makes a report */
static inline void skl__slub_rp_init(report *r, skl_kernel *k, skl_cache *c)
{
	r->k = k;
	r->c = c;
	r->any = 0;
	r->found[0] = 0;
	r->b.data = NULL; /* skl_buf_init(), inline: every operation makes a report */
	r->b.len = r->b.cap = 0;
}

static inline int skl__slub_rp_finish(report *r, skl_addr addr, skl_error *err)
{
	if (!r->any && !r->b.data)
		return 0;
	return skl__slub_rp_finish_report(r, addr, err);
}

/* Simulated addresses as the kernel prints them: pstr() gives the
 * address in ptr_digits() hex digits (%p with no_hash_pointers); pfn_of() and page_struct() the page frame and
 * its struct page; page_flags() the slab page's flags field. */
unsigned skl__slub_ptr_digits(const skl_kernel *k);
const char *skl__slub_pstr(const skl_kernel *k, skl_addr a, char *buf, size_t n);
/* The parts of a report: the "BUG cache (Tainted: ...)" banner, the taint
 * it adds, a hex dump of a section, a slab's line. */
void skl__slub_slab_bug(report *r, const skl_cache *c, const char *fmt, ...);
void skl__slub_add_taint(report *r);
void skl__slub_add_taint_warn(report *r);
uint64_t skl__slub_pfn_of(const skl_kernel *k, skl_addr a);
skl_addr skl__slub_page_struct(const skl_kernel *k, skl_addr a);
void skl__slub_page_flags(const skl_kernel *k, const slub_slab *s, char *buf, size_t n);
void skl__slub_print_section(report *r, const char *text, skl_addr a, unsigned len);
void skl__slub_print_slab_info(report *r, const slub_slab *s);
/* The alloc (which 0) and free (1) tracks after an object: where they
 * are, setting one (fn: skl__slub_track_fn), printing both. */
skl_addr skl__slub_track_at(const skl_kernel *k, const slub_cache *sc, skl_addr obj, int which);
void skl__slub_set_track(skl_kernel *k, const slub_cache *sc, skl_addr obj, int which, unsigned fn);
void skl__slub_print_tracking(report *r, const slub_cache *sc, skl_addr obj);
/* Where the padding and the object's metadata end, as mm/slub.c computes
 * them. */
unsigned skl__slub_size_from_object(const slub_cache *sc);
unsigned skl__slub_pad_offset(const skl_kernel *k, const slub_cache *sc);
/* object_err(), slab_err(), slab_fix(): the kernel's report calls. */
void skl__slub_object_err(report *r, const slub_cache *sc, const slub_slab *s, skl_addr obj, const char *reason);
void skl__slub_slab_err(report *r, const slub_slab *s, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void skl__slub_slab_fix(report *r, const char *fmt, ...);
/* kmalloc's orig_size after the tracks (slab_debug with STORE_USER). */
unsigned skl__slub_get_orig_size(skl_kernel *k, const slub_cache *sc, skl_addr obj);
void skl__slub_set_orig_size(skl_kernel *k, const slub_cache *sc, skl_addr obj, unsigned n);
/* check_object(): red zones, poison, padding and the free pointer of p
 * checked against val (SLUB_RED_ACTIVE or _INACTIVE); 1 when sound, else
 * 0 with the report written. init_object() writes them. */
int skl__slub_check_object(report *r, const slub_cache *sc, slub_slab *s, skl_addr p, unsigned val);
void skl__slub_init_object(skl_kernel *k, const slub_cache *sc, skl_addr p, unsigned val);
/* From slub.c: the cache behind an alias, the machine's SLUB state,
 * words in the target's order, filling bytes, the free pointer of an
 * object and whether an address is one of a slab's objects. */
skl_cache *skl__slub_real_cache(skl_cache *c);
slub_machine *skl__slub_machine(const skl_kernel *k);
uint64_t skl__slub_get_word(const slub_machine *m, const uint8_t *b, unsigned n);
void skl__slub_put_word(const slub_machine *m, uint8_t *b, unsigned n, uint64_t v);
void skl__slub_fill(skl_kernel *k, skl_addr a, int val, unsigned len);
skl_addr skl__slub_get_fp(skl_kernel *k, const slub_cache *sc, skl_addr obj);
void skl__slub_set_fp(skl_kernel *k, const slub_cache *sc, skl_addr obj, skl_addr fp);
int skl__slub_valid_pointer(const slub_cache *sc, const slub_slab *s, skl_addr obj);

/* ---- runtime hooks ---------------------------------------------------------- */

/* The geometry of a SLUB cache (of the real cache when c is an alias). */
int skl__slub_cache_geom(const skl_cache *c, skl_slub_geom *out);

#endif
