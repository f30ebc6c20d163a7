/*
 * kernel.c - the simulated machine of a kernel profile: RAM as page frames
 * in one host arena, a first-fit page allocator over them, simulated
 * addresses, the page table the allocators tag their slabs in, the cache
 * registry, kmalloc's front end, snapshots and allocator events.
 *
 * Everything allocator-specific goes through a table of operations picked
 * by the profile's allocator ("slab": slab24.c, "slub": slub.c). This file
 * never looks inside a cache's allocator state, never reads a clock and
 * never prints; it allocates host memory only through skl_malloc & co.
 */
#define _DEFAULT_SOURCE /* madvise */
#include "mm_impl.h"
#include "slub_fast.h"

#include "sklab/budget.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/* ---- small utilities ---------------------------------------------------- */

static int is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

static const skl__alloc_ops *ops_for(skl_allocator allocator)
{
	switch (allocator) {
	case SKL_ALLOC_SLAB:
		return &skl__slab24_ops;
	case SKL_ALLOC_SLUB:
		return &skl__slub_ops;
	}
	return NULL;
}

#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* c->fast and c->fast_call: see skl__fast_gate(). An alias whose objects
 * are recorded goes the out-of-line way, which records them: the fast
 * paths of the cache's own name stay as they are. */
static void gate_one(const skl_kernel *k, skl_cache *c)
{
	void *st = k->log || SKL__TOUCHING(k) || c->via_slot ? NULL : c->fast_state;
	int slub = k->ops == &skl__slub_ops;
	c->fast = slub ? st : NULL;
	c->fast_call = slub ? NULL : st;
}

static skl_cache *real_cache(skl_cache *c)
{
	return c && c->alias_of ? c->alias_of : c;
}

uint64_t skl__get_word(const skl_kernel *k, const uint8_t *p, unsigned width)
{
	uint64_t v = 0;
	unsigned i;
	if (k->prof.abi && k->prof.abi->big_endian) {
		for (i = 0; i < width; i++)
			v = (v << 8) | p[i];
	} else {
		for (i = width; i-- > 0;)
			v = (v << 8) | p[i];
	}
	return v;
}

void skl__put_word(const skl_kernel *k, uint8_t *p, unsigned width, uint64_t v)
{
	unsigned i;
	if (k->prof.abi && k->prof.abi->big_endian) {
		for (i = width; i-- > 0;) {
			p[i] = (uint8_t)v;
			v >>= 8;
		}
	} else {
		for (i = 0; i < width; i++) {
			p[i] = (uint8_t)v;
			v >>= 8;
		}
	}
}

/* ---- page allocator: first fit of aligned 2^order runs ------------------
 *
 * A complete binary tree over the frames (rounded up to a power of two).
 * Each node holds 1 + the order of the largest free aligned block below it
 * (0 = none). Allocation walks down preferring the left child, so the
 * lowest-addressed aligned run that is free wins: deterministic, and
 * O(log frames). Frames past the end of RAM are never free. */

static unsigned buddy_height(const skl_kernel *k)
{
	unsigned h = 0;
	while (((uint64_t)1 << h) < k->buddy_leaves)
		h++;
	return h;
}

static uint8_t buddy_combine(const skl_kernel *k, uint64_t i, unsigned h)
{
	uint8_t l = k->buddy[2 * i], r = k->buddy[2 * i + 1];
	if (l == h && r == h)
		return (uint8_t)(h + 1);
	return l > r ? l : r;
}

static int buddy_init(skl_kernel *k)
{
	uint64_t leaves = 1, i;
	unsigned h;
	while (leaves < k->npages)
		leaves <<= 1;
	k->buddy_leaves = leaves;
	k->buddy = skl_calloc((size_t)(2 * leaves), 1);
	if (!k->buddy)
		return -1;
	for (i = 0; i < leaves; i++)
		k->buddy[leaves + i] = i < k->npages ? 1 : 0;
	for (h = 1; ((uint64_t)1 << h) <= leaves; h++) {
		uint64_t first = leaves >> h, n = first;
		for (i = first; i < first + n; i++)
			k->buddy[i] = buddy_combine(k, i, h);
	}
	return 0;
}

/* Node i changed: its ancestors again, up to the first that keeps its
 * value (a node depends on its children only, so the rest keep theirs). */
static void buddy_fix_up(skl_kernel *k, uint64_t i, unsigned h)
{
	while (i > 1) {
		uint8_t v;
		i >>= 1;
		h++;
		v = buddy_combine(k, i, h);
		if (k->buddy[i] == v)
			break;
		k->buddy[i] = v;
	}
}

/* First frame of a free aligned block of 2^order frames, or -1. */
static int64_t buddy_alloc(skl_kernel *k, unsigned order)
{
	unsigned h = buddy_height(k);
	uint64_t i = 1;
	if (order > h || k->buddy[1] < order + 1)
		return -1;
	while (h > order) {
		i = k->buddy[2 * i] >= order + 1 ? 2 * i : 2 * i + 1;
		h--;
	}
	k->buddy[i] = 0;
	buddy_fix_up(k, i, order);
	return (int64_t)((i << order) - k->buddy_leaves);
}

static void buddy_free(skl_kernel *k, uint64_t first, unsigned order)
{
	uint64_t i = (first + k->buddy_leaves) >> order;
	k->buddy[i] = (uint8_t)(order + 1);
	buddy_fix_up(k, i, order);
}

static skl_addr frame_addr(const skl_kernel *k, uint64_t frame)
{
	return k->va_base + frame * k->prof.page_size;
}

static int addr_frame(const skl_kernel *k, skl_addr a, uint64_t *frame)
{
	if (a < k->va_base)
		return -1;
	if ((a - k->va_base) / k->prof.page_size >= k->npages)
		return -1;
	*frame = (a - k->va_base) / k->prof.page_size;
	return 0;
}

/* What committing one frame costs the host: its page and its entry in
 * the frame table (KASAN's shadow is charged whole, with the machine). */
static uint64_t frame_cost(const skl_kernel *k)
{
	return k->prof.page_size + sizeof(skl__page);
}

/* Charges the run's budget for the frames of [first, first + n) not yet
 * committed: 0, or -1 when the budget refuses them (nothing charged). With
 * force the charge is taken whatever the limit (a read of bytes that the
 * model must hand back). The arena is host memory only where a frame was
 * once used, so this is what bounds the machine's resident size. */
static int frames_charge(skl_kernel *k, uint64_t first, uint64_t n, int force)
{
	uint64_t i, fresh = 0, bytes;
	if (!k->budget)
		return 0;
	for (i = first; i < first + n; i++)
		fresh += !k->pages[i].init;
	if (!fresh)
		return 0;
	bytes = fresh * frame_cost(k);
	if (force)
		skl_budget_force(k->budget, bytes);
	else if (skl_budget_charge(k->budget, bytes, "simulated RAM") < 0)
		return -1;
	k->charged += bytes;
	return 0;
}

/* Commits the frames of [first, first + n): zeroed on their first use
 * (charged before, by frames_charge). */
static void frames_touch(skl_kernel *k, uint64_t first, uint64_t n)
{
	uint64_t i;
	for (i = first; i < first + n; i++) {
		if (!k->pages[i].init) {
			memset(k->arena + i * k->prof.page_size, 0, k->prof.page_size);
			k->pages[i].init = 1;
		}
	}
}

