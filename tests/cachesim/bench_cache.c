/*
 * bench_cache.c - how fast the cache model runs, in accesses per second,
 * through Cachegrind's machine (I1 + D1 + LL). Prints figures; asserts
 * nothing about time. Times are CPU times (this process's, and valgrind's
 * as a child's), so that other work on the machine disturbs them less.
 *
 *   bench_cache [-n N] [-r RUNS] [--classify] [--policy lru|plru|random]
 *               [--single] [--I1 S,A,L] [--D1 S,A,L] [--LL S,A,L]
 *       N accesses (default 50 million) of a synthetic program, generated
 *       in memory from a fixed seed: instruction fetches that run on, loop,
 *       call and return over 1 MiB of code, and loads and stores to a stack,
 *       a hot, a warm and a cold heap region and streaming sweeps (about
 *       0.45 data accesses per fetch, as in compiled C). Each run builds the
 *       hierarchy, feeds the skl_synth_trace and frees it; the output is min, median
 *       and max accesses per second and the miss counts (the same every run).
 *       The skl_synth_trace goes in as sklab cachesim feeds it: batches of
 *       SKL_CACHESIM_BATCH (512) references to skl_cachesim_run() with --refs;
 *       by default the trace's words themselves to skl_cachesim_run_words()
 *       (lines of at least 64 bytes); --single calls skl_cachesim_access()
 *       once per access instead.
 *
 *   bench_cache --cachegrind [-w ITERS] [--lackey] [...geometry]
 *       Cachegrind's own cost: runs this program's native workload (-w, a
 *       loop over a hot, a warm and a cold array) under
 *       `valgrind --tool=cachegrind --cache-sim=yes` and under
 *       `valgrind --tool=none`, and prints the marginal cost of the cache
 *       simulation: (cachegrind time - none time) / (I refs + D refs).
 *       With --lackey the same workload is also traced by Lackey, the trace
 *       is held in memory and timed through the model, and the miss counts
 *       are printed beside Cachegrind's: the same references, the same
 *       geometry, side by side.
 *
 *   bench_cache --floor [...]   after the model, the floor: the same trace
 *       through the least an LRU model can do for the same counts
 *       (Cachegrind's algorithm: each set's tags alone, in recency order),
 *       timed, its miss counts beside the model's (they must be equal).
 *
 *   bench_cache --smoke      a few thousand accesses: checks that it runs,
 *       and that the floor's miss counts are the model's (exit 1 if not).
 *   bench_cache --workload ITERS   the native workload itself (what valgrind runs).
 */
#define _POSIX_C_SOURCE 200809L

#include "sklab/cachesim.h"
#include "sklab/synth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

enum { R = SKL_CACHESIM_READ, W = SKL_CACHESIM_WRITE, I = SKL_CACHESIM_IFETCH };

/*
 * CPU time of this process, not wall time: on a shared machine it leaves
 * out the time other processes hold the CPU (their pressure on the host's
 * caches stays in).
 */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time (user + system) of the waited-for children so far. */
