/*
 * bench.c - host timing: the workload registry, the timing harness
 * (CLOCK_MONOTONIC, warm-up, calibration, min/median/max; one variant at
 * a time or several interleaved sample by sample), hardware
 * counters through perf_event_open, and the cache-model replay every
 * workload feeds.
 *
 * The only place in core that reads a clock or the host's counters; the
 * model side never looks at either, so its figures are deterministic.
 * Counters that cannot be opened are reported n/a with the reason, never
 * as a failure.
 */
#define _GNU_SOURCE
#include "bench_impl.h"

#include <assert.h>
#include <math.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__linux__)
#include <sched.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#define HAVE_PERF 1
#else
#define HAVE_PERF 0
#endif

/* ---- the workloads ------------------------------------------------------------ */

typedef struct workload {
	const char *name;
	const char *title;
	const char *profile;
	int needs_types;
	int (*run)(const skl_bench_opts *o, skl_bench_result *r, skl_error *err);
	int nvariants; /* variants it times */
} workload;

static const workload workloads[] = {
    {"lat_connect",
     "socket setup and teardown as lat_connect drives it: sk_alloc from the object's cache, zeroing, identity, hash "
     "insert, lookup, unhash, free",
     "linux-2.4.16-i386", 1, skl__bench_lat_connect, 2},
    {"hash_lookup",
     "established-hash lookups walking chains over the identity, in one cache line or spread over six, from "
     "L1-resident tables to far beyond the last-level cache",
     "linux-2.4.16-i386", 1, skl__bench_hash_lookup, 2},
    {"skb_put_inline",
     "building a packet with skb_put/skb_push: static inline with BUG_ON, or out of line calling "
     "skb_over_panic/skb_under_panic",
     "linux-2.6.31-x86_64", 0, skl__bench_skb_put, 2},
    {"false_sharing",
     "pinned threads increment their own members of one cache line, of lines 128 bytes apart, or beside a reader: "
     "this host and the coherent N-CPU model",
     "linux-6.18-x86_64", 0, skl__bench_false_sharing, 3},
};

#define NWORKLOADS ((int)(sizeof(workloads) / sizeof(workloads[0])))

static const workload *find_workload(const char *name)
{
	int i;
	for (i = 0; name && i < NWORKLOADS; i++)
		if (!strcmp(workloads[i].name, name))
			return &workloads[i];
	return NULL;
}

int skl_bench_nworkloads(void)
{
	return NWORKLOADS;
}

const char *skl_bench_workload_name(int i)
{
	return i >= 0 && i < NWORKLOADS ? workloads[i].name : NULL;
}

const char *skl_bench_workload_title(const char *name)
{
	const workload *w = find_workload(name);
	return w ? w->title : NULL;
}

const char *skl_bench_workload_profile(const char *name)
{
	const workload *w = find_workload(name);
	return w ? w->profile : NULL;
}

int skl_bench_workload_needs_types(const char *name)
{
	const workload *w = find_workload(name);
	return w ? w->needs_types : 0;
}

int skl_bench_workload_variants(const char *name)
{
	const workload *w = find_workload(name);
	return w ? w->nvariants : 0;
}

const char *skl_bench_counter_name(int i)
{
	static const char *const names[SKL_BENCH_NCOUNTERS] = {"cycles", "instructions", "L1-dcache-load-misses",
							       "L1-icache-load-misses"};
	return i >= 0 && i < SKL_BENCH_NCOUNTERS ? names[i] : NULL;
}

/* ---- running a workload ---------------------------------------------------------- */

static void known_list(char *out, size_t outsz)
{
	int i;
	size_t n = 0;
	out[0] = '\0';
	for (i = 0; i < NWORKLOADS && n < outsz; i++)
		n += (size_t)snprintf(out + n, outsz - n, "%s%s", i ? ", " : "", workloads[i].name);
}

