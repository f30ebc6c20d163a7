/*
 * test_lua_data.c - the data-file API and the runtime's C API:
 * profiles, layout sets and scenario headers from data/ (good fixtures),
 * every broken fixture under data-bad/ (its first line says the error it
 * must give: "-- error: file:line: message"), and the run limits that
 * need their own options (events, layouts alive, echo).
 *   test_lua_data DATA_DIR BAD_DATA_DIR
 */
#define _POSIX_C_SOURCE 200809L

#include "sklab/runtime.h"

#include "sklab/cachesim.h"
#include "sklab/layout.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond, ...)                                                                                               \
	do {                                                                                                           \
		checks++;                                                                                              \
		if (!(cond)) {                                                                                         \
			failures++;                                                                                    \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                    \
			printf(__VA_ARGS__);                                                                           \
			printf("\n");                                                                                  \
		}                                                                                                      \
	} while (0)

static void first_line(const char *path, char *out, size_t outsz)
{
	FILE *f = fopen(path, "rb");
	char line[1024] = "";
	out[0] = '\0';
	if (!f)
		return;
	if (fgets(line, sizeof(line), f) && !strncmp(line, "-- error: ", 10)) {
		line[strcspn(line, "\n")] = '\0';
		snprintf(out, outsz, "%s", line + 10);
	}
	fclose(f);
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted names in dir (files ending in suffix, or directories when suffix is NULL). */
static int names_in(const char *dir, const char *suffix, char **out, int max)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int n = 0;
	if (!d)
		return 0;
	while ((de = readdir(d)) != NULL && n < max) {
		size_t len = strlen(de->d_name);
		if (de->d_name[0] == '.')
			continue;
		if (suffix && (len <= strlen(suffix) || strcmp(de->d_name + len - strlen(suffix), suffix)))
			continue;
		if (!suffix && strchr(de->d_name, '.'))
			continue;
		out[n++] = strdup(de->d_name);
	}
	closedir(d);
	qsort(out, (size_t)n, sizeof(out[0]), cmp);
	return n;
}