static double children_cpu(void)
{
	struct rusage ru;
	getrusage(RUSAGE_CHILDREN, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec +
	       (double)ru.ru_stime.tv_usec * 1e-6;
}

/* ---- the model ---------------------------------------------------------- */

typedef struct setup {
	skl_cachesim_level lv[3];
	int classify;
	const char *policy;
} setup;

static skl_cachesim *make(const setup *su)
{
	skl_cachesim_config cfg;
	skl_error err;
	skl_cachesim *h;
	memset(&cfg, 0, sizeof(cfg));
	cfg.levels = su->lv;
	cfg.nlevels = 3;
	cfg.mem_latency = 200;
	cfg.seed = 1;
	h = skl_cachesim_new(&cfg, &err);
	if (!h)
		fprintf(stderr, "bench_cache: %s\n", err.msg);
	else if (skl_cachesim_set_classify(h, su->classify) < 0)
		fprintf(stderr, "bench_cache: out of memory for the 3C shadows\n");
	return h;
}

/* Cachegrind cuts accesses to the smallest line; so does sklab cachesim. */
static unsigned min_line(const setup *su)
{
	unsigned i, m = su->lv[0].line;
	for (i = 1; i < 3; i++)
		if (su->lv[i].line < m)
			m = su->lv[i].line;
	return m;
}

static int single; /* --single: one skl_cachesim_access() call per access */
static int refs;   /* --refs: batches of decoded references, not the words themselves */

/* Feeds t to h as sklab cachesim does: batches of SKL_CACHESIM_BATCH decoded references. */
static double feed(skl_cachesim *h, const skl_synth_trace *t, unsigned ml)
{
	static skl_cachesim_ref buf[SKL_CACHESIM_BATCH];
	size_t i, k, n;
	double t0 = now();
	if (single) {
		for (i = 0; i < t->n; i++) {
			uint64_t x = t->a[i];
			unsigned sz = SKL_SYNTH_SIZE(x);
			skl_cachesim_access(h, SKL_SYNTH_ADDR(x), sz > ml ? ml : sz, SKL_SYNTH_KIND(x), NULL);
		}
		return now() - t0;
	}
	if (!refs && ml >= 64) {	   /* the trace's words are the model's (sizes up to 64) */
		for (i = 0; i < t->n; i++) /* a refused reference is skipped */
			i += skl_cachesim_run_words(h, t->a + i, t->n - i);
		return now() - t0;
	}
	for (i = 0; i < t->n; i += n) {
		n = t->n - i < SKL_CACHESIM_BATCH ? t->n - i : SKL_CACHESIM_BATCH;
		for (k = 0; k < n; k++) {
			uint64_t x = t->a[i + k];
			unsigned sz = SKL_SYNTH_SIZE(x);
			buf[k].addr = SKL_SYNTH_ADDR(x);
			buf[k].size = sz > ml ? ml : sz;
			buf[k].kind = (uint32_t)SKL_SYNTH_KIND(x);
		}
		for (k = 0; k < n; k++) /* a refused reference is skipped */
			k += skl_cachesim_run(h, buf + k, n - k);
	}
	return now() - t0;
}

typedef struct counts {
	uint64_t ir, i1mr, ilmr, dr, d1mr, dlmr, dw, d1mw, dlmw;
} counts;

static void get_counts(const skl_cachesim *h, counts *c)
{
	struct skl_cachesim_stats i1, d1, ll;
	skl_cachesim_stats(h, 0, &i1);
	skl_cachesim_stats(h, 1, &d1);
	skl_cachesim_stats(h, 2, &ll);
	c->ir = i1.refs[I];
	c->i1mr = i1.misses[I];
	c->ilmr = ll.misses[I];
	c->dr = d1.refs[R];
	c->d1mr = d1.misses[R];
	c->dlmr = ll.misses[R];
	c->dw = d1.refs[W];
	c->d1mw = d1.misses[W];
	c->dlmw = ll.misses[W];
}

static void print_counts(const char *who, const counts *c)
{
	printf("%-10s Ir %llu I1mr %llu ILmr %llu Dr %llu D1mr %llu DLmr %llu Dw %llu D1mw %llu DLmw %llu\n", who,
	       (unsigned long long)c->ir, (unsigned long long)c->i1mr, (unsigned long long)c->ilmr,
	       (unsigned long long)c->dr, (unsigned long long)c->d1mr, (unsigned long long)c->dlmr,
	       (unsigned long long)c->dw, (unsigned long long)c->d1mw, (unsigned long long)c->dlmw);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Times runs passes of t through a fresh hierarchy; the median rate. */
static double time_model(const setup *su, const skl_synth_trace *t, int runs, counts *c0)
{
	double rate[64], med;
	counts c;
	int i;
	if (runs > 64)
		runs = 64;
	for (i = 0; i < runs; i++) {
		skl_cachesim *h = make(su);
		if (!h)
			exit(1);
		rate[i] = (double)t->n / feed(h, t, min_line(su));
		if (i == 0) {
			get_counts(h, &c);
			print_counts("sklab", &c);
			if (c0)
				*c0 = c;
		}
		skl_cachesim_free(h);
	}
	qsort(rate, (size_t)runs, sizeof(rate[0]), cmp_double);
	med = runs % 2 ? rate[runs / 2] : (rate[runs / 2 - 1] + rate[runs / 2]) / 2;
	printf("%zu accesses, %s, %s, 3C classification %s, %d runs: min %.1f  median %.1f  max %.1f M accesses/s "
	       "(%.2f ns/access at the median)\n",
	       t->n,
	       single ? "skl_cachesim_access"
	       : refs ? "skl_cachesim_run"
		      : "skl_cachesim_run_words",
	       su->policy, su->classify ? "on" : "off", runs, rate[0] / 1e6, med / 1e6, rate[runs - 1] / 1e6,
	       1e9 / med);
	return med;
}

/* ---- the floor (synth.h): Cachegrind's algorithm, tags only ------------- */

/* The trace through the floor (skl_synth_floor_run); its counts into c; seconds. */
static double floor_feed(const setup *su, const skl_synth_trace *t, counts *c)
{
	skl_synth_floor f;
	double t0 = now();
	if (skl_synth_floor_run(su->lv, t, &f) < 0) {
		fprintf(stderr, "bench_cache: out of memory for the floor\n");
		exit(1);
	}
	t0 = now() - t0;
	c->ir = f.refs[0][I];
	c->i1mr = f.misses[0][I];
	c->ilmr = f.misses[2][I];
	c->dr = f.refs[1][R];
	c->d1mr = f.misses[1][R];
	c->dlmr = f.misses[2][R];
	c->dw = f.refs[1][W];
	c->d1mw = f.misses[1][W];
	c->dlmw = f.misses[2][W];
	return t0;
}

/* Times the floor beside the model's counts; 1 when the counts differ. */
static int time_floor(const setup *su, const skl_synth_trace *t, int runs, const counts *model)
{
	double rate[64], med;
	counts c;
	int i;
	if (runs > 64)
		runs = 64;
	for (i = 0; i < runs; i++)
		rate[i] = (double)t->n / floor_feed(su, t, &c);
	qsort(rate, (size_t)runs, sizeof(rate[0]), cmp_double);
	med = runs % 2 ? rate[runs / 2] : (rate[runs / 2 - 1] + rate[runs / 2]) / 2;
	print_counts("floor", &c);
	printf("%zu accesses, the floor (tags only, in recency order), %d runs: min %.1f  median %.1f  max %.1f M "
	       "accesses/s (%.2f ns/access at the median); miss counts %s the model's\n",
	       t->n, runs, rate[0] / 1e6, med / 1e6, rate[runs - 1] / 1e6, 1e9 / med,
	       memcmp(&c, model, sizeof(c)) ? "DIFFER from" : "equal to");
	return memcmp(&c, model, sizeof(c)) != 0;
}

/* ---- Cachegrind ---------------------------------------------------------- */

static volatile uint64_t workload_sink;

/* The native workload valgrind runs (skl_synth_workload). */
static int workload(long iters)
{
	uint64_t sum = 0;
	int rc = skl_synth_workload(iters, &sum);
	workload_sink = sum;
	return rc;
}

/* Runs cmd, returns its CPU time; its standard output in out (when non-NULL). */
static double run_cmd(const char *cmd, char *out, size_t outsz)
{
	double t0 = children_cpu();
	FILE *p = popen(cmd, "r");
	size_t n = 0;
	char buf[4096];
	if (!p)
		return -1;
	while (fgets(buf, sizeof(buf), p)) {
		size_t l = strlen(buf);
		if (out && n + l < outsz) {
			memcpy(out + n, buf, l + 1);
			n += l;
		}
	}
	if (pclose(p) != 0)
		return -1;
	return children_cpu() - t0;
}

/* "==123== I   refs:      1,234" -> 1234 */
static uint64_t grab(const char *text, const char *label)
{
	const char *p = strstr(text, label);
	uint64_t v = 0;
	if (!p)
		return 0;
	p += strlen(label);
	while (*p == ' ')
		p++;
	for (; (*p >= '0' && *p <= '9') || *p == ','; p++)
		if (*p != ',')
			v = v * 10 + (uint64_t)(*p - '0');
	return v;
}

/* Reads a Lackey trace from a pipe into t (a modify is one read, as in Cachegrind). */
static int read_lackey(FILE *p, skl_synth_trace *t)
{
	char line[256];
	while (fgets(line, sizeof(line), p))
		if (skl_synth_push_lackey(t, line) < 0)
			return -1;
	return 0;
}

/* Cachegrind's refs and misses lines, without the ==pid== prefix. */
static void print_summary(const char *text)
{
	const char *p = text;
	while (*p) {
		const char *e = strchr(p, '\n'), *b = strstr(p, "== ");
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (b && b < p + len && (strstr(p, "refs:") || strstr(p, "misses:")) &&
		    (strstr(p, "refs:") < p + len || strstr(p, "misses:") < p + len))
			printf("  %.*s\n", (int)(len - (size_t)(b + 3 - p)), b + 3);
		p += len + (e != NULL);
	}
}

static int cachegrind(const char *self, long iters, int lackey, const setup *su, int runs)
{
	char cmd[1024], geo[256], out[1 << 14];
	double tn, tc, t1;
	uint64_t ir, dr;
	const skl_cachesim_level *l = su->lv;
	snprintf(geo, sizeof(geo), "--I1=%llu,%u,%u --D1=%llu,%u,%u --LL=%llu,%u,%u", (unsigned long long)l[0].size,
		 l[0].assoc, l[0].line, (unsigned long long)l[1].size, l[1].assoc, l[1].line,
		 (unsigned long long)l[2].size, l[2].assoc, l[2].line);
	/* the environment of validate.sh, so the stack (and the figures) repeat */
	snprintf(
	    cmd, sizeof(cmd),
	    "env -i PATH=/usr/local/bin:/usr/bin:/bin LC_ALL=C valgrind --tool=none %s --workload %ld 2>&1 >/dev/null",
	    self, iters);
	tn = run_cmd(cmd, NULL, 0);
	snprintf(cmd, sizeof(cmd),
		 "env -i PATH=/usr/local/bin:/usr/bin:/bin LC_ALL=C valgrind --tool=cachegrind --cache-sim=yes %s "
		 "--cachegrind-out-file=/dev/null %s --workload %ld 2>&1 >/dev/null",
		 geo, self, iters);
	tc = run_cmd(cmd, out, sizeof(out));
	snprintf(cmd, sizeof(cmd), "%s --workload %ld", self, iters);
	t1 = run_cmd(cmd, NULL, 0);
	if (tn < 0 || tc < 0 || t1 < 0) {
		fprintf(stderr, "bench_cache: valgrind failed (is it installed?)\n");
		return 1;
	}
	ir = grab(out, "I   refs:");
	if (!ir)
		ir = grab(out, "I refs:");
	dr = grab(out, "D   refs:");
	if (!dr)
		dr = grab(out, "D refs:");
	printf(
	    "workload %ld iterations: native %.2f s, valgrind --tool=none %.2f s, cachegrind --cache-sim=yes %.2f s\n",
	    iters, t1, tn, tc);
	if (!ir) {
		fprintf(stderr, "bench_cache: no 'I refs' in cachegrind's output:\n%s", out);
		return 1;
	}
	printf("cachegrind's summary (I refs %llu + D refs %llu):\n", (unsigned long long)ir, (unsigned long long)dr);
	print_summary(out);
	printf("cachegrind marginal cost: %.2f ns per access (%.1f M accesses/s)\n",
	       (tc - tn) * 1e9 / (double)(ir + dr), (double)(ir + dr) / (tc - tn) / 1e6);
	if (lackey) {
		skl_synth_trace t = {0};
		FILE *p;
		snprintf(cmd, sizeof(cmd),
			 "env -i PATH=/usr/local/bin:/usr/bin:/bin LC_ALL=C valgrind --tool=lackey --trace-mem=yes "
			 "--log-fd=9 %s --workload %ld 9>&1 >/dev/null 2>&1",
			 self, iters);
		p = popen(cmd, "r");
		if (!p || read_lackey(p, &t) || pclose(p) != 0) {
			fprintf(stderr, "bench_cache: lackey failed\n");
			skl_synth_free(&t);
			return 1;
		}
		printf("the same references, traced by Lackey, through sklab's model:\n");
		time_model(su, &t, runs, NULL);
		skl_synth_free(&t);
	}
	return 0;
}

/* ---- options ------------------------------------------------------------- */

static int parse_geom(const char *a, skl_cachesim_level *l)
{
	unsigned long long s;
	unsigned as, ln;
	if (sscanf(a, "%llu,%u,%u", &s, &as, &ln) != 3)
		return -1;
	l->size = s;
	l->assoc = as;
	l->line = ln;
	return 0;
}

int main(int argc, char **argv)
{
	setup su;
	skl_synth_trace t = {0};
	size_t n = 50000000;
	long iters = 20000000;
	int i, runs = 5, cg = 0, lackey = 0, smoke = 0, floor = 0, rc = 0;
	counts mc;
	skl_cachesim_repl repl = SKL_CACHESIM_LRU;
	memset(&su, 0, sizeof(su));
	/* Cachegrind-like: 32 KiB 8-way I1, 48 KiB 12-way D1, 8 MiB 16-way LL */
	su.lv[0] = (skl_cachesim_level){"L1i", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4};
	su.lv[1] = (skl_cachesim_level){"L1d", 49152, 12, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 5};
	su.lv[2] = (skl_cachesim_level){"LL", 8u << 20, 16, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 40};
	su.policy = "lru";
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--workload") && v)
			return workload(atol(v));
		if (!strcmp(a, "-n") && v)
			n = (size_t)atof(argv[++i]);
		else if (!strcmp(a, "-r") && v)
			runs = atoi(argv[++i]);
		else if (!strcmp(a, "-w") && v)
			iters = (long)atof(argv[++i]);
		else if (!strcmp(a, "--classify"))
			su.classify = 1;
		else if (!strcmp(a, "--cachegrind"))
			cg = 1;
		else if (!strcmp(a, "--single"))
			single = 1;
		else if (!strcmp(a, "--refs"))
			refs = 1;
		else if (!strcmp(a, "--lackey"))
			lackey = 1;
		else if (!strcmp(a, "--smoke"))
			smoke = 1;
		else if (!strcmp(a, "--floor"))
			floor = 1;
		else if (!strcmp(a, "--policy") && v) {
			su.policy = argv[++i];
			repl = !strcmp(v, "plru")     ? SKL_CACHESIM_PLRU
			       : !strcmp(v, "random") ? SKL_CACHESIM_RANDOM
						      : SKL_CACHESIM_LRU;
		} else if ((!strcmp(a, "--I1") || !strcmp(a, "--D1") || !strcmp(a, "--LL")) && v) {
			if (parse_geom(v, &su.lv[a[2] == 'I' ? 0 : a[2] == 'D' ? 1 : 2]) < 0) {
				fprintf(stderr, "bench_cache: %s takes SIZE,ASSOC,LINE\n", a);
				return 2;
			}
			i++;
		} else {
			fprintf(
			    stderr,
			    "usage: bench_cache [-n N] [-r RUNS] [--classify] [--single] [--policy lru|plru|random]\n"
			    "                   [--I1|--D1|--LL S,A,L] [--cachegrind [-w ITERS] [--lackey]] "
			    "[--smoke] [--floor]\n");
			return 2;
		}
	}
	for (i = 0; i < 3; i++) /* tree-PLRU needs a power-of-two associativity */
		su.lv[i].repl =
		    repl == SKL_CACHESIM_PLRU && (su.lv[i].assoc & (su.lv[i].assoc - 1)) ? SKL_CACHESIM_LRU : repl;
	if (cg)
		return cachegrind(argv[0], iters, lackey, &su, runs);
	if (smoke) {
		n = 20000;
		runs = 1;
	}
	if (skl_synth_program(&t, n, 0x5eed)) {
		fprintf(stderr, "bench_cache: out of memory for %zu accesses\n", n);
		return 1;
	}
	t.n = n;
	time_model(&su, &t, runs, &mc);
	/* the floor's counts are the model's when nothing but LRU is asked of it */
	if ((floor || smoke) && repl == SKL_CACHESIM_LRU && !su.classify && min_line(&su) >= 64)
		rc = time_floor(&su, &t, runs, &mc);
	skl_synth_free(&t);
	return rc;
}
