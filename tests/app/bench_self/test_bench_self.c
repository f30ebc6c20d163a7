/*
 * test_bench_self.c - `sklab bench --self` as a user runs it: the shape of
 * its JSON and its command line. Host figures are checked to be positive
 * numbers (or null with a reason) and nothing more: no assertion here
 * depends on how fast the host is.
 *
 *   test_bench_self json SKLAB SOURCE_DIR
 *       `sklab bench --self --quick --json`: every comparison present,
 *       each with baseline, sklab, ratio, target and met.
 *   test_bench_self cli SKLAB SOURCE_DIR
 *       --help, an unknown name or option (exit 2), a name chosen alone,
 *       the text table.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "json.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static const char *sklab, *source;

/* ---- the program ------------------------------------------------------------ */

/* Runs "sklab ARGS" (stderr to /dev/null, or joined to stdout); the output
 * in *out (malloc'd); the exit status. */
static int run(const char *args, int join, char **out)
{
	char cmd[8192], chunk[4096];
	size_t n, len = 0, cap = 1 << 16;
	char *buf = malloc(cap);
	FILE *fp;
	int st;
	snprintf(cmd, sizeof(cmd), "'%s' %s%s", sklab, args, join ? " 2>&1" : " 2>/dev/null");
	fp = popen(cmd, "r");
	if (!fp || !buf) {
		printf("cannot run %s\n", cmd);
		exit(1);
	}
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0) {
		if (len + n + 1 > cap) {
			char *nb;
			while (len + n + 1 > cap)
				cap *= 2;
			nb = realloc(buf, cap);
			if (!nb) {
				printf("out of memory\n");
				exit(1);
			}
			buf = nb;
		}
		memcpy(buf + len, chunk, n);
		len += n;
	}
	buf[len] = '\0';
	st = pclose(fp);
	*out = buf;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A figure: {"min", "median", "max"} positive and ordered, with its reason
 * null; or null with a reason. */
static void check_figure(const char *name, const jv *c, const char *key, const char *reason_key, int with_what)
{
	const jv *f = jget(c, key), *why = jget(c, reason_key);
	if (!f || !why) {
		printf("%s: '%s' or '%s' missing\n", name, key, reason_key);
		check_failures++;
		return;
	}
	if (f->t == J_NULL) {
		if (!is_str(why)) {
			printf("%s: '%s' is null without a reason\n", name, key);
			check_failures++;
		}
		return;
	}
	{
		const jv *mn = jget(f, "min"), *md = jget(f, "median"), *mx = jget(f, "max");
		int ok = f->t == J_OBJ && mn && md && mx && mn->t == J_NUM && md->t == J_NUM && mx->t == J_NUM &&
			 mn->n > 0 && mn->n <= md->n && md->n <= mx->n && why->t == J_NULL;
		if (with_what && !is_str(jget(f, "what")))
			ok = 0;
		if (!ok) {
			printf("%s: '%s' is not {min <= median <= max, all > 0}%s with a null reason\n", name, key,
			       with_what ? " and a 'what'" : "");
			check_failures++;
		}
	}
}

/* The verdict follows from the figures it names: the ratio of the minima
 * (ratio targets) or sklab's median (absolute ones) against the value.
 * A further condition ("also") may only turn a met target into not met. */
static void check_verdict(const char *nm, const jv *c, const char *on, const char *op, double value, const jv *also,
			  const jv *met)
{
	const jv *sk = jget(c, "sklab"), *v = NULL;
	int want;
	if (!strcmp(on, "ratio_of_minima"))
		v = jget(c, "ratio_of_minima");
	else if (sk && sk->t == J_OBJ)
		v = jget(sk, "median");
	if (!v || v->t != J_NUM || !met || met->t != J_BOOL)
		return;
	want = !strcmp(op, "<") ? v->n < value : v->n <= value;
	if (met->b != want && !(want && also && also->t == J_STR && !met->b)) {
		printf("%s: met is %s but %s %g %s %g\n", nm, met->b ? "true" : "false", on, v->n, op, value);
		check_failures++;
	}
}