static void good_data(const char *data)
{
	char names[8][64];
	skl_profile p;
	skl_error err;
	skl_typedb *db;
	int n;
	char title[64], goal[128], profile[64];

	n = skl_data_list_profiles(data, names, 8);
	CHECK(n == 2 && !strcmp(names[0], "test-i386") && !strcmp(names[1], "test-x86_64"), "profiles: %d", n);
	CHECK(skl_data_list_profiles(data, names, 1) == 2, "the count may exceed max");
	CHECK(skl_data_list_profiles("/nonexistent", names, 8) == -1, "missing directory");
	n = skl_data_list_layout_sets(data, names, 8);
	CHECK(n == 2 && !strcmp(names[0], "mini") && !strcmp(names[1], "mini-again"), "sets: %d", n);

	CHECK(skl_data_load_profile(data, "test-i386", &p, &err) == 0, "load test-i386: %s", err.msg);
	CHECK(!strcmp(p.name, "test-i386") && !strcmp(p.kernel, "2.4.16") && p.abi == skl_abi_find("i386") &&
		  !strcmp(p.layouts, "mini") && p.allocator == SKL_ALLOC_SLAB && p.version.major == 2 &&
		  p.page_size == 4096 && p.cacheline == 32 && p.cpus == 1 && p.ram_bytes == (uint64_t)128 << 20 &&
		  !strcmp(p.config, "CONFIG_INET,CONFIG_FILTER") &&
		  !strcmp(p.description, "test fixture: i386, 32-byte lines"),
	      "profile fields");
	CHECK(p.ncaches == 3 && !strcmp(p.cpu, "test CPU") && p.mem_latency == 80 && !strcmp(p.caches[1].name, "L1d") &&
		  p.caches[1].size == 16384 && p.caches[1].assoc == 4 && p.caches[1].line == 32 &&
		  p.caches[1].latency == 3 && p.caches[2].size == 262144 && p.caches[2].assoc == 8,
	      "profile cache table");
	{
		skl_cachesim_preset pr;
		skl_cachesim_config cfg;
		skl_cachesim *h;
		CHECK(skl_cachesim_preset_profile(&p, &pr, &err) == 0 && pr.nlevels == 3 &&
			  !strcmp(pr.levels[0].name, "L1i") && !strcmp(pr.title, "test CPU"),
		      "preset from the profile");
		skl_cachesim_preset_config(&pr, &cfg);
		h = skl_cachesim_new(&cfg, &err);
		CHECK(h && skl_cachesim_levels(h) == 3, "a model from the preset: %s", err.msg);
		skl_cachesim_free(h);
	}
	CHECK(skl_data_load_profile(data, "test-x86_64", &p, &err) == 0 && p.ncaches == 0,
	      "the cache table is optional");
	{
		skl_cachesim_preset pr;
		CHECK(skl_cachesim_preset_profile(&p, &pr, &err) == -1 && strstr(err.msg, "describes no caches"),
		      "no cache table: %s", err.msg);
	}
	CHECK(skl_data_load_profile(data, "../profiles/test-i386", &p, &err) == -1 &&
		  strstr(err.msg, "is not a profile name"),
	      "path-like profile names are refused: %s", err.msg);
	CHECK(skl_data_load_profile(data, "nope", &p, &err) == -1 &&
		  !strcmp(err.msg, "unknown profile 'nope' (there is no assets/profiles/nope.lua)"),
	      "unknown profile: %s", err.msg);

	db = skl_typedb_new();
	CHECK(skl_data_load_layouts(data, "mini", db, &err) == 0, "load mini: %s", err.msg);
	{
		skl_type *t = skl_typedb_find(db, "struct sock");
		skl_layout *l = t ? skl_layout_compute(t, skl_abi_find("i386"), "CONFIG_INET", 32, &err) : NULL;
		CHECK(t && skl_type_is_complete(t), "struct sock is defined");
		CHECK(l && l->size == 84, "struct sock is 84 bytes on i386");
		CHECK(t && !strcmp(skl_type_note(t), "test fixture, not the real 2.4.16 struct sock"), "record note");
		CHECK(skl_typedb_find(db, "__u32") != NULL, "typedefs are loaded");
		skl_layout_free(l);
	}
	skl_typedb_free(db);
	/* a set of same_as files: the mini set's files, read from there */
	db = skl_typedb_new();
	CHECK(skl_data_load_layouts(data, "mini-again", db, &err) == 0, "load mini-again: %s", err.msg);
	{
		skl_type *t = skl_typedb_find(db, "struct sock");
		skl_layout *l = t ? skl_layout_compute(t, skl_abi_find("i386"), "CONFIG_INET", 32, &err) : NULL;
		CHECK(l && l->size == 84, "mini-again's struct sock is mini's");
		skl_layout_free(l);
	}
	skl_typedb_free(db);
	db = skl_typedb_new();
	CHECK(skl_data_load_layouts(data, "../assets", db, &err) == -1 && strstr(err.msg, "not a layout set name"),
	      "path-like set names are refused: %s", err.msg);
	CHECK(skl_data_load_layouts(data, "nosuch", db, &err) == -1 &&
		  !strcmp(err.msg, "no layout set 'nosuch' (there is no assets/layouts/nosuch)"),
	      "unknown set: %s", err.msg);
	skl_typedb_free(db);

	CHECK(skl_data_scenario_info("scenarios/basic.lua", title, sizeof(title), goal, sizeof(goal), profile,
				     sizeof(profile), NULL) == 0,
	      "scenario info");
	CHECK(!strcmp(title, "Basic scenario") && !strcmp(profile, "test-i386") &&
		  !strcmp(goal, "The event log records steps, shows, expectations and prints"),
	      "header: %s / %s / %s", title, goal, profile);
	CHECK(skl_data_scenario_info("scenarios/limits/header_late.lua", title, sizeof(title), NULL, 0, NULL, 0,
				     NULL) == -1,
	      "sklab before scenario{}: no header");
	CHECK(skl_data_scenario_info("scenarios/limits/header_loop.lua", title, sizeof(title), NULL, 0, NULL, 0,
				     NULL) == -1,
	      "a loop before scenario{}: no header");
	CHECK(skl_data_scenario_info("scenarios/nosuch.lua", NULL, 0, NULL, 0, NULL, 0, NULL) == -1, "missing file");
}

