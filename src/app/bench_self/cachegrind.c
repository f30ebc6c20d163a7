/*
 * cachegrind.c - `sklab bench --self cachegrind|cache_rate`: the cache
 * model against Cachegrind's marginal cost on the same program (traced by
 * Lackey and held in memory, with the miss counts compared), and the
 * model's speed alone on a synthetic program's trace.
 */
#include "bench_self.h"

#include "sklab/cachesim.h"

#include "sklab/synth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { KR = SKL_CACHESIM_READ, KW = SKL_CACHESIM_WRITE, KI = SKL_CACHESIM_IFETCH };

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

/* Feeds t's words themselves to skl_cachesim_run_words(): the model's own
 * encoding, one word per access, with no copy into a batch (the trace's
 * sizes are 1 to 64 and the machines' lines 64 bytes). ns per access. */
static double feed(skl_cachesim *h, const skl_synth_trace *t)
{
	size_t i;
	double t0 = skl__self_now_ns();
	for (i = 0; i < t->n; i++) /* a refused reference is skipped */
		i += skl_cachesim_run_words(h, t->a + i, t->n - i);
	return (skl__self_now_ns() - t0) / (double)(t->n ? t->n : 1);
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

/* The floor's counts as Cachegrind's summary gives them. */
static void floor_counts(const skl_synth_floor *f, cg_counts *c)
{
	c->ir = f->refs[0][KI];
	c->i1m = f->misses[0][KI];
	c->lli = f->misses[2][KI];
	c->dr = f->refs[1][KR] + f->refs[1][KW];
	c->d1m = f->misses[1][KR] + f->misses[1][KW];
	c->lld = f->misses[2][KR] + f->misses[2][KW];
}

/* Times runs passes of t through a fresh hierarchy: ns per access into v;
 * the counts of the first pass into cnt. With fl, each pass is followed by
 * one of the floor (skl_synth_floor_run: Cachegrind's algorithm, tags
 * only), its ns per access into fl; *fl_equal says whether its counts were
 * the model's. -1 on failure. */
static int time_model(const skl_synth_trace *t, int runs, double *v, cg_counts *cnt, double *fl, int *fl_equal,
		      skl_error *err)
{
	int i;
	for (i = 0; i < runs; i++) {
		skl_cachesim *h = cg_hier(err);
		cg_counts mc, fc;
		skl_synth_floor f;
		double t0;
		if (!h)
			return -1;
		v[i] = feed(h, t);
		model_counts(h, &mc);
		if (i == 0 && cnt)
			*cnt = mc;
		skl_cachesim_free(h);
		if (!fl)
			continue;
		t0 = skl__self_now_ns();
		if (skl_synth_floor_run(cg_levels, t, &f) < 0) {
			skl_errorf(err, "out of memory for the floor");
			return -1;
		}
		fl[i] = (skl__self_now_ns() - t0) / (double)(t->n ? t->n : 1);
		floor_counts(&f, &fc);
		*fl_equal = (i == 0 || *fl_equal) && !memcmp(&fc, &mc, sizeof(fc));
	}
	return 0;
}

/* The floor beside the model in a row's note: its median, and sklab's
 * median over it. */
static void floor_note(comparison *c, double *fl, int runs, int equal)
{
	stat3 f = skl__self_stats(fl, runs);
	size_t l = strlen(c->note);
	snprintf(c->note + l, sizeof(c->note) - l,
		 " The floor, Cachegrind's algorithm on the same trace in this process (each set's tags alone, in "
		 "recency order; no per-way state), run after each pass: %.2f ns per access at the median, sklab "
		 "%.2fx of it; its miss counts %s the model's.",
		 f.med, c->sk.med / f.med, equal ? "equal" : "DIFFER from");
}

static void floor_extra(comparison *c, double *fl, int runs, int equal)
{
	stat3 f = skl__self_stats(fl, runs);
	size_t l = strlen(c->extra);
	snprintf(c->extra + l, sizeof(c->extra) - l,
		 ", \"floor\": {\"min\": %.6g, \"median\": %.6g, \"max\": %.6g, \"counts_equal\": %s}", f.min, f.med,
		 f.max, equal ? "true" : "false");
}

/* The native workload valgrind runs (bench_cache's): per iteration a store
 * to a hot 4 KiB array, a load from a warm 256 KiB one, a sequential load
 * over 16 MiB and, one time in eight, a random load from it. */
int skl__self_cache_workload(long iters)
{
	uint64_t sum = 0;
	int rc = skl_synth_workload(iters, &sum);
	skl__self_sink_u64 = sum;
	return rc;
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
	skl_synth_trace *t = arg;
	if (!t->oom)
		skl_synth_push_lackey(t, line);
}

/* The same minimal environment for every valgrind run, so the initial
 * stack (and with it the D1 sets it uses) is the same under each tool. */
static char *vg_env[] = {"PATH=/usr/local/bin:/usr/bin:/bin", "LC_ALL=C", NULL};

void skl__self_cachegrind(ctx *x)
{
	long iters = x->quick ? 20000 : 200000;
	int reps = x->quick ? 1 : 3, runs = x->quick ? 1 : 5, r, good = 0, dropped = 0;
	char iters_s[32], geo[3][64];
	double cost[8], model[8], flr[8];
	int fl_equal = 0;
	cg_counts cg, sk;
	text_buf *out = NULL;
	skl_synth_trace t = {0};
	skl_error err;
	comparison *c;
	skl__self_progress(x, "cachegrind");
	c = skl__self_new_cmp(x, "cachegrind",
			      "the cache model on an in-memory skl_synth_trace against Cachegrind's marginal cost",
			      "ns/access");
	snprintf(c->base_what, sizeof(c->base_what),
		 "Cachegrind --cache-sim=yes minus valgrind --tool=none, CPU time per I+D ref");
	skl__self_target(c, TARGET_RATIO, 0.5, 0, "<= 0.5x Cachegrind");
	snprintf(c->cond_text, sizeof(c->cond_text), "the same miss counts");
	c->reps = reps;
#if defined(__SANITIZE_ADDRESS__)
	/* valgrind cannot run a program built with AddressSanitizer (both skl__self_want
	 * the address space), so do not try */
	snprintf(c->base_why, sizeof(c->base_why), "sklab is built with AddressSanitizer, which valgrind cannot run");
	snprintf(c->sk_why, sizeof(c->sk_why), "no trace: valgrind cannot run a sanitized sklab");
	snprintf(x->cg_why, sizeof(x->cg_why), "sklab is built with AddressSanitizer, which valgrind cannot run");
	return;
#endif
	if (!x->valgrind[0]) {
		snprintf(c->base_why, sizeof(c->base_why), "valgrind is not installed (not found on PATH)");
		snprintf(c->sk_why, sizeof(c->sk_why),
			 "the skl_synth_trace comes from valgrind's Lackey, which is missing");
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
		if (skl__self_spawn(none_argv, vg_env, 0, NULL, NULL, &rn) < 0 || !skl__self_exited_ok(&rn) ||
		    skl__self_spawn(cg_argv, vg_env, 2, collect_line, out, &rc) < 0 || !skl__self_exited_ok(&rc)) {
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
	c->base = skl__self_stats(cost, good);
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
		if (skl__self_spawn(lk_argv, vg_env, 1, lackey_line, &t, &rl) < 0 || !skl__self_exited_ok(&rl) ||
		    t.oom || !t.n) {
			snprintf(c->sk_why, sizeof(c->sk_why), "%s",
				 t.oom ? "out of memory for Lackey's trace" : "valgrind --tool=lackey failed");
			goto out;
		}
	}
	skl_error_clear(&err);
	if (time_model(&t, runs, model, &sk, flr, &fl_equal, &err) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "the model failed: %.400s", err.msg);
		goto out;
	}
	c->sk = skl__self_stats(model, runs);
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
	floor_note(c, flr, runs, fl_equal);
	snprintf(c->extra, sizeof(c->extra),
		 ", \"accesses\": %zu, \"misses_equal\": %s, \"cachegrind_counts\": {\"Ir\": %llu, \"I1mr\": %llu, "
		 "\"ILmr\": %llu, \"D\": %llu, \"D1m\": %llu, \"DLm\": %llu}, \"sklab_counts\": {\"Ir\": %llu, "
		 "\"I1mr\": %llu, \"ILmr\": %llu, \"D\": %llu, \"D1m\": %llu, \"DLm\": %llu}",
		 t.n, c->cond ? "true" : "false", (unsigned long long)cg.ir, (unsigned long long)cg.i1m,
		 (unsigned long long)cg.lli, (unsigned long long)cg.dr, (unsigned long long)cg.d1m,
		 (unsigned long long)cg.lld, (unsigned long long)sk.ir, (unsigned long long)sk.i1m,
		 (unsigned long long)sk.lli, (unsigned long long)sk.dr, (unsigned long long)sk.d1m,
		 (unsigned long long)sk.lld);
	floor_extra(c, flr, runs, fl_equal);
out:
	skl_synth_free(&t);
	free(out);
}

void skl__self_cache_rate(ctx *x)
{
	size_t n = x->quick ? 2000000 : 20000000;
	int runs = x->quick ? 3 : 5;
	double v[8], flr[8];
	int fl_equal = 0;
	skl_synth_trace t = {0};
	skl_error err;
	comparison *c;
	skl__self_progress(x, "cache_rate");
	c = skl__self_new_cmp(x, "cache_rate", "the cache model's speed through I1+D1+LL (at least 250 M accesses/s)",
			      "ns/access");
	snprintf(c->base_what, sizeof(c->base_what), "Cachegrind's marginal cost per access (the cachegrind row)");
	skl__self_target(c, TARGET_ABS, 4.0, 0, "<= 4 ns (>= 250 M/s)");
	c->reps = runs;
	if (x->cg_cost_ns > 0) {
		c->base.ok = 1;
		c->base.min = c->base.med = c->base.max = x->cg_cost_ns;
	} else {
		snprintf(c->base_why, sizeof(c->base_why), "%s",
			 x->cg_why[0] ? x->cg_why : "measured by the cachegrind comparison, which did not run");
	}
	if (skl_synth_program(&t, n, 0x5eed) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "out of memory for %zu accesses", n);
		skl_synth_free(&t);
		return;
	}
	skl_error_clear(&err);
	if (time_model(&t, runs, v, NULL, flr, &fl_equal, &err) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "the model failed: %.400s", err.msg);
		skl_synth_free(&t);
		return;
	}
	c->sk = skl__self_stats(v, runs);
	snprintf(c->note, sizeof(c->note),
		 "%zu accesses of a synthetic program (bench_cache's: calls, loops, stack, hot, warm and cold "
		 "data, sweeps) held in memory as 64-bit words, fed to skl_cachesim_run_words(), 3C "
		 "classification off, %d runs: %.1f M accesses/s at the median.",
		 n, runs, 1e3 / c->sk.med);
	floor_note(c, flr, runs, fl_equal);
	snprintf(c->extra, sizeof(c->extra), ", \"accesses\": %zu, \"maccesses_per_s\": %.1f", n, 1e3 / c->sk.med);
	floor_extra(c, flr, runs, fl_equal);
	skl_synth_free(&t);
}
