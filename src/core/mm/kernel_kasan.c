/*
 * kernel_kasan.c - generic KASAN on the simulated machine: the shadow of
 * its RAM (one byte per 8), kept by SLUB's hooks as slabs are made and
 * objects allocated and freed, the quarantine that holds freed objects
 * back from reuse, the check before a scenario's access, and the reports,
 * built by kasan.c from the machine's slabs and the event log's alloc and
 * free records.
 */
#include "slub_impl.h" /* the slab behind a page, for dump_page() */
#include "sklab/kasan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int skl_kernel_kasan(const skl_kernel *k)
{
	return k->kasan;
}

const char *skl_kernel_kasan_last(const skl_kernel *k)
{
	return k->kasan_last;
}

int skl_kernel_kasan_shadow(const skl_kernel *k, skl_addr a)
{
	const skl__page *pg;
	if (!k->kasan || a < k->va_base)
		return -1;
	pg = skl__page_of((skl_kernel *)k, a);
	if (!pg)
		return -1;
	if (!pg->used)
		return SKL_KASAN_PAGE_FREE;
	if (!pg->cache && !pg->large)
		return 0; /* pages from the page allocator: kasan_unpoison_pages() */
	return k->kasan_shadow[(a - k->va_base) / SKL_KASAN_GRANULE];
}

/* models addr_has_metadata(): on x86_64 the shadow covers the upper half
 * of the address space, from 0xffff800000000000; below it lie user
 * addresses (NULL among them) and the non-canonical hole. 32-bit x86 has
 * no KASAN; the model lets its shadow begin at PAGE_OFFSET. A scenario's
 * objects are all in the direct map, so only a caller of
 * skl_kernel_kasan_check() reaches an address without one. */
static int has_metadata(const skl_kernel *k, skl_addr a)
{
	if (k->prof.abi->size[SKL_B_PTR] == 4)
		return a >= SKL__I386_PAGE_OFFSET;
	return a >= SKL_KASAN_X86_64_METADATA_START;
}

/* TASK_SIZE: x86_64's TASK_SIZE_MAX; on i386 PAGE_OFFSET */
static uint64_t task_size(const skl_kernel *k)
{
	return k->prof.abi->size[SKL_B_PTR] == 4 ? SKL__I386_PAGE_OFFSET : SKL_KASAN_X86_64_TASK_SIZE;
}

static int shadow_cb(void *ud, uint64_t a)
{
	return skl_kernel_kasan_shadow(ud, a);
}

static uint8_t *shadow_at(skl_kernel *k, skl_addr a)
{
	return k->kasan_shadow + (a - k->va_base) / SKL_KASAN_GRANULE;
}

/* ---- the quarantine (mm/kasan/quarantine.c) ------------------------------------------------ */

#define QUARANTINE_PERCPU_SIZE (1u << 20)
/* QUARANTINE_BATCHES: max(1024, 4 * CONFIG_NR_CPUS); x86_64's defconfig
 * has NR_CPUS 64, so 1024 */
#define QUARANTINE_BATCHES 1024u
#define QUARANTINE_FRACTION 32u /* of RAM the quarantine may hold */

/* A quarantined object: the kernel links it through the qlist_node in its
 * kasan_free_meta; the model keeps the link here, off the simulated bytes. */
typedef struct qnode {
	skl_addr obj;
	skl_cache *cache;
	uint32_t bytes; /* cache->size */
	int next;	/* index in nodes, -1 = end */
} qnode;

/* struct qlist_head */
typedef struct qlist {
	int head, tail;
	uint64_t bytes;
} qlist;

typedef struct skl__kasan_q {
	qnode *nodes;
	int nnodes, capnodes, free_node; /* free_node: unused nodes chained by next */
	qlist *cpu;			 /* cpu_quarantine, one per CPU */
	qlist global[QUARANTINE_BATCHES];
	unsigned head, tail; /* quarantine_head, quarantine_tail */
	uint64_t size;	     /* quarantine_size: bytes in the global batches */
	uint64_t max_size;   /* quarantine_max_size */
	uint64_t batch_size; /* quarantine_batch_size */
	uint64_t put, released, objects;
	int releasing; /* inside qlink_free(): the allocator's free is the real one */
} skl__kasan_q;

static void qlist_init(qlist *q)
{
	q->head = q->tail = -1;
	q->bytes = 0;
}

