/*
 * slab24.c - the Linux 2.4.16 SLAB allocator (mm/slab.c) reimplemented:
 * kmem_cache_create()'s geometry, kmem_cache_grow() with colouring, the
 * slabs_full/partial/free lists, the STATS counters, kmem_cache_shrink(),
 * kmem_cache_reap(), the SMP per-CPU arrays, the general caches size-32 ...
 * size-131072 and their DMA twins, /proc/slabinfo 1.1, and the checks of
 * CONFIG_DEBUG_SLAB (red zones, poison, double free) reported as the kernel
 * reported them, with simulated addresses.
 *
 * Slab descriptors and free lists live in host structures, which are the
 * truth; their bytes are mirrored into simulated memory (slab_t and the
 * bufctl array, the kmem_cache_t list heads, the per-CPU arrays) so that a
 * view sees what the kernel kept there. Red zones and poison exist only in
 * simulated memory. A kernel BUG() is reported, never executed: the
 * operation stops, the machine stays consistent. Never prints.
 */
#include "slab24.h"

#include <stdio.h>
#include <string.h>

/* ---- simulated memory ------------------------------------------------------ */

#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define NOINLINE
#define ALWAYS_INLINE inline
#endif

static NOINLINE void put_at_slow(skl_kernel *k, skl_addr a, unsigned width, uint64_t v)
{
	uint8_t *b = a ? skl__bytes(k, a, width) : NULL;
	if (b)
		skl__put_word(k, b, width, v);
}

/* Mirrors a word into simulated memory; the allocators' most frequent
 * store, so a 4- or 8-byte little-endian word in an initialised page is
 * one host store. */
static inline void put_at(skl_kernel *k, skl_addr a, unsigned width, uint64_t v)
{
	const s24_machine *m = MACH(k);
	uint8_t *b;
	if (m->fast_words && (width == 4 || width == 8) && (b = skl__bytes_quick(k, m->page_shift, a, width)) != NULL)
		skl__st_word(k, b, width, 0, v);
	else
		put_at_slow(k, a, width, v);
}

/* 0 and *v = 0 when the bytes are outside RAM */
static uint64_t get_at(skl_kernel *k, skl_addr a, unsigned width)
{
	const s24_machine *m = MACH(k);
	uint8_t *b;
	if (m->fast_words && (width == 4 || width == 8) && (b = skl__bytes_quick(k, m->page_shift, a, width)) != NULL)
		return skl__ld_word(k, b, width, 0);
	b = skl__bytes(k, a, width);
	return b ? skl__get_word(k, b, width) : 0;
}

/*
 * The host bytes of len simulated bytes at a, for metadata that is written
 * on every allocation (list nodes, slab_t and its bufctl array): taken once
 * when the structure is made, so that each later store is a plain host
 * store. A page stays initialised once it is, and the arena never moves, so
 * the pointer holds as long as the structure. NULL when the words are not
 * 4 or 8 little-endian bytes, or a is outside RAM (cache_cache's list heads
 * in the kernel image): the stores then go the general way.
 */
static uint8_t *host_of(skl_kernel *k, skl_addr a, size_t len)
{
	const s24_machine *m = MACH(k);
	if (!a || !m->fast_words || (m->p.ptr != 4 && m->p.ptr != 8) || (m->p.ulong != 4 && m->p.ulong != 8))
		return NULL;
	return skl__bytes(k, a, len);
}

static inline void st_host(uint8_t *b, unsigned width, uint64_t v)
{
	if (width == 8) {
		memcpy(b, &v, 8);
	} else {
		uint32_t x = (uint32_t)v;
		memcpy(b, &x, 4);
	}
}

static uint64_t peek_at(const skl_kernel *k, skl_addr a, unsigned width, int *ok)
{
	const uint8_t *b = skl__bytes_peek(k, a, width);
	if (ok)
		*ok = b != NULL;
	return b ? skl__get_word(k, b, width) : 0;
}

/* ---- cache-model touches of the allocator's own data ------------------------
 *
 * What kmem_cache_alloc/free read and write besides the object, at the
 * simulated addresses they live at: slab_t's fields and the bufctl array
 * (on-slab after the colour, or in the off-slab cache's object), the list
 * heads of kmem_cache_t, the per-CPU arrays (cpucache_t) on SMP and, with
 * CONFIG_DEBUG_SLAB, red-zone words and poison checks. Each site below
 * says which kernel statement it stands for. kernel.c groups one
 * allocator call's touches into one "meta" operation. */

enum { ST_LIST, ST_COLOUROFF, ST_S_MEM, ST_INUSE, ST_FREE };

static void st_touch(skl_kernel *k, const s24_slab *s, int field, int write)
{
	static const char *const names[] = {"list", "colouroff", "s_mem", "inuse", "free"};
	const s24_params *p = &MACH(k)->p;
	unsigned off = 0, len = 2 * p->ptr;
	switch (field) {
	case ST_COLOUROFF:
		off = p->off_colouroff, len = p->ulong;
		break;
	case ST_S_MEM:
		off = p->off_s_mem, len = p->ptr;
		break;
	case ST_INUSE:
		off = p->off_inuse, len = 4;
		break;
	case ST_FREE:
		off = p->off_free, len = 4;
		break;
	}
	skl_kernel_touch_as(k, s->mgmt + off, len, write, "meta", "slab_t", names[field], s->mgmt);
}

static void bufctl_touch(skl_kernel *k, const s24_slab *s, unsigned i, int write)
{
	skl_addr base = s->mgmt + MACH(k)->p.slab_t;
	skl_kernel_touch_as(k, base + (skl_addr)i * S24_BUFCTL_SIZE, S24_BUFCTL_SIZE, write, "meta", "bufctl", NULL,
			    base);
}

/* entry -1: cpucache_t.avail; else cpucache_t's entry */
static void cc_touch(skl_kernel *k, const s24_cpucache *cc, int entry, int write)
{
	unsigned w = MACH(k)->p.ptr;
	if (entry < 0)
		skl_kernel_touch_as(k, cc->addr, 4, write, "meta", "cpucache_t", "avail", cc->addr);
	else
		skl_kernel_touch_as(k, cc->addr + 8 + (skl_addr)entry * w, w, write, "meta", "cpucache_t", "entry",
				    cc->addr);
}

/* list_add/list_del's stores into a node, for the cache model: slab_t.list or a kmem_cache_t head */
static void list_touch(skl_kernel *k, const s24_list *n)
{
	static const char *const heads[] = {"slabs_full", "slabs_partial", "slabs_free"};
	unsigned w = MACH(k)->p.ptr;
	if (n->head < 0)
		skl_kernel_touch_as(k, n->addr, 2 * w, 1, "meta", "slab_t", "list", n->addr);
	else
		skl_kernel_touch_as(k, n->addr, 2 * w, 1, "meta", "kmem_cache_t", heads[n->head % 3],
				    n->addr - (skl_addr)(n->head % 3) * 2 * w);
}

/* list_sync() for a node without host bytes */
static NOINLINE void list_put_slow(skl_kernel *k, const s24_list *n)
{
	const s24_machine *m = MACH(k);
	unsigned w = m->p.ptr;
	uint8_t *b;
	if (m->fast_words && (w == 4 || w == 8) && (b = skl__bytes_quick(k, m->page_shift, n->addr, 2 * w)) != NULL) {
		skl__st_word(k, b, w, 0, n->next->addr);
		skl__st_word(k, b + w, w, 0, n->prev->addr);
	} else {
		put_at(k, n->addr, w, n->next->addr);
		put_at(k, n->addr + w, w, n->prev->addr);
	}
}

/* writes a list node's next and prev into simulated memory */
static inline void list_sync(skl_kernel *k, const s24_list *n)
{
	if (n->host) {
		unsigned w = MACH(k)->p.ptr;
		st_host(n->host, w, n->next->addr);
		st_host(n->host + w, w, n->prev->addr);
	} else {
		list_put_slow(k, n);
	}
	if (SKL__TOUCHING(k))
		list_touch(k, n);
}

static void list_init(skl_kernel *k, s24_list *h, skl_addr addr)
{
	h->next = h->prev = h;
	h->addr = addr;
	h->host = host_of(k, addr, 2 * (size_t)MACH(k)->p.ptr);
	list_sync(k, h);
}

static void list_del(skl_kernel *k, s24_list *e)
{
	e->prev->next = e->next;
	e->next->prev = e->prev;
	list_sync(k, e->prev);
	list_sync(k, e->next);
}

static void list_add(skl_kernel *k, s24_list *e, s24_list *h)
{
	e->next = h->next;
	e->prev = h;
	h->next->prev = e;
	h->next = e;
	list_sync(k, e);
	list_sync(k, e->next);
	list_sync(k, h);
}

static void list_add_tail(skl_kernel *k, s24_list *e, s24_list *h)
{
	e->prev = h->prev;
	e->next = h;
	h->prev->next = e;
	h->prev = e;
	list_sync(k, e);
	list_sync(k, e->prev);
	list_sync(k, h);
}

static int list_empty(const s24_list *h)
{
	return h->next == h;
}

/* a node whose next and prev are both to: its host bytes, w = 4 or 8 */
static inline void node_put_to(uint8_t *host, skl_addr to, unsigned w)
{
	if (w == 8) {
		uint64_t v[2] = {to, to};
		memcpy(host, v, sizeof(v));
	} else {
		uint32_t v[2] = {(uint32_t)to, (uint32_t)to};
		memcpy(host, v, sizeof(v));
	}
}

/* a node's next and prev into its host bytes, w = 4 or 8 */
static inline void node_put(const s24_list *n, unsigned w)
{
	if (w == 8) {
		uint64_t v[2] = {n->next->addr, n->prev->addr};
		memcpy(n->host, v, sizeof(v));
	} else {
		uint32_t v[2] = {(uint32_t)n->next->addr, (uint32_t)n->prev->addr};
		memcpy(n->host, v, sizeof(v));
	}
}

/* slab_move()'s stores: each node changed, once. w = 4 or 8 when every
 * node has host bytes (the word size then known to the compiler), else 0 */
static ALWAYS_INLINE void node_write(skl_kernel *k, const s24_list *n, unsigned w)
{
	if (w)
		node_put(n, w);
	else
		list_sync(k, n);
}