static void bad_data(const char *bad)
{
	char dir[1024], path[2048], want[1024], got[1024];
	char *names[128];
	int n, i;
	skl_profile p;
	skl_error err;

	snprintf(dir, sizeof(dir), "%s/assets/profiles", bad);
	n = names_in(dir, ".lua", names, 128);
	CHECK(n >= 10, "bad profiles: %d", n);
	for (i = 0; i < n; i++) {
		char name[256];
		snprintf(name, sizeof(name), "%.*s", (int)(strlen(names[i]) - 4), names[i]);
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		first_line(path, want, sizeof(want));
		CHECK(skl_data_load_profile(bad, name, &p, &err) == -1, "%s loaded", path);
		skl_error_format(&err, got, sizeof(got));
		CHECK(want[0] && !strcmp(want, got), "%s\n  want: %s\n  got:  %s", path, want, got);
		if (want[0] && !strcmp(want, got))
			printf("ok   %s\n", path);
		free(names[i]);
	}

	snprintf(dir, sizeof(dir), "%s/assets/layouts", bad);
	n = names_in(dir, NULL, names, 128);
	CHECK(n >= 10, "bad sets: %d", n);
	for (i = 0; i < n; i++) {
		char setdir[1536], *files[16];
		int nf;
		skl_typedb *db = skl_typedb_new();
		snprintf(setdir, sizeof(setdir), "%s/%s", dir, names[i]);
		nf = names_in(setdir, ".lua", files, 16);
		snprintf(path, sizeof(path), "%s/%s", setdir, nf ? files[0] : "README");
		first_line(path, want, sizeof(want));
		if (skl_data_load_layouts(bad, names[i], db, &err) == 0) {
			/* some mistakes show only when a record is laid out: the
			 * first record that fails must say where it is written */
			int r, nr = skl_typedb_count_records(db), failed = 0;
			for (r = 0; r < nr && !failed; r++) {
				skl_type *t = skl_typedb_record_at(db, r);
				skl_layout *l;
				if (skl_type_kind(t) == SKL_K_ENUM)
					continue;
				skl_error_clear(&err);
				l = skl_layout_compute(t, skl_abi_find("x86_64"), NULL, 64, &err);
				failed = l == NULL;
				skl_layout_free(l);
			}
			CHECK(failed, "%s loaded and laid out", setdir);
		}
		skl_error_format(&err, got, sizeof(got));
		CHECK(want[0] && !strcmp(want, got), "%s\n  want: %s\n  got:  %s", setdir, want, got);
		if (want[0] && !strcmp(want, got))
			printf("ok   %s\n", setdir);
		while (nf--)
			free(files[nf]);
		skl_typedb_free(db);
		free(names[i]);
	}
}

static void echo_write(void *ud, const char *s, size_t n)
{
	skl_buf_append(ud, s, n);
}

/* Runs path with opts; compares the error with the file's first line (or wants success). */
static void run_limited(const char *data, const char *path, int max_events, int max_layouts)
{
	skl_lua_opts o;
	skl_lua *rt;
	skl_events *log = skl_events_new(0);
	skl_error err;
	char want[1024], got[1024];
	int rc;
	memset(&o, 0, sizeof(o));
	o.data_dir = data;
	o.max_events = max_events;
	o.max_layouts = max_layouts;
	rt = skl_lua_new(&o, &err);
	rc = skl_lua_run_file(rt, path, log, &err);
	first_line(path, want, sizeof(want));
	skl_error_format(&err, got, sizeof(got));
	if (want[0])
		CHECK(rc == -1 && !strcmp(want, got), "%s\n  want: %s\n  got:  %s", path, want, got);
	else
		CHECK(rc == 0, "%s: %s", path, got);
	skl_events_free(log);
	skl_lua_free(rt);
}