int skl_bench_run(const char *name, const skl_bench_opts *o, skl_bench_result **out, skl_error *err)
{
	const workload *w = find_workload(name);
	skl_bench_result *r;
	int i, c, any_ok = 0;

	*out = NULL;
	if (!w) {
		char known[256];
		known_list(known, sizeof(known));
		return skl_errorf(err, "unknown workload '%s' (known: %s)", name ? name : "(null)", known);
	}
	if (!o || !o->profile)
		return skl_errorf(err, "%s: no profile given", w->name);
	if (w->needs_types && !o->types)
		return skl_errorf(err, "%s: needs the linux-2.4.16 layout set", w->name);
	if (o->threads && (o->threads < 2 || o->threads > SKL_BENCH_MAX_THREADS))
		return skl_errorf(err, "%s: threads must be 2 to %d, not %d", w->name, SKL_BENCH_MAX_THREADS,
				  o->threads);
	r = skl_calloc(1, sizeof(*r));
	if (!r)
		return skl_errorf(err, "out of memory");
	snprintf(r->workload, sizeof(r->workload), "%s", w->name);
	snprintf(r->title, sizeof(r->title), "%s", w->title);
	snprintf(r->profile, sizeof(r->profile), "%s", o->profile->name);
	r->quick = o->quick;
	r->model_only = o->model_only;
	r->host_model = o->host_model;
	r->target_ms = o->target_ms > 0 ? o->target_ms : (o->quick ? 20 : 1000);
	if (w->run(o, r, err) < 0) {
		skl_bench_result_free(r);
		return -1;
	}
	for (i = 0; i < r->nvariants; i++) {
		skl_bench_variant *v = &r->variants[i];
		if (v->timed && v->model.ns > 0 && v->median_ns > 0)
			v->ratio = v->median_ns / v->model.ns;
		if (!v->timed && o->model_only)
			for (c = 0; c < SKL_BENCH_NCOUNTERS; c++)
				snprintf(v->counters[c].why, sizeof(v->counters[c].why), "not timed (model only)");
		for (c = 0; c < SKL_BENCH_NCOUNTERS; c++)
			any_ok |= v->counters[c].ok;
	}
	if (!any_ok && !o->model_only && r->nvariants > 0)
		snprintf(r->counters_why, sizeof(r->counters_why), "%s", r->variants[0].counters[0].why);
	*out = r;
	return 0;
}

void skl_bench_result_free(skl_bench_result *r)
{
	if (!r)
		return;
	skl_free(r->variants);
	skl_free(r);
}

const skl_bench_variant *skl_bench_result_variant(const skl_bench_result *r, const char *name)
{
	int i;
	for (i = 0; r && i < r->nvariants; i++)
		if (!strcmp(r->variants[i].name, name))
			return &r->variants[i];
	return NULL;
}

skl_bench_variant *skl__bench_add(skl_bench_result *r)
{
	skl_bench_variant *v = skl_realloc(r->variants, (size_t)(r->nvariants + 1) * sizeof(*v));
	if (!v)
		return NULL;
	r->variants = v;
	v = &r->variants[r->nvariants++];
	memset(v, 0, sizeof(*v));
	v->code_bytes = -1;
	return v;
}

skl_kernel *skl__bench_kernel(const skl_profile *p, uint64_t ram, skl_error *err)
{
	skl_kernel_opts ko;
	memset(&ko, 0, sizeof(ko));
	ko.profile = p;
	ko.ram_bytes = ram;
	ko.smp = -1;
	ko.host_hugepages = 1; /* the timings' TLB and colouring alike from run to run */
	return skl_kernel_new(&ko, err);
}

uint64_t skl__bench_rand(uint64_t *s)
{
	/* xorshift64* */
	uint64_t x = *s ? *s : 0x9e3779b97f4a7c15ull;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545f4914f6cdd1dull;
}

uint64_t skl__bench_quick_or(const skl_bench_opts *o, uint64_t quick, uint64_t full)
{
	return o->quick ? quick : full;
}