static skl_addr pages_take(skl_kernel *k, unsigned order)
{
	int64_t f = buddy_alloc(k, order);
	uint64_t n = (uint64_t)1 << order, i;
	if (f < 0)
		return 0;
	if (frames_charge(k, (uint64_t)f, n, 0) < 0) {
		buddy_free(k, (uint64_t)f, order);
		return 0;
	}
	for (i = 0; i < n; i++) {
		skl__page *pg = &k->pages[(uint64_t)f + i];
		pg->used = 1;
		pg->head = i == 0;
		pg->order = (uint8_t)order;
		pg->cache = NULL;
		pg->slab = NULL;
		pg->large = 0;
	}
	frames_touch(k, (uint64_t)f, n);
	k->used_pages += n;
	return frame_addr(k, (uint64_t)f);
}

/* The 2.4 page allocator frees slab caches (kmem_cache_reap through
 * try_to_free_pages) before it gives up; so does ours, while reaping frees
 * something. Not during boot. */
static skl_addr pages_get(skl_kernel *k, unsigned order, const char *who)
{
	skl_addr a = pages_take(k, order);
	char detail[96];
	int idle = 0, max_idle;
	if (!a && !k->booting && k->ops->reap) {
		max_idle = k->ncaches / 10 + 2; /* reap scans 10 caches per call */
		while (!a && idle < max_idle) {
			if (k->ops->reap(k) > 0) {
				idle = 0;
				a = pages_take(k, order);
			} else {
				idle++;
			}
		}
	}
	if (!a) {
		snprintf(detail, sizeof(detail), "out of memory: no free block of %u page%s (order %u)", 1u << order,
			 order ? "s" : "", order);
		skl_kernel_event(k, SKL_EV_OOM, who, 0, (uint64_t)k->prof.page_size << order, detail);
	}
	return a;
}

skl_addr skl_pages_alloc(skl_kernel *k, unsigned order)
{
	return pages_get(k, order, "");
}

void skl_pages_free(skl_kernel *k, skl_addr a, unsigned order)
{
	uint64_t f = 0, n = (uint64_t)1 << order, i;
	skl__page *pg;
	if (addr_frame(k, a, &f) < 0 || a != frame_addr(k, f))
		return;
	pg = &k->pages[f];
	if (!pg->used || !pg->head || pg->order != order || pg->cache || pg->large)
		return; /* not a block the page allocator handed out as such (kfree's) */
	for (i = 0; i < n; i++) {
		k->pages[f + i].used = 0;
		k->pages[f + i].head = 0;
		k->pages[f + i].order = 0;
	}
	buddy_free(k, f, order);
	k->used_pages -= n;
}

skl_addr skl__pages_alloc_slab(skl_kernel *k, unsigned order, skl_cache *c, void *slab)
{
	skl_addr a = pages_get(k, order, c ? c->name : "");
	uint64_t f = 0, n = (uint64_t)1 << order, i;
	if (!a || addr_frame(k, a, &f) < 0)
		return 0;
	for (i = 0; i < n; i++) {
		k->pages[f + i].cache = c;
		k->pages[f + i].slab = slab;
	}
	return a;
}

void skl__pages_free_slab(skl_kernel *k, skl_addr a, unsigned order)
{
	uint64_t f = 0, n = (uint64_t)1 << order, i;
	if (addr_frame(k, a, &f) < 0)
		return;
	for (i = 0; i < n && f + i < k->npages; i++) {
		skl__page *pg = &k->pages[f + i];
		pg->cache = NULL;
		pg->slab = NULL;
		pg->used = 0;
		pg->head = 0;
		pg->order = 0;
		pg->large = 0;
	}
	buddy_free(k, f, order);
	k->used_pages -= n;
}

skl__page *skl__page_of(skl_kernel *k, skl_addr a)
{
	uint64_t f;
	if (addr_frame(k, a, &f) < 0)
		return NULL;
	return &k->pages[f];
}

uint8_t *skl__bytes(skl_kernel *k, skl_addr a, size_t len)
{
	uint64_t f, last;
	if (!len)
		len = 1;
	if (addr_frame(k, a, &f) < 0 || a + len - 1 < a || addr_frame(k, a + len - 1, &last) < 0)
		return NULL;
	frames_charge(k, f, last - f + 1, 1);
	frames_touch(k, f, last - f + 1);
	return k->arena + (a - k->va_base);
}

const uint8_t *skl__bytes_peek(const skl_kernel *k, skl_addr a, size_t len)
{
	uint64_t f, last, i;
	if (!len)
		len = 1;
	if (addr_frame(k, a, &f) < 0 || a + len - 1 < a || addr_frame(k, a + len - 1, &last) < 0)
		return NULL;
	for (i = f; i <= last; i++)
		if (!k->pages[i].init)
			return NULL;
	return k->arena + (a - k->va_base);
}

void *skl_kernel_bytes(skl_kernel *k, skl_addr a, size_t len)
{
	return skl__bytes(k, a, len);
}

const char *skl_kernel_last_report(const skl_kernel *k)
{
	return k ? k->last_report : NULL;
}

uint64_t skl_kernel_ram_total(const skl_kernel *k)
{
	return k->npages * k->prof.page_size;
}

uint64_t skl_kernel_ram_used(const skl_kernel *k)
{
	return k->used_pages * k->prof.page_size;
}

/* ---- events -------------------------------------------------------------- */

void skl_kernel_event(skl_kernel *k, skl_event_kind kind, const char *cache, skl_addr addr, uint64_t size,
		      const char *detail)
{
	if (kind == SKL_EV_BUG && detail && !k->booting) { /* every report an allocator prints */
		char *copy = skl_strdup(detail);
		if (copy) {
			skl_free(k->last_report);
			k->last_report = copy;
		}
	}
	if (!k->log || k->booting)
		return;
	if (k->cpus > 1 && (kind == SKL_EV_ALLOC || kind == SKL_EV_FREE || kind == SKL_EV_KMALLOC ||
			    kind == SKL_EV_KFREE || kind == SKL_EV_OOM)) {
		/* on a machine of several CPUs an allocation or free says which
		 * CPU did it (its per-CPU array, CPU slab or sheaf took part);
		 * one CPU's events stay as they always read */
		char d[512];
		snprintf(d, sizeof(d), "cpu=%u%s%s", k->cpu, detail && *detail ? " " : "", detail ? detail : "");
		skl_events_op(k->log, kind, cache ? cache : "", addr, size, d, NULL);
		return;
	}
	skl_events_op(k->log, kind, cache ? cache : "", addr, size, detail, NULL);
}

/* ---- callers -------------------------------------------------------------- */