static ALWAYS_INLINE void nodes_write(skl_kernel *k, const s24_list *p, const s24_list *n, const s24_list *e,
				      const s24_list *h, unsigned w)
{
	node_write(k, p, w);
	if (n != p)
		node_write(k, n, w);
	node_write(k, e, w);
	if (e->next != p && e->next != n)
		node_write(k, e->next, w);
	if (h != p && h != n && h != e->next)
		node_write(k, h, w);
}

/* slab_move() with a cache model, which sees every store of list_del and list_add */
static NOINLINE void slab_move_model(skl_kernel *k, s24_list *e, s24_list *h)
{
	list_del(k, e);
	list_add(k, e, h);
}

/* slab_move()'s stores when a node has no host bytes */
static NOINLINE void nodes_sync(skl_kernel *k, const s24_list *p, const s24_list *n, const s24_list *e,
				const s24_list *h)
{
	nodes_write(k, p, n, e, h, 0);
}

static inline void slab_move(skl_kernel *k, s24_cache *sc, s24_slab *s, int which)
{
	s24_list *e = &s->list, *p, *n, *h = &sc->lists[which];
	s->which = which;
	if (SKL__TOUCHING(k)) {
		slab_move_model(k, e, h);
		return;
	}
	/* Without a model only the final bytes matter: the same pointer moves,
	 * then each node they changed is written once (list_del and list_add
	 * write the old neighbours and the list head twice when the lists are
	 * short, as they are when a slab goes between free and partial). */
	p = e->prev;
	n = e->next;
	if (p == n && h->next == h && p->host && e->host && h->host) {
		/* e alone on its list, onto an empty one (a cache of one slab
		 * going between free and partial on every pair): the old head
		 * empty, e and the new head pointing at each other both ways */
		skl_addr pa = p->addr, ea = e->addr, ha = h->addr;
		p->next = p->prev = p;
		e->next = e->prev = h;
		h->next = h->prev = e;
		if (MACH(k)->p.ptr == 8) {
			node_put_to(p->host, pa, 8);
			node_put_to(e->host, ha, 8);
			node_put_to(h->host, ea, 8);
		} else {
			node_put_to(p->host, pa, 4);
			node_put_to(e->host, ha, 4);
			node_put_to(h->host, ea, 4);
		}
		return;
	}
	p->next = n;
	n->prev = p;
	e->next = h->next;
	e->prev = h;
	h->next->prev = e;
	h->next = e;
	if (!p->host || !n->host || !e->host || !e->next->host || !h->host)
		nodes_sync(k, p, n, e, h);
	else if (MACH(k)->p.ptr == 8)
		nodes_write(k, p, n, e, h, 8);
	else
		nodes_write(k, p, n, e, h, 4);
}

/* writes slab_t's inuse and free, the fields an allocation or a free
 * changes (kmem_cache_alloc_one_tail() and kmem_cache_free_one() write
 * nothing else of slab_t) */
static inline void slab_sync_counts(skl_kernel *k, const s24_slab *s)
{
	const s24_params *p = &MACH(k)->p;
	if (!s->mhost) {
		put_at(k, s->mgmt + p->off_inuse, 4, s->inuse);
		put_at(k, s->mgmt + p->off_free, 4, s->free);
		return;
	}
	st_host(s->mhost + p->off_inuse, 4, s->inuse);
	st_host(s->mhost + p->off_free, 4, s->free);
}

/* writes all of slab_t but its list: colouroff and s_mem, which stay as
 * the slab was made, then inuse and free */
static void slab_sync_hdr(skl_kernel *k, const s24_slab *s)
{
	const s24_params *p = &MACH(k)->p;
	if (s->mhost) {
		st_host(s->mhost + p->off_colouroff, p->ulong, s->s_mem - s->base);
		st_host(s->mhost + p->off_s_mem, p->ptr, s->s_mem);
	} else {
		put_at(k, s->mgmt + p->off_colouroff, p->ulong, s->s_mem - s->base);
		put_at(k, s->mgmt + p->off_s_mem, p->ptr, s->s_mem);
	}
	slab_sync_counts(k, s);
}

static inline void slab_sync_bufctl(skl_kernel *k, const s24_slab *s, unsigned i)
{
	if (s->mhost) {
		st_host(s->mhost + MACH(k)->p.slab_t + (size_t)i * S24_BUFCTL_SIZE, 4, s->bufctl[i]);
		return;
	}
	put_at(k, s->mgmt + MACH(k)->p.slab_t + (skl_addr)i * S24_BUFCTL_SIZE, 4, s->bufctl[i]);
}

static skl_addr slot_of(const s24_cache *sc, const s24_slab *s, unsigned i)
{
	return s->s_mem + (skl_addr)i * sc->objsize;
}

static unsigned rz_bytes(const skl_kernel *k, const s24_cache *sc)
{
	return (sc->flags & K_RED_ZONE) ? MACH(k)->p.bpw : 0;
}

static void rz_touch(skl_kernel *k, const s24_cache *sc, skl_addr slot, int write)
{
	unsigned w = MACH(k)->p.bpw;
	skl_kernel_touch_as(k, slot, w, write, "meta", "redzone", NULL, slot);
	skl_kernel_touch_as(k, slot + sc->objsize - w, w, write, "meta", "redzone", NULL, slot);
}

static void rz_set(skl_kernel *k, const s24_cache *sc, skl_addr slot, uint64_t magic)
{
	unsigned w = MACH(k)->p.bpw;
	put_at(k, slot, w, magic);
	put_at(k, slot + sc->objsize - w, w, magic);
	rz_touch(k, sc, slot, 1); /* *(unsigned long *)objp = RED_MAGIC; and the last word */
}

/* models kmem_poison_obj() */
static void poison_obj(skl_kernel *k, const s24_cache *sc, skl_addr slot)
{
	size_t size = sc->objsize - 2 * (size_t)rz_bytes(k, sc);
	uint8_t *b = skl__bytes(k, slot + rz_bytes(k, sc), size);
	if (!b)
		return;
	memset(b, S24_POISON_BYTE, size);
	b[size - 1] = S24_POISON_END;
	/* kmem_poison_obj(): memset(addr, POISON_BYTE, size) */
	skl_kernel_touch(k, slot + rz_bytes(k, sc), size, 1, "meta");
}

/* models kmem_check_poison_obj(): 1 when the first 0xa5 is not the last byte */
static int poison_bad(const skl_kernel *k, const s24_cache *sc, skl_addr slot)
{
	size_t size = sc->objsize - 2 * (size_t)rz_bytes(k, sc);
	const uint8_t *b = skl__bytes_peek(k, slot + rz_bytes(k, sc), size);
	const uint8_t *end;
	if (!b)
		return 1;
	end = memchr(b, S24_POISON_END, size);
	return end != b + size - 1;
}

/* stricter than the kernel: any byte that is not the pattern (for views) */
static int poison_damaged(const skl_kernel *k, const s24_cache *sc, skl_addr slot)
{
	size_t size = sc->objsize - 2 * (size_t)rz_bytes(k, sc), i;
	const uint8_t *b = skl__bytes_peek(k, slot + rz_bytes(k, sc), size);
	if (!b)
		return 1;
	for (i = 0; i + 1 < size; i++)
		if (b[i] != S24_POISON_BYTE)
			return 1;
	return b[size - 1] != S24_POISON_END;
}

/* ---- reports ------------------------------------------------------------------ */

/* A report as the kernel printed it (pre = a printk before the BUG, line =
 * the BUG() in 2.4.16's mm/slab.c, -1 = the printk alone, 0 = sklab's own
 * check, which the kernel does not make), then what sklab found. Appends an SKL_EV_BUG event and
 * sets err to the first line and the finding. Returns -1. */
static int report(skl_kernel *k, const char *cache, skl_addr addr, uint64_t size, const char *pre, int line,
		  skl_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 8, 9)))
#endif
    ;

static int report(skl_kernel *k, const char *cache, skl_addr addr, uint64_t size, const char *pre, int line,
		  skl_error *err, const char *fmt, ...)
{
	char what[320], text[640];
	const char *nl;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (line > 0)
		snprintf(text, sizeof(text), "%s%skernel BUG at slab.c:%d!\ninvalid operand: 0000\nsklab: %s",
			 pre ? pre : "", pre ? "\n" : "", line, what);
	else if (line < 0 && pre)
		snprintf(text, sizeof(text), "%s\nsklab: %s", pre, what);
	else
		snprintf(text, sizeof(text), "sklab: %s", what);
	skl_kernel_event(k, SKL_EV_BUG, cache, addr, size, text);
	nl = strchr(text, '\n');
	if (line > 0 || (line < 0 && pre))
		skl_errorf(err, "%.*s (%s)", nl ? (int)(nl - text) : (int)strlen(text), text, what);
	else
		skl_errorf(err, "%s", what);
	return -1;
}

/* 2.4's %lx/%p: the address in hex without 0x */
static unsigned long long ulx(skl_addr a)
{
	return (unsigned long long)a;
}

/* ---- the chain (registry order: kmem_cache, newest ... oldest) ------------- */

static int chain_index(const skl_kernel *k, const skl_cache *c)
{
	int i, n = skl_kernel_ncaches(k);
	for (i = 0; i < n; i++)
		if (skl_kernel_cache_at(k, i) == c)
			return i;
	return -1;
}

static skl_cache *chain_next(const skl_kernel *k, const skl_cache *c)
{
	int n = skl_kernel_ncaches(k), i = chain_index(k, c);
	return skl_kernel_cache_at(k, i < 0 ? 0 : (i + 1) % n);
}

static int s24_order(const skl_kernel *k, int i)
{
	return i == 0 ? 0 : k->ncaches - i;
}

/* ---- allocation ------------------------------------------------------------- */

static skl_addr cache_alloc(skl_cache *c, skl_error *err);
static int cache_free(skl_cache *c, skl_addr objp, skl_error *err);
static int free_one(skl_cache *c, skl_addr objp, skl_error *err);

static skl_cache *general_cache(const s24_machine *m, size_t n, int dma)
{
	int i;
	for (i = 0; i < m->ncs; i++)
		if (n <= m->cs_size[i])
			return dma ? m->csdma[i] : m->cs[i];
	return NULL;
}

