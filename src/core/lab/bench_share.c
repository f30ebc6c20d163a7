/*
 * bench_share.c - false sharing, timed on this host and replayed through
 * the coherent N-CPU cache model. Two threads (opts.threads, up to 8),
 * each pinned to its own CPU, increment their own 8-byte member of one
 * block, many times each:
 *
 *   shared  the members are adjacent words of one 64-byte line, so every
 *           increment needs the line back from the CPU that wrote last;
 *   split   the members are 128 bytes apart: a line each, and a pair of
 *           lines each, since Intel's L2 spatial prefetcher completes the
 *           128-byte-aligned pair a missed line belongs to, so members 64
 *           bytes apart can still pull each other's line around;
 *   reader  one thread increments its member, the others only read
 *           theirs, in the same line.
 *
 * The host runs the variants interleaved sample by sample, so the host's
 * drift falls on all of them alike; the figure a lecturer shows is the
 * ratio of the shared and split medians. On a host with one usable CPU
 * nothing is timed and the result says why. The model takes the CPUs'
 * increments in turn, one at a time: the pattern the host's threads fall
 * into when the line ping-pongs, and deterministic.
 *
 * Threads and CPU affinity are host facts, so this file reads them
 * (sched_getaffinity, pthread_attr_setaffinity_np, and sysfs for SMT
 * siblings); the clock stays in bench.c's harness.
 */
#define _GNU_SOURCE
#include "bench_impl.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHARE_LINE 64	    /* the line the shared members sit in */
#define SHARE_STRIDE 128    /* split: a 128-byte pair of lines per member */
#define SHARE_MEMBER 8	    /* one uint64_t counter per thread */
#define SHARE_READ_BATCH 64 /* reader loads between looks at the writer's flag */
/* increments per thread in the shortest round the harness times: waking
 * the threads costs tens of microseconds on a busy host */
#define SHARE_MIN_ROUND 16384

_Static_assert(SKL_BENCH_MAX_THREADS *SHARE_MEMBER <= SHARE_LINE, "shared: every member in one line");

enum { V_SHARED = 0, V_SPLIT, V_READER, NVARIANTS };

static const char *const variant_names[NVARIANTS] = {"shared", "split", "reader"};

/* Where thread t's member lives in the block, in variant v. */
static uint64_t member_offset(int v, int t)
{
	return v == V_SPLIT ? (uint64_t)t * SHARE_STRIDE : (uint64_t)t * SHARE_MEMBER;
}

/* The bytes one variant spans: its first member to the end of its last. */
static uint64_t span_of(int v, int nthreads)
{
	return member_offset(v, nthreads - 1) + SHARE_MEMBER;
}

/* ======================================================================================
 * the host: pinned threads behind a barrier
 * ==================================================================================== */

typedef struct share_host share_host;

typedef struct share_worker {
	share_host *h;
	int index; /* 0 .. nthreads - 1; 0 is the writer of reader */
	int cpu;   /* the host CPU it is pinned to */
	pthread_t t;
} share_worker;

struct share_host {
	int nthreads;
	pthread_barrier_t start, done; /* nthreads workers + the timing thread */
	/* set by the timing thread before start; the barrier orders them */
	int quit, variant;
	uint64_t n;
	atomic_int writer_done;		      /* reader: the writer's n increments are over */
	unsigned char *raw;		      /* the block's allocation */
	unsigned char *block;		      /* SHARE_STRIDE-aligned, SKL_BENCH_MAX_THREADS * SHARE_STRIDE bytes */
	uint64_t sums[SKL_BENCH_MAX_THREADS]; /* what the readers read (kept, so the loads stay) */
	/* involuntary context switches of the workers, by variant: each
	 * worker adds its own after its rounds (under a barrier's order) */
	uint64_t preempted[SKL_BENCH_MAX_THREADS][NVARIANTS];
	share_worker w[SKL_BENCH_MAX_THREADS];
	int started; /* workers running */
	/* the gate the workers wait at until all are created (quit: some
	 * could not be, so all leave) */
	pthread_mutex_t gate_lock;
	pthread_cond_t gate_cond;
	int gate;
};

