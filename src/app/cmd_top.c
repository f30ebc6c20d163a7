/*
 * cmd_top.c - `sklab top`: the running kernel's slab caches over time, as
 * slabtop shows them (the largest first, its summary lines and columns),
 * with the SLUB model's geometry beside each cache and whether they
 * agree, and each cache's growth since the first sample. Reads
 * /proc/slabinfo (mode 0400 since 2.6.12: root) and, for what the model
 * needs or when /proc/slabinfo is refused, /sys/kernel/slab/<cache>/
 * (mm/slub.c slab_attrs[]). Says what it could not read. The figures are
 * this host's and change from run to run: the tests read a fake root.
 */
#define _POSIX_C_SOURCE 200809L
#include "app.h"
#include "slabtab.h"
#include "window.h"

#include "sklab/events.h"
#include "sklab/render/export.h"
#include "sklab/runtime.h"
#include "sklab/slabinfo.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#define MAX_CACHES 8192

/* sysfs attributes read, in the order of the "could not read" line */
static const char *const attrs[] = {"objects",	     "total_objects",  "object_size", "slab_size",
				    "order",	     "objs_per_slab",  "slabs",	      "align",
				    "hwcache_align", "destroy_by_rcu", "ctor",	      NULL};
#define NATTRS 11

typedef struct top {
	const char *root; /* "" for the real one */
	char slabinfo_path[1100], sys_path[1100];
	skl_profile prof; /* this host, or linux-2.4.16-i386 for a 1.1 slabinfo */
	unsigned cpus;
	int page_size;
	/* what the last sample read */
	int from_slabinfo; /* 1: /proc/slabinfo, 0: sysfs */
	int slabinfo_errno;
	char slabinfo_err[400];
	int sysfs_ok, sysfs_errno;
	int unread[NATTRS]; /* caches whose attribute could not be read */
	skl_slabinfo_format format;
	slabtab_row *rows;
	int n;
	int samples;
	int sort, count;
	double interval;
	int agree, checked;
} top;

/* ---- reading ------------------------------------------------------------------ */

/* Attribute a of cache dir: its first number (sysfs "slabs" is "N N0=..."),
 * the text in txt when given; -1 when it cannot be read. */
static long attr(top *t, const char *dir, int a, char *txt, size_t txtsz)
{
	long v;
	if (slabtab_sysfs_attr(t->sys_path, dir, attrs[a], &v, txt, txtsz) < 0) {
		t->unread[a]++;
		return -1;
	}
	return v < 0 ? 0 : v;
}

/* What the model needs from sysfs, for a row from /proc/slabinfo or sysfs. */
static void read_model_attrs(top *t, slabtab_row *r)
{
	char ctor[128] = "";
	r->object_size = attr(t, r->si.name, 2, NULL, 0);
	r->align = attr(t, r->si.name, 7, NULL, 0);
	r->hw = attr(t, r->si.name, 8, NULL, 0) > 0;
	r->rcu = attr(t, r->si.name, 9, NULL, 0) > 0;
	r->ctor = attr(t, r->si.name, 10, ctor, sizeof(ctor)) >= 0 && ctor[0];
	r->ufo = r->rcu && slabtab_freeptr_offset_cache(r->si.name);
}

/* One cache directory's counters into a row (SLUB's sysfs: objects,
 * total_objects, slab_size, objs_per_slab, order, slabs). 0, or -1 when
 * its counters cannot be read. */
