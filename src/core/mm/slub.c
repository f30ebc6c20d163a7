/*
 * slub.c - the Linux 6.x SLUB allocator of the simulated machine: merging,
 * per-CPU slabs with the freelist threaded through the free pointer in the
 * simulated bytes, the node partial list, slab_debug red zones, poison and
 * tracks with SLUB's own reports, /proc/slabinfo 2.1 and snapshots for the
 * views. Its cache geometry (calculate_sizes(), calculate_order()) is
 * slub_geom.c.
 *
 * It never aborts and never trusts the simulated bytes: a free pointer read
 * from an object is checked against the allocator's own record of each
 * object before it is followed, so a scenario that scribbles over freed
 * memory gets a report, not a crash.
 *
 * Per-CPU partial lists (CONFIG_SLUB_CPU_PARTIAL) where the geometry gives
 * a cache cpu_partial_slabs (6.x caches without debug flags; 2.6.31 has
 * none): put_cpu_partial(), __put_partials() and get_partial_node() of 6.18.
 *
 * 6.18's per-CPU sheaves for caches created with a sheaf_capacity:
 * alloc_from_pcs() and free_to_pcs() in front of the slabs, main and spare
 * sheaves, the barn.
 *
 * Deliberate simplifications (docs/slabinfo.md lists them): one node;
 * sheaves live in host memory (the kernel kmallocs them); the
 * free pointer is stored plainly (no CONFIG_SLAB_FREELIST_HARDENED XOR);
 * double frees and frees of non-objects are always caught, as if
 * slab_debug=F were on; reports print simulated addresses unhashed (as
 * with no_hash_pointers) and leave out the WARN_ON backtraces.
 */
#include "slub_impl.h"
#include "slub_fast.h"

#include "mm_impl.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* =========================================================================
 * Runtime
 * ========================================================================= */

/* simulated call sites recorded in tracks (no stacks are kept) */
const char *const skl__slub_track_fn[SKL__SLUB_TRACK_FNS] = {"kmem_cache_alloc_noprof", "__kmalloc_noprof",
							     "kmem_cache_free", "kfree"};

skl_cache *skl__slub_real_cache(skl_cache *c)
{
	int guard = 0;
	while (c && c->alias_of && guard++ < 64)
		c = c->alias_of;
	return c;
}

static const skl_cache *real_cache_c(const skl_cache *c)
{
	int guard = 0;
	while (c && c->alias_of && guard++ < 64)
		c = c->alias_of;
	return c;
}

slub_machine *skl__slub_machine(const skl_kernel *k)
{
	return (slub_machine *)k->priv;
}

/* ---- simulated bytes ------------------------------------------------------- */

uint64_t skl__slub_get_word(const slub_machine *m, const uint8_t *b, unsigned n)
{
	uint64_t v = 0;
	unsigned i;
	for (i = 0; i < n; i++)
		v |= (uint64_t)b[m->p.big_endian ? n - 1 - i : i] << (8 * i);
	return v;
}

void skl__slub_put_word(const slub_machine *m, uint8_t *b, unsigned n, uint64_t v)
{
	unsigned i;
	for (i = 0; i < n; i++)
		b[m->p.big_endian ? n - 1 - i : i] = (uint8_t)(v >> (8 * i));
}

void skl__slub_fill(skl_kernel *k, skl_addr a, int val, unsigned len)
{
	uint8_t *b;
	if (!len)
		return;
	b = skl__bytes(k, a, len);
	if (b)
		memset(b, val, len);
}

/* models get_freepointer(): the plain pointer at object + s->offset (a
 * little-endian word in an initialised page, as a slab's always is, is one
 * host load) */
skl_addr skl__slub_get_fp(skl_kernel *k, const slub_cache *sc, skl_addr obj)
{
	slub_machine *m = skl__slub_machine(k);
	uint8_t *b;
	if (m->fast_words && (b = skl__bytes_quick(k, m->page_shift, obj + sc->g.offset, m->p.word)) != NULL)
		return skl__ld_word(k, b, m->p.word, 0);
	b = skl__bytes(k, obj + sc->g.offset, m->p.word);
	return b ? skl__slub_get_word(m, b, m->p.word) : 0;
}

/* models set_freepointer() */
void skl__slub_set_fp(skl_kernel *k, const slub_cache *sc, skl_addr obj, skl_addr fp)
{
	slub_machine *m = skl__slub_machine(k);
	uint8_t *b;
	if (m->fast_words && (b = skl__bytes_quick(k, m->page_shift, obj + sc->g.offset, m->p.word)) != NULL) {
		skl__st_word(k, b, m->p.word, 0, fp);
		return;
	}
	b = skl__bytes(k, obj + sc->g.offset, m->p.word);
	if (b)
		skl__slub_put_word(m, b, m->p.word, fp);
}

/* The cache model's view of the free pointer: the word at object +
 * s->offset that the allocation fast path reads (get_freepointer() of the
 * object it hands out), the free path writes (set_freepointer()), and
 * allocate_slab() writes for every object when it threads a new slab. */
static void fp_touch(skl_kernel *k, const slub_cache *sc, skl_addr obj, int write)
{
	if (SKL__TOUCHING(k))
		skl_kernel_touch_as(k, obj + sc->g.offset, skl__slub_machine(k)->p.word, write, "meta", "freeptr", NULL,
				    obj);
}

/* ---- slab arithmetic ----------------------------------------------------------- */

static skl_addr obj_addr(const slub_cache *sc, const slub_slab *s, unsigned i)
{
	return s->base + (skl_addr)i * sc->g.size + sc->g.red_left_pad;
}

/* models check_valid_pointer() */
int skl__slub_valid_pointer(const slub_cache *sc, const slub_slab *s, skl_addr obj)
{
	skl_addr o;
	if (!obj)
		return 1;
	o = obj - sc->g.red_left_pad;
	if (obj < sc->g.red_left_pad || o < s->base || o >= s->base + (skl_addr)s->objects * sc->g.size ||
	    (o - s->base) % sc->g.size)
		return 0;
	return 1;
}

static unsigned obj_index(const slub_cache *sc, const slub_slab *s, skl_addr obj)
{
	skl_addr off = obj - sc->g.red_left_pad - s->base;
	if (off <= UINT32_MAX) /* a 32-bit division is several times faster */
		return (uint32_t)off / sc->g.size;
	return (unsigned)(off / sc->g.size);
}

/* skl__slub_valid_pointer() and obj_index() with one division: 1 and *idx when obj
 * is the start of one of s's objects (obj 0 is not) */
static int index_of(const slub_cache *sc, const slub_slab *s, skl_addr obj, unsigned *idx)
{
	skl_addr o = obj - sc->g.red_left_pad;
	uint32_t off, i;
	if (!obj || obj < sc->g.red_left_pad || o < s->base || o - s->base >= (skl_addr)s->objects * sc->g.size)
		return 0;
	off = (uint32_t)(o - s->base); /* < objects * size, which fits */
	i = off / sc->g.size;
	if (i * sc->g.size != off)
		return 0;
	*idx = i;
	return 1;
}

/* the page-table entry for a (the kernel's virt_to_slab()) */
static slub_slab *slab_of(skl_kernel *k, skl_addr a)
{
	skl__page *pg = skl__page_fast(k, skl__slub_machine(k)->page_shift, a);
	slub_slab *s;
	if (!pg || !pg->cache || !pg->slab)
		return NULL;
	s = (slub_slab *)pg->slab;
	if (a < s->base || a >= s->base + ((skl_addr)k->prof.page_size << s->order))
		return NULL;
	return s;
}

/* ---- lists ------------------------------------------------------------------------ */

static void list_del(slub_list *l, slub_slab *s)
{
	if (s->prev)
		s->prev->next = s->next;
	else
		l->head = s->next;
	if (s->next)
		s->next->prev = s->prev;
	else
		l->tail = s->prev;
	s->prev = s->next = NULL;
	l->n--;
}

static void list_add_head(slub_list *l, slub_slab *s)
{
	s->prev = NULL;
	s->next = l->head;
	if (l->head)
		l->head->prev = s;
	else
		l->tail = s;
	l->head = s;
	l->n++;
}

static void list_add_tail(slub_list *l, slub_slab *s)
{
	s->next = NULL;
	s->prev = l->tail;
	if (l->tail)
		l->tail->next = s;
	else
		l->head = s;
	l->tail = s;
	l->n++;
}

static void take_off_list(slub_cache *sc, slub_slab *s)
{
	if (s->list == SL_PARTIAL)
		list_del(&sc->partial, s);
	else if (s->list == SL_FULL)
		list_del(&sc->full, s);
	else if (s->list == SL_CPU_PARTIAL)
		list_del(&sc->cpu[s->pcpu].partial, s);
	s->list = SL_NONE;
}

static void add_partial(slub_cache *sc, slub_slab *s, int tail)
{
	take_off_list(sc, s);
	if (tail)
		list_add_tail(&sc->partial, s);
	else
		list_add_head(&sc->partial, s);
	s->list = SL_PARTIAL;
}

static void add_full(slub_cache *sc, slub_slab *s)
{
	take_off_list(sc, s);
	list_add_head(&sc->full, s);
	s->list = SL_FULL;
}

/* ---- slabs ---------------------------------------------------------------------------- */

static int kmem_cache_debug(const slub_cache *sc)
{
	return (sc->g.flags & DEBUG_FLAGS) != 0;
}

/* A slab's record, zeroed, with a state array for the cache's objects:
 * one of the records of discarded slabs kept for reuse when there is
 * one (a cache that shrinks and grows again does not go to malloc for
 * each slab), else a new one. */
static slub_slab *slab_record(slub_cache *sc)
{
	slub_slab *s = sc->spare;
	unsigned n = sc->g.objects > sc->g.min_objs ? sc->g.objects : sc->g.min_objs;
	uint8_t *state;
	if (s) {
		sc->spare = s->next;
		sc->nspare--;
		state = s->state;
		memset(s, 0, sizeof(*s));
		s->state = state;
		return s;
	}
	s = skl_calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->state = skl_calloc(n ? n : 1, 1);
	if (!s->state) {
		skl_free(s);
		return NULL;
	}
	return s;
}

static void slab_record_free(slub_slab *s)
{
	skl_free(s->state);
	skl_free(s);
}

enum { SLUB_SPARE_MAX = 64 }; /* records kept per cache */

static void slab_record_put(slub_cache *sc, slub_slab *s)
{
	if (sc->nspare >= SLUB_SPARE_MAX) {
		slab_record_free(s);
		return;
	}
	s->next = sc->spare;
	sc->spare = s;
	sc->nspare++;
}

