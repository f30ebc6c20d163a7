/*
 * cmd_bench_self.c - `sklab bench --self`: sklab's own speed and memory,
 * each figure measured in the same run as a baseline that does the same
 * work (glibc malloc, Cachegrind, the same calls from C, an empty frame, a
 * bare start-up), printed as min/median/max over repetitions with the
 * ratio and the target it is held to (docs/performance.md).
 *
 * Figures that need a fresh process are taken in one: peak RSS comes from
 * a child that is this program itself (`sklab bench --self-child ...`,
 * reading its own VmHWM), start-up and headless runs from spawning sklab.
 * Never asserts anything about time: a missed target is a "no" in the
 * table, never an error. A missing baseline tool (valgrind) is n/a with
 * the reason.
 */
#define _GNU_SOURCE /* wait4, mkdtemp, readlink */
#include "app.h"

#include "sklab/runtime.h"
#include "sklab/render/sdl.h"
#include "sklab/render/drawlist.h"
#include "sklab/render/view_scene.h"
#include "sklab/cachesim.h"
#include "sklab/events.h"
#include "sklab/kernel.h"
#include "sklab/skb.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- figures --------------------------------------------------------------- */

typedef struct stat3 {
	int ok;
	double min, med, max;
} stat3;

enum { TARGET_RATIO, TARGET_ABS };

typedef struct comparison {
	char name[64];
	char title[160];
	char unit[24];
	char base_what[200];
	stat3 base;
	char base_why[640]; /* why base is n/a */
	stat3 sk;
	char sk_why[640]; /* why sk is n/a */
	int target_kind;  /* TARGET_RATIO: ratio op value; TARGET_ABS: sklab median op value */
	int strict;	  /* op is "<" rather than "<=" */
	double target;
	char target_text[96];
	int cond;	    /* -1 none, 0/1: a further condition of the target (same miss counts) */
	char cond_text[64]; /* what the condition is */
	int reps;
	char note[768];
	char extra[1024]; /* further JSON members, ", \"k\": v" form; "" = none */
} comparison;

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* min/median/max of v[0..n) (sorts v). */
static stat3 stats_of(double *v, int n)
{
	stat3 s = {0, 0, 0, 0};
	if (n <= 0)
		return s;
	qsort(v, (size_t)n, sizeof(*v), cmp_d);
	s.ok = 1;
	s.min = v[0];
	s.max = v[n - 1];
	s.med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	return s;
}

static double ratio_of(const comparison *c)
{
	return c->base.ok && c->sk.ok && c->base.med > 0 ? c->sk.med / c->base.med : -1;
}

/* sklab's minimum over the baseline's: the least disturbed samples. */
static double ratio_min_of(const comparison *c)
{
	return c->base.ok && c->sk.ok && c->base.min > 0 ? c->sk.min / c->base.min : -1;
}

/* 1 met, 0 not met, -1 unknown. */
static int met_of(const comparison *c)
{
	double v = c->target_kind == TARGET_RATIO ? ratio_of(c) : (c->sk.ok ? c->sk.med : -1);
	int ok;
	if (v < 0)
		return -1;
	ok = c->strict ? v < c->target : v <= c->target;
	if (c->cond == 0)
		return 0;
	return ok;
}

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double cpu_of(const struct rusage *ru)
{
	return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec * 1e-6 + (double)ru->ru_stime.tv_sec +
	       (double)ru->ru_stime.tv_usec * 1e-6;
}

/* Keeps the compiler from removing a malloc/free pair. */
static void *volatile sink_ptr;
static volatile uint64_t sink_u64;

/* ---- the run --------------------------------------------------------------- */

typedef struct ctx {
	int quick, json;
	const char *data;
	char exe[4096];
	char fonts[4200];
	char valgrind[4096]; /* "" = not found */
	double cg_cost_ns;   /* Cachegrind's marginal cost per access, 0 = not measured */
	char cg_why[640];
	comparison *c;
	int n, cap;
} ctx;

static comparison *new_cmp(ctx *x, const char *name, const char *title, const char *unit)
{
	comparison *c;
	if (x->n == x->cap) {
		int nc = x->cap ? x->cap * 2 : 32;
		comparison *nv = realloc(x->c, (size_t)nc * sizeof(*nv));
		if (!nv) {
			fprintf(stderr, "sklab bench --self: out of memory\n");
			exit(1);
		}
		x->c = nv;
		x->cap = nc;
	}
	c = &x->c[x->n++];
	memset(c, 0, sizeof(*c));
	c->cond = -1;
	snprintf(c->name, sizeof(c->name), "%s", name);
	snprintf(c->title, sizeof(c->title), "%s", title);
	snprintf(c->unit, sizeof(c->unit), "%s", unit);
	return c;
}

static void progress(const ctx *x, const char *what)
{
	if (!x->json) {
		fprintf(stderr, "sklab bench --self: %s...\n", what);
		fflush(stderr);
	}
}

/* ---- child processes ---------------------------------------------------------- */

typedef void (*line_fn)(const char *line, void *arg);

typedef struct child_result {
	int status; /* as from waitpid; -1 = could not run */
	double wall_ns;
	double cpu_s; /* user + system of the child */
} child_result;

/*
 * Runs argv[0] (a path) with argv, stdin from /dev/null. pipe_fd 1 or 2
 * sends that stream to on_line (line by line; other stream to /dev/null);
 * 0 sends both to /dev/null. env NULL = this process's environment.
 * 0 when it ran (see r->status), -1 when it could not be started.
 */
static int spawn(char *const argv[], char *const env[], int pipe_fd, line_fn on_line, void *arg, child_result *r)
{
	int fds[2] = {-1, -1};
	pid_t pid;
	struct rusage ru;
	double t0;
	r->status = -1;
	r->wall_ns = 0;
	r->cpu_s = 0;
	if (pipe_fd && pipe(fds) < 0)
		return -1;
	t0 = now_ns();
	pid = fork();
	if (pid < 0) {
		if (pipe_fd) {
			close(fds[0]);
			close(fds[1]);
		}
		return -1;
	}
	if (pid == 0) {
		int nul = open("/dev/null", O_RDWR);
		if (nul >= 0) {
			dup2(nul, 0);
			dup2(nul, 1);
			dup2(nul, 2);
		}
		if (pipe_fd) {
			dup2(fds[1], pipe_fd);
			close(fds[0]);
			close(fds[1]);
		}
		if (env)
			execve(argv[0], argv, env);
		else
			execv(argv[0], argv);
		_exit(127);
	}
	if (pipe_fd) {
		FILE *p;
		char line[4096];
		close(fds[1]);
		p = fdopen(fds[0], "r");
		if (p) {
			while (fgets(line, sizeof(line), p))
				if (on_line)
					on_line(line, arg);
			fclose(p);
		} else {
			close(fds[0]);
		}
	}
	while (wait4(pid, &r->status, 0, &ru) < 0)
		if (errno != EINTR)
			return -1;
	r->wall_ns = now_ns() - t0;
	r->cpu_s = cpu_of(&ru);
	return 0;
}

static int exited_ok(const child_result *r)
{
	return r->status >= 0 && WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0;
}

/* valgrind on PATH, into out ("" when absent). */
static void find_valgrind(char *out, size_t outsz)
{
	const char *path = getenv("PATH");
	out[0] = '\0';
	while (path && *path) {
		const char *e = strchr(path, ':');
		size_t n = e ? (size_t)(e - path) : strlen(path);
		if (n && n + 10 < outsz) {
			snprintf(out, outsz, "%.*s/valgrind", (int)n, path);
			if (access(out, X_OK) == 0)
				return;
		}
		path = e ? e + 1 : NULL;
	}
	out[0] = '\0';
}

/* ---- host description -------------------------------------------------------- */

typedef struct host_info {
	long nproc;
	char cpu[128];
	int vm; /* 1 = the CPU flags say hypervisor */
	double load1;
} host_info;

static void host_describe(host_info *h)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[8192];
	memset(h, 0, sizeof(*h));
	h->nproc = sysconf(_SC_NPROCESSORS_ONLN);
	snprintf(h->cpu, sizeof(h->cpu), "unknown");
	if (f) {
		int got_model = 0;
		while (fgets(line, sizeof(line), f)) {
			char *colon = strchr(line, ':');
			if (!colon)
				continue;
			if (!got_model && !strncmp(line, "model name", 10)) {
				char *v = colon + 1, *nl;
				while (*v == ' ')
					v++;
				if ((nl = strchr(v, '\n')))
					*nl = '\0';
				snprintf(h->cpu, sizeof(h->cpu), "%s", v);
				got_model = 1;
			} else if (!strncmp(line, "flags", 5) && strstr(colon, " hypervisor")) {
				h->vm = 1;
			}
		}
		fclose(f);
	}
	f = fopen("/proc/loadavg", "r");
	if (f) {
		if (fscanf(f, "%lf", &h->load1) != 1)
			h->load1 = -1;
		fclose(f);
	} else {
		h->load1 = -1;
	}
}