unsigned skl__kernel_caller(skl_kernel *k)
{
	const char *w = k->log ? skl_events_where(k->log) : "", *base = w, *p;
	int i;
	char *copy;
	for (p = w; *p; p++)
		if (*p == '/' || *p == '\\')
			base = p + 1;
	if (!*base)
		return 0;
	if (k->last_caller && !strcmp(k->callers[k->last_caller - 1], base))
		return k->last_caller;
	for (i = 0; i < k->ncallers; i++)
		if (!strcmp(k->callers[i], base))
			return k->last_caller = (unsigned)i + 1;
	if (k->ncallers >= (int)SKL__CALLERS_MAX ||
	    skl_grow(&k->callers, &k->capcallers, k->ncallers, 16, sizeof(*k->callers)) < 0)
		return 0;
	copy = skl_strdup(base);
	if (!copy)
		return 0;
	k->callers[k->ncallers++] = copy;
	return k->last_caller = (unsigned)k->ncallers;
}

const char *skl__kernel_caller_name(const skl_kernel *k, unsigned id)
{
	return id && id <= (unsigned)k->ncallers ? k->callers[id - 1] : NULL;
}

/* ---- the machine ---------------------------------------------------------- */

#define HUGE_PAGE ((size_t)2 << 20)

/* Asks the host for transparent huge pages over the arena, which starts on
 * a 2 MiB boundary (untouched yet, so its first faults can take them: the
 * model hands out the lowest pages first, so an unaligned head would hold
 * a small machine's whole working set in 4 KiB pages). A hint: the host
 * may refuse, and nothing the model computes depends on it. */
static void arena_hugepages(void *arena, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	(void)madvise(arena, (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1), MADV_HUGEPAGE);
#else
	(void)arena;
	(void)bytes;
#endif
}

skl_kernel *skl_kernel_new(const skl_kernel_opts *o, skl_error *err)
{
	skl_kernel *k;
	uint64_t ram, cap;
	size_t bytes;
	int rc;

	if (!o || !o->profile)
		return skl_errorf(err, "skl_kernel_new: no profile"), NULL;
	if (!o->profile->abi)
		return skl_errorf(err, "profile %s: no ABI", o->profile->name), NULL;
	if (!is_pow2(o->profile->page_size) || o->profile->page_size < 1024 || o->profile->page_size > (1u << 20))
		return skl_errorf(err, "profile %s: page size %u is not a power of two between 1024 and 1 MiB",
				  o->profile->name, o->profile->page_size),
		       NULL;
	if (!is_pow2(o->profile->cacheline) || o->profile->cacheline < 8 ||
	    o->profile->cacheline > o->profile->page_size)
		return skl_errorf(err,
				  "profile %s: cache-line size %u is not a power of two between 8 and the page size",
				  o->profile->name, o->profile->cacheline),
		       NULL;
	if (!ops_for(o->profile->allocator))
		return skl_errorf(err, "profile %s: unknown allocator %d (expected SKL_ALLOC_SLAB or SKL_ALLOC_SLUB)",
				  o->profile->name, (int)o->profile->allocator),
		       NULL;

	k = skl_calloc(1, sizeof(*k));
	if (!k)
		return skl_errorf(err, "out of memory"), NULL;
	k->prof = *o->profile;
	k->ops = ops_for(k->prof.allocator);
	k->cpus = o->cpus ? o->cpus : (k->prof.cpus ? k->prof.cpus : 1);
	if (k->cpus > 256) {
		skl_errorf(err, "%u CPUs: at most 256", k->cpus);
		goto out_k;
	}
	k->smp = o->smp < 0 ? k->cpus > 1 : o->smp != 0;
	k->debug_slab = o->debug_slab != 0;
	k->break_gfp_order = o->break_gfp_order;

	if (o->slub_debug) {
		const char *s;
		for (s = o->slub_debug; *s; s++) {
			switch (*s) {
			case 'F':
			case 'f':
				k->slub_debug |= SKL_SLAB_CONSISTENCY;
				break;
			case 'Z':
			case 'z':
				k->slub_debug |= SKL_SLAB_RED_ZONE;
				break;
			case 'P':
			case 'p':
				k->slub_debug |= SKL_SLAB_POISON;
				break;
			case 'U':
			case 'u':
				k->slub_debug |= SKL_SLAB_STORE_USER;
				break;
			case '-':
			case ',':
				break;
			default:
				skl_errorf(err, "slab_debug \"%s\": unknown option '%c' (expected F, Z, P or U)",
					   o->slub_debug, *s);
				goto out_k;
			}
		}
	}

	if (o->kasan) {
		if (k->prof.allocator != SKL_ALLOC_SLUB || k->prof.version.major < 4) {
			skl_errorf(err, "KASAN came with Linux 4.0 and runs on SLUB here; %s is Linux %s with %s",
				   k->prof.name, k->prof.kernel, skl_allocator_name(k->prof.allocator));
			goto out_k;
		}
		k->kasan = 1;
	}

	/* RAM: one host arena, committed lazily (pages are zeroed on first use). */
	ram = o->ram_bytes ? o->ram_bytes : k->prof.ram_bytes;
	if (!ram)
		ram = (uint64_t)128 << 20;
	cap = SKL_KERNEL_RAM_MAX;
	if (k->prof.abi->size[SKL_B_PTR] == 4) {
		if (cap > SKL__I386_RAM_MAX)
			cap = SKL__I386_RAM_MAX;
		k->va_base = SKL__I386_PAGE_OFFSET + SKL__I386_ARENA_PHYS;
	} else {
		k->va_base = SKL__X86_64_PAGE_OFFSET + SKL__X86_64_ARENA_PHYS;
	}
	if (ram > cap)
		ram = cap;
	k->npages = ram / k->prof.page_size;
	if (k->npages < 1) {
		skl_errorf(err, "RAM of %llu bytes is less than one page", (unsigned long long)ram);
		goto out_k;
	}
	if (k->npages > SIZE_MAX / k->prof.page_size) {
		skl_errorf(err, "RAM of %llu bytes does not fit this host's address space", (unsigned long long)ram);
		goto out_k;
	}
	bytes = (size_t)k->npages * k->prof.page_size;
	{
		/* the frame tree (buddy_init) and KASAN's shadow (poisoned as
		 * the allocators see fit) are charged whole now; the frames as
		 * they are first used (frames_charge) */
		uint64_t leaves = 1, fixed;
		while (leaves < k->npages)
			leaves <<= 1;
		fixed = 2 * leaves + (k->kasan ? bytes / 8 : 0);
		if (skl_budget_charge(o->budget, fixed, "a machine's frame table and shadow") < 0) {
			char msg[200];
			skl_errorf(err, "%s", skl_budget_message(o->budget, msg, sizeof(msg)));
			goto out_k;
		}
		k->budget = o->budget;
		k->charged = fixed;
	}
	/* huge pages: a block one huge page longer, the arena on its first boundary */
	k->arena_block = skl_malloc(bytes + (o->host_hugepages ? HUGE_PAGE : 0));
	if (!k->arena_block) {
		skl_errorf(err, "out of memory: cannot reserve %llu bytes of simulated RAM", (unsigned long long)bytes);
		goto out_arena;
	}
	k->arena = k->arena_block;
	if (o->host_hugepages) {
		k->arena += (HUGE_PAGE - ((uintptr_t)k->arena_block & (HUGE_PAGE - 1))) & (HUGE_PAGE - 1);
		arena_hugepages(k->arena, bytes);
	}
	k->pages = skl_calloc((size_t)k->npages, sizeof(skl__page));
	if (!k->pages || buddy_init(k) < 0) {
		skl_errorf(err, "out of memory");
		goto out_arena;
	}
	if (k->kasan) {
		/* the shadow: one byte per 8-byte granule, like the kernel's 1/8 */
		k->kasan_shadow = skl_calloc(bytes / 8, 1);
		if (!k->kasan_shadow) {
			skl_errorf(err, "out of memory: no room for KASAN's %zu-byte shadow", bytes / 8);
			goto out_arena;
		}
	}

	k->log = o->log;
	k->booting = 1;
	rc = k->ops->init ? k->ops->init(k, err) : 0;
	k->booting = 0;
	if (rc < 0)
		goto out_caches;
	return k;

out_caches:
	skl_kernel_free(k);
	return NULL;
out_arena:
	skl_free(k->kasan_shadow);
	skl_free(k->buddy);
	skl_free(k->pages);
	skl_free(k->arena_block);
	skl_budget_uncharge(k->budget, k->charged);
out_k:
	skl_free(k);
	return NULL;
}