/* kmem_cache_alloc() for the allocator's own needs, as an event */
static skl_addr internal_alloc(skl_cache *c, const char *why, skl_error *err)
{
	skl_addr a = cache_alloc(c, err);
	if (a)
		skl_kernel_event(c->k, SKL_EV_ALLOC, c->name, a, c->object_size, why);
	return a;
}

static void internal_free(skl_cache *c, skl_addr a, const char *why)
{
	if (cache_free(c, a, NULL) == 0)
		skl_kernel_event(c->k, SKL_EV_FREE, c->name, a, c->object_size, why);
}

static skl_addr internal_kmalloc(skl_kernel *k, size_t n, const char *why, skl_error *err)
{
	skl_cache *c = general_cache(MACH(k), n, 0);
	skl_addr a;
	if (!c)
		return skl_errorf(err, "kmalloc(%zu): too large", n), 0;
	a = cache_alloc(c, err);
	if (a)
		skl_kernel_event(k, SKL_EV_KMALLOC, c->name, a, n, why);
	return a;
}

static void internal_kfree(skl_kernel *k, skl_addr a, const char *why)
{
	skl__page *pg = skl__page_of(k, a);
	if (!pg || !pg->cache)
		return;
	if (cache_free(pg->cache, a, NULL) == 0)
		skl_kernel_event(k, SKL_EV_KFREE, pg->cache->name, a, pg->cache->object_size, why);
}

/* models kmem_cache_grow(): one more slab at the tail of slabs_free */
static int grow(skl_cache *c, skl_error *err)
{
	skl_kernel *k = c->k;
	s24_machine *m = MACH(k);
	s24_cache *sc = SC(c);
	s24_slab *s;
	size_t offset, bytes = (size_t)m->p.page << sc->gfporder;
	unsigned i;
	char detail[160];

	offset = sc->colour_next;
	sc->colour_next++;
	if (sc->colour_next >= sc->colour)
		sc->colour_next = 0;
	offset *= sc->colour_off;
	sc->dflags |= DFLGS_GROWN;
	sc->growing++;

	s = skl_calloc(1, sizeof(*s));
	if (s) {
		s->bufctl = skl_calloc(sc->num, sizeof(*s->bufctl));
		s->lost = skl_calloc(sc->num, 2);
		s->onfree = s->lost ? s->lost + sc->num : NULL;
	}
	if (!s || !s->bufctl || !s->lost) {
		skl_errorf(err, "out of memory (host)");
		goto out_slab;
	}
	s->base = skl__pages_alloc_slab(k, sc->gfporder, c, s);
	if (!s->base) {
		skl_errorf(err, "out of memory: cache %s needs %zu bytes for a slab", c->name, bytes);
		goto out_slab;
	}
	/* models kmem_cache_slabmgmt() */
	if (sc->flags & CFLGS_OFF_SLAB) {
		char why[64];
		snprintf(why, sizeof(why), "slab_t of a %s slab", c->name);
		s->mgmt = internal_alloc(sc->slabp_cache, why, err);
		if (!s->mgmt)
			goto out_pages;
		s->s_mem = s->base + offset;
	} else {
		s->mgmt = s->base + offset;
		s->s_mem = s->base + offset + sc->slab_size;
	}
	s->colour_bytes = (unsigned)offset;
	s->list.addr = s->mgmt;
	s->list.head = -1;
	s->mhost = host_of(k, s->mgmt, m->p.slab_t + (size_t)sc->num * S24_BUFCTL_SIZE);
	s->list.host = s->mhost;

	/* models kmem_cache_init_objs() */
	for (i = 0; i < sc->num; i++) {
		skl_addr slot = slot_of(sc, s, i);
		if (sc->flags & K_RED_ZONE)
			rz_set(k, sc, slot, S24_RED_MAGIC1);
		if (sc->flags & K_POISON)
			poison_obj(k, sc, slot);
		s->bufctl[i] = i + 1;
		s->onfree[i] = 1;
	}
	s->bufctl[sc->num - 1] = S24_BUFCTL_END;
	s->free = 0;
	s->inuse = 0;
	slab_sync_hdr(k, s);
	for (i = 0; i < sc->num; i++)
		slab_sync_bufctl(k, s, i);
	if (SKL__TOUCHING(k)) {
		/* kmem_cache_slabmgmt(): slabp->inuse = 0, colouroff, s_mem; init_objs: every bufctl */
		skl_kernel_touch_as(k, s->mgmt + m->p.off_colouroff, m->p.slab_t - m->p.off_colouroff, 1, "meta",
				    "slab_t", NULL, s->mgmt);
		skl_kernel_touch_as(k, s->mgmt + m->p.slab_t, (uint64_t)sc->num * S24_BUFCTL_SIZE, 1, "meta", "bufctl",
				    NULL, s->mgmt + m->p.slab_t);
	}

	sc->growing--;
	list_add_tail(k, &s->list, &sc->lists[S24_FREE]);
	s->which = S24_FREE;
	sc->grown++;
	if (k->log) { /* the detail is formatted only for a log */
		snprintf(detail, sizeof(detail), "colour %u (+%zu bytes), s_mem %#llx, %s slab_t at %#llx",
			 sc->colour ? (unsigned)(offset / sc->colour_off) : 0, offset, (unsigned long long)s->s_mem,
			 (sc->flags & CFLGS_OFF_SLAB) ? "off-slab" : "on-slab", (unsigned long long)s->mgmt);
		skl_kernel_event(k, SKL_EV_GROW, c->name, s->base, bytes, detail);
	}
	return 1;

out_pages:
	skl__pages_free_slab(k, s->base, sc->gfporder);
out_slab:
	if (s) {
		skl_free(s->bufctl);
		skl_free(s->lost);
		skl_free(s);
	}
	sc->growing--;
	return 0;
}

/* kmem_cache_alloc_one()'s choice: the first partial slab, else the first
 * free one moved to slabs_partial; NULL = grow */
static s24_slab *pick_slab(skl_kernel *k, s24_cache *sc)
{
	s24_slab *s;
	if (!list_empty(&sc->lists[S24_PARTIAL]))
		return (s24_slab *)sc->lists[S24_PARTIAL].next;
	if (list_empty(&sc->lists[S24_FREE]))
		return NULL;
	s = (s24_slab *)sc->lists[S24_FREE].next;
	slab_move(k, sc, s, S24_PARTIAL);
	return s;
}

/* kmem_cache_alloc_one_tail()'s bookkeeping: the slab's first free object
 * is taken and counted, slab_t written (*idx: its index) */
static inline skl_addr alloc_one_core(skl_kernel *k, s24_cache *sc, s24_slab *s, unsigned *idx)
{
	unsigned i;
	skl_addr slot;
	sc->num_allocations++;
	sc->num_active++;
	if (sc->num_active > sc->high_mark)
		sc->high_mark = sc->num_active;
	s->inuse++;
	i = s->free;
	slot = slot_of(sc, s, i);
	s->free = s->bufctl[i];
	s->onfree[i] = 0;
	slab_sync_counts(k, s);
	*idx = i;
	return slot;
}

/* models kmem_cache_alloc_one_tail(); 0 after a BUG() (the object is lost,
 * as it was in the kernel: it was unlinked before the check) */
static skl_addr alloc_one_tail(skl_cache *c, s24_slab *s, skl_error *err)
{
	skl_kernel *k = c->k;
	s24_cache *sc = SC(c);
	unsigned w = MACH(k)->p.bpw, i;
	skl_addr slot = alloc_one_core(k, sc, s, &i);
	uint64_t old;

	if (SKL__TOUCHING(k)) {
		st_touch(k, s, ST_INUSE, 0); /* slabp->inuse++ */
		st_touch(k, s, ST_INUSE, 1);
		st_touch(k, s, ST_S_MEM, 0); /* objp = slabp->s_mem + slabp->free * cachep->objsize */
		st_touch(k, s, ST_FREE, 0);
		bufctl_touch(k, s, i, 0); /* slabp->free = slab_bufctl(slabp)[slabp->free] */
		st_touch(k, s, ST_FREE, 1);
	}
	if (s->free == S24_BUFCTL_END)
		slab_move(k, sc, s, S24_FULL);

	if ((sc->flags & K_POISON) && SKL__TOUCHING(k)) /* kmem_check_poison_obj(): memchr over the object */
		skl_kernel_touch(k, slot + rz_bytes(k, sc), sc->objsize - 2 * (size_t)rz_bytes(k, sc), 0, "meta");
	if ((sc->flags & K_POISON) && poison_bad(k, sc, slot)) {
		s->lost[i] = 1;
		return report(k, c->name, slot + rz_bytes(k, sc), sc->objsize, NULL, L_ALLOC_POISON, err,
			      "kmem_cache_alloc(%s): free object %#llx was written after it was freed "
			      "(poison 0x5a..0xa5 damaged); the object is lost",
			      c->name, (unsigned long long)(slot + rz_bytes(k, sc))),
		       (skl_addr)0;
	}
	if (sc->flags & K_RED_ZONE) {
		if (SKL__TOUCHING(k)) { /* xchg((unsigned long *)objp, RED_MAGIC2) at both ends */
			rz_touch(k, sc, slot, 0);
			rz_touch(k, sc, slot, 1);
		}
		old = get_at(k, slot, w);
		put_at(k, slot, w, S24_RED_MAGIC2);
		if (old != S24_RED_MAGIC1) {
			s->lost[i] = 1;
			return report(k, c->name, slot + w, sc->objsize, NULL, L_ALLOC_RZ1, err,
				      "kmem_cache_alloc(%s): red zone before free object %#llx is %#llx, not "
				      "RED_MAGIC1 %#lx: something wrote before its start; the object is lost",
				      c->name, (unsigned long long)(slot + w), (unsigned long long)old, S24_RED_MAGIC1),
			       (skl_addr)0;
		}
		old = get_at(k, slot + sc->objsize - w, w);
		put_at(k, slot + sc->objsize - w, w, S24_RED_MAGIC2);
		if (old != S24_RED_MAGIC1) {
			s->lost[i] = 1;
			return report(k, c->name, slot + w, sc->objsize, NULL, L_ALLOC_RZ2, err,
				      "kmem_cache_alloc(%s): red zone after free object %#llx is %#llx, not "
				      "RED_MAGIC1 %#lx: something wrote past its end; the object is lost",
				      c->name, (unsigned long long)(slot + w), (unsigned long long)old, S24_RED_MAGIC1),
			       (skl_addr)0;
		}
		slot += w;
	}
	return slot;
}