/* One thread's part of a round: n increments of its own member (the
 * writer), or reads of its own member until the writer is done. volatile
 * keeps every load and store; a relaxed atomic would too, but the
 * classroom's counter++ is a plain load and store. */
static void share_round(share_host *h, int idx)
{
	volatile uint64_t *mine = (volatile uint64_t *)(void *)(h->block + member_offset(h->variant, idx));
	uint64_t i, n = h->n;
	if (h->variant != V_READER || idx == 0) {
		for (i = 0; i < n; i++)
			*mine = *mine + 1;
		if (h->variant == V_READER)
			atomic_store_explicit(&h->writer_done, 1, memory_order_release);
		return;
	}
	{
		uint64_t sum = 0;
		int j;
		while (!atomic_load_explicit(&h->writer_done, memory_order_acquire))
			for (j = 0; j < SHARE_READ_BATCH; j++)
				sum += *mine;
		h->sums[idx] = sum;
	}
}

/* This thread's involuntary context switches so far (RUSAGE_THREAD). */
static uint64_t preemptions(void)
{
	struct rusage ru;
	if (getrusage(RUSAGE_THREAD, &ru) < 0)
		return 0;
	return (uint64_t)ru.ru_nivcsw;
}

static void *share_thread(void *arg)
{
	share_worker *w = arg;
	share_host *h = w->h;
	uint64_t before;
	int quit;
	pthread_mutex_lock(&h->gate_lock);
	while (!h->gate)
		pthread_cond_wait(&h->gate_cond, &h->gate_lock);
	quit = h->quit;
	pthread_mutex_unlock(&h->gate_lock);
	if (quit)
		return NULL;
	for (;;) {
		pthread_barrier_wait(&h->start);
		if (h->quit)
			break;
		before = preemptions();
		share_round(h, w->index);
		h->preempted[w->index][h->variant] += preemptions() - before;
		pthread_barrier_wait(&h->done);
	}
	return NULL;
}

/* What the harness times: one round of n increments per writer, every
 * thread started together. */
typedef struct share_run {
	share_host *h;
	int variant;
} share_run;

static void share_fn(void *vst, uint64_t n)
{
	share_run *r = vst;
	share_host *h = r->h;
	h->variant = r->variant;
	h->n = n;
	atomic_store_explicit(&h->writer_done, 0, memory_order_relaxed);
	pthread_barrier_wait(&h->start);
	pthread_barrier_wait(&h->done);
}

/* The CPUs this process may run on, in order; how many. */
static int usable_cpus(int *cpus, int max, char *why, size_t whysz)
{
	cpu_set_t set;
	int c, n = 0;
	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) < 0) {
		snprintf(why, whysz, "sched_getaffinity: %s", strerror(errno));
		return -1;
	}
	for (c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set)) {
			if (n < max)
				cpus[n] = c;
			n++;
		}
	return n;
}

/* 1 when the kernel lists CPU b among CPU a's SMT siblings (two threads
 * of one core share its L1 and L2, so their false sharing costs less);
 * 0 when not, or unknown. */
static int smt_siblings(int a, int b)
{
	char path[96], text[256];
	const char *p = text;
	FILE *fp;
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", a);
	fp = fopen(path, "r");
	if (!fp)
		return 0;
	if (!fgets(text, sizeof(text), fp))
		text[0] = '\0';
	fclose(fp);
	while (*p >= '0' && *p <= '9') { /* "0-1", "0,64", "3" */
		char *end;
		long lo = strtol(p, &end, 10), hi = lo;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		if (b >= lo && b <= hi)
			return 1;
		p = *end == ',' ? end + 1 : end;
	}
	return 0;
}

static void share_host_stop(share_host *h)
{
	int i;
	if (h->started) {
		h->quit = 1;
		pthread_barrier_wait(&h->start);
		for (i = 0; i < h->started; i++)
			pthread_join(h->w[i].t, NULL);
		h->started = 0;
	}
}

/* Starts nthreads workers pinned to cpus[0..nthreads). They wait at a
 * gate until every one is created, so a failed start lets the others go
 * without ever meeting the barriers. 0, or -1 with why set (nothing left
 * running). */