static void qlist_put(skl__kasan_q *q, qlist *l, int n)
{
	if (l->head < 0)
		l->head = n;
	else
		q->nodes[l->tail].next = n;
	l->tail = n;
	q->nodes[n].next = -1;
	l->bytes += q->nodes[n].bytes;
}

static void qlist_move_all(skl__kasan_q *q, qlist *from, qlist *to)
{
	if (from->head < 0)
		return;
	if (to->head < 0)
		*to = *from;
	else {
		q->nodes[to->tail].next = from->head;
		to->tail = from->tail;
		to->bytes += from->bytes;
	}
	qlist_init(from);
}

/* The quarantine's sizes, as kasan_quarantine_reduce() computes them:
 * RAM / QUARANTINE_FRACTION less a per-CPU queue per CPU, and batches of
 * at least QUARANTINE_PERCPU_SIZE. The kernel sets them on its first
 * reduce; with batches that small the model may set them at once (a queue
 * moves to the global batches only above QUARANTINE_PERCPU_SIZE, so each
 * move fills a batch either way). */
static void quarantine_sizes(const skl_kernel *k, uint64_t *max_size, uint64_t *batch_size)
{
	uint64_t total = k->npages * k->prof.page_size / QUARANTINE_FRACTION;
	uint64_t percpu = (uint64_t)QUARANTINE_PERCPU_SIZE * k->cpus;
	*max_size = total < percpu ? 0 : total - percpu;
	*batch_size = 2 * total / QUARANTINE_BATCHES;
	if (*batch_size < QUARANTINE_PERCPU_SIZE)
		*batch_size = QUARANTINE_PERCPU_SIZE;
}

static skl__kasan_q *quarantine(skl_kernel *k)
{
	skl__kasan_q *q = k->kasan_q;
	unsigned i;
	if (q)
		return q;
	q = skl_calloc(1, sizeof(*q));
	if (!q)
		return NULL;
	q->cpu = skl_calloc(k->cpus, sizeof(*q->cpu));
	if (!q->cpu) {
		skl_free(q);
		return NULL;
	}
	for (i = 0; i < k->cpus; i++)
		qlist_init(&q->cpu[i]);
	for (i = 0; i < QUARANTINE_BATCHES; i++)
		qlist_init(&q->global[i]);
	q->free_node = -1;
	quarantine_sizes(k, &q->max_size, &q->batch_size);
	k->kasan_q = q;
	return q;
}

void skl__kasan_free(skl_kernel *k)
{
	if (!k->kasan_q)
		return;
	skl_free(k->kasan_q->nodes);
	skl_free(k->kasan_q->cpu);
	skl_free(k->kasan_q);
	k->kasan_q = NULL;
}

static int node_new(skl__kasan_q *q)
{
	int n = q->free_node;
	if (n >= 0) {
		q->free_node = q->nodes[n].next;
		return n;
	}
	if (q->nnodes == q->capnodes) {
		int cap = q->capnodes ? q->capnodes * 2 : 64;
		qnode *nn = skl_realloc(q->nodes, (size_t)cap * sizeof(*nn));
		if (!nn)
			return -1;
		q->nodes = nn;
		q->capnodes = cap;
	}
	return q->nnodes++;
}

static void qevent(skl_kernel *k, const qnode *n, const char *detail)
{
	skl_cache_info in;
	skl_cache_get_info(n->cache, &in);
	skl_kernel_event(k, SKL_EV_QUARANTINE, in.name, n->obj, n->bytes, detail);
}

/* models kasan_quarantine_put(): the object joins this CPU's queue; past
 * QUARANTINE_PERCPU_SIZE the queue moves to the global tail batch. 0 when
 * it cannot be held (no free meta, or no host memory for the record). */