static int read_sysfs_row(top *t, const char *name, slabtab_row *r)
{
	long objects, total, slab_size, order, per, slabs;
	memset(r, 0, sizeof(*r));
	snprintf(r->si.name, sizeof(r->si.name), "%.*s", SKL_SLABINFO_NAME_MAX - 1, name);
	objects = attr(t, name, 0, NULL, 0);
	total = attr(t, name, 1, NULL, 0);
	slab_size = attr(t, name, 3, NULL, 0);
	order = attr(t, name, 4, NULL, 0);
	per = attr(t, name, 5, NULL, 0);
	slabs = attr(t, name, 6, NULL, 0);
	read_model_attrs(t, r);
	if (slab_size < 0 || order < 0 || order > 20 || per < 0)
		return -1;
	r->si.objsize = (unsigned long)slab_size;
	r->si.objperslab = (unsigned long)per;
	r->si.pagesperslab = 1ul << order;
	r->si.has_slabs = 1;
	r->si.num_slabs = r->si.active_slabs = slabs > 0 ? (unsigned long)slabs : 0;
	r->si.num_objs = total >= 0 ? (unsigned long)total : r->si.num_slabs * r->si.objperslab;
	r->si.active_objs = objects >= 0 ? (unsigned long)objects : 0;
	if (r->si.active_objs > r->si.num_objs)
		r->si.active_objs = r->si.num_objs;
	return 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every cache directory of sysfs (symlinks are merged names). */
static int read_sysfs(top *t, slabtab_row **out, int *n)
{
	DIR *d = opendir(t->sys_path);
	struct dirent *e;
	char **names = NULL;
	int nn = 0, cap = 0, i, bad = 0;
	slabtab_row *rows;
	if (!d) {
		t->sysfs_errno = errno;
		return -1;
	}
	t->sysfs_ok = 1;
	while ((e = readdir(d)) != NULL && nn < MAX_CACHES) {
		char path[2400];
		struct stat st;
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", t->sys_path, e->d_name);
		if (lstat(path, &st) < 0 || !S_ISDIR(st.st_mode))
			continue;
		if (nn == cap) {
			char **m = realloc(names, (size_t)(cap ? cap * 2 : 256) * sizeof(*m));
			if (!m)
				break;
			names = m;
			cap = cap ? cap * 2 : 256;
		}
		names[nn] = strdup(e->d_name);
		if (!names[nn])
			break;
		nn++;
	}
	closedir(d);
	qsort(names, (size_t)nn, sizeof(*names), cmp_name);
	rows = calloc((size_t)(nn ? nn : 1), sizeof(*rows));
	*n = 0;
	for (i = 0; rows && i < nn; i++)
		if (read_sysfs_row(t, names[i], &rows[*n]) == 0)
			(*n)++;
		else
			bad++;
	for (i = 0; i < nn; i++)
		free(names[i]);
	free(names);
	*out = rows;
	if (!rows)
		return -1;
	if (!*n && nn)
		t->sysfs_errno = EACCES;
	return *n ? 0 : -1;
}

/* /proc/slabinfo's rows, with sysfs's attributes for the model. */
static int read_slabinfo(top *t, slabtab_row **out, int *n)
{
	skl_slabinfo si;
	skl_error err;
	slabtab_row *rows;
	int i;
	struct stat st;
	skl_error_clear(&err);
	if (skl_slabinfo_read_file(t->slabinfo_path, &si, &err) < 0) {
		t->slabinfo_errno = errno;
		skl_error_format(&err, t->slabinfo_err, sizeof(t->slabinfo_err));
		return -1;
	}
	t->format = si.format;
	rows = calloc((size_t)(si.n ? si.n : 1), sizeof(*rows));
	if (!rows) {
		skl_slabinfo_free(&si);
		return -1;
	}
	t->sysfs_ok = stat(t->sys_path, &st) == 0;
	for (i = 0; i < si.n; i++) {
		rows[i].si = si.rows[i];
		rows[i].si.line = 0; /* a line of this sample: not worth showing */
		rows[i].object_size = rows[i].align = -1;
		if (t->sysfs_ok && si.format == SKL_SLABINFO_V2_1)
			read_model_attrs(t, &rows[i]);
	}
	*out = rows;
	*n = si.n;
	skl_slabinfo_free(&si);
	return 0;
}

/* One sample: the rows, each cache's history carried over from the last. */
static int sample(top *t)
{
	slabtab_row *rows = NULL;
	int n = 0, i, j;
	memset(t->unread, 0, sizeof(t->unread));
	t->slabinfo_err[0] = '\0';
	t->from_slabinfo = read_slabinfo(t, &rows, &n) == 0;
	if (!t->from_slabinfo && read_sysfs(t, &rows, &n) < 0) {
		free(rows);
		return -1;
	}
	slabtab_bytes(rows, n, (unsigned)t->page_size);
	for (i = 0; i < n; i++) {
		slabtab_row *r = &rows[i];
		for (j = 0; j < t->n; j++)
			if (t->rows[j].hist && !strcmp(t->rows[j].si.name, r->si.name)) {
				r->hist = t->rows[j].hist;
				r->nhist = t->rows[j].nhist;
				r->caphist = t->rows[j].caphist;
				t->rows[j].hist = NULL;
				break;
			}
		if (r->nhist == r->caphist) {
			int nc = r->caphist ? r->caphist * 2 : 16;
			double *m = realloc(r->hist, (size_t)nc * sizeof(*m));
			if (m) {
				r->hist = m;
				r->caphist = nc;
			}
		}
		if (r->nhist < r->caphist)
			r->hist[r->nhist++] = (double)r->bytes;
	}
	slabtab_free(t->rows, t->n);
	t->rows = rows;
	t->n = n;
	t->agree = slabtab_check(rows, n, &t->prof, t->cpus);
	for (t->checked = 0, i = 0; i < n; i++)
		t->checked += rows[i].checked;
	slabtab_sort(rows, n, t->sort);
	t->samples++;
	return 0;
}

/* ---- the host ------------------------------------------------------------------ */

static void host(top *t)
{
	skl_profile *p = &t->prof;
	struct utsname un;
	long pg = sysconf(_SC_PAGESIZE), nc = sysconf(_SC_NPROCESSORS_CONF);
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "this host");
	p->allocator = SKL_ALLOC_SLUB;
	p->abi = skl_abi_find(sizeof(void *) == 4 ? "i386" : "x86_64");
	p->cacheline = 64;
	if (t->root[0]) { /* a fake root: the same figures on every machine */
		p->page_size = 4096;
		p->cpus = 1;
		skl_profile_set_kernel(p, "6.18", NULL);
	} else {
		p->page_size = pg > 0 ? (unsigned)pg : 4096;
		p->cpus = nc > 0 ? (unsigned)nc : 1;
		if (uname(&un) != 0 || skl_profile_set_kernel(p, un.release, NULL) < 0)
			skl_profile_set_kernel(p, "6.18", NULL);
	}
	if (t->cpus)
		p->cpus = t->cpus;
	t->page_size = (int)p->page_size;
}

