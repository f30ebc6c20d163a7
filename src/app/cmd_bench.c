/*
 * cmd_bench.c - `sklab bench`: host timing of the seed threads' hot paths
 * with the cache model's estimate beside each measurement, as lmbench-style
 * lines and a table, as JSON (docs/bench.md), and as a bar chart (PNG or
 * SVG, drawn headless by the render layer).
 */
#include "app.h"

#include "sklab/runtime.h"
#include "sklab/render/export.h"
#include "sklab/bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LAYOUT_SET "linux-2.4.16"
#define LAYOUT_PROFILE "linux-2.4.16-i386" /* the set's ABI and config when the machine is of another era */

enum {
	O_PROFILE = 256,
	O_CHART,
	O_REPS,
	O_TIME,
	O_SAMPLES,
	O_MEM,
	O_JSON,
	O_QUICK,
	O_MODEL_ONLY,
	O_HOST_MODEL,
	O_NO_COUNTERS,
	O_THREADS
};

static const skl_app_opt options[] = {
    {"json", O_JSON, SKL_APP_NONE, NULL, "one JSON object instead of the text (docs/bench.md)", NULL},
    {"quick", O_QUICK, SKL_APP_NONE, NULL, "small tables and about 20 ms per variant (smoke tests)", NULL},
    {"reps", O_REPS, SKL_APP_VALUE, "N", "fix the operations per sample instead of timing for --time", NULL},
    {"time", O_TIME, SKL_APP_VALUE, "MS", "the time per variant (1000; 20 with --quick)", NULL},
    {"samples", O_SAMPLES, SKL_APP_VALUE, "N", "timed samples per variant (101; 9 with --quick)", NULL},
    {"profile", O_PROFILE, SKL_APP_VALUE, "P", "run every workload on kernel profile P", NULL},
    {"host-model", O_HOST_MODEL, SKL_APP_NONE, NULL, "replay through a model of the host's caches instead", NULL},
    {"model-only", O_MODEL_ONLY, SKL_APP_NONE, NULL, "no timing and no counters: only the model's figures", NULL},
    {"no-counters", O_NO_COUNTERS, SKL_APP_NONE, NULL, "do not read hardware counters (perf_event_open)", NULL},
    {"mem", O_MEM, SKL_APP_VALUE, "MIB", "the memory a hash table may use (512)", NULL},
    {"threads", O_THREADS, SKL_APP_VALUE, "N", "false_sharing's threads and modelled CPUs, 2 to 8 (2)", NULL},
    {"chart", O_CHART, SKL_APP_VALUE, "FILE.png|FILE.svg", "also draw the time and the modelled misses as bars", NULL},
    {0},
};

static const skl_app_cmd bench_cmd = {
    .name = "bench",
    .about = "Times each workload natively on the simulated machine's memory and replays it\n"
	     "through the cache model of the profile's era (or the host's, --host-model).\n"
	     "Without --profile each workload runs on its thread's machine. Model figures\n"
	     "are deterministic; host figures are not.\n"
	     "\n"
	     "sklab bench --self measures sklab itself against baselines (malloc,\n"
	     "Cachegrind, C calls, start-up): see docs/performance.md and its --help.",
    .opts = options,
};

static void usage(FILE *fp)
{
	int i;
	skl_app_usage(fp, &bench_cmd);
	fputs("\nworkloads:\n", fp);
	for (i = 0; i < skl_bench_nworkloads(); i++)
		fprintf(fp, "  %-15s %s (%s)\n", skl_bench_workload_name(i),
			skl_bench_workload_title(skl_bench_workload_name(i)),
			skl_bench_workload_profile(skl_bench_workload_name(i)));
}

static int known_workloads(char *out, size_t outsz)
{
	int i;
	size_t n = 0;
	out[0] = '\0';
	for (i = 0; i < skl_bench_nworkloads() && n < outsz; i++)
		n += (size_t)snprintf(out + n, outsz - n, "%s%s", i ? ", " : "", skl_bench_workload_name(i));
	return 0;
}

static int has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n > m && !strcmp(s + n - m, suffix);
}

