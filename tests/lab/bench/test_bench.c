/*
 * test_bench.c - the host-timing module (src/core/lab/bench*.c), `sklab bench`
 * and sklab.bench. Model figures are checked for what the seed threads say
 * (identity in one line beats spread; the fat sock zeroes more lines than
 * tcp_sock; inline does less than out of line) and for being the same on
 * every run. Host timings are only checked to be positive numbers: no test
 * here asserts how long anything takes.
 *
 * usage: test_bench MODE DATA_DIR [SKLAB]
 *   model_connect, model_hash, model_skb, model_determinism, errors: the core API
 *   json, json_determinism, cli_errors, chart: the program SKLAB
 *   lua: tests/lab/bench/bench_api.lua through the scenario runtime
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "json.h"

#include "sklab/runtime.h"
#include "sklab/bench.h"

#include <math.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *data_dir;

/* ---- loading what the workloads need ---------------------------------------------- */

static skl_profile prof_i386, prof_2631;
static skl_typedb *db;

static void load(void)
{
	skl_error err;
	if (skl_data_load_profile(data_dir, "linux-2.4.16-i386", &prof_i386, &err) < 0 ||
	    skl_data_load_profile(data_dir, "linux-2.6.31-x86_64", &prof_2631, &err) < 0) {
		printf("cannot load profiles: %s\n", err.msg);
		exit(1);
	}
	db = skl_typedb_new();
	if (!db || skl_data_load_layouts(data_dir, "linux-2.4.16", db, &err) < 0) {
		printf("cannot load layouts: %s\n", err.msg);
		exit(1);
	}
}

static skl_bench_result *run_model(const char *w, const skl_profile *p)
{
	skl_bench_opts o;
	skl_bench_result *r = NULL;
	skl_error err;
	memset(&o, 0, sizeof(o));
	o.profile = p;
	o.types = db;
	o.quick = 1;
	o.model_only = 1;
	if (skl_bench_run(w, &o, &r, &err) < 0) {
		printf("%s: %s\n", w, err.msg);
		exit(1);
	}
	return r;
}

static const skl_bench_variant *variant(const skl_bench_result *r, const char *name)
{
	const skl_bench_variant *v = skl_bench_result_variant(r, name);
	if (v)
		return v;
	printf("%s: no variant %s\n", r->workload, name);
	exit(1);
}

static int level_index(const skl_bench_model *m, const char *name)
{
	unsigned l;
	for (l = 0; l < m->nlevels; l++)
		if (!strcmp(m->level[l], name))
			return (int)l;
	return -1;
}

/* ---- the model, through the core API -------------------------------------------------- */

static void test_model_connect(void)
{
	skl_bench_result *r = run_model("lat_connect", &prof_i386);
	const skl_bench_variant *sock = variant(r, "sock"), *all = variant(r, "sock_all"),
				*tcp = variant(r, "tcp_sock"), *udp = variant(r, "udp_sock"),
				*raw = variant(r, "raw4_sock"), *unx = variant(r, "unix_sock");
	CHECK_INT(r->nvariants, 6);
	/* sizes come from the layout engine and the slab allocator (reference 3.3, slabinfo) */
	CHECK_INT(sock->object_size, 812);
	CHECK_INT(sock->cache_size, 832);
	CHECK_INT(all->object_size, 1268);
	CHECK_INT(all->cache_size, 1280);
	CHECK_INT(tcp->object_size, 788);
	CHECK_INT(tcp->cache_size, 800);
	CHECK_INT(udp->object_size, 364);
	CHECK_INT(raw->object_size, 368);
	CHECK_INT(unx->object_size, 392);
	CHECK_STR(sock->layout, "struct sock");
	CHECK_STR(tcp->layout, "struct tcp_sock");
	/* zero_it: the fat sock touches more lines than any per-protocol object */
	CHECK(all->model.lines > sock->model.lines);
	CHECK(sock->model.lines > tcp->model.lines);
	CHECK(tcp->model.lines > unx->model.lines);
	CHECK(unx->model.lines > udp->model.lines);
	/* 812 bytes zeroed on 32-byte lines: 26 lines of the object at least */
	CHECK(sock->model.lines >= 26);
	CHECK(sock->model.cycles > udp->model.cycles);
	CHECK(sock->model.cycles == sock->model.base_cycles + sock->model.miss_cycles);
	CHECK(sock->model.mhz == 800);
	CHECK(sock->model.ns > 0);
	CHECK_INT(sock->model.line, 32);
	CHECK(!sock->timed);
	CHECK(sock->ratio == 0);
	CHECK(strstr(r->layouts, "linux-2.4.16 (i386") == r->layouts);
	skl_bench_result_free(r);
}

