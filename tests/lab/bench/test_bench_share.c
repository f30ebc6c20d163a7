/*
 * test_bench_share.c - `sklab bench false_sharing` (src/core/lab/bench_share.c):
 * the model's coherence figures per increment, checked exactly against
 * what MESI gives by hand, and the host part run for a moment, checked
 * for its fields only: no test here looks at how long anything took.
 *
 * usage: test_bench_share MODE DATA_DIR [SKLAB]
 *   model:      the replay through the coherent N-CPU model, core API
 *               (no program needed)
 *   one_cpu:    this process on one CPU: nothing timed, said so, exit 0
 *   host:       the program SKLAB, text and JSON of a short run
 *   cli:        --threads and its errors
 */
#define _GNU_SOURCE
#include "check.h"
#include "json.h"

#include "sklab/runtime.h"
#include "sklab/bench.h"

#include <sched.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *data_dir, *sklab;
static skl_profile prof;

static skl_bench_result *run_core(int threads, int model_only)
{
	skl_bench_opts o;
	skl_bench_result *r = NULL;
	skl_error err;
	memset(&o, 0, sizeof(o));
	o.profile = &prof;
	o.quick = 1;
	o.model_only = model_only;
	o.threads = threads;
	o.target_ms = 3;
	o.samples = 3;
	if (skl_bench_run("false_sharing", &o, &r, &err) < 0) {
		printf("false_sharing: %s\n", err.msg);
		exit(1);
	}
	return r;
}

static const skl_bench_variant *variant(const skl_bench_result *r, const char *name)
{
	const skl_bench_variant *v = skl_bench_result_variant(r, name);
	if (v)
		return v;
	printf("false_sharing: no variant %s\n", name);
	exit(1);
}

/* ---- the model ------------------------------------------------------------------------- */

/* Per-increment figures of one variant, as worked by hand from MESI. */
typedef struct want {
	const char *name;
	double coherence, hitm, transfers, invalidations, accesses, lines, cycles;
} want;

static void check_variant(const skl_bench_result *r, const want *w, unsigned cpus)
{
	const skl_bench_model *m = &variant(r, w->name)->model;
	printf("%s/%u: coherence %.4f hitm %.4f transfers %.4f invalidations %.4f accesses %.4f lines %.4f cycles "
	       "%.4f\n",
	       w->name, cpus, m->coherence, m->hitm, m->transfers, m->invalidations, m->accesses, m->lines, m->cycles);
	CHECK_INT(m->cpus, cpus);
	CHECK_INT(m->ops, 1024);
	CHECK(m->coherence == w->coherence);
	CHECK(m->hitm == w->hitm);
	CHECK(m->transfers == w->transfers);
	CHECK(m->invalidations == w->invalidations);
	CHECK(m->accesses == w->accesses);
	CHECK(m->lines == w->lines);
	CHECK(m->cycles == w->cycles);
	CHECK(m->cycles == m->base_cycles + m->miss_cycles);
}