/* models allocate_slab(): pages (falling back to s->min), debug set-up, and
 * the freelist threaded through every object in address order */
static slub_slab *new_slab(skl_cache *c, int *oom)
{
	skl_kernel *k = c->k;
	slub_cache *sc = c->priv;
	slub_slab *s;
	unsigned i, order = sc->g.order, objects = sc->g.objects;
	char detail[96];
	*oom = 2; /* host memory */
	s = slab_record(sc);
	if (!s)
		return NULL;
	*oom = 1; /* simulated RAM */
	s->cache = c;
	s->cpu = -1;
	s->base = skl__pages_alloc_slab(k, order, c, s);
	if (!s->base && sc->g.min_order < order) {
		order = sc->g.min_order;
		objects = sc->g.min_objs;
		s->base = skl__pages_alloc_slab(k, order, c, s);
	}
	if (!s->base) {
		slab_record_put(sc, s);
		return NULL;
	}
	*oom = 0;
	s->order = order;
	s->objects = objects;
	if (k->kasan)
		skl__kasan_new_slab(k, s->base, (size_t)k->prof.page_size << order);
	if (sc->g.flags & SKL_SLAB_POISON)
		skl__slub_fill(k, s->base, POISON_INUSE, k->prof.page_size << order);
	if (sc->fast && (uint64_t)objects * sc->g.size <= UINT32_MAX) {
		s->host = skl__bytes(k, s->base, (size_t)k->prof.page_size << order);
		s->span = (uint32_t)((uint64_t)objects * sc->g.size);
	}
	if (s->host && !SKL__TOUCHING(k)) {
		/* a fast cache has nothing to set up but the free pointers */
		for (i = 0; i < objects; i++) {
			fast_store(sc, s->host + (size_t)i * sc->g.size + sc->g.offset,
				   i + 1 < objects ? obj_addr(sc, s, i + 1) : 0);
			s->state[i] = OS_FREE;
		}
	} else {
		for (i = 0; i < objects; i++) {
			skl_addr p = obj_addr(sc, s, i);
			if (sc->g.flags & (SKL_SLAB_STORE_USER | SKL_SLAB_RED_ZONE) || sc->g.object_poison) {
				skl__slub_init_object(k, sc, p, SLUB_RED_INACTIVE);
				if (sc->g.flags & SKL_SLAB_STORE_USER)
					skl__slub_fill(k, skl__slub_track_at(k, sc, p, 0), 0,
						       2 * skl__slub_machine(k)->p.track_size);
			}
			skl__slub_set_fp(k, sc, p, i + 1 < objects ? obj_addr(sc, s, i + 1) : 0);
			fp_touch(k, sc, p, 1);
			s->state[i] = OS_FREE;
		}
	}
	s->freelist = obj_addr(sc, s, 0);
	s->nfree = objects;
	s->inuse = 0;
	sc->nr_slabs++;
	sc->total_objects += objects;
	sc->grown++;
	if (k->log) { /* the detail is formatted only for a log */
		snprintf(detail, sizeof(detail), "order %u, %u objects of %u bytes", order, objects, sc->g.size);
		skl_kernel_event(k, SKL_EV_GROW, c->name, s->base, (uint64_t)k->prof.page_size << order, detail);
	}
	return s;
}

/* models slab_pad_check(): the bytes after the last object */
static void slab_pad_check(report *r, const slub_cache *sc, slub_slab *s)
{
	unsigned length, remainder, fault, end;
	skl_addr pad;
	const uint8_t *b;
	char a1[32], a2[32];
	if (!(sc->g.flags & SKL_SLAB_POISON))
		return;
	length = r->k->prof.page_size << s->order;
	remainder = length % sc->g.size;
	if (!remainder)
		return;
	pad = s->base + length - remainder;
	b = skl__bytes(r->k, pad, remainder);
	if (!b)
		return;
	for (fault = 0; fault < remainder && b[fault] == POISON_INUSE; fault++)
		;
	if (fault == remainder)
		return;
	end = remainder;
	while (end > fault && b[end - 1] == POISON_INUSE)
		end--;
	skl__slub_rp_found(r, "the unused tail of the slab at 0x%s was overwritten",
			   skl__slub_pstr(r->k, s->base, a1, sizeof(a1)));
	skl__slub_slab_bug(
	    r, r->c, "Padding overwritten. 0x%s-0x%s @offset=%llu", skl__slub_pstr(r->k, pad + fault, a1, sizeof(a1)),
	    skl__slub_pstr(r->k, pad + end - 1, a2, sizeof(a2)), (unsigned long long)(pad + fault - s->base));
	skl__slub_print_section(r, "Padding ", pad, remainder);
	skl__slub_print_slab_info(r, s);
	skl__slub_add_taint(r);
	skl__slub_slab_fix(r, "Restoring slab padding 0x%s-0x%s=0x5a",
			   skl__slub_pstr(r->k, pad + fault, a1, sizeof(a1)),
			   skl__slub_pstr(r->k, pad + end - 1, a2, sizeof(a2)));
	skl__slub_fill(r->k, pad + fault, POISON_INUSE, end - fault);
}

/* models discard_slab() / free_slab(): with F every object is checked first */
static void discard_slab(skl_cache *c, slub_slab *s, report *r)
{
	skl_kernel *k = c->k;
	slub_cache *sc = c->priv;
	char detail[96];
	unsigned i;
	if ((sc->g.flags & SKL_SLAB_CONSISTENCY) && r) {
		slab_pad_check(r, sc, s);
		for (i = 0; i < s->objects; i++)
			if (s->state[i] == OS_FREE)
				skl__slub_check_object(r, sc, s, obj_addr(sc, s, i), SLUB_RED_INACTIVE);
	}
	take_off_list(sc, s);
	sc->nr_slabs--;
	sc->total_objects -= s->objects;
	sc->freed_slabs++;
	if (k->log) {
		snprintf(detail, sizeof(detail), "order %u, %u objects", s->order, s->objects);
		skl_kernel_event(k, SKL_EV_SLAB_FREE, c->name, s->base, (uint64_t)k->prof.page_size << s->order,
				 detail);
	}
	skl__pages_free_slab(k, s->base, s->order);
	slab_record_put(sc, s);
}

/* An SKL_EV_PERCPU event: what a per-CPU cache moved (formatted only for
 * a log). */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void
pcpu_event(skl_cache *c, skl_addr addr, uint64_t n, const char *fmt, ...)
{
	char detail[128];
	va_list ap;
	if (!c->k->log)
		return;
	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	skl_kernel_event(c->k, SKL_EV_PERCPU, c->name, addr, n, detail);
}

/* kmem_cache_has_cpu_partial() with a non-zero limit: 6.x caches without
 * debug flags (the geometry gives the others, and 2.6.31, none) */
static int has_cpu_partial(const slub_cache *sc)
{
	return sc->g.cpu_partial_slabs != 0;
}

/* models __put_partials(): each slab of the CPU's partial list, oldest
 * last as it was pushed, goes to the tail of the node's partial list, or
 * back to the page allocator when it is empty and the node already has
 * min_partial partial slabs */
static void put_partials(skl_cache *c, unsigned cpu, report *r)
{
	slub_cache *sc = c->priv;
	slub_list *l = &sc->cpu[cpu].partial;
	slub_slab *s;
	if (l->n)
		pcpu_event(c, l->head->base, l->n, "__put_partials: CPU %u's partial list, %lu slab%s, to the node",
			   cpu, l->n, l->n == 1 ? "" : "s");
	while ((s = l->head) != NULL) {
		take_off_list(sc, s);
		if (!s->inuse && sc->partial.n >= sc->g.min_partial)
			discard_slab(c, s, r);
		else
			add_partial(sc, s, 1);
	}
}

/* models put_cpu_partial(): s goes in front of the CPU's partial list.
 * With drain, a list already holding cpu_partial_slabs slabs is first
 * moved whole to the node (__put_partials(), CPU_PARTIAL_DRAIN). */
static void put_cpu_partial(skl_cache *c, slub_slab *s, unsigned cpu, int drain, report *r)
{
	slub_cache *sc = c->priv;
	slub_list *l = &sc->cpu[cpu].partial;
	take_off_list(sc, s);
	if (drain && l->n >= sc->g.cpu_partial_slabs)
		put_partials(c, cpu, r);
	list_add_head(l, s);
	s->list = SL_CPU_PARTIAL;
	s->pcpu = (int)cpu;
}

/* Every object in state from goes to state to, eight at a time: the
 * bytes equal to from are found as the zero bytes of w ^ from (exactly,
 * without the carries of the usual "has a zero byte" test). */
static void state_swap(slub_slab *s, uint8_t from, uint8_t to)
{
	const uint64_t ones = 0x0101010101010101ull, low7 = 0x7f7f7f7f7f7f7f7full;
	uint8_t *st = s->state;
	unsigned i = 0;
	for (; i + 8 <= s->objects; i += 8) {
		uint64_t w, x, zero;
		memcpy(&w, st + i, 8);
		x = w ^ (from * ones);
		zero = ~(((x & low7) + low7) | x | low7); /* 0x80 in each byte that was equal */
		zero = (zero >> 7) * 0xff;
		w = (w & ~zero) | (to * ones & zero);
		memcpy(st + i, &w, 8);
	}
	for (; i < s->objects; i++)
		if (st[i] == from)
			st[i] = to;
}

/* Marks what is left on a list unreachable, the way the kernel cuts a
 * corrupted chain: those objects stay counted as in use. */
static void lose_state(slub_slab *s, int state)
{
	unsigned i;
	for (i = 0; i < s->objects; i++)
		if (s->state[i] == state)
			s->state[i] = OS_LOST;
}

/*
 * Pops the first object of a freelist (the slab's or a CPU's), reading the
 * next pointer from the simulated bytes. The pointer must name a free object
 * of the same list, and the chain must end exactly when the record says so;
 * otherwise the kernel's freelist_corrupted() report is made and the rest of
 * the chain is isolated. Returns the object (never 0 when *count > 0).
 */