static void cc_sync(skl_kernel *k, const s24_cpucache *cc, int entry)
{
	put_at(k, cc->addr, 4, cc->avail);
	if (entry >= 0)
		put_at(k, cc->addr + 8 + (skl_addr)entry * MACH(k)->p.ptr, MACH(k)->p.ptr, cc->entry[entry]);
}

/* models kmem_cache_alloc_batch(): refill the CPU's array */
static skl_addr alloc_batch(skl_cache *c, s24_cpucache *cc, int *bugged, skl_error *err)
{
	skl_kernel *k = c->k;
	s24_cache *sc = SC(c);
	unsigned n = sc->batchcount;
	while (n--) {
		s24_slab *s = pick_slab(k, sc);
		skl_addr o;
		if (!s)
			break;
		o = alloc_one_tail(c, s, err);
		if (!o) {
			*bugged = 1;
			break;
		}
		cc->entry[cc->avail] = o;
		cc_sync(k, cc, (int)cc->avail);
		if (SKL__TOUCHING(k)) /* cc_entry(cc)[cc->avail++] = objp */
			cc_touch(k, cc, (int)cc->avail, 1);
		cc->avail++;
	}
	cc_sync(k, cc, -1);
	if (SKL__TOUCHING(k))
		cc_touch(k, cc, -1, 1);
	if (*bugged)
		return 0;
	if (cc->avail) {
		cc->avail--;
		cc_sync(k, cc, -1);
		if (SKL__TOUCHING(k)) { /* return cc_entry(cc)[--cc->avail] */
			cc_touch(k, cc, -1, 1);
			cc_touch(k, cc, (int)cc->avail, 0);
		}
		return cc->entry[cc->avail];
	}
	return 0;
}

/* models __kmem_cache_alloc() */
static skl_addr cache_alloc(skl_cache *c, skl_error *err)
{
	skl_kernel *k = c->k;
	s24_machine *m = MACH(k);
	s24_cache *sc = SC(c);
	s24_cpucache *cc;
	skl_addr o;
	int bugged;

	for (;;) {
		cc = m->p.smp && k->cpu < S24_NR_CPUS ? sc->cpudata[k->cpu] : NULL;
		if (cc) {
			if (SKL__TOUCHING(k)) /* if (cc->avail) */
				cc_touch(k, cc, -1, 0);
			if (cc->avail) {
				sc->allochit++;
				cc->avail--;
				cc_sync(k, cc, -1);
				if (SKL__TOUCHING(k)) { /* objp = cc_entry(cc)[--cc->avail] */
					cc_touch(k, cc, -1, 1);
					cc_touch(k, cc, (int)cc->avail, 0);
				}
				return cc->entry[cc->avail];
			}
			sc->allocmiss++;
			bugged = 0;
			o = alloc_batch(c, cc, &bugged, err);
			if (bugged)
				return 0;
			if (o)
				return o;
		} else {
			s24_slab *s = pick_slab(k, sc);
			if (s)
				return alloc_one_tail(c, s, err);
		}
		if (!grow(c, err))
			return 0;
	}
}

/* ---- free ----------------------------------------------------------------------- */

/* CHECK_PAGE(): the object must be in RAM, in a slab page */
static int check_page(skl_kernel *k, const char *cache, skl_addr objp, int line, const char *fn, skl_error *err)
{
	skl__page *pg = skl__page_fast(k, MACH(k)->page_shift, objp);
	char pre[80];
	if (MACH(k)->p.debug) {
		if (!pg) {
			snprintf(pre, sizeof(pre), "kfree: out of range ptr %llxh.", ulx(objp));
			return report(k, cache, objp, 0, pre, line, err, "%s(%#llx): the address is not in RAM", fn,
				      (unsigned long long)objp);
		}
		if (!pg->cache) {
			snprintf(pre, sizeof(pre), "kfree: bad ptr %llxh.", ulx(objp));
			return report(k, cache, objp, 0, pre, line, err, "%s(%#llx): the page is not a slab page", fn,
				      (unsigned long long)objp);
		}
		return 0;
	}
	if (!pg || !pg->cache)
		return report(k, cache, objp, 0, NULL, 0, err,
			      "%s(%#llx): not a slab object; without CONFIG_DEBUG_SLAB 2.4 does not check this and "
			      "would corrupt memory, so the free was refused",
			      fn, (unsigned long long)objp);
	return 0;
}

/* kmem_cache_free_one()'s bookkeeping: object objnr goes back on the
 * slab's free list, and the slab to the list it now belongs on */
static ALWAYS_INLINE void free_one_core(skl_kernel *k, s24_cache *sc, s24_slab *s, unsigned objnr)
{
	int was_full;
	s->lost[objnr] = 0;
	s->onfree[objnr] = 1;
	s->bufctl[objnr] = s->free;
	s->free = objnr;
	sc->num_active--;
	was_full = s->inuse == sc->num;
	s->inuse--;
	slab_sync_bufctl(k, s, objnr);
	slab_sync_counts(k, s);
	if (!s->inuse)
		slab_move(k, sc, s, S24_FREE);
	else if (was_full)
		slab_move(k, sc, s, S24_PARTIAL);
}

/* the free itself, once every check passed: object objnr of s, at slot */
static inline void free_one_tail(skl_kernel *k, s24_cache *sc, s24_slab *s, unsigned objnr, skl_addr slot)
{
	if (sc->flags & K_RED_ZONE)
		rz_set(k, sc, slot, S24_RED_MAGIC1);
	if (sc->flags & K_POISON)
		poison_obj(k, sc, slot);
	free_one_core(k, sc, s, objnr);
}

/* models kmem_cache_free_one() with kmem_extra_free_checks(); the checks
 * come first and a failed one changes nothing */
static int free_one(skl_cache *c, skl_addr objp, skl_error *err)
{
	skl_kernel *k = c->k;
	s24_machine *m = MACH(k);
	s24_cache *sc = SC(c);
	unsigned w = m->p.bpw, objnr, i;
	skl__page *pg = skl__page_fast(k, m->page_shift, objp);
	s24_slab *s;
	skl_addr slot = objp;
	int was_full;
	char pre[80];

	if (m->p.debug && (!pg || !pg->cache)) {
		snprintf(pre, sizeof(pre), "kfree: %s ptr %llxh.", pg ? "bad" : "out of range", ulx(objp));
		return report(k, c->name, objp, sc->objsize, pre, L_FREEONE_CHECK, err,
			      "kmem_cache_free(%s, %#llx): the page is no longer a slab page", c->name,
			      (unsigned long long)objp);
	}
	if (!pg || pg->cache != c)
		return report(k, c->name, objp, sc->objsize, NULL, 0, err,
			      "kmem_cache_free(%s, %#llx): the page belongs to %s; 2.4 does not check this here "
			      "and would corrupt that cache, so the free was refused",
			      c->name, (unsigned long long)objp, pg && pg->cache ? pg->cache->name : "no cache");
	s = pg->slab;
	if (m->p.debug && (sc->flags & K_RED_ZONE)) {
		uint64_t w1, w2;
		slot = objp - w;
		if (SKL__TOUCHING(k)) /* xchg(objp - BYTES_PER_WORD, RED_MAGIC1) reads both ends first */
			rz_touch(k, sc, slot, 0);
		w1 = get_at(k, slot, w);
		if (w1 != S24_RED_MAGIC2)
			return report(k, c->name, objp, sc->objsize, NULL, L_FREE_RZ1, err,
				      "kmem_cache_free(%s, %#llx): red zone before the object is %#llx, not "
				      "RED_MAGIC2 %#lx: %s",
				      c->name, (unsigned long long)objp, (unsigned long long)w1, S24_RED_MAGIC2,
				      w1 == S24_RED_MAGIC1 ? "double free (the object is already free)"
							   : "a write before its start, or not an object's address");
		w2 = get_at(k, slot + sc->objsize - w, w);
		if (w2 != S24_RED_MAGIC2)
			return report(k, c->name, objp, sc->objsize, NULL, L_FREE_RZ2, err,
				      "kmem_cache_free(%s, %#llx): red zone after the object is %#llx, not "
				      "RED_MAGIC2 %#lx: %s",
				      c->name, (unsigned long long)objp, (unsigned long long)w2, S24_RED_MAGIC2,
				      w2 == S24_RED_MAGIC1 ? "double free" : "a write past its end (overrun)");
	}
	/* kmem_extra_free_checks() */
	objnr = slot < s->s_mem			? 0xffffffffu
		: slot - s->s_mem <= UINT32_MAX ? (uint32_t)(slot - s->s_mem) / (uint32_t)sc->objsize
						: (unsigned)((slot - s->s_mem) / sc->objsize);
	if (slot < s->s_mem || objnr >= sc->num)
		return report(k, c->name, objp, sc->objsize, NULL, m->p.debug ? L_XFREE_RANGE : 0, err,
			      "kmem_cache_free(%s, %#llx): not inside an object of slab %#llx (objects at "
			      "%#llx..%#llx)%s",
			      c->name, (unsigned long long)objp, (unsigned long long)s->base,
			      (unsigned long long)s->s_mem, (unsigned long long)(s->s_mem + sc->num * sc->objsize),
			      m->p.debug ? ""
					 : "; without CONFIG_DEBUG_SLAB 2.4 would corrupt the slab, so the "
					   "free was refused");
	if (slot != slot_of(sc, s, objnr))
		return report(k, c->name, objp, sc->objsize, NULL, m->p.debug ? L_XFREE_ALIGN : 0, err,
			      "kmem_cache_free(%s, %#llx): not the start of object %u (%#llx)%s", c->name,
			      (unsigned long long)objp, objnr,
			      (unsigned long long)(slot_of(sc, s, objnr) + rz_bytes(k, sc)),
			      m->p.debug ? ""
					 : "; without CONFIG_DEBUG_SLAB 2.4 would corrupt the slab, so the "
					   "free was refused");
	/* the kernel walks the free chain; onfree[] says the same in one step */
	if (s->onfree[objnr])
		return report(k, c->name, objp, sc->objsize, NULL, m->p.debug ? L_XFREE_DOUBLE : 0, err,
			      "kmem_cache_free(%s, %#llx): double free: object %u of slab %#llx is already "
			      "on its free list%s",
			      c->name, (unsigned long long)objp, objnr, (unsigned long long)s->base,
			      m->p.debug ? ""
					 : "; without CONFIG_DEBUG_SLAB 2.4 would link it twice and hand it "
					   "out twice, so the free was refused");

	if (SKL__TOUCHING(k)) {
		/* kmem_extra_free_checks() (DEBUG only): objnr from s_mem, the walk of the free chain */
		st_touch(k, s, ST_S_MEM, 0);
		if (m->p.debug) {
			st_touch(k, s, ST_FREE, 0);
			for (i = s->free, was_full = 0; i != S24_BUFCTL_END && was_full <= (int)sc->num;
			     i = s->bufctl[i], was_full++)
				bufctl_touch(k, s, i, 0);
		}
		/* kmem_cache_free_one(): bufctl[objnr] = slabp->free; slabp->free = objnr; --slabp->inuse */
		st_touch(k, s, ST_FREE, 0);
		bufctl_touch(k, s, objnr, 1);
		st_touch(k, s, ST_FREE, 1);
		st_touch(k, s, ST_INUSE, 0);
		st_touch(k, s, ST_INUSE, 1);
	}
	free_one_tail(k, sc, s, objnr, slot);
	return 0;
}

