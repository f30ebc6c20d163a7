/*
 * twin.h - an allocator's fast paths against its full ones. Three machines
 * of the same build take the same random operations: allocations, frees
 * (good ones, double frees, wrong caches, pointers into an object), writes
 * into slab memory near live objects, shrinks, CPU changes and kmalloc.
 * The first has no event log, so kmem_cache_alloc/free take their fast
 * paths straight from the entry points whenever they can; the second has
 * a log, so they take them from the logging entry points; the third has a
 * cache model attached, which keeps every operation on the full path.
 * Every result and error message, every event but the model's accesses
 * (of the two with a log), every slab's objects and every byte of every
 * slab must come out the same. Header-only: each test is one file.
 */
#ifndef SKLAB_TEST_TWIN_H
#define SKLAB_TEST_TWIN_H

#include "sklab/cachesim.h"
#include "sklab/kernel.h"
#include "sklab/common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct skl_twin {
	skl_kernel *k;
	skl_events *log;
	skl_cache *cs[4];
	skl_cachesim *h;
} skl_twin;

/* what the two machines are and what they hold */
typedef struct skl_twin_setup {
	skl_kernel_opts ko; /* the build (log is set per machine) */
	unsigned sizes[4];  /* four caches */
	skl_cache_opts opts[4];
	unsigned cpus; /* CPUs to move between */
	int steps;
} skl_twin_setup;

static uint64_t skl_twin_rng;

static unsigned skl_twin_rnd(unsigned n)
{
	skl_twin_rng ^= skl_twin_rng << 13;
	skl_twin_rng ^= skl_twin_rng >> 7;
	skl_twin_rng ^= skl_twin_rng << 17;
	return n ? (unsigned)(skl_twin_rng % n) : 0;
}

enum { SKL_TWIN_QUIET, SKL_TWIN_LOGGED, SKL_TWIN_MODEL, SKL_TWIN_N }; /* the machines */

static int skl_twin_new(skl_twin *t, const skl_twin_setup *su, int which)
{
	skl_cachesim_level lv[1] = {{"L1d", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4}};
	skl_cachesim_config cfg = {lv, 1, 200, 0, NULL};
	skl_kernel_opts ko = su->ko;
	skl_error err;
	int i;
	memset(t, 0, sizeof(*t));
	t->log = which == SKL_TWIN_QUIET ? NULL : skl_events_new(0);
	ko.log = t->log;
	if ((which != SKL_TWIN_QUIET && !t->log) || !(t->k = skl_kernel_new(&ko, &err))) {
		printf("twin: %s\n", which == SKL_TWIN_QUIET || t->log ? err.msg : "out of memory");
		return -1;
	}
	for (i = 0; i < 4; i++) {
		char name[16];
		snprintf(name, sizeof(name), "twin%d", i);
		if (!(t->cs[i] = skl_cache_create(t->k, name, su->sizes[i], &su->opts[i], &err))) {
			printf("twin: %s\n", err.msg);
			return -1;
		}
	}
	if (which == SKL_TWIN_MODEL &&
	    (!(t->h = skl_cachesim_new(&cfg, &err)) || skl_kernel_set_cachesim(t->k, t->h, NULL) < 0)) {
		printf("twin: cannot attach a cache model\n");
		return -1;
	}
	return 0;
}

static void skl_twin_free(skl_twin *t)
{
	skl_kernel_free(t->k);
	skl_cachesim_free(t->h);
	if (t->log)
		skl_events_free(t->log);
}

/* the log without the cache model's accesses, one line per event */
static void skl_twin_events(const skl_twin *t, skl_buf *b)
{
	int e;
	for (e = 0; e < skl_events_count(t->log); e++) {
		const skl_event *ev = skl_events_at(t->log, e);
		char line[200];
		if (ev->kind == SKL_EV_ACCESS)
			continue;
		snprintf(line, sizeof(line), "%d %s %llx %llu %.120s\n", (int)ev->kind, ev->text ? ev->text : "",
			 (unsigned long long)ev->addr, (unsigned long long)ev->size, ev->text2 ? ev->text2 : "");
		skl_buf_append(b, line, strlen(line));
	}
}