static skl_addr pop_object(report *r, slub_cache *sc, slub_slab *s, skl_addr *head, unsigned *count, int state)
{
	skl_addr obj = *head, next;
	unsigned idx, nidx;
	if (!obj || !*count || !index_of(sc, s, obj, &idx) || s->state[idx] != state) {
		/* the record and the head disagree: cannot happen unless corrupted */
		*head = 0;
		*count = 0;
		lose_state(s, state);
		return 0;
	}
	next = skl__slub_get_fp(r->k, sc, obj);
	fp_touch(r->k, sc, obj, 0);
	s->state[idx] = OS_ALLOC;
	(*count)--;
	if ((*count == 0 && next != 0) || (*count > 0 && (!index_of(sc, s, next, &nidx) || s->state[nidx] != state))) {
		char a[32];
		skl__slub_rp_found(
		    r, "the free pointer of free object 0x%s was overwritten: written to after it was freed?",
		    skl__slub_pstr(r->k, obj, a, sizeof(a)));
		skl__slub_object_err(r, sc, s, obj, "Freechain corrupt");
		skl__slub_slab_fix(r, "Isolate corrupted freechain");
		lose_state(s, state);
		if (state == OS_FREE)
			s->inuse += *count;
		*count = 0;
		next = 0;
	}
	*head = next;
	return obj;
}

/* models deactivate_slab(): the CPU freelist goes back in front of the
 * slab's, the slab is unfrozen onto the partial list, the full list, or
 * back to the page allocator when empty and the node has enough partials */
static void deactivate_slab(skl_cache *c, unsigned cpu, report *r)
{
	slub_cache *sc = c->priv;
	slub_cpu *cs = &sc->cpu[cpu];
	slub_slab *s = cs->slab;
	skl_addr it, tail = 0;
	unsigned n = 0;
	int to_tail;
	if (!s)
		return;
	to_tail = s->freelist != 0;
	it = cs->freelist;
	while (it && n < cs->nfree) {
		skl_addr next = skl__slub_get_fp(c->k, sc, it);
		fp_touch(c->k, sc, it, 0);
		unsigned idx;
		if (!skl__slub_valid_pointer(sc, s, it) || s->state[obj_index(sc, s, it)] != OS_CPU)
			break;
		idx = obj_index(sc, s, it);
		n++;
		if ((n < cs->nfree &&
		     (!next || !skl__slub_valid_pointer(sc, s, next) || s->state[obj_index(sc, s, next)] != OS_CPU)) ||
		    (n == cs->nfree && next)) {
			char a[32];
			skl__slub_rp_found(
			    r, "the free pointer of free object 0x%s was overwritten: written to after it was freed?",
			    skl__slub_pstr(c->k, it, a, sizeof(a)));
			skl__slub_object_err(r, sc, s, it, "Freechain corrupt");
			skl__slub_slab_fix(r, "Isolate corrupted freechain");
			s->state[idx] = OS_FREE;
			tail = it;
			break;
		}
		s->state[idx] = OS_FREE;
		tail = it;
		it = next;
	}
	state_swap(s, OS_CPU, OS_LOST);
	if (tail) {
		skl__slub_set_fp(c->k, sc, tail, s->freelist);
		fp_touch(c->k, sc, tail, 1);
		s->freelist = cs->freelist;
		s->nfree += n;
		s->inuse -= n;
	}
	cpu_set_slab(cs, NULL);
	cs->freelist = 0;
	cs->nfree = 0;
	s->cpu = -1;
	if (!s->inuse && sc->partial.n >= sc->g.min_partial)
		discard_slab(c, s, r);
	else if (s->freelist)
		add_partial(sc, s, to_tail);
	else
		add_full(sc, s);
}

/* models freeze_slab()/get_freelist(): the slab's whole freelist becomes
 * the CPU's */
static void freeze_into_cpu(slub_cache *sc, slub_slab *s, unsigned cpu)
{
	slub_cpu *cs = &sc->cpu[cpu];
	take_off_list(sc, s);
	s->cpu = (int)cpu;
	cpu_set_slab(cs, s);
	cs->freelist = s->freelist;
	cs->nfree = s->nfree;
	state_swap(s, OS_FREE, OS_CPU);
	s->freelist = 0;
	s->nfree = 0;
	s->inuse = s->objects;
}

/* "Marking all objects used": the kernel takes the slab off its lists for
 * good; it stays on our full list (so views and destroy still see it) and
 * is never allocated from again. */
static void disable_slab(slub_cache *sc, slub_slab *s)
{
	lose_state(s, OS_FREE);
	s->inuse = s->objects;
	s->freelist = 0;
	s->nfree = 0;
	s->disabled = 1;
	s->host = NULL; /* no fast path for it */
	add_full(sc, s);
}

/* models alloc_consistency_checks(): 0 when the object must not be used */
static int alloc_checks(report *r, slub_cache *sc, slub_slab *s, skl_addr obj)
{
	if (s->disabled) {
		skl__slub_slab_err(r, s, "Slab disabled since SLUB metadata consistency check failed");
		return 0;
	}
	if (!skl__slub_valid_pointer(sc, s, obj)) {
		skl__slub_object_err(r, sc, s, obj, "Freelist Pointer check fails");
		return 0;
	}
	return skl__slub_check_object(r, sc, s, obj, SLUB_RED_INACTIVE);
}

static void after_alloc(skl_cache *c, skl_addr obj, size_t orig, unsigned fn)
{
	slub_cache *sc = c->priv;
	if (kmem_cache_debug(sc)) {
		skl__slub_set_orig_size(c->k, sc, obj, (unsigned)orig);
		skl__slub_init_object(c->k, sc, obj, SLUB_RED_ACTIVE);
		if (sc->g.flags & SKL_SLAB_STORE_USER)
			skl__slub_set_track(c->k, sc, obj, 0, fn);
	}
	sc->allocs++;
	sc->active++;
	if (sc->active > sc->high)
		sc->high = sc->active;
}

/* Debug caches allocate one object at a time from the node lists
 * (alloc_single_from_partial() / alloc_single_from_new_slab()). */
static skl_addr alloc_debug(skl_cache *c, report *r, int *oom)
{
	slub_cache *sc = c->priv;
	int guard;
	for (guard = 0; guard < 1 << 20; guard++) {
		slub_slab *s = sc->partial.head;
		skl_addr obj;
		int fresh = 0;
		if (!s) {
			s = new_slab(c, oom);
			if (!s)
				return 0;
			fresh = 1;
		}
		obj = s->freelist;
		if ((sc->g.flags & SKL_SLAB_CONSISTENCY) && !alloc_checks(r, sc, s, obj)) {
			skl__slub_slab_fix(r, "Marking all objects used");
			disable_slab(sc, s);
			continue;
		}
		obj = pop_object(r, sc, s, &s->freelist, &s->nfree, OS_FREE);
		if (!obj) {
			if (!s->nfree && !s->freelist)
				add_full(sc, s);
			continue;
		}
		s->inuse++;
		if (s->inuse >= s->objects || !s->freelist)
			add_full(sc, s);
		else if (fresh)
			add_partial(sc, s, 0);
		return obj;
	}
	return 0;
}

/* models ___slab_alloc(): the CPU freelist, the CPU slab's own freelist,
 * the CPU's partial list, the node's partial list, a new slab */
static skl_addr alloc_cpu(skl_cache *c, report *r, int *oom)
{
	slub_cache *sc = c->priv;
	unsigned cpu = c->k->cpu < sc->ncpu ? c->k->cpu : 0;
	int guard;
	for (guard = 0; guard < 1 << 20; guard++) {
		slub_cpu *cs = &sc->cpu[cpu];
		slub_slab *s;
		if (cs->freelist) {
			skl_addr obj = pop_object(r, sc, cs->slab, &cs->freelist, &cs->nfree, OS_CPU);
			if (obj)
				return obj;
			continue;
		}
		if (cs->slab) {
			s = cs->slab;
			if (s->freelist) { /* objects freed while it was this CPU's */
				cs->freelist = s->freelist;
				cs->nfree = s->nfree;
				state_swap(s, OS_FREE, OS_CPU);
				s->freelist = 0;
				s->nfree = 0;
				s->inuse = s->objects;
				continue;
			}
			deactivate_slab(c, cpu, r);
		}
		/* CONFIG_SLUB_CPU_PARTIAL: the newest slab of this CPU's partial
		 * list becomes its slab before the node is asked (CPU_PARTIAL_ALLOC) */
		s = cs->partial.head;
		if (s) {
			freeze_into_cpu(sc, s, cpu);
			continue;
		}
		/* get_partial_node(): the first node partial slab becomes the CPU
		 * slab, and more follow onto the CPU's partial list until there
		 * are more than cpu_partial_slabs / 2 (CPU_PARTIAL_NODE) */
		s = sc->partial.head;
		if (s) {
			unsigned taken = 0;
			freeze_into_cpu(sc, s, cpu);
			while (has_cpu_partial(sc) && (s = sc->partial.head) != NULL) {
				put_cpu_partial(c, s, cpu, 0, r);
				if (++taken > sc->g.cpu_partial_slabs / 2)
					break;
			}
			if (taken)
				pcpu_event(c, cs->partial.head->base, taken,
					   "get_partial_node: %u more node slab%s onto CPU %u's partial list", taken,
					   taken == 1 ? "" : "s", cpu);
			continue;
		}
		s = new_slab(c, oom);
		if (!s)
			return 0;
		freeze_into_cpu(sc, s, cpu);
	}
	return 0;
}

/* ---- sheaves (6.18) ----------------------------------------------------------------- */

enum { MAX_FULL_SHEAVES = 10, MAX_EMPTY_SHEAVES = 10 }; /* mm/slub.c */

static unsigned this_cpu(const skl_cache *c)
{
	const slub_cache *sc = c->priv;
	return c->k->cpu < sc->ncpu ? c->k->cpu : 0;
}

/* alloc_empty_sheaf(): NULL when the host is out of memory */
static slub_sheaf *sheaf_new(const slub_cache *sc)
{
	return skl_calloc(1, sizeof(slub_sheaf) + (size_t)sc->g.sheaf_capacity * sizeof(skl_addr));
}

static void free_to_slab(skl_cache *c, slub_slab *s, skl_addr obj, unsigned idx, report *r);

/* models sheaf_flush_unused(): the sheaf's objects go back to their slabs
 * (__kmem_cache_free_bulk()) */
static void sheaf_flush(skl_cache *c, slub_sheaf *sh, report *r)
{
	slub_cache *sc = c->priv;
	if (sh->size)
		pcpu_event(c, 0, sh->size, "sheaf_flush_unused: %u objects of a sheaf back to their slabs", sh->size);
	while (sh->size) {
		skl_addr obj = sh->objects[--sh->size];
		slub_slab *s = slab_of(c->k, obj);
		unsigned idx;
		if (s && s->cache == c && index_of(sc, s, obj, &idx) && s->state[idx] == OS_SHEAF) {
			s->state[idx] = OS_ALLOC;
			free_to_slab(c, s, obj, idx, r);
		}
	}
}

