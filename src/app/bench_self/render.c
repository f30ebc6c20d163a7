/*
 * render.c - `sklab bench --self render` and `render4k`: the largest frame
 * of every bundled scenario (and of 10,000 objects) built from the event
 * log and rasterised by the software renderer, at 1920x1080 and at
 * 3840x2160, against an empty frame of the same size.
 */
#include "bench_self.h"

#include "sklab/runtime.h"
#include "sklab/render/sdl.h"
#include "sklab/render/drawlist.h"
#include "sklab/render/view_scene.h"
#include "sklab/events.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* One group of rows: its name, the frame's size and the target per frame. */
typedef struct rsize {
	const char *group;
	int w, h;
	double target_ms;
} rsize;

static const rsize sizes[] = {
    {"render", 1920, 1080, 8.0},
    {"render4k", 3840, 2160, 16.0},
};

/* ms per frame (view build + rasterise into a new surface) for frame i, reps times. */
static int time_frame(skl_sdl *sdl, skl_dl *dl, int RW, int RH, const skl_events *log, const skl_frame *fr, int nfr,
		      int i, int reps, double *v, skl_error *err)
{
	skl_view_frame_opts fo;
	int r;
	memset(&fo, 0, sizeof(fo));
	for (r = 0; r < reps; r++) {
		SDL_Surface *surf;
		double t0 = skl__self_now_ns();
		if (log)
			skl_view_frame(dl, log, fr, nfr, i, &fo);
		surf = skl_sdl_render_surface(sdl, dl, RW, RH, NULL, err);
		if (!surf)
			return -1;
		SDL_FreeSurface(surf);
		v[r] = (skl__self_now_ns() - t0) / 1e6;
	}
	return 0;
}

static void render_one(ctx *x, const rsize *sz, skl_lua *rt, skl_sdl *sdl, const char *path, const char *label,
		       const stat3 *blank, int reps)
{
	const int RW = sz->w, RH = sz->h;
	char name[96], title[160];
	comparison *c;
	skl_events *log = skl_events_new(0);
	skl_dl *dl = skl_dl_new((float)RW, (float)RH);
	skl_frame *fr = NULL;
	skl_view_frame_opts fo;
	skl_error err;
	double v[64];
	int nfr = 0, i, best = -1, most = -1;
	snprintf(name, sizeof(name), "%s/%s", sz->group, label);
	snprintf(title, sizeof(title), "the largest frame of %s at %dx%d, software renderer", label, RW, RH);
	skl__self_progress(x, name);
	c = skl__self_new_cmp(x, name, title, "ms/frame");
	snprintf(c->base_what, sizeof(c->base_what), "an empty %dx%d frame (new surface, cleared)", RW, RH);
	c->base = *blank;
	if (!blank->ok)
		snprintf(c->base_why, sizeof(c->base_why), "the empty frame could not be drawn");
	skl__self_target(c, TARGET_ABS, sz->target_ms, 0, "<= %.0f ms median", sz->target_ms);
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
	if (time_frame(sdl, dl, RW, RH, log, fr, nfr, best, 1, v, &err) < 0 ||
	    time_frame(sdl, dl, RW, RH, log, fr, nfr, best, reps, v, &err) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "drawing failed: %.400s", err.msg);
		goto out;
	}
	c->sk = skl__self_stats(v, reps);
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

const char skl__self_slab10k_lua[] =
    "-- title:   10,000 objects (sklab bench --self)\n"
    "scenario { title = \"10,000 objects\", goal = \"a big slab view\", profile = \"linux-2.4.16-i386\" }\n"
    "local k = sklab.kernel { profile = \"linux-2.4.16-i386\" }\n"
    "local c = k:cache_create(\"tcp_sock\", 788, { hwcache_align = true })\n"
    "local objs = {}\n"
    "for i = 1, 10000 do objs[i] = c:alloc {} end\n"
    "for i = 1, 10000, 3 do c:free(objs[i]) end\n"
    "scene.show(k)\n"
    "scene.step(\"10,000 tcp_socks, a third freed\")\n";