static int quarantine_put(skl_kernel *k, skl_cache *c, skl_addr obj)
{
	skl__kasan_q *q = quarantine(k);
	skl_cache_info in;
	char detail[128];
	qlist *l;
	int n;
	if (!q || (n = node_new(q)) < 0)
		return 0;
	skl_cache_get_info(c, &in);
	q->nodes[n].obj = obj;
	q->nodes[n].cache = c;
	q->nodes[n].bytes = (uint32_t)in.size;
	l = &q->cpu[k->cpu];
	qlist_put(q, l, n);
	q->put++;
	q->objects++;
	snprintf(detail, sizeof(detail), "put: cpu %u queue %llu B", k->cpu, (unsigned long long)l->bytes);
	qevent(k, &q->nodes[n], detail);
	if (l->bytes > QUARANTINE_PERCPU_SIZE) {
		qlist *g = &q->global[q->tail];
		snprintf(detail, sizeof(detail), "cpu %u queue (%llu B, past %u) moved to global batch %u", k->cpu,
			 (unsigned long long)l->bytes, QUARANTINE_PERCPU_SIZE, q->tail);
		q->size += l->bytes;
		qlist_move_all(q, l, g);
		qevent(k, &q->nodes[n], detail);
		if (g->bytes >= q->batch_size) {
			unsigned t = (q->tail + 1) % QUARANTINE_BATCHES;
			if (t != q->head)
				q->tail = t;
		}
	}
	return 1;
}

/* models qlist_free_all() / qlink_free(): each object goes back to its
 * slab through the allocator's own free (___cache_free()); its shadow
 * stays KASAN_SLAB_FREE until it is allocated again, so a late use is
 * still caught, and its tracks stay for the report */
static void qlist_free_all(skl_kernel *k, qlist *l, const char *why)
{
	skl__kasan_q *q = k->kasan_q;
	int n = l->head;
	while (n >= 0) {
		int next = q->nodes[n].next;
		skl_error err;
		skl_error_clear(&err);
		qevent(k, &q->nodes[n], why);
		q->releasing = 1;
		k->ops->free(q->nodes[n].cache, q->nodes[n].obj, &err);
		q->releasing = 0;
		q->released++;
		q->objects--;
		q->nodes[n].next = q->free_node;
		q->free_node = n;
		n = next;
	}
	qlist_init(l);
}

/* models kasan_quarantine_reduce(), which __kasan_slab_alloc() calls
 * (GFP_KERNEL may block): while the global batches hold more than
 * quarantine_max_size, the oldest batch goes back */
static void quarantine_reduce(skl_kernel *k)
{
	skl__kasan_q *q = k->kasan_q;
	qlist to_free;
	char why[128];
	if (!q || q->size <= q->max_size)
		return;
	snprintf(why, sizeof(why), "released: global batch %u (the batches hold %llu B, past %llu)", q->head,
		 (unsigned long long)q->size, (unsigned long long)q->max_size);
	qlist_init(&to_free);
	qlist_move_all(q, &q->global[q->head], &to_free);
	q->size -= to_free.bytes;
	q->head = (q->head + 1) % QUARANTINE_BATCHES;
	qlist_free_all(k, &to_free, why);
}

/* qlist_move_cache(): c's objects of from move to to, the rest stay */
static void qlist_move_cache(skl__kasan_q *q, qlist *from, qlist *to, const skl_cache *c)
{
	int n = from->head;
	qlist_init(from);
	while (n >= 0) {
		int next = q->nodes[n].next;
		qlist_put(q, q->nodes[n].cache == c ? to : from, n);
		n = next;
	}
}

void skl__kasan_cache_release(skl_kernel *k, skl_cache *c)
{
	skl__kasan_q *q = k->kasan_q;
	qlist to_free;
	unsigned i;
	if (!q)
		return;
	qlist_init(&to_free);
	for (i = 0; i < k->cpus; i++)
		qlist_move_cache(q, &q->cpu[i], &to_free, c);
	for (i = 0; i < QUARANTINE_BATCHES; i++) {
		uint64_t before = q->global[i].bytes;
		if (q->global[i].head < 0)
			continue;
		qlist_move_cache(q, &q->global[i], &to_free, c);
		q->size -= before - q->global[i].bytes;
	}
	qlist_free_all(k, &to_free, "released: the cache is shrunk or destroyed");
}

static int addr_cmp(const void *a, const void *b)
{
	skl_addr x = *(const skl_addr *)a, y = *(const skl_addr *)b;
	return x < y ? -1 : x > y;
}

/* the first of n sorted addresses at or past a */
static size_t lower_bound(const skl_addr *v, size_t n, skl_addr a)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The quarantine's objects as a sorted set, built once per snapshot;
 * each slab then looks its address range up in it. The objects stay
 * allocated to SLUB (slab_free_hook() in mm/slub.c, 6.x, kept them off
 * the freelist when kasan_slab_free() took them), so
 * only their state changes, not inuse. */