static void check_comparison(const jv *c)
{
	const jv *name = jget(c, "name"), *ratio = jget(c, "ratio"), *target = jget(c, "target"), *met = jget(c, "met"),
		 *reason = jget(c, "reason"), *reps = jget(c, "reps");
	const char *nm = is_str(name) ? name->s : "(no name)";
	CHECK(is_str(name));
	CHECK(is_str(jget(c, "title")));
	CHECK(is_str(jget(c, "unit")));
	CHECK(jget(c, "note") && jget(c, "note")->t == J_STR);
	check_figure(nm, c, "baseline", "baseline_reason", 1);
	check_figure(nm, c, "sklab", "sklab_reason", 0);
	if (!ratio || !(ratio->t == J_NULL || (ratio->t == J_NUM && ratio->n > 0))) {
		printf("%s: 'ratio' is neither a positive number nor null\n", nm);
		check_failures++;
	}
	if (!target || target->t != J_OBJ || !is_str(jget(target, "on")) || !is_str(jget(target, "op")) ||
	    !is_str(jget(target, "text")) || !jget(target, "value") || jget(target, "value")->t != J_NUM ||
	    jget(target, "value")->n <= 0) {
		printf("%s: 'target' is not {on, op, value > 0, text}\n", nm);
		check_failures++;
	} else {
		const char *on = jget(target, "on")->s, *op = jget(target, "op")->s;
		CHECK(!strcmp(on, "ratio_of_minima") || !strcmp(on, "sklab_median"));
		CHECK(!strcmp(op, "<=") || !strcmp(op, "<"));
		check_verdict(nm, c, on, op, jget(target, "value")->n, jget(target, "also"), met);
	}
	if (!met || !(met->t == J_BOOL || met->t == J_NULL)) {
		printf("%s: 'met' is neither a boolean nor null\n", nm);
		check_failures++;
	}
	/* whatever is null says why */
	if (!reason || (((met && met->t == J_NULL) || (ratio && ratio->t == J_NULL)) && !is_str(reason))) {
		printf("%s: 'met' or 'ratio' is null without a reason\n", nm);
		check_failures++;
	}
	CHECK(reps && reps->t == J_NUM && reps->n >= 1);
}

static int count_scenarios(void)
{
	char dir[4096];
	DIR *d;
	struct dirent *e;
	int n = 0;
	snprintf(dir, sizeof(dir), "%s/scenarios", source);
	d = opendir(dir);
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		if (l > 4 && !strcmp(e->d_name + l - 4, ".lua") && e->d_name[0] != '.')
			n++;
	}
	closedir(d);
	return n;
}

static const char *const required[] = {"memory",
				       "startup",
				       "scenarios",
				       "slab_pair/slab24",
				       "slab_pair/slub",
				       "slab_table/slab24",
				       "slab_table/slub",
				       "cachegrind",
				       "cache_rate",
				       "lua_skb",
				       "render/slab10k",
				       "render4k/slab10k",
				       "window/hover",
				       "scale/1M",
				       "scale/1M_rss",
				       "step/1M",
				       NULL};