int skl__bench_member(const skl_layout *l, const char *path, uint64_t *off, uint64_t *size, skl_error *err)
{
	char head[128];
	const char *dot = strchr(path, '.');
	const skl_field *f;
	int i;
	if (!dot) {
		i = skl_layout_find(l, path);
		if (i < 0)
			return skl_errorf(err, "%s has no member '%s'", l->name, path);
		*off = l->fields[i].offset;
		*size = l->fields[i].size;
		return 0;
	}
	snprintf(head, sizeof(head), "%.*s", (int)(dot - path), path);
	i = skl_layout_find(l, head);
	if (i < 0)
		return skl_errorf(err, "%s has no member '%s'", l->name, head);
	f = &l->fields[i];
	{
		skl_layout *sub;
		uint64_t o2, s2;
		int rc;
		if (!f->type)
			return skl_errorf(err, "%s.%s has no type to descend into", l->name, head);
		sub = skl_layout_compute(f->type, l->abi, l->config, l->cacheline, err);
		if (!sub)
			return -1;
		rc = skl__bench_member(sub, dot + 1, &o2, &s2, err);
		skl_layout_free(sub);
		if (rc < 0)
			return -1;
		*off = f->offset + o2;
		*size = s2;
	}
	return 0;
}

/* ---- hardware counters ------------------------------------------------------------- */

typedef struct counters {
	int fd[SKL_BENCH_NCOUNTERS];
} counters;

#if HAVE_PERF
static long perf_open(struct perf_event_attr *a)
{
	return syscall(SYS_perf_event_open, a, 0, -1, -1, 0);
}