/* The rows of one size that are asked for. */
static void render_size(ctx *x, const rsize *sz, skl_lua *rt, skl_sdl *sdl, char **files, int nfiles,
			const char *tmpdir, const char *const *names, int nnames)
{
	char slab10k[4200], full[128];
	int i, reps = x->quick ? 3 : 11;
	skl_dl *empty = skl_dl_new((float)sz->w, (float)sz->h);
	skl_error err;
	stat3 blank = {0, 0, 0, 0};
	double v[64];

	skl_error_clear(&err);
	if (empty && time_frame(sdl, empty, sz->w, sz->h, NULL, NULL, 0, 0, 1, v, &err) == 0 &&
	    time_frame(sdl, empty, sz->w, sz->h, NULL, NULL, 0, 0, reps, v, &err) == 0)
		blank = skl__self_stats(v, reps);
	for (i = 0; i < nfiles; i++) {
		const char *base = strrchr(files[i], '/');
		char label[96];
		snprintf(label, sizeof(label), "%s", base ? base + 1 : files[i]);
		if (strlen(label) > 4 && !strcmp(label + strlen(label) - 4, ".lua"))
			label[strlen(label) - 4] = '\0';
		snprintf(full, sizeof(full), "%s/%s", sz->group, label);
		if (skl__self_want(full, names, nnames))
			render_one(x, sz, rt, sdl, files[i], label, &blank, reps);
	}
	snprintf(full, sizeof(full), "%s/slab10k", sz->group);
	if (skl__self_want(full, names, nnames)) {
		snprintf(slab10k, sizeof(slab10k), "%s/slab10k.lua", tmpdir);
		if (skl__self_write_file(slab10k, skl__self_slab10k_lua) == 0) {
			render_one(x, sz, rt, sdl, slab10k, "slab10k", &blank, reps);
			unlink(slab10k);
		}
	}
	skl_dl_free(empty);
}

/* Any row of group g asked for: the group, one of its rows, or nothing named. */
static int want_group(const char *g, const char *const *names, int nnames)
{
	int i;
	size_t n = strlen(g);
	if (nnames == 0)
		return 1;
	for (i = 0; i < nnames; i++)
		if (!strncmp(names[i], g, n) && (names[i][n] == '\0' || names[i][n] == '/'))
			return 1;
	return 0;
}

int skl__self_render_wanted(const char *const *names, int nnames)
{
	size_t k;
	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++)
		if (want_group(sizes[k].group, names, nnames))
			return 1;
	return 0;
}

void skl__self_render(ctx *x, const char *tmpdir, const char *const *names, int nnames)
{
	char **files = NULL, scen[4200];
	int nfiles = 0;
	size_t k;
	skl_lua_opts lo;
	skl_lua *rt = NULL;
	skl_sdl *sdl = NULL;
	skl_error err;

	skl_error_clear(&err);
	SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
	if (SDL_Init(0) < 0) {
		comparison *c = skl__self_new_cmp(x, "render", "rendering", "ms/frame");
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
		comparison *c = skl__self_new_cmp(x, "render", "rendering", "ms/frame");
		snprintf(c->sk_why, sizeof(c->sk_why), "%.400s", err.msg);
		snprintf(c->base_why, sizeof(c->base_why), "%.400s", err.msg);
		goto out;
	}
	nfiles = skl_app_list_scenarios(scen, &files);
	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++)
		if (want_group(sizes[k].group, names, nnames)) {
			skl__self_progress(x, sizes[k].group);
			render_size(x, &sizes[k], rt, sdl, files, nfiles, tmpdir, names, nnames);
		}
out:
	if (nfiles > 0)
		skl_app_free_list(files, nfiles);
	skl_lua_free(rt);
	skl_sdl_free(sdl);
	SDL_Quit();
}