static void cache_struct_free(skl_cache *c)
{
	skl_layout_free(c->type);
	skl_free(c->via);
	skl_free(c);
}

void skl_kernel_free(skl_kernel *k)
{
	int i;
	if (!k)
		return;
	skl__access_free(k);
	if (k->ops && k->ops->fini)
		k->ops->fini(k);
	for (i = 0; i < k->ncaches; i++)
		cache_struct_free(k->caches[i]);
	skl_free(k->caches);
	for (i = 0; i < k->ncallers; i++)
		skl_free(k->callers[i]);
	skl_free(k->callers);
	skl_free(k->buddy);
	skl_free(k->pages);
	skl_free(k->arena_block);
	skl__kasan_free(k);
	skl_free(k->kasan_shadow);
	skl_free(k->kasan_last);
	skl_free(k->last_report);
	skl_budget_uncharge(k->budget, k->charged);
	skl_free(k);
}

const skl_profile *skl_kernel_profile(const skl_kernel *k)
{
	return &k->prof;
}

int skl_kernel_is_slub(const skl_kernel *k)
{
	return k->prof.allocator == SKL_ALLOC_SLUB;
}

int skl_kernel_set_cpu(skl_kernel *k, unsigned cpu)
{
	if (cpu >= k->cpus)
		return -1;
	k->cpu = cpu;
	return 0;
}

unsigned skl_kernel_cpu(const skl_kernel *k)
{
	return k->cpu;
}

unsigned skl_kernel_ncpus(const skl_kernel *k)
{
	return k->cpus ? k->cpus : 1;
}

/* ---- the cache registry --------------------------------------------------- */

/* room for one more cache, so that adding it cannot fail */
static int registry_reserve(skl_kernel *k)
{
	if (skl_grow(&k->caches, &k->capcaches, k->ncaches, 64, sizeof(*k->caches)) < 0)
		return -1;
	return 0;
}

static void registry_add(skl_kernel *k, skl_cache *c)
{
	c->seq = k->ncaches ? k->caches[k->ncaches - 1]->seq + 1 : 0;
	k->caches[k->ncaches++] = c;
}

static void registry_remove(skl_kernel *k, skl_cache *c)
{
	int i;
	for (i = 0; i < k->ncaches; i++) {
		if (k->caches[i] == c) {
			memmove(&k->caches[i], &k->caches[i + 1], (size_t)(k->ncaches - i - 1) * sizeof(*k->caches));
			k->ncaches--;
			return;
		}
	}
}

void skl__cache_relink(skl_cache *c)
{
	skl_kernel *k = c->k;
	registry_remove(k, c);
	registry_add(k, c); /* the slot was just freed */
}

static void create_event(skl_cache *c)
{
	skl_cache_info in;
	char detail[160];
	memset(&in, 0, sizeof(in));
	skl_cache_get_info(c, &in);
	if (in.alias_of[0])
		snprintf(detail, sizeof(detail), "alias of %s", in.alias_of);
	else if (c->k->prof.allocator == SKL_ALLOC_SLAB)
		snprintf(detail, sizeof(detail), "objsize=%zu num=%u pages=%u colour=%ux%u left_over=%zu mgmt=%s",
			 in.size, in.objs_per_slab, in.pages_per_slab, in.colour, in.colour_off, in.left_over,
			 in.offslab ? "off-slab" : "on-slab");
	else
		snprintf(detail, sizeof(detail), "size=%zu objs=%u order=%u", in.size, in.objs_per_slab, in.order);
	skl_kernel_event(c->k, SKL_EV_CACHE_CREATE, c->name, 0, c->object_size, detail);
}

/* ---- which name an object came through (SLUB merging) --------------------- */

/* The slots of r some allocated object carries (used: SKL__VIA_MAX + 1). */
static void via_used(const skl_cache *r, uint8_t *used)
{
	memset(used, 0, SKL__VIA_MAX + 1);
	if (r->k->ops->via_used)
		r->k->ops->via_used(r, used);
}

/* Gives alias c a slot of its real cache m: a free one, one of a destroyed
 * alias that no object carries any more (or one of the same name), else a
 * new one. With every slot taken (SKL__VIA_MAX aliases live or still
 * named by objects) c's objects are not recorded (via_slot 0). -1 when out
 * of memory. */
static int via_assign(skl_cache *m, skl_cache *c)
{
	uint8_t used[SKL__VIA_MAX + 1];
	unsigned i;
	int have_used = 0;
	if (!m->k->ops->mark_via)
		return 0;
	for (i = 0; i < m->nvia; i++) {
		skl__via *v = &m->via[i];
		if (v->alias)
			continue;
		if (v->name[0] && strcmp(v->name, c->name)) {
			if (!have_used)
				via_used(m, used), have_used = 1;
			if (used[i + 1])
				continue;
		}
		break;
	}
	if (i == m->nvia) {
		skl__via *d;
		if (m->nvia == SKL__VIA_MAX)
			return 0;
		d = skl_realloc(m->via, (size_t)(m->nvia + 1) * sizeof(*d));
		if (!d)
			return -1;
		m->via = d;
		m->nvia++;
	}
	snprintf(m->via[i].name, sizeof(m->via[i].name), "%s", c->name);
	m->via[i].alias = c;
	c->via_slot = i + 1;
	return 0;
}

/* Alias c goes: its slot keeps the name while objects carry it. */
static void via_retire(skl_cache *c)
{
	skl_cache *m = c->alias_of;
	uint8_t used[SKL__VIA_MAX + 1];
	skl__via *v;
	if (!c->via_slot || !m || c->via_slot > m->nvia)
		return;
	v = &m->via[c->via_slot - 1];
	assert(v->alias == c);
	v->alias = NULL;
	via_used(m, used);
	if (!used[c->via_slot])
		v->name[0] = '\0';
	c->via_slot = 0;
}

/* After an allocation through c: the alias's slot goes into the object's record. */
static void via_mark(skl_cache *c, skl_addr a)
{
	if (c->via_slot && a)
		c->k->ops->mark_via(c->alias_of, a, c->via_slot);
}

/* The slots of the snapshot cs of r renumbered: live aliases in creation
 * order, then destroyed ones objects still carry, SKL_SNAP_VIA_NAMES of
 * them named in cs->via_names. */