/* barn_put_empty_sheaf(), or free_empty_sheaf() past MAX_EMPTY_SHEAVES */
static void barn_put_empty(slub_cache *sc, slub_sheaf *sh)
{
	if (sc->nr_empty >= MAX_EMPTY_SHEAVES) {
		skl_free(sh);
		return;
	}
	sh->next = sc->barn_empty;
	sc->barn_empty = sh;
	sc->nr_empty++;
}

static void barn_put_full(slub_cache *sc, slub_sheaf *sh)
{
	sh->next = sc->barn_full;
	sc->barn_full = sh;
	sc->nr_full++;
}

static slub_sheaf *barn_take(slub_sheaf **list, unsigned *n)
{
	slub_sheaf *sh = *list;
	if (sh) {
		*list = sh->next;
		sh->next = NULL;
		(*n)--;
	}
	return sh;
}

/* models refill_sheaf(): up to sheaf_capacity objects from the slabs, the
 * way any allocation gets them; 0 when none could be had */
static int refill_sheaf(skl_cache *c, slub_sheaf *sh, report *r, int *oom)
{
	slub_cache *sc = c->priv;
	unsigned before = sh->size;
	while (sh->size < sc->g.sheaf_capacity) {
		skl_addr obj = alloc_cpu(c, r, oom);
		slub_slab *s;
		unsigned idx;
		if (!obj)
			break;
		s = slab_of(c->k, obj);
		if (s && index_of(sc, s, obj, &idx))
			s->state[idx] = OS_SHEAF;
		sh->objects[sh->size++] = obj;
	}
	if (sh->size > before)
		pcpu_event(c, 0, sh->size - before, "refill_sheaf: %u objects from the slabs into CPU %u's sheaf",
			   sh->size - before, this_cpu(c));
	return sh->size > before;
}

/* models alloc_from_pcs() with __pcs_replace_empty_main(): the top object
 * of this CPU's main sheaf; an empty main is swapped for a spare with
 * objects, a full sheaf of the barn, or a sheaf refilled from the slabs.
 * 0 when none of that worked: the caller goes to the slabs itself. */
static skl_addr alloc_from_pcs(skl_cache *c, report *r, int *oom)
{
	slub_cache *sc = c->priv;
	slub_pcs *pcs = &sc->pcs[this_cpu(c)];
	skl_addr obj;
	slub_slab *s;
	unsigned idx;
	if (!pcs->main->size) {
		slub_sheaf *full = NULL, *empty;
		if (pcs->spare && pcs->spare->size) {
			slub_sheaf *t = pcs->main;
			pcs->main = pcs->spare;
			pcs->spare = t;
		} else if ((full = barn_take(&sc->barn_full, &sc->nr_full)) != NULL) {
			/* barn_replace_empty_sheaf() (BARN_GET) */
			barn_put_empty(sc, pcs->main);
			pcs->main = full;
			pcpu_event(c, 0, full->size, "barn_replace_empty_sheaf: a full sheaf from the barn for CPU %u",
				   this_cpu(c));
		} else {
			if (pcs->spare) {
				empty = pcs->spare;
				pcs->spare = NULL;
			} else {
				empty = barn_take(&sc->barn_empty, &sc->nr_empty);
			}
			if (!empty && !(empty = sheaf_new(sc))) /* alloc_full_sheaf() */
				return 0;
			if (!refill_sheaf(c, empty, r, oom)) {
				skl_free(empty);
				return 0;
			}
			full = empty;
			if (!pcs->main->size) {
				barn_put_empty(sc, pcs->main);
				pcs->main = full;
			} else if (!pcs->spare) {
				pcs->spare = pcs->main;
				pcs->main = full;
			} else {
				barn_put_full(sc, full);
			}
		}
	}
	if (!pcs->main->size)
		return 0;
	obj = pcs->main->objects[--pcs->main->size];
	s = slab_of(c->k, obj);
	if (s && index_of(sc, s, obj, &idx))
		s->state[idx] = OS_ALLOC;
	return obj;
}

/* models free_to_pcs() with __pcs_replace_full_main(): obj goes on top of
 * this CPU's main sheaf; a full main is swapped for an empty barn sheaf or a
 * spare with room, goes to the barn (at most MAX_FULL_SHEAVES), or the full
 * spare is flushed to the slabs. 0 when no sheaf could take it. */
static int free_to_pcs(skl_cache *c, slub_slab *s, skl_addr obj, unsigned idx, report *r)
{
	slub_cache *sc = c->priv;
	slub_pcs *pcs = &sc->pcs[this_cpu(c)];
	unsigned cap = sc->g.sheaf_capacity;
	if (pcs->main->size == cap) {
		slub_sheaf *empty;
		if (!pcs->spare) {
			empty = barn_take(&sc->barn_empty, &sc->nr_empty);
			if (!empty && !(empty = sheaf_new(sc)))
				return 0;
			pcs->spare = pcs->main;
			pcs->main = empty;
		} else if (pcs->spare->size < cap) {
			slub_sheaf *t = pcs->main;
			pcs->main = pcs->spare;
			pcs->spare = t;
		} else if (sc->nr_full < MAX_FULL_SHEAVES && sc->barn_empty) {
			/* barn_replace_full_sheaf() (BARN_PUT) */
			empty = barn_take(&sc->barn_empty, &sc->nr_empty);
			barn_put_full(sc, pcs->main);
			pcs->main = empty;
			pcpu_event(c, 0, cap, "barn_replace_full_sheaf: CPU %u's full sheaf into the barn (%u full)",
				   this_cpu(c), sc->nr_full);
		} else if (sc->nr_full >= MAX_FULL_SHEAVES) {
			/* -E2BIG (BARN_PUT_FAIL): flush the full spare, it becomes
			 * the main, the full main the spare */
			empty = pcs->spare;
			pcs->spare = NULL;
			sheaf_flush(c, empty, r);
			pcs->spare = pcs->main;
			pcs->main = empty;
		} else {
			/* no empty sheaf in the barn: a new one; the full main goes
			 * to the barn (the spare is full) */
			if (!(empty = sheaf_new(sc)))
				return 0;
			barn_put_full(sc, pcs->main);
			pcs->main = empty;
			pcpu_event(c, 0, cap, "barn_put_full_sheaf: CPU %u's full sheaf into the barn (%u full)",
				   this_cpu(c), sc->nr_full);
		}
	}
	s->state[idx] = OS_SHEAF;
	pcs->main->objects[pcs->main->size++] = obj;
	return 1;
}

/* pcs_flush_all() and barn_shrink(): every sheaf's objects back to the slabs;
 * empty sheaves stay (the mains), or are freed */
static void flush_sheaves(skl_cache *c, report *r)
{
	slub_cache *sc = c->priv;
	slub_sheaf *sh;
	unsigned cpu;
	if (!sc->pcs)
		return;
	for (cpu = 0; cpu < sc->ncpu; cpu++) {
		sheaf_flush(c, sc->pcs[cpu].main, r);
		if (sc->pcs[cpu].spare) {
			sheaf_flush(c, sc->pcs[cpu].spare, r);
			skl_free(sc->pcs[cpu].spare);
			sc->pcs[cpu].spare = NULL;
		}
	}
	while ((sh = barn_take(&sc->barn_full, &sc->nr_full)) != NULL) {
		sheaf_flush(c, sh, r);
		skl_free(sh);
	}
	while ((sh = barn_take(&sc->barn_empty, &sc->nr_empty)) != NULL)
		skl_free(sh);
}

static unsigned long sheaf_objects(const slub_cache *sc)
{
	unsigned long n = 0;
	const slub_sheaf *sh;
	unsigned cpu;
	if (!sc->pcs)
		return 0;
	for (cpu = 0; cpu < sc->ncpu; cpu++)
		n += sc->pcs[cpu].main->size + (sc->pcs[cpu].spare ? sc->pcs[cpu].spare->size : 0);
	for (sh = sc->barn_full; sh; sh = sh->next)
		n += sh->size;
	return n;
}

static skl_addr do_alloc(skl_cache *c, size_t orig, unsigned fn, skl_error *err)
{
	slub_machine *m;
	slub_cache *sc;
	report r;
	skl_addr obj;
	int oom = 0;
	c = skl__slub_real_cache(c);
	if (!c || !c->priv || !c->k || !c->k->priv) {
		skl_errorf(err, "kmem_cache_alloc: not a SLUB cache");
		return 0;
	}
	m = skl__slub_machine(c->k);
	sc = c->priv;
	m->jiffies++;
	skl__slub_rp_init(&r, c->k, c);
	if (kmem_cache_debug(sc))
		obj = alloc_debug(c, &r, &oom);
	else if (!sc->pcs || !(obj = alloc_from_pcs(c, &r, &oom)))
		obj = alloc_cpu(c, &r, &oom);
	if (obj)
		after_alloc(c, obj, orig ? orig : sc->g.object_size, fn);
	if (obj && c->k->kasan)
		skl__kasan_alloc(c->k, obj, sc->g.object_size, (unsigned)(orig ? orig : sc->g.object_size));
	skl__slub_rp_finish(&r, obj, err);
	if (!obj && oom == 2)
		skl_errorf(err, "kmem_cache_alloc(%s): out of host memory for the allocator's records", c->name);
	else if (!obj) /* models slab_out_of_memory() */
		skl_errorf(err,
			   "SLUB: Unable to allocate memory on node -1, gfp=0xcc0(GFP_KERNEL): cache: %s, object size: "
			   "%u, buffer size: %u, default order: %u, min order: %u",
			   c->name, sc->g.object_size, sc->g.size, sc->g.order, sc->g.min_order);
	return obj;
}

/* ---- free ---------------------------------------------------------------------------- */

/* models __slab_free() / free_to_partial_list() after the checks passed:
 * a full slab's first free puts it on this CPU's partial list when the
 * cache has one, else on the node's partial list */