/* ---- slab allocation against malloc --------------------------------------------- */

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
	double t0 = now_ns();
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
	return (now_ns() - t0) / (double)n;
}

static double malloc_sample(void **objs, long n, int table)
{
	double t0 = now_ns();
	long i;
	int j;
	if (!table) {
		for (i = 0; i < n; i++) {
			void *p = malloc(slab_sizes[i % 3]);
			sink_ptr = p;
			free(p);
		}
	} else {
		for (i = 0; i < n; i += 1000) {
			for (j = 0; j < 1000; j++) {
				objs[j] = malloc(slab_sizes[j % 3]);
				sink_ptr = objs[j];
			}
			for (j = 0; j < 1000; j++)
				free(objs[j]);
		}
	}
	return (now_ns() - t0) / (double)n;
}

static void bench_slab(ctx *x, int table, const char *alloc_name, const char *profile)
{
	char name[64], title[160], what[64];
	comparison *c;
	slab_rig r;
	skl_error err;
	void **objs = malloc(1000 * sizeof(*objs));
	long n = x->quick ? 30000 : 300000;
	int samples = x->quick ? 3 : 11, s;
	double tb[64], ts[64];
	snprintf(name, sizeof(name), "slab_%s/%s", table ? "table" : "pair", alloc_name);
	snprintf(what, sizeof(what), "%s", !strcmp(alloc_name, "slab24") ? "2.4 SLAB" : "SLUB");
	snprintf(title, sizeof(title), "%s kmem_cache_alloc+free, %s, against glibc malloc+free", what,
		 table ? "1,000 live objects freed together" : "each object freed at once");
	progress(x, name);
	c = new_cmp(x, name, title, "ns/pair");
	snprintf(c->base_what, sizeof(c->base_what), "glibc malloc+free of the same sizes and counts");
	c->target_kind = TARGET_RATIO;
	c->target = 1.0;
	snprintf(c->target_text, sizeof(c->target_text), "<= 1.0x malloc");
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
	c->base = stats_of(tb, samples);
	c->sk = stats_of(ts, samples);
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

/* ---- the cache model against Cachegrind ------------------------------------------ */

enum { KR = SKL_CACHESIM_READ, KW = SKL_CACHESIM_WRITE, KI = SKL_CACHESIM_IFETCH };

/* One access: address in the low 56 bits, kind << 62, size - 1 << 56. */
typedef struct trace {
	uint64_t *a;
	size_t n, cap;
	int oom;
} trace;

#define T_ADDR(v) ((v) & ((1ULL << 56) - 1))
#define T_SIZE(v) ((unsigned)(((v) >> 56) & 63) + 1)
#define T_KIND(v) ((int)((v) >> 62))

static int tpush(trace *t, uint64_t addr, unsigned size, int kind)
{
	if (t->n == t->cap) {
		size_t nc = t->cap ? t->cap * 2 : (size_t)1 << 20;
		uint64_t *na = realloc(t->a, nc * sizeof(*na));
		if (!na) {
			t->oom = 1;
			return -1;
		}
		t->a = na;
		t->cap = nc;
	}
	if (size < 1)
		size = 1;
	if (size > 64)
		size = 64;
	t->a[t->n++] = T_ADDR(addr) | (uint64_t)(size - 1) << 56 | (uint64_t)kind << 62;
	return 0;
}

static uint64_t xs(uint64_t *s)
{
	uint64_t v = *s;
	v ^= v << 13;
	v ^= v >> 7;
	v ^= v << 17;
	return *s = v;
}

/* Cachegrind's default-like machine: 32 KiB 8-way I1, 48 KiB 12-way D1,
 * 8 MiB 16-way LL, 64-byte lines, LRU, no 3C classification. */
static const skl_cachesim_level cg_levels[3] = {
    {"L1i", 32768, 8, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 4},
    {"L1d", 49152, 12, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 5},
    {"LL", 8u << 20, 16, 64, SKL_CACHESIM_LRU, SKL_CACHESIM_WB_WA, 40},
};

static skl_cachesim *cg_hier(skl_error *err)
{
	skl_cachesim_config cfg;
	skl_cachesim *h;
	memset(&cfg, 0, sizeof(cfg));
	cfg.levels = cg_levels;
	cfg.nlevels = 3;
	cfg.mem_latency = 200;
	cfg.seed = 1;
	h = skl_cachesim_new(&cfg, err);
	if (h && skl_cachesim_set_classify(h, 0) < 0) {
		skl_cachesim_free(h);
		skl_errorf(err, "out of memory");
		return NULL;
	}
	return h;
}

/* Feeds t as `sklab cachesim` does: batches of 4096 references, each cut
 * to the smallest line (64). ns per access. */
static double feed(skl_cachesim *h, const trace *t)
{
	static skl_cachesim_ref buf[4096];
	size_t i, k, n;
	double t0 = now_ns();
	for (i = 0; i < t->n; i += n) {
		n = t->n - i < 4096 ? t->n - i : 4096;
		for (k = 0; k < n; k++) {
			uint64_t v = t->a[i + k];
			unsigned sz = T_SIZE(v);
			buf[k].addr = T_ADDR(v);
			buf[k].size = sz > 64 ? 64 : sz;
			buf[k].kind = (uint32_t)T_KIND(v);
		}
		for (k = 0; k < n; k++) /* a refused reference is skipped */
			k += skl_cachesim_run(h, buf + k, n - k);
	}
	return (now_ns() - t0) / (double)(t->n ? t->n : 1);
}

/* Cachegrind's summary figures. */
typedef struct cg_counts {
	uint64_t ir, i1m, lli, dr, d1m, lld;
} cg_counts;

static void model_counts(const skl_cachesim *h, cg_counts *c)
{
	struct skl_cachesim_stats i1, d1, ll;
	skl_cachesim_stats(h, 0, &i1);
	skl_cachesim_stats(h, 1, &d1);
	skl_cachesim_stats(h, 2, &ll);
	c->ir = i1.refs[KI];
	c->i1m = i1.misses[KI];
	c->lli = ll.misses[KI];
	c->dr = d1.refs[KR] + d1.refs[KW];
	c->d1m = d1.misses[KR] + d1.misses[KW];
	c->lld = ll.misses[KR] + ll.misses[KW];
}

/* Times runs passes of t through a fresh hierarchy: ns per access into v;
 * the counts of the first pass into cnt. -1 on failure. */
static int time_model(const trace *t, int runs, double *v, cg_counts *cnt, skl_error *err)
{
	int i;
	for (i = 0; i < runs; i++) {
		skl_cachesim *h = cg_hier(err);
		if (!h)
			return -1;
		v[i] = feed(h, t);
		if (i == 0 && cnt)
			model_counts(h, cnt);
		skl_cachesim_free(h);
	}
	return 0;
}

/* The native workload valgrind runs (bench_cache's): per iteration a store
 * to a hot 4 KiB array, a load from a warm 256 KiB one, a sequential load
 * over 16 MiB and, one time in eight, a random load from it. */
static int cache_workload(long iters)
{
	enum { HOT = 1024, WARM = 65536, BIG = 1 << 22 };
	uint32_t *hot = calloc(HOT, 4), *warm = calloc(WARM, 4), *big = calloc(BIG, 4);
	uint64_t s = 88172645463325252ULL, sum = 0;
	long i;
	if (!hot || !warm || !big) {
		free(hot);
		free(warm);
		free(big);
		return 1;
	}
	for (i = 0; i < iters; i++) {
		uint64_t v = xs(&s);
		hot[v % HOT] += (uint32_t)i;
		sum += warm[(v >> 16) % WARM];
		sum += big[(size_t)i % BIG];
		if ((i & 7) == 0)
			sum += big[(v >> 32) % BIG];
	}
	sink_u64 = sum;
	free(hot);
	free(warm);
	free(big);
	return 0;
}

/* Accumulates valgrind's log lines (stderr) for parsing. */
typedef struct text_buf {
	char b[1 << 15];
	size_t n;
} text_buf;

static void collect_line(const char *line, void *arg)
{
	text_buf *t = arg;
	size_t l = strlen(line);
	if (t->n + l < sizeof(t->b)) {
		memcpy(t->b + t->n, line, l + 1);
		t->n += l;
	}
}

/* "==123== I1  misses:   1,234" -> 1234 (0 when absent). */
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

/* A Lackey line into the trace (a modify is one read, as in Cachegrind). */
static void lackey_line(const char *line, void *arg)
{
	trace *t = arg;
	const char *q = line + 2;
	int kind;
	uint64_t a = 0;
	unsigned sz = 0;
	if (t->oom)
		return;
	if (line[0] == 'I' && line[1] == ' ')
		kind = KI;
	else if (line[0] == ' ' && (line[1] == 'L' || line[1] == 'M'))
		kind = KR;
	else if (line[0] == ' ' && line[1] == 'S')
		kind = KW;
	else
		return;
	while (*q == ' ')
		q++;
	for (; *q && *q != ','; q++)
		a = a * 16 + (uint64_t)(*q <= '9' ? *q - '0' : (*q | 32) - 'a' + 10);
	if (*q == ',')
		for (q++; *q >= '0' && *q <= '9'; q++)
			sz = sz * 10 + (unsigned)(*q - '0');
	tpush(t, a, sz, kind);
}

/* The same minimal environment for every valgrind run, so the initial
 * stack (and with it the D1 sets it uses) is the same under each tool. */
static char *vg_env[] = {"PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C", NULL};

static void bench_cachegrind(ctx *x)
{
	long iters = x->quick ? 20000 : 200000;
	int reps = x->quick ? 1 : 3, runs = x->quick ? 1 : 5, r, good = 0, dropped = 0;
	char iters_s[32], geo[3][64];
	double cost[8], model[8];
	cg_counts cg, sk;
	text_buf *out = NULL;
	trace t = {0};
	skl_error err;
	comparison *c;
	progress(x, "cachegrind");
	c = new_cmp(x, "cachegrind", "the cache model on an in-memory trace against Cachegrind's marginal cost",
		    "ns/access");
	snprintf(c->base_what, sizeof(c->base_what),
		 "Cachegrind --cache-sim=yes minus valgrind --tool=none, CPU time per I+D ref");
	c->target_kind = TARGET_RATIO;
	c->target = 1.0;
	snprintf(c->target_text, sizeof(c->target_text), "<= 1.0x Cachegrind");
	snprintf(c->cond_text, sizeof(c->cond_text), "the same miss counts");
	c->reps = reps;
#if defined(__SANITIZE_ADDRESS__)
	/* valgrind cannot run a program built with AddressSanitizer (both want
	 * the address space), so do not try */
	snprintf(c->base_why, sizeof(c->base_why), "sklab is built with AddressSanitizer, which valgrind cannot run");
	snprintf(c->sk_why, sizeof(c->sk_why), "no trace: valgrind cannot run a sanitized sklab");
	snprintf(x->cg_why, sizeof(x->cg_why), "sklab is built with AddressSanitizer, which valgrind cannot run");
	return;
#endif
	if (!x->valgrind[0]) {
		snprintf(c->base_why, sizeof(c->base_why), "valgrind is not installed (not found on PATH)");
		snprintf(c->sk_why, sizeof(c->sk_why), "the trace comes from valgrind's Lackey, which is missing");
		snprintf(x->cg_why, sizeof(x->cg_why), "valgrind is not installed (not found on PATH)");
		return;
	}
	out = calloc(1, sizeof(*out));
	if (!out) {
		snprintf(c->base_why, sizeof(c->base_why), "out of memory");
		return;
	}
	snprintf(iters_s, sizeof(iters_s), "%ld", iters);
	snprintf(geo[0], sizeof(geo[0]), "--I1=%llu,%u,%u", (unsigned long long)cg_levels[0].size, cg_levels[0].assoc,
		 cg_levels[0].line);
	snprintf(geo[1], sizeof(geo[1]), "--D1=%llu,%u,%u", (unsigned long long)cg_levels[1].size, cg_levels[1].assoc,
		 cg_levels[1].line);
	snprintf(geo[2], sizeof(geo[2]), "--LL=%llu,%u,%u", (unsigned long long)cg_levels[2].size, cg_levels[2].assoc,
		 cg_levels[2].line);
	memset(&cg, 0, sizeof(cg));
	for (r = 0; r < reps; r++) {
		char *none_argv[] = {x->valgrind,    "--tool=none", x->exe,  "bench",
				     "--self-child", "workload",    iters_s, NULL};
		char *cg_argv[] = {x->valgrind,
				   "--tool=cachegrind",
				   "--cache-sim=yes",
				   geo[0],
				   geo[1],
				   geo[2],
				   "--cachegrind-out-file=/dev/null",
				   x->exe,
				   "bench",
				   "--self-child",
				   "workload",
				   iters_s,
				   NULL};
		child_result rn, rc;
		out->n = 0;
		out->b[0] = '\0';
		if (spawn(none_argv, vg_env, 0, NULL, NULL, &rn) < 0 || !exited_ok(&rn) ||
		    spawn(cg_argv, vg_env, 2, collect_line, out, &rc) < 0 || !exited_ok(&rc)) {
			snprintf(c->base_why, sizeof(c->base_why), "valgrind failed to run the workload here");
			snprintf(c->sk_why, sizeof(c->sk_why), "no trace: valgrind failed");
			snprintf(x->cg_why, sizeof(x->cg_why), "valgrind failed to run the workload here");
			goto out;
		}
		cg.ir = grab(out->b, "I   refs:");
		cg.i1m = grab(out->b, "I1  misses:");
		cg.lli = grab(out->b, "LLi misses:");
		cg.dr = grab(out->b, "D   refs:");
		cg.d1m = grab(out->b, "D1  misses:");
		cg.lld = grab(out->b, "LLd misses:");
		if (!cg.ir || !cg.dr) {
			snprintf(c->base_why, sizeof(c->base_why), "no 'I refs' or 'D refs' in Cachegrind's output");
			snprintf(x->cg_why, sizeof(x->cg_why), "no 'I refs' or 'D refs' in Cachegrind's output");
			goto out;
		}
		if (rc.cpu_s <= rn.cpu_s) { /* lost in the noise: this repetition says nothing */
			dropped++;
			continue;
		}
		cost[good++] = (rc.cpu_s - rn.cpu_s) * 1e9 / (double)(cg.ir + cg.dr);
	}
	if (!good) {
		snprintf(c->base_why, sizeof(c->base_why),
			 "Cachegrind took no more CPU time than --tool=none in any repetition (host too noisy)");
		snprintf(x->cg_why, sizeof(x->cg_why), "%s", c->base_why);
		goto out;
	}
	c->base = stats_of(cost, good);
	x->cg_cost_ns = c->base.med;

	/* the same program traced by Lackey, held in memory, through the model */
	if (x->quick) {
		snprintf(c->sk_why, sizeof(c->sk_why),
			 "--quick leaves out the Lackey trace (over a minute here: Lackey writes every reference "
			 "as text); the full run measures it");
		snprintf(c->note, sizeof(c->note),
			 "The workload (%ld iterations, in this program, with its start-up) under Cachegrind and "
			 "under --tool=none, %d time%s each (CPU time): I refs %llu, D refs %llu.",
			 iters, reps, reps == 1 ? "" : "s", (unsigned long long)cg.ir, (unsigned long long)cg.dr);
		goto out;
	}
	{
		char *lk_argv[] = {x->valgrind, "--tool=lackey", "--trace-mem=yes", "--log-fd=1", x->exe,
				   "bench",	"--self-child",	 "workload",	    iters_s,	  NULL};
		child_result rl;
		if (spawn(lk_argv, vg_env, 1, lackey_line, &t, &rl) < 0 || !exited_ok(&rl) || t.oom || !t.n) {
			snprintf(c->sk_why, sizeof(c->sk_why), "%s",
				 t.oom ? "out of memory for Lackey's trace" : "valgrind --tool=lackey failed");
			goto out;
		}
	}
	skl_error_clear(&err);
	if (time_model(&t, runs, model, &sk, &err) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "the model failed: %.400s", err.msg);
		goto out;
	}
	c->sk = stats_of(model, runs);
	c->cond = sk.ir == cg.ir && sk.i1m == cg.i1m && sk.lli == cg.lli && sk.dr == cg.dr && sk.d1m == cg.d1m &&
		  sk.lld == cg.lld;
	snprintf(c->note, sizeof(c->note),
		 "The workload (%ld iterations of a hot, warm and cold array loop, in this program, with its "
		 "start-up) under Cachegrind and under --tool=none, %d time%s each (CPU time%s); then traced by "
		 "Lackey (%zu references in memory) and fed to the model (L1i 32 KiB 8-way, L1d 48 KiB 12-way, "
		 "LL 8 MiB 16-way, 64-byte lines, LRU) %d time%s. Miss counts %s: Cachegrind Ir %llu I1mr %llu "
		 "ILmr %llu D %llu D1m %llu DLm %llu; sklab Ir %llu I1mr %llu ILmr %llu D %llu D1m %llu DLm %llu.",
		 iters, reps, reps == 1 ? "" : "s",
		 dropped ? "; a repetition where Cachegrind was not slower was dropped" : "", t.n, runs,
		 runs == 1 ? "" : "s", c->cond ? "equal" : "DIFFER", (unsigned long long)cg.ir,
		 (unsigned long long)cg.i1m, (unsigned long long)cg.lli, (unsigned long long)cg.dr,
		 (unsigned long long)cg.d1m, (unsigned long long)cg.lld, (unsigned long long)sk.ir,
		 (unsigned long long)sk.i1m, (unsigned long long)sk.lli, (unsigned long long)sk.dr,
		 (unsigned long long)sk.d1m, (unsigned long long)sk.lld);
	snprintf(c->extra, sizeof(c->extra),
		 ", \"accesses\": %zu, \"misses_equal\": %s, \"cachegrind_counts\": {\"Ir\": %llu, \"I1mr\": %llu, "
		 "\"ILmr\": %llu, \"D\": %llu, \"D1m\": %llu, \"DLm\": %llu}, \"sklab_counts\": {\"Ir\": %llu, "
		 "\"I1mr\": %llu, \"ILmr\": %llu, \"D\": %llu, \"D1m\": %llu, \"DLm\": %llu}",
		 t.n, c->cond ? "true" : "false", (unsigned long long)cg.ir, (unsigned long long)cg.i1m,
		 (unsigned long long)cg.lli, (unsigned long long)cg.dr, (unsigned long long)cg.d1m,
		 (unsigned long long)cg.lld, (unsigned long long)sk.ir, (unsigned long long)sk.i1m,
		 (unsigned long long)sk.lli, (unsigned long long)sk.dr, (unsigned long long)sk.d1m,
		 (unsigned long long)sk.lld);
out:
	free(t.a);
	free(out);
}

