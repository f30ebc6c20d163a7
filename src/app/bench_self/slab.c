/*
 * slab.c - `sklab bench --self slab_pair|slab_table`: kmem_cache_alloc and
 * kmem_cache_free of the 2.4 SLAB and of SLUB against glibc malloc and free
 * of the same sizes and counts, interleaved sample by sample.
 */
#include "bench_self.h"

#include "sklab/runtime.h"
#include "sklab/kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const size_t slab_sizes[3] = {64, 256, 788};

typedef struct slab_rig {
	skl_kernel *k;
	skl_cache *c[3];
	skl_addr *objs;
} slab_rig;

static void slab_rig_free(slab_rig *r)
{
	skl_kernel_free(r->k);
	free(r->objs);
}

static int slab_rig_new(const ctx *x, const char *profile, slab_rig *r, skl_error *err)
{
	skl_profile prof;
	skl_kernel_opts ko;
	skl_cache_opts co;
	int i;
	memset(r, 0, sizeof(*r));
	if (skl_data_load_profile(x->data, profile, &prof, err) < 0)
		return -1;
	memset(&ko, 0, sizeof(ko));
	ko.profile = &prof;
	ko.smp = -1;
	ko.ram_bytes = (uint64_t)64 << 20;
	r->k = skl_kernel_new(&ko, err);
	r->objs = malloc(1000 * sizeof(*r->objs));
	if (!r->k || !r->objs) {
		if (!err->msg[0])
			skl_errorf(err, "out of memory");
		slab_rig_free(r);
		return -1;
	}
	memset(&co, 0, sizeof(co));
	co.flags = SKL_SLAB_HWCACHE_ALIGN;
	for (i = 0; i < 3; i++) {
		char name[32];
		snprintf(name, sizeof(name), "bench_%zu", slab_sizes[i]);
		r->c[i] = skl_cache_create(r->k, name, slab_sizes[i], &co, err);
		if (!r->c[i]) {
			slab_rig_free(r);
			return -1;
		}
	}
	return 0;
}

/* One sample: n alloc/free pairs; ns per pair, or -1 on failure. table:
 * 1000 live objects freed together, else each freed at once. */
static double slab_sample(slab_rig *r, long n, int table, skl_error *err)
{
	double t0 = skl__self_now_ns();
	long i;
	int j;
	if (!table) {
		for (i = 0; i < n; i++) {
			skl_cache *c = r->c[i % 3];
			skl_addr a = skl_cache_alloc(c, 0, err);
			if (!a || skl_cache_free(c, a, err) < 0)
				return -1;
		}
	} else {
		for (i = 0; i < n; i += 1000) {
			for (j = 0; j < 1000; j++)
				if (!(r->objs[j] = skl_cache_alloc(r->c[j % 3], 0, err)))
					return -1;
			for (j = 0; j < 1000; j++)
				if (skl_cache_free(r->c[j % 3], r->objs[j], err) < 0)
					return -1;
		}
	}
	return (skl__self_now_ns() - t0) / (double)n;
}

static double malloc_sample(void **objs, long n, int table)
{
	double t0 = skl__self_now_ns();
	long i;
	int j;
	if (!table) {
		for (i = 0; i < n; i++) {
			void *p = malloc(slab_sizes[i % 3]);
			skl__self_sink_ptr = p;
			free(p);
		}
	} else {
		for (i = 0; i < n; i += 1000) {
			for (j = 0; j < 1000; j++) {
				objs[j] = malloc(slab_sizes[j % 3]);
				skl__self_sink_ptr = objs[j];
			}
			for (j = 0; j < 1000; j++)
				free(objs[j]);
		}
	}
	return (skl__self_now_ns() - t0) / (double)n;
}

void skl__self_slab(ctx *x, int table, const char *alloc_name, const char *profile)
{
	char name[64], title[160], what[64];
	comparison *c;
	slab_rig r;
	skl_error err;
	void **objs = malloc(1000 * sizeof(*objs));
	long n = x->quick ? 30000 : 300000;
	int samples = x->quick ? 3 : 11, s;
	double tb[64], ts[64], lim;
	snprintf(name, sizeof(name), "slab_%s/%s", table ? "table" : "pair", alloc_name);
	snprintf(what, sizeof(what), "%s", !strcmp(alloc_name, "slab24") ? "2.4 SLAB" : "SLUB");
	snprintf(title, sizeof(title), "%s kmem_cache_alloc+free, %s, against glibc malloc+free", what,
		 table ? "1,000 live objects freed together" : "each object freed at once");
	skl__self_progress(x, name);
	c = skl__self_new_cmp(x, name, title, "ns/pair");
	snprintf(c->base_what, sizeof(c->base_what), "glibc malloc+free of the same sizes and counts");
	/* The table pattern is held to malloc; the pair pattern, where glibc
	 * recycles one chunk through its tcache while the model keeps each
	 * object's state, the free-pointer check and the slabinfo counters
	 * (and 2.4 its list moves), is a guard against getting slower. */
	lim = table ? 1.0 : !strcmp(alloc_name, "slab24") ? 3.5 : 1.5;
	skl__self_target(c, TARGET_RATIO, lim, 0, "<= %.1fx malloc%s", lim, table ? "" : " (guard)");
	c->reps = samples;
	skl_error_clear(&err);
	if (!objs || slab_rig_new(x, profile, &r, &err) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "cannot set up the machine: %s",
			 objs ? err.msg : "out of memory");
		free(objs);
		return;
	}
	/* warm-up: one untimed sample of each, then alternate */
	malloc_sample(objs, n, table);
	if (slab_sample(&r, n, table, &err) < 0)
		goto fail;
	for (s = 0; s < samples; s++) {
		tb[s] = malloc_sample(objs, n, table);
		ts[s] = slab_sample(&r, n, table, &err);
		if (ts[s] < 0)
			goto fail;
	}
	c->base = skl__self_stats(tb, samples);
	c->sk = skl__self_stats(ts, samples);
	snprintf(c->note, sizeof(c->note),
		 "%s (%s), no event log and no cache model attached: the allocator alone. Sizes 64, 256 and "
		 "788 bytes in turn (three caches, SLAB_HWCACHE_ALIGN); %ld pairs per sample, %d samples, "
		 "interleaved with malloc's.",
		 what, profile, n, samples);
	snprintf(c->extra, sizeof(c->extra), ", \"profile\": \"%s\", \"pairs_per_sample\": %ld", profile, n);
	slab_rig_free(&r);
	free(objs);
	return;
fail:
	snprintf(c->sk_why, sizeof(c->sk_why), "the allocator failed: %.400s", err.msg);
	slab_rig_free(&r);
	free(objs);
}