static void test_model_hash(void)
{
	skl_bench_result *r = run_model("hash_lookup", &prof_i386);
	const char *sizes[] = {"64", "4096"};
	int i, d;
	CHECK_INT(r->nvariants, 4);
	for (i = 0; i < 2; i++) {
		char a[32], b[32];
		const skl_bench_variant *one, *spread;
		snprintf(a, sizeof(a), "one_line/%s", sizes[i]);
		snprintf(b, sizeof(b), "spread/%s", sizes[i]);
		one = variant(r, a);
		spread = variant(r, b);
		d = level_index(&one->model, "L1d");
		CHECK(d >= 0);
		if (d < 0)
			continue;
		/* Miller's point: identity + hash link in one line touch fewer lines */
		CHECK(one->model.lines < spread->model.lines);
		CHECK(one->model.misses[d] < spread->model.misses[d]);
		CHECK(one->model.cycles < spread->model.cycles);
		CHECK_INT(one->objects, strtol(sizes[i], NULL, 10));
		CHECK_INT(one->cache_size, spread->cache_size);
	}
	/* a table beyond L1 misses more than one that fits */
	d = level_index(&variant(r, "one_line/64")->model, "L1d");
	if (d >= 0)
		CHECK(variant(r, "one_line/64")->model.misses[d] < variant(r, "one_line/4096")->model.misses[d]);
	CHECK_STR(variant(r, "spread/64")->layout, "struct sock_spread");
	skl_bench_result_free(r);
}

static void test_model_skb(void)
{
	skl_bench_result *r = run_model("skb_put_inline", &prof_2631);
	const skl_bench_variant *in = variant(r, "inline"), *ool = variant(r, "out_of_line");
	CHECK_INT(r->nvariants, 2);
	CHECK(in->model.accesses < ool->model.accesses);
	CHECK(in->model.cycles < ool->model.cycles);
	CHECK_INT(in->model.line, 64);
	CHECK(strstr(in->model.machine, "Core 2") != NULL);
	/* code size is measured (ELF) or n/a with the reason: never made up */
	CHECK((in->code_bytes > 0 && ool->code_bytes > 0) ||
	      (in->code_bytes < 0 && ool->code_bytes < 0 && strstr(in->code_how, "n/a")));
	CHECK(in->code_how[0] != '\0');
	skl_bench_result_free(r);
}

static void test_model_determinism(void)
{
	const char *w[] = {"lat_connect", "hash_lookup", "skb_put_inline"};
	int i, j;
	for (i = 0; i < 3; i++) {
		const skl_profile *p = i == 2 ? &prof_2631 : &prof_i386;
		skl_bench_result *a = run_model(w[i], p), *b = run_model(w[i], p);
		skl_buf ta, tb;
		skl_sink sa, sb;
		CHECK_INT(a->nvariants, b->nvariants);
		for (j = 0; j < a->nvariants && j < b->nvariants; j++) {
			CHECK(!memcmp(&a->variants[j].model, &b->variants[j].model, sizeof(skl_bench_model)));
			CHECK_STR(a->variants[j].name, b->variants[j].name);
		}
		/* and the text of a model-only run is the same byte for byte */
		skl_buf_init(&ta);
		skl_buf_init(&tb);
		sa = skl_buf_sink(&ta);
		sb = skl_buf_sink(&tb);
		skl_bench_write_text(a, &sa);
		skl_bench_write_text(b, &sb);
		CHECK(ta.len > 0 && ta.len == tb.len && !memcmp(ta.data, tb.data, ta.len));
		skl_buf_free(&ta);
		skl_buf_free(&tb);
		skl_bench_result_free(a);
		skl_bench_result_free(b);
	}
}