static void free_to_slab(skl_cache *c, slub_slab *s, skl_addr obj, unsigned idx, report *r)
{
	slub_cache *sc = c->priv;
	skl_addr prior;
	if (s->cpu >= 0 && (unsigned)s->cpu == c->k->cpu && !kmem_cache_debug(sc)) {
		/* do_slab_free() fast path: onto this CPU's freelist */
		slub_cpu *cs = &sc->cpu[s->cpu];
		skl__slub_set_fp(c->k, sc, obj, cs->freelist);
		fp_touch(c->k, sc, obj, 1);
		cs->freelist = obj;
		cs->nfree++;
		s->state[idx] = OS_CPU;
		return;
	}
	prior = s->freelist;
	skl__slub_set_fp(c->k, sc, obj, prior);
	fp_touch(c->k, sc, obj, 1);
	s->freelist = obj;
	s->nfree++;
	s->state[idx] = OS_FREE;
	s->inuse--;
	if (s->cpu >= 0)
		return; /* frozen: another CPU's slab, no list changes */
	if (s->list == SL_CPU_PARTIAL)
		return; /* "partially empty but not on the per-node partial list" */
	if (!prior && has_cpu_partial(sc)) {
		/* "If we started with a full slab then put it onto the per cpu
		 * partial list" (CPU_PARTIAL_FREE): this CPU's, even when the
		 * free left it empty */
		unsigned cpu = c->k->cpu < sc->ncpu ? c->k->cpu : 0;
		pcpu_event(c, s->base, 1, "put_cpu_partial: a free into a full slab puts it on CPU %u's partial list",
			   cpu);
		put_cpu_partial(c, s, cpu, 1, r);
		return;
	}
	if (!s->inuse && sc->partial.n >= sc->g.min_partial) {
		discard_slab(c, s, r);
		return;
	}
	if (!prior && s->list != SL_PARTIAL)
		add_partial(sc, s, 1);
}

/* models kmem_cache_free() / kfree() with free_debug_processing(): F runs
 * every check; the pointer and double-free checks always run here. When a
 * check fails the object is not freed. */
/* The object's address as the reports print it, formatted only when a
 * report needs it (a free that goes well formats nothing). */
#define OBJ_STR() skl__slub_pstr(k, obj, a, sizeof(a))
static int do_free(skl_cache *c, skl_addr obj, unsigned fn, skl_error *err)
{
	skl_kernel *k = c->k;
	slub_cache *sc;
	slub_slab *s;
	report r;
	char a[32];
	unsigned idx;
	skl__slub_machine(k)->jiffies++;
	skl__slub_rp_init(&r, k, c);
	if (!obj)
		return skl__slub_rp_finish(&r, 0, err); /* kfree(NULL) */
	s = slab_of(k, obj);
	if (!s || !s->cache || !s->cache->priv) {
		/* cache_from_obj() -> virt_to_cache() */
		skl__slub_rp_found(&r, "0x%s is not in a slab page", OBJ_STR());
		skl__slub_rp(&r, "virt_to_cache: Object is not a Slab page!\n");
		skl__slub_add_taint_warn(&r);
		return skl__slub_rp_finish(&r, obj, err);
	}
	if (s->cache != c) {
		slub_cache *osc = s->cache->priv;
		skl__slub_rp_found(&r, "0x%s is in a slab of %s, not of %s", OBJ_STR(), s->cache->name, c->name);
		skl__slub_rp(&r, "cache_from_obj: Wrong slab cache. %s but object is from %s\n", c->name,
			     s->cache->name);
		if (skl__slub_valid_pointer(osc, s, obj))
			skl__slub_print_tracking(&r, osc, obj);
		skl__slub_add_taint_warn(&r);
		return skl__slub_rp_finish(&r, obj, err);
	}
	sc = c->priv;
	/* slab_free_hook(): KASAN looks first, keeps what it reports, and may
	 * keep the object in its quarantine (1: freed later, through here) */
	if (k->kasan) {
		int q = skl__kasan_slab_free(k, obj, skl__slub_valid_pointer(sc, s, obj), sc->g.object_size,
					     (sc->g.flags & SKL_SLAB_TYPESAFE_BY_RCU) != 0,
					     sc->g.kasan.free_meta_offset != SKL_KASAN_NO_FREE_META, err);
		if (q)
			return q < 0 ? (skl__slub_rp_finish(&r, obj, NULL), -1) : skl__slub_rp_finish(&r, obj, err);
	}
	if (s->disabled && (sc->g.flags & SKL_SLAB_CONSISTENCY)) {
		skl__slub_rp_found(&r, "the slab of 0x%s was disabled by an earlier failed check", OBJ_STR());
		skl__slub_slab_err(&r, s, "Slab disabled since SLUB metadata consistency check failed");
		goto not_freed;
	}
	if (!index_of(sc, s, obj, &idx)) {
		skl_addr off = obj - s->base, in = off % sc->g.size;
		if (off >= (skl_addr)s->objects * sc->g.size)
			skl__slub_rp_found(&r, "0x%s is in the unused tail of its slab, after the last object",
					   OBJ_STR());
		else if (in < sc->g.red_left_pad)
			skl__slub_rp_found(&r, "0x%s is in the left red zone of object %llu of its slab", OBJ_STR(),
					   (unsigned long long)(off / sc->g.size));
		else
			skl__slub_rp_found(&r, "0x%s is %llu bytes into object %llu of its slab, not at its start",
					   OBJ_STR(), (unsigned long long)(in - sc->g.red_left_pad),
					   (unsigned long long)(off / sc->g.size));
		skl__slub_slab_err(&r, s, "Invalid object pointer 0x%s", OBJ_STR());
		goto not_freed;
	}
	if (s->state[idx] != OS_ALLOC && s->state[idx] < OS_VIA) {
		skl__slub_rp_found(&r, "0x%s is already free: a double free", OBJ_STR());
		skl__slub_object_err(&r, sc, s, obj, "Object already free");
		goto not_freed;
	}
	if ((sc->g.flags & SKL_SLAB_CONSISTENCY) && !skl__slub_check_object(&r, sc, s, obj, SLUB_RED_ACTIVE))
		goto not_freed;
	if (sc->g.flags & SKL_SLAB_STORE_USER)
		skl__slub_set_track(k, sc, obj, 1, fn);
	if (kmem_cache_debug(sc))
		skl__slub_init_object(k, sc, obj, SLUB_RED_INACTIVE);
	if (!sc->pcs || !free_to_pcs(c, s, obj, idx, &r))
		free_to_slab(c, s, obj, idx, &r);
	sc->frees++;
	if (sc->active)
		sc->active--;
	return skl__slub_rp_finish(&r, obj, err);
not_freed:
	skl__slub_slab_fix(&r, "Object at 0x%s not freed", OBJ_STR());
	return skl__slub_rp_finish(&r, obj, err);
}
#undef OBJ_STR

/* ---- shrink and destroy ------------------------------------------------------------- */

static void flush_all(skl_cache *c, report *r)
{
	slub_cache *sc = c->priv;
	unsigned cpu;
	flush_sheaves(c, r);
	for (cpu = 0; cpu < sc->ncpu; cpu++) {
		if (sc->cpu[cpu].slab)
			deactivate_slab(c, cpu, r);
		put_partials(c, cpu, r); /* flush_cpu_slab() -> put_partials_cpu() */
	}
}

/* models __kmem_cache_do_shrink(): empty partial slabs go back to the page
 * allocator, the rest are sorted with the fullest first */
static int do_shrink(skl_cache *c, report *r)
{
	slub_cache *sc = c->priv;
	slub_list promote[SHRINK_PROMOTE_MAX], rest;
	slub_slab *s, *next;
	unsigned long before = sc->freed_slabs;
	unsigned i;
	flush_all(c, r);
	memset(promote, 0, sizeof(promote));
	memset(&rest, 0, sizeof(rest));
	for (s = sc->partial.head; s; s = next) {
		unsigned free_objs = s->objects - s->inuse;
		next = s->next;
		if (free_objs == s->objects) {
			discard_slab(c, s, r);
		} else {
			list_del(&sc->partial, s);
			if (free_objs >= 1 && free_objs <= SHRINK_PROMOTE_MAX)
				list_add_tail(&promote[free_objs - 1], s);
			else
				list_add_tail(&rest, s);
		}
	}
	/* list_splice() of promote[SHRINK_PROMOTE_MAX - 1 .. 0] onto the head */
	for (s = rest.head; s; s = next) {
		next = s->next;
		list_add_tail(&sc->partial, s);
	}
	for (i = SHRINK_PROMOTE_MAX; i-- > 0;) {
		slub_slab *t = promote[i].tail;
		while (t) {
			slub_slab *prev = t->prev;
			list_add_head(&sc->partial, t);
			t = prev;
		}
	}
	for (s = sc->partial.head; s; s = s->next)
		s->list = SL_PARTIAL;
	return (int)(sc->freed_slabs - before);
}

/* models list_slab_objects() */
static void list_slab_objects(report *r, slub_cache *sc, slub_slab *s)
{
	unsigned i;
	char a[32];
	skl__slub_slab_bug(r, r->c, "Objects remaining on __kmem_cache_shutdown()");
	for (i = 0; i < s->objects; i++) {
		skl_addr p = obj_addr(sc, s, i);
		if (s->state[i] == OS_FREE)
			continue;
		skl__slub_rp(r, "Object 0x%s @offset=%llu\n", skl__slub_pstr(r->k, p, a, sizeof(a)),
			     (unsigned long long)(p - s->base));
		skl__slub_print_tracking(r, sc, p);
	}
	skl__slub_print_slab_info(r, s);
	skl__slub_add_taint(r);
}

static void free_all_slabs(skl_cache *c)
{
	slub_cache *sc = c->priv;
	slub_slab *s, *next;
	unsigned cpu;
	for (cpu = 0; cpu < sc->ncpu; cpu++) {
		s = sc->cpu[cpu].slab;
		if (s) {
			cpu_set_slab(&sc->cpu[cpu], NULL);
			s->cpu = -1;
			s->list = SL_NONE;
			slab_record_free(s);
		}
		for (s = sc->cpu[cpu].partial.head; s; s = next) {
			next = s->next;
			slab_record_free(s);
		}
		memset(&sc->cpu[cpu].partial, 0, sizeof(sc->cpu[cpu].partial));
	}
	for (s = sc->partial.head; s; s = next) {
		next = s->next;
		slab_record_free(s);
	}
	for (s = sc->full.head; s; s = next) {
		next = s->next;
		slab_record_free(s);
	}
	memset(&sc->partial, 0, sizeof(sc->partial));
	memset(&sc->full, 0, sizeof(sc->full));
}

static void free_priv(skl_cache *c)
{
	slub_cache *sc = c->priv;
	if (!sc)
		return;
	free_all_slabs(c);
	if (sc->pcs) {
		unsigned cpu;
		slub_sheaf *sh;
		for (cpu = 0; cpu < sc->ncpu; cpu++) {
			skl_free(sc->pcs[cpu].main);
			skl_free(sc->pcs[cpu].spare);
		}
		while ((sh = barn_take(&sc->barn_full, &sc->nr_full)) != NULL)
			skl_free(sh);
		while ((sh = barn_take(&sc->barn_empty, &sc->nr_empty)) != NULL)
			skl_free(sh);
		skl_free(sc->pcs);
		sc->pcs = NULL;
	}
	while (sc->spare) {
		slub_slab *s = sc->spare;
		sc->spare = s->next;
		slab_record_free(s);
	}
	skl_free(sc->cpu);
	skl_free(sc);
	c->priv = NULL;
	c->fast_state = NULL;
	c->fast = NULL;
	c->fast_call = NULL;
}