int skl__kasan_snap_mark(const skl_kernel *k, skl_kernel_snap *s)
{
	const skl__kasan_q *q = k->kasan_q;
	skl_addr *set;
	size_t n = 0, at;
	int i, j;
	if (!q || !q->objects)
		return 0;
	set = skl_calloc((size_t)q->objects, sizeof(*set));
	if (!set)
		return -1;
	for (i = 0; i < (int)k->cpus + (int)QUARANTINE_BATCHES; i++) {
		const qlist *l = i < (int)k->cpus ? &q->cpu[i] : &q->global[i - (int)k->cpus];
		int nd;
		for (nd = l->head; nd >= 0 && n < q->objects; nd = q->nodes[nd].next)
			set[n++] = q->nodes[nd].obj;
	}
	qsort(set, n, sizeof(*set), addr_cmp);
	for (i = 0; i < s->ncaches; i++) {
		const skl_cache_snap *cs = &s->caches[i];
		size_t size = cs->info.size;
		if (cs->kmalloc_large || !size)
			continue;
		for (j = 0; j < cs->nslabs; j++) {
			skl_slab_snap *sl = &cs->slabs[j];
			skl_addr end = sl->s_mem + (uint64_t)sl->nobjs * size;
			if (!sl->state)
				continue;
			for (at = lower_bound(set, n, sl->s_mem); at < n && set[at] < end; at++) {
				uint64_t idx = (set[at] - sl->s_mem) / size;
				if ((set[at] - sl->s_mem) % size == 0 && sl->state[idx] == SKL_OS_ALLOC)
					sl->state[idx] = SKL_OS_QUARANTINE;
			}
		}
	}
	skl_free(set);
	return 0;
}

int skl_kernel_kasan_quarantine(const skl_kernel *k, skl_kasan_quarantine *out)
{
	const skl__kasan_q *q = k->kasan_q;
	unsigned i;
	memset(out, 0, sizeof(*out));
	if (!k->kasan)
		return -1;
	out->percpu_size = QUARANTINE_PERCPU_SIZE;
	out->batches = QUARANTINE_BATCHES;
	if (!q) {
		quarantine_sizes(k, &out->max_size, &out->batch_size);
		return 0;
	}
	out->objects = q->objects;
	out->cpu_bytes = q->cpu[k->cpu].bytes;
	for (i = 0; i < k->cpus; i++)
		out->percpu_bytes += q->cpu[i].bytes;
	out->global_bytes = q->size;
	out->bytes = out->percpu_bytes + out->global_bytes;
	out->max_size = q->max_size;
	out->batch_size = q->batch_size;
	for (i = 0; i < QUARANTINE_BATCHES; i++)
		if (q->global[i].head >= 0)
			out->batches_used++;
	out->put = q->put;
	out->released = q->released;
	return 0;
}

/* ---- SLUB's hooks ---------------------------------------------------------------------- */

void skl__kasan_new_slab(skl_kernel *k, skl_addr base, size_t bytes)
{
	skl_kasan_new_slab(shadow_at(k, base), bytes);
}

void skl__kasan_alloc(skl_kernel *k, skl_addr obj, unsigned object_size, unsigned requested)
{
	quarantine_reduce(k);
	skl_kasan_alloc(shadow_at(k, obj), object_size, requested);
}

/* ---- kmalloc_large's hooks (mm/kasan/common.c, 6.x) ---------------------------------- */

void skl__kasan_kmalloc_large(skl_kernel *k, skl_addr a, uint64_t n, uint64_t bytes)
{
	uint8_t *sh = shadow_at(k, a);
	uint64_t rz = (n + SKL_KASAN_GRANULE - 1) / SKL_KASAN_GRANULE * SKL_KASAN_GRANULE;
	quarantine_reduce(k); /* __kasan_kmalloc_large(): GFP_KERNEL may block */
	/* kasan_poison_last_granule(), then [round_up(ptr + size), ptr +
	 * page_size(virt_to_page(ptr))) as KASAN_PAGE_REDZONE */
	skl_kasan_unpoison(sh, 0, (size_t)n);
	if (rz < bytes)
		skl_kasan_poison(sh, (size_t)rz, (size_t)(bytes - rz), SKL_KASAN_PAGE_REDZONE);
}

static int kasan_report_at(skl_kernel *k, skl_kasan_kind kind, skl_addr a, uint64_t len, int write, const char *ip,
			   skl_error *err);

