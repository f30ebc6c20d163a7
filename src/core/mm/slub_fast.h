/*
 * slub_fast.h - the SLUB model's fast paths for kmem_cache_alloc/free
 * (its records are slub_impl.h), inline, so that the machine's entry
 * points (skl_cache_alloc, skl_cache_free in kernel.c) take them without a
 * call. The fast paths do what slub.c's do_alloc()/do_free() do when
 * nothing can go wrong: pop the CPU freelist, push an object back onto it
 * (or onto a slab that keeps its list). They change the same simulated
 * bytes and records, and give up, changing nothing, wherever the full
 * paths would check something that fails, report, move a slab or touch
 * the cache model: then 0, and the caller goes the full way. Not
 * installed.
 */
#ifndef SKLAB_CORE_SLUB_FAST_H
#define SKLAB_CORE_SLUB_FAST_H

#include "mm_impl.h"
#include "slub_impl.h"

#include <string.h>

/* the fast paths are inlined into both of their callers in kernel.c */
#if defined(__GNUC__) || defined(__clang__)
#define SLUB_FAST static inline __attribute__((always_inline))
/* the compiler reads the records again after this point instead of keeping
 * every field in a register (which costs six saved registers a call) */
#define SLUB_RELOAD() __asm__ volatile("" ::: "memory")
#else
#define SLUB_RELOAD() ((void)0)
#define SLUB_FAST static inline
#endif

/* the index of the object at off bytes into a slab of span bytes when one
 * starts there (index_of() for a fast cache, whose red_left_pad is 0,
 * with no division) */
static inline int fast_index(const slub_cache *sc, uint32_t span, uint64_t off, uint32_t *idx)
{
	uint32_t i;
	if (off >= span)
		return 0;
	i = (uint32_t)((off * sc->recip) >> 32);
	if (i * sc->g.size != (uint32_t)off)
		return 0;
	*idx = i;
	return 1;
}

static inline skl_addr fast_load(const slub_cache *sc, const uint8_t *b)
{
	if (sc->word8) {
		uint64_t v;
		memcpy(&v, b, 8);
		return v;
	} else {
		uint32_t v;
		memcpy(&v, b, 4);
		return v;
	}
}

static inline void fast_store(const slub_cache *sc, uint8_t *b, skl_addr v)
{
	if (sc->word8) {
		uint64_t w = v;
		memcpy(b, &w, 8);
	} else {
		uint32_t w = (uint32_t)v;
		memcpy(b, &w, 4);
	}
}

/* sc = c->fast_state (not NULL), no cache model attached */
SLUB_FAST skl_addr skl__slub_alloc_fast(skl_kernel *k, slub_cache *sc)
{
	slub_cpu *cs;
	skl_addr obj, next;
	uint64_t off;
	uint32_t idx, nidx;
	if (k->cpu >= sc->ncpu)
		return 0;
	cs = &sc->cpu[k->cpu];
	obj = cs->freelist;
	if (!obj || !cs->host || !fast_index(sc, cs->span, off = obj - cs->base, &idx) || cs->state[idx] != OS_CPU)
		return 0;
	next = fast_load(sc, cs->host + off + sc->g.offset);
	SLUB_RELOAD();
	if (cs->nfree == 1
		? next != 0
		: cs->nfree == 0 || !fast_index(sc, cs->span, next - cs->base, &nidx) || cs->state[nidx] != OS_CPU)
		return 0; /* do_alloc() reports the corrupt chain */
	cs->state[idx] = OS_ALLOC;
	cs->nfree--;
	cs->freelist = next;
	((slub_machine *)k->priv)->jiffies++;
	sc->allocs++;
	if (++sc->active > sc->high)
		sc->high = sc->active;
	return obj;
}

/* sc = c->fast_state (not NULL), no cache model attached */
SLUB_FAST int skl__slub_free_fast(skl_kernel *k, slub_cache *sc, skl_addr obj)
{
	slub_slab *s;
	uint64_t f, off;
	uint8_t *b;
	uint32_t idx;
	/* below va_base, obj - va_base wraps to a frame far beyond npages; a
	 * disabled slab (a debug cache's) has no host pointer */
	f = (obj - k->va_base) >> sc->page_shift;
	if (f >= k->npages || !(s = k->pages[f].slab) || s->cache != sc->owner || !s->host ||
	    !fast_index(sc, s->span, off = obj - s->base, &idx) || s->state[idx] != OS_ALLOC)
		return 0;
	b = s->host + off + sc->g.offset;
	if (s->cpu >= 0 && (unsigned)s->cpu == k->cpu) {
		slub_cpu *cs = &sc->cpu[k->cpu];
		fast_store(sc, b, cs->freelist);
		cs->freelist = obj;
		cs->nfree++;
		s->state[idx] = OS_CPU;
	} else {
		/* __slab_free() when the slab stays where it is: frozen, or
		 * still in use and already on the partial list (or had objects free) */
		skl_addr prior = s->freelist;
		if (s->cpu < 0 && (s->inuse == 1 || (!prior && s->list != SL_PARTIAL)))
			return 0;
		fast_store(sc, b, prior);
		s->freelist = obj;
		s->nfree++;
		s->state[idx] = OS_FREE;
		s->inuse--;
	}
	((slub_machine *)k->priv)->jiffies++;
	sc->frees++;
	if (sc->active)
		sc->active--;
	return 1;
}

#endif