/* A 1.1 slabinfo (a 2.4 kernel, or a fake root holding one): the model is
 * the 2.4 SLAB's, on the 2.4.16 profile. */
static int model_for_format(top *t)
{
	skl_error err;
	if (!t->from_slabinfo || t->format != SKL_SLABINFO_V1_1 || t->prof.allocator != SKL_ALLOC_SLUB)
		return 0;
	skl_error_clear(&err);
	if (skl_data_load_profile(skl_app_data_dir(), "linux-2.4.16-i386", &t->prof, &err) < 0)
		return skl_app_fail("top", &err);
	slabtab_free(t->rows, t->n); /* sampled for SLUB: again for the 2.4 SLAB */
	t->rows = NULL;
	t->n = 0;
	t->samples = 0;
	return sample(t) < 0 ? 1 : 0;
}

/* ---- output -------------------------------------------------------------------- */

static const char *source_name(const top *t)
{
	return t->from_slabinfo ? "/proc/slabinfo" : "/sys/kernel/slab";
}

/* What could not be read, one line each; for the text and the JSON. */
static int notes(const top *t, char lines[][200], int max)
{
	int k = 0, a;
	if (!t->from_slabinfo && k < max)
		snprintf(lines[k++], 200, "/proc/slabinfo could not be read (%.120s): counters from /sys/kernel/slab",
			 t->slabinfo_err);
	if (t->from_slabinfo && !t->sysfs_ok && t->format == SKL_SLABINFO_V2_1 && k < max)
		snprintf(lines[k++], 200,
			 "/sys/kernel/slab could not be read: the model used each line's objsize, without the "
			 "caches' flags");
	for (a = 0; a < NATTRS && k < max; a++)
		if (t->unread[a])
			snprintf(lines[k++], 200, "/sys/kernel/slab/*/%s could not be read for %d cache%s", attrs[a],
				 t->unread[a], t->unread[a] == 1 ? "" : "s");
	return k;
}