static int share_host_start(share_host *h, const int *cpus, int nthreads, char *why, size_t whysz)
{
	int i, e = 0;
	memset(h, 0, sizeof(*h));
	h->nthreads = nthreads;
	h->raw = skl_calloc(1, (size_t)SKL_BENCH_MAX_THREADS * SHARE_STRIDE + SHARE_STRIDE);
	if (!h->raw) {
		snprintf(why, whysz, "out of memory");
		return -1;
	}
	h->block = h->raw + (SHARE_STRIDE - (uintptr_t)h->raw % SHARE_STRIDE) % SHARE_STRIDE;
	if (pthread_barrier_init(&h->start, NULL, (unsigned)nthreads + 1) != 0) {
		snprintf(why, whysz, "pthread_barrier_init failed");
		goto out_raw;
	}
	if (pthread_barrier_init(&h->done, NULL, (unsigned)nthreads + 1) != 0) {
		snprintf(why, whysz, "pthread_barrier_init failed");
		goto out_start;
	}
	pthread_mutex_init(&h->gate_lock, NULL);
	pthread_cond_init(&h->gate_cond, NULL);
	for (i = 0; i < nthreads; i++) {
		pthread_attr_t attr;
		cpu_set_t set;
		share_worker *w = &h->w[i];
		w->h = h;
		w->index = i;
		w->cpu = cpus[i];
		CPU_ZERO(&set);
		CPU_SET(w->cpu, &set);
		pthread_attr_init(&attr);
		e = pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
		if (!e)
			e = pthread_create(&w->t, &attr, share_thread, w);
		pthread_attr_destroy(&attr);
		if (e) {
			snprintf(why, whysz, "cannot start a thread pinned to CPU %d: %s", w->cpu, strerror(e));
			break;
		}
		h->started++;
	}
	pthread_mutex_lock(&h->gate_lock);
	h->quit = e != 0;
	h->gate = 1;
	pthread_cond_broadcast(&h->gate_cond);
	pthread_mutex_unlock(&h->gate_lock);
	if (!e)
		return 0;
	for (i = 0; i < h->started; i++)
		pthread_join(h->w[i].t, NULL);
	h->started = 0;
	pthread_cond_destroy(&h->gate_cond);
	pthread_mutex_destroy(&h->gate_lock);
	pthread_barrier_destroy(&h->done);
out_start:
	pthread_barrier_destroy(&h->start);
out_raw:
	skl_free(h->raw);
	h->raw = NULL;
	return -1;
}

static void share_host_free(share_host *h)
{
	share_host_stop(h);
	pthread_cond_destroy(&h->gate_cond);
	pthread_mutex_destroy(&h->gate_lock);
	pthread_barrier_destroy(&h->start);
	pthread_barrier_destroy(&h->done);
	skl_free(h->raw);
	h->raw = NULL;
}