/*
 * bench_cache's synthetic program: 256 functions over 1 MiB of code called
 * with a skewed choice, short basic blocks, and data over a stack, a hot
 * 16 KiB, a warm 256 KiB, a cold 32 MiB region and 8 MiB sweeps (about
 * 0.45 data accesses per fetch).
 */
static int gen_trace(trace *t, size_t n, uint64_t seed)
{
	uint64_t s = seed | 1, fstart[256], flen[256], stack[64], sweep = 0;
	uint64_t pc, loop_head, fend, fends[64], sp = 0x7ffff000;
	unsigned depth = 0, f, left;
	for (f = 0; f < 256; f++) {
		fstart[f] = 0x400000 + (uint64_t)f * 4096 + (xs(&s) % 64) * 16;
		flen[f] = 256 + xs(&s) % 3840;
	}
	pc = loop_head = fstart[0];
	fend = fstart[0] + flen[0];
	left = 3 + (unsigned)(xs(&s) % 8);
	while (t->n < n) {
		uint64_t r = xs(&s), d = r >> 32;
		unsigned isz = 1 + (unsigned)(r % 8);
		if (tpush(t, pc, isz, KI))
			return -1;
		pc += isz;
		if (d % 100 < 45) {
			unsigned sz = 1u << ((d >> 8) % 4), k = (unsigned)((d >> 12) % 100);
			int kind = (d >> 20) % 100 < 30 ? KW : KR;
			uint64_t a;
			if (k < 30)
				a = sp - 8 * ((d >> 24) % 32);
			else if (k < 70)
				a = 0x10000000 + ((d >> 24) % 16384);
			else if (k < 80)
				a = 0x20000000 + ((d >> 14) % (256 * 1024));
			else if (k < 82)
				a = 0x40000000 + (xs(&s) % (32u << 20));
			else
				a = 0x30000000 + (sweep += 8) % (8u << 20);
			if (t->n < n && tpush(t, a, sz, kind))
				return -1;
		}
		if (--left)
			continue;
		left = 3 + (unsigned)(r >> 60 & 7);
		switch ((r >> 40) % 20) {
		case 0:
		case 1:
			if (depth < 64) {
				fends[depth] = fend;
				stack[depth++] = pc;
				f = (unsigned)((xs(&s) % 256) * ((r >> 48) % 256) / 256) % 256;
				pc = loop_head = fstart[f];
				fend = fstart[f] + flen[f];
				sp -= 64;
			}
			break;
		case 2:
		case 3:
			if (depth) {
				pc = loop_head = stack[--depth];
				fend = fends[depth];
				sp += 64;
			}
			break;
		case 4:
		case 5:
		case 6:
		case 7:
		case 8:
			if (pc >= fend)
				pc = loop_head;
			break;
		default:
			pc = loop_head;
			if ((r >> 50) % 8 == 0)
				loop_head = pc + (r >> 53) % 64;
			break;
		}
	}
	return 0;
}