static void test_json(void)
{
	char *out;
	jv *doc, *cs, *host;
	int i, k, nrender = 0, nrender4k = 0, nscen = count_scenarios();
	CHECK_INT(run("bench --self --quick --json", 0, &out), 0);
	doc = jparse(out);
	if (!doc) {
		printf("not JSON:\n%s\n", out);
		check_failures++;
		free(out);
		return;
	}
	CHECK(jget(doc, "sklab_bench_self") && jget(doc, "sklab_bench_self")->n == 1);
	CHECK(is_str(jget(doc, "version")));
	CHECK(jget(doc, "quick") && jget(doc, "quick")->t == J_BOOL && jget(doc, "quick")->b);
	host = jget(doc, "host");
	CHECK(host && jget(host, "nproc") && jget(host, "nproc")->t == J_NUM && jget(host, "nproc")->n >= 1);
	CHECK(is_str(jget(host, "cpu")));
	CHECK(jget(host, "virtual") && jget(host, "virtual")->t == J_BOOL);
	cs = jget(doc, "comparisons");
	CHECK(cs && cs->t == J_ARR);
	if (!cs || cs->t != J_ARR)
		goto out;
	for (i = 0; i < cs->nitems; i++) {
		const jv *name = jget(cs->items[i], "name");
		check_comparison(cs->items[i]);
		if (is_str(name) && !strncmp(name->s, "render/", 7) && strcmp(name->s, "render/slab10k"))
			nrender++;
		if (is_str(name) && !strncmp(name->s, "render4k/", 9) && strcmp(name->s, "render4k/slab10k"))
			nrender4k++;
	}
	for (k = 0; required[k]; k++) {
		int found = 0;
		for (i = 0; i < cs->nitems; i++) {
			const jv *name = jget(cs->items[i], "name");
			if (is_str(name) && !strcmp(name->s, required[k]))
				found = 1;
		}
		if (!found) {
			printf("comparison '%s' missing\n", required[k]);
			check_failures++;
		}
	}
	/* the largest view of every bundled scenario, at both sizes */
	CHECK_INT(nrender, nscen);
	CHECK_INT(nrender4k, nscen);
	/* the hover row drew on the window's kept picture (its note's count
	 * is of hovers that had to draw every pane again) */
	for (i = 0; i < cs->nitems; i++) {
		const jv *c = cs->items[i], *name = jget(c, "name");
		if (is_str(name) && !strcmp(name->s, "window/hover") && jget(c, "sklab")->t != J_NULL) {
			CHECK(jget(c, "picture_draws") && jget(c, "picture_draws")->t == J_NUM &&
			      jget(c, "picture_draws")->n == 0);
			CHECK(is_str(jget(c, "size")) && !strcmp(jget(c, "size")->s, "1920x1080"));
		}
	}
	/* --quick leaves out the Lackey trace, and says so */
	for (i = 0; i < cs->nitems; i++) {
		const jv *c = cs->items[i], *name = jget(c, "name");
		if (is_str(name) && !strcmp(name->s, "cachegrind")) {
			CHECK(jget(c, "sklab")->t == J_NULL);
			CHECK(is_str(jget(c, "sklab_reason")));
			CHECK(jget(c, "met")->t == J_NULL);
		}
		/* the floor beside the model: Cachegrind's algorithm, the same miss counts */
		if (is_str(name) && !strcmp(name->s, "cache_rate") && jget(c, "sklab")->t == J_OBJ) {
			const jv *fl = jget(c, "floor");
			CHECK(fl && fl->t == J_OBJ);
			if (fl && fl->t == J_OBJ) {
				CHECK(jget(fl, "median") && jget(fl, "median")->t == J_NUM &&
				      jget(fl, "median")->n > 0);
				CHECK(jget(fl, "counts_equal") && jget(fl, "counts_equal")->t == J_BOOL &&
				      jget(fl, "counts_equal")->b);
			}
		}
	}
out:
	jfree(doc);
	free(out);
}

static void test_cli(void)
{
	char *out;
	CHECK_INT(run("bench --self --help", 0, &out), 0);
	CHECK(strstr(out, "usage: sklab bench --self") != NULL);
	free(out);
	CHECK_INT(run("bench --self no_such_thing", 1, &out), 2);
	CHECK(strstr(out, "unknown comparison 'no_such_thing'") != NULL);
	free(out);
	CHECK_INT(run("bench --self --frobnicate", 1, &out), 2);
	CHECK(strstr(out, "unknown option") != NULL);
	free(out);
	/* `sklab bench --help` points at --self */
	CHECK_INT(run("bench --help", 0, &out), 0);
	CHECK(strstr(out, "--self") != NULL);
	free(out);
	/* one group alone, as text: the table and only that group */
	CHECK_INT(run("bench --self --quick slab_pair", 0, &out), 0);
	CHECK(strstr(out, "comparison") != NULL && strstr(out, "baseline") != NULL && strstr(out, "met") != NULL);
	CHECK(strstr(out, "slab_pair/slab24") != NULL && strstr(out, "slab_pair/slub") != NULL);
	CHECK(strstr(out, "slab_table") == NULL && strstr(out, "render/") == NULL);
	free(out);
	/* render4k alone: its rows, none of render's (the group names share a prefix) */
	CHECK_INT(run("bench --self --quick --json render4k/slab10k", 0, &out), 0);
	CHECK(strstr(out, "\"render4k/slab10k\"") != NULL && strstr(out, "\"render/") == NULL &&
	      strstr(out, "3840x2160") != NULL);
	free(out);
	/* one comparison by its full name, as JSON */
	CHECK_INT(run("bench --self --quick --json slab_table/slub", 0, &out), 0);
	{
		jv *doc = jparse(out), *cs = jget(doc, "comparisons");
		CHECK(cs && cs->t == J_ARR && cs->nitems == 1);
		if (cs && cs->nitems == 1)
			check_comparison(cs->items[0]);
		jfree(doc);
	}
	free(out);
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: test_bench_self json|cli SKLAB SOURCE_DIR\n");
		return 2;
	}
	sklab = argv[2];
	source = argv[3];
	if (!strcmp(argv[1], "json"))
		test_json();
	else if (!strcmp(argv[1], "cli"))
		test_cli();
	else {
		fprintf(stderr, "test_bench_self: unknown mode '%s'\n", argv[1]);
		return 2;
	}
	return check_done(argv[1]);
}