static void test_model(void)
{
	/* Two CPUs. shared: each increment's load finds the line Modified in
	 * the other CPU (it wrote last): a coherence miss served by a HITM,
	 * both then Shared; its store upgrades and invalidates the other
	 * copy. split: each CPU's line stays Modified in its own L1d.
	 * reader: the writer's load hits its Shared copy, its store
	 * invalidates the reader's, and the reader's load is a coherence miss
	 * served from the writer's Modified copy.
	 *
	 * Cycles on linux-6.18-x86_64's machine (L1d 5, L2 16, L3 60): one
	 * per access, plus, beyond L1d, a HITM's private lookups and the
	 * transfer (L3 + L1d by default): 16 + 65 = 81; an L3 hit 16 + 60 =
	 * 76; hits and upgrades nothing. shared = 2 + 81, split = 2, reader =
	 * 3 + 81. */
	static const want two[] = {
	    {"shared", 1, 1, 1, 1, 2, 1, 83},
	    {"split", 0, 0, 0, 0, 2, 1, 2},
	    {"reader", 1, 1, 1, 1, 3, 1, 84},
	};
	/* Four CPUs: shared is the same (one holder at a time, the CPU that
	 * wrote last); reader's writer invalidates three copies, the first
	 * reader is served by a HITM and the next two by the shared L3 (MESI
	 * has no forward state: Shared copies supply nothing): 5 + 81 + 2 x 76. */
	static const want four[] = {
	    {"shared", 1, 1, 1, 1, 2, 1, 83},
	    {"split", 0, 0, 0, 0, 2, 1, 2},
	    {"reader", 3, 1, 1, 3, 5, 1, 238},
	};
	skl_bench_result *r = run_core(2, 1), *r4 = run_core(4, 1), *again;
	const skl_bench_model *sh, *sp, *rd;
	int i, d;
	CHECK_INT(r->nvariants, 3);
	for (i = 0; i < 3; i++) {
		check_variant(r, &two[i], 2);
		check_variant(r4, &four[i], 4);
		CHECK(!r->variants[i].timed);
	}
	sh = &variant(r, "shared")->model;
	sp = &variant(r, "split")->model;
	rd = &variant(r, "reader")->model;
	/* split never leaves L1d: no miss anywhere */
	CHECK(sp->miss_cycles == 0);
	d = -1;
	for (i = 0; i < (int)sh->nlevels; i++)
		if (!strcmp(sh->level[i], "L1d"))
			d = i;
	CHECK(d >= 0);
	if (d >= 0) {
		CHECK(sh->misses[d] == 1); /* the load's; the store's upgrade hits */
		CHECK(sp->misses[d] == 0);
	}
	CHECK(rd->cycles > sh->cycles);
	CHECK(strstr(sh->machine, "Sapphire Rapids") != NULL);
	CHECK(sh->mhz == 3000);
	CHECK_INT(sh->line, 64);
	CHECK_INT(variant(r, "shared")->object_size, 16);
	CHECK_INT(variant(r, "split")->object_size, 136);
	CHECK_INT(variant(r4, "split")->object_size, 392);
	/* deterministic: a second run is the same to the bit */
	again = run_core(2, 1);
	for (i = 0; i < 3; i++)
		CHECK(!memcmp(&again->variants[i].model, &r->variants[i].model, sizeof(skl_bench_model)));
	skl_bench_result_free(again);
	skl_bench_result_free(r);
	skl_bench_result_free(r4);
}

/* ---- the program ----------------------------------------------------------------------- */

/* "sklab ARGS" with stderr joined; the output in *out (malloc'd), the exit status returned. */
static int run(const char *args, char **out)
{
	char cmd[4096], chunk[4096];
	skl_buf b;
	size_t n;
	FILE *fp;
	int st;
	snprintf(cmd, sizeof(cmd), "SKLAB_DATA='%s' '%s' %s 2>&1", data_dir, sklab, args);
	fp = popen(cmd, "r");
	if (!fp) {
		printf("cannot run %s\n", cmd);
		exit(1);
	}
	skl_buf_init(&b);
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		skl_buf_append(&b, chunk, n);
	st = pclose(fp);
	*out = b.data ? b.data : skl_strdup("");
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int usable_cpus(void)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return 1;
	return CPU_COUNT(&set);
}

/* The fields of a false_sharing workload in a JSON document; timed = the
 * host ran it (else measured is null and the host says why, unless the
 * run was model only). */
