/*
 * process.c - `sklab bench --self scenarios|startup|memory`: figures that
 * need a fresh process: every bundled scenario headless, the start-up of
 * one command, and the peak memory of a million modelled objects (taken in
 * a child that is this program itself, reading its own VmHWM).
 */
#include "bench_self.h"

#include "sklab/runtime.h"
#include "sklab/events.h"
#include "sklab/kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void skl__self_scenarios(ctx *x)
{
	char **files = NULL, scen[4200];
	int nfiles, reps = x->quick ? 1 : 3, r, i, failed = 0;
	double vs[8], vb[8];
	comparison *c;
	skl__self_progress(x, "scenarios");
	c = skl__self_new_cmp(x, "scenarios", "every bundled scenario headless, text only, one process each",
			      "s total");
	snprintf(c->base_what, sizeof(c->base_what), "as many `sklab --version` processes (the start-up floor)");
	skl__self_target(c, TARGET_ABS, 3.0, 1, "< 3 s in total");
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
			if (skl__self_spawn(run_argv, NULL, 0, NULL, NULL, &cr) < 0) {
				snprintf(c->sk_why, sizeof(c->sk_why), "cannot start sklab");
				goto out;
			}
			if (!skl__self_exited_ok(&cr))
				failed++;
			ts += cr.wall_ns;
			if (skl__self_spawn(ver_argv, NULL, 0, NULL, NULL, &cr) < 0 || !skl__self_exited_ok(&cr)) {
				snprintf(c->base_why, sizeof(c->base_why), "sklab --version failed");
				goto out;
			}
			tb += cr.wall_ns;
		}
		vs[r] = ts / 1e9;
		vb[r] = tb / 1e9;
	}
	c->sk = skl__self_stats(vs, reps);
	c->base = skl__self_stats(vb, reps);
	snprintf(c->note, sizeof(c->note),
		 "%d scenarios, each `sklab run --headless FILE` (report on stdout, no frames), wall time "
		 "summed; %d run%s exited non-zero.",
		 nfiles, failed, failed == 1 ? "" : "s");
	snprintf(c->extra, sizeof(c->extra), ", \"scenarios\": %d, \"failed_runs\": %d", nfiles, failed);
out:
	skl_app_free_list(files, nfiles);
}

void skl__self_startup(ctx *x)
{
	int reps = x->quick ? 5 : 21, r;
	double vs[32], vb[32];
	comparison *c;
	char *lay_argv[] = {x->exe, "layout", "linux-2.4.16/sock", NULL};
	char *ver_argv[] = {x->exe, "--version", NULL};
	skl__self_progress(x, "startup");
	c = skl__self_new_cmp(x, "startup", "`sklab layout linux-2.4.16/sock`, a fresh process", "ms");
	snprintf(c->base_what, sizeof(c->base_what), "`sklab --version` (exec and dynamic linking only)");
	skl__self_target(c, TARGET_ABS, 50.0, 1, "< 50 ms");
	c->reps = reps;
	for (r = 0; r < reps; r++) {
		child_result cr;
		if (skl__self_spawn(lay_argv, NULL, 0, NULL, NULL, &cr) < 0 || !skl__self_exited_ok(&cr)) {
			snprintf(c->sk_why, sizeof(c->sk_why), "sklab layout linux-2.4.16/sock failed");
			return;
		}
		vs[r] = cr.wall_ns / 1e6;
		if (skl__self_spawn(ver_argv, NULL, 0, NULL, NULL, &cr) < 0 || !skl__self_exited_ok(&cr)) {
			snprintf(c->base_why, sizeof(c->base_why), "sklab --version failed");
			return;
		}
		vb[r] = cr.wall_ns / 1e6;
	}
	c->sk = skl__self_stats(vs, reps);
	c->base = skl__self_stats(vb, reps);
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
	if (skl__self_spawn(argv, NULL, 1, read_number, &kib, &cr) < 0 || !skl__self_exited_ok(&cr))
		return -1;
	return kib;
}

#define MEM_PROFILE "linux-6.18-x86_64"

void skl__self_memory(ctx *x)
{
	long n = x->quick ? 100000 : 1000000;
	int reps = x->quick ? 1 : 3, r;
	double vs[8], vb[8];
	comparison *c;
	skl__self_progress(x, "memory");
	c = skl__self_new_cmp(x, "memory", "one million modelled 64-byte objects, each with its allocation event kept",
			      "B/object");
	snprintf(c->base_what, sizeof(c->base_what), "glibc malloc(64) overhead per object, the same count");
	skl__self_target(c, TARGET_ABS, 32.0, 0, "<= 32 B beyond the object");
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
	c->sk = skl__self_stats(vs, reps);
	c->base = skl__self_stats(vb, reps);
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
int skl__self_child_memory(const char *data, long n, int use_malloc)
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
			skl__self_sink_ptr = p;
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
	skl__self_sink_ptr = NULL;
	skl_kernel_free(k);
	skl_events_free(log);
	return rc;
}