static void bench_cache_rate(ctx *x)
{
	size_t n = x->quick ? 2000000 : 20000000;
	int runs = x->quick ? 3 : 5;
	double v[8];
	trace t = {0};
	skl_error err;
	comparison *c;
	progress(x, "cache_rate");
	c = new_cmp(x, "cache_rate", "the cache model's speed through I1+D1+LL (at least 100 M accesses/s)",
		    "ns/access");
	snprintf(c->base_what, sizeof(c->base_what), "Cachegrind's marginal cost per access (the cachegrind row)");
	c->target_kind = TARGET_ABS;
	c->target = 10.0;
	snprintf(c->target_text, sizeof(c->target_text), "<= 10 ns (>= 100 M/s)");
	c->reps = runs;
	if (x->cg_cost_ns > 0) {
		c->base.ok = 1;
		c->base.min = c->base.med = c->base.max = x->cg_cost_ns;
	} else {
		snprintf(c->base_why, sizeof(c->base_why), "%s",
			 x->cg_why[0] ? x->cg_why : "measured by the cachegrind comparison, which did not run");
	}
	if (gen_trace(&t, n, 0x5eed) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "out of memory for %zu accesses", n);
		free(t.a);
		return;
	}
	skl_error_clear(&err);
	if (time_model(&t, runs, v, NULL, &err) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "the model failed: %.400s", err.msg);
		free(t.a);
		return;
	}
	c->sk = stats_of(v, runs);
	snprintf(c->note, sizeof(c->note),
		 "%zu accesses of a synthetic program (bench_cache's: calls, loops, stack, hot, warm and cold "
		 "data, sweeps) held in memory, fed in batches of 4096 to skl_cachesim_run() as `sklab cachesim` "
		 "does, 3C classification off, %d runs: %.1f M accesses/s at the median.",
		 n, runs, 1e3 / c->sk.med);
	snprintf(c->extra, sizeof(c->extra), ", \"accesses\": %zu, \"maccesses_per_s\": %.1f", n, 1e3 / c->sk.med);
	free(t.a);
}

/* ---- skb_put/skb_push from Lua against C --------------------------------------- */

#define SKB_PROFILE "linux-2.6.31-x86_64"
#define SKB_PER_PACKET 1000 /* 500 put + 500 push */

/* One run in C: a fresh machine with an event log (as a scenario has),
 * packets of alloc_skb(2048), reserve(1024), 500 x (put 1, push 1), free;
 * the loop's ns into *ns. -1 on failure. */
static int skb_c_run(const skl_profile *prof, long packets, double *ns, skl_error *err)
{
	skl_events *log = skl_events_new(0);
	skl_kernel_opts ko;
	skl_net_opts no;
	skl_kernel *k = NULL;
	skl_net *net = NULL;
	long p;
	int j, rc = -1;
	double t0;
	if (!log) {
		skl_errorf(err, "out of memory");
		return -1;
	}
	memset(&ko, 0, sizeof(ko));
	ko.profile = prof;
	ko.smp = -1;
	ko.log = log;
	k = skl_kernel_new(&ko, err);
	if (!k)
		goto out;
	memset(&no, 0, sizeof(no));
	no.hot_list_len = -1;
	net = skl_net_new(k, &no, err);
	if (!net)
		goto out;
	t0 = now_ns();
	for (p = 0; p < packets; p++) {
		skl_skb *skb = skl_alloc_skb(net, 2048, err);
		if (!skb || skl_skb_reserve(skb, 1024, err) < 0)
			goto out;
		for (j = 0; j < SKB_PER_PACKET / 2; j++)
			if (skl_skb_put(skb, 1, NULL, err) < 0 || skl_skb_push(skb, 1, err) < 0)
				goto out;
		if (skl_kfree_skb(skb, err) < 0)
			goto out;
	}
	*ns = now_ns() - t0;
	rc = 0;
out:
	skl_net_free(net);
	skl_kernel_free(k);
	skl_events_free(log);
	return rc;
}

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

static int skb_script(const char *path, long packets)
{
	char text[1024];
	snprintf(text, sizeof(text),
		 "-- title:   skb_put/skb_push calls from Lua (sklab bench --self)\n"
		 "scenario { title = \"skb_put/skb_push calls\", goal = \"time the binding\", profile = \"%s\" }\n"
		 "local k = sklab.kernel { profile = \"%s\" }\n"
		 "for p = 1, %ld do\n"
		 "  local skb = k:alloc_skb(2048)\n"
		 "  skb:reserve(1024)\n"
		 "  for j = 1, %d do\n"
		 "    skb:put(1)\n"
		 "    skb:push(1)\n"
		 "  end\n"
		 "  skb:free()\n"
		 "end\n",
		 SKB_PROFILE, SKB_PROFILE, packets, SKB_PER_PACKET / 2);
	return write_file(path, text);
}