static int parse_u64(const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
	char *end;
	unsigned long long n;
	if (!v || !*v || *v == '-')
		return -1;
	n = strtoull(v, &end, 10);
	if (*end || n < lo || n > hi)
		return -1;
	*out = n;
	return 0;
}

static int write_chart(const char *path, const skl_bench_result *const *res, int n, skl_error *err)
{
	skl_chart *charts[2];
	const skl_chart *cc[2];
	skl_scene sc;
	skl_render_opts ro;
	char fonts[4200];
	int rc;
	charts[0] = skl_bench_chart(res, n, 0);
	charts[1] = skl_bench_chart(res, n, 1);
	if (!charts[0] || !charts[1]) {
		skl_chart_free(charts[0]);
		skl_chart_free(charts[1]);
		return skl_errorf(err, "out of memory");
	}
	cc[0] = charts[0];
	cc[1] = charts[1];
	memset(&sc, 0, sizeof(sc));
	sc.title = "sklab bench";
	sc.caption = "host median against the cache model's estimate; modelled misses per operation by level";
	sc.charts = cc;
	sc.ncharts = 2;
	memset(&ro, 0, sizeof(ro));
	snprintf(fonts, sizeof(fonts), "%s/assets/fonts", skl_app_data_dir());
	ro.font_dir = fonts;
	ro.width = 1600;
	ro.height = 1200;
	rc = skl_render_scene_file(&sc, path, NULL, &ro, err);
	skl_chart_free(charts[0]);
	skl_chart_free(charts[1]);
	return rc;
}