static void print_text(const top *t, int spark)
{
	char lines[16][200];
	int k = notes(t, lines, 16), i;
	printf("# this host's slab caches (they change from run to run), from %s; model: %s (%s, %u CPU%s)\n",
	       source_name(t), t->prof.name, t->prof.allocator == SKL_ALLOC_SLUB ? "SLUB" : "2.4 SLAB", t->prof.cpus,
	       t->prof.cpus == 1 ? "" : "s");
	for (i = 0; i < k; i++)
		printf("# %s\n", lines[i]);
	slabtab_print(stdout, t->rows, t->n, t->count, 1, spark);
}

static int print_json(const top *t)
{
	static const skl_json_break cache_list[] = {{"[]", "\n  ", NULL}, {"]", "\n ", NULL}, {NULL, NULL, NULL}};
	static const skl_json_break breaks[] = {
	    {"caches", "\n ", cache_list}, {"summary", "\n ", NULL}, {"unread", "\n ", NULL}, {NULL, NULL, NULL}};
	char lines[16][200];
	int k = notes(t, lines, 16), i;
	json_t *unread = json_array(), *doc;
	skl_sink out = skl_file_sink(stdout);
	for (i = 0; unread && i < k; i++)
		json_array_append_new(unread, skl_json_text(lines[i]));
	doc = json_pack("{s:s, s:s, s:o, s:I, s:I, s:o, s:o, s:{s:i, s:i, s:i, s:i}, s:o}", "host",
			"this host's figures: they change from run to run", "source", source_name(t), "model",
			skl_json_text(t->prof.name), "page_size", (json_int_t)t->page_size, "cpus",
			(json_int_t)t->prof.cpus, "format",
			skl_json_text(t->from_slabinfo ? skl_slabinfo_format_name(t->format) : "sysfs"), "caches",
			slabtab_json(t->rows, t->n, t->count, 1), "summary", "caches", t->n, "checked", t->checked,
			"agree", t->agree, "samples", t->samples, "unread", unread);
	if (skl_json_write(doc, breaks, &out) < 0) {
		fprintf(stderr, "sklab top: out of memory\n");
		return 1;
	}
	return 0;
}

/* The picture: the largest caches by memory (bars, with the model's
 * agreement) and, after more than one sample, their growth (lines). */
typedef struct picture {
	top *t;
	skl_chart *bars, *lines;
	char title[300];
} picture;

static int picture_make(picture *pc)
{
	top *t = pc->t;
	char btitle[300], ltitle[200];
	skl_chart_free(pc->bars);
	skl_chart_free(pc->lines);
	pc->bars = pc->lines = NULL;
	snprintf(pc->title, sizeof(pc->title), "sklab top: this host's slab caches, from %s", source_name(t));
	snprintf(btitle, sizeof(btitle), "the %d largest by memory; the %s model agrees on %d of %d",
		 t->n < t->count ? t->n : t->count, t->prof.allocator == SKL_ALLOC_SLUB ? "SLUB" : "2.4 SLAB", t->agree,
		 t->checked);
	pc->bars = slabtab_chart(t->rows, t->n, t->count, btitle, 0, 0);
	if (!pc->bars)
		return -1;
	if (t->samples > 1) {
		snprintf(ltitle, sizeof(ltitle), "growth since start, sampled every %g s", t->interval);
		pc->lines = slabtab_chart(t->rows, t->n, t->count, ltitle, 1, t->interval);
		if (!pc->lines)
			return -1;
	}
	return 0;
}