static void test_errors(void)
{
	skl_bench_opts o;
	skl_bench_result dummy, *r = &dummy;
	skl_error err;
	memset(&o, 0, sizeof(o));
	o.profile = &prof_i386;
	o.model_only = 1;
	o.quick = 1;
	skl_error_clear(&err);
	CHECK_INT(skl_bench_run("lat_tcp", &o, &r, &err), -1);
	CHECK(r == NULL);
	CHECK(strstr(err.msg, "unknown workload 'lat_tcp'") != NULL);
	CHECK(strstr(err.msg, "known: lat_connect, hash_lookup, skb_put_inline, false_sharing") != NULL);
	skl_error_clear(&err);
	CHECK_INT(skl_bench_run("hash_lookup", &o, &r, &err), -1); /* no types */
	CHECK(strstr(err.msg, "layout set") != NULL);
	o.profile = NULL;
	CHECK_INT(skl_bench_run("skb_put_inline", &o, &r, &err), -1);
	CHECK_INT(skl_bench_nworkloads(), 4);
	CHECK(skl_bench_workload_title("nope") == NULL);
	CHECK_STR(skl_bench_workload_profile("skb_put_inline"), "linux-2.6.31-x86_64");
	CHECK(skl_bench_counter_name(SKL_BENCH_NCOUNTERS) == NULL);
	CHECK_STR(skl_bench_counter_name(SKL_BENCH_L1I_MISSES), "L1-icache-load-misses");
	/* a memory limit too small for even one slab of the table still runs,
	 * at one object */
	o.profile = &prof_i386;
	o.types = db;
	o.mem_limit = 1;
	CHECK_INT(skl_bench_run("hash_lookup", &o, &r, &err), 0);
	if (r) {
		CHECK_INT(r->nvariants, 2);
		CHECK(strstr(r->notes, "cut to what fits") != NULL);
		skl_bench_result_free(r);
	}
}

#define JTYPE(v, key, type)                                                                                            \
	do {                                                                                                           \
		jv *x_ = jget((v), (key));                                                                             \
		if (!x_ || x_->t != (type)) {                                                                          \
			printf("%s:%d: key \"%s\" missing or not of type %d\n", __FILE__, __LINE__, (key), (type));    \
			check_failures++;                                                                              \
		}                                                                                                      \
	} while (0)

/* ---- the program ------------------------------------------------------------------------ */

static const char *sklab;

/* Runs "sklab ARGS" with stderr joined to stdout when join; the output in
 * *out (malloc'd), the exit status returned. */
