/*
 * kernel_kasan.c - generic KASAN on the simulated machine: the shadow of
 * its RAM (one byte per 8), kept by SLUB's hooks as slabs are made and
 * objects allocated and freed, the check before a scenario's access, and
 * the reports, built by kasan.c from the machine's slabs and the event
 * log's alloc and free records. Quarantine is not modelled: a freed object
 * can be handed out again at once.
 */
#include "mm_impl.h"
#include "sklab/kasan.h"

#include <stdio.h>
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
	if (!pg->cache)
		return 0; /* pages from the page allocator: kasan_unpoison_pages() */
	return k->kasan_shadow[(a - k->va_base) / SKL_KASAN_GRANULE];
}

static int shadow_cb(void *ud, uint64_t a)
{
	return skl_kernel_kasan_shadow(ud, a);
}

static uint8_t *shadow_at(skl_kernel *k, skl_addr a)
{
	return k->kasan_shadow + (a - k->va_base) / SKL_KASAN_GRANULE;
}

/* ---- SLUB's hooks ---------------------------------------------------------------------- */

void skl__kasan_new_slab(skl_kernel *k, skl_addr base, size_t bytes)
{
	skl_kasan_new_slab(shadow_at(k, base), bytes);
}

void skl__kasan_alloc(skl_kernel *k, skl_addr obj, unsigned object_size, unsigned requested)
{
	skl_kasan_alloc(shadow_at(k, obj), object_size, requested);
}

/* ---- reports --------------------------------------------------------------------------- */

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
		const skl_event *e = skl_events_at(k->log, i);
		if (!e || e->addr != obj)
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
static int report(skl_kernel *k, skl_kasan_kind kind, skl_addr a, uint64_t len, int write, const char *ip,
		  skl_error *err)
{
	const char *alloc_at, *free_at, *first;
	char alloc_fn[160], free_fn[160], trace_fn[160];
	const char *astack[5], *fstack[6], *trace[2];
	char release[48], hardware[160];
	int kmalloc, index, nl;
	skl_addr obj = 0;
	skl_cache *c = skl_kernel_cache_of(k, a, &index, &obj);
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
	if (!skl_kasan_check(shadow_cb, k, a, len, &bad))
		return 0;
	return report(k, SKL_KASAN_ACCESS, a, len, write, ip, err);
}

int skl__kasan_slab_free(skl_kernel *k, skl_addr obj, int valid, unsigned object_size, int rcu, int has_free_meta,
			 skl_error *err)
{
	int s;
	if (!valid)
		return report(k, SKL_KASAN_INVALID_FREE, obj, 0, 0, "kfree", err);
	s = skl_kernel_kasan_shadow(k, obj);
	if (s == SKL_KASAN_SLAB_FREE || s == SKL_KASAN_SLAB_FREE_META)
		return report(k, SKL_KASAN_DOUBLE_FREE, obj, 0, 0, "kfree", err);
	skl_kasan_free(shadow_at(k, obj), object_size, rcu, has_free_meta);
	return 0;
}