/* models free_block(): every entry leaves the array; -1 if one BUG()ged */
static int free_block(skl_cache *c, const skl_addr *objs, unsigned n)
{
	int rc = 0;
	unsigned i;
	for (i = 0; i < n; i++)
		if (free_one(c, objs[i], NULL) < 0)
			rc = -1;
	return rc;
}

/* models __kmem_cache_free() */
static int cache_free(skl_cache *c, skl_addr objp, skl_error *err)
{
	skl_kernel *k = c->k;
	s24_cache *sc = SC(c);
	s24_cpucache *cc = MACH(k)->p.smp && k->cpu < S24_NR_CPUS ? sc->cpudata[k->cpu] : NULL;
	if (cc) {
		if (SKL__TOUCHING(k)) /* if (cc->avail < cc->limit): avail and limit share a line */
			skl_kernel_touch_as(k, cc->addr, 8, 0, "meta", "cpucache_t", "avail", cc->addr);
		if (cc->avail < cc->limit) {
			sc->freehit++;
			cc->entry[cc->avail] = objp;
			cc_sync(k, cc, (int)cc->avail);
			if (SKL__TOUCHING(k)) { /* cc_entry(cc)[cc->avail++] = objp */
				cc_touch(k, cc, (int)cc->avail, 1);
				cc_touch(k, cc, -1, 1);
			}
			cc->avail++;
			cc_sync(k, cc, -1);
			return 0;
		}
		sc->freemiss++;
		cc->avail -= sc->batchcount;
		cc_sync(k, cc, -1);
		if (free_block(c, &cc->entry[cc->avail], sc->batchcount) < 0)
			return skl_errorf(err,
					  "kmem_cache_free(%s, %#llx): kernel BUG while flushing the per-CPU "
					  "array (see the report); the free did not happen",
					  c->name, (unsigned long long)objp);
		cc->entry[cc->avail] = objp;
		cc_sync(k, cc, (int)cc->avail);
		cc->avail++;
		cc_sync(k, cc, -1);
		return 0;
	}
	return free_one(c, objp, err);
}

/* kmem_cache_free() */
static int s24_free(skl_cache *c, skl_addr objp, skl_error *err)
{
	skl_kernel *k = c->k;
	skl__page *pg;
	if (check_page(k, c->name, objp, L_CFREE_CHECK, "kmem_cache_free", err) < 0)
		return -1;
	pg = skl__page_fast(k, MACH(k)->page_shift, objp);
	if (pg->cache != c) {
		if (MACH(k)->p.debug)
			return report(k, c->name, objp, SC(c)->objsize, NULL, L_CFREE_WRONG, err,
				      "kmem_cache_free(%s, %#llx): the object belongs to cache %s", c->name,
				      (unsigned long long)objp, pg->cache->name);
		return report(k, c->name, objp, SC(c)->objsize, NULL, 0, err,
			      "kmem_cache_free(%s, %#llx): the object belongs to cache %s; without "
			      "CONFIG_DEBUG_SLAB 2.4 does not check this and would corrupt both caches, so the free "
			      "was refused",
			      c->name, (unsigned long long)objp, pg->cache->name);
	}
	return cache_free(c, objp, err);
}

/* kfree() */
static int s24_kfree(skl_kernel *k, skl_addr objp, skl_error *err)
{
	if (!objp)
		return 0;
	if (check_page(k, "", objp, L_KFREE_CHECK, "kfree", err) < 0)
		return -1;
	return cache_free(skl__page_of(k, objp)->cache, objp, err);
}

static skl_addr s24_alloc(skl_cache *c, skl_error *err)
{
	return cache_alloc(c, err);
}

/* ---- the fast paths ------------------------------------------------------------------- */

/*
 * kmem_cache_alloc() and kmem_cache_free() when nothing can go wrong: no
 * CONFIG_DEBUG_SLAB, no red zone or poison (sc->fast: the machine calls
 * them only for a cache whose c->fast_state is set), no cache model, and
 * (for free) an object of this cache that is in use. They do what
 * cache_alloc() and s24_free() do then, with nothing else around them;
 * where those would check, report or grow, they return 0 having changed
 * nothing.
 */
static skl_addr s24_alloc_fast(skl_cache *c)
{
	skl_kernel *k = c->k;
	s24_cache *sc = SC(c);
	s24_cpucache *cc;
	s24_slab *s;
	skl_addr o;
	unsigned i;
	cc = MACH(k)->p.smp && k->cpu < S24_NR_CPUS ? sc->cpudata[k->cpu] : NULL;
	if (cc) {
		if (!cc->avail)
			return 0; /* alloc_batch() */
		sc->allochit++;
		cc->avail--;
		cc_sync(k, cc, -1);
		return cc->entry[cc->avail];
	}
	s = pick_slab(k, sc);
	if (!s)
		return 0;
	o = alloc_one_core(k, sc, s, &i); /* no debugging: nothing to check */
	if (s->free == S24_BUFCTL_END)
		slab_move(k, sc, s, S24_FULL);
	return o;
}

static int s24_free_fast(skl_cache *c, skl_addr objp)
{
	skl_kernel *k = c->k;
	s24_machine *m = MACH(k);
	s24_cache *sc = SC(c);
	s24_cpucache *cc;
	skl__page *pg;
	s24_slab *s;
	uint64_t off;
	uint32_t objnr;
	if (!(pg = skl__page_fast(k, m->page_shift, objp)) || pg->cache != c)
		return 0;
	cc = m->p.smp && k->cpu < S24_NR_CPUS ? sc->cpudata[k->cpu] : NULL;
	if (cc) {
		if (cc->avail >= cc->limit)
			return 0; /* free_block() */
		sc->freehit++;
		cc->entry[cc->avail] = objp;
		cc_sync(k, cc, (int)cc->avail);
		cc->avail++;
		cc_sync(k, cc, -1);
		return 1;
	}
	/* kmem_extra_free_checks(), with objnr from a multiplication */
	s = pg->slab;
	off = objp - s->s_mem;
	if (objp < s->s_mem || off >= (uint64_t)sc->num * sc->objsize)
		return 0;
	objnr = (uint32_t)((off * sc->recip) >> 32);
	if ((uint64_t)objnr * sc->objsize != off || s->onfree[objnr])
		return 0;
	free_one_core(k, sc, s, objnr);
	return 1;
}

/* ---- giving slabs back ------------------------------------------------------------ */

/* models kmem_slab_destroy(): the slab is already off its list */
static void slab_destroy(skl_cache *c, s24_slab *s, const char *why)
{
	skl_kernel *k = c->k;
	s24_machine *m = MACH(k);
	s24_cache *sc = SC(c);
	unsigned w = m->p.bpw, i;
	char detail[96];

	if (m->p.debug && (sc->flags & (K_RED_ZONE | K_POISON))) {
		for (i = 0; i < sc->num; i++) {
			skl_addr slot = slot_of(sc, s, i);
			if (sc->flags & K_RED_ZONE) {
				uint64_t w1 = get_at(k, slot, w), w2 = get_at(k, slot + sc->objsize - w, w);
				if (w1 != S24_RED_MAGIC1) {
					report(k, c->name, slot + w, sc->objsize, NULL, L_DESTROY_RZ1, NULL,
					       "%s of %s slab %#llx: red zone before free object %u is %#llx, not "
					       "RED_MAGIC1",
					       why, c->name, (unsigned long long)s->base, i, (unsigned long long)w1);
					continue;
				}
				if (w2 != S24_RED_MAGIC1) {
					report(k, c->name, slot + w, sc->objsize, NULL, L_DESTROY_RZ2, NULL,
					       "%s of %s slab %#llx: red zone after free object %u is %#llx, not "
					       "RED_MAGIC1",
					       why, c->name, (unsigned long long)s->base, i, (unsigned long long)w2);
					continue;
				}
			}
			if ((sc->flags & K_POISON) && poison_bad(k, sc, slot))
				report(k, c->name, slot + rz_bytes(k, sc), sc->objsize, NULL, L_DESTROY_POISON, NULL,
				       "%s of %s slab %#llx: free object %u was written after it was freed (poison "
				       "damaged)",
				       why, c->name, (unsigned long long)s->base, i);
		}
	}
	skl__pages_free_slab(k, s->base, sc->gfporder);
	snprintf(detail, sizeof(detail), "%s", why);
	skl_kernel_event(k, SKL_EV_SLAB_FREE, c->name, s->base, (uint64_t)m->p.page << sc->gfporder, detail);
	if (sc->flags & CFLGS_OFF_SLAB) {
		char w2[64];
		snprintf(w2, sizeof(w2), "slab_t of a %s slab", c->name);
		internal_free(sc->slabp_cache, s->mgmt, w2);
	}
	skl_free(s->bufctl);
	skl_free(s->lost);
	skl_free(s);
}

static void flush_cpu(skl_cache *c, unsigned cpu)
{
	s24_cache *sc = SC(c);
	s24_cpucache *cc = cpu < S24_NR_CPUS ? sc->cpudata[cpu] : NULL;
	if (!cc || !cc->avail)
		return;
	free_block(c, cc->entry, cc->avail);
	cc->avail = 0;
	cc_sync(c->k, cc, -1);
}