/* A run of a scenario file in rt into a fresh log; ns, or -1 with err. */
static double lua_run_ns(skl_lua *rt, const char *path, skl_error *err)
{
	skl_events *log = skl_events_new(0);
	double t0, t;
	int rc;
	if (!log) {
		skl_errorf(err, "out of memory");
		return -1;
	}
	t0 = now_ns();
	rc = skl_lua_run_file(rt, path, log, err);
	t = now_ns() - t0;
	skl_events_free(log);
	return rc < 0 ? -1 : t;
}

static void bench_lua_skb(ctx *x, const char *tmpdir)
{
	long packets = x->quick ? 20 : 100; /* per run */
	int runs = x->quick ? 1 : 10, reps = x->quick ? 3 : 3, r, i;
	char full[4200], empty[4200];
	double vc[16], vl[16];
	skl_profile prof;
	skl_lua_opts lo;
	skl_lua *rt = NULL;
	skl_error err;
	comparison *c;
	long calls = packets * SKB_PER_PACKET * runs;
	progress(x, "lua_skb");
	c = new_cmp(x, "lua_skb", "skb_put/skb_push from a Lua scenario against the same calls from C", "ns/call");
	snprintf(c->base_what, sizeof(c->base_what), "skl_skb_put/skl_skb_push from C, same machine and event log");
	c->target_kind = TARGET_RATIO;
	c->target = 15.0;
	snprintf(c->target_text, sizeof(c->target_text), "<= 15x C");
	c->reps = reps;
	skl_error_clear(&err);
	snprintf(full, sizeof(full), "%s/skb_calls.lua", tmpdir);
	snprintf(empty, sizeof(empty), "%s/skb_empty.lua", tmpdir);
	if (skl_data_load_profile(x->data, SKB_PROFILE, &prof, &err) < 0) {
		snprintf(c->base_why, sizeof(c->base_why), "%.400s", err.msg);
		snprintf(c->sk_why, sizeof(c->sk_why), "%.400s", err.msg);
		return;
	}
	if (skb_script(full, packets) < 0 || skb_script(empty, 0) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "cannot write the scenario to a temporary directory");
		return;
	}
	memset(&lo, 0, sizeof(lo));
	lo.data_dir = x->data;
	lo.max_events = 4000000;
	rt = skl_lua_new(&lo, &err);
	if (!rt) {
		snprintf(c->sk_why, sizeof(c->sk_why), "%.400s", err.msg);
		goto out;
	}
	/* warm-up */
	if (lua_run_ns(rt, empty, &err) < 0 || lua_run_ns(rt, full, &err) < 0) {
		char msg[256];
		skl_error_format(&err, msg, sizeof(msg));
		snprintf(c->sk_why, sizeof(c->sk_why), "the scenario failed: %.400s", msg);
		goto out;
	}
	for (r = 0; r < reps; r++) {
		double tc = 0, tl = 0, te = 0;
		for (i = 0; i < runs; i++) {
			double ns, a, b;
			if (skb_c_run(&prof, packets, &ns, &err) < 0) {
				snprintf(c->base_why, sizeof(c->base_why), "%.400s", err.msg);
				goto out;
			}
			tc += ns;
			a = lua_run_ns(rt, full, &err);
			b = lua_run_ns(rt, empty, &err);
			if (a < 0 || b < 0) {
				snprintf(c->sk_why, sizeof(c->sk_why), "the scenario failed: %.400s", err.msg);
				goto out;
			}
			tl += a;
			te += b;
		}
		vc[r] = tc / (double)calls;
		vl[r] = (tl - te) / (double)calls;
		if (vl[r] <= 0)
			vl[r] = 1e-3;
	}
	c->base = stats_of(vc, reps);
	c->sk = stats_of(vl, reps);
	snprintf(c->note, sizeof(c->note),
		 "%ld calls per repetition (%d run%s of %ld packets; a packet is alloc_skb(2048), reserve(1024), "
		 "500 x (skb:put(1), skb:push(1)), free), on %s, each call logged as an event in both. Lua: the "
		 "scenario's run time minus an empty scenario's (the same set-up, no packets). Per call "
		 "includes the packet's share of alloc and free.",
		 calls, runs, runs == 1 ? "" : "s", packets, SKB_PROFILE);
	snprintf(c->extra, sizeof(c->extra), ", \"calls\": %ld", calls);
out:
	skl_lua_free(rt);
	unlink(full);
	unlink(empty);
}

/* ---- rendering -------------------------------------------------------------------- */

#define RW 1920
#define RH 1080

/* ms per frame (view build + rasterise into a new surface) for frame i, reps times. */
static int time_frame(skl_sdl *sdl, skl_dl *dl, const skl_events *log, const skl_frame *fr, int nfr, int i, int reps,
		      double *v, skl_error *err)
{
	skl_view_frame_opts fo;
	int r;
	memset(&fo, 0, sizeof(fo));
	for (r = 0; r < reps; r++) {
		SDL_Surface *surf;
		double t0 = now_ns();
		if (log)
			skl_view_frame(dl, log, fr, nfr, i, &fo);
		surf = skl_sdl_render_surface(sdl, dl, RW, RH, NULL, err);
		if (!surf)
			return -1;
		SDL_FreeSurface(surf);
		v[r] = (now_ns() - t0) / 1e6;
	}
	return 0;
}

static void render_one(ctx *x, skl_lua *rt, skl_sdl *sdl, const char *path, const char *label, const stat3 *blank,
		       int reps)
{
	char name[96], title[160];
	comparison *c;
	skl_events *log = skl_events_new(0);
	skl_dl *dl = skl_dl_new((float)RW, (float)RH);
	skl_frame *fr = NULL;
	skl_view_frame_opts fo;
	skl_error err;
	double v[64];
	int nfr = 0, i, best = -1, most = -1;
	snprintf(name, sizeof(name), "render/%s", label);
	snprintf(title, sizeof(title), "the largest frame of %s at %dx%d, software renderer", label, RW, RH);
	progress(x, name);
	c = new_cmp(x, name, title, "ms/frame");
	snprintf(c->base_what, sizeof(c->base_what), "an empty %dx%d frame (new surface, cleared)", RW, RH);
	c->base = *blank;
	if (!blank->ok)
		snprintf(c->base_why, sizeof(c->base_why), "the empty frame could not be drawn");
	c->target_kind = TARGET_ABS;
	c->target = 16.0;
	snprintf(c->target_text, sizeof(c->target_text), "<= 16 ms median");
	c->reps = reps;
	skl_error_clear(&err);
	if (!log || !dl) {
		snprintf(c->sk_why, sizeof(c->sk_why), "out of memory");
		goto out;
	}
	if (skl_lua_run_file(rt, path, log, &err) < 0 && skl_lua_expect_failures(rt) == 0) {
		char msg[300];
		skl_error_format(&err, msg, sizeof(msg));
		snprintf(c->sk_why, sizeof(c->sk_why), "the scenario failed: %.400s", msg);
		goto out;
	}
	nfr = skl_events_frames(log, &fr);
	if (nfr <= 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "the scenario has no frame");
		goto out;
	}
	/* the largest view: the frame with the most draw-list items */
	memset(&fo, 0, sizeof(fo));
	for (i = 0; i < nfr; i++) {
		int n;
		skl_view_frame(dl, log, fr, nfr, i, &fo);
		n = skl_dl_count(dl);
		if (n > most) {
			most = n;
			best = i;
		}
	}
	if (time_frame(sdl, dl, log, fr, nfr, best, 1, v, &err) < 0 ||
	    time_frame(sdl, dl, log, fr, nfr, best, reps, v, &err) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "drawing failed: %.400s", err.msg);
		goto out;
	}
	c->sk = stats_of(v, reps);
	snprintf(c->note, sizeof(c->note),
		 "frame %d of %d (the one with the most draw-list items: %d), built from the event log and "
		 "rasterised %d times; no file written.",
		 best + 1, nfr, most, reps);
	snprintf(c->extra, sizeof(c->extra), ", \"frame\": %d, \"frames\": %d, \"items\": %d", best + 1, nfr, most);
out:
	skl_free(fr);
	skl_dl_free(dl);
	skl_events_free(log);
}

static const char slab10k_lua[] =
    "-- title:   10,000 objects (sklab bench --self)\n"
    "scenario { title = \"10,000 objects\", goal = \"a big slab view\", profile = \"linux-2.4.16-i386\" }\n"
    "local k = sklab.kernel { profile = \"linux-2.4.16-i386\" }\n"
    "local c = k:cache_create(\"tcp_sock\", 788, { hwcache_align = true })\n"
    "local objs = {}\n"
    "for i = 1, 10000 do objs[i] = c:alloc {} end\n"
    "for i = 1, 10000, 3 do c:free(objs[i]) end\n"
    "scene.show(k)\n"
    "scene.step(\"10,000 tcp_socks, a third freed\")\n";