static void via_snapshot(const skl_cache *r, skl_cache_snap *cs)
{
	uint8_t used[SKL__VIA_MAX + 1], map[SKL__VIA_MAX + 1];
	unsigned order[SKL__VIA_MAX], n = 0, i, j;
	int s;
	if (!r->nvia)
		return;
	memset(used, 0, sizeof(used));
	for (s = 0; s < cs->nslabs; s++)
		for (i = 0; cs->slabs[s].via && i < cs->slabs[s].nobjs; i++)
			used[cs->slabs[s].via[i] <= SKL__VIA_MAX ? cs->slabs[s].via[i] : 0] = 1;
	/* live aliases by creation order (insertion sort: a few), then the rest */
	for (i = 0; i < r->nvia; i++) {
		if (!r->via[i].alias)
			continue;
		for (j = n; j > 0 && r->via[order[j - 1]].alias->seq > r->via[i].alias->seq; j--)
			order[j] = order[j - 1];
		order[j] = i;
		n++;
	}
	cs->naliases = (int)n;
	for (i = 0; i < r->nvia; i++)
		if (!r->via[i].alias && used[i + 1])
			order[n++] = i;
	memset(map, SKL_VIA_UNLISTED, sizeof(map));
	map[0] = 0;
	for (i = 0; i < n && i < SKL_SNAP_VIA_NAMES; i++) {
		snprintf(cs->via_names[i], sizeof(cs->via_names[i]), "%s", r->via[order[i]].name);
		map[order[i] + 1] = (uint8_t)(i + 1);
	}
	cs->nvia_names = (int)i;
	for (s = 0; s < cs->nslabs; s++)
		for (i = 0; cs->slabs[s].via && i < cs->slabs[s].nobjs; i++)
			cs->slabs[s].via[i] =
			    cs->slabs[s].via[i] <= SKL__VIA_MAX ? map[cs->slabs[s].via[i]] : SKL_VIA_UNLISTED;
}

static skl_cache *cache_new(skl_kernel *k, const char *name, size_t size, const skl_cache_opts *o, int merge,
			    skl_error *err)
{
	skl_cache *c, *m = NULL;
	if (!name)
		return skl_errorf(err, "kmem_cache_create: no name"), NULL;
	if (strlen(name) >= sizeof(c->name))
		return skl_errorf(err, "kmem_cache_create: name \"%s\" is too long (%zu characters, at most %zu)", name,
				  strlen(name), sizeof(c->name) - 1),
		       NULL;
	if (registry_reserve(k) < 0)
		return skl_errorf(err, "out of memory"), NULL;
	if (merge && k->ops->find_merge)
		m = k->ops->find_merge(k, size, o);
	c = skl_calloc(1, sizeof(*c));
	if (!c)
		return skl_errorf(err, "out of memory"), NULL;
	c->k = k;
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->object_size = size;
	if (o)
		c->opts = *o;
	c->opts.type = NULL;
	c->refcount = 1;
	if (o && o->type) {
		c->type = skl_layout_clone(o->type);
		if (!c->type) {
			skl_free(c);
			return skl_errorf(err, "out of memory"), NULL;
		}
		c->opts.type = c->type;
	}
	if (m) {
		if (via_assign(m, c) < 0) {
			cache_struct_free(c);
			return skl_errorf(err, "out of memory"), NULL;
		}
		c->alias_of = m;
		c->fast_state = m->fast_state;
		m->refcount++;
	} else {
		int rc;
		skl_kernel_touch_begin(k, "meta", NULL); /* kmem_cache_t's own allocation and list heads */
		rc = k->ops->cache_init(c, err);
		skl_kernel_touch_end(k);
		if (rc < 0) {
			cache_struct_free(c);
			return NULL;
		}
	}
	registry_add(k, c);
	gate_one(k, c);
	create_event(c);
	return c;
}

skl_cache *skl_cache_create(skl_kernel *k, const char *name, size_t size, const skl_cache_opts *o, skl_error *err)
{
	return cache_new(k, name, size, o, 1, err);
}

skl_cache *skl__cache_new(skl_kernel *k, const char *name, size_t size, const skl_cache_opts *o, skl_error *err)
{
	return cache_new(k, name, size, o, 0, err);
}

int skl_cache_destroy(skl_cache *c, skl_error *err)
{
	skl_kernel *k = c->k;
	char name[32];
	int rc;
	if (c->alias_of) {
		via_retire(c);
		c->alias_of->refcount--;
	} else {
		if (c->refcount > 1)
			return skl_errorf(err, "kmem_cache_destroy(%s): %d merged caches still use it", c->name,
					  c->refcount - 1);
		if (!k->ops->cache_destroy)
			return skl_errorf(err, "kmem_cache_destroy(%s): not supported by %s", c->name, k->ops->name);
		skl_kernel_touch_begin(k, "meta", NULL);
		rc = k->ops->cache_destroy(c, err);
		skl_kernel_touch_end(k);
		if (rc < 0)
			return -1;
	}
	snprintf(name, sizeof(name), "%s", c->name);
	registry_remove(k, c);
	skl_kernel_event(k, SKL_EV_CACHE_DESTROY, name, 0, c->object_size, NULL);
	cache_struct_free(c);
	return 0;
}

/* The allocator's own metadata touches (slab_t and bufctl, per-CPU
 * arrays, SLUB's free pointer) during one allocator call are one "meta"
 * operation for the cache model. */
static skl_addr alloc_meta(skl_kernel *k, skl_cache *r, size_t n, int kmalloc, skl_error *err)
{
	skl_addr a;
	skl_kernel_touch_begin(k, "meta", NULL);
	if (kmalloc && k->ops->kmalloc_alloc)
		a = k->ops->kmalloc_alloc(r, n, err);
	else
		a = k->ops->alloc(r, err);
	skl_kernel_touch_end(k);
	return a;
}

static NOINLINE skl_addr cache_alloc_full(skl_cache *c, int zero, skl_error *err)
{
	skl_cache *r = real_cache(c);
	skl_addr a = alloc_meta(c->k, r, 0, 0, err);
	if (a) {
		if (zero) {
			uint8_t *p = skl__bytes(c->k, a, c->object_size);
			if (p)
				memset(p, 0, c->object_size);
		}
		via_mark(c, a);
		skl_kernel_event(c->k, SKL_EV_ALLOC, r->name, a, c->object_size, NULL);
		/* the memset of kmem_cache_zalloc / __GFP_ZERO: a write of every line of the object */
		if (zero && SKL__TOUCHING(c->k)) {
			skl_touch_label lab;
			memset(&lab, 0, sizeof(lab));
			lab.type = c->type;
			lab.base = a;
			skl_kernel_touch_ex(c->k, a, c->object_size, 1, "zero", &lab);
		}
	}
	return a;
}

/* The allocators' fast paths are taken straight from skl_cache_alloc and
 * skl_cache_free while nothing watches each operation (SLUB's inline
 * through c->fast, others' through their table and c->fast_call): with an
 * event log or a cache model attached, both are NULL and the slow entry
 * points decide. */
void skl__fast_gate(skl_kernel *k)
{
	int i;
	for (i = 0; i < k->ncaches; i++)
		if (k->caches[i])
			gate_one(k, k->caches[i]);
}