/* Times the variants on this host, or says in r->host why not. */
static void share_time(const skl_bench_opts *o, int nthreads, skl_bench_result *r, skl_bench_variant *const *v)
{
	int cpus[SKL_BENCH_MAX_THREADS], n, i, used;
	uint64_t total = 0;
	char why[192] = "", list[96] = "";
	size_t len = 0;
	share_host h;
	share_run runs[NVARIANTS];
	void *sts[NVARIANTS];

	n = usable_cpus(cpus, SKL_BENCH_MAX_THREADS, why, sizeof(why));
	if (n < 2) {
		if (n == 1)
			snprintf(
			    r->host, sizeof(r->host),
			    "this host: one usable CPU (CPU %d): false sharing needs two CPUs, so nothing was timed",
			    cpus[0]);
		else
			snprintf(r->host, sizeof(r->host), "this host: %s: nothing was timed", why);
		for (i = 0; i < NVARIANTS; i++) {
			int c;
			for (c = 0; c < SKL_BENCH_NCOUNTERS; c++)
				snprintf(v[i]->counters[c].why, sizeof(v[i]->counters[c].why), "%s",
					 n == 1 ? "not timed (one usable CPU)" : "not timed");
		}
		return;
	}
	used = nthreads < n ? nthreads : n;
	for (i = 0; i < used; i++)
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%d",
					i ? (i + 1 < used ? ", " : " and ") : "", cpus[i]);
	if (share_host_start(&h, cpus, used, why, sizeof(why)) < 0) {
		snprintf(r->host, sizeof(r->host), "this host: %s: nothing was timed", why);
		return;
	}
	for (i = 0; i < NVARIANTS; i++) {
		runs[i].h = &h;
		runs[i].variant = i;
		sts[i] = &runs[i];
	}
	skl__bench_time_interleaved(o, NVARIANTS, share_fn, sts, v, SHARE_MIN_ROUND,
				    "not measured: the timed work runs on other threads");
	share_host_stop(&h);
	for (i = 0; i < NVARIANTS; i++) {
		uint64_t pre = 0;
		int t;
		size_t at = strlen(v[i]->note);
		for (t = 0; t < used; t++)
			pre += h.preempted[t][i];
		total += pre;
		snprintf(v[i]->note + at, sizeof(v[i]->note) - at, " (host: %d threads, preempted %llu time%s)", used,
			 (unsigned long long)pre, pre == 1 ? "" : "s");
	}
	share_host_free(&h);
	len =
	    (size_t)snprintf(r->host, sizeof(r->host), "this host: %d usable CPUs; %d threads pinned to CPUs %s%s%s", n,
			     used, list, used < nthreads ? " (fewer threads than asked: one per usable CPU)" : "",
			     smt_siblings(cpus[0], cpus[1]) ? "; CPUs of one core (SMT siblings share L1 and L2)" : "");
	if (total && len < sizeof(r->host))
		snprintf(r->host + len, sizeof(r->host) - len,
			 "; the threads were preempted %llu time%s (a busy host: time apart is time not sharing)",
			 (unsigned long long)total, total == 1 ? "" : "s");
	if (v[V_SHARED]->timed && v[V_SPLIT]->timed && v[V_SPLIT]->median_ns > 0)
		r->ratio_value = v[V_SHARED]->median_ns / v[V_SPLIT]->median_ns;
}

/* ======================================================================================
 * the model: the CPUs' increments in turn
 * ==================================================================================== */

/* The model's rounds after its warm-up: steady state, the same in quick
 * and full runs (the figures are per increment and exact). */
#define SHARE_MODEL_WARM 8
#define SHARE_MODEL_OPS 1024

/* One operation, one writer's increment, as the host's threads do it (a
 * load and a store of the member). shared and split: CPU i % nthreads
 * increments; reader: CPU 0 increments, then every other CPU loads its
 * own member of the line once. */
static void share_model_op(skl__bmodel *m, int var, int nthreads, skl_addr base, uint64_t i)
{
	unsigned cpu = var == V_READER ? 0 : (unsigned)(i % (uint64_t)nthreads);
	skl_addr a = base + member_offset(var, (int)cpu);
	int t;
	skl__bmodel_access_cpu(m, cpu, a, SHARE_MEMBER, SKL_CACHESIM_READ);
	skl__bmodel_access_cpu(m, cpu, a, SHARE_MEMBER, SKL_CACHESIM_WRITE);
	if (var == V_READER)
		for (t = 1; t < nthreads; t++)
			skl__bmodel_access_cpu(m, (unsigned)t, base + member_offset(var, t), SHARE_MEMBER,
					       SKL_CACHESIM_READ);
	skl__bmodel_op_end(m);
}

static int share_model(const skl_bench_opts *o, int var, int nthreads, skl_addr base, skl_bench_variant *v,
		       skl_error *err)
{
	skl__bmodel m;
	uint64_t warm = (uint64_t)SHARE_MODEL_WARM * (uint64_t)nthreads, i;
	if (skl__bmodel_init_smp(&m, o, (unsigned)nthreads, &v->model, err) < 0)
		return -1;
	for (i = 0; i < warm + SHARE_MODEL_OPS; i++) {
		if (i == warm)
			skl__bmodel_start(&m);
		share_model_op(&m, var, nthreads, base, i);
	}
	skl__bmodel_finish(&m, SHARE_MODEL_OPS, &v->model);
	skl__bmodel_free(&m);
	if (m.failed)
		return skl_errorf(err, "false_sharing: the cache model refused an access");
	return 0;
}