int skl__kasan_kfree_large(skl_kernel *k, skl_addr p, skl_addr start, skl_error *err)
{
	/* check_page_allocation(): ptr != page_address(virt_to_head_page(ptr));
	 * the ip is kfree's, as for slab objects */
	if (p != start)
		return kasan_report_at(k, SKL_KASAN_INVALID_FREE, p, 0, 0, "kfree", err);
	return 0;
}

/* ---- reports --------------------------------------------------------------------------- */

/* ---- dump_page() ---------------------------------------------------------------------- */

#define LIST_POISON1 0xdead000000000100ull /* include/linux/poison.h, POISON_POINTER_DELTA on x86_64 */
#define LIST_POISON2 0xdead000000000122ull
#define PGTY_SLAB 0xf5u
#define PGTY_LARGE_KMALLOC 0xf8u /* include/linux/page-flags.h, 6.18 */

/* the address of struct slab's slab_list (word 2) of the slab at base */
static skl_addr slab_list_addr(const skl_kernel *k, skl_addr base, unsigned W)
{
	return skl__slub_page_struct(k, base) + 2 * W;
}

/*
 * The page line, flags and raw words of dump_page() for the page holding
 * a, from the model's page and slab. A slab page's struct page is struct
 * slab (mm/slab.h, 6.18), one word each: 0 the flags (as %pGp reads them:
 * zone, node, lastcpupid, head for a slab of several pages, workingset
 * while on the partial list), 1 slab_cache (the cache's struct
 * kmem_cache), 2 and 3 slab_list (the neighbours on the node's partial
 * list, or on the full list with slab_debug=U, else LIST_POISON1/2 from
 * the list_del() that took it off), 4 freelist, 5 counters (inuse |
 * objects << 16 | frozen << 31, as the model keeps them), 6 __page_type
 * (PGTY_slab << 24) in the low half and the refcount (1) in the high half,
 * 7 obj_exts (0: no memcg accounting). 32-bit: words 6 and 7 apart. An
 * address in a tail page of a multi-page slab dumps the head page:
 * addr_to_page() in mm/kasan/report.c is virt_to_head_page(). Pages of no
 * slab get the page line and flags only.
 */
static void page_dump(skl_kernel *k, skl_addr a, skl_kasan_report *r, char *flags, size_t nflags)
{
	const skl__page *pg = skl__page_of(k, a);
	const slub_slab *s = pg && pg->cache && skl_kernel_is_slub(k) ? pg->slab : NULL;
	unsigned W = k->prof.abi->size[SKL_B_PTR];
	uint64_t fw;
	r->page_refcount = pg && pg->used ? 1 : 0;
	if (!s) {
		slub_slab fake;
		skl_addr start = 0;
		memset(&fake, 0, sizeof(fake));
		fake.base = a;
		if (pg && pg->used && pg->large && skl_kmalloc_large_of(k, a, &start, NULL)) {
			/* a kmalloc_large folio: addr_to_page() is
			 * virt_to_head_page(), so the head page is dumped, with
			 * its order and PGTY_large_kmalloc (6.18
			 * __folio_set_large_kmalloc()); the model keeps none of
			 * the folio's words, so no raw: lines */
			fake.base = start;
			fake.order = pg->order;
			r->pfn = skl__slub_pfn_of(k, start);
			r->folio_order = pg->order;
			r->page_type = PGTY_LARGE_KMALLOC;
		}
		if (skl_kernel_is_slub(k)) {
			skl__slub_page_flags(k, &fake, flags, nflags);
			r->page_flags = flags;
		}
		return;
	}
	skl__slub_page_flags(k, s, flags, nflags);
	r->page_flags = flags;
	fw = strtoull(flags, NULL, 16);
	r->pfn = skl__slub_pfn_of(k, s->base); /* the head page's, whatever page a is in */
	r->page_index = s->freelist;	       /* a slab's index word is its freelist */
	r->folio_order = s->order;
	r->page_type = PGTY_SLAB;
	r->nraw = 8;
	memset(r->raw, 0, sizeof(r->raw));
	r->raw[0] = fw;
	r->raw[1] = ((const slub_cache *)s->cache->priv)->kmem_cache_obj;
	if (s->list == SL_PARTIAL ||
	    (s->list == SL_FULL && (((const slub_cache *)s->cache->priv)->g.flags & SKL_SLAB_STORE_USER))) {
		/* struct kmem_cache_node: list_lock, nr_partial, partial, nr_slabs,
		 * total_objects, full */
		skl_addr head = ((const slub_cache *)s->cache->priv)->kmem_cache_node_obj +
				(s->list == SL_PARTIAL ? 2 * W : 2 * W + 2 * W + 2 * W);
		r->raw[2] = s->next ? slab_list_addr(k, s->next->base, W) : head;
		r->raw[3] = s->prev ? slab_list_addr(k, s->prev->base, W) : head;
	} else if (W == 8) {
		r->raw[2] = LIST_POISON1;
		r->raw[3] = LIST_POISON2;
	} else {
		r->raw[2] = 0x100; /* no POISON_POINTER_DELTA on 32-bit */
		r->raw[3] = 0x122;
	}
	r->raw[4] = s->freelist;
	r->raw[5] =
	    (uint64_t)(s->inuse & 0xffff) | (uint64_t)(s->objects & 0x7fff) << 16 | (uint64_t)(s->cpu >= 0) << 31;
	if (W == 8) {
		r->raw[6] = (uint64_t)1 << 32 | (uint64_t)PGTY_SLAB << 24;
	} else {
		r->raw[6] = (uint64_t)PGTY_SLAB << 24;
		r->raw[7] = 1;
	}
}