static void picture_scene(const picture *pc, skl_scene *sc, const skl_chart **charts)
{
	memset(sc, 0, sizeof(*sc));
	charts[0] = pc->bars;
	charts[1] = pc->lines;
	sc->charts = charts;
	sc->ncharts = pc->lines ? 2 : 1;
	sc->title = pc->title;
}

static int build(void *ud, int frame, skl_dl *dl)
{
	const picture *pc = ud;
	const skl_chart *charts[2];
	skl_scene sc;
	(void)frame;
	picture_scene(pc, &sc, charts);
	return skl_view_scene(dl, &sc);
}

static int write_pictures(picture *pc, const char *png, const char *svg)
{
	const skl_chart *charts[2];
	skl_scene sc;
	skl_render_opts ro;
	skl_error err;
	char fonts[4200];
	skl_error_clear(&err);
	picture_scene(pc, &sc, charts);
	snprintf(fonts, sizeof(fonts), "%s/assets/fonts", skl_app_data_dir());
	memset(&ro, 0, sizeof(ro));
	ro.font_dir = fonts;
	if (png) {
		if (skl_render_scene_file(&sc, png, "png", &ro, &err) < 0)
			return skl_app_fail("top", &err);
		printf("sklab: wrote %s\n", png);
	}
	if (svg) {
		if (skl_render_scene_file(&sc, svg, "svg", &ro, &err) < 0)
			return skl_app_fail("top", &err);
		printf("sklab: wrote %s\n", svg);
	}
	return 0;
}

/* The window: redrawn with a new sample every interval, until Q; frames
 * > 0 (tests) stops after that many samples. Asked: --window was given
 * (else a window that cannot open falls back to the table). */
static int run_window(picture *pc, int frames, int asked)
{
	skl_window_opts wo;
	skl_window *w;
	skl_error err;
	char fonts[4200];
	uint64_t next;
	int rc = 0;
	skl_error_clear(&err);
	snprintf(fonts, sizeof(fonts), "%s/assets/fonts", skl_app_data_dir());
	memset(&wo, 0, sizeof(wo));
	wo.title = "sklab top";
	wo.font_dir = fonts;
	wo.nframes = 1;
	wo.build = build;
	wo.ud = pc;
	w = skl_window_open(&wo, &err);
	if (!w && !asked) { /* the default, and the display would not do */
		fprintf(stderr, "sklab top: no window (%s): one table, as --once prints it\n", err.msg);
		print_text(pc->t, 0);
		return 0;
	}
	if (!w)
		return skl_app_fail("top", &err);
	next = skl_app_clock_ns() + (uint64_t)(pc->t->interval * 1e9);
	for (;;) {
		SDL_Event ev;
		int quit = 0;
		if (skl_window_draw(w, &err) < 0) {
			rc = skl_app_fail("top", &err);
			break;
		}
		if (frames > 0 && pc->t->samples >= frames)
			break;
		while (SDL_WaitEventTimeout(&ev, 50)) {
			int what = skl_window_handle(w, &ev);
			if (what == SKL_WIN_QUIT || what == SKL_WIN_ESCAPE) {
				quit = 1;
				break;
			}
		}
		if (quit)
			break;
		if (skl_app_clock_ns() >= next) {
			next += (uint64_t)(pc->t->interval * 1e9);
			if (sample(pc->t) < 0 || picture_make(pc) < 0) {
				fprintf(stderr, "sklab top: the caches can no longer be read\n");
				rc = 1;
				break;
			}
			skl_window_set_build(w, build, pc, 1, "sklab top");
		}
	}
	skl_window_close(w);
	SDL_Quit(); /* what SDL's video drivers keep, freed as the shell does */
	return rc;
}