/* ---- snapshots --------------------------------------------------------------------------- */

/* Red zones, poison and padding as they should be for the object's state:
 * 1 when something is off (no report is made). */
static int object_damaged(skl_kernel *k, const slub_cache *sc, const slub_slab *s, unsigned i)
{
	const skl_slub_geom *g = &sc->g;
	skl_addr p = obj_addr(sc, s, i);
	int active = s->state[i] == OS_ALLOC || s->state[i] >= OS_VIA;
	unsigned val = active ? SLUB_RED_ACTIVE : SLUB_RED_INACTIVE, j;
	const uint8_t *b;
	if (!kmem_cache_debug(sc) || s->state[i] == OS_LOST)
		return 0;
	if (g->flags & SKL_SLAB_RED_ZONE) {
		unsigned start = active && g->orig_size ? skl__slub_get_orig_size(k, sc, p) : g->object_size;
		b = skl__bytes(k, p - g->red_left_pad, g->red_left_pad);
		for (j = 0; b && j < g->red_left_pad; j++)
			if (b[j] != val)
				return 1;
		b = skl__bytes(k, p + start, g->inuse - start);
		for (j = 0; b && j < g->inuse - start; j++)
			if (b[j] != val)
				return 1;
	}
	if ((g->flags & SKL_SLAB_POISON) && !active && g->object_poison) {
		b = skl__bytes(k, p, g->object_size);
		for (j = 0; b && j + 1 < g->object_size; j++)
			if (b[j] != POISON_FREE)
				return 1;
		if (b && b[g->object_size - 1] != POISON_END)
			return 1;
	}
	if (g->flags & SKL_SLAB_POISON) {
		unsigned off = skl__slub_pad_offset(k, sc), end = skl__slub_size_from_object(sc);
		b = end > off ? skl__bytes(k, p + off, end - off) : NULL;
		for (j = 0; b && j < end - off; j++)
			if (b[j] != POISON_INUSE)
				return 1;
	}
	return 0;
}

static int snap_slab(skl_kernel *k, const slub_cache *sc, const slub_slab *s, int list, skl_slab_snap *out)
{
	unsigned i;
	memset(out, 0, sizeof(*out));
	out->base = s->base;
	out->pages = 1u << s->order;
	out->s_mem = s->base + sc->g.red_left_pad;
	out->nobjs = s->objects;
	out->list = list;
	for (i = 0; i < s->objects && s->state[i] < OS_VIA; i++)
		;
	/* via, when an object came through an alias, shares state's allocation */
	out->state = skl_calloc(s->objects ? s->objects : 1, i < s->objects ? 2 : 1);
	out->bad = skl_calloc(s->objects ? s->objects : 1, 1);
	if (out->state && i < s->objects)
		out->via = out->state + s->objects;
	if (!out->state || !out->bad) {
		skl_free(out->state);
		skl_free(out->bad);
		out->state = out->bad = out->via = NULL;
		return -1;
	}
	for (i = 0; i < s->objects; i++) {
		if (out->via && s->state[i] >= OS_VIA)
			out->via[i] = (uint8_t)(s->state[i] - OS_VIA + 1);
		switch (s->state[i]) {
		case OS_FREE:
			out->state[i] = SKL_OS_FREE;
			break;
		case OS_CPU:
		case OS_SHEAF: /* free, held by a CPU (in a sheaf) */
			out->state[i] = SKL_OS_CPU;
			break;
		default:
			out->state[i] = SKL_OS_ALLOC;
			out->inuse++;
			break;
		}
		out->bad[i] = (uint8_t)object_damaged(k, sc, s, i);
	}
	return 0;
}

/* ---- machine-wide state ----------------------------------------------------------------- */

static unsigned long nr_free_partial(const slub_cache *sc)
{
	unsigned long n = 0;
	const slub_slab *s;
	for (s = sc->partial.head; s; s = s->next)
		n += s->objects - s->inuse;
	return n;
}

static void fill_info(const skl_cache *c, skl_cache_info *out)
{
	const skl_cache *rc = real_cache_c(c);
	const slub_cache *sc = rc ? rc->priv : NULL;
	memset(out, 0, sizeof(*out));
	snprintf(out->name, sizeof(out->name), "%s", c->name);
	if (c->alias_of)
		snprintf(out->alias_of, sizeof(out->alias_of), "%s", rc->name);
	out->object_size = c->object_size;
	out->flags = c->opts.flags;
	if (!sc)
		return;
	out->object_size = sc->g.object_size;
	out->size = sc->g.size;
	out->align = sc->g.align;
	out->flags = sc->g.flags;
	out->order = sc->g.order;
	out->pages_per_slab = 1u << sc->g.order;
	out->objs_per_slab = sc->g.objects;
	out->inuse = sc->g.inuse;
	out->freeptr_offset = sc->g.offset;
	out->red_left_pad = sc->g.red_left_pad;
	out->min_objects = sc->g.min_objects;
	if (c->k && c->k->kasan) {
		out->kasan = 1;
		out->kasan_red = sc->g.kasan.added;
		out->kasan_alloc_meta = sc->g.kasan.alloc_meta_offset;
		out->kasan_free_meta =
		    sc->g.kasan.free_meta_offset == SKL_KASAN_NO_FREE_META ? SIZE_MAX : sc->g.kasan.free_meta_offset;
	}
	out->num_objs = sc->total_objects;
	out->active_objs = sc->total_objects - nr_free_partial(sc);
	out->sheaf_capacity = sc->g.sheaf_capacity;
	out->sheaf_objects = sheaf_objects(sc);
	out->barn_full = sc->nr_full;
	out->barn_empty = sc->nr_empty;
	out->cpu_partial = sc->g.cpu_partial;
	out->cpu_partial_slabs = sc->g.cpu_partial_slabs;
	{
		unsigned cpu;
		const slub_slab *s;
		for (cpu = 0; cpu < sc->ncpu; cpu++)
			for (s = sc->cpu[cpu].partial.head; s; s = s->next) {
				out->slabs_cpu_partial++;
				out->cpu_partial_free += s->objects - s->inuse;
			}
	}
	out->in_use = sc->active;
	out->cpu_avail = c->k && c->k->cpu < sc->ncpu ? sc->cpu[c->k->cpu].nfree : 0;
	out->num_slabs = out->active_slabs = sc->nr_slabs;
	out->high = sc->high;
	out->allocs = sc->allocs;
	out->grown = sc->grown;
	out->reaped = sc->freed_slabs;
	out->errors = sc->errors;
}

static void slabinfo_line(const skl_cache *c, char *buf, size_t n)
{
	skl_cache_info in;
	fill_info(c, &in);
	skl_slub_slabinfo_row(buf, n, c->name, in.active_objs, in.num_objs, (unsigned)in.size, in.objs_per_slab,
			      in.pages_per_slab, in.active_slabs, in.num_slabs);
}

static skl_cache *slub_kmalloc_cache(skl_kernel *k, size_t n);

/* Every cache gets its struct kmem_cache and kmem_cache_node from the two
 * boot caches, as the kernel's do (kmem_cache_zalloc(kmem_cache)). 2.6.31
 * has no such caches: kmem_cache_create() takes s = kmalloc(kmem_size,
 * GFP_KERNEL), and without CONFIG_NUMA the node is s->local_node. */
static int alloc_descriptors(skl_cache *c, skl_error *err)
{
	slub_machine *m = skl__slub_machine(c->k);
	slub_cache *sc = c->priv;
	uint8_t *b;
	if (m->p.era == SKL_SLUB_ERA_2_6_31) {
		skl_cache *kc = slub_kmalloc_cache(c->k, (size_t)m->p.kmem_cache_size);
		if (!kc)
			return 0;
		sc->kmem_cache_obj = do_alloc(kc, (size_t)m->p.kmem_cache_size, 1, err);
		if (!sc->kmem_cache_obj)
			return -1;
		b = skl__bytes(c->k, sc->kmem_cache_obj, (size_t)m->p.kmem_cache_size);
		if (b)
			memset(b, 0, (size_t)m->p.kmem_cache_size);
		return 0;
	}
	if (!m->kmem_cache || !m->kmem_cache_node)
		return 0;
	sc->kmem_cache_obj = do_alloc(m->kmem_cache, 0, 0, err);
	if (!sc->kmem_cache_obj)
		return -1;
	b = skl__bytes(c->k, sc->kmem_cache_obj, ((slub_cache *)m->kmem_cache->priv)->g.object_size);
	if (b)
		memset(b, 0, ((slub_cache *)m->kmem_cache->priv)->g.object_size);
	sc->kmem_cache_node_obj = do_alloc(m->kmem_cache_node, 0, 0, err);
	if (!sc->kmem_cache_node_obj) {
		do_free(m->kmem_cache, sc->kmem_cache_obj, 2, NULL);
		sc->kmem_cache_obj = 0;
		return -1;
	}
	b = skl__bytes(c->k, sc->kmem_cache_node_obj, ((slub_cache *)m->kmem_cache_node->priv)->g.object_size);
	if (b)
		memset(b, 0, ((slub_cache *)m->kmem_cache_node->priv)->g.object_size);
	return 0;
}

static void free_descriptors(skl_cache *c)
{
	slub_machine *m = skl__slub_machine(c->k);
	slub_cache *sc = c->priv;
	if (sc->kmem_cache_obj && m->p.era == SKL_SLUB_ERA_2_6_31) {
		/* kmem_cache_release(): kfree(s) */
		skl_cache *kc = slub_kmalloc_cache(c->k, (size_t)m->p.kmem_cache_size);
		if (kc && kc->priv)
			do_free(kc, sc->kmem_cache_obj, 3, NULL);
	} else if (sc->kmem_cache_obj && m->kmem_cache && m->kmem_cache->priv)
		do_free(m->kmem_cache, sc->kmem_cache_obj, 2, NULL);
	if (sc->kmem_cache_node_obj && m->kmem_cache_node && m->kmem_cache_node->priv)
		do_free(m->kmem_cache_node, sc->kmem_cache_node_obj, 2, NULL);
	sc->kmem_cache_obj = sc->kmem_cache_node_obj = 0;
}

/* =========================================================================
 * The operations
 * ========================================================================= */

static int slub_cache_init(skl_cache *c, skl_error *err);