static int want(const char *name, const char *const *names, int nnames);

static void bench_render(ctx *x, const char *tmpdir, const char *const *names, int nnames)
{
	char **files = NULL, slab10k[4200], scen[4200];
	int nfiles = 0, i, reps = x->quick ? 3 : 11;
	skl_lua_opts lo;
	skl_lua *rt = NULL;
	skl_sdl *sdl = NULL;
	skl_dl *empty = NULL;
	skl_error err;
	stat3 blank = {0, 0, 0, 0};
	double v[64];

	skl_error_clear(&err);
	SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
	if (SDL_Init(0) < 0) {
		comparison *c = new_cmp(x, "render", "rendering", "ms/frame");
		snprintf(c->sk_why, sizeof(c->sk_why), "SDL_Init: %s", SDL_GetError());
		snprintf(c->base_why, sizeof(c->base_why), "SDL_Init failed");
		return;
	}
	sdl = skl_sdl_new(x->fonts, &err);
	memset(&lo, 0, sizeof(lo));
	snprintf(scen, sizeof(scen), "%s/scenarios", x->data);
	lo.data_dir = x->data;
	lo.scenario_dir = scen;
	rt = sdl ? skl_lua_new(&lo, &err) : NULL;
	if (!sdl || !rt) {
		comparison *c = new_cmp(x, "render", "rendering", "ms/frame");
		snprintf(c->sk_why, sizeof(c->sk_why), "%.400s", err.msg);
		snprintf(c->base_why, sizeof(c->base_why), "%.400s", err.msg);
		goto out;
	}
	empty = skl_dl_new((float)RW, (float)RH);
	if (empty && time_frame(sdl, empty, NULL, NULL, 0, 0, 1, v, &err) == 0 &&
	    time_frame(sdl, empty, NULL, NULL, 0, 0, reps, v, &err) == 0)
		blank = stats_of(v, reps);
	nfiles = skl_app_list_scenarios(scen, &files);
	for (i = 0; i < nfiles; i++) {
		const char *base = strrchr(files[i], '/');
		char label[96];
		snprintf(label, sizeof(label), "%s", base ? base + 1 : files[i]);
		if (strlen(label) > 4 && !strcmp(label + strlen(label) - 4, ".lua"))
			label[strlen(label) - 4] = '\0';
		{
			char full[128];
			snprintf(full, sizeof(full), "render/%s", label);
			if (!want(full, names, nnames))
				continue;
		}
		render_one(x, rt, sdl, files[i], label, &blank, reps);
	}
	if (want("render/slab10k", names, nnames)) {
		snprintf(slab10k, sizeof(slab10k), "%s/slab10k.lua", tmpdir);
		if (write_file(slab10k, slab10k_lua) == 0) {
			render_one(x, rt, sdl, slab10k, "slab10k", &blank, reps);
			unlink(slab10k);
		}
	}
out:
	if (nfiles > 0)
		skl_app_free_list(files, nfiles);
	skl_dl_free(empty);
	skl_lua_free(rt);
	skl_sdl_free(sdl);
	SDL_Quit();
}

/* ---- processes: headless scenarios, start-up, peak memory ------------------------- */

static void bench_scenarios(ctx *x)
{
	char **files = NULL, scen[4200];
	int nfiles, reps = x->quick ? 1 : 3, r, i, failed = 0;
	double vs[8], vb[8];
	comparison *c;
	progress(x, "scenarios");
	c = new_cmp(x, "scenarios", "every bundled scenario headless, text only, one process each", "s total");
	snprintf(c->base_what, sizeof(c->base_what), "as many `sklab --version` processes (the start-up floor)");
	c->target_kind = TARGET_ABS;
	c->target = 3.0;
	c->strict = 1;
	snprintf(c->target_text, sizeof(c->target_text), "< 3 s in total");
	c->reps = reps;
	snprintf(scen, sizeof(scen), "%s/scenarios", x->data);
	nfiles = skl_app_list_scenarios(scen, &files);
	if (nfiles <= 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "no bundled scenarios found");
		snprintf(c->base_why, sizeof(c->base_why), "no bundled scenarios found");
		if (nfiles == 0)
			skl_app_free_list(files, nfiles);
		return;
	}
	for (r = 0; r < reps; r++) {
		double ts = 0, tb = 0;
		for (i = 0; i < nfiles; i++) {
			char *run_argv[] = {x->exe, "run", "--headless", files[i], NULL};
			char *ver_argv[] = {x->exe, "--version", NULL};
			child_result cr;
			if (spawn(run_argv, NULL, 0, NULL, NULL, &cr) < 0) {
				snprintf(c->sk_why, sizeof(c->sk_why), "cannot start sklab");
				goto out;
			}
			if (!exited_ok(&cr))
				failed++;
			ts += cr.wall_ns;
			if (spawn(ver_argv, NULL, 0, NULL, NULL, &cr) < 0 || !exited_ok(&cr)) {
				snprintf(c->base_why, sizeof(c->base_why), "sklab --version failed");
				goto out;
			}
			tb += cr.wall_ns;
		}
		vs[r] = ts / 1e9;
		vb[r] = tb / 1e9;
	}
	c->sk = stats_of(vs, reps);
	c->base = stats_of(vb, reps);
	snprintf(c->note, sizeof(c->note),
		 "%d scenarios, each `sklab run --headless FILE` (report on stdout, no frames), wall time "
		 "summed; %d run%s exited non-zero.",
		 nfiles, failed, failed == 1 ? "" : "s");
	snprintf(c->extra, sizeof(c->extra), ", \"scenarios\": %d, \"failed_runs\": %d", nfiles, failed);
out:
	skl_app_free_list(files, nfiles);
}

static void bench_startup(ctx *x)
{
	int reps = x->quick ? 5 : 21, r;
	double vs[32], vb[32];
	comparison *c;
	char *lay_argv[] = {x->exe, "layout", "linux-2.4.16/sock", NULL};
	char *ver_argv[] = {x->exe, "--version", NULL};
	progress(x, "startup");
	c = new_cmp(x, "startup", "`sklab layout linux-2.4.16/sock`, a fresh process", "ms");
	snprintf(c->base_what, sizeof(c->base_what), "`sklab --version` (exec and dynamic linking only)");
	c->target_kind = TARGET_ABS;
	c->target = 50.0;
	c->strict = 1;
	snprintf(c->target_text, sizeof(c->target_text), "< 50 ms");
	c->reps = reps;
	for (r = 0; r < reps; r++) {
		child_result cr;
		if (spawn(lay_argv, NULL, 0, NULL, NULL, &cr) < 0 || !exited_ok(&cr)) {
			snprintf(c->sk_why, sizeof(c->sk_why), "sklab layout linux-2.4.16/sock failed");
			return;
		}
		vs[r] = cr.wall_ns / 1e6;
		if (spawn(ver_argv, NULL, 0, NULL, NULL, &cr) < 0 || !exited_ok(&cr)) {
			snprintf(c->base_why, sizeof(c->base_why), "sklab --version failed");
			return;
		}
		vb[r] = cr.wall_ns / 1e6;
	}
	c->sk = stats_of(vs, reps);
	c->base = stats_of(vb, reps);
	snprintf(c->note, sizeof(c->note),
		 "%d spawns of each, alternating, wall time from fork to exit (output to /dev/null).", reps);
}

static void read_number(const char *line, void *arg)
{
	long long *v = arg;
	if (*v < 0)
		*v = atoll(line);
}

/* Peak RSS in KiB of `sklab bench --self-child WHAT N`, -1 on failure. */
static long long child_hwm(const ctx *x, const char *what, long n)
{
	char ns[32];
	char *argv[] = {(char *)x->exe, "bench", "--self-child", (char *)what, ns, NULL};
	child_result cr;
	long long kib = -1;
	snprintf(ns, sizeof(ns), "%ld", n);
	if (spawn(argv, NULL, 1, read_number, &kib, &cr) < 0 || !exited_ok(&cr))
		return -1;
	return kib;
}

#define MEM_PROFILE "linux-6.18-x86_64"