/* ---- the command ---------------------------------------------------------------- */

enum { O_ONCE = 256, O_JSON, O_INTERVAL, O_SORT, O_COUNT, O_PNG, O_SVG, O_WINDOW, O_ROOT, O_FRAMES, O_CPUS };

static const skl_app_opt options[] = {
    {"once", O_ONCE, SKL_APP_NONE, NULL, "print one table and exit", NULL},
    {"json", O_JSON, SKL_APP_NONE, NULL, "print one JSON object and exit", NULL},
    {"interval", O_INTERVAL, SKL_APP_VALUE, "S", "seconds between samples in the window (default 3)",
     "seconds from 0.1 to 3600"},
    {"sort", O_SORT, SKL_APP_VALUE, "KEY", "memory (default), objects, slabs or name", NULL},
    {"count", O_COUNT, SKL_APP_VALUE, "N", "caches shown (default 20)", NULL},
    {"png", O_PNG, SKL_APP_VALUE, "FILE", "draw the largest caches as a PNG", NULL},
    {"svg", O_SVG, SKL_APP_VALUE, "FILE", "the same as an SVG", NULL},
    {"window", O_WINDOW, SKL_APP_NONE, NULL, "a window redrawn every --interval (the default\nwith a display)", NULL},
    {"cpus", O_CPUS, SKL_APP_VALUE, "N", "CPUs for the model (default this host's)", NULL},
    {"root", O_ROOT, SKL_APP_VALUE, "DIR", NULL, NULL},	  /* tests: DIR/proc/slabinfo, DIR/sys/kernel/slab */
    {"frames", O_FRAMES, SKL_APP_VALUE, "N", NULL, NULL}, /* tests: the window stops after N samples; pictures take N */
    {0},
};

static const skl_app_cmd top_cmd = {
    .name = "top",
    .about = "This host's slab caches as slabtop shows them, the largest first, with the\n"
	     "model's geometry (objsize, objects and pages per slab) beside each cache and\n"
	     "whether they agree. Reads /proc/slabinfo (root) or else /sys/kernel/slab, and\n"
	     "says what it could not read. Without --once, --json or a picture: a window\n"
	     "redrawn every --interval seconds with each cache's growth since start (with no\n"
	     "display, one table).",
    .opts = options,
    .unknown = "argument",
};

static int parse_count(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	*out = strtoul(s, &end, 10);
	return errno || *end || *out > max ? -1 : 0;
}

