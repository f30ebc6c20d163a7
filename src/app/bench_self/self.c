/*
 * self.c - `sklab bench --self`: sklab's own speed and memory, each figure
 * measured in the same run as a baseline that does the same work (glibc
 * malloc, Cachegrind, the same calls from C, an empty frame, a bare
 * start-up), printed as min/median/max over repetitions with the ratio and
 * the target it is held to (docs/performance.md). This file is the
 * command: its arguments, the order of the measurements (one file each in
 * this folder) and the hidden child modes.
 *
 * Figures that need a fresh process are taken in one: peak RSS comes from
 * a child that is this program itself (`sklab bench --self-child ...`,
 * reading its own VmHWM), start-up and headless runs from spawning sklab.
 * Never asserts anything about time: a missed target is a "no" in the
 * table, never an error. A missing baseline tool (valgrind) is n/a with
 * the reason.
 */
#define _GNU_SOURCE /* mkdtemp, readlink */
#include "bench_self.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const groups[] = {"slab_pair", "slab_table", "cachegrind", "cache_rate", "lua_skb",
				     "render",	  "render4k",	"window",     "scenarios",  "memory",
				     "startup",	  "scale",	"step"};
#define NGROUPS ((int)(sizeof(groups) / sizeof(groups[0])))

/* name is asked for: no names, or a name equal to it or to its group. */
int skl__self_want(const char *name, const char *const *names, int nnames)
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

enum { O_SELF = 256, O_JSON, O_QUICK };

static const skl_app_opt options[] = {
    {"self", O_SELF, SKL_APP_NONE, NULL, NULL, NULL}, /* what brought us here */
    {"json", O_JSON, SKL_APP_NONE, NULL, "one JSON object instead of the table (docs/performance.md)", NULL},
    {"quick", O_QUICK, SKL_APP_NONE, NULL, "smaller and fewer repetitions: well under a minute", NULL},
    {0},
};

static const skl_app_cmd self_cmd = {
    .name = "bench --self",
    .forms = "[--json] [--quick] [NAME...]",
    .about = "sklab's own speed and memory, each beside a baseline measured in the same run\n"
	     "(glibc malloc, Cachegrind, the same calls from C, an empty frame, a bare\n"
	     "start-up), as min/median/max over repetitions with the ratio and the target\n"
	     "(docs/performance.md). A missing baseline tool is n/a with the reason. A full\n"
	     "run takes a few minutes; --quick, smaller and fewer repetitions, well under one.",
    .opts = options,
    .more = "NAME is a comparison (slab_pair/slub, render/slab10k) or a group:",
};

static void usage(FILE *fp)
{
	int i;
	skl_app_usage(fp, &self_cmd);
	for (i = 0; i < NGROUPS; i++)
		fprintf(fp, "  %s\n", groups[i]);
}

/* The hidden child modes: `--self-child memory|malloc N`, `--self-child workload ITERS`,
 * `--self-child scale|scale-lua N FILE`. */
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
		return skl__self_child_memory(skl_app_data_dir(), n, 0);
	if (!strcmp(argv[i + 1], "malloc"))
		return skl__self_child_memory(skl_app_data_dir(), n, 1);
	if (!strcmp(argv[i + 1], "workload"))
		return skl__self_cache_workload(n);
	if ((!strcmp(argv[i + 1], "scale") || !strcmp(argv[i + 1], "scale-lua")) && i + 3 < argc)
		return skl__self_child_scale(skl_app_data_dir(), n, argv[i + 3], argv[i + 1][5] == '-');
	fprintf(stderr, "sklab bench: unknown --self-child mode '%s'\n", argv[i + 1]);
	return 2;
}