/* models __kmem_cache_shrink(): every free slab, from the tail */
static int shrink(skl_cache *c, const char *why)
{
	s24_cache *sc = SC(c);
	unsigned cpu;
	int n = 0;
	for (cpu = 0; cpu < c->k->cpus && cpu < S24_NR_CPUS; cpu++) /* drain_cpu_caches() */
		flush_cpu(c, cpu);
	while (!sc->growing && !list_empty(&sc->lists[S24_FREE])) {
		s24_slab *s = (s24_slab *)sc->lists[S24_FREE].prev;
		list_del(c->k, &s->list);
		slab_destroy(c, s, why);
		n++;
	}
	return n;
}

static int s24_shrink(skl_cache *c)
{
	return shrink(c, "shrink");
}

/* models kmem_cache_reap(): score up to 10 caches from the clock, free half
 * of the best one's free slabs from the tail of slabs_free */
static int s24_reap(skl_kernel *k)
{
	s24_machine *m = MACH(k);
	skl_cache *searchp, *best = NULL;
	s24_cache *bsc;
	unsigned scan = S24_REAP_SCANLEN, best_pages = 0, best_len = 0;

	if (!m->clock || chain_index(k, m->clock) < 0)
		m->clock = m->cache_cache;
	searchp = m->clock;
	do {
		s24_cache *sc = SC(searchp);
		unsigned pages, full_free = 0;
		const s24_list *p;
		if (sc->flags & K_NO_REAP)
			goto next;
		if (sc->growing)
			goto next;
		if (sc->dflags & DFLGS_GROWN) {
			sc->dflags &= ~DFLGS_GROWN;
			goto next;
		}
		if (m->p.smp)
			flush_cpu(searchp, k->cpu);
		for (p = sc->lists[S24_FREE].next; p != &sc->lists[S24_FREE]; p = p->next)
			full_free++;
		pages = full_free << sc->gfporder;
		if (sc->ctor)
			pages = (pages * 4 + 1) / 5;
		if (sc->gfporder)
			pages = (pages * 4 + 1) / 5;
		if (pages > best_pages) {
			best = searchp;
			best_len = full_free;
			best_pages = pages;
			if (pages >= S24_REAP_PERFECT) {
				m->clock = chain_next(k, searchp);
				goto perfect;
			}
		}
	next:
		searchp = chain_next(k, searchp);
	} while (--scan && searchp != m->clock);
	m->clock = searchp;
	if (!best)
		return 0;
perfect:
	bsc = SC(best);
	best_len = (best_len + 1) / 2; /* only 50% of the free slabs */
	for (scan = 0; scan < best_len; scan++) {
		s24_slab *s;
		if (bsc->growing || list_empty(&bsc->lists[S24_FREE]))
			break;
		s = (s24_slab *)bsc->lists[S24_FREE].prev;
		list_del(k, &s->list);
		bsc->reaped++;
		slab_destroy(best, s, "reap");
	}
	return (int)scan;
}

/* ---- per-CPU arrays ---------------------------------------------------------------- */

static void cpucache_release(skl_cache *c, s24_cpucache *cc, unsigned cpu)
{
	char why[64];
	if (!cc)
		return;
	free_block(c, cc->entry, cc->avail);
	snprintf(why, sizeof(why), "cpucache of %s (cpu %u)", c->name, cpu);
	internal_kfree(c->k, cc->addr, why);
	skl_free(cc->entry);
	skl_free(cc);
}

/* models kmem_tune_cpucache() */
static int tune(skl_cache *c, int limit, int batchcount, skl_error *err)
{
	skl_kernel *k = c->k;
	s24_machine *m = MACH(k);
	s24_cache *sc = SC(c);
	s24_cpucache *nw[S24_NR_CPUS];
	unsigned i, ncpu = k->cpus < S24_NR_CPUS ? k->cpus : S24_NR_CPUS;
	char why[64];

	if (!m->p.smp)
		return skl_errorf(err, "slabinfo_write_proc: EINVAL (a UP kernel has no per-CPU arrays)");
	if (limit < 0 || batchcount < 0 || batchcount > limit || (limit != 0 && !batchcount))
		return skl_errorf(err, "kmem_tune_cpucache(%s, %d, %d): EINVAL", c->name, limit, batchcount);
	memset(nw, 0, sizeof(nw));
	if (limit) {
		for (i = 0; i < ncpu; i++) {
			s24_cpucache *cc = skl_calloc(1, sizeof(*cc));
			snprintf(why, sizeof(why), "cpucache of %s (cpu %u)", c->name, i);
			if (cc)
				cc->entry = skl_calloc((size_t)limit, sizeof(*cc->entry));
			if (cc && cc->entry)
				cc->addr = internal_kmalloc(k, (size_t)m->p.ptr * (size_t)limit + 8, why, NULL);
			if (!cc || !cc->entry || !cc->addr) {
				if (cc)
					skl_free(cc->entry);
				skl_free(cc);
				while (i-- > 0) {
					internal_kfree(k, nw[i]->addr, "cpucache (ENOMEM)");
					skl_free(nw[i]->entry);
					skl_free(nw[i]);
				}
				return skl_errorf(err, "kmem_tune_cpucache(%s, %d, %d): ENOMEM", c->name, limit,
						  batchcount);
			}
			cc->limit = (unsigned)limit;
			put_at(k, cc->addr, 4, 0);
			put_at(k, cc->addr + 4, 4, cc->limit);
			nw[i] = cc;
		}
	}
	sc->batchcount = (unsigned)batchcount;
	for (i = 0; i < ncpu; i++) {
		s24_cpucache *old = sc->cpudata[i];
		sc->cpudata[i] = nw[i];
		cpucache_release(c, old, i);
	}
	return 0;
}

static int s24_tune(skl_cache *c, int limit, int batchcount, skl_error *err)
{
	return tune(c, limit, batchcount, err);
}

/* models enable_cpucache() */
static void enable_cpucache(skl_cache *c)
{
	unsigned limit = skl__slab24_cpucache_limit(&MACH(c->k)->p, SC(c)->objsize);
	skl_error e;
	if (!limit)
		return;
	if (tune(c, (int)limit, (int)limit / 2, &e) < 0)
		report(c->k, c->name, 0, 0, NULL, 0, NULL, "enable_cpucache failed for %s: %s", c->name, e.msg);
}

/* ---- caches ---------------------------------------------------------------------- */

static void kmem_cache_t_write(skl_kernel *k, skl_cache *c)
{
	s24_machine *m = MACH(k);
	s24_cache *sc = SC(c);
	uint8_t *b;
	unsigned p = m->p.ptr;
	if (!sc->self)
		return;
	put_at(k, sc->self + 6 * p, 4, sc->objsize);
	put_at(k, sc->self + 6 * p + 4, 4, sc->flags);
	put_at(k, sc->self + 6 * p + 8, 4, sc->num);
	b = skl__bytes(k, sc->self + m->kc_name_off, S24_CACHE_NAMELEN);
	if (b) {
		memset(b, 0, S24_CACHE_NAMELEN);
		memcpy(b, c->name, strlen(c->name) < S24_CACHE_NAMELEN ? strlen(c->name) : S24_CACHE_NAMELEN - 1);
	}
}

static void lists_init(skl_kernel *k, s24_cache *sc)
{
	skl_addr base = sc->self ? sc->self : MACH(k)->cache_cache_addr;
	int i;
	for (i = 0; i < 3; i++) {
		sc->lists[i].head = i;
		list_init(k, &sc->lists[i], base + (skl_addr)i * 2 * MACH(k)->p.ptr);
	}
}

/* models kmem_cache_init(): the static cache_cache */
static int make_cache_cache(skl_cache *c, skl_error *err)
{
	s24_machine *m = MACH(c->k);
	s24_cache *sc = skl_calloc(1, sizeof(*sc));
	if (!sc)
		return skl_errorf(err, "out of memory");
	c->priv = sc;
	sc->objsize = m->kc_size;
	sc->flags = K_NO_REAP;
	sc->colour_off = m->p.l1;
	sc->align = m->p.bpw;
	skl__slab24_estimate(&m->p, 0, sc->objsize, 0, &sc->left_over, &sc->num);
	if (!sc->num)
		return skl_errorf(err, "kmem_cache_init: kernel BUG (no kmem_cache_t fits a page)");
	sc->colour = sc->left_over / sc->colour_off;
	sc->slab_size = l1_align(&m->p, sc->num * (size_t)S24_BUFCTL_SIZE + m->p.slab_t);
	lists_init(c->k, sc);
	return 0;
}

/* models kmem_cache_create() from step 1 to the chain insertion (kernel.c
 * links the cache into the registry, at the head of the chain) */