static void runtime_api(const char *data)
{
	skl_lua_opts o;
	skl_lua *rt;
	skl_events *log;
	skl_error err;
	skl_buf echo;
	int i;

	run_limited(data, "scenarios/limits/events.lua", 5, 0);
	run_limited(data, "scenarios/limits/engine_bytes.lua", 1000000, 0);
	run_limited(data, "scenarios/limits/layouts_kept.lua", 0, 3);
	run_limited(data, "scenarios/limits/layouts_dropped.lua", 0, 3);

	/* one runtime, several runs: each run starts clean, sets are loaded once */
	skl_buf_init(&echo);
	memset(&o, 0, sizeof(o));
	o.data_dir = data;
	o.echo.write = echo_write;
	o.echo.ud = &echo;
	rt = skl_lua_new(&o, &err);
	CHECK(rt != NULL, "skl_lua_new");
	for (i = 0; i < 2; i++) {
		log = skl_events_new(0);
		CHECK(skl_lua_run_file(rt, "scenarios/basic.lua", log, &err) == 0, "run %d: %s", i, err.msg);
		CHECK(skl_events_count(log) == 14, "run %d: %d events", i, skl_events_count(log));
		CHECK(skl_lua_expect_count(rt) == 2 && skl_lua_expect_failures(rt) == 0, "expect counts");
		CHECK(skl_lua_profile(rt) && !strcmp(skl_lua_profile(rt)->name, "test-i386"), "profile after a run");
		skl_events_free(log);
	}
	CHECK(echo.data && !strncmp(echo.data, "struct sock is 84 bytes on i386\n", 32), "echo: %s",
	      echo.data ? echo.data : "(none)");
	log = skl_events_new(0);
	CHECK(skl_lua_run_file(rt, "scenarios/expect_fail.lua", log, &err) == -1, "expect_fail fails");
	CHECK(skl_lua_expect_count(rt) == 3 && skl_lua_expect_failures(rt) == 2, "2 of 3 failed");
	CHECK(!strcmp(err.file, "scenarios/expect_fail.lua") && err.line == 10, "err names the first failure: %s:%d",
	      err.file, err.line);
	skl_events_free(log);
	log = skl_events_new(0);
	CHECK(skl_lua_run_file(rt, "scenarios/nosuch.lua", log, &err) == -1 &&
		  !strcmp(err.msg, "cannot open the file: No such file or directory") &&
		  !strcmp(err.file, "scenarios/nosuch.lua"),
	      "missing scenario: %s", err.msg);
	CHECK(skl_lua_run_file(rt, "scenarios/basic.lua", NULL, &err) == -1, "a run needs a log");
	skl_events_free(log);
	skl_lua_free(rt);
	skl_buf_free(&echo);

	/* scenario_dir: relative names are also looked up there */
	memset(&o, 0, sizeof(o));
	o.data_dir = data;
	o.scenario_dir = "scenarios";
	rt = skl_lua_new(&o, &err);
	log = skl_events_new(0);
	CHECK(skl_lua_run_file(rt, "basic.lua", log, &err) == 0, "scenario_dir: %s", err.msg);
	CHECK(!strcmp(skl_events_at(log, 0)->where, "scenarios/basic.lua:4"), "where: %s",
	      skl_events_at(log, 0)->where);
	skl_events_free(log);
	skl_lua_free(rt);

	/* a data_dir prefix is dropped from names in messages */
	memset(&o, 0, sizeof(o));
	o.data_dir = "scenarios";
	rt = skl_lua_new(&o, &err);
	log = skl_events_new(0);
	CHECK(skl_lua_run_file(rt, "scenarios/errors/step_nil.lua", log, &err) == -1 &&
		  !strcmp(err.file, "errors/step_nil.lua"),
	      "data_dir prefix: %s", err.file);
	skl_events_free(log);
	skl_lua_free(rt);
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s DATA_DIR BAD_DATA_DIR\n", argv[0]);
		return 2;
	}
	good_data(argv[1]);
	bad_data(argv[2]);
	runtime_api(argv[1]);
	printf("%d checks, %d failed\n", checks, failures);
	return failures != 0;
}