/* The block's simulated address: a kmalloc object of the profile's
 * machine, aligned to its size (the kmalloc caches of powers of two are),
 * so to SHARE_STRIDE. */
static int share_block(const skl_bench_opts *o, skl_addr *base, skl_error *err)
{
	skl_kernel *k = skl__bench_kernel(o->profile, 0, err);
	size_t bytes = (size_t)SKL_BENCH_MAX_THREADS * SHARE_STRIDE;
	if (!k)
		return -1;
	*base = skl_kmalloc(k, bytes, err);
	skl_kernel_free(k);
	if (!*base)
		return -1;
	if (*base % SHARE_STRIDE)
		return skl_errorf(err, "false_sharing: kmalloc(%zu) gave 0x%llx, not %d-byte aligned", bytes,
				  (unsigned long long)*base, SHARE_STRIDE);
	return 0;
}

/* ======================================================================================
 * the workload
 * ==================================================================================== */

static void describe(skl_bench_variant *v, int var, int nthreads)
{
	snprintf(v->name, sizeof(v->name), "%s", variant_names[var]);
	snprintf(v->unit, sizeof(v->unit), "increment");
	v->object_size = span_of(var, nthreads);
	snprintf(v->code_how, sizeof(v->code_how), "not measured for this workload");
	switch (var) {
	case V_SHARED:
		snprintf(v->what, sizeof(v->what), "%d threads increment adjacent 8-byte members of one 64-byte line",
			 nthreads);
		snprintf(v->note, sizeof(v->note),
			 "members 8 bytes apart in one line: each increment needs the line from the CPU that "
			 "wrote it last (a HITM) and invalidates that copy");
		break;
	case V_SPLIT:
		snprintf(v->what, sizeof(v->what), "%d threads increment members 128 bytes apart (a line pair each)",
			 nthreads);
		snprintf(v->note, sizeof(v->note),
			 "members 128 bytes apart, not 64: Intel's L2 spatial prefetcher completes the "
			 "128-byte-aligned pair of lines a miss belongs to; each CPU keeps its line Modified");
		break;
	default:
		snprintf(v->what, sizeof(v->what),
			 "1 thread increments its member while %d read%s another member of the same line", nthreads - 1,
			 nthreads - 1 > 1 ? "" : "s");
		snprintf(v->note, sizeof(v->note),
			 "the writer's member at 0, readers' from 8: a read after a store takes the line from the "
			 "writer's Modified copy; the writer's next store invalidates the readers' copies");
		break;
	}
}

int skl__bench_false_sharing(const skl_bench_opts *o, skl_bench_result *r, skl_error *err)
{
	int nthreads = o->threads ? o->threads : 2, i;
	skl_bench_variant *v[NVARIANTS];
	skl_addr base;

	if (nthreads < 2 || nthreads > SKL_BENCH_MAX_THREADS)
		return skl_errorf(err, "false_sharing: threads must be 2 to %d, not %d", SKL_BENCH_MAX_THREADS,
				  nthreads);
	for (i = 0; i < NVARIANTS; i++) {
		v[i] = skl__bench_add(r);
		if (!v[i])
			return skl_errorf(err, "out of memory");
	}
	/* skl__bench_add may move the array: take the pointers once it is whole */
	if (share_block(o, &base, err) < 0)
		return -1;
	for (i = 0; i < NVARIANTS; i++) {
		v[i] = &r->variants[i];
		describe(v[i], i, nthreads);
		if (share_model(o, i, nthreads, base, v[i], err) < 0)
			return -1;
	}
	snprintf(r->ratio_name, sizeof(r->ratio_name), "shared/split");
	if (!o->model_only)
		share_time(o, nthreads, r, v);
	snprintf(r->notes, sizeof(r->notes),
		 "One operation is one increment by one thread. Host: the threads run at once, each pinned to its "
		 "own CPU, started together behind a barrier; ns per increment as each thread sees it, the "
		 "variants timed in turn sample by sample. shared/split is the ratio of the host's medians. "
		 "Model: %d CPUs' increments taken in turn (a load and a store each), the worst case the host's "
		 "threads fall into when the line ping-pongs.",
		 nthreads);
	return 0;
}