static int s24_cache_init(skl_cache *c, skl_error *err)
{
	skl_kernel *k = c->k;
	s24_machine *m = MACH(k);
	s24_cache *sc;
	s24_geom g;
	s24_why why;
	int rc, i, n;
	char w[64];

	if (m->making_cache_cache)
		return make_cache_cache(c, err);
	if (c->opts.align)
		return skl_errorf(err,
				  "kmem_cache_create(%s): 2.4 has no alignment argument (align %u); use "
				  "hwcache_align or an offset",
				  c->name, c->opts.align);
	rc = skl__slab24_calc(&m->p, c->name, c->object_size, c->opts.offset, skl__slab24_kflags_from(c->opts.flags),
			      c->opts.ctor, &g, &why);
	if (rc == -1)
		return report(k, c->name, 0, c->object_size, NULL, why.line, err, "%s", why.text);
	/* a duplicate name: the kernel BUG()s after allocating the kmem_cache_t
	 * (and leaks it); sklab checks first */
	n = skl_kernel_ncaches(k);
	for (i = 0; i < n; i++)
		if (!strcmp(skl_kernel_cache_at(k, i)->name, c->name))
			return report(k, c->name, 0, c->object_size, NULL, L_CREATE_DUP, err,
				      "kmem_cache_create(%s): a cache of that name exists", c->name);

	sc = skl_calloc(1, sizeof(*sc));
	if (!sc)
		return skl_errorf(err, "out of memory (host)");
	c->priv = sc;
	snprintf(w, sizeof(w), "kmem_cache_t of %s", c->name);
	sc->self = internal_alloc(m->cache_cache, w, err);
	if (!sc->self)
		goto out_sc;
	if (rc == -2) {
		internal_free(m->cache_cache, sc->self, w);
		skl_errorf(err, "kmem_cache_create: couldn't create cache %s.", c->name);
		goto out_sc;
	}
	sc->flags = g.flags;
	sc->objsize = g.objsize;
	sc->num = g.num;
	sc->gfporder = g.gfporder;
	sc->align = g.align;
	sc->left_over = g.left_over;
	sc->slab_size = g.slab_size;
	sc->colour = g.colour;
	sc->colour_off = g.colour_off;
	sc->ctor = c->opts.ctor != 0;
	if (sc->objsize && ((uint64_t)m->p.page << sc->gfporder) * sc->objsize < (1ull << 32))
		sc->recip = (1ull << 32) / sc->objsize + 1;
	sc->fast = !m->p.debug && !(sc->flags & (K_RED_ZONE | K_POISON)) && m->fast_words && sc->recip;
	lists_init(k, sc);
	if (sc->flags & CFLGS_OFF_SLAB) {
		sc->slabp_cache = general_cache(m, sc->slab_size, 0);
		if (!sc->slabp_cache) { /* before the general caches exist */
			internal_free(m->cache_cache, sc->self, w);
			skl_errorf(err, "kmem_cache_create(%s): no general cache for a %zu-byte slab_t", c->name,
				   sc->slab_size);
			goto out_sc;
		}
	}
	kmem_cache_t_write(k, c);
	if (m->p.smp && m->cpucache_up)
		enable_cpucache(c);
	c->fast_state = sc->fast ? sc : NULL;
	return 0;

out_sc:
	skl_free(sc);
	c->priv = NULL;
	return -1;
}

static void cache_state_free(skl_cache *c)
{
	s24_cache *sc = SC(c);
	int l;
	unsigned i;
	if (!sc)
		return;
	for (l = 0; l < 3; l++) {
		s24_list *p = sc->lists[l].next;
		while (p && p != &sc->lists[l]) {
			s24_slab *s = (s24_slab *)p;
			p = p->next;
			skl_free(s->bufctl);
			skl_free(s->lost);
			skl_free(s);
		}
	}
	for (i = 0; i < S24_NR_CPUS; i++) {
		if (sc->cpudata[i]) {
			skl_free(sc->cpudata[i]->entry);
			skl_free(sc->cpudata[i]);
		}
	}
	skl_free(sc);
	c->priv = NULL;
	c->fast_state = NULL;
	c->fast = NULL;
	c->fast_call = NULL;
}

/* models kmem_cache_destroy() */
static int s24_cache_destroy(skl_cache *c, skl_error *err)
{
	skl_kernel *k = c->k;
	s24_machine *m = MACH(k);
	s24_cache *sc = SC(c);
	unsigned i;
	char w[64], pre[96];

	if (c == m->cache_cache)
		return skl_errorf(err, "kmem_cache_destroy(kmem_cache): cache_cache is never destroyed");
	if (sc->general)
		return skl_errorf(err, "kmem_cache_destroy(%s): the general caches are never destroyed", c->name);
	if (m->clock == c)
		m->clock = chain_next(k, c);
	shrink(c, "destroy");
	if (!list_empty(&sc->lists[S24_FULL]) || !list_empty(&sc->lists[S24_PARTIAL])) {
		unsigned long active = 0;
		const s24_list *p;
		for (p = sc->lists[S24_FULL].next; p != &sc->lists[S24_FULL]; p = p->next)
			active += sc->num;
		for (p = sc->lists[S24_PARTIAL].next; p != &sc->lists[S24_PARTIAL]; p = p->next)
			active += ((const s24_slab *)p)->inuse;
		skl__cache_relink(c); /* back at the head of the chain */
		snprintf(pre, sizeof(pre), "kmem_cache_destroy: Can't free all objects %0*llx", (int)m->p.ptr * 2,
			 ulx(sc->self));
		return report(k, c->name, sc->self, sc->objsize, pre, -1, err,
			      "kmem_cache_destroy(%s): %lu object%s still allocated; the cache stays", c->name, active,
			      active == 1 ? " is" : "s are");
	}
	for (i = 0; i < S24_NR_CPUS; i++) {
		cpucache_release(c, sc->cpudata[i], i);
		sc->cpudata[i] = NULL;
	}
	snprintf(w, sizeof(w), "kmem_cache_t of %s", c->name);
	internal_free(m->cache_cache, sc->self, w);
	cache_state_free(c);
	return 0;
}

static int s24_init(skl_kernel *k, skl_error *err)
{
	s24_machine *m = skl_calloc(1, sizeof(*m));
	skl_cache_opts o;
	size_t size;
	char name[32];
	int i;

	if (!m)
		return skl_errorf(err, "out of memory");
	k->priv = m;
	if (k->smp && k->cpus > S24_NR_CPUS)
		return skl_errorf(err, "%u CPUs: 2.4 on i386 has NR_CPUS %d", k->cpus, S24_NR_CPUS);
	skl__slab24_params_init(&m->p, &k->prof, k->debug_slab, k->smp, skl_kernel_ram_total(k), k->break_gfp_order);
	m->page_shift = skl__page_shift(m->p.page);
	m->fast_words = m->page_shift && !(k->prof.abi && k->prof.abi->big_endian);
	m->kc_size = skl__slab24_kmem_cache_t_size(&m->p, &m->kc_name_off);
	m->cache_cache_addr = m->p.ptr == 4 ? S24_I386_CACHE_CACHE : S24_X86_64_CACHE_CACHE;

	/* kmem_cache_init() */
	m->making_cache_cache = 1;
	m->cache_cache = skl__cache_new(k, "kmem_cache", m->kc_size, NULL, err);
	m->making_cache_cache = 0;
	if (!m->cache_cache)
		return -1;
	m->clock = m->cache_cache;

	/* kmem_cache_sizes_init() */
	for (size = m->p.page == 4096 ? 32 : 64; size <= 131072; size *= 2) {
		if (size > ((size_t)1 << S24_MAX_OBJ_ORDER) * m->p.page)
			break;
		m->cs_size[m->ncs] = size;
		memset(&o, 0, sizeof(o));
		o.flags = SKL_SLAB_HWCACHE_ALIGN;
		snprintf(name, sizeof(name), "size-%zu", size);
		m->cs[m->ncs] = skl__cache_new(k, name, size, &o, err);
		if (!m->cs[m->ncs])
			return -1;
		SC(m->cs[m->ncs])->general = 1;
		if (!(SC(m->cs[m->ncs])->flags & CFLGS_OFF_SLAB))
			m->p.offslab_limit = (size - m->p.slab_t) / 2;
		o.flags = SKL_SLAB_HWCACHE_ALIGN | SKL_SLAB_CACHE_DMA;
		snprintf(name, sizeof(name), "size-%zu(DMA)", size);
		m->csdma[m->ncs] = skl__cache_new(k, name, size, &o, err);
		if (!m->csdma[m->ncs])
			return -1;
		SC(m->csdma[m->ncs])->general = 1;
		m->ncs++;
	}

	/* kmem_cpucache_init(): enable_all_cpucaches(), in chain order */
	if (m->p.smp) {
		int n = skl_kernel_ncaches(k);
		m->cpucache_up = 1;
		for (i = 0; i < n; i++)
			enable_cpucache(skl_kernel_cache_at(k, i));
	}
	return 0;
}

static void s24_fini(skl_kernel *k)
{
	int i;
	for (i = 0; i < k->ncaches; i++)
		cache_state_free(k->caches[i]);
	skl_free(k->priv);
	k->priv = NULL;
}

/* ---- what /proc/slabinfo and views see ------------------------------------------------ */

typedef struct s24_counts {
	unsigned long active_objs, active_slabs, num_slabs;
} s24_counts;

static void count(const s24_cache *sc, s24_counts *n)
{
	const s24_list *p;
	memset(n, 0, sizeof(*n));
	for (p = sc->lists[S24_FULL].next; p != &sc->lists[S24_FULL]; p = p->next) {
		n->active_objs += sc->num;
		n->active_slabs++;
	}
	for (p = sc->lists[S24_PARTIAL].next; p != &sc->lists[S24_PARTIAL]; p = p->next) {
		n->active_objs += ((const s24_slab *)p)->inuse;
		n->active_slabs++;
	}
	for (p = sc->lists[S24_FREE].next; p != &sc->lists[S24_FREE]; p = p->next)
		n->num_slabs++;
	n->num_slabs += n->active_slabs;
}

static const s24_cpucache *cur_cc(const skl_kernel *k, const s24_cache *sc)
{
	return k->cpu < S24_NR_CPUS ? sc->cpudata[k->cpu] : NULL;
}

/* models one line of proc_getdata() */
static void slabinfo_line(const skl_cache *c, char *buf, size_t n)
{
	const skl_kernel *k = c->k;
	const s24_machine *m = MACH(k);
	const s24_cache *sc = SC(c);
	const s24_cpucache *cc = cur_cc(k, sc);
	s24_counts cn;
	size_t len;
	count(sc, &cn);
	len = (size_t)snprintf(buf, n, "%-17s %6lu %6lu %6u %4lu %4lu %4u", c->name, cn.active_objs,
			       cn.num_slabs * sc->num, (unsigned)sc->objsize, cn.active_slabs, cn.num_slabs,
			       1u << sc->gfporder);
	if (m->p.debug && len < n)
		len += (size_t)snprintf(buf + len, n - len, " : %6lu %7lu %5lu %4lu %4lu", sc->high_mark,
					sc->num_allocations, sc->grown, sc->reaped, sc->errors);
	if (m->p.smp && len < n)
		len += (size_t)snprintf(buf + len, n - len, " : %4u %4u", cc ? cc->limit : 0, sc->batchcount);
	if (m->p.debug && m->p.smp && len < n)
		snprintf(buf + len, n - len, " : %6lu %6lu %6lu %6lu", sc->allochit, sc->allocmiss, sc->freehit,
			 sc->freemiss);
}