/* The allocator's fast path first (it declines whatever needs more than
 * a freelist; SLUB's inline from slub_fast.h, others from the allocator's
 * table), then the full one; the event is the same either way. tried:
 * SLUB's fast path declined already. */
static NOINLINE skl_addr cache_alloc_slow(skl_cache *c, int zero, int tried, skl_error *err)
{
	skl_kernel *k = c->k;
	skl_addr a = 0;
	if (zero || tried || !c->fast_state || SKL__TOUCHING(k))
		return cache_alloc_full(c, zero, err);
	if (k->ops == &skl__slub_ops)
		a = skl__slub_alloc_fast(k, c->fast_state);
	else
		a = k->ops->alloc_fast(c);
	if (!a)
		return cache_alloc_full(c, zero, err);
	via_mark(c, a);
	if (k->log)
		skl_kernel_event(k, SKL_EV_ALLOC, real_cache(c)->name, a, c->object_size, NULL);
	return a;
}

/* the allocator's fast path from its table, then the full path */
static NOINLINE skl_addr cache_alloc_call(skl_cache *c, skl_error *err)
{
	skl_addr a = c->k->ops->alloc_fast(c);
	return a ? a : cache_alloc_slow(c, 0, 1, err);
}

/* SLUB's fast path inline when nothing watches (the hot loops of
 * benchmarks and of the cache model's own runs), the rest out of line so
 * that this part needs no saved registers. */
skl_addr skl_cache_alloc(skl_cache *c, int zero, skl_error *err)
{
	if (!zero && c->fast) {
		skl_addr a = skl__slub_alloc_fast(c->k, c->fast);
		if (a)
			return a;
		return cache_alloc_slow(c, 0, 1, err);
	}
	if (!zero && c->fast_call)
		return cache_alloc_call(c, err);
	return cache_alloc_slow(c, zero, 0, err);
}

static NOINLINE int cache_free_full(skl_cache *c, skl_addr obj, skl_error *err)
{
	skl_cache *r = real_cache(c);
	int rc;
	skl_kernel_touch_begin(c->k, "meta", NULL);
	rc = c->k->ops->free(r, obj, err);
	skl_kernel_touch_end(c->k);
	if (rc < 0)
		return -1;
	skl_kernel_event(c->k, SKL_EV_FREE, r->name, obj, c->object_size, NULL);
	return 0;
}

static NOINLINE int cache_free_slow(skl_cache *c, skl_addr obj, int tried, skl_error *err)
{
	skl_kernel *k = c->k;
	int done = 0;
	if (tried || !c->fast_state || SKL__TOUCHING(k))
		return cache_free_full(c, obj, err);
	if (k->ops == &skl__slub_ops)
		done = skl__slub_free_fast(k, c->fast_state, obj);
	else
		done = k->ops->free_fast(c, obj);
	if (!done)
		return cache_free_full(c, obj, err);
	if (k->log)
		skl_kernel_event(k, SKL_EV_FREE, real_cache(c)->name, obj, c->object_size, NULL);
	return 0;
}

static NOINLINE int cache_free_call(skl_cache *c, skl_addr obj, skl_error *err)
{
	return c->k->ops->free_fast(c, obj) ? 0 : cache_free_slow(c, obj, 1, err);
}

int skl_cache_free(skl_cache *c, skl_addr obj, skl_error *err)
{
	if (c->fast) {
		if (skl__slub_free_fast(c->k, c->fast, obj))
			return 0;
		return cache_free_slow(c, obj, 1, err);
	}
	if (c->fast_call)
		return cache_free_call(c, obj, err);
	return cache_free_slow(c, obj, 0, err);
}

int skl_cache_shrink(skl_cache *c)
{
	skl_cache *r = real_cache(c);
	int n;
	skl_kernel_touch_begin(c->k, "meta", NULL); /* list moves of the slabs it frees */
	n = c->k->ops->shrink ? c->k->ops->shrink(r) : 0;
	skl_kernel_touch_end(c->k);
	return n;
}

int skl_kernel_reap(skl_kernel *k)
{
	int n;
	skl_kernel_touch_begin(k, "meta", NULL);
	n = k->ops->reap ? k->ops->reap(k) : 0;
	skl_kernel_touch_end(k);
	return n;
}

int skl_cache_tune(skl_cache *c, int limit, int batchcount, skl_error *err)
{
	if (!c->k->ops->tune)
		return skl_errorf(err, "%s: per-CPU arrays are not tunable with %s", c->name, c->k->ops->name);
	{
		int rc;
		skl_kernel_touch_begin(c->k, "meta", NULL);
		rc = c->k->ops->tune(real_cache(c), limit, batchcount, err);
		skl_kernel_touch_end(c->k);
		return rc;
	}
}

/* ---- kmalloc ------------------------------------------------------------- */

skl_cache *skl_kmalloc_cache(skl_kernel *k, size_t n)
{
	return k->ops->kmalloc_cache ? k->ops->kmalloc_cache(k, n) : NULL;
}

/* ---- kmalloc_large: SLUB's kmalloc above the largest class ----------------
 *
 * Linux 6.18 mm/slub.c __do_kmalloc_node(): above KMALLOC_MAX_CACHE_SIZE
 * (two pages) kmalloc() goes to __kmalloc_large_node_noprof(), whose
 * ___kmalloc_large_node() takes get_order(size) pages with __GFP_COMP and
 * marks the folio large_kmalloc (__folio_set_large_kmalloc; page_type f8);
 * trace_kmalloc() logs bytes_alloc = PAGE_SIZE << order. 2.6.31's
 * __kmalloc() does the same above SLUB_MAX_SIZE (2 * PAGE_SIZE,
 * include/linux/slub_def.h) through kmalloc_large(): __get_free_pages(flags
 * | __GFP_COMP, get_order(size)). The largest block is order MAX_PAGE_ORDER
 * (6.x; 2.6.31 MAX_ORDER - 1), 10: KMALLOC_MAX_SIZE = 4 MiB with 4 KiB
 * pages. Above it the page allocator refuses with a one-time warning:
 * 6.18 __alloc_frozen_pages_noprof()'s WARN_ON_ONCE_GFP(order >
 * MAX_PAGE_ORDER), 2.6.31 __alloc_pages_slowpath()'s WARN_ON_ONCE(order >=
 * MAX_ORDER); kmalloc() returns NULL. The model's page table keeps the
 * bytes asked for in every page of the block (skl__page.large). */

#define KMALLOC_LARGE_MAX_ORDER 10u /* MAX_PAGE_ORDER; 2.6.31: MAX_ORDER - 1 */

static unsigned page_order(const skl_kernel *k, uint64_t n)
{
	unsigned o = 0;
	while (((uint64_t)k->prof.page_size << o) < n && o < 63)
		o++;
	return o;
}

static int modern_slub(const skl_kernel *k)
{
	return k->prof.version.major >= 3;
}