static void counters_open(counters *pc, skl_bench_counter *c)
{
	static const struct {
		uint32_t type;
		uint64_t config;
	} ev[SKL_BENCH_NCOUNTERS] = {
	    {PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
	    {PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
	    {PERF_TYPE_HW_CACHE,
	     PERF_COUNT_HW_CACHE_L1D | (PERF_COUNT_HW_CACHE_OP_READ << 8) | (PERF_COUNT_HW_CACHE_RESULT_MISS << 16)},
	    {PERF_TYPE_HW_CACHE,
	     PERF_COUNT_HW_CACHE_L1I | (PERF_COUNT_HW_CACHE_OP_READ << 8) | (PERF_COUNT_HW_CACHE_RESULT_MISS << 16)},
	};
	int i;
	for (i = 0; i < SKL_BENCH_NCOUNTERS; i++) {
		struct perf_event_attr a;
		long fd;
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = ev[i].type;
		a.config = ev[i].config;
		a.disabled = 1;
		a.exclude_kernel = 1;
		a.exclude_hv = 1;
		a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
		errno = 0;
		fd = perf_open(&a);
		pc->fd[i] = (int)fd;
		if (fd < 0) {
			int e = errno;
			FILE *fp;
			int level = 0, have_level = 0;
			c[i].ok = 0;
			if ((e == EACCES || e == EPERM) && (fp = fopen("/proc/sys/kernel/perf_event_paranoid", "r"))) {
				have_level = fscanf(fp, "%d", &level) == 1;
				fclose(fp);
			}
			if (have_level)
				snprintf(c[i].why, sizeof(c[i].why), "perf_event_open: %s (perf_event_paranoid is %d)",
					 strerror(e), level);
			else
				snprintf(c[i].why, sizeof(c[i].why), "perf_event_open: %s", strerror(e));
		}
	}
}

static void counters_start(counters *pc)
{
	int i;
	for (i = 0; i < SKL_BENCH_NCOUNTERS; i++) {
		if (pc->fd[i] >= 0) {
			ioctl(pc->fd[i], PERF_EVENT_IOC_RESET, 0);
			ioctl(pc->fd[i], PERF_EVENT_IOC_ENABLE, 0);
		}
	}
}

/* Counting stops between the samples of interleaved variants and goes on
 * (without a reset) at the next sample of the same variant. */
static void counters_pause(counters *pc)
{
	int i;
	for (i = 0; i < SKL_BENCH_NCOUNTERS; i++)
		if (pc->fd[i] >= 0)
			ioctl(pc->fd[i], PERF_EVENT_IOC_DISABLE, 0);
}

static void counters_resume(counters *pc)
{
	int i;
	for (i = 0; i < SKL_BENCH_NCOUNTERS; i++)
		if (pc->fd[i] >= 0)
			ioctl(pc->fd[i], PERF_EVENT_IOC_ENABLE, 0);
}

static void counters_stop(counters *pc, skl_bench_counter *c, double ops)
{
	int i;
	for (i = 0; i < SKL_BENCH_NCOUNTERS; i++) {
		uint64_t v[3];
		if (pc->fd[i] < 0)
			continue;
		ioctl(pc->fd[i], PERF_EVENT_IOC_DISABLE, 0);
		if (read(pc->fd[i], v, sizeof(v)) != (ssize_t)sizeof(v)) {
			snprintf(c[i].why, sizeof(c[i].why), "read: %s", strerror(errno));
		} else if (v[2] == 0) {
			snprintf(c[i].why, sizeof(c[i].why), "the counter never ran (the PMU is busy)");
		} else {
			double val = (double)v[0];
			if (v[2] < v[1]) /* multiplexed: scale to the time enabled */
				val *= (double)v[1] / (double)v[2];
			c[i].ok = 1;
			c[i].per_op = ops > 0 ? val / ops : 0;
		}
		close(pc->fd[i]);
		pc->fd[i] = -1;
	}
}
#else
static void counters_open(counters *pc, skl_bench_counter *c)
{
	int i;
	for (i = 0; i < SKL_BENCH_NCOUNTERS; i++) {
		pc->fd[i] = -1;
		c[i].ok = 0;
		snprintf(c[i].why, sizeof(c[i].why), "perf_event_open: not available on this system");
	}
}
static void counters_start(counters *pc)
{
	(void)pc;
}
static void counters_pause(counters *pc)
{
	(void)pc;
}
static void counters_resume(counters *pc)
{
	(void)pc;
}
static void counters_stop(counters *pc, skl_bench_counter *c, double ops)
{
	(void)pc;
	(void)c;
	(void)ops;
}
#endif

/* ---- the timing harness --------------------------------------------------------------- */

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

#define MAX_SAMPLES 1000

static double target_of(const skl_bench_opts *o)
{
	return (o->target_ms > 0 ? o->target_ms : (o->quick ? 20.0 : 1000.0)) * 1e6;
}

/* Many short samples: the median's interval narrows with their number, and
 * a sample is short enough that one disturbance spoils few of them. */
static int samples_of(const skl_bench_opts *o)
{
	int samples = o->samples > 0 ? o->samples : (o->quick ? SKL_BENCH_SAMPLES_QUICK : SKL_BENCH_SAMPLES);
	return samples > MAX_SAMPLES ? MAX_SAMPLES : samples;
}

/* Warm-up and calibration: operations per sample of fn for target_ns over
 * samples. Doubles n until a call takes a quarter of a sample (the calls
 * so far are the warm-up), then runs half a sample more at that size;
 * with o->reps fixed, one sample's worth. Calibration starts at min_n
 * operations (0 = 1): a call with a fixed cost of its own (waking
 * threads) is timed on enough work that the cost does not decide. */
static uint64_t calibrate(const skl_bench_opts *o, skl__bench_fn fn, void *st, double target_ns, int samples,
			  uint64_t min_n)
{
	uint64_t reps, t0, t1;
	fn(st, 1);
	if (o->reps) {
		reps = o->reps;
		fn(st, reps); /* warm-up: one sample's worth */
	} else {
		uint64_t n = min_n ? min_n : 1;
		double dt, per;
		for (;;) {
			t0 = now_ns();
			fn(st, n);
			t1 = now_ns();
			dt = (double)(t1 - t0);
			if (dt >= target_ns / samples / 4 || n >= ((uint64_t)1 << 40))
				break;
			n *= 2;
		}
		per = dt > 0 ? dt / (double)n : 1;
		reps = (uint64_t)(target_ns / samples / per);
		if (reps < 1)
			reps = 1;
		fn(st, reps / 2 + 1); /* warm-up at the working size */
	}
	return reps;
}

/* One timed sample of reps operations: ns per operation. */
static double sample(skl__bench_fn fn, void *st, uint64_t reps)
{
	uint64_t t0 = now_ns(), t1;
	double ns;
	fn(st, reps);
	t1 = now_ns();
	ns = (double)(t1 - t0) / (double)reps;
	return ns > 0 ? ns : 0.001; /* below the clock's resolution */
}

int skl_bench_median_ci(int n, int *lo, int *hi, double *level)
{
	/* the distribution-free interval of a median: between the j-th
	 * smallest and the j-th largest of n samples, P = 1 - 2 P(B < j) for
	 * B ~ Binomial(n, 1/2); the largest j with P >= 0.95 */
	double tail = 0, term, best_level = 0;
	int j, best = 0;
	if (n < 1)
		return -1;
	term = pow(0.5, n); /* P(B = 0) */
	for (j = 1; 2 * j <= n; j++) {
		tail += term; /* P(B <= j - 1) */
		if (1 - 2 * tail < 0.95)
			break;
		best = j;
		best_level = 1 - 2 * tail;
		term = term * (double)(n - (j - 1)) / (double)j; /* P(B = j) */
	}
	if (!best) { /* too few samples for 95 %: the range, and what it covers */
		*lo = 0;
		*hi = n - 1;
		*level = n > 1 ? 1 - 2 * pow(0.5, n) : 0;
		return 0;
	}
	*lo = best - 1;
	*hi = n - best;
	*level = best_level;
	return 0;
}

static void summarise(skl_bench_variant *v, double *ns, int samples, uint64_t reps)
{
	int lo, hi;
	double half;
	qsort(ns, (size_t)samples, sizeof(ns[0]), cmp_double);
	v->timed = 1;
	v->reps = reps;
	v->samples = (unsigned)samples;
	v->min_ns = ns[0];
	v->max_ns = ns[samples - 1];
	v->median_ns = samples % 2 ? ns[samples / 2] : (ns[samples / 2 - 1] + ns[samples / 2]) / 2;
	skl_bench_median_ci(samples, &lo, &hi, &v->ci_level);
	v->ci_lo_ns = ns[lo];
	v->ci_hi_ns = ns[hi];
	half = v->median_ns - v->ci_lo_ns > v->ci_hi_ns - v->median_ns ? v->median_ns - v->ci_lo_ns
								       : v->ci_hi_ns - v->median_ns;
	v->ci_pct = v->median_ns > 0 ? 100.0 * half / v->median_ns : 0;
	v->noisy = v->ci_pct > SKL_BENCH_NOISY_PCT || v->ci_level < 0.95;
}

/* The timing thread on one CPU, the one it is on, for the timing: no
 * migration between the samples of one variant or between variants.
 * 1 with *old saved (unpin restores it), 0 when it could not be pinned. */
#if defined(__linux__)
static int pin(cpu_set_t *old)
{
	cpu_set_t one;
	int cpu = sched_getcpu();
	if (cpu < 0 || sched_getaffinity(0, sizeof(*old), old) < 0)
		return 0;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	return sched_setaffinity(0, sizeof(one), &one) == 0;
}

static void unpin(const cpu_set_t *old)
{
	sched_setaffinity(0, sizeof(*old), old);
}
#endif

void skl__bench_time_jobs(const skl_bench_opts *o, int n, const skl__bench_job *jobs, uint64_t min_n,
			  const char *counters_why)
{
	double target_ns = target_of(o);
	int samples = samples_of(o);
	double(*ns)[MAX_SAMPLES];
	uint64_t reps[SKL__BENCH_MAX_INTERLEAVED];
	counters pc[SKL__BENCH_MAX_INTERLEAVED];
	int s, c, i, pinned = 0;
#if defined(__linux__)
	cpu_set_t old;
#endif

	assert(n > 0 && n <= SKL__BENCH_MAX_INTERLEAVED);
	for (i = 0; i < n; i++) {
		skl_bench_variant *v = jobs[i].v;
		for (c = 0; c < SKL_BENCH_NCOUNTERS; c++) {
			v->counters[c].ok = 0;
			snprintf(v->counters[c].why, sizeof(v->counters[c].why), "%s",
				 o->no_counters ? "not measured (counters off)"
				 : counters_why ? counters_why
						: "not measured");
			pc[i].fd[c] = -1;
		}
	}
	ns = skl_calloc((size_t)n, sizeof(*ns));
	if (!ns) /* out of memory: left untimed, the counters' reason says nothing more */
		return;
#if defined(__linux__)
	if (!counters_why) /* the jobs run on this thread only */
		pinned = pin(&old);
#endif
	for (i = 0; i < n; i++)
		reps[i] = calibrate(o, jobs[i].fn, jobs[i].st, target_ns, samples, min_n);
	if (!o->no_counters && !counters_why)
		for (i = 0; i < n; i++) {
			counters_open(&pc[i], jobs[i].v->counters);
			counters_start(&pc[i]);
			counters_pause(&pc[i]);
		}
	for (s = 0; s < samples; s++)
		for (i = 0; i < n; i++) {
			counters_resume(&pc[i]);
			ns[i][s] = sample(jobs[i].fn, jobs[i].st, reps[i]);
			counters_pause(&pc[i]);
		}
	for (i = 0; i < n; i++) {
		counters_stop(&pc[i], jobs[i].v->counters, (double)reps[i] * samples);
		summarise(jobs[i].v, ns[i], samples, reps[i]);
		jobs[i].v->pinned = pinned;
		jobs[i].v->interleaved = n;
	}
#if defined(__linux__)
	if (pinned)
		unpin(&old);
#endif
	skl_free(ns);
}

void skl__bench_time(const skl_bench_opts *o, skl__bench_fn fn, void *st, skl_bench_variant *v)
{
	skl__bench_job j = {fn, st, v};
	skl__bench_time_jobs(o, 1, &j, 0, NULL);
}

void skl__bench_time_interleaved(const skl_bench_opts *o, int n, skl__bench_fn fn, void *const *st,
				 skl_bench_variant *const *v, uint64_t min_n, const char *counters_why)
{
	skl__bench_job jobs[SKL__BENCH_MAX_INTERLEAVED];
	int i;
	assert(n > 0 && n <= SKL__BENCH_MAX_INTERLEAVED);
	for (i = 0; i < n; i++) {
		jobs[i].fn = fn;
		jobs[i].st = st[i];
		jobs[i].v = v[i];
	}
	skl__bench_time_jobs(o, n, jobs, min_n, counters_why ? counters_why : "not measured");
}

/* ---- the cache-model replay ------------------------------------------------------------- */

/* "…, 800 MHz" or "…, 2.3 GHz" at the end of a machine's name; 0 = none. */
static double parse_mhz(const char *s)
{
	const char *p;
	for (p = s; p && *p; p++) {
		if ((p[0] >= '0' && p[0] <= '9') && (p == s || p[-1] == ' ' || p[-1] == ',')) {
			char *end;
			double v = strtod(p, &end);
			while (*end == ' ')
				end++;
			if (!strncmp(end, "MHz", 3))
				return v;
			if (!strncmp(end, "GHz", 3))
				return v * 1000;
		}
	}
	return 0;
}

/* The host's clock as /proc/cpuinfo gives it ("cpu MHz : 2995.1"); 0 = unknown. */
static double host_mhz(void)
{
	char line[256];
	double mhz = 0;
	FILE *fp = fopen("/proc/cpuinfo", "r");
	if (!fp)
		return 0;
	while (fgets(line, sizeof(line), fp)) {
		if (!strncmp(line, "cpu MHz", 7)) {
			const char *c = strchr(line, ':');
			if (c)
				mhz = strtod(c + 1, NULL);
			break;
		}
	}
	fclose(fp);
	return mhz > 0 ? mhz : 0;
}

/* The preset of o's choice into m and its description into info. */
static int bmodel_preset(skl__bmodel *m, const skl_bench_opts *o, skl_bench_model *info, skl_error *err)
{
	unsigned i;
	memset(m, 0, sizeof(*m));
	memset(info, 0, sizeof(*info));
	if (o->host_model) {
		if (skl_cachesim_preset_host(NULL, &m->preset, err) < 0)
			return -1;
		snprintf(info->machine, sizeof(info->machine), "%s", m->preset.title);
		info->mhz = host_mhz();
	} else {
		if (skl_cachesim_preset_profile(o->profile, &m->preset, err) < 0)
			return -1;
		snprintf(info->machine, sizeof(info->machine), "%s",
			 o->profile->cpu[0] ? o->profile->cpu : m->preset.title);
		info->mhz = parse_mhz(o->profile->cpu);
	}
	m->first_d = m->first_i = (unsigned)-1;
	m->min_line = 0;
	for (i = 0; i < m->preset.nlevels; i++) {
		const skl_cachesim_level *l = &m->preset.levels[i];
		if (!strcmp(l->name, "L1i")) {
			if (m->first_i == (unsigned)-1)
				m->first_i = i;
		} else if (m->first_d == (unsigned)-1) {
			m->first_d = i;
		}
		if (!m->min_line || l->line < m->min_line)
			m->min_line = l->line;
		snprintf(info->level[i], sizeof(info->level[i]), "%s", l->name);
	}
	if (m->first_d == (unsigned)-1)
		m->first_d = 0;
	if (m->first_i == (unsigned)-1)
		m->first_i = m->first_d;
	m->line = m->preset.levels[m->first_d].line;
	info->nlevels = m->preset.nlevels;
	info->line = m->line;
	return 0;
}

int skl__bmodel_init(skl__bmodel *m, const skl_bench_opts *o, skl_bench_model *info, skl_error *err)
{
	skl_cachesim_config cfg;
	if (bmodel_preset(m, o, info, err) < 0)
		return -1;
	skl_cachesim_preset_config(&m->preset, &cfg);
	m->h = skl_cachesim_new(&cfg, err);
	return m->h ? 0 : -1;
}

int skl__bmodel_init_smp(skl__bmodel *m, const skl_bench_opts *o, unsigned cpus, skl_bench_model *info, skl_error *err)
{
	skl_cachesim_smp_config cfg;
	if (bmodel_preset(m, o, info, err) < 0)
		return -1;
	memset(&cfg, 0, sizeof(cfg));
	skl_cachesim_preset_config(&m->preset, &cfg.base);
	cfg.ncpus = cpus;
	cfg.transfer_latency = m->preset.transfer_latency;
	cfg.hitm_latency = m->preset.hitm_latency;
	m->smp = skl_cachesim_smp_new(&cfg, err);
	if (!m->smp)
		return -1;
	m->cpus = cpus;
	info->cpus = cpus;
	return 0;
}

void skl__bmodel_free(skl__bmodel *m)
{
	skl_cachesim_free(m->h);
	m->h = NULL;
	skl_cachesim_smp_free(m->smp);
	m->smp = NULL;
}

static void one_access(skl__bmodel *m, unsigned cpu, uint64_t addr, unsigned size, int kind)
{
	skl_cachesim_result res;
	unsigned first = kind == SKL_CACHESIM_IFETCH ? m->first_i : m->first_d;
	if (m->smp) {
		skl_cachesim_smp_result sr;
		unsigned i;
		if (skl_cachesim_smp_access(m->smp, cpu, addr, size, kind, &sr) < 0) {
			m->failed = 1;
			return;
		}
		res = sr.r;
		if (m->measuring) {
			for (i = 0; i < m->preset.nlevels; i++)
				m->miss_bits[i] += (res.missed >> i) & 1u;
			m->coherence += sr.coherence != 0;
			m->transfers += sr.source == SKL_SMP_PEER;
			m->hitm += sr.source == SKL_SMP_PEER && sr.peer_state == SKL_MESI_M;
			m->invalidations += sr.invalidated;
		}
	} else if (cpu || skl_cachesim_access(m->h, addr, size, kind, &res) < 0) {
		m->failed = 1;
		return;
	}
	if (!m->measuring)
		return;
	m->accesses++;
	if (res.latency > m->preset.levels[first].latency)
		m->penalty += res.latency - m->preset.levels[first].latency;
	if (kind != SKL_CACHESIM_IFETCH) {
		uint64_t la = addr / m->line, lb = (addr + size - 1) / m->line, l;
		for (l = la; l <= lb; l++) {
			int i, seen = 0;
			for (i = 0; i < m->noplines; i++)
				if (m->oplines[i] == l) {
					seen = 1;
					break;
				}
			if (!seen && m->noplines < SKL__BMODEL_OPLINES)
				m->oplines[m->noplines++] = l;
		}
	}
}

void skl__bmodel_access_cpu(skl__bmodel *m, unsigned cpu, uint64_t addr, uint64_t size, int kind)
{
	if (!size)
		size = 1;
	while (size) {
		uint64_t room = m->min_line - addr % m->min_line;
		unsigned n = (unsigned)(size < room ? size : room);
		one_access(m, cpu, addr, n, kind);
		addr += n;
		size -= n;
	}
}

void skl__bmodel_access(skl__bmodel *m, uint64_t addr, uint64_t size, int kind)
{
	skl__bmodel_access_cpu(m, 0, addr, size, kind);
}

void skl__bmodel_fetch(skl__bmodel *m, uint64_t addr, uint64_t size)
{
	uint64_t a = addr & ~(uint64_t)15, end = addr + size;
	for (; a < end; a += 16)
		one_access(m, 0, a, 16, SKL_CACHESIM_IFETCH);
}

void skl__bmodel_op_end(skl__bmodel *m)
{
	if (m->measuring)
		m->lines_total += (uint64_t)m->noplines;
	m->noplines = 0;
}

static uint64_t level_misses(const skl__bmodel *m, unsigned i)
{
	struct skl_cachesim_stats st;
	if (m->smp) /* counted access by access: the levels are spread over the CPUs */
		return m->miss_bits[i];
	if (skl_cachesim_stats(m->h, i, &st) < 0)
		return 0;
	return st.misses[0] + st.misses[1] + st.misses[2];
}

void skl__bmodel_start(skl__bmodel *m)
{
	unsigned i;
	m->measuring = 1;
	m->accesses = m->penalty = m->lines_total = 0;
	m->coherence = m->hitm = m->transfers = m->invalidations = 0;
	memset(m->miss_bits, 0, sizeof(m->miss_bits));
	m->noplines = 0;
	for (i = 0; i < m->preset.nlevels; i++)
		m->base_misses[i] = level_misses(m, i);
}

void skl__bmodel_finish(skl__bmodel *m, uint64_t ops, skl_bench_model *out)
{
	unsigned i;
	double d = ops ? (double)ops : 1;
	out->ops = ops;
	out->accesses = (double)m->accesses / d;
	out->lines = (double)m->lines_total / d;
	for (i = 0; i < m->preset.nlevels; i++)
		out->misses[i] = (double)(level_misses(m, i) - m->base_misses[i]) / d;
	out->base_cycles = out->accesses;
	out->miss_cycles = (double)m->penalty / d;
	out->cycles = out->base_cycles + out->miss_cycles;
	out->ns = out->mhz > 0 ? out->cycles * 1000.0 / out->mhz : 0;
	out->cpus = m->cpus;
	out->coherence = (double)m->coherence / d;
	out->hitm = (double)m->hitm / d;
	out->transfers = (double)m->transfers / d;
	out->invalidations = (double)m->invalidations / d;
}