static void bench_memory(ctx *x)
{
	long n = x->quick ? 100000 : 1000000;
	int reps = x->quick ? 1 : 3, r;
	double vs[8], vb[8];
	comparison *c;
	progress(x, "memory");
	c = new_cmp(x, "memory", "one million modelled 64-byte objects, each with its allocation event kept",
		    "B/object");
	snprintf(c->base_what, sizeof(c->base_what), "glibc malloc(64) overhead per object, the same count");
	c->target_kind = TARGET_ABS;
	c->target = 32.0;
	snprintf(c->target_text, sizeof(c->target_text), "<= 32 B beyond the object");
	c->reps = reps;
	for (r = 0; r < reps; r++) {
		long long s0 = child_hwm(x, "memory", 0), s1 = child_hwm(x, "memory", n);
		long long b0 = child_hwm(x, "malloc", 0), b1 = child_hwm(x, "malloc", n);
		if (s0 < 0 || s1 < 0) {
			snprintf(c->sk_why, sizeof(c->sk_why), "the child process failed (VmHWM unreadable?)");
			return;
		}
		if (b0 < 0 || b1 < 0) {
			snprintf(c->base_why, sizeof(c->base_why), "the child process failed (VmHWM unreadable?)");
			return;
		}
		vs[r] = (double)(s1 - s0) * 1024.0 / (double)n - 64.0;
		vb[r] = (double)(b1 - b0) * 1024.0 / (double)n - 64.0;
		if (vs[r] <= 0)
			vs[r] = 0.001;
		if (vb[r] <= 0)
			vb[r] = 0.001;
	}
	c->sk = stats_of(vs, reps);
	c->base = stats_of(vb, reps);
	snprintf(c->note, sizeof(c->note),
		 "%ld objects from one 64-byte SLUB cache on %s (zeroed, so their bytes are resident), the "
		 "machine's event log keeping every allocation event; (VmHWM of a fresh `sklab bench "
		 "--self-child` with them - one with none) / count - 64. Includes the model's own slab "
		 "metadata and the host's page table and event records.",
		 n, MEM_PROFILE);
	snprintf(c->extra, sizeof(c->extra), ", \"objects\": %ld", n);
}

/* The child: n objects, then its VmHWM (KiB) on stdout. Everything is freed
 * after the measurement, so leak checkers (ASan's LeakSanitizer, memcheck)
 * see a clean exit; the malloc'd blocks are chained through their own first
 * bytes, so the chain costs no memory of its own. */
static int child_memory(const char *data, long n, int use_malloc)
{
	FILE *f;
	char line[256];
	long long kib = -1;
	long i;
	int rc = 1;
	char *chain = NULL;
	skl_events *log = NULL;
	skl_kernel *k = NULL;
	if (use_malloc) {
		for (i = 0; i < n; i++) {
			char *p = malloc(64);
			if (!p)
				goto out;
			memset(p, (int)i, 64);
			memcpy(p, &chain, sizeof(chain));
			chain = p;
			sink_ptr = p;
		}
	} else {
		skl_profile prof;
		skl_kernel_opts ko;
		skl_cache_opts co;
		skl_error err;
		skl_cache *c;
		skl_error_clear(&err);
		log = skl_events_new(0);
		if (!log || skl_data_load_profile(data, MEM_PROFILE, &prof, &err) < 0)
			goto out;
		memset(&ko, 0, sizeof(ko));
		ko.profile = &prof;
		ko.smp = -1;
		ko.ram_bytes = (uint64_t)512 << 20;
		ko.log = log;
		k = skl_kernel_new(&ko, &err);
		if (!k)
			goto out;
		memset(&co, 0, sizeof(co));
		c = skl_cache_create(k, "obj64", 64, &co, &err);
		if (!c)
			goto out;
		for (i = 0; i < n; i++)
			if (!skl_cache_alloc(c, 1, &err)) {
				fprintf(stderr, "sklab: %s\n", err.msg);
				goto out;
			}
		if (skl_events_count(log) < (int)n)
			goto out; /* the events must be kept */
	}
	f = fopen("/proc/self/status", "r");
	if (!f)
		goto out;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "VmHWM:", 6))
			kib = atoll(line + 6);
	fclose(f);
	if (kib < 0)
		goto out;
	printf("%lld\n", kib);
	rc = 0;
out:
	while (chain) {
		char *next;
		memcpy(&next, chain, sizeof(next));
		free(chain);
		chain = next;
	}
	sink_ptr = NULL;
	skl_kernel_free(k);
	skl_events_free(log);
	return rc;
}

/* ---- writing ------------------------------------------------------------------------ */

static void json_str(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(fp, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", fp);
		else if (ch < 0x20)
			fprintf(fp, "\\u%04x", ch);
		else
			fputc(ch, fp);
	}
	fputc('"', fp);
}

static void json_stat(FILE *fp, const stat3 *s, const char *what)
{
	if (!s->ok) {
		fputs("null", fp);
		return;
	}
	fputs("{", fp);
	if (what) {
		fputs("\"what\": ", fp);
		json_str(fp, what);
		fputs(", ", fp);
	}
	fprintf(fp, "\"min\": %.6g, \"median\": %.6g, \"max\": %.6g}", s->min, s->med, s->max);
}

static void write_json(FILE *fp, const ctx *x, const host_info *h0, const host_info *h1)
{
	int i;
	fprintf(fp, "{\n  \"sklab_bench_self\": 1,\n  \"version\": \"%s\",\n  \"quick\": %s,\n", SKL_VERSION,
		x->quick ? "true" : "false");
	fprintf(fp, "  \"host\": {\"nproc\": %ld, \"cpu\": ", h0->nproc);
	json_str(fp, h0->cpu);
	fprintf(fp, ", \"virtual\": %s, \"load_start\": %.2f, \"load_end\": %.2f},\n", h0->vm ? "true" : "false",
		h0->load1, h1->load1);
	fputs("  \"comparisons\": [\n", fp);
	for (i = 0; i < x->n; i++) {
		const comparison *c = &x->c[i];
		double ratio = ratio_of(c);
		int met = met_of(c);
		const char *reason = c->sk_why[0] ? c->sk_why : c->base_why[0] ? c->base_why : NULL;
		fputs("    {\"name\": ", fp);
		json_str(fp, c->name);
		fputs(", \"title\": ", fp);
		json_str(fp, c->title);
		fputs(", \"unit\": ", fp);
		json_str(fp, c->unit);
		fputs(",\n     \"baseline\": ", fp);
		json_stat(fp, &c->base, c->base_what);
		fputs(", \"baseline_reason\": ", fp);
		if (c->base.ok)
			fputs("null", fp);
		else
			json_str(fp, c->base_why[0] ? c->base_why : "not measured");
		fputs(",\n     \"sklab\": ", fp);
		json_stat(fp, &c->sk, NULL);
		fputs(", \"sklab_reason\": ", fp);
		if (c->sk.ok)
			fputs("null", fp);
		else
			json_str(fp, c->sk_why[0] ? c->sk_why : "not measured");
		fputs(",\n     \"ratio\": ", fp);
		if (ratio > 0)
			fprintf(fp, "%.6g", ratio);
		else
			fputs("null", fp);
		fputs(", \"ratio_of_minima\": ", fp);
		if (ratio_min_of(c) > 0)
			fprintf(fp, "%.6g", ratio_min_of(c));
		else
			fputs("null", fp);
		fprintf(fp, ", \"target\": {\"on\": \"%s\", \"op\": \"%s\", \"value\": %g, \"text\": ",
			c->target_kind == TARGET_RATIO ? "ratio" : "sklab", c->strict ? "<" : "<=", c->target);
		json_str(fp, c->target_text);
		fputs(", \"also\": ", fp);
		if (c->cond_text[0])
			json_str(fp, c->cond_text);
		else
			fputs("null", fp);
		fputs("}, \"met\": ", fp);
		fputs(met < 0 ? "null" : met ? "true" : "false", fp);
		fputs(", \"reason\": ", fp);
		if (met < 0 || ratio <= 0) {
			if (reason)
				json_str(fp, reason);
			else
				json_str(fp, "no baseline for a ratio");
		} else {
			fputs("null", fp);
		}
		fprintf(fp, ", \"reps\": %d,\n     \"note\": ", c->reps);
		json_str(fp, c->note);
		fprintf(fp, "%s}%s\n", c->extra, i + 1 < x->n ? "," : "");
	}
	fputs("  ]\n}\n", fp);
}

static void fmt_num(char *out, size_t n, double v)
{
	if (v >= 1000)
		snprintf(out, n, "%.0f", v);
	else if (v >= 100)
		snprintf(out, n, "%.1f", v);
	else
		snprintf(out, n, "%.2f", v);
}