static int run(const char *args, int join, char **out)
{
	char cmd[8192];
	skl_buf b;
	char chunk[4096];
	size_t n;
	FILE *fp;
	int st;
	snprintf(cmd, sizeof(cmd), "SKLAB_DATA='%s' '%s' %s%s", data_dir, sklab, args, join ? " 2>&1" : " 2>/dev/null");
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

#define NWORKLOADS 4
static const char *const want_variants[NWORKLOADS][7] = {
    {"sock", "sock_all", "tcp_sock", "udp_sock", "raw4_sock", "unix_sock", NULL},
    {"one_line/64", "spread/64", "one_line/4096", "spread/4096", NULL},
    {"inline", "out_of_line", NULL},
    {"shared", "split", "reader", NULL},
};

static void check_counter(const jv *c)
{
	jv *val = jget(c, "value"), *why = jget(c, "reason");
	CHECK(val && why);
	if (!val || !why)
		return;
	/* a number, or n/a with the reason: never a failure */
	CHECK((val->t == J_NUM && val->n >= 0 && why->t == J_NULL) ||
	      (val->t == J_NULL && why->t == J_STR && why->s[0]));
}

static jv *bench_json(const char *extra)
{
	char args[512], *out;
	jv *doc;
	int rc;
	snprintf(args, sizeof(args), "bench --json --quick %s", extra);
	rc = run(args, 0, &out);
	CHECK_INT(rc, 0);
	doc = jparse(out);
	if (!doc)
		printf("not JSON:\n%s\n", out);
	free(out);
	return doc;
}

static void test_json(void)
{
	jv *doc = bench_json("--time 2 --samples 3"), *ws;
	int i, j, k;
	CHECK(doc != NULL);
	if (!doc)
		return;
	JTYPE(doc, "sklab_bench", J_NUM);
	JTYPE(doc, "version", J_STR);
	JTYPE(doc, "quick", J_BOOL);
	JTYPE(doc, "model_only", J_BOOL);
	JTYPE(doc, "target_ms", J_NUM);
	JTYPE(doc, "workloads", J_ARR);
	ws = jget(doc, "workloads");
	if (!ws) {
		jfree(doc);
		return;
	}
	CHECK_INT(ws->nitems, NWORKLOADS);
	for (i = 0; i < ws->nitems && i < NWORKLOADS; i++) {
		jv *w = ws->items[i], *vs, *levels;
		CHECK_STR(jget(w, "name") ? jget(w, "name")->s : "", skl_bench_workload_name(i));
		JTYPE(w, "title", J_STR);
		JTYPE(w, "profile", J_STR);
		JTYPE(w, "layouts", J_STR);
		JTYPE(w, "machine", J_STR);
		JTYPE(w, "mhz", J_NUM);
		JTYPE(w, "host_model", J_BOOL);
		JTYPE(w, "line", J_NUM);
		JTYPE(w, "levels", J_ARR);
		JTYPE(w, "notes", J_STR);
		JTYPE(w, "variants", J_ARR);
		CHECK(jget(w, "counters_reason") != NULL);
		levels = jget(w, "levels");
		vs = jget(w, "variants");
		if (!vs || !levels)
			continue;
		for (k = 0; want_variants[i][k]; k++)
			;
		CHECK_INT(vs->nitems, k);
		for (j = 0; j < vs->nitems && j < k; j++) {
			jv *v = vs->items[j], *m, *meas, *cs, *misses;
			const char *cn[] = {"cycles", "instructions", "L1-dcache-load-misses", "L1-icache-load-misses"};
			int c, l;
			CHECK_STR(jget(v, "name") ? jget(v, "name")->s : "", want_variants[i][j]);
			JTYPE(v, "what", J_STR);
			JTYPE(v, "unit", J_STR);
			JTYPE(v, "layout", J_STR);
			JTYPE(v, "object_size", J_NUM);
			JTYPE(v, "cache_size", J_NUM);
			JTYPE(v, "objects", J_NUM);
			/* false_sharing times nothing on a host with one usable CPU, and says so */
			if (jget(v, "measured") && jget(v, "measured")->t == J_NULL && jget(w, "host") &&
			    jget(w, "host")->t == J_STR && strstr(jget(w, "host")->s, "one usable CPU"))
				CHECK_STR(jget(w, "name")->s, "false_sharing");
			else
				JTYPE(v, "measured", J_OBJ);
			JTYPE(v, "counters", J_OBJ);
			JTYPE(v, "model", J_OBJ);
			JTYPE(v, "code_how", J_STR);
			JTYPE(v, "note", J_STR);
			CHECK(jget(v, "ratio") && (jget(v, "ratio")->t == J_NUM || jget(v, "ratio")->t == J_NULL));
			CHECK(jget(v, "code_bytes") &&
			      (jget(v, "code_bytes")->t == J_NUM || jget(v, "code_bytes")->t == J_NULL));
			meas = jget(v, "measured");
			if (meas && meas->t == J_OBJ) {
				/* timings: positive numbers, nothing more */
				JTYPE(meas, "min_ns", J_NUM);
				JTYPE(meas, "median_ns", J_NUM);
				JTYPE(meas, "max_ns", J_NUM);
				JTYPE(meas, "reps", J_NUM);
				JTYPE(meas, "samples", J_NUM);
				if (jget(meas, "min_ns") && jget(meas, "median_ns") && jget(meas, "max_ns")) {
					CHECK(jget(meas, "min_ns")->n > 0);
					CHECK(jget(meas, "median_ns")->n > 0);
					CHECK(jget(meas, "max_ns")->n > 0);
				}
				if (jget(meas, "samples"))
					CHECK(jget(meas, "samples")->n == 3);
				/* the interval: 3 samples cannot reach 95 %: the range, flagged */
				JTYPE(meas, "ci95_ns", J_ARR);
				JTYPE(meas, "ci_level", J_NUM);
				JTYPE(meas, "noisy", J_BOOL);
				JTYPE(meas, "pinned", J_BOOL);
				JTYPE(meas, "interleaved", J_NUM);
				if (jget(meas, "ci_level"))
					CHECK(jget(meas, "ci_level")->n == 0.75);
				if (jget(meas, "noisy"))
					CHECK(jget(meas, "noisy")->b == 1);
			}
			cs = jget(v, "counters");
			for (c = 0; cs && c < 4; c++) {
				CHECK(jget(cs, cn[c]) != NULL);
				if (jget(cs, cn[c]))
					check_counter(jget(cs, cn[c]));
			}
			m = jget(v, "model");
			JTYPE(m, "ops", J_NUM);
			JTYPE(m, "accesses", J_NUM);
			JTYPE(m, "lines", J_NUM);
			JTYPE(m, "misses", J_OBJ);
			JTYPE(m, "base_cycles", J_NUM);
			JTYPE(m, "miss_cycles", J_NUM);
			JTYPE(m, "cycles", J_NUM);
			JTYPE(m, "ns", J_NUM);
			misses = jget(m, "misses");
			if (misses) {
				CHECK_INT(misses->nitems, levels->nitems);
				for (l = 0; l < misses->nitems && l < levels->nitems; l++)
					CHECK_STR(misses->keys[l], levels->items[l]->s);
			}
		}
	}
	jfree(doc);
}

static void test_json_determinism(void)
{
	jv *a = bench_json("--time 1 --samples 1"), *b = bench_json("--time 1 --samples 1");
	jv *wa, *wb;
	int i, j;
	CHECK(a && b);
	wa = jget(a, "workloads");
	wb = jget(b, "workloads");
	CHECK(wa && wb && wa->nitems == wb->nitems);
	for (i = 0; wa && wb && i < wa->nitems && i < wb->nitems; i++) {
		jv *va = jget(wa->items[i], "variants"), *vb = jget(wb->items[i], "variants");
		const char *same[] = {"name", "machine", "mhz", "levels", "profile", "layouts"};
		int k;
		for (k = 0; k < 6; k++)
			CHECK(jequal(jget(wa->items[i], same[k]), jget(wb->items[i], same[k])));
		CHECK(va && vb && va->nitems == vb->nitems);
		for (j = 0; va && vb && j < va->nitems && j < vb->nitems; j++) {
			const char *keys[] = {"name", "object_size", "cache_size", "objects", "model", "code_bytes"};
			for (k = 0; k < 6; k++) {
				if (!jequal(jget(va->items[j], keys[k]), jget(vb->items[j], keys[k]))) {
					printf("workload %d variant %d: \"%s\" differs between runs\n", i, j, keys[k]);
					check_failures++;
				}
			}
		}
	}
	jfree(a);
	jfree(b);
	/* a model-only run is byte-for-byte the same */
	{
		char *x, *y;
		CHECK_INT(run("bench --json --quick --model-only", 0, &x), 0);
		CHECK_INT(run("bench --json --quick --model-only", 0, &y), 0);
		CHECK(!strcmp(x, y));
		CHECK(strstr(x, "\"measured\": null") != NULL);
		free(x);
		free(y);
	}
}

static void test_cli_errors(void)
{
	char *out;
	CHECK_INT(run("bench lat_tcp", 1, &out), 2);
	CHECK(strstr(out, "unknown workload 'lat_tcp'") != NULL);
	CHECK(strstr(out, "lat_connect, hash_lookup, skb_put_inline, false_sharing") != NULL);
	free(out);
	CHECK_INT(run("bench --bogus", 1, &out), 2);
	CHECK(strstr(out, "unknown option") != NULL);
	free(out);
	CHECK_INT(run("bench --reps 0 skb_put_inline", 1, &out), 2);
	free(out);
	CHECK_INT(run("bench --reps", 1, &out), 2);
	CHECK(strstr(out, "needs a value") != NULL);
	free(out);
	CHECK_INT(run("bench --chart out.gif", 1, &out), 2);
	free(out);
	CHECK_INT(run("bench --quick --profile no-such-profile skb_put_inline", 1, &out), 1);
	free(out);
	CHECK_INT(run("bench --help", 1, &out), 0);
	CHECK(strstr(out, "hash_lookup") != NULL);
	free(out);
	/* text output of a model-only run: the one-liners and the table */
	CHECK_INT(run("bench --quick --model-only skb_put_inline lat_connect", 1, &out), 0);
	CHECK(strstr(out, "sock alloc+zero+hash+lookup+unhash+free (tcp_sock, 788 B): not timed; model ") != NULL);
	CHECK(strstr(out, "on Pentium III") != NULL);
	CHECK(strstr(out, "struct tcp_sock: 788 B, 800 B in its slab cache") != NULL);
	CHECK(strstr(out, "out_of_line") != NULL);
	free(out);
}

static void test_chart(void)
{
	char *out, args[600], path[512];
	FILE *fp;
	unsigned char sig[8] = {0};
	snprintf(path, sizeof(path), "bench-chart-%ld.png", (long)getpid());
	snprintf(args, sizeof(args), "bench --quick --model-only --chart %s skb_put_inline hash_lookup", path);
	CHECK_INT(run(args, 1, &out), 0);
	CHECK(strstr(out, "chart: ") != NULL);
	free(out);
	fp = fopen(path, "rb");
	CHECK(fp != NULL);
	if (fp) {
		CHECK(fread(sig, 1, 8, fp) == 8);
		CHECK(!memcmp(sig, "\x89PNG\r\n\x1a\n", 8));
		fclose(fp);
	}
	remove(path);
}

static void test_lua(const char *scenario)
{
	skl_lua_opts o;
	skl_lua *rt;
	skl_events *log;
	skl_error err;
	int rc;
	memset(&o, 0, sizeof(o));
	o.data_dir = data_dir;
	rt = skl_lua_new(&o, &err);
	log = skl_events_new(0);
	CHECK(rt && log);
	if (!rt || !log)
		return;
	rc = skl_lua_run_file(rt, scenario, log, &err);
	if (rc < 0) {
		char msg[1200];
		skl_error_format(&err, msg, sizeof(msg));
		printf("%s\n", msg);
	}
	CHECK_INT(rc, 0);
	CHECK(skl_lua_expect_count(rt) >= 20);
	skl_events_free(log);
	skl_lua_free(rt);
}

/* The median's interval from order statistics, against the binomial
 * tables: n = 6, 9, 11, 31 reach 95 % between the j-th smallest and the
 * j-th largest (j = 1, 2, 2, 10); fewer than 6 give the range. */
static void test_median_ci(void)
{
	static const struct {
		int n, lo, hi;
		double level;
	} t[] = {{1, 0, 0, 0},	       {2, 0, 1, 0.5},	       {5, 0, 4, 0.9375},     {6, 0, 5, 0.96875},
		 {9, 1, 7, 0.9609375}, {11, 1, 9, 0.98828125}, {31, 9, 21, 0.970551}, {1000, 468, 531, 0.95}};
	size_t i;
	int lo, hi;
	double level;
	CHECK_INT(skl_bench_median_ci(0, &lo, &hi, &level), -1);
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		CHECK_INT(skl_bench_median_ci(t[i].n, &lo, &hi, &level), 0);
		CHECK_INT(lo, t[i].lo);
		CHECK_INT(hi, t[i].hi);
		if (t[i].n == 1000)
			CHECK(level >= 0.95 && level < 0.96);
		else
			CHECK(fabs(level - t[i].level) < 1e-6);
	}
}