static int skl_twin_same(const skl_twin *a, const skl_twin *b, int step)
{
	skl_kernel_snap *sa = skl_kernel_snapshot(a->k), *sb = skl_kernel_snapshot(b->k);
	skl_buf ta, tb;
	int x, y, same = sa && sb && sa->ncaches == sb->ncaches;
	for (x = 0; same && x < sa->ncaches; x++) {
		const skl_cache_snap *ca = &sa->caches[x], *cb = &sb->caches[x];
		same = ca->nslabs == cb->nslabs && !strcmp(ca->slabinfo, cb->slabinfo);
		for (y = 0; same && y < ca->nslabs; y++) {
			const skl_slab_snap *p = &ca->slabs[y], *q = &cb->slabs[y];
			size_t len = (size_t)p->pages * sa->page_size;
			const uint8_t *ba = skl_kernel_bytes(a->k, p->base, len),
				      *bb = skl_kernel_bytes(b->k, q->base, len);
			same = p->base == q->base && p->nobjs == q->nobjs && p->inuse == q->inuse &&
			       p->list == q->list && !memcmp(p->state, q->state, p->nobjs) &&
			       !memcmp(p->bad, q->bad, p->nobjs) && (ba && bb ? !memcmp(ba, bb, len) : ba == bb);
		}
		if (!same)
			printf("step %d: cache %s differs (%s | %s)\n", step, ca->info.name, ca->slabinfo,
			       cb->slabinfo);
	}
	skl_kernel_snap_free(sa);
	skl_kernel_snap_free(sb);
	if (!a->log || !b->log)
		return same;
	skl_buf_init(&ta);
	skl_buf_init(&tb);
	skl_twin_events(a, &ta);
	skl_twin_events(b, &tb);
	if (ta.len != tb.len || (ta.len && memcmp(ta.data, tb.data, ta.len))) {
		printf("step %d: the event logs differ\n", step);
		same = 0;
	}
	skl_buf_free(&ta);
	skl_buf_free(&tb);
	return same;
}

/* The number of differences found (0: the same throughout). */
static int skl_twin_run(const skl_twin_setup *su, uint64_t seed)
{
	skl_twin t[SKL_TWIN_N];
	skl_addr live[4][256];
	int nlive[4] = {0, 0, 0, 0}, step, fails = 0, w;
	skl_twin_rng = seed | 1;
	memset(t, 0, sizeof(t));
	for (w = 0; w < SKL_TWIN_N; w++)
		if (skl_twin_new(&t[w], su, w) < 0) {
			fails = 1;
			goto out;
		}
	for (step = 0; step < su->steps && !fails; step++) {
		int c = (int)skl_twin_rnd(4), op = (int)skl_twin_rnd(100);
		skl_addr got[SKL_TWIN_N] = {0, 0, 0};
		int rc[SKL_TWIN_N] = {0, 0, 0};
		char msg[SKL_TWIN_N][sizeof(((skl_error *)0)->msg)];
		msg[0][0] = msg[1][0] = msg[2][0] = 0;
		if (op < 45 && nlive[c] < 256) {
			for (w = 0; w < SKL_TWIN_N; w++) {
				skl_error err;
				err.msg[0] = 0;
				got[w] = skl_cache_alloc(t[w].cs[c], 0, &err);
				snprintf(msg[w], sizeof(msg[w]), "%s", got[w] ? "" : err.msg);
			}
			if (got[0])
				live[c][nlive[c]++] = got[0];
		} else if (op < 80 && nlive[c] > 0) {
			/* mostly good frees; now and then the wrong cache, a
			 * pointer into the object, or a double free (the object
			 * stays in the table) */
			int j = (int)skl_twin_rnd((unsigned)nlive[c]), how = (int)skl_twin_rnd(20);
			int ci = how == 0 ? (c + 1) % 4 : c;
			skl_addr a = live[c][j] + (how == 1 ? 1 + skl_twin_rnd(16) : 0);
			for (w = 0; w < SKL_TWIN_N; w++) {
				skl_error err;
				err.msg[0] = 0;
				rc[w] = skl_cache_free(t[w].cs[ci], a, &err);
				snprintf(msg[w], sizeof(msg[w]), "%s", rc[w] == 0 ? "" : err.msg);
			}
			if (rc[0] == 0 && how != 2)
				live[c][j] = live[c][--nlive[c]];
		} else if (op < 90 && nlive[c] > 0) {
			/* scribble near a live object: over its end, into a free
			 * neighbour's free pointer, into slab_t */
			skl_addr a = live[c][skl_twin_rnd((unsigned)nlive[c])] + skl_twin_rnd(600);
			unsigned v = skl_twin_rnd(256), n = 1 + skl_twin_rnd(8);
			for (w = 0; w < SKL_TWIN_N; w++) {
				uint8_t *b = skl_kernel_bytes(t[w].k, a, 8);
				if (b)
					memset(b, (int)v, n);
			}
		} else if (op < 93) {
			for (w = 0; w < SKL_TWIN_N; w++)
				rc[w] = skl_cache_shrink(t[w].cs[c]);
		} else if (op < 97) {
			unsigned cpu = skl_twin_rnd(su->cpus ? su->cpus : 1);
			for (w = 0; w < SKL_TWIN_N; w++)
				skl_kernel_set_cpu(t[w].k, cpu);
		} else {
			size_t n = 1 + skl_twin_rnd(5000);
			for (w = 0; w < SKL_TWIN_N; w++) {
				skl_error err;
				got[w] = skl_kmalloc(t[w].k, n, &err);
			}
		}
		for (w = 0; w < SKL_TWIN_MODEL; w++)
			if (got[w] != got[SKL_TWIN_MODEL] || rc[w] != rc[SKL_TWIN_MODEL] ||
			    strcmp(msg[w], msg[SKL_TWIN_MODEL])) {
				printf("step %d (op %d, cache %d): fast path (%s) %llx %d \"%s\", full path %llx %d "
				       "\"%s\"\n",
				       step, op, c, w == SKL_TWIN_QUIET ? "no log" : "logged",
				       (unsigned long long)got[w], rc[w], msg[w],
				       (unsigned long long)got[SKL_TWIN_MODEL], rc[SKL_TWIN_MODEL],
				       msg[SKL_TWIN_MODEL]);
				fails++;
			}
		if (step % 1000 == 999)
			for (w = 0; w < SKL_TWIN_MODEL; w++)
				fails += !skl_twin_same(&t[w], &t[SKL_TWIN_MODEL], step);
	}
	for (w = 0; !fails && w < SKL_TWIN_MODEL; w++)
		fails += !skl_twin_same(&t[w], &t[SKL_TWIN_MODEL], step);
out:
	for (w = 0; w < SKL_TWIN_N; w++)
		if (t[w].k)
			skl_twin_free(&t[w]);
	return fails;
}