static void check_json(const jv *doc, int timed, int cpus, int model_only)
{
	jv *ws = jget(doc, "workloads"), *w, *vs, *hr;
	const char *names[] = {"shared", "split", "reader"};
	int i;
	CHECK(ws && ws->t == J_ARR && ws->nitems == 1);
	if (!ws || ws->nitems < 1)
		return;
	w = ws->items[0];
	CHECK_STR(jget(w, "name") ? jget(w, "name")->s : "", "false_sharing");
	CHECK_STR(jget(w, "profile") ? jget(w, "profile")->s : "", "linux-6.18-x86_64");
	CHECK(jget(w, "host") && jget(w, "host")->t == J_STR);
	if (jget(w, "host") && jget(w, "host")->t == J_STR)
		CHECK(model_only ? !jget(w, "host")->s[0] : strstr(jget(w, "host")->s, "this host") != NULL);
	hr = jget(w, "host_ratio");
	CHECK(hr && hr->t == J_OBJ);
	if (hr && hr->t == J_OBJ) {
		CHECK_STR(jget(hr, "name") ? jget(hr, "name")->s : "", "shared/split");
		CHECK(jget(hr, "value") && jget(hr, "value")->t == (timed ? J_NUM : J_NULL));
	}
	vs = jget(w, "variants");
	CHECK(vs && vs->t == J_ARR && vs->nitems == 3);
	for (i = 0; vs && i < vs->nitems && i < 3; i++) {
		jv *v = vs->items[i], *m = jget(v, "model"), *meas = jget(v, "measured"), *smp;
		CHECK_STR(jget(v, "name") ? jget(v, "name")->s : "", names[i]);
		CHECK_STR(jget(v, "unit") ? jget(v, "unit")->s : "", "increment");
		CHECK(meas && meas->t == (timed ? J_OBJ : J_NULL));
		if (timed && meas && meas->t == J_OBJ) { /* a number, nothing more */
			CHECK(jget(meas, "median_ns") && jget(meas, "median_ns")->t == J_NUM &&
			      jget(meas, "median_ns")->n > 0);
			/* how often the host took the threads off their CPUs */
			CHECK(jget(v, "note") && strstr(jget(v, "note")->s, " threads, preempted ") != NULL);
		}
		smp = m ? jget(m, "smp") : NULL;
		CHECK(smp && smp->t == J_OBJ);
		if (smp && smp->t == J_OBJ) {
			CHECK(jget(smp, "cpus") && jget(smp, "cpus")->n == cpus);
			CHECK(jget(smp, "hitm") && jget(smp, "hitm")->t == J_NUM);
			CHECK(jget(smp, "coherence_misses") && jget(smp, "coherence_misses")->t == J_NUM);
			CHECK(jget(smp, "invalidations") && jget(smp, "invalidations")->t == J_NUM);
			CHECK(jget(smp, "transfers") && jget(smp, "transfers")->t == J_NUM);
		}
	}
}

/* A short run's text and JSON: the fields, never the figures. */
static void test_host(void)
{
	char *out;
	jv *doc;
	int two = usable_cpus() >= 2;
	CHECK_INT(run("bench --quick --time 3 --samples 3 false_sharing", &out), 0);
	CHECK(strstr(out, "false_sharing: pinned threads increment their own members") == out);
	CHECK(strstr(out, "2 threads increment adjacent 8-byte members of one 64-byte line: ") != NULL);
	CHECK(strstr(out, "2 threads increment members 128 bytes apart") != NULL);
	CHECK(strstr(out, "1 thread increments its member while 1 reads another member of the same line: ") != NULL);
	CHECK(strstr(out, "\n  model ") != NULL && strstr(out, "HITM") != NULL);
	if (two) {
		CHECK(strstr(out, "threads pinned to CPUs ") != NULL);
		CHECK(strstr(out, "of one 64-byte line: this host, this run ") != NULL);
		CHECK(strstr(out, "\n  shared/split: ") != NULL && strstr(out, "(this host's medians)") != NULL);
	} else {
		CHECK(strstr(out, "one usable CPU") != NULL);
	}
	free(out);
	CHECK_INT(run("bench --json --quick --time 3 --samples 3 false_sharing", &out), 0);
	doc = jparse(out);
	CHECK(doc != NULL);
	if (doc)
		check_json(doc, two, 2, 0);
	jfree(doc);
	free(out);
}