int main(int argc, char **argv)
{
	const char *mode;
	if (argc < 3) {
		fprintf(stderr, "usage: %s MODE DATA_DIR [SKLAB | SCENARIO]\n", argv[0]);
		return 2;
	}
	mode = argv[1];
	data_dir = argv[2];
	sklab = argc > 3 ? argv[3] : NULL;
	load();
	if (!strcmp(mode, "model_connect"))
		test_model_connect();
	else if (!strcmp(mode, "median_ci"))
		test_median_ci();
	else if (!strcmp(mode, "model_hash"))
		test_model_hash();
	else if (!strcmp(mode, "model_skb"))
		test_model_skb();
	else if (!strcmp(mode, "model_determinism"))
		test_model_determinism();
	else if (!strcmp(mode, "errors"))
		test_errors();
	else if (!strcmp(mode, "lua") && sklab)
		test_lua(sklab);
	else if (!sklab) {
		fprintf(stderr, "%s: mode %s needs the sklab program\n", argv[0], mode);
		return 2;
	} else if (!strcmp(mode, "json"))
		test_json();
	else if (!strcmp(mode, "json_determinism"))
		test_json_determinism();
	else if (!strcmp(mode, "cli_errors"))
		test_cli_errors();
	else if (!strcmp(mode, "chart"))
		test_chart();
	else {
		fprintf(stderr, "%s: unknown mode %s\n", argv[0], mode);
		return 2;
	}
	skl_typedb_free(db);
	return check_done(mode);
}