static int slub_init(skl_kernel *k, skl_error *err)
{
	static const unsigned sizes[] = {96, 192, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
	slub_machine *m = skl_calloc(1, sizeof(*m));
	skl_cache_opts o;
	unsigned i;
	if (!m)
		return skl_errorf(err, "out of memory");
	skl_slub_params_init(&m->p, &k->prof, k->cpus);
	m->page_shift = skl__page_shift(k->prof.page_size);
	m->fast_words = m->page_shift && !m->p.big_endian && (m->p.word == 4 || m->p.word == 8);
	m->p.kasan = k->kasan;
	if (m->p.cpus > SKL_SLUB_MAX_CPUS)
		m->p.cpus = SKL_SLUB_MAX_CPUS;
	k->priv = m;
	m->booting = 1;
	/* create_boot_cache(): kmem_cache_node, then kmem_cache; bootstrap() puts
	 * kmem_cache first on the list, so it prints last. 2.6.31 kmem_cache_init()
	 * makes neither without CONFIG_NUMA (kmem_cache_node is kmalloc_caches[0]
	 * only under it), and its kmalloc caches are static kmalloc_caches[]:
	 * nothing is allocated for them */
	if (m->p.era != SKL_SLUB_ERA_2_6_31) {
		memset(&o, 0, sizeof(o));
		o.flags = SKL_SLAB_HWCACHE_ALIGN | SKL_SLAB_NO_MERGE;
		m->kmem_cache = skl__cache_new(k, "kmem_cache", (size_t)m->p.kmem_cache_size, &o, err);
		if (!m->kmem_cache)
			goto fail;
		m->kmem_cache_node = skl__cache_new(k, "kmem_cache_node", (size_t)m->p.kmem_cache_node_size, &o, err);
		if (!m->kmem_cache_node)
			goto fail;
		if (alloc_descriptors(m->kmem_cache, err) < 0 || alloc_descriptors(m->kmem_cache_node, err) < 0)
			goto fail;
		m->booting = 0;
	}
	/* create_kmalloc_caches(): 96 and 192, then the powers of two. 6.x
	 * sets SLAB_NO_MERGE on KMALLOC_NORMAL under CONFIG_MEMCG ("mm:
	 * memcg/slab: disable cache merging for KMALLOC_NORMAL caches", 5.14);
	 * 2.6.31's create_kmalloc_cache() opens them with flags 0 and
	 * refcount 1, so other caches merge into them */
	memset(&o, 0, sizeof(o));
	o.flags = SKL_SLAB_KMALLOC;
	if (m->p.era != SKL_SLUB_ERA_2_6_31)
		o.flags |= SKL_SLAB_NO_MERGE;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		char name[32];
		unsigned idx = sizes[i] == 96 ? 1 : sizes[i] == 192 ? 2 : ilog2_u(sizes[i]);
		if (sizes[i] > 2 * m->p.page_size)
			continue;
		/* 2.6.31 kmem_cache_init(): kasprintf("kmalloc-%d", 1 << i), the
		 * size in bytes, as kmalloc_info[] kept ("kmalloc-1024") until
		 * 4.20's "mm, slab: shorten kmalloc cache names for large sizes"
		 * made it "kmalloc-1k" */
		if (sizes[i] >= 1024 && m->p.era != SKL_SLUB_ERA_2_6_31)
			snprintf(name, sizeof(name), "kmalloc-%uk", sizes[i] / 1024);
		else
			snprintf(name, sizeof(name), "kmalloc-%u", sizes[i]);
		m->kmalloc[idx] = skl__cache_new(k, name, sizes[i], &o, err);
		if (!m->kmalloc[idx])
			goto fail;
	}
	m->booting = 0;
	return 0;
fail:
	m->booting = 0;
	return -1;
}

static void slub_fini(skl_kernel *k)
{
	int i;
	for (i = 0; i < k->ncaches; i++)
		if (k->caches[i] && !k->caches[i]->alias_of)
			free_priv(k->caches[i]);
	skl_free(k->priv);
	k->priv = NULL;
}

/* models find_mergeable(): 6.x walks slab_caches in reverse, the oldest
 * cache the new one fits first; 2.6.31's walks it forward, and its
 * list_add() put the newest cache at the head, so the newest wins */
static skl_cache *slub_find_merge(skl_kernel *k, size_t size, const skl_cache_opts *o)
{
	slub_machine *m = skl__slub_machine(k);
	unsigned flags = (o ? o->flags : 0) | k->slub_debug;
	unsigned align = o ? o->align : 0;
	int newest_first = m && m->p.era == SKL_SLUB_ERA_2_6_31;
	int n, i;
	if (!m || !size || size > 0xffffffffu || (o && o->ctor) || skl_slub_merge_blocker(flags, 0))
		return NULL;
	if (m->p.kasan) /* SLAB_KASAN | SLAB_NO_MERGE */
		return NULL;
	if (o && (o->use_freeptr_offset || o->sheaf_capacity))
		return NULL; /* a cache with sheaves: slab_unmergeable()'s s->cpu_sheaves */
	for (n = 0; n < k->ncaches; n++) {
		skl_cache *s;
		slub_cache *sc;
		i = newest_first ? k->ncaches - 1 - n : n;
		s = k->caches[i];
		if (!s || s->alias_of || !s->priv)
			continue;
		sc = s->priv;
		/* boot caches never, kmalloc caches where the era allows
		 * (2.6.31: only kmem_cache_node's refcount is -1) */
		if ((sc->boot && ((sc->g.flags & SKL_SLAB_NO_MERGE) || !(s->opts.flags & SKL_SLAB_KMALLOC))) ||
		    skl_slub_merge_blocker(sc->g.flags, sc->g.ctor) || sc->pcs)
			continue;
		if (skl_slub_merge_fits(&m->p, (unsigned)size, align, flags, sc->g.size, sc->g.flags)) {
			/* __kmem_cache_alias() */
			unsigned sz = (unsigned)size;
			if (sz > sc->g.object_size)
				sc->g.object_size = sz;
			if (align_up(sz, m->p.word) > sc->g.inuse)
				sc->g.inuse = align_up(sz, m->p.word);
			return s;
		}
	}
	return NULL;
}

static int slub_cache_init(skl_cache *c, skl_error *err)
{
	skl_kernel *k = c->k;
	slub_machine *m = skl__slub_machine(k);
	slub_cache *sc;
	if (!m)
		return skl_errorf(err, "SLUB is not initialised on this machine");
	if (c->object_size > 0xffffffffu)
		return skl_errorf(err, "kmem_cache_create(%s): size %zu is too large (-EINVAL)", c->name,
				  c->object_size);
	sc = skl_calloc(1, sizeof(*sc));
	if (!sc)
		return skl_errorf(err, "out of memory creating cache %s", c->name);
	if (skl_slub_geometry(&m->p, (unsigned)c->object_size, &c->opts, k->slub_debug, &sc->g, err) < 0) {
		skl_free(sc);
		return -1;
	}
	sc->ncpu = m->p.cpus ? m->p.cpus : 1;
	sc->cpu = skl_calloc(sc->ncpu, sizeof(*sc->cpu));
	if (!sc->cpu) {
		skl_free(sc);
		return skl_errorf(err, "out of memory creating cache %s", c->name);
	}
	sc->boot = m->booting || k->booting; /* made by slub_init(): never merged or destroyed */
	if (sc->g.size && ((uint64_t)k->prof.page_size << sc->g.order) * sc->g.size < (1ull << 32))
		sc->recip = (1ull << 32) / sc->g.size + 1;
	sc->fast = !kmem_cache_debug(sc) && !k->kasan && m->fast_words && !sc->g.red_left_pad && sc->recip &&
		   !sc->g.sheaf_capacity;
	sc->word8 = m->p.word == 8;
	sc->owner = c;
	sc->page_shift = m->page_shift;
	c->priv = sc;
	if (sc->g.sheaf_capacity) { /* init_percpu_sheaves(): an empty main each */
		unsigned cpu;
		sc->pcs = skl_calloc(sc->ncpu, sizeof(*sc->pcs));
		for (cpu = 0; sc->pcs && cpu < sc->ncpu; cpu++)
			if (!(sc->pcs[cpu].main = sheaf_new(sc))) {
				free_priv(c);
				return skl_errorf(err, "out of memory creating cache %s", c->name);
			}
		if (!sc->pcs) {
			free_priv(c);
			return skl_errorf(err, "out of memory creating cache %s", c->name);
		}
	}
	c->fast_state = sc->fast ? sc : NULL;
	if (!m->booting && alloc_descriptors(c, err) < 0) {
		char msg[sizeof(err->msg)];
		snprintf(msg, sizeof(msg), "%s", err ? err->msg : "");
		free_priv(c);
		return skl_errorf(err, "kmem_cache_create(%s) failed with error -12: %s", c->name, msg);
	}
	return 0;
}

/* models kmem_cache_destroy(): refuses (with the kernel's report) while
 * objects are allocated; the cache then stays usable */
static int slub_cache_destroy(skl_cache *c, skl_error *err)
{
	slub_cache *sc;
	report r;
	slub_slab *s;
	int busy = 0;
	if (c->alias_of || !c->priv)
		return 0;
	sc = c->priv;
	if (sc->boot)
		return skl_errorf(err, "kmem_cache_destroy(%s): the machine's own boot and kmalloc caches stay",
				  c->name);
	if (c->k->kasan) /* kasan_cache_shutdown() */
		skl__kasan_cache_release(c->k, c);
	skl__slub_rp_init(&r, c->k, c);
	flush_all(c, &r);
	for (s = sc->partial.head; s;) {
		slub_slab *next = s->next;
		if (!s->inuse)
			discard_slab(c, s, &r);
		s = next;
	}
	for (s = sc->partial.head; s; s = s->next) {
		list_slab_objects(&r, sc, s);
		busy = 1;
	}
	for (s = sc->full.head; s; s = s->next) {
		list_slab_objects(&r, sc, s);
		busy = 1;
	}
	if (busy) {
		skl__slub_rp(&r, "kmem_cache_destroy %s: Slab cache still has objects\n", c->name);
		skl__slub_rp_finish(&r, 0, err);
		return -1;
	}
	skl__slub_rp_finish(&r, 0, NULL);
	free_descriptors(c);
	free_priv(c);
	return 0;
}

static skl_addr slub_alloc(skl_cache *c, skl_error *err)
{
	const skl_cache *rc = skl__slub_real_cache(c);
	unsigned fn = rc && (rc->opts.flags & SKL_SLAB_KMALLOC) ? 1 : 0;
	return do_alloc(c, 0, fn, err);
}

