/*
 * test_slab24.c - the Linux 2.4 SLAB allocator (src/core/mm/slab24.c) on the
 * simulated machine (src/core/mm/kernel.c): the seed thread's /proc/slabinfo
 * lines, the worked examples of the reference, colouring, snapshots,
 * off-slab caches, SMP per-CPU arrays, shrink and reap, kernel-style debug
 * reports, out of memory, host allocation failure, kmalloc and pages, and
 * the fast paths against the full ones.
 *
 * usage: test_slab24 TEST [GOLDEN_DIR]
 * With SKLAB_UPDATE_GOLDEN=1 in the environment, golden files are written
 * instead of compared.
 */
#include "check.h"
#include "fault.h"
#include "golden.h"
#include "profile.h"
#include "twin.h"
#include "sklab/kernel.h"

#include "seed_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *golden_dir = ".";

#define CHECK_U(a, b)                                                                                                  \
	do {                                                                                                           \
		unsigned long long a_ = (unsigned long long)(a), b_ = (unsigned long long)(b);                         \
		if (a_ != b_) {                                                                                        \
			fprintf(stderr, "%s:%d: %s is %llu (%#llx), expected %llu (%#llx)\n", __FILE__, __LINE__, #a,  \
				a_, a_, b_, b_);                                                                       \
			check_failures++;                                                                              \
		}                                                                                                      \
	} while (0)

#define CHECK_S(a, b)                                                                                                  \
	do {                                                                                                           \
		const char *a_ = (a), *b_ = (b);                                                                       \
		if (!a_ || strcmp(a_, b_)) {                                                                           \
			fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #a,              \
				a_ ? a_ : "(null)", b_);                                                               \
			check_failures++;                                                                              \
		}                                                                                                      \
	} while (0)

/* ---- utilities -------------------------------------------------------------- */

/* linux-2.4.16-i386 as the profile file describes it */
static skl_profile prof_i386(void)
{
	skl_profile p = skl_test_profile_2416((uint64_t)128 << 20);
	snprintf(p.layouts, sizeof(p.layouts), "linux-2.4.16");
	return p;
}

static skl_profile prof_seed;
static int quiet; /* no "boot failed" lines (allocation-failure runs) */

static skl_kernel *boot(const skl_profile *p, int debug, int smp, unsigned cpus, uint64_t ram, skl_events *log)
{
	skl_kernel_opts o;
	skl_error e;
	skl_kernel *k;
	memset(&o, 0, sizeof(o));
	o.profile = p;
	o.debug_slab = debug;
	o.smp = smp;
	o.cpus = cpus;
	o.ram_bytes = ram;
	o.log = log;
	k = skl_kernel_new(&o, &e);
	if (!k && !quiet)
		fprintf(stderr, "boot failed: %s\n", e.msg);
	return k;
}

static skl_cache *mkcache(skl_kernel *k, const char *name, size_t size, unsigned flags)
{
	skl_cache_opts o;
	skl_error e;
	skl_cache *c;
	memset(&o, 0, sizeof(o));
	o.flags = flags;
	c = skl_cache_create(k, name, size, &o, &e);
	if (!c && !quiet)
		fprintf(stderr, "kmem_cache_create(%s, %zu): %s\n", name, size, e.msg);
	return c;
}

static char *slabinfo(const skl_kernel *k)
{
	skl_buf b;
	skl_sink s;
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_slabinfo_write(k, &s);
	return b.data;
}

/* the line of /proc/slabinfo for one cache, whitespace squeezed */
static void squeeze(const char *in, char *out, size_t n)
{
	size_t j = 0;
	int space = 0;
	for (; *in && *in != '\n' && j + 1 < n; in++) {
		if (*in == ' ' || *in == '\t') {
			space = j > 0;
			continue;
		}
		if (space && j + 1 < n)
			out[j++] = ' ';
		space = 0;
		out[j++] = *in;
	}
	out[j] = '\0';
}

/* compares actual with GOLDEN_DIR/name, or writes it with SKLAB_UPDATE_GOLDEN */
static void golden(const char *name, const char *actual)
{
	check_failures += skl_test_golden(golden_dir, name, actual);
}

static skl_cache_info info_of(const skl_cache *c)
{
	skl_cache_info in;
	skl_cache_get_info(c, &in);
	return in;
}

static const char *cname(const skl_cache *c)
{
	static skl_cache_info in;
	if (!c)
		return NULL;
	skl_cache_get_info(c, &in);
	return in.name;
}