/* The latest ALLOC/KMALLOC event of obj, and the latest FREE/KFREE after
 * it: their locations stand for the stacks KASAN keeps. */
static void tracks(const skl_kernel *k, skl_addr obj, const char **alloc_at, const char **free_at, int *kmalloc)
{
	int i;
	*alloc_at = *free_at = NULL;
	*kmalloc = 0;
	if (!k->log)
		return;
	for (i = skl_events_count(k->log) - 1; i >= 0; i--) {
		skl_event ev;
		const skl_event *e = &ev;
		skl_event_kind kd = skl_events_kind(k->log, i);
		if (kd != SKL_EV_FREE && kd != SKL_EV_KFREE && kd != SKL_EV_ALLOC && kd != SKL_EV_KMALLOC)
			continue;
		if (skl_events_get(k->log, i, &ev) < 0 || e->addr != obj)
			continue;
		if ((e->kind == SKL_EV_FREE || e->kind == SKL_EV_KFREE) && !*free_at)
			*free_at = e->where ? e->where : "";
		if (e->kind == SKL_EV_ALLOC || e->kind == SKL_EV_KMALLOC) {
			*alloc_at = e->where ? e->where : "";
			*kmalloc = e->kind == SKL_EV_KMALLOC;
			return;
		}
	}
}