int skl_cmd_top(int argc, char **argv)
{
	top t;
	picture pc;
	skl_app_args g;
	const char *png = NULL, *svg = NULL;
	int key, once = 0, json = 0, window = 0, asked, frames = 0, rc = 0;
	unsigned long v;
	memset(&t, 0, sizeof(t));
	memset(&pc, 0, sizeof(pc));
	t.root = "";
	t.interval = 3;
	t.count = 20;
	t.sort = SLABTAB_SORT_MEMORY;
	skl_app_args_init(&g, &top_cmd, argc, argv);
	while ((key = skl_app_getopt(&g)) != SKL_APP_END) {
		const char *a = g.arg;
		char *end;
		switch (key) {
		case SKL_APP_BAD:
			return 2;
		case 'h':
			skl_app_usage(stdout, &top_cmd);
			return 0;
		case O_ONCE:
			once = 1;
			break;
		case O_JSON:
			json = 1;
			break;
		case O_INTERVAL:
			errno = 0;
			t.interval = strtod(a, &end);
			if (errno || end == a || *end || !(t.interval >= 0.1 && t.interval <= 3600))
				return skl_app_usage_error(&top_cmd,
							   "--interval takes seconds from 0.1 to 3600, not '%s'", a);
			break;
		case O_SORT:
			if (slabtab_sort_key(a, &t.sort) < 0)
				return skl_app_usage_error(&top_cmd,
							   "--sort takes memory, objects, slabs or name, not '%s'", a);
			break;
		case O_COUNT:
			if (parse_count(a, 100000, &v) < 0 || !v)
				return skl_app_usage_error(&top_cmd,
							   "--count takes a number from 1 to 100000, not '%s'", a);
			t.count = (int)v;
			break;
		case O_PNG:
			png = a;
			break;
		case O_SVG:
			svg = a;
			break;
		case O_WINDOW:
			window = 1;
			break;
		case O_CPUS:
			if (parse_count(a, 256, &v) < 0 || !v)
				return skl_app_usage_error(&top_cmd, "--cpus takes a number from 1 to 256, not '%s'",
							   a);
			t.cpus = (unsigned)v;
			break;
		case O_ROOT:
			t.root = a;
			break;
		case O_FRAMES:
			if (parse_count(a, 1000000, &v) < 0 || !v)
				return skl_app_usage_error(&top_cmd, "--frames takes a positive number, not '%s'", a);
			frames = (int)v;
			break;
		default:
			return skl_app_usage_error(&top_cmd, "unknown argument '%s' (try 'sklab top --help')", a);
		}
	}
	if ((once || json) && window)
		return skl_app_usage_error(&top_cmd,
					   "--window shows the caches over time; --once and --json print once");
	snprintf(t.slabinfo_path, sizeof(t.slabinfo_path), "%s/proc/slabinfo", t.root);
	snprintf(t.sys_path, sizeof(t.sys_path), "%s/sys/kernel/slab", t.root);
	host(&t);
	if (sample(&t) < 0) {
		fprintf(stderr, "sklab top: cannot read %s (%s) nor %s (%s)\n", t.slabinfo_path,
			t.slabinfo_err[0] ? t.slabinfo_err : "no such file", t.sys_path,
			t.sysfs_errno == EACCES ? "its attributes are readable by root only" : strerror(t.sysfs_errno));
		return 1;
	}
	rc = model_for_format(&t);
	if (rc)
		goto out;
	asked = window;
	if (!once && !json && !window && !png && !svg) {
		/* a display a person can see, as `sklab run` asks for one */
		const char *d = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY"), *drv = getenv("SDL_VIDEODRIVER");
		if (((d && *d) || (wl && *wl)) && !(drv && (!strcmp(drv, "dummy") || !strcmp(drv, "offscreen"))))
			window = 1;
		else {
			fprintf(stderr, "sklab top: no display: one table, as --once prints it\n");
			once = 1;
		}
	}
	pc.t = &t;
	while (!rc && (png || svg) && !window && t.samples < frames) { /* pictures of growth */
		struct timespec ts;
		ts.tv_sec = (time_t)t.interval;
		ts.tv_nsec = (long)((t.interval - (double)ts.tv_sec) * 1e9);
		nanosleep(&ts, NULL);
		if (sample(&t) < 0) {
			fprintf(stderr, "sklab top: the caches can no longer be read\n");
			rc = 1;
		}
	}
	if (rc)
		goto out;
	if (json)
		rc = print_json(&t);
	else if (once || !window)
		print_text(&t, t.samples > 1);
	if (!rc && (png || svg || window) && picture_make(&pc) < 0) {
		fprintf(stderr, "sklab top: out of memory\n");
		rc = 1;
	}
	if (!rc && (png || svg))
		rc = write_pictures(&pc, png, svg);
	if (!rc && window) {
		fflush(stdout);
		rc = run_window(&pc, frames, asked);
	}
out:
	skl_chart_free(pc.bars);
	skl_chart_free(pc.lines);
	slabtab_free(t.rows, t.n);
	return rc;
}