static uint32_t rd32(skl_kernel *k, skl_addr a)
{
	const uint8_t *b = skl_kernel_bytes(k, a, 4);
	if (!b)
		return 0xdeadbeefu;
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void wr8(skl_kernel *k, skl_addr a, uint8_t v)
{
	uint8_t *b = skl_kernel_bytes(k, a, 1);
	if (b)
		*b = v;
}

/* ---- the seed table ------------------------------------------------------------ */

typedef struct seed_cache {
	const char *name;
	skl_cache *c;
	skl_addr objs[256];
	int n;
} seed_cache;

static seed_cache *seed_find(seed_cache *cs, int n, const char *name)
{
	int i;
	for (i = 0; i < n; i++)
		if (!strcmp(cs[i].name, name))
			return &cs[i];
	return NULL;
}

/* Runs one machine's history; 0 when every step did what it should. */
static int seed_run(const seed_machine *sm, skl_kernel *k, seed_cache *cs, int *ncs)
{
	const seed_op *op;
	skl_error e;
	int i;
	for (op = sm->ops; op->cache; op++) {
		seed_cache *sc = seed_find(cs, *ncs, op->cache);
		switch (op->op) {
		case SEED_CREATE:
			sc = &cs[(*ncs)++];
			sc->name = op->cache;
			sc->n = 0;
			sc->c = mkcache(k, op->cache, (size_t)op->a, SKL_SLAB_HWCACHE_ALIGN);
			if (!sc->c)
				return -1;
			break;
		case SEED_ALLOC:
			for (i = 0; i < op->a; i++) {
				if (!sc || sc->n >= 256 || !(sc->objs[sc->n++] = skl_cache_alloc(sc->c, 1, &e)))
					return fprintf(stderr, "%s: alloc: %s\n", sm->id, e.msg), -1;
			}
			break;
		case SEED_FREE:
			for (i = op->a; i < op->b; i++) {
				if (!sc || i >= sc->n || !sc->objs[i] || skl_cache_free(sc->c, sc->objs[i], &e) < 0)
					return fprintf(stderr, "%s: free %d\n", sm->id, i), -1;
				sc->objs[i] = 0;
			}
			break;
		case SEED_CHURN:
			for (i = 0; i < op->a; i++) {
				skl_addr a = skl_cache_alloc(sc->c, 1, &e);
				if (!a || skl_cache_free(sc->c, a, &e) < 0)
					return fprintf(stderr, "%s: churn: %s\n", sm->id, e.msg), -1;
			}
			break;
		case SEED_REAP:
			for (i = 0; i < op->a; i++)
				skl_kernel_reap(k);
			break;
		}
	}
	return 0;
}

static void test_seed(void)
{
	int m;
	prof_seed = prof_i386();
	for (m = 0; m < seed_nmachines; m++) {
		const seed_machine *sm = &seed_machines[m];
		seed_cache cs[8];
		int ncs = 0, i, nl = 0;
		skl_kernel *k = boot(&prof_seed, 1, 0, 1, 0, NULL);
		char *text, *line, fname[128], sq[256];
		if (!k) {
			check_failures++;
			continue;
		}
		memset(cs, 0, sizeof(cs));
		CHECK(seed_run(sm, k, cs, &ncs) == 0);
		text = slabinfo(k);
		/* `grep sock /proc/slabinfo`, squeezed as the mail squeezed it */
		for (line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
			char name[64];
			if (sscanf(line, "%63s", name) != 1 || !strstr(name, "sock"))
				continue;
			squeeze(line, sq, sizeof(sq));
			if (nl < sm->nlines && strcmp(sq, sm->lines[nl])) {
				fprintf(stderr, "%s: slabinfo line %d\n  got      %s\n  expected %s\n", sm->id, nl + 1,
					sq, sm->lines[nl]);
				check_failures++;
			}
			nl++;
		}
		CHECK_U(nl, sm->nlines);
		/* the kernel's exact widths, every cache */
		snprintf(fname, sizeof(fname), "seed-%s.slabinfo", sm->id);
		golden(fname, text);
		/* with no shrink or destroy: num_slabs = grown - reaped */
		for (i = 0; i < ncs; i++) {
			skl_cache_info in = info_of(cs[i].c);
			CHECK_U(in.num_slabs, in.grown - in.reaped);
		}
		skl_free(text);
		skl_kernel_free(k);
	}
}

/* ---- geometry: the worked examples of the reference, sections 6 and 7 ---- */

typedef struct geo_case {
	size_t raw;
	unsigned cacheline;
	int debug;
	size_t objsize;
	unsigned num, pages;
	size_t left_over;
	unsigned colour;
	int offslab;
} geo_case;

static const geo_case geo_cases[] = {
    /* CONFIG_DEBUG_SLAB, L1 32: the seed's caches */
    {1056, 32, 1, 1056, 7, 2, 736, 23, 0}, /* off-slab, order 1, management moved on-slab */
    {784, 32, 1, 800, 5, 1, 32, 1, 0},	   /* RFC 2 inet_sock */
    {788, 32, 1, 800, 5, 1, 32, 1, 0},	   /* tcp_sock */
    {388, 32, 1, 396, 10, 1, 72, 2, 0},	   /* red-zoned unix_sock */
    {392, 32, 1, 400, 10, 1, 32, 1, 0},
    {364, 32, 1, 372, 10, 1, 312, 9, 0},  /* udp_sock */
    {368, 32, 1, 376, 10, 1, 272, 8, 0},  /* raw4_sock */
    {324, 32, 1, 332, 12, 1, 16, 0, 0},	  /* RFC 2 sock: colour 0 */
    {328, 32, 1, 336, 11, 1, 304, 9, 0},  /* 12 x 336 + 96 > 4096 */
    {1268, 32, 1, 1280, 3, 1, 192, 6, 0}, /* "1280 bytes when all protocols are selected" */
    {812, 32, 1, 832, 9, 2, 640, 20, 0},  /* pristine 2.4.16 struct sock, INET + FILTER */
    /* without DEBUG_SLAB the small ones keep their cache-line alignment */
    {324, 32, 0, 352, 11, 1, 128, 4, 0},
    {388, 32, 0, 416, 9, 1, 288, 9, 0},
    {364, 32, 0, 384, 10, 1, 192, 6, 0},
    /* other L1 sizes */
    {784, 16, 1, 784, 5, 1, 128, 8, 0},
    {1056, 64, 1, 1088, 7, 2, 512, 8, 0},
    {784, 64, 1, 832, 9, 2, 640, 10, 0},
    {1056, 128, 1, 1152, 7, 2, 0, 0, 0},
    {784, 128, 1, 896, 4, 1, 384, 3, 0},
    /* general caches */
    {32, 32, 1, 40, 92, 1, 0, 0, 0},
    {512, 32, 1, 512, 8, 1, 0, 0, 1},
    {4096, 32, 1, 4096, 1, 1, 0, 0, 1},
    {131072, 32, 1, 131072, 1, 32, 0, 0, 1},
};

static void test_geometry(void)
{
	skl_profile p = prof_i386();
	size_t i;
	for (i = 0; i < sizeof(geo_cases) / sizeof(geo_cases[0]); i++) {
		const geo_case *g = &geo_cases[i];
		skl_cache_opts o;
		skl_cache_info in;
		skl_error e;
		memset(&o, 0, sizeof(o));
		o.flags = SKL_SLAB_HWCACHE_ALIGN;
		p.cacheline = g->cacheline;
		if (skl_cache_geometry(&p, 0, g->debug, "t", g->raw, &o, &in, &e) < 0) {
			fprintf(stderr, "geometry %zu: %s\n", g->raw, e.msg);
			check_failures++;
			continue;
		}
		if (in.size != g->objsize || in.objs_per_slab != g->num || in.pages_per_slab != g->pages ||
		    in.left_over != g->left_over || in.colour != g->colour || in.offslab != g->offslab) {
			fprintf(
			    stderr,
			    "geometry raw %zu L1 %u debug %d: objsize %zu num %u pages %u left %zu colour %u offslab "
			    "%d; expected %zu %u %u %zu %u %d\n",
			    g->raw, g->cacheline, g->debug, in.size, in.objs_per_slab, in.pages_per_slab, in.left_over,
			    in.colour, in.offslab, g->objsize, g->num, g->pages, g->left_over, g->colour, g->offslab);
			check_failures++;
		}
		CHECK_U(in.colour_off, g->cacheline);
		if (g->debug && g->raw < 512)
			CHECK(in.flags & SKL_SLAB_RED_ZONE);
		if (g->debug)
			CHECK(in.flags & SKL_SLAB_POISON);
	}

	/* the same numbers from a live machine */
	{
		skl_kernel *k;
		skl_cache *c;
		skl_cache_info in;
		p = prof_i386();
		k = boot(&p, 1, 0, 1, 0, NULL);
		c = mkcache(k, "sock", 1056, SKL_SLAB_HWCACHE_ALIGN);
		in = info_of(c);
		CHECK_U(in.size, 1056);
		CHECK_U(in.objs_per_slab, 7);
		CHECK_U(in.order, 1);
		CHECK_U(in.colour, 23);
		CHECK_U(in.left_over, 736);
		CHECK_U(in.mgmt_size, 64);
		CHECK_U(in.offslab, 0);
		CHECK_U(in.object_size, 1056);
		CHECK(!(in.flags & SKL_SLAB_RED_ZONE));
		CHECK(in.flags & SKL_SLAB_HWCACHE_ALIGN);
		/* cache_cache: sizeof(kmem_cache_t) = 136 with STATS, UP, 4-byte locks */
		in = info_of(skl_kernel_find_cache(k, "kmem_cache"));
		CHECK_U(in.size, 136);
		CHECK_U(in.objs_per_slab, 28);
		CHECK_U(in.active_objs, 27); /* 26 general caches + sock */
		CHECK(in.flags & SKL_SLAB_NO_REAP);
		/* 2.4.16 has no SLAB_MUST_HWCACHE_ALIGN */
		{
			skl_cache_opts o;
			skl_error e;
			memset(&o, 0, sizeof(o));
			o.flags = SKL_SLAB_HWCACHE_ALIGN | SKL_SLAB_MUST_HWCACHE_ALIGN;
			CHECK(skl_cache_create(k, "must", 100, &o, &e) == NULL);
			CHECK(strstr(e.msg, "kernel BUG at slab.c:672!") == e.msg);
		}
		skl_kernel_free(k);
	}
	/* 2.4.17 and later: MUST_HWCACHE_ALIGN skips the forced red zone */
	{
		skl_cache_opts o;
		skl_cache_info in;
		skl_error e;
		p = prof_i386();
		CHECK(skl_profile_set_kernel(&p, "2.4.17", &e) == 0);
		memset(&o, 0, sizeof(o));
		o.flags = SKL_SLAB_HWCACHE_ALIGN | SKL_SLAB_MUST_HWCACHE_ALIGN;
		CHECK(skl_cache_geometry(&p, 0, 1, "t", 388, &o, &in, &e) == 0);
		CHECK_U(in.size, 416);
		CHECK(!(in.flags & SKL_SLAB_RED_ZONE));
	}
	/* break order 1 (RAM <= 32 MiB) changes none of the seed results */
	{
		skl_cache_opts o;
		skl_cache_info in;
		skl_error e;
		p = prof_i386();
		p.ram_bytes = (uint64_t)32 << 20;
		memset(&o, 0, sizeof(o));
		o.flags = SKL_SLAB_HWCACHE_ALIGN;
		CHECK(skl_cache_geometry(&p, 0, 1, "t", 1056, &o, &in, &e) == 0);
		CHECK_U(in.objs_per_slab, 7);
		CHECK_U(in.pages_per_slab, 2);
	}
	/* SMP: enable_cpucache()'s limits by object size */
	{
		static const struct {
			size_t raw;
			unsigned limit;
		} lim[] = {{1056, 60}, {784, 124}, {388, 124}, {256, 124}, {128, 252}, {4096, 60}, {8192, 0}};
		skl_cache_opts o;
		skl_cache_info in;
		skl_error e;
		for (i = 0; i < sizeof(lim) / sizeof(lim[0]); i++) {
			p = prof_i386();
			memset(&o, 0, sizeof(o));
			o.flags = SKL_SLAB_HWCACHE_ALIGN;
			CHECK(skl_cache_geometry(&p, 2, 1, "t", lim[i].raw, &o, &in, &e) == 0);
			CHECK_U(in.limit, lim[i].limit);
			CHECK_U(in.batchcount, lim[i].limit / 2);
		}
	}
	/* what kmem_cache_create refuses */
	{
		skl_cache_opts o;
		skl_cache_info in;
		skl_error e;
		p = prof_i386();
		memset(&o, 0, sizeof(o));
		CHECK(skl_cache_geometry(&p, 0, 1, "a_name_of_19_chars_", 64, &o, &in, &e) < 0);
		CHECK(strstr(e.msg, "slab.c:641") != NULL);
		CHECK(skl_cache_geometry(&p, 0, 1, "a_name_of_18_chars", 64, &o, &in, &e) == 0);
		CHECK(skl_cache_geometry(&p, 0, 1, "tiny", 3, &o, &in, &e) < 0);
		CHECK(skl_cache_geometry(&p, 0, 1, "huge", 131073, &o, &in, &e) < 0);
		o.flags = SKL_SLAB_TYPESAFE_BY_RCU;
		CHECK(skl_cache_geometry(&p, 0, 1, "rcu", 64, &o, &in, &e) < 0);
		CHECK(strstr(e.msg, "slab.c:672") != NULL);
		o.flags = SKL_SLAB_RED_ZONE;
		CHECK(skl_cache_geometry(&p, 0, 0, "rz", 64, &o, &in, &e) < 0); /* needs DEBUG */
		CHECK(skl_cache_geometry(&p, 0, 1, "rz", 64, &o, &in, &e) == 0);
		o.flags = 0;
		o.offset = 100;
		CHECK(skl_cache_geometry(&p, 0, 1, "off", 64, &o, &in, &e) < 0);
		o.offset = 64; /* colour unit: offset rounded up to the alignment */
		CHECK(skl_cache_geometry(&p, 0, 1, "off", 64, &o, &in, &e) == 0);
		CHECK_U(in.colour_off, 64);
		o.offset = 0;
		o.ctor = 1; /* no poison with a constructor; still red-zoned */
		CHECK(skl_cache_geometry(&p, 0, 1, "ctor", 64, &o, &in, &e) == 0);
		CHECK(!(in.flags & SKL_SLAB_POISON));
		CHECK(in.flags & SKL_SLAB_RED_ZONE);
		/* word rounding */
		o.ctor = 0;
		CHECK(skl_cache_geometry(&p, 0, 1, "odd", 61, &o, &in, &e) == 0);
		CHECK_U(in.size, 72);
	}
}

/* ---- colouring, management area, snapshots --------------------------------------- */

static int cmp_slab(const void *a, const void *b)
{
	const skl_slab_snap *x = a, *y = b;
	return x->base < y->base ? -1 : x->base > y->base;
}

static const skl_cache_snap *snap_cache(const skl_kernel_snap *s, const char *name)
{
	int i;
	for (i = 0; i < s->ncaches; i++)
		if (!strcmp(s->caches[i].info.name, name))
			return &s->caches[i];
	return NULL;
}

static void test_colour(void)
{
	skl_profile p = prof_i386();
	skl_kernel *k = boot(&p, 1, 0, 1, 0, NULL);
	skl_cache *c = mkcache(k, "sock", 1056, SKL_SLAB_HWCACHE_ALIGN);
	skl_cache *c0 = mkcache(k, "sock332", 324, SKL_SLAB_HWCACHE_ALIGN);
	skl_kernel_snap *s;
	const skl_cache_snap *cs;
	skl_slab_snap *sl;
	skl_error e;
	int i;
	for (i = 0; i < 7 * 25; i++)
		CHECK(skl_cache_alloc(c, 0, &e) != 0);
	for (i = 0; i < 12 * 3; i++)
		CHECK(skl_cache_alloc(c0, 0, &e) != 0);
	s = skl_kernel_snapshot(k);
	CHECK(s != NULL);
	if (!s)
		goto out;
	CHECK_S(s->profile, "linux-2.4.16-i386");
	CHECK(s->allocator == SKL_ALLOC_SLAB);
	CHECK_U(s->page_size, 4096);
	CHECK_U(s->ncaches, 29);
	CHECK_S(s->caches[0].info.name, "kmem_cache");
	CHECK_S(s->caches[1].info.name, "sock332"); /* newest first */
	CHECK_S(s->caches[2].info.name, "sock");
	CHECK_S(s->caches[28].info.name, "size-32");
	cs = snap_cache(s, "sock");
	CHECK_U(cs->nslabs, 25);
	sl = malloc(sizeof(*sl) * (size_t)cs->nslabs);
	memcpy(sl, cs->slabs, sizeof(*sl) * (size_t)cs->nslabs);
	qsort(sl, (size_t)cs->nslabs, sizeof(*sl), cmp_slab); /* grown in address order */
	for (i = 0; i < cs->nslabs; i++) {
		CHECK_U(sl[i].colour_bytes, (unsigned)(i % 23) * 32);
		CHECK_U(sl[i].mgmt_offset, sl[i].colour_bytes);
		CHECK_U(sl[i].mgmt_size, 64);
		CHECK_U(sl[i].s_mem, sl[i].base + sl[i].colour_bytes + 64);
		CHECK_U(sl[i].pages, 2);
		CHECK_U(sl[i].nobjs, 7);
		CHECK_U(sl[i].list, 0);
		CHECK(sl[i].base >= 0xc1000000u && sl[i].base < 0xc9000000u);
	}
	free(sl);
	CHECK_U(cs->info.colour_next, 25 % 23);
	CHECK_S(cs->slabinfo, "sock                 175    175   1056   25   25    2 :    175     175    25    0    0");
	cs = snap_cache(s, "sock332");
	for (i = 0; i < cs->nslabs; i++) {
		CHECK_U(cs->slabs[i].colour_bytes, 0);
		CHECK_U(cs->slabs[i].mgmt_size, 96); /* L1_CACHE_ALIGN(24 + 12 * 4) */
	}
	skl_kernel_snap_free(s);
out:
	skl_kernel_free(k);
}

/* An allocation and a free write slab_t's inuse and free and nothing else
 * of it (kmem_cache_alloc_one_tail(), kmem_cache_free_one()): colouroff and
 * s_mem, written when the slab was made, keep whatever is there. With
 * CONFIG_DEBUG_SLAB (the full paths) and without (the fast ones). */
static void slab_t_writes(int debug)
{
	skl_profile p = prof_i386();
	skl_kernel *k = boot(&p, debug, 0, 1, 0, NULL);
	skl_cache *c = mkcache(k, "slab_t_test", 200, 0);
	skl_kernel_snap *s;
	const skl_slab_snap *sl;
	skl_addr a, b, base = 0;
	skl_error e;
	uint8_t *m;
	a = skl_cache_alloc(c, 0, &e);
	s = skl_kernel_snapshot(k);
	sl = s ? &snap_cache(s, "slab_t_test")->slabs[0] : NULL;
	if (sl)
		base = sl->base + sl->mgmt_offset;
	skl_kernel_snap_free(s);
	m = base ? skl_kernel_bytes(k, base + 8, 8) : NULL;
	CHECK(a != 0 && m != NULL);
	if (!m) {
		skl_kernel_free(k);
		return;
	}
	memset(m, 0xee, 8); /* colouroff and s_mem scribbled over */
	b = skl_cache_alloc(c, 0, &e);
	CHECK(b != 0 && skl_cache_free(c, a, &e) == 0);
	CHECK_U(rd32(k, base + 8), 0xeeeeeeeeu);
	CHECK_U(rd32(k, base + 12), 0xeeeeeeeeu);
	CHECK_U(rd32(k, base + 16), 1); /* inuse: b */
	CHECK_U(rd32(k, base + 20), 0); /* free: a's slot heads the list again */
	skl_kernel_free(k);
}

static void test_snapshot(void)
{
	skl_profile p = prof_i386();
	skl_kernel *k = boot(&p, 1, 0, 1, 0, NULL);
	skl_cache *c = mkcache(k, "unix_sock", 388, SKL_SLAB_HWCACHE_ALIGN);
	skl_cache *oc;
	skl_kernel_snap *s;
	const skl_cache_snap *cs;
	const skl_slab_snap *sl;
	skl_addr a[4], base, start;
	skl_error e;
	const uint8_t *b;
	int i, idx;

	for (i = 0; i < 3; i++)
		a[i] = skl_cache_alloc(c, i == 0, &e);
	CHECK(skl_cache_free(c, a[1], &e) == 0);
	s = skl_kernel_snapshot(k);
	cs = snap_cache(s, "unix_sock");
	CHECK_U(cs->nslabs, 1);
	sl = &cs->slabs[0];
	base = sl->base;
	CHECK_U(sl->list, 1); /* partial */
	CHECK_U(sl->inuse, 2);
	CHECK_U(sl->nobjs, 10);
	CHECK_U(sl->state[0], SKL_OS_ALLOC);
	CHECK_U(sl->state[1], SKL_OS_FREE);
	CHECK_U(sl->state[2], SKL_OS_ALLOC);
	CHECK_U(sl->state[3], SKL_OS_FREE);
	for (i = 0; i < 10; i++)
		CHECK_U(sl->bad[i], 0);
	CHECK_U(sl->s_mem, base + 64);
	/* the caller's pointer is slot + 4 */
	CHECK_U(a[0], sl->s_mem + 4);
	CHECK_U(a[2], sl->s_mem + 2 * 396 + 4);
	/* red zones: RED_MAGIC2 around allocated objects, RED_MAGIC1 around free ones */
	CHECK_U(rd32(k, a[0] - 4), 0x170FC2A5u);
	CHECK_U(rd32(k, a[0] + 388), 0x170FC2A5u);
	CHECK_U(rd32(k, a[1] - 4), 0x5A2CF071u);
	CHECK_U(rd32(k, a[1] + 388), 0x5A2CF071u);
	/* poison inside a free object; zero = 1 zeroed the first one */
	b = skl_kernel_bytes(k, a[1], 388);
	CHECK(b && b[0] == 0x5a && b[200] == 0x5a && b[386] == 0x5a && b[387] == 0xa5);
	b = skl_kernel_bytes(k, a[0], 388);
	for (i = 0; b && i < 388; i++)
		if (b[i]) {
			fprintf(stderr, "zero = 1: byte %d of the object is %#x\n", i, b[i]);
			check_failures++;
			break;
		}
	/* the management area: slab_t then the bufctl array */
	CHECK_U(rd32(k, base + 8), 64);			  /* colouroff */
	CHECK_U(rd32(k, base + 12), sl->s_mem);		  /* s_mem */
	CHECK_U(rd32(k, base + 16), 2);			  /* inuse */
	CHECK_U(rd32(k, base + 20), 1);			  /* free: object 1 heads the list */
	CHECK_U(rd32(k, base + 24 + 4 * 1), 3);		  /* bufctl[1] -> 3 */
	CHECK_U(rd32(k, base + 24 + 4 * 9), 0xffffffffu); /* BUFCTL_END */
	/* list links: the only partial slab points at the cache's slabs_partial twice */
	CHECK(rd32(k, base) == rd32(k, base + 4) && rd32(k, base) != 0);
	CHECK_U(rd32(k, rd32(k, base)), base); /* slabs_partial.next = this slab_t */
	/* lookups */
	CHECK(skl_kernel_cache_of(k, a[2] + 100, &idx, &start) == c);
	CHECK_U(idx, 2);
	CHECK_U(start, a[2]);
	CHECK(skl_kernel_cache_of(k, base + 8, &idx, &start) == NULL); /* management area */
	CHECK(skl_kernel_cache_of(k, 0xc0000000u, &idx, &start) == NULL);
	oc = skl_kernel_find_cache(k, "kmem_cache");
	CHECK(oc != NULL);
	CHECK_S(skl_cache_type(c) == NULL ? "none" : "type", "none");
	CHECK(skl_cache_kernel(c) == k);
	skl_kernel_snap_free(s);
	skl_kernel_free(k);
	slab_t_writes(1);
	slab_t_writes(0);
}

/* ---- off-slab caches and kmalloc --------------------------------------------------- */

static void test_offslab_kmalloc(void)
{
	skl_profile p = prof_i386();
	skl_events *log = skl_events_new(0);
	skl_kernel *k = boot(&p, 1, 0, 1, 0, log);
	skl_kernel_snap *s;
	const skl_cache_snap *cs;
	skl_addr a, b;
	skl_error e;
	int i, found = 0;

	CHECK_S(cname(skl_kmalloc_cache(k, 0)), "size-32");
	CHECK_S(cname(skl_kmalloc_cache(k, 32)), "size-32");
	CHECK_S(cname(skl_kmalloc_cache(k, 33)), "size-64");
	CHECK_S(cname(skl_kmalloc_cache(k, 1000)), "size-1024");
	CHECK_S(cname(skl_kmalloc_cache(k, 131072)), "size-131072");
	CHECK(skl_kmalloc_cache(k, 131073) == NULL);
	CHECK(skl_kmalloc(k, 131073, &e) == 0);
	CHECK(strstr(e.msg, "kmalloc(131073)") != NULL);
	CHECK(skl_kfree(k, 0, &e) == 0);

	a = skl_kmalloc(k, 3000, &e); /* size-4096: off-slab, slab_t in size-32 */
	CHECK(a != 0);
	b = skl_kmalloc(k, 100, &e); /* size-128: red-zoned, 136 bytes */
	CHECK(b != 0);
	CHECK_U(rd32(k, b - 4), 0x170FC2A5u);
	s = skl_kernel_snapshot(k);
	cs = snap_cache(s, "size-4096");
	CHECK_U(cs->nslabs, 1);
	CHECK_U(cs->info.offslab, 1);
	CHECK_U(cs->slabs[0].mgmt_size, 0);
	CHECK_U(cs->slabs[0].s_mem, cs->slabs[0].base);
	CHECK_U(a, cs->slabs[0].base);
	cs = snap_cache(s, "size-32");
	CHECK_U(cs->info.active_objs, 1); /* the slab_t of the size-4096 slab */
	cs = snap_cache(s, "size-128");
	CHECK_U(cs->info.size, 136);
	skl_kernel_snap_free(s);
	for (i = 0; i < skl_events_count(log); i++) {
		const skl_event *ev = skl_events_at(log, i);
		if (ev->kind == SKL_EV_ALLOC && ev->text2 && !strcmp(ev->text, "size-32") &&
		    strstr(ev->text2, "slab_t of a size-4096 slab"))
			found = 1;
	}
	CHECK(found);
	CHECK(skl_kfree(k, a, &e) == 0);
	CHECK(skl_kfree(k, b, &e) == 0);
	/* shrinking size-4096 gives its slab_t back to size-32 */
	CHECK_U(skl_cache_shrink(skl_kernel_find_cache(k, "size-4096")), 1);
	CHECK_U(info_of(skl_kernel_find_cache(k, "size-32")).active_objs, 0);
	/* kfree() finds the cache through the page: an object of any cache */
	{
		skl_cache *c = mkcache(k, "udp_sock", 364, SKL_SLAB_HWCACHE_ALIGN);
		a = skl_cache_alloc(c, 0, &e);
		CHECK(skl_kfree(k, a, &e) == 0);
		CHECK_U(info_of(c).active_objs, 0);
	}
	skl_kernel_free(k);
	skl_events_free(log);
}

/* ---- shrink and reap ----------------------------------------------------------------- */

static void test_shrink_reap(void)
{
	skl_profile p = prof_i386();
	skl_kernel *k = boot(&p, 1, 0, 1, 0, NULL);
	skl_cache *a = mkcache(k, "a", 800, SKL_SLAB_HWCACHE_ALIGN);
	skl_cache *nr = mkcache(k, "noreap", 800, SKL_SLAB_HWCACHE_ALIGN | SKL_SLAB_NO_REAP);
	skl_addr o[40];
	skl_error e;
	skl_cache_info in;
	int i, n, calls;

	for (i = 0; i < 40; i++)
		o[i] = skl_cache_alloc(a, 0, &e);
	for (i = 0; i < 40; i++)
		skl_cache_free(a, o[i], &e);
	for (i = 0; i < 40; i++)
		o[i] = skl_cache_alloc(nr, 0, &e);
	for (i = 0; i < 40; i++)
		skl_cache_free(nr, o[i], &e);
	/* 8 free slabs each: 8 pages >= ... no: < REAP_PERFECT, the best in the window wins */
	for (calls = 0, n = 0; calls < 10 && !n; calls++)
		n = skl_kernel_reap(k);
	CHECK_U(n, 4);	   /* half of 8, from the tail of slabs_free */
	CHECK(calls >= 2); /* the first pass only clears DFLGS_GROWN */
	in = info_of(a);
	CHECK_U(in.reaped, 4);
	CHECK_U(in.num_slabs, 4);
	CHECK_U(info_of(nr).reaped, 0); /* SLAB_NO_REAP */
	/* shrink gives back every free slab and is not counted as reaped */
	CHECK_U(skl_cache_shrink(nr), 8);
	in = info_of(nr);
	CHECK_U(in.num_slabs, 0);
	CHECK_U(in.reaped, 0);
	CHECK_U(in.grown, 8);
	/* growing again continues the colour cycle: colour 1 for 800 */
	CHECK_U(info_of(a).colour_next, 0);
	/* a constructor scales the score by 4/5 */
	{
		skl_cache_opts co;
		skl_cache *ct;
		memset(&co, 0, sizeof(co));
		co.flags = SKL_SLAB_HWCACHE_ALIGN;
		co.ctor = 1;
		ct = skl_cache_create(k, "ctor", 800, &co, &e);
		CHECK(ct != NULL);
		CHECK(!(info_of(ct).flags & SKL_SLAB_POISON));
		for (i = 0; i < 15; i++)
			o[i] = skl_cache_alloc(ct, 0, &e);
		for (i = 0; i < 15; i++)
			skl_cache_free(ct, o[i], &e);
		for (calls = 0, n = 0; calls < 10 && !n; calls++)
			n = skl_kernel_reap(k);
		/* a has 4 free pages (score 4), ctor 3 ((3*4+1)/5 = 2): a wins */
		CHECK_U(info_of(a).reaped, 6);
		CHECK_U(info_of(ct).reaped, 0);
	}
	skl_kernel_free(k);
}

/* ---- kernel-style debug reports -------------------------------------------------------- */

static void dump_bugs(const skl_events *log, skl_buf *out, int from)
{
	int i;
	for (i = from; i < skl_events_count(log); i++) {
		const skl_event *ev = skl_events_at(log, i);
		if (ev->kind != SKL_EV_BUG)
			continue;
		skl_buf_printf(out, "[bug] cache=%s addr=%#llx\n%s\n\n", ev->text, (unsigned long long)ev->addr,
			       ev->text2 ? ev->text2 : "");
	}
}

static void test_debug(void)
{
	skl_profile p = prof_i386();
	skl_events *log = skl_events_new(0);
	skl_kernel *k = boot(&p, 1, 0, 1, 0, log);
	skl_cache *rz = mkcache(k, "rz_sock", 100, SKL_SLAB_HWCACHE_ALIGN);   /* 108, red-zoned */
	skl_cache *big = mkcache(k, "big_sock", 600, SKL_SLAB_HWCACHE_ALIGN); /* 608, not red-zoned */
	skl_cache_opts co;
	skl_kernel_snap *s;
	skl_error e;
	skl_buf out;
	skl_addr x, y, z, pg;
	char *before, *after;
	int n0;

	skl_buf_init(&out);
	n0 = skl_events_count(log);
	before = NULL;

#define EXPECT_BUG(call, first)                                                                                        \
	do {                                                                                                           \
		skl_error_clear(&e);                                                                                   \
		CHECK((call) < 0);                                                                                     \
		CHECK(strncmp(e.msg, first, strlen(first)) == 0);                                                      \
		if (strncmp(e.msg, first, strlen(first)))                                                              \
			fprintf(stderr, "  err: %s\n", e.msg);                                                         \
		skl_buf_printf(&out, "== %s\nerr: %s\n", #call, e.msg);                                                \
		dump_bugs(log, &out, n0);                                                                              \
		n0 = skl_events_count(log);                                                                            \
	} while (0)

	/* double free, red-zoned: the red zone already says RED_MAGIC1 */
	x = skl_cache_alloc(rz, 0, &e);
	y = skl_cache_alloc(rz, 0, &e);
	CHECK(skl_cache_free(rz, x, &e) == 0);
	before = slabinfo(k);
	EXPECT_BUG(skl_cache_free(rz, x, &e), "kernel BUG at slab.c:1423!");
	after = slabinfo(k);
	CHECK_S(after, before); /* nothing changed */
	skl_free(after);
	skl_free(before);
	/* double free without red zones: kmem_extra_free_checks() finds it on the free list */
	z = skl_cache_alloc(big, 0, &e);
	CHECK(skl_cache_free(big, z, &e) == 0);
	EXPECT_BUG(skl_cache_free(big, z, &e), "kernel BUG at slab.c:1207!");
	/* kmem_cache_free() on another cache's object */
	EXPECT_BUG(skl_cache_free(big, y, &e), "kernel BUG at slab.c:1566!");
	/* not a slab page, not RAM */
	pg = skl_pages_alloc(k, 0);
	CHECK(pg != 0);
	EXPECT_BUG(skl_cache_free(rz, pg + 16, &e), "kfree: bad ptr");
	EXPECT_BUG(skl_cache_free(rz, 0xc0001000u, &e), "kfree: out of range ptr c0001000h.");
	EXPECT_BUG(skl_kfree(k, pg + 16, &e), "kfree: bad ptr");
	skl_pages_free(k, pg, 0);
	/* a pointer into an object, and into the management area */
	z = skl_cache_alloc(big, 0, &e);
	EXPECT_BUG(skl_cache_free(big, z + 8, &e), "kernel BUG at slab.c:1202!");
	{
		int idx;
		skl_addr start;
		skl_kernel_cache_of(k, z, &idx, &start);
		EXPECT_BUG(skl_cache_free(big, z - (skl_addr)idx * 608 - 40, &e), "kernel BUG at slab.c:1200!");
	}
	CHECK(skl_cache_free(big, z, &e) == 0);
	/* overruns: the red zone after the object, and before it */
	wr8(k, y + 100, 0x00);
	EXPECT_BUG(skl_cache_free(rz, y, &e), "kernel BUG at slab.c:1427!");
	wr8(k, y + 100, 0xa5); /* restore RED_MAGIC2's first byte */
	CHECK(skl_cache_free(rz, y, &e) == 0);
	y = skl_cache_alloc(rz, 0, &e);
	wr8(k, y - 1, 0x41);
	EXPECT_BUG(skl_cache_free(rz, y, &e), "kernel BUG at slab.c:1423!");
	wr8(k, y - 1, 0x17);
	CHECK(skl_cache_free(rz, y, &e) == 0);
	/* use after free: the poison is damaged when the object is handed out again */
	x = skl_cache_alloc(rz, 0, &e);
	CHECK(skl_cache_free(rz, x, &e) == 0);
	memset(skl_kernel_bytes(k, x, 100), 0, 100);
	s = skl_kernel_snapshot(k);
	{
		const skl_cache_snap *cs = snap_cache(s, "rz_sock");
		int i, j, bad = 0;
		for (i = 0; i < cs->nslabs; i++)
			for (j = 0; j < (int)cs->slabs[i].nobjs; j++)
				bad += cs->slabs[i].bad[j];
		CHECK_U(bad, 1);
	}
	skl_kernel_snap_free(s);
	EXPECT_BUG(skl_cache_alloc(rz, 0, &e) ? 0 : -1, "kernel BUG at slab.c:1245!");
	CHECK_U(info_of(rz).active_objs, 1); /* the damaged object is lost, as in the kernel */
	/* a write before a free object: found when it is handed out */
	x = skl_cache_alloc(rz, 0, &e);
	y = skl_cache_alloc(rz, 0, &e);
	CHECK(skl_cache_free(rz, y, &e) == 0);
	wr8(k, y - 4, 0x00);
	EXPECT_BUG(skl_cache_alloc(rz, 0, &e) ? 0 : -1, "kernel BUG at slab.c:1250!");
	CHECK(skl_cache_free(rz, x, &e) == 0);
	/* a use after free found when the slab is destroyed (shrink) */
	z = skl_cache_alloc(big, 0, &e);
	x = skl_cache_alloc(big, 0, &e);
	CHECK(skl_cache_free(big, z, &e) == 0);
	CHECK(skl_cache_free(big, x, &e) == 0);
	wr8(k, x + 100, 0x00); /* 2.4 does not notice this one... */
	wr8(k, x + 607, 0x00); /* ...but does notice POISON_END gone */
	skl_buf_printf(&out, "== skl_cache_shrink(big_sock)\n");
	skl_cache_shrink(big);
	dump_bugs(log, &out, n0);
	n0 = skl_events_count(log);
	/* kmem_cache_create's BUG()s */
	memset(&co, 0, sizeof(co));
	EXPECT_BUG(skl_cache_create(k, "tcp_sock_name_too_long", 64, &co, &e) ? 0 : -1, "kernel BUG at slab.c:641!");
	co.flags = SKL_SLAB_TYPESAFE_BY_RCU;
	EXPECT_BUG(skl_cache_create(k, "rcu_sock", 64, &co, &e) ? 0 : -1, "kernel BUG at slab.c:672!");
	co.flags = 0;
	EXPECT_BUG(skl_cache_create(k, "rz_sock", 64, &co, &e) ? 0 : -1, "kernel BUG at slab.c:817!");
	/* destroying a cache with live objects */
	x = skl_cache_alloc(big, 0, &e);
	EXPECT_BUG(skl_cache_destroy(big, &e), "kmem_cache_destroy: Can't free all objects c1");
	CHECK(skl_kernel_cache_at(k, 1) == big); /* back at the head of the chain */
	CHECK(skl_cache_free(big, x, &e) == 0);
	CHECK(skl_cache_destroy(big, &e) == 0);
	CHECK(skl_kernel_find_cache(k, "big_sock") == NULL);
	CHECK(skl_cache_destroy(skl_kernel_find_cache(k, "kmem_cache"), &e) < 0);
	CHECK(skl_cache_destroy(skl_kernel_find_cache(k, "size-64"), &e) < 0);
	golden("debug-reports.txt", out.data);
	skl_buf_free(&out);
	skl_kernel_free(k);
	skl_events_free(log);

	/* without CONFIG_DEBUG_SLAB the kernel does not check; sklab still refuses */
	log = skl_events_new(0);
	k = boot(&p, 0, 0, 1, 0, log);
	rz = mkcache(k, "sock", 324, SKL_SLAB_HWCACHE_ALIGN);
	skl_buf_init(&out);
	n0 = skl_events_count(log);
	x = skl_cache_alloc(rz, 0, &e);
	CHECK(skl_cache_free(rz, x, &e) == 0);
	EXPECT_BUG(skl_cache_free(rz, x, &e), "kmem_cache_free(sock, 0xc1001060): double free");
	before = slabinfo(k);
	CHECK(strncmp(before, "slabinfo - version: 1.1\nkmem_cache ", 35) == 0);
	CHECK(strstr(before, "sock                   0     11    352    0    1    1\n") != NULL);
	skl_free(before);
	golden("nodebug-reports.txt", out.data);
	skl_buf_free(&out);
	skl_kernel_free(k);
	skl_events_free(log);
#undef EXPECT_BUG
}

/* ---- the event log --------------------------------------------------------------------- */

static void test_events(void)
{
	skl_profile p = prof_i386();
	skl_events *log = skl_events_new(0);
	skl_kernel *k = boot(&p, 1, 0, 1, 0, log);
	skl_cache *c;
	skl_addr o[12], m;
	skl_error e;
	skl_buf b;
	skl_sink s;
	int i;

	CHECK_U(skl_events_count(log), 0); /* boot is silent */
	c = mkcache(k, "udp_sock", 364, SKL_SLAB_HWCACHE_ALIGN);
	for (i = 0; i < 12; i++)
		o[i] = skl_cache_alloc(c, 1, &e);
	for (i = 0; i < 12; i++)
		skl_cache_free(c, o[i], &e);
	m = skl_kmalloc(k, 200, &e);
	skl_kfree(k, m, &e);
	skl_kernel_reap(k);
	skl_kernel_reap(k);
	CHECK(skl_cache_destroy(c, &e) == 0);
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_events_dump(log, &s);
	golden("events.txt", b.data);
	skl_buf_free(&b);
	skl_kernel_free(k);
	skl_events_free(log);
}

/* ---- SMP --------------------------------------------------------------------------------- */

static void test_smp(void)
{
	skl_profile p = prof_i386();
	skl_events *log = skl_events_new(0);
	skl_kernel *k;
	skl_cache *c;
	skl_cache_info in;
	skl_kernel_snap *s;
	skl_addr o[70];
	skl_error e;
	char *text;
	int i, cpu_objs = 0, n0;

	p.cpus = 2;
	k = boot(&p, 1, -1, 0, 0, log); /* -1: SMP because there are 2 CPUs */
	c = mkcache(k, "sock", 1056, SKL_SLAB_HWCACHE_ALIGN);
	in = info_of(c);
	CHECK_U(in.limit, 60);
	CHECK_U(in.batchcount, 30);
	in = info_of(skl_kernel_find_cache(k, "size-32"));
	CHECK_U(in.limit, 252);
	in = info_of(skl_kernel_find_cache(k, "size-8192"));
	CHECK_U(in.limit, 0);
	/* the first allocation misses; kmem_cache_alloc_batch() does not grow, so
	 * after kmem_cache_grow() it misses again and takes the new slab's 7
	 * objects into CPU 0's array (a batch stops when no slab has objects) */
	o[0] = skl_cache_alloc(c, 0, &e);
	in = info_of(c);
	CHECK_U(in.allocmiss, 2);
	CHECK_U(in.allocs, 7);
	CHECK_U(in.active_objs, 7); /* objects in per-CPU arrays count as active */
	CHECK_U(in.high, 7);
	CHECK_U(in.grown, 1);
	o[1] = skl_cache_alloc(c, 0, &e);
	CHECK_U(info_of(c).allochit, 1);
	CHECK(skl_cache_free(c, o[1], &e) == 0);
	CHECK_U(info_of(c).freehit, 1);
	s = skl_kernel_snapshot(k);
	{
		const skl_cache_snap *cs = snap_cache(s, "sock");
		int j;
		for (i = 0; i < cs->nslabs; i++)
			for (j = 0; j < (int)cs->slabs[i].nobjs; j++)
				cpu_objs += cs->slabs[i].state[j] == SKL_OS_CPU;
	}
	CHECK_U(cpu_objs, 6);
	skl_kernel_snap_free(s);
	/* CPU 1 has its own array */
	CHECK(skl_kernel_set_cpu(k, 2) < 0);
	CHECK(skl_kernel_set_cpu(k, 1) == 0);
	o[2] = skl_cache_alloc(c, 0, &e);
	CHECK_U(info_of(c).allocmiss, 4);
	CHECK_U(info_of(c).active_objs, 14);
	CHECK(skl_kernel_set_cpu(k, 0) == 0);
	/* a double free goes unnoticed into the array; the flush finds it */
	n0 = skl_events_count(log);
	CHECK(skl_cache_free(c, o[0], &e) == 0);
	CHECK(skl_cache_free(c, o[0], &e) == 0);
	CHECK(skl_cache_shrink(c) >= 0);
	{
		int bugs = 0;
		for (i = n0; i < skl_events_count(log); i++) {
			const skl_event *ev = skl_events_at(log, i);
			if (ev->kind == SKL_EV_BUG) {
				bugs++;
				CHECK(strstr(ev->text2, "kernel BUG at slab.c:1207!") != NULL);
			}
		}
		CHECK_U(bugs, 1);
	}
	/* tuning: what writing "sock 10 5" to /proc/slabinfo does */
	CHECK(skl_cache_tune(c, 10, 11, &e) < 0);
	CHECK(strstr(e.msg, "EINVAL") != NULL);
	CHECK(skl_cache_tune(c, 10, 0, &e) < 0);
	CHECK(skl_cache_tune(c, -1, 0, &e) < 0);
	CHECK(skl_cache_tune(c, 10, 5, &e) == 0);
	in = info_of(c);
	CHECK_U(in.limit, 10);
	CHECK_U(in.batchcount, 5);
	for (i = 0; i < 11; i++)
		o[i] = skl_cache_alloc(c, 0, &e);
	for (i = 0; i < 11; i++)
		CHECK(skl_cache_free(c, o[i], &e) == 0);
	in = info_of(c);
	CHECK_U(in.freemiss, 1);		 /* the 11th free flushed 5 */
	CHECK(skl_cache_tune(c, 0, 0, &e) == 0); /* no array: straight to the slabs */
	o[0] = skl_cache_alloc(c, 0, &e);
	CHECK(skl_cache_free(c, o[0], &e) == 0);
	CHECK_U(info_of(c).limit, 0);
	text = slabinfo(k);
	CHECK(strncmp(text, "slabinfo - version: 1.1 (statistics) (SMP)\n", 43) == 0);
	golden("smp.slabinfo", text);
	skl_free(text);
	skl_kernel_free(k);
	skl_events_free(log);

	/* a UP kernel cannot be tuned */
	p.cpus = 1;
	k = boot(&p, 1, 0, 1, 0, NULL);
	CHECK(skl_cache_tune(skl_kernel_find_cache(k, "size-32"), 10, 5, &e) < 0);
	skl_kernel_free(k);
}

/*
 * 2.4.16 mm/slab.c on a 4-way machine, one operation a row: each CPU's
 * cpucache_t array (tuned to limit 8, batchcount 4 as writing "smp 8 4"
 * to /proc/slabinfo does, kmem_tune_cpucache()), one slab of 59 objects.
 *   alloc: __kmem_cache_alloc() pops the current CPU's array (allochit);
 *     an empty one misses and kmem_cache_alloc_batch() moves batchcount
 *     objects in from the slabs, which does not grow: with no slab it
 *     returns NULL, kmem_cache_grow() runs and the second try misses too.
 *   free: __kmem_cache_free() pushes onto the array of the CPU that frees
 *     (cc_data() is smp_processor_id()'s), whichever CPU allocated; a full
 *     array gives the batchcount objects on its top back with free_block()
 *     (freemiss) and takes the object.
 *   drain: kmem_cache_shrink() -> drain_cpu_caches() empties every CPU's.
 * slabinfo's active_objs counts the objects parked in arrays: it is the
 * slabs' inuse, and an object in an array is in use for its slab.
 */
typedef struct smp_row {
	unsigned cpu;
	char op;	   /* 'a' alloc into slot, 'f' free slot, 'd' drain */
	int slot, want;	   /* want: the object index alloc must return, -1 any */
	unsigned avail[4]; /* each CPU's cc->avail after the row */
	unsigned in_use, active;
	unsigned long allochit, allocmiss, freehit, freemiss;
} smp_row;

static const smp_row smp_rows[] = {
    /* CPU 0: miss, no slab, grow, miss again; a batch of 0..3, the top (3) handed out */
    {0, 'a', 0, 3, {3, 0, 0, 0}, 1, 4, 0, 2, 0, 0},
    {0, 'a', 1, 2, {2, 0, 0, 0}, 2, 4, 1, 2, 0, 0},
    {0, 'a', 2, 1, {1, 0, 0, 0}, 3, 4, 2, 2, 0, 0},
    {0, 'a', 3, 0, {0, 0, 0, 0}, 4, 4, 3, 2, 0, 0},
    /* allocated on CPU 0, freed on CPU 1: into CPU 1's array, still active */
    {1, 'f', 0, -1, {0, 1, 0, 0}, 3, 4, 3, 2, 1, 0},
    /* CPU 0 does not see it: its empty array takes a new batch 4..7 */
    {0, 'a', 4, 7, {3, 1, 0, 0}, 4, 8, 3, 3, 1, 0},
    /* CPU 1 hands the same object (3) out again */
    {1, 'a', 5, 3, {3, 0, 0, 0}, 5, 8, 4, 3, 1, 0},
    {1, 'f', 1, -1, {3, 1, 0, 0}, 4, 8, 4, 3, 2, 0},
    {1, 'f', 2, -1, {3, 2, 0, 0}, 3, 8, 4, 3, 3, 0},
    {1, 'f', 3, -1, {3, 3, 0, 0}, 2, 8, 4, 3, 4, 0},
    {1, 'f', 4, -1, {3, 4, 0, 0}, 1, 8, 4, 3, 5, 0},
    {1, 'f', 5, -1, {3, 5, 0, 0}, 0, 8, 4, 3, 6, 0},
    /* CPU 2: a batch of 8..11 */
    {2, 'a', 6, 11, {3, 5, 3, 0}, 1, 12, 4, 4, 6, 0},
    {2, 'a', 7, 10, {3, 5, 2, 0}, 2, 12, 5, 4, 6, 0},
    {2, 'a', 8, 9, {3, 5, 1, 0}, 3, 12, 6, 4, 6, 0},
    {2, 'a', 9, 8, {3, 5, 0, 0}, 4, 12, 7, 4, 6, 0},
    /* CPU 1's array fills: [2 1 0 7 3 11 10 9] */
    {1, 'f', 6, -1, {3, 6, 0, 0}, 3, 12, 7, 4, 7, 0},
    {1, 'f', 7, -1, {3, 7, 0, 0}, 2, 12, 7, 4, 8, 0},
    {1, 'f', 8, -1, {3, 8, 0, 0}, 1, 12, 7, 4, 9, 0},
    /* full: free_block() gives the top four (3 11 10 9) back, 8 goes on */
    {1, 'f', 9, -1, {3, 5, 0, 0}, 0, 8, 7, 4, 9, 1},
    {1, 'a', 10, 8, {3, 4, 0, 0}, 1, 8, 8, 4, 9, 1},
    /* CPU 3's batch comes off the slab's free list, where free_block()
     * pushed 3, 11, 10, 9 in that order: 9 10 11 3, the top (3) handed out */
    {3, 'a', 11, 3, {3, 4, 0, 3}, 2, 12, 8, 5, 9, 1},
    /* drain_cpu_caches(): every array empties; only the two in use stay active */
    {0, 'd', 0, -1, {0, 0, 0, 0}, 2, 2, 8, 5, 9, 1},
};

static void test_smp_paths_on(int model)
{
	skl_cachesim_level lv[1] = {{"L1d", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4}};
	skl_cachesim_config cfg = {lv, 1, 200, 0, NULL};
	skl_cachesim *h = NULL;
	skl_profile p = prof_i386();
	skl_kernel *k;
	skl_cache *c;
	skl_addr slot[16];
	skl_error e;
	size_t r;
	unsigned cpu;
	p.cpus = 4;
	k = boot(&p, 0, 1, 0, 0, NULL);
	if (!k) {
		check_failures++;
		return;
	}
	/* with a cache model every operation takes the full path
	 * (cache_alloc(), cache_free()), without one the fast path */
	if (model && (!(h = skl_cachesim_new(&cfg, &e)) || skl_kernel_set_cachesim(k, h, NULL) < 0))
		check_failures++;
	c = mkcache(k, "smp", 64, 0);
	CHECK(c && skl_cache_tune(c, 8, 4, &e) == 0);
	if (!c)
		goto out;
	CHECK_U(info_of(c).objs_per_slab, 59);
	memset(slot, 0, sizeof(slot));
	for (r = 0; r < sizeof(smp_rows) / sizeof(smp_rows[0]); r++) {
		const smp_row *w = &smp_rows[r];
		skl_cache_info in;
		CHECK(skl_kernel_set_cpu(k, w->cpu) == 0);
		if (w->op == 'a') {
			int idx = -1;
			skl_addr start;
			slot[w->slot] = skl_cache_alloc(c, 0, &e);
			CHECK(slot[w->slot] != 0);
			if (w->want >= 0 && skl_kernel_cache_of(k, slot[w->slot], &idx, &start) != c)
				idx = -2;
			if (w->want >= 0 && idx != w->want) {
				fprintf(stderr, "model %d row %zu: alloc on CPU %u gave object %d, expected %d\n",
					model, r, w->cpu, idx, w->want);
				check_failures++;
			}
		} else if (w->op == 'f') {
			CHECK(skl_cache_free(c, slot[w->slot], &e) == 0);
		} else {
			CHECK(skl_cache_shrink(c) == 0); /* the slab holds objects in use */
		}
		for (cpu = 0; cpu < 4; cpu++) {
			skl_kernel_set_cpu(k, cpu);
			in = info_of(c);
			if (in.cpu_avail != w->avail[cpu] || in.limit != 8 || in.batchcount != 4) {
				fprintf(stderr,
					"row %zu: CPU %u's array holds %lu (limit %u, batchcount %u), expected %u\n", r,
					cpu, in.cpu_avail, in.limit, in.batchcount, w->avail[cpu]);
				check_failures++;
			}
		}
		/* the snapshot: a slab's inuse is the objects handed out, the
		 * parked ones are SKL_OS_CPU */
		{
			skl_kernel_snap *snap = skl_kernel_snapshot(k);
			const skl_cache_snap *cs = snap ? snap_cache(snap, "smp") : NULL;
			unsigned long inuse = 0, parked = 0, want_parked = 0;
			int si;
			unsigned oi;
			for (si = 0; cs && si < cs->nslabs; si++) {
				inuse += cs->slabs[si].inuse;
				for (oi = 0; oi < cs->slabs[si].nobjs; oi++)
					parked += cs->slabs[si].state[oi] == SKL_OS_CPU;
			}
			for (cpu = 0; cpu < 4; cpu++)
				want_parked += w->avail[cpu];
			if (!cs || inuse != w->in_use || parked != want_parked) {
				fprintf(stderr,
					"model %d row %zu: the snapshot has %lu in use, %lu parked; expected %u, %lu\n",
					model, r, inuse, parked, w->in_use, want_parked);
				check_failures++;
			}
			skl_kernel_snap_free(snap);
		}
		in = info_of(c);
		if (in.in_use != w->in_use || in.active_objs != w->active || in.allochit != w->allochit ||
		    in.allocmiss != w->allocmiss || in.freehit != w->freehit || in.freemiss != w->freemiss) {
			fprintf(stderr,
				"row %zu: in_use %lu active %lu hits %lu/%lu/%lu/%lu, expected %u %u %lu/%lu/%lu/%lu\n",
				r, in.in_use, in.active_objs, in.allochit, in.allocmiss, in.freehit, in.freemiss,
				w->in_use, w->active, w->allochit, w->allocmiss, w->freehit, w->freemiss);
			check_failures++;
		}
	}
out:
	skl_kernel_free(k);
	skl_cachesim_free(h);
}

static void test_smp_paths(void)
{
	test_smp_paths_on(0);
	test_smp_paths_on(1);
}

/*
 * /proc/slabinfo 1.1 on SMP (2.4.16 mm/slab.c proc_getdata()): " : limit
 * batchcount" after the counts, the current CPU's cpucache_t limit and the
 * cache's batchcount, as enable_cpucache() sets them from objsize (60 above
 * 1024, 124 above 256, else 252; none above PAGE_SIZE; batchcount limit /
 * 2), the same on every CPU and for 4 and 8 CPUs; the UP kernel has no
 * such columns.
 */
static void test_smp_slabinfo(void)
{
	static const struct {
		const char *cache;
		const char *cols; /* the line's tail from the SMP group */
	} rows[] = {
	    {"size-32", ":  252  126"},	  {"size-256", ":  252  126"},	 {"size-512", ":  124   62"},
	    {"size-1024", ":  124   62"}, {"size-2048", ":   60   30"},	 {"size-4096", ":   60   30"},
	    {"size-8192", ":    0    0"}, {"kmem_cache", ":  252  126"},
	};
	static const unsigned ncpus[] = {4, 8};
	size_t i, j;
	unsigned cpu;
	for (j = 0; j < sizeof(ncpus) / sizeof(ncpus[0]); j++) {
		skl_profile p = prof_i386();
		skl_kernel *k;
		char *text;
		p.cpus = ncpus[j];
		k = boot(&p, 0, -1, 0, 0, NULL);
		if (!k) {
			check_failures++;
			continue;
		}
		for (cpu = 0; cpu < ncpus[j]; cpu++) {
			skl_kernel_set_cpu(k, cpu);
			text = slabinfo(k);
			CHECK(strncmp(text, "slabinfo - version: 1.1 (SMP)\n", 30) == 0);
			for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
				char name[40];
				const char *l;
				snprintf(name, sizeof(name), "\n%s ", rows[i].cache);
				l = strstr(text, name);
				CHECK(l != NULL);
				if (l) {
					const char *nl = strchr(l + 1, '\n'), *col = strstr(l + 1, " : ");
					if (!col || !nl || col > nl ||
					    strncmp(col + 1, rows[i].cols, strlen(rows[i].cols)) ||
					    col + 1 + strlen(rows[i].cols) != nl) {
						fprintf(stderr, "%u CPUs, CPU %u: %s: %.*s\n", ncpus[j], cpu,
							rows[i].cache, nl ? (int)(nl - l - 1) : 80, l + 1);
						check_failures++;
					}
				}
			}
			skl_free(text);
		}
		skl_kernel_free(k);
	}
}

/* ---- out of memory --------------------------------------------------------------------- */

static void test_oom(void)
{
	skl_profile p = prof_i386();
	skl_events *log = skl_events_new(0);
	skl_kernel *k = boot(&p, 1, 0, 1, 64 * 4096, log); /* 64 pages */
	skl_cache *c = mkcache(k, "sock", 1056, SKL_SLAB_HWCACHE_ALIGN);
	skl_addr o[300], m;
	skl_error e;
	int n = 0, i, oom = 0, reaped = 0;

	CHECK_U(skl_kernel_ram_total(k), 64 * 4096);
	CHECK_U(skl_kernel_ram_used(k), 4096); /* cache_cache's slab */
	while (n < 300 && (o[n] = skl_cache_alloc(c, 0, &e)) != 0)
		n++;
	CHECK_U(n, 31 * 7); /* order-1 slabs in frames 2..63 */
	CHECK(strncmp(e.msg, "out of memory", 13) == 0);
	for (i = 0; i < skl_events_count(log); i++)
		oom += skl_events_at(log, i)->kind == SKL_EV_OOM;
	CHECK_U(oom, 1);
	CHECK_U(skl_kernel_ram_used(k), 63 * 4096);
	/* frame 1 is still free: a one-page slab fits */
	m = skl_kmalloc(k, 32, &e);
	CHECK(m != 0);
	CHECK_U(skl_kernel_ram_used(k), 64 * 4096);
	CHECK(skl_kmalloc(k, 200, &e) == 0);
	/* give the sockets back: the next page request reaps sock's free slabs */
	for (i = 0; i < n; i++)
		CHECK(skl_cache_free(c, o[i], &e) == 0);
	CHECK(skl_kmalloc(k, 200, &e) != 0);
	for (i = 0; i < skl_events_count(log); i++) {
		const skl_event *ev = skl_events_at(log, i);
		reaped += ev->kind == SKL_EV_SLAB_FREE && !strcmp(ev->text2, "reap");
	}
	CHECK_U(reaped, 16); /* half of 31, rounded up */
	CHECK_U(info_of(c).reaped, 16);
	skl_kernel_free(k);
	skl_events_free(log);

	/* too little RAM to boot */
	quiet = 1;
	k = boot(&p, 1, 0, 1, 4096 - 1, NULL);
	CHECK(k == NULL);
	quiet = 0;
}

/* ---- host allocation failure --------------------------------------------------------------- */

/* a little of everything; returns 0 when all of it worked */
static int failure_scenario(int smp)
{
	skl_profile p = prof_i386();
	skl_events *log = skl_events_new(0);
	skl_kernel *k;
	skl_cache *c;
	skl_kernel_snap *s;
	skl_addr o[20], m;
	skl_error e;
	char *text;
	int i, rc = 0;

	p.cpus = smp ? 2 : 1;
	k = boot(&p, 1, smp, 0, (uint64_t)1 << 20, log);
	if (!k) {
		skl_events_free(log);
		return -1;
	}
	c = skl_cache_create(k, "sock", 388, NULL, &e);
	if (!c)
		rc = -1;
	for (i = 0; c && i < 20; i++)
		if (!(o[i] = skl_cache_alloc(c, 1, &e)))
			rc = -1;
	for (i = 0; c && i < 20; i += 2)
		if (o[i] && skl_cache_free(c, o[i], &e) < 0)
			rc = -1;
	m = skl_kmalloc(k, 5000, &e);
	if (!m || skl_kfree(k, m, &e) < 0)
		rc = -1;
	s = skl_kernel_snapshot(k);
	if (!s)
		rc = -1;
	skl_kernel_snap_free(s);
	text = slabinfo(k);
	if (!text)
		rc = -1;
	skl_free(text);
	skl_kernel_reap(k);
	if (c)
		skl_cache_shrink(c);
	skl_kernel_free(k);
	skl_events_free(log);
	return rc;
}

static void test_alloc_failure(void)
{
	skl_fault f;
	int smp;
	quiet = 1;
	for (smp = 0; smp <= 1; smp++) {
		long n;
		for (n = 0; n < 100000; n++) {
			int rc;
			skl_fault_arm(&f, n, SKL_FAULT_FROM);
			rc = failure_scenario(smp);
			skl_fault_disarm();
			if (rc == 0 && f.calls < n) /* ran to the end without reaching the failure */
				break;
		}
		CHECK(n < 100000);
		CHECK(n > 50); /* the scenario makes many host allocations */
		if (getenv("SKLAB_TEST_VERBOSE"))
			fprintf(stderr, "allocfail smp=%d: %ld host allocations, each failed once\n", smp, n);
		CHECK(failure_scenario(smp) == 0);
	}
	quiet = 0;
}

/* ---- pages and addresses --------------------------------------------------------------------- */

static void test_pages(void)
{
	skl_profile p = prof_i386();
	skl_kernel *k = boot(&p, 0, 0, 1, 32 * 4096, NULL);
	skl_addr a, b, c, d;
	skl_error e;

	/* frame 0 holds cache_cache's first slab */
	a = skl_pages_alloc(k, 0);
	CHECK_U(a, 0xc1001000u);
	b = skl_pages_alloc(k, 1); /* first fit of an aligned pair */
	CHECK_U(b, 0xc1002000u);
	c = skl_pages_alloc(k, 0);
	CHECK_U(c, 0xc1004000u);
	skl_pages_free(k, a, 0);
	d = skl_pages_alloc(k, 0);
	CHECK_U(d, 0xc1001000u);
	CHECK(skl_pages_alloc(k, 5) == 0); /* 32 frames, some used */
	CHECK(skl_pages_alloc(k, 4) == 0xc1010000u);
	CHECK(skl_kernel_bytes(k, 0xc1000000u + 32 * 4096, 1) == NULL);
	CHECK(skl_kernel_bytes(k, 0xc1000000u + 32 * 4096 - 4, 4) != NULL);
	CHECK(skl_kernel_bytes(k, 0xc1000000u + 32 * 4096 - 4, 5) == NULL);
	CHECK(skl_kernel_is_slub(k) == 0);
	CHECK_S(skl_kernel_profile(k)->name, "linux-2.4.16-i386");
	skl_kernel_free(k);

	/* x86_64: the direct map at 0xffff888000000000, RAM from 4 GiB */
	p.abi = skl_abi_find("x86_64");
	p.cacheline = 64;
	snprintf(p.name, sizeof(p.name), "linux-2.4-x86_64");
	k = boot(&p, 1, 0, 1, 0, NULL);
	{
		skl_cache *s = mkcache(k, "sock", 1056, SKL_SLAB_HWCACHE_ALIGN);
		skl_cache_info in = info_of(skl_kernel_find_cache(k, "kmem_cache"));
		a = skl_cache_alloc(s, 0, &e);
		CHECK(a >> 32 == 0xffff8881u);
		CHECK_U(info_of(s).size, 1088);
		CHECK_U(in.size, 216); /* kmem_cache_t with 8-byte words and STATS */
		CHECK_U(info_of(skl_kernel_find_cache(k, "size-32")).size, 48); /* 32 + 2 x 8 red zone */
	}
	skl_kernel_free(k);

	/* bad profiles */
	quiet = 1;
	p = prof_i386();
	p.page_size = 3000;
	CHECK(boot(&p, 0, 0, 1, 0, NULL) == NULL);
	p = prof_i386();
	p.allocator = (skl_allocator)7; /* not an allocator: the machine refuses it */
	CHECK(boot(&p, 0, 0, 1, 0, NULL) == NULL);
	quiet = 0;
	/* profiles name their allocator once, when they are made: "slob" is
	 * refused there, in words */
	{
		skl_allocator al = SKL_ALLOC_SLUB;
		skl_error pe;
		skl_error_clear(&pe);
		CHECK(skl_allocator_parse("slab", &al, &pe) == 0 && al == SKL_ALLOC_SLAB);
		CHECK(skl_allocator_parse("slob", &al, &pe) == -1 && strstr(pe.msg, "'slob' is not modelled"));
		CHECK(skl_allocator_parse("SLUB", &al, &pe) == -1 && strstr(pe.msg, "'SLUB'"));
		p = prof_i386();
		CHECK(p.version.major == 2 && p.version.minor == 4 && p.version.patch == 16);
		CHECK(skl_profile_set_kernel(&p, "2.4.17-pre1", &pe) == 0 && p.version.patch == 17 &&
		      !strcmp(p.kernel, "2.4.17-pre1"));
		CHECK(skl_profile_set_kernel(&p, "two.four", &pe) == -1 && strstr(pe.msg, "not a release"));
	}
	/* i386 lowmem: RAM is capped at 880 MiB */
	p = prof_i386();
	k = boot(&p, 0, 0, 1, (uint64_t)2 << 30, NULL);
	CHECK_U(skl_kernel_ram_total(k), (uint64_t)880 << 20);
	skl_kernel_free(k);
}

/* ---- main ------------------------------------------------------------------------------------- */

/* ---- the fast paths against the full ones (tests/common/twin.h) ---------------------------- */

static void fastpath_run(int smp, int debug, size_t off_slab_size, uint64_t seed)
{
	static skl_profile pr;
	skl_twin_setup su;
	int i, fails;
	memset(&su, 0, sizeof(su));
	pr = prof_i386();
	pr.cpus = smp ? 2 : 1;
	su.ko.profile = &pr;
	su.ko.smp = smp;
	su.ko.debug_slab = debug;
	su.ko.ram_bytes = (uint64_t)16 << 20;
	/* small on-slab objects, a colour-rich size, and an off-slab one */
	su.sizes[0] = 24, su.sizes[1] = 200, su.sizes[2] = 700, su.sizes[3] = (unsigned)off_slab_size;
	for (i = 0; i < 4; i++) {
		su.opts[i].flags = i == 1 ? SKL_SLAB_HWCACHE_ALIGN : 0;
		su.opts[i].ctor = i == 2;
	}
	su.cpus = smp ? 2 : 1;
	su.steps = 20000;
	fails = skl_twin_run(&su, seed);
	if (fails) {
		fprintf(stderr, "fastpath (smp %d, debug %d): the fast and full paths differ\n", smp, debug);
		check_failures++;
	}
}

static void test_fastpath(void)
{
	skl_kernel_opts ko;
	static skl_profile pr;
	pr = prof_i386();
	memset(&ko, 0, sizeof(ko));
	ko.profile = &pr;
	ko.ram_bytes = (uint64_t)16 << 20;
	if (skl_twin_gate(&ko)) {
		fprintf(stderr, "fastpath: the fast paths' gate does not follow the cache model\n");
		check_failures++;
	}
	fastpath_run(0, 0, 3000, 0x9e3779b97f4a7c15ull);
	fastpath_run(0, 0, 1100, 0x243f6a8885a308d3ull);
	fastpath_run(1, 0, 3000, 0x13198a2e03707344ull);
	fastpath_run(0, 1, 3000, 0xa4093822299f31d0ull);
}

static const struct {
	const char *name;
	void (*fn)(void);
} tests[] = {
    {"seed", test_seed},	 {"geometry", test_geometry},	    {"colour", test_colour},
    {"snapshot", test_snapshot}, {"offslab", test_offslab_kmalloc}, {"reap", test_shrink_reap},
    {"debug", test_debug},	 {"events", test_events},	    {"smp", test_smp},
    {"oom", test_oom},		 {"allocfail", test_alloc_failure}, {"pages", test_pages},
    {"fastpath", test_fastpath}, {"smp_paths", test_smp_paths},	    {"smp_slabinfo", test_smp_slabinfo},
};

int main(int argc, char **argv)
{
	size_t i;
	int ran = 0;
	if (argc > 2)
		golden_dir = argv[2];
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		if (argc < 2 || !strcmp(argv[1], "all") || !strcmp(argv[1], tests[i].name)) {
			tests[i].fn();
			ran++;
		}
	}
	if (!ran) {
		fprintf(stderr, "usage: test_slab24 TEST [GOLDEN_DIR]\n");
		return 2;
	}
	if (check_failures)
		fprintf(stderr, "%d check%s failed\n", check_failures, check_failures == 1 ? "" : "s");
	return check_failures ? 1 : 0;
}