int skl_cmd_bench(int argc, char **argv)
{
	const char *profile_name = NULL, *chart = NULL;
	const char **names = NULL;
	int nnames = 0, json = 0, i, key, rc = 1, nres = 0;
	skl_bench_opts o;
	skl_profile prof, lprof, wprof;
	skl_typedb *db = NULL;
	skl_bench_result **res = NULL;
	const char *data = skl_app_data_dir();
	skl_error err;
	uint64_t n;
	skl_app_args g;

	for (i = 1; i < argc; i++) /* sklab's own figures against baselines: bench_self/ */
		if (!strcmp(argv[i], "--self") || !strcmp(argv[i], "--self-child"))
			return skl_cmd_bench_self(argc, argv);
	skl_error_clear(&err);
	memset(&o, 0, sizeof(o));
	/* the workloads named, or every workload when none is */
	names = calloc((size_t)(argc > skl_bench_nworkloads() ? argc : skl_bench_nworkloads()) + 1, sizeof(*names));
	if (!names) {
		fprintf(stderr, "sklab bench: out of memory\n");
		return 1;
	}
	skl_app_args_init(&g, &bench_cmd, argc, argv);
	while ((key = skl_app_getopt(&g)) != SKL_APP_END) {
		const char *v = g.arg;
		switch (key) {
		case SKL_APP_BAD:
			rc = 2;
			goto out;
		case 'h':
			usage(stdout);
			rc = 0;
			goto out;
		case O_PROFILE:
			profile_name = v;
			break;
		case O_CHART:
			chart = v;
			break;
		case O_REPS:
			if (parse_u64(v, 1, (uint64_t)1 << 40, &o.reps) < 0) {
				rc =
				    skl_app_usage_error(&bench_cmd, "--reps takes a count from 1 to 2^40, not '%s'", v);
				goto out;
			}
			break;
		case O_TIME:
			if (parse_u64(v, 1, 600000, &n) < 0) {
				rc = skl_app_usage_error(&bench_cmd,
							 "--time takes milliseconds from 1 to 600000, not '%s'", v);
				goto out;
			}
			o.target_ms = (double)n;
			break;
		case O_SAMPLES:
			if (parse_u64(v, 1, 1000, &n) < 0) {
				rc = skl_app_usage_error(&bench_cmd, "--samples takes a count from 1 to 1000, not '%s'",
							 v);
				goto out;
			}
			o.samples = (int)n;
			break;
		case O_MEM:
			if (parse_u64(v, 1, 4096, &n) < 0) {
				rc = skl_app_usage_error(&bench_cmd, "--mem takes MiB from 1 to 4096, not '%s'", v);
				goto out;
			}
			o.mem_limit = n << 20;
			break;
		case O_THREADS:
			if (parse_u64(v, 2, SKL_BENCH_MAX_THREADS, &n) < 0) {
				rc = skl_app_usage_error(&bench_cmd, "--threads takes a count from 2 to %d, not '%s'",
							 SKL_BENCH_MAX_THREADS, v);
				goto out;
			}
			o.threads = (int)n;
			break;
		case O_JSON:
			json = 1;
			break;
		case O_QUICK:
			o.quick = 1;
			break;
		case O_MODEL_ONLY:
			o.model_only = 1;
			break;
		case O_HOST_MODEL:
			o.host_model = 1;
			break;
		case O_NO_COUNTERS:
			o.no_counters = 1;
			break;
		default: /* SKL_APP_ARG: a workload */
			if (!skl_bench_workload_title(v)) {
				char known[256];
				known_workloads(known, sizeof(known));
				rc = skl_app_usage_error(&bench_cmd, "unknown workload '%s' (known: %s)", v, known);
				goto out;
			}
			names[nnames++] = v;
			break;
		}
	}
	if (nnames == 0)
		for (i = 0; i < skl_bench_nworkloads(); i++)
			names[nnames++] = skl_bench_workload_name(i);
	if (chart && !has_suffix(chart, ".png") && !has_suffix(chart, ".svg")) {
		rc = skl_app_usage_error(&bench_cmd, "--chart wants a .png or .svg file, not '%s'", chart);
		goto out;
	}
	if (profile_name && skl_data_load_profile(data, profile_name, &prof, &err) < 0) {
		rc = skl_app_fail("bench", &err);
		goto out;
	}
	res = calloc((size_t)nnames, sizeof(*res));
	if (!res) {
		fprintf(stderr, "sklab bench: out of memory\n");
		goto out;
	}

	for (i = 0; i < nnames; i++) {
		const char *w = names[i];
		if (profile_name) {
			wprof = prof;
		} else if (skl_data_load_profile(data, skl_bench_workload_profile(w), &wprof, &err) < 0) {
			rc = skl_app_fail("bench", &err);
			goto out;
		}
		o.profile = &wprof;
		o.types = NULL;
		o.layout_profile = NULL;
		if (skl_bench_workload_needs_types(w)) {
			if (!db) {
				db = skl_typedb_new();
				if (!db || skl_data_load_layouts(data, LAYOUT_SET, db, &err) < 0) {
					if (!db)
						skl_errorf(&err, "out of memory");
					rc = skl_app_fail("bench", &err);
					goto out;
				}
			}
			if (strcmp(wprof.layouts, LAYOUT_SET)) {
				if (skl_data_load_profile(data, LAYOUT_PROFILE, &lprof, &err) < 0) {
					rc = skl_app_fail("bench", &err);
					goto out;
				}
				o.layout_profile = &lprof;
			}
			o.types = db;
		}
		if (skl_bench_run(w, &o, &res[nres], &err) < 0) {
			rc = skl_app_fail("bench", &err);
			goto out;
		}
		nres++;
		if (!json) {
			skl_sink s = skl_file_sink(stdout);
			if (i)
				fputs("\n", stdout);
			skl_bench_write_text(res[nres - 1], &s);
			fflush(stdout);
		}
	}
	if (json) {
		skl_sink s = skl_file_sink(stdout);
		skl_bench_write_json((const skl_bench_result *const *)res, nres, &s);
	}
	if (chart) {
		if (write_chart(chart, (const skl_bench_result *const *)res, nres, &err) < 0) {
			rc = skl_app_fail("chart", &err);
			goto out;
		}
		fprintf(json ? stderr : stdout, "%schart: %s\n", json ? "sklab bench: " : "\n", chart);
	} else if (!json) {
		puts("\n(--chart FILE.png draws the time and the modelled misses as bars)");
	}
	rc = 0;
out:
	for (i = 0; i < nres; i++)
		skl_bench_result_free(res[i]);
	free(res);
	skl_typedb_free(db);
	free(names);
	return rc;
}