/* the references a cache model has seen at its first level */
static uint64_t skl_twin_model_refs(skl_cachesim *h)
{
	struct skl_cachesim_stats st;
	if (skl_cachesim_stats(h, 0, &st) < 0)
		return 0;
	return st.refs[SKL_CACHESIM_READ] + st.refs[SKL_CACHESIM_WRITE];
}

/* 100 alloc+free pairs; 0 when every one worked */
static int skl_twin_pairs(skl_cache *c)
{
	skl_error err;
	int i;
	for (i = 0; i < 100; i++) {
		skl_addr a = skl_cache_alloc(c, 0, &err);
		if (!a || skl_cache_free(c, a, &err) < 0)
			return -1;
	}
	return 0;
}

/*
 * The gate of the fast paths. A machine of build ko without an event log
 * takes them straight from the entry points; a cache model attached later
 * must see every operation again, exactly as one attached before the
 * caches were made sees it (the fast paths touch no model, or not all it
 * should see), for the caches made before it came and while it is there;
 * and detaching it must give the fast paths back (nothing reaches it
 * then). The twins above rely on it: their model machine attaches its
 * model after its caches are made. The number of failed checks, each
 * printed.
 */
static int skl_twin_gate(const skl_kernel_opts *ko)
{
	skl_cachesim_level lv[1] = {{"L1d", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4}};
	skl_cachesim_config cfg = {lv, 1, 200, 0, NULL};
	skl_kernel_opts o = *ko;
	skl_cachesim *h[2] = {NULL, NULL};
	skl_kernel *k[2] = {NULL, NULL};
	skl_cache *a[2] = {NULL, NULL}, *b[2] = {NULL, NULL};
	skl_error err;
	int fails = 0, step, m;
	o.log = NULL;
	/* machine 0 attaches its model after making cache a, machine 1 before */
	for (m = 0; m < 2; m++) {
		if (!(h[m] = skl_cachesim_new(&cfg, NULL)) || !(k[m] = skl_kernel_new(&o, &err)) ||
		    (m == 1 && skl_kernel_set_cachesim(k[m], h[m], NULL) < 0) ||
		    !(a[m] = skl_cache_create(k[m], "gate_a", 200, NULL, &err)) || skl_twin_pairs(a[m]) < 0 ||
		    (m == 0 && skl_kernel_set_cachesim(k[m], h[m], NULL) < 0) ||
		    !(b[m] = skl_cache_create(k[m], "gate_b", 300, NULL, &err))) {
			printf("gate: cannot set the machines up\n");
			fails = 1;
			goto out;
		}
	}
	for (step = 0; step < 5; step++) {
		int attached = step != 2 && step != 3;
		uint64_t seen[2];
		for (m = 0; m < 2; m++) {
			uint64_t r0;
			if ((step == 2 && skl_kernel_set_cachesim(k[m], NULL, NULL) < 0) ||
			    (step == 4 && skl_kernel_set_cachesim(k[m], h[m], NULL) < 0))
				fails++;
			r0 = skl_twin_model_refs(h[m]);
			if (skl_twin_pairs(step == 1 || step == 4 ? b[m] : a[m]) < 0)
				fails++;
			seen[m] = skl_twin_model_refs(h[m]) - r0;
		}
		if (seen[0] != seen[1] || (seen[0] > 0) != attached) {
			printf("gate: step %d (model %s): it saw %llu references, %llu when attached from the start\n",
			       step, attached ? "attached" : "detached", (unsigned long long)seen[0],
			       (unsigned long long)seen[1]);
			fails++;
		}
	}
out:
	for (m = 0; m < 2; m++) {
		skl_kernel_free(k[m]);
		skl_cachesim_free(h[m]);
	}
	return fails;
}

#endif