/* Builds and records a report: the BUG event, k->kasan_last, err. */
static int kasan_report_at(skl_kernel *k, skl_kasan_kind kind, skl_addr a, uint64_t len, int write, const char *ip,
			   skl_error *err)
{
	const char *alloc_at, *free_at, *first;
	char alloc_fn[160], free_fn[160], trace_fn[160];
	const char *astack[5], *fstack[6], *trace[2];
	char release[48], hardware[160], pflags[128];
	int kmalloc, index, nl;
	skl_addr obj = 0;
	skl_cache *c = has_metadata(k, a) ? skl_kernel_cache_of(k, a, &index, &obj) : NULL;
	skl_cache_info in;
	skl_kasan_report r;
	skl_buf b;
	skl_sink s;

	memset(&r, 0, sizeof(r));
	r.kind = kind;
	r.addr = a;
	r.size = len;
	r.write = write;
	r.ip = ip ? ip : "?";
	r.comm = "sklab";
	r.pid = 1;
	r.cpu = k->cpu;
	/* utsname's release has three numbers: "6.18" boots as "6.18.0" */
	snprintf(release, sizeof(release), "%u.%u.%u", k->prof.version.major, k->prof.version.minor,
		 k->prof.version.patch);
	snprintf(hardware, sizeof(hardware), "sklab simulated machine, profile %s", k->prof.name);
	r.release = release;
	r.hardware = hardware;
	r.ptr_hex = (int)k->prof.abi->size[SKL_B_PTR] * 2;
	r.pfn = (a - (k->prof.abi->size[SKL_B_PTR] == 4 ? SKL__I386_PAGE_OFFSET : SKL__X86_64_PAGE_OFFSET)) /
		k->prof.page_size;
	r.shadow = shadow_cb;
	r.ud = k;
	r.wild = !has_metadata(k, a);
	if (!r.wild)
		page_dump(k, a, &r, pflags, sizeof(pflags));
	r.page_size = k->prof.page_size;
	r.task_size = task_size(k);
	if (kind == SKL_KASAN_ACCESS) {
		snprintf(trace_fn, sizeof(trace_fn), "%s", r.ip);
		trace[0] = trace_fn;
		r.trace = trace;
		r.ntrace = 1;
	}
	if (c) {
		skl_cache_get_info(c, &in);
		r.have_object = 1;
		r.object = obj;
		r.cache = in.name;
		r.object_size = (unsigned)in.object_size;
		tracks(k, obj, &alloc_at, &free_at, &kmalloc);
		if (alloc_at) {
			snprintf(alloc_fn, sizeof(alloc_fn), "%s", alloc_at[0] ? alloc_at : "(the scenario)");
			astack[0] = "kasan_save_stack";
			astack[1] = "kasan_save_track";
			astack[2] = kmalloc ? "__kasan_kmalloc" : "__kasan_slab_alloc";
			astack[3] = kmalloc ? "__kmalloc_cache_noprof" : "kmem_cache_alloc_noprof";
			astack[4] = alloc_fn;
			r.alloc_pid = 1;
			r.alloc_stack = astack;
			r.nalloc = 5;
		}
		if (free_at && skl_kernel_kasan_shadow(k, obj) >= SKL_KASAN_SLAB_FREE_META &&
		    skl_kernel_kasan_shadow(k, obj) <= SKL_KASAN_SLAB_FREE) {
			snprintf(free_fn, sizeof(free_fn), "%s", free_at[0] ? free_at : "(the scenario)");
			fstack[0] = "kasan_save_stack";
			fstack[1] = "kasan_save_track";
			fstack[2] = "kasan_save_free_info";
			fstack[3] = "__kasan_slab_free";
			fstack[4] = kmalloc ? "kfree" : "kmem_cache_free";
			fstack[5] = free_fn;
			r.free_pid = 1;
			r.free_stack = fstack;
			r.nfree = 6;
		}
	}
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_kasan_report_write(&r, &s);
	if (!b.data)
		return skl_errorf(err, "BUG: KASAN: %s (out of memory for the report)", skl_kasan_report_bug(&r));
	skl_kernel_event(k, SKL_EV_BUG, c ? r.cache : "", a, len, b.data);
	skl_free(k->kasan_last);
	k->kasan_last = b.data; /* the buffer's bytes move to the machine */
	/* err: the BUG line */
	first = strstr(b.data, "BUG: KASAN:");
	nl = first ? (int)strcspn(first, "\n") : 0;
	if (first)
		skl_errorf(err, "%.*s", nl, first);
	return -1;
}

int skl_kernel_kasan_check(skl_kernel *k, skl_addr a, uint64_t len, int write, const char *ip, skl_error *err)
{
	uint64_t bad;
	if (!k->kasan || !len)
		return 0;
	/* check_region_inline(): a range that wraps, or an address without
	 * shadow, is reported before any shadow is read */
	if (a + len >= a && !has_metadata(k, a))
		return kasan_report_at(k, SKL_KASAN_ACCESS, a, len, write, ip, err);
	if (!skl_kasan_check(shadow_cb, k, a, len, &bad))
		return 0;
	return kasan_report_at(k, SKL_KASAN_ACCESS, a, len, write, ip, err);
}

int skl__kasan_slab_free(skl_kernel *k, skl_addr obj, int valid, unsigned object_size, int rcu, int has_free_meta,
			 skl_error *err)
{
	const skl__page *pg;
	int s;
	if (k->kasan_q && k->kasan_q->releasing)
		return 0; /* qlink_free(): the object leaves the quarantine */
	if (!valid)
		return kasan_report_at(k, SKL_KASAN_INVALID_FREE, obj, 0, 0, "kfree", err);
	s = skl_kernel_kasan_shadow(k, obj);
	if (s == SKL_KASAN_SLAB_FREE || s == SKL_KASAN_SLAB_FREE_META)
		return kasan_report_at(k, SKL_KASAN_DOUBLE_FREE, obj, 0, 0, "kfree", err);
	skl_kasan_free(shadow_at(k, obj), object_size, rcu, has_free_meta);
	/* __kasan_slab_free(): an RCU cache's object (still accessible) and
	 * an object without free meta skip the quarantine */
	pg = skl__page_of(k, obj);
	if (rcu || !has_free_meta || !pg || !pg->cache)
		return 0;
	return quarantine_put(k, pg->cache, obj);
}