static void s24_slabinfo(const skl_kernel *k, const skl_sink *out)
{
	const s24_machine *m = MACH(k);
	char line[256];
	int i, n = skl_kernel_ncaches(k);
	skl_sink_printf(out, "slabinfo - version: 1.1%s%s\n", m->p.debug ? " (statistics)" : "",
			m->p.smp ? " (SMP)" : "");
	for (i = 0; i < n; i++) {
		slabinfo_line(skl_kernel_cache_at(k, i), line, sizeof(line));
		skl_sink_printf(out, "%s\n", line);
	}
}

static void info_geometry(const s24_cache *sc, const s24_params *p, skl_cache_info *out)
{
	out->size = sc->objsize;
	out->align = sc->align;
	out->flags = skl__slab24_sklflags_from(sc->flags);
	out->order = sc->gfporder;
	out->pages_per_slab = 1u << sc->gfporder;
	out->objs_per_slab = sc->num;
	out->offslab = (sc->flags & CFLGS_OFF_SLAB) != 0;
	out->mgmt_size = sc->slab_size;
	out->left_over = sc->left_over;
	out->colour = (unsigned)sc->colour;
	out->colour_off = sc->colour_off;
	out->colour_next = sc->colour_next;
	(void)p;
}

static void s24_info(const skl_cache *c, skl_cache_info *out)
{
	const s24_machine *m = MACH(c->k);
	const s24_cache *sc = SC(c);
	const s24_cpucache *cc = cur_cc(c->k, sc);
	s24_counts cn;
	snprintf(out->name, sizeof(out->name), "%s", c->name);
	out->object_size = c->object_size;
	info_geometry(sc, &m->p, out);
	out->limit = cc ? cc->limit : 0;
	out->batchcount = sc->batchcount;
	out->cpu_avail = cc ? cc->avail : 0;
	count(sc, &cn);
	out->active_objs = cn.active_objs;
	out->in_use = cn.active_objs;
	{
		int i;
		for (i = 0; i < S24_NR_CPUS; i++)
			if (sc->cpudata[i] && out->in_use >= sc->cpudata[i]->avail)
				out->in_use -= sc->cpudata[i]->avail;
	}
	out->num_objs = cn.num_slabs * sc->num;
	out->active_slabs = cn.active_slabs;
	out->num_slabs = cn.num_slabs;
	out->high = sc->high_mark;
	out->allocs = sc->num_allocations;
	out->grown = sc->grown;
	out->reaped = sc->reaped;
	out->errors = sc->errors;
	out->allochit = sc->allochit;
	out->allocmiss = sc->allocmiss;
	out->freehit = sc->freehit;
	out->freemiss = sc->freemiss;
}

static int s24_locate(skl_cache *c, skl_addr addr, skl_addr *obj_start)
{
	skl__page *pg = skl__page_of(c->k, addr);
	s24_cache *sc = SC(c);
	s24_slab *s;
	unsigned i;
	if (!pg || pg->cache != c || !pg->slab)
		return -1;
	s = pg->slab;
	if (addr < s->s_mem || addr >= s->s_mem + (skl_addr)sc->num * sc->objsize)
		return -1;
	i = (unsigned)((addr - s->s_mem) / sc->objsize);
	if (obj_start)
		*obj_start = slot_of(sc, s, i) + rz_bytes(c->k, sc);
	return (int)i;
}

static int s24_snapshot(const skl_cache *c, skl_cache_snap *out)
{
	const skl_kernel *k = c->k;
	const s24_machine *m = MACH(k);
	const s24_cache *sc = SC(c);
	const s24_list *p;
	unsigned w = m->p.bpw, cpu, j;
	int l, n = 0;

	slabinfo_line(c, out->slabinfo, sizeof(out->slabinfo));
	for (l = 0; l < 3; l++)
		for (p = sc->lists[l].next; p != &sc->lists[l]; p = p->next)
			n++;
	out->slabs = skl_calloc((size_t)(n ? n : 1), sizeof(*out->slabs));
	if (!out->slabs)
		return -1;
	for (l = 0; l < 3; l++) {
		for (p = sc->lists[l].next; p != &sc->lists[l]; p = p->next) {
			const s24_slab *s = (const s24_slab *)p;
			skl_slab_snap *ss = &out->slabs[out->nslabs++];
			unsigned i, steps;
			ss->base = s->base;
			ss->pages = 1u << sc->gfporder;
			ss->colour_bytes = s->colour_bytes;
			ss->mgmt_offset = (sc->flags & CFLGS_OFF_SLAB) ? 0 : s->colour_bytes;
			ss->mgmt_size = (sc->flags & CFLGS_OFF_SLAB) ? 0 : sc->slab_size;
			ss->s_mem = s->s_mem;
			ss->nobjs = sc->num;
			ss->inuse = s->inuse;
			ss->list = l;
			ss->state = skl_calloc(sc->num, 1);
			ss->bad = skl_calloc(sc->num, 1);
			if (!ss->state || !ss->bad)
				return -1;
			memset(ss->state, SKL_OS_ALLOC, sc->num);
			for (i = s->free, steps = 0; i != S24_BUFCTL_END && i < sc->num && steps <= sc->num;
			     i = s->bufctl[i], steps++)
				ss->state[i] = SKL_OS_FREE;
			for (i = 0; i < sc->num; i++) {
				skl_addr slot = slot_of(sc, s, i);
				uint64_t want = ss->state[i] == SKL_OS_FREE ? S24_RED_MAGIC1 : S24_RED_MAGIC2;
				if (s->lost[i]) {
					ss->bad[i] = 1;
					continue;
				}
				if ((sc->flags & K_RED_ZONE) && (peek_at(k, slot, w, NULL) != want ||
								 peek_at(k, slot + sc->objsize - w, w, NULL) != want))
					ss->bad[i] = 1;
				else if (ss->state[i] == SKL_OS_FREE && (sc->flags & K_POISON) &&
					 poison_damaged(k, sc, slot))
					ss->bad[i] = 1;
			}
		}
	}
	/* objects parked in per-CPU arrays: in use for their slab_t (so for
	 * slabinfo), free for the picture; a snapshot's inuse counts the
	 * objects handed out, as SLUB's does its CPU slab's */
	for (cpu = 0; cpu < S24_NR_CPUS; cpu++) {
		const s24_cpucache *cc = sc->cpudata[cpu];
		for (j = 0; cc && j < cc->avail; j++) {
			skl_addr o = cc->entry[j] - rz_bytes(k, sc);
			int si;
			for (si = 0; si < out->nslabs; si++) {
				skl_slab_snap *ss = &out->slabs[si];
				if (o >= ss->s_mem && o < ss->s_mem + (skl_addr)ss->nobjs * sc->objsize) {
					unsigned i = (unsigned)((o - ss->s_mem) / sc->objsize);
					if (ss->state[i] == SKL_OS_ALLOC) {
						ss->state[i] = SKL_OS_CPU;
						if (ss->inuse)
							ss->inuse--;
					}
					break;
				}
			}
		}
	}
	return 0;
}

static skl_cache *s24_kmalloc_cache(skl_kernel *k, size_t n)
{
	return general_cache(MACH(k), n, 0);
}

/* Geometry alone: kmem_cache_create() on a machine built from the profile,
 * with offslab_limit as kmem_cache_sizes_init() leaves it. */
static int s24_geometry(const skl_profile *prof, unsigned cpus, int debug, const char *name, size_t size,
			const skl_cache_opts *o, skl_cache_info *out, skl_error *err)
{
	s24_params p;
	s24_geom g;
	s24_why why;
	s24_cache sc;
	size_t cs;
	unsigned ncpu = cpus ? cpus : (prof->cpus ? prof->cpus : 1);
	int rc;

	skl__slab24_params_init(&p, prof, debug != 0, ncpu > 1, prof->ram_bytes ? prof->ram_bytes : (uint64_t)128 << 20,
				0);
	for (cs = p.page == 4096 ? 32 : 64; cs <= 131072 && cs <= ((size_t)1 << S24_MAX_OBJ_ORDER) * p.page; cs *= 2) {
		if (skl__slab24_calc(&p, "size-general", cs, 0, K_HWCACHE_ALIGN, 0, &g, &why) == 0 &&
		    !(g.flags & CFLGS_OFF_SLAB))
			p.offslab_limit = (cs - p.slab_t) / 2;
	}
	if (o && o->align)
		return skl_errorf(err,
				  "kmem_cache_create(%s): 2.4 has no alignment argument (align %u); use "
				  "hwcache_align or an offset",
				  name ? name : "?", o->align);
	rc = skl__slab24_calc(&p, name, size, o ? o->offset : 0, skl__slab24_kflags_from(o ? o->flags : 0),
			      o && o->ctor, &g, &why);
	if (rc == -1) {
		if (why.line)
			return skl_errorf(err, "kernel BUG at slab.c:%d! (%s)", why.line, why.text);
		return skl_errorf(err, "%s", why.text);
	}
	if (rc == -2)
		return skl_errorf(err, "kmem_cache_create: couldn't create cache %s.", name);
	memset(&sc, 0, sizeof(sc));
	sc.flags = g.flags;
	sc.objsize = g.objsize;
	sc.num = g.num;
	sc.gfporder = g.gfporder;
	sc.align = g.align;
	sc.left_over = g.left_over;
	sc.slab_size = g.slab_size;
	sc.colour = g.colour;
	sc.colour_off = g.colour_off;
	snprintf(out->name, sizeof(out->name), "%s", name);
	out->object_size = size;
	info_geometry(&sc, &p, out);
	if (p.smp) {
		out->limit = skl__slab24_cpucache_limit(&p, g.objsize);
		out->batchcount = out->limit / 2;
	}
	return 0;
}

const skl__alloc_ops skl__slab24_ops = {
    .name = "slab",
    .init = s24_init,
    .fini = s24_fini,
    .find_merge = NULL,
    .cache_init = s24_cache_init,
    .cache_destroy = s24_cache_destroy,
    .alloc = s24_alloc,
    .free = s24_free,
    .shrink = s24_shrink,
    .reap = s24_reap,
    .locate = s24_locate,
    .info = s24_info,
    .snapshot = s24_snapshot,
    .slabinfo = s24_slabinfo,
    .order = s24_order,
    .kmalloc_cache = s24_kmalloc_cache,
    .geometry = s24_geometry,
    .kfree = s24_kfree,
    .tune = s24_tune,
    .alloc_fast = s24_alloc_fast,
    .free_fast = s24_free_fast,
};