/* On one CPU: no timing, the reason in text and JSON, exit 0. The
 * program inherits this process's affinity. */
static void test_one_cpu(void)
{
	cpu_set_t set;
	char *out;
	jv *doc;
	int cpu;
	skl_bench_result *r;
	CPU_ZERO(&set);
	CHECK(sched_getaffinity(0, sizeof(set), &set) == 0);
	for (cpu = 0; cpu < CPU_SETSIZE && !CPU_ISSET(cpu, &set); cpu++)
		;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	CHECK(sched_setaffinity(0, sizeof(set), &set) == 0);
	r = run_core(2, 0);
	CHECK(strstr(r->host, "one usable CPU") != NULL);
	CHECK(strstr(r->host, "nothing was timed") != NULL);
	CHECK(!variant(r, "shared")->timed && !variant(r, "split")->timed && !variant(r, "reader")->timed);
	CHECK(r->ratio_value == 0);
	CHECK_STR(r->ratio_name, "shared/split");
	skl_bench_result_free(r);
	if (!sklab)
		return;
	CHECK_INT(run("bench --quick false_sharing", &out), 0);
	CHECK(strstr(out, "one usable CPU") != NULL);
	CHECK(strstr(out, "shared/split: n/a (not timed)") != NULL);
	CHECK(strstr(out, ": not timed; model ") != NULL);
	free(out);
	CHECK_INT(run("bench --json --quick false_sharing", &out), 0);
	doc = jparse(out);
	CHECK(doc != NULL);
	if (doc) {
		check_json(doc, 0, 2, 0);
		CHECK(strstr(out, "one usable CPU") != NULL);
	}
	jfree(doc);
	free(out);
}

static void test_cli(void)
{
	char *out;
	jv *doc;
	CHECK_INT(run("bench --threads 9 false_sharing", &out), 2);
	CHECK(strstr(out, "--threads takes a count from 2 to 8, not '9'") != NULL);
	free(out);
	CHECK_INT(run("bench --threads 1 false_sharing", &out), 2);
	free(out);
	CHECK_INT(run("bench --help", &out), 0);
	CHECK(strstr(out, "--threads N") != NULL && strstr(out, "false_sharing") != NULL);
	free(out);
	CHECK_INT(run("bench --json --quick --model-only --threads 4 false_sharing", &out), 0);
	doc = jparse(out);
	CHECK(doc != NULL);
	if (doc)
		check_json(doc, 0, 4, 1);
	CHECK(strstr(out, "4 threads increment adjacent") != NULL);
	CHECK(strstr(out, "while 3 read another member") != NULL);
	jfree(doc);
	free(out);
}

int main(int argc, char **argv)
{
	const char *mode;
	skl_error err;
	if (argc < 3) {
		fprintf(stderr, "usage: %s MODE DATA_DIR [SKLAB]\n", argv[0]);
		return 2;
	}
	mode = argv[1];
	data_dir = argv[2];
	sklab = argc > 3 ? argv[3] : NULL;
	if (skl_data_load_profile(data_dir, "linux-6.18-x86_64", &prof, &err) < 0) {
		printf("cannot load the profile: %s\n", err.msg);
		return 1;
	}
	if (!strcmp(mode, "model"))
		test_model();
	else if (!strcmp(mode, "one_cpu"))
		test_one_cpu();
	else if (!sklab) {
		fprintf(stderr, "%s: mode %s needs the sklab program\n", argv[0], mode);
		return 2;
	} else if (!strcmp(mode, "host"))
		test_host();
	else if (!strcmp(mode, "cli"))
		test_cli();
	else {
		fprintf(stderr, "%s: unknown mode %s\n", argv[0], mode);
		return 2;
	}
	return check_done(argv[0]);
}