static skl_addr kmalloc_large(skl_kernel *k, size_t n, skl_error *err)
{
	unsigned order = page_order(k, n);
	uint64_t f, i, bytes;
	char detail[128];
	skl_addr a;
	if (order > KMALLOC_LARGE_MAX_ORDER) {
		uint64_t max = (uint64_t)k->prof.page_size << KMALLOC_LARGE_MAX_ORDER;
		if (modern_slub(k))
			skl_errorf(err,
				   "kmalloc(%zu): above KMALLOC_MAX_SIZE (%llu bytes): order %u is past MAX_PAGE_ORDER "
				   "%u, __alloc_frozen_pages_noprof() warns once (WARN_ON_ONCE_GFP) and returns NULL",
				   n, (unsigned long long)max, order, KMALLOC_LARGE_MAX_ORDER);
		else
			skl_errorf(err,
				   "kmalloc(%zu): above %llu bytes: order %u is MAX_ORDER (%u) or more, "
				   "__alloc_pages_slowpath() warns once (WARN_ON_ONCE) and returns NULL",
				   n, (unsigned long long)max, order, KMALLOC_LARGE_MAX_ORDER + 1);
		snprintf(detail, sizeof(detail), "order %u > %u: WARN, NULL", order, KMALLOC_LARGE_MAX_ORDER);
		skl_kernel_event(k, SKL_EV_KMALLOC, "kmalloc_large", 0, n, detail);
		return 0;
	}
	bytes = (uint64_t)k->prof.page_size << order;
	a = pages_get(k, order, "kmalloc_large");
	if (!a || addr_frame(k, a, &f) < 0) {
		skl_errorf(err,
			   "kmalloc(%zu): kmalloc_large() needs %llu pages (order %u) and the page allocator has no "
			   "free block that big (NULL)",
			   n, (unsigned long long)(bytes / k->prof.page_size), order);
		skl_kernel_event(k, SKL_EV_KMALLOC, "kmalloc_large", 0, n, "out of pages: NULL");
		return 0;
	}
	for (i = 0; i < ((uint64_t)1 << order); i++)
		k->pages[f + i].large = (uint32_t)n;
	k->nlarge++;
	if (k->kasan) /* kasan_kmalloc_large() */
		skl__kasan_kmalloc_large(k, a, n, bytes);
	snprintf(detail, sizeof(detail), "order %u: %llu bytes from the page allocator", order,
		 (unsigned long long)bytes);
	skl_kernel_event(k, SKL_EV_KMALLOC, "kmalloc_large", a, n, detail);
	return a;
}

uint64_t skl_kmalloc_large_of(const skl_kernel *k, skl_addr a, skl_addr *start, uint64_t *requested)
{
	uint64_t f, head;
	const skl__page *pg;
	if (addr_frame(k, a, &f) < 0)
		return 0;
	pg = &k->pages[f];
	if (!pg->used || pg->cache || !pg->large)
		return 0;
	head = f & ~(((uint64_t)1 << pg->order) - 1); /* buddy blocks are aligned to their order */
	if (start)
		*start = frame_addr(k, head);
	if (requested)
		*requested = pg->large;
	return (uint64_t)k->prof.page_size << pg->order;
}

/* models free_large_kmalloc() (6.18): the folio of p goes back whole,
 * wherever in it p points (virt_to_folio() finds the head); 2.6.31's
 * kfree() does put_page(virt_to_head_page(p)) the same way. Under KASAN,
 * kasan_kfree_large() reports an inner pointer as an invalid-free (-1,
 * err set) and the folio still goes: free_large_kmalloc() ignores the
 * check, and the freed pages read KASAN_PAGE_FREE. */
static int kfree_large(skl_kernel *k, skl_addr p, skl_error *err)
{
	skl_addr start = 0;
	uint64_t f, i, n, bytes = skl_kmalloc_large_of(k, p, &start, NULL);
	unsigned order;
	char detail[128] = "";
	int rc = 0;
	if (!bytes || addr_frame(k, start, &f) < 0)
		return 0;
	if (k->kasan)
		rc = skl__kasan_kfree_large(k, p, start, err);
	order = k->pages[f].order;
	n = (uint64_t)1 << order;
	for (i = 0; i < n; i++) {
		skl__page *pg = &k->pages[f + i];
		pg->used = 0;
		pg->head = 0;
		pg->order = 0;
		pg->large = 0;
	}
	buddy_free(k, f, order);
	k->used_pages -= n;
	k->nlarge--;
	if (p != start)
		snprintf(detail, sizeof(detail), "order %u, a pointer %llu bytes into it: the whole block goes", order,
			 (unsigned long long)(p - start));
	else
		snprintf(detail, sizeof(detail), "order %u", order);
	skl_kernel_event(k, SKL_EV_KFREE, "kmalloc_large", p, bytes, detail);
	return rc;
}

skl_addr skl_kmalloc(skl_kernel *k, size_t n, skl_error *err)
{
	skl_cache *c;
	skl_addr a;
	if (n == 0 && skl_kernel_is_slub(k)) {
		skl_kernel_event(k, SKL_EV_KMALLOC, "", SKL_ZERO_SIZE_PTR, 0, "ZERO_SIZE_PTR");
		return SKL_ZERO_SIZE_PTR;
	}
	c = skl_kmalloc_cache(k, n);
	if (!c && skl_kernel_is_slub(k))
		return kmalloc_large(k, n, err);
	if (!c) {
		/* 2.4.16 mm/slab.c kmalloc(): past the last of cache_sizes
		 * (size-131072) it returns NULL and prints nothing */
		skl_errorf(err, "kmalloc(%zu): larger than the largest size class (NULL)", n);
		skl_kernel_event(k, SKL_EV_KMALLOC, "", 0, n, "too large: NULL");
		return 0;
	}
	a = alloc_meta(k, c, n, 1, err);
	if (a)
		skl_kernel_event(k, SKL_EV_KMALLOC, c->name, a, n, NULL);
	return a;
}

int skl_kfree(skl_kernel *k, skl_addr p, skl_error *err)
{
	skl__page *pg;
	skl_cache *c;
	char name[32] = "";
	uint64_t size = 0;
	int rc;
	if (!p || (p <= SKL_ZERO_SIZE_PTR && skl_kernel_is_slub(k)))
		return 0; /* kfree(NULL), and ZERO_OR_NULL_PTR under SLUB */
	pg = skl__page_of(k, p);
	if (pg && pg->used && !pg->cache && pg->large) {
		return kfree_large(k, p, err);
	}
	if (pg && pg->cache) {
		snprintf(name, sizeof(name), "%s", pg->cache->name);
		size = pg->cache->object_size;
	}
	if (k->ops->kfree) {
		skl_kernel_touch_begin(k, "meta", NULL);
		rc = k->ops->kfree(k, p, err);
		skl_kernel_touch_end(k);
	} else {
		c = pg ? pg->cache : NULL;
		if (!c)
			return skl_errorf(err, "kfree: bad ptr %#llx (not in a slab page)", (unsigned long long)p);
		skl_kernel_touch_begin(k, "meta", NULL);
		rc = k->ops->free(c, p, err);
		skl_kernel_touch_end(k);
	}
	if (rc < 0)
		return -1;
	skl_kernel_event(k, SKL_EV_KFREE, name, p, size, NULL);
	return 0;
}

/* ---- lookups -------------------------------------------------------------- */