int skl_cmd_bench_self(int argc, char **argv)
{
	ctx x;
	host_info h0, h1;
	const char **names;
	char tmpdir[] = "/tmp/sklab-self-XXXXXX";
	int nnames = 0, i, key, rc = 1, have_tmp = 0;
	ssize_t len;
	skl_app_args g;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--self-child"))
			return self_child(argc, argv, i);
	memset(&x, 0, sizeof(x));
	names = calloc((size_t)argc + 1, sizeof(*names));
	if (!names) {
		fprintf(stderr, "sklab bench: out of memory\n");
		return 1;
	}
	skl_app_args_init(&g, &self_cmd, argc, argv);
	while ((key = skl_app_getopt(&g)) != SKL_APP_END) {
		const char *a = g.arg;
		switch (key) {
		case SKL_APP_BAD:
			rc = 2;
			goto out;
		case 'h':
			usage(stdout);
			rc = 0;
			goto out;
		case O_SELF:
			break;
		case O_JSON:
			x.json = 1;
			break;
		case O_QUICK:
			x.quick = 1;
			break;
		default:		   /* SKL_APP_ARG: a comparison or a group */
			if (a[0] == '-') { /* "-": no name begins so */
				rc = skl_app_usage_error(&self_cmd,
							 "unknown option '%s' (try 'sklab bench --self --help')", a);
				goto out;
			}
			if (!known_name(a)) {
				rc = skl_app_usage_error(&self_cmd,
							 "unknown comparison '%s' (known: slab_pair, slab_table, "
							 "cachegrind, cache_rate, lua_skb, render, render4k, window, "
							 "scenarios, memory, startup, scale, step)",
							 a);
				goto out;
			}
			names[nnames++] = a;
			break;
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
	skl__self_find_valgrind(x.valgrind, sizeof(x.valgrind));
	if (!mkdtemp(tmpdir)) {
		fprintf(stderr, "sklab bench --self: cannot make a temporary directory: %s\n", strerror(errno));
		goto out;
	}
	have_tmp = 1;
	skl__self_host_describe(&h0);

	/* the fresh-process figures first, while this process is small */
	if (skl__self_want("memory", names, nnames))
		skl__self_memory(&x);
	if (skl__self_want("startup", names, nnames))
		skl__self_startup(&x);
	if (skl__self_want("scenarios", names, nnames))
		skl__self_scenarios(&x);
	if (skl__self_want("scale/1M", names, nnames) || skl__self_want("scale/1M_rss", names, nnames))
		skl__self_scale(&x, tmpdir, skl__self_want("scale/1M", names, nnames),
				skl__self_want("scale/1M_rss", names, nnames));
	if (skl__self_want("slab_pair/slab24", names, nnames))
		skl__self_slab(&x, 0, "slab24", "linux-2.4.16-i386");
	if (skl__self_want("slab_pair/slub", names, nnames))
		skl__self_slab(&x, 0, "slub", "linux-6.18-x86_64");
	if (skl__self_want("slab_table/slab24", names, nnames))
		skl__self_slab(&x, 1, "slab24", "linux-2.4.16-i386");
	if (skl__self_want("slab_table/slub", names, nnames))
		skl__self_slab(&x, 1, "slub", "linux-6.18-x86_64");
	if (skl__self_want("cachegrind", names, nnames))
		skl__self_cachegrind(&x);
	if (skl__self_want("cache_rate", names, nnames))
		skl__self_cache_rate(&x);
	if (skl__self_want("lua_skb", names, nnames))
		skl__self_lua_skb(&x, tmpdir);
	if (skl__self_render_wanted(names, nnames))
		skl__self_render(&x, tmpdir, names, nnames);
	if (skl__self_want("window/hover", names, nnames))
		skl__self_hover(&x, tmpdir);
	/* last: the run of a million events stays in this process */
	if (skl__self_want("step/1M", names, nnames))
		skl__self_step(&x, tmpdir);
	skl__self_host_describe(&h1);
	if (x.json)
		skl__self_write_json(stdout, &x, &h0, &h1);
	else
		skl__self_write_text(stdout, &x, &h0, &h1);
	rc = 0;
out:
	if (have_tmp)
		rmdir(tmpdir);
	free(x.c);
	free(names);
	return rc;
}