static void write_text(FILE *fp, const ctx *x, const host_info *h0, const host_info *h1)
{
	int i;
	fprintf(fp, "sklab bench --self%s: sklab beside a baseline measured in the same run\n",
		x->quick ? " --quick" : "");
	fprintf(fp, "host: %ld CPU%s, %s%s, load average %.2f at the start, %.2f at the end\n\n", h0->nproc,
		h0->nproc == 1 ? "" : "s", h0->cpu, h0->vm ? " (virtual machine)" : "", h0->load1, h1->load1);
	fprintf(fp, "%-28s %-9s %9s  %26s %8s %8s  %-40s %s\n", "comparison", "unit", "baseline",
		"sklab min/median/max", "ratio", "of mins", "target", "met");
	for (i = 0; i < x->n; i++) {
		const comparison *c = &x->c[i];
		double ratio = ratio_of(c);
		int met = met_of(c);
		char b[32], s1[32], s2[32], s3[32], sk[128], rt[32], rm[32], tt[192];
		if (c->base.ok)
			fmt_num(b, sizeof(b), c->base.med);
		else
			snprintf(b, sizeof(b), "n/a");
		if (c->sk.ok) {
			fmt_num(s1, sizeof(s1), c->sk.min);
			fmt_num(s2, sizeof(s2), c->sk.med);
			fmt_num(s3, sizeof(s3), c->sk.max);
			snprintf(sk, sizeof(sk), "%s / %s / %s", s1, s2, s3);
		} else {
			snprintf(sk, sizeof(sk), "n/a");
		}
		if (ratio > 0)
			snprintf(rt, sizeof(rt), "%.2fx", ratio);
		else
			snprintf(rt, sizeof(rt), "n/a");
		if (ratio_min_of(c) > 0)
			snprintf(rm, sizeof(rm), "%.2fx", ratio_min_of(c));
		else
			snprintf(rm, sizeof(rm), "n/a");
		snprintf(tt, sizeof(tt), "%s%s%s", c->target_text, c->cond_text[0] ? ", " : "", c->cond_text);
		fprintf(fp, "%-28s %-9s %9s  %26s %8s %8s  %-40s %s\n", c->name, c->unit, b, sk, rt, rm, tt,
			met < 0 ? "n/a"
			: met	? "yes"
				: "NO");
	}
	fputs("\nbaselines and notes:\n", fp);
	for (i = 0; i < x->n; i++) {
		const comparison *c = &x->c[i];
		fprintf(fp, "  %s: %s.\n    baseline: %s", c->name, c->title, c->base_what);
		if (c->base.ok) {
			char a[32], m[32], z[32];
			fmt_num(a, sizeof(a), c->base.min);
			fmt_num(m, sizeof(m), c->base.med);
			fmt_num(z, sizeof(z), c->base.max);
			fprintf(fp, ": %s / %s / %s %s\n", a, m, z, c->unit);
		} else {
			fprintf(fp, ": n/a (%s)\n", c->base_why[0] ? c->base_why : "not measured");
		}
		if (!c->sk.ok)
			fprintf(fp, "    sklab: n/a (%s)\n", c->sk_why[0] ? c->sk_why : "not measured");
		if (c->note[0])
			fprintf(fp, "    %s\n", c->note);
	}
	fputs("\nratio = sklab median / baseline median (met is judged on it); \"of mins\" = sklab min / baseline\n"
	      "min, the least disturbed samples. Host figures vary from run to run: never read one sample.\n",
	      fp);
}

/* ---- the command ---------------------------------------------------------------------- */

static const char *const groups[] = {"slab_pair", "slab_table", "cachegrind", "cache_rate", "lua_skb",
				     "render",	  "scenarios",	"memory",     "startup"};
#define NGROUPS ((int)(sizeof(groups) / sizeof(groups[0])))

/* name is asked for: no names, or a name equal to it or to its group. */
static int want(const char *name, const char *const *names, int nnames)
{
	int i;
	size_t g = strcspn(name, "/");
	if (nnames == 0)
		return 1;
	for (i = 0; i < nnames; i++)
		if (!strcmp(names[i], name) || (strlen(names[i]) == g && !strncmp(names[i], name, g)))
			return 1;
	return 0;
}

static int known_name(const char *s)
{
	int i;
	size_t g = strcspn(s, "/");
	for (i = 0; i < NGROUPS; i++)
		if (strlen(groups[i]) == g && !strncmp(groups[i], s, g))
			return 1;
	return 0;
}

static void usage(FILE *fp)
{
	int i;
	fputs("usage: sklab bench --self [--json] [--quick] [NAME...]\n"
	      "\n"
	      "sklab's own speed and memory, each beside a baseline measured in the same run\n"
	      "(glibc malloc, Cachegrind, the same calls from C, an empty frame, a bare\n"
	      "start-up), as min/median/max over repetitions with the ratio and the target\n"
	      "(docs/performance.md). A missing baseline tool is n/a with the reason. A full\n"
	      "run takes a few minutes; --quick, smaller and fewer repetitions, well under one.\n"
	      "\n"
	      "NAME is a comparison (slab_pair/slub, render/slab10k) or a group:\n",
	      fp);
	for (i = 0; i < NGROUPS; i++)
		fprintf(fp, "  %s\n", groups[i]);
}

/* The hidden child modes: `--self-child memory|malloc N`, `--self-child workload ITERS`. */
static int self_child(int argc, char **argv, int i)
{
	long n;
	if (i + 2 >= argc) {
		fprintf(stderr, "sklab bench: --self-child takes a mode and a count\n");
		return 2;
	}
	n = atol(argv[i + 2]);
	if (n < 0)
		return 2;
	if (!strcmp(argv[i + 1], "memory"))
		return child_memory(skl_app_data_dir(), n, 0);
	if (!strcmp(argv[i + 1], "malloc"))
		return child_memory(skl_app_data_dir(), n, 1);
	if (!strcmp(argv[i + 1], "workload"))
		return cache_workload(n);
	fprintf(stderr, "sklab bench: unknown --self-child mode '%s'\n", argv[i + 1]);
	return 2;
}

int skl_cmd_bench_self(int argc, char **argv)
{
	ctx x;
	host_info h0, h1;
	const char **names;
	char tmpdir[] = "/tmp/sklab-self-XXXXXX";
	int nnames = 0, i, rc = 1, have_tmp = 0;
	ssize_t len;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--self-child"))
			return self_child(argc, argv, i);
	memset(&x, 0, sizeof(x));
	names = calloc((size_t)argc + 1, sizeof(*names));
	if (!names) {
		fprintf(stderr, "sklab bench: out of memory\n");
		return 1;
	}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--self")) {
			continue;
		} else if (!strcmp(argv[i], "--json")) {
			x.json = 1;
		} else if (!strcmp(argv[i], "--quick")) {
			x.quick = 1;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			rc = 0;
			goto out;
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "sklab bench --self: unknown option '%s' (try 'sklab bench --self --help')\n",
				argv[i]);
			rc = 2;
			goto out;
		} else if (!known_name(argv[i])) {
			fprintf(stderr,
				"sklab bench --self: unknown comparison '%s' (known: slab_pair, slab_table, "
				"cachegrind, cache_rate, lua_skb, render, scenarios, memory, startup)\n",
				argv[i]);
			rc = 2;
			goto out;
		} else {
			names[nnames++] = argv[i];
		}
	}

	x.data = skl_app_data_dir();
	setenv("SKLAB_DATA", x.data, 1); /* the children find the same data */
	snprintf(x.fonts, sizeof(x.fonts), "%s/assets/fonts", x.data);
	len = readlink("/proc/self/exe", x.exe, sizeof(x.exe) - 1);
	if (len <= 0) {
		fprintf(stderr, "sklab bench --self: cannot find this program (/proc/self/exe)\n");
		goto out;
	}
	x.exe[len] = '\0';
	find_valgrind(x.valgrind, sizeof(x.valgrind));
	if (!mkdtemp(tmpdir)) {
		fprintf(stderr, "sklab bench --self: cannot make a temporary directory: %s\n", strerror(errno));
		goto out;
	}
	have_tmp = 1;
	host_describe(&h0);

	/* the fresh-process figures first, while this process is small */
	if (want("memory", names, nnames))
		bench_memory(&x);
	if (want("startup", names, nnames))
		bench_startup(&x);
	if (want("scenarios", names, nnames))
		bench_scenarios(&x);
	if (want("slab_pair/slab24", names, nnames))
		bench_slab(&x, 0, "slab24", "linux-2.4.16-i386");
	if (want("slab_pair/slub", names, nnames))
		bench_slab(&x, 0, "slub", "linux-6.18-x86_64");
	if (want("slab_table/slab24", names, nnames))
		bench_slab(&x, 1, "slab24", "linux-2.4.16-i386");
	if (want("slab_table/slub", names, nnames))
		bench_slab(&x, 1, "slub", "linux-6.18-x86_64");
	if (want("cachegrind", names, nnames))
		bench_cachegrind(&x);
	if (want("cache_rate", names, nnames))
		bench_cache_rate(&x);
	if (want("lua_skb", names, nnames))
		bench_lua_skb(&x, tmpdir);
	{
		int any = 0;
		for (i = 0; i < nnames; i++)
			if (!strncmp(names[i], "render", 6))
				any = 1;
		if (nnames == 0 || any) {
			progress(&x, "render");
			bench_render(&x, tmpdir, names, nnames);
		}
	}
	host_describe(&h1);
	if (x.json)
		write_json(stdout, &x, &h0, &h1);
	else
		write_text(stdout, &x, &h0, &h1);
	rc = 0;
out:
	if (have_tmp)
		rmdir(tmpdir);
	free(x.c);
	free(names);
	return rc;
}