skl_cache *skl_kernel_cache_of(skl_kernel *k, skl_addr addr, int *index, skl_addr *obj_start)
{
	skl__page *pg = skl__page_of(k, addr);
	skl_addr start = 0;
	int i;
	if (!pg || !pg->cache || !k->ops->locate)
		return NULL;
	i = k->ops->locate(pg->cache, addr, &start);
	if (i < 0)
		return NULL;
	if (index)
		*index = i;
	if (obj_start)
		*obj_start = start;
	return pg->cache;
}

skl_cache *skl_kernel_find_cache(const skl_kernel *k, const char *name)
{
	int i;
	for (i = 0; name && i < k->ncaches; i++)
		if (!strcmp(k->caches[i]->name, name))
			return k->caches[i];
	return NULL;
}

int skl_kernel_ncaches(const skl_kernel *k)
{
	return k->ncaches;
}

skl_cache *skl_kernel_cache_at(const skl_kernel *k, int i)
{
	if (i < 0 || i >= k->ncaches)
		return NULL;
	return k->caches[k->ops->order ? k->ops->order(k, i) : i];
}

void skl_cache_get_info(const skl_cache *c, skl_cache_info *out)
{
	memset(out, 0, sizeof(*out));
	if (c->alias_of) {
		c->k->ops->info(c->alias_of, out);
		snprintf(out->alias_of, sizeof(out->alias_of), "%s", c->alias_of->name);
		snprintf(out->name, sizeof(out->name), "%s", c->name);
		out->object_size = c->object_size;
		return;
	}
	c->k->ops->info(c, out);
}

skl_kernel *skl_cache_kernel(const skl_cache *c)
{
	return c->k;
}

const skl_layout *skl_cache_type(const skl_cache *c)
{
	return c->type;
}

int skl_cache_geometry(const skl_profile *p, unsigned cpus, int debug, const char *name, size_t size,
		       const skl_cache_opts *o, skl_cache_info *out, skl_error *err)
{
	const skl__alloc_ops *ops;
	if (!p || !p->abi)
		return skl_errorf(err, "skl_cache_geometry: no profile or ABI");
	ops = ops_for(p->allocator);
	if (!ops)
		return skl_errorf(err, "profile %s: unknown allocator %d", p->name, (int)p->allocator);
	if (!ops->geometry)
		return skl_errorf(err, "profile %s: %s has no geometry calculator", p->name, ops->name);
	memset(out, 0, sizeof(*out));
	return ops->geometry(p, cpus, debug, name, size, o, out, err);
}

void skl_slabinfo_write(const skl_kernel *k, const skl_sink *out)
{
	if (k->ops->slabinfo)
		k->ops->slabinfo(k, out);
}

/* ---- snapshots ------------------------------------------------------------ */

/* The kmalloc_large blocks of one order as a pseudo cache: one "slab"
 * per block, in address order, holding one allocated object. */
static int snapshot_large_order(const skl_kernel *k, unsigned order, uint64_t nblocks, skl_cache_snap *cs)
{
	uint64_t bytes = (uint64_t)k->prof.page_size << order, f;
	skl_cache_info *in = &cs->info;
	memset(cs, 0, sizeof(*cs));
	cs->kmalloc_large = 1;
	if (bytes >= (1u << 20))
		snprintf(in->name, sizeof(in->name), "kmalloc_large-%lluM", (unsigned long long)(bytes >> 20));
	else
		snprintf(in->name, sizeof(in->name), "kmalloc_large-%lluk", (unsigned long long)(bytes >> 10));
	in->object_size = in->size = (size_t)bytes;
	in->align = k->prof.page_size;
	in->flags = SKL_SLAB_KMALLOC;
	in->order = order;
	in->pages_per_slab = 1u << order;
	in->objs_per_slab = 1;
	in->active_objs = in->num_objs = in->active_slabs = in->num_slabs = in->in_use = (unsigned long)nblocks;
	cs->slabs = skl_calloc((size_t)nblocks, sizeof(*cs->slabs));
	if (!cs->slabs)
		return -1;
	for (f = 0; f < k->npages && (uint64_t)cs->nslabs < nblocks; f += (uint64_t)1 << k->pages[f].order) {
		const skl__page *pg = &k->pages[f];
		skl_slab_snap *sl;
		if (!pg->used || !pg->head || pg->cache || !pg->large || pg->order != order)
			continue;
		sl = &cs->slabs[cs->nslabs++];
		sl->base = sl->s_mem = frame_addr(k, f);
		sl->pages = 1u << order;
		sl->nobjs = sl->inuse = 1;
		sl->state = skl_calloc(1, 1);
		sl->bad = skl_calloc(1, 1);
		if (!sl->state || !sl->bad)
			return -1;
		sl->state[0] = SKL_OS_ALLOC;
	}
	return 0;
}

/* kmalloc_large blocks, one pseudo cache per order, after the caches */
static int snapshot_large(const skl_kernel *k, skl_kernel_snap *s)
{
	uint64_t count[KMALLOC_LARGE_MAX_ORDER + 1], f;
	unsigned o, norders = 0;
	skl_cache_snap *grown;
	memset(count, 0, sizeof(count));
	for (f = 0; f < k->npages; f += (uint64_t)1 << k->pages[f].order) {
		const skl__page *pg = &k->pages[f];
		if (pg->used && pg->head && !pg->cache && pg->large && pg->order <= KMALLOC_LARGE_MAX_ORDER)
			norders += count[pg->order]++ == 0;
	}
	if (!norders)
		return 0;
	grown = skl_realloc(s->caches, ((size_t)s->ncaches + norders) * sizeof(*s->caches));
	if (!grown)
		return -1;
	s->caches = grown;
	for (o = 0; o <= KMALLOC_LARGE_MAX_ORDER; o++) {
		if (!count[o])
			continue;
		if (snapshot_large_order(k, o, count[o], &s->caches[s->ncaches++]) < 0)
			return -1;
	}
	return 0;
}

skl_kernel_snap *skl_kernel_snapshot(const skl_kernel *k)
{
	skl_kernel_snap *s = skl_calloc(1, sizeof(*s));
	int i, n = 0;
	if (!s)
		return NULL;
	snprintf(s->profile, sizeof(s->profile), "%s", k->prof.name);
	s->allocator = k->prof.allocator;
	s->page_size = k->prof.page_size;
	s->ram_total = skl_kernel_ram_total(k);
	s->ram_used = skl_kernel_ram_used(k);
	s->caches = skl_calloc((size_t)(k->ncaches ? k->ncaches : 1), sizeof(*s->caches));
	if (!s->caches)
		goto fail;
	for (i = 0; i < k->ncaches; i++) {
		const skl_cache *c = skl_kernel_cache_at(k, i);
		skl_cache_snap *cs = &s->caches[n];
		if (c->alias_of)
			continue; /* views draw the cache it merged into */
		skl_cache_get_info(c, &cs->info);
		if (c->type) {
			cs->type = skl_layout_clone(c->type);
			if (!cs->type)
				goto fail;
		}
		s->ncaches = ++n;
		if (k->ops->snapshot && k->ops->snapshot(c, cs) < 0)
			goto fail;
		via_snapshot(c, cs);
	}
	if (k->nlarge && snapshot_large(k, s) < 0)
		goto fail;
	if (k->kasan && skl__kasan_snap_mark(k, s) < 0)
		goto fail;
	return s;
fail:
	skl_kernel_snap_free(s);
	return NULL;
}