static skl_addr slub_kmalloc_alloc(skl_cache *c, size_t n, skl_error *err)
{
	return do_alloc(c, n, 1, err);
}

static int slub_free(skl_cache *c, skl_addr obj, skl_error *err)
{
	c = skl__slub_real_cache(c);
	if (!c || !c->priv || !c->k || !c->k->priv)
		return skl_errorf(err, "kmem_cache_free: not a SLUB cache");
	return do_free(c, obj, (c->opts.flags & SKL_SLAB_KMALLOC) ? 3 : 2, err);
}

/* models kfree(): a slab object goes back to the cache its slab belongs
 * to; anything else is a page that kmalloc() never handed out */
static int slub_kfree(skl_kernel *k, skl_addr obj, skl_error *err)
{
	slub_slab *s;
	skl__page *pg;
	report r;
	char a[32], flags[128];
	if (!obj)
		return 0;
	s = slab_of(k, obj);
	if (s && s->cache && s->cache->priv)
		return do_free(s->cache, obj, 3, err);
	skl__slub_machine(k)->jiffies++;
	skl__slub_rp_init(&r, k, NULL);
	skl__slub_pstr(k, obj, a, sizeof(a));
	pg = skl__page_of(k, obj);
	if (!pg) {
		char b[32];
		skl__slub_rp_found(&r, "0x%s is outside the machine's RAM", a);
		skl__slub_rp(&r, "BUG: unable to handle page fault for address: %s\n",
			     skl__slub_pstr(k, skl__slub_page_struct(k, obj), b, sizeof(b)));
		skl__slub_rp(&r, "#PF: supervisor read access in kernel mode\n");
		skl__slub_rp(&r, "#PF: error_code(0x0000) - not-present page\n");
	} else {
		slub_slab fake;
		memset(&fake, 0, sizeof(fake));
		fake.base = obj;
		skl__slub_page_flags(k, &fake, flags, sizeof(flags));
		skl__slub_rp_found(&r, "0x%s is not in a slab page: kmalloc() did not return it", a);
		skl__slub_rp(&r, "page: refcount:%d mapcount:0 mapping:%0*d index:0x0 pfn:0x%llx\n", pg->used ? 1 : 0,
			     (int)skl__slub_ptr_digits(k), 0, (unsigned long long)skl__slub_pfn_of(k, obj));
		skl__slub_rp(&r, "flags: %s\n", flags);
		skl__slub_rp(&r, "page dumped because: Not a kmalloc allocation\n");
	}
	skl__slub_add_taint_warn(&r);
	return skl__slub_rp_finish(&r, obj, err);
}

static int slub_shrink(skl_cache *c)
{
	report r;
	int n;
	c = skl__slub_real_cache(c);
	if (!c || !c->priv)
		return 0;
	if (c->k->kasan) /* kasan_cache_shrink() */
		skl__kasan_cache_release(c->k, c);
	skl__slub_rp_init(&r, c->k, c);
	n = do_shrink(c, &r);
	skl__slub_rp_finish(&r, 0, NULL);
	return n;
}

static int slub_reap(skl_kernel *k)
{
	(void)k; /* SLUB has no reaper: empty slabs go back when freed, or on shrink */
	return 0;
}

static int slub_locate(skl_cache *c, skl_addr addr, skl_addr *obj_start)
{
	slub_slab *s;
	slub_cache *sc;
	skl_addr off;
	c = skl__slub_real_cache(c);
	if (!c || !c->priv)
		return -1;
	s = slab_of(c->k, addr);
	if (!s || s->cache != c)
		return -1;
	sc = c->priv;
	off = addr - s->base;
	if (off >= (skl_addr)s->objects * sc->g.size)
		return -1;
	if (obj_start)
		*obj_start = s->base + off / sc->g.size * sc->g.size + sc->g.red_left_pad;
	return (int)(off / sc->g.size);
}

static void slub_info(const skl_cache *c, skl_cache_info *out)
{
	fill_info(c, out);
}

static int slub_snapshot(const skl_cache *c, skl_cache_snap *out)
{
	const skl_cache *rc = real_cache_c(c);
	const slub_cache *sc = rc ? rc->priv : NULL;
	const slub_slab *s;
	int n = 0;
	unsigned cpu;
	slabinfo_line(c, out->slabinfo, sizeof(out->slabinfo));
	out->slabs = NULL;
	out->nslabs = 0;
	if (!sc || c->alias_of)
		return 0;
	for (cpu = 0; cpu < sc->ncpu; cpu++)
		n += (sc->cpu[cpu].slab != NULL) + (int)sc->cpu[cpu].partial.n;
	n += (int)sc->partial.n + (int)sc->full.n;
	if (!n)
		return 0;
	out->slabs = skl_calloc((size_t)n, sizeof(*out->slabs));
	if (!out->slabs)
		return -1;
	for (cpu = 0; cpu < sc->ncpu; cpu++)
		if (sc->cpu[cpu].slab && snap_slab(c->k, sc, sc->cpu[cpu].slab, 3, &out->slabs[out->nslabs++]) < 0)
			return -1;
	for (cpu = 0; cpu < sc->ncpu; cpu++)
		for (s = sc->cpu[cpu].partial.head; s; s = s->next)
			if (snap_slab(c->k, sc, s, 4, &out->slabs[out->nslabs++]) < 0)
				return -1;
	for (s = sc->partial.head; s; s = s->next)
		if (snap_slab(c->k, sc, s, 1, &out->slabs[out->nslabs++]) < 0)
			return -1;
	for (s = sc->full.head; s; s = s->next)
		if (snap_slab(c->k, sc, s, 0, &out->slabs[out->nslabs++]) < 0)
			return -1;
	return 0;
}

/* obj, just allocated from c, came through the alias of via slot slot:
 * its record says so until do_free() forgets it */
static void slub_mark_via(skl_cache *c, skl_addr obj, unsigned slot)
{
	slub_slab *s = slab_of(c->k, obj);
	unsigned idx;
	assert(slot >= 1 && slot <= SKL__VIA_MAX);
	if (!s || s->cache != c || !c->priv || !index_of(c->priv, s, obj, &idx) || s->state[idx] != OS_ALLOC)
		return;
	s->state[idx] = (uint8_t)(OS_VIA - 1 + slot);
}

static void via_used_slab(const slub_slab *s, uint8_t *used)
{
	unsigned i;
	for (i = 0; i < s->objects; i++)
		if (s->state[i] >= OS_VIA)
			used[s->state[i] - OS_VIA + 1] = 1;
}

/* the via slots c's allocated objects carry */
static void slub_via_used(const skl_cache *c, uint8_t *used)
{
	const slub_cache *sc = c->alias_of ? NULL : c->priv;
	const slub_slab *s;
	unsigned cpu;
	if (!sc)
		return;
	for (cpu = 0; cpu < sc->ncpu; cpu++) {
		if (sc->cpu[cpu].slab)
			via_used_slab(sc->cpu[cpu].slab, used);
		for (s = sc->cpu[cpu].partial.head; s; s = s->next)
			via_used_slab(s, used);
	}
	for (s = sc->partial.head; s; s = s->next)
		via_used_slab(s, used);
	for (s = sc->full.head; s; s = s->next)
		via_used_slab(s, used);
}

static int slub_order(const skl_kernel *k, int i)
{
	/* create_cache() list_add()s: /proc/slabinfo walks newest first */
	return k->ncaches - 1 - i;
}

static void slub_slabinfo(const skl_kernel *k, const skl_sink *out)
{
	int i;
	skl_slub_slabinfo_header(out);
	for (i = 0; i < k->ncaches; i++) {
		const skl_cache *c = k->caches[slub_order(k, i)];
		char line[256];
		if (!c || c->alias_of || !c->priv)
			continue;
		slabinfo_line(c, line, sizeof(line));
		skl_sink_printf(out, "%s\n", line);
	}
}

static skl_cache *slub_kmalloc_cache(skl_kernel *k, size_t n)
{
	slub_machine *m = skl__slub_machine(k);
	unsigned b;
	if (!m)
		return NULL;
	b = skl_slub_kmalloc_bucket(&m->p, n);
	if (!b)
		return NULL;
	return m->kmalloc[b == 96 ? 1 : b == 192 ? 2 : ilog2_u(b)];
}

static int slub_geometry(const skl_profile *prof, unsigned cpus, int debug, const char *name, size_t size,
			 const skl_cache_opts *o, skl_cache_info *out, skl_error *err)
{
	skl_slub_params p;
	skl_slub_geom g;
	skl_slub_params_init(&p, prof, cpus);
	memset(out, 0, sizeof(*out));
	if (size > 0xffffffffu)
		return skl_errorf(err, "kmem_cache_create: size %zu is too large (-EINVAL)", size);
	if (skl_slub_geometry(&p, (unsigned)size, o, skl_slub_debug_flags(debug), &g, err) < 0)
		return -1;
	snprintf(out->name, sizeof(out->name), "%s", name ? name : "");
	out->object_size = g.object_size;
	out->size = g.size;
	out->align = g.align;
	out->flags = g.flags;
	out->order = g.order;
	out->pages_per_slab = 1u << g.order;
	out->objs_per_slab = g.objects;
	out->inuse = g.inuse;
	out->freeptr_offset = g.offset;
	out->red_left_pad = g.red_left_pad;
	out->min_objects = g.min_objects;
	return 0;
}

const skl__alloc_ops skl__slub_ops = {
    .name = "slub",
    .init = slub_init,
    .fini = slub_fini,
    .find_merge = slub_find_merge,
    .cache_init = slub_cache_init,
    .cache_destroy = slub_cache_destroy,
    .alloc = slub_alloc,
    .free = slub_free,
    .shrink = slub_shrink,
    .reap = slub_reap,
    .locate = slub_locate,
    .info = slub_info,
    .snapshot = slub_snapshot,
    .slabinfo = slub_slabinfo,
    .order = slub_order,
    .kmalloc_cache = slub_kmalloc_cache,
    .geometry = slub_geometry,
    .kfree = slub_kfree,
    .kmalloc_alloc = slub_kmalloc_alloc,
    .mark_via = slub_mark_via,
    .via_used = slub_via_used,
};

/* ---- hooks for tests and views ------------------------------------------------------------ */

int skl__slub_cache_geom(const skl_cache *c, skl_slub_geom *out)
{
	const skl_cache *rc = real_cache_c(c);
	if (!rc || !rc->priv || !rc->k || rc->k->ops != &skl__slub_ops)
		return -1;
	*out = ((const slub_cache *)rc->priv)->g;
	return 0;
}
