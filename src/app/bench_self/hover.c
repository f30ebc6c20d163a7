/*
 * hover.c - `sklab bench --self window`: the window's redraw after a hover
 * that changes only the highlight, on the window's own code path
 * (skl_window_handle with a motion event, then skl_window_draw), offscreen
 * on SDL's dummy video driver: render/slab10k's frame at 1920x1080 with the
 * pointer moving between two objects, against the same redraw with the
 * kept picture dropped first, so every pane is drawn again (what each
 * hover cost before the window kept its picture).
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "bench_self.h"

#include "window_impl.h"

#include "sklab/events.h"
#include "sklab/runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HW 1920
#define HH 1080

static void motion(skl_window *w, int x, int y)
{
	SDL_Event ev;
	memset(&ev, 0, sizeof(ev));
	ev.type = SDL_MOUSEMOTION;
	ev.motion.x = x;
	ev.motion.y = y;
	skl_window_handle(w, &ev);
}

/* The window point over the middle of the first and the last object cell
 * of the pane's list (both hoverable, far apart); -1 when there is none. */
static int two_objects(const skl_window *w, int xy[2][2])
{
	const skl_dl *dl = skl_window_drawlist(w);
	float s, dx, dy;
	int i, n = skl_dl_count(dl), first = -1, last = -1;
	for (i = 0; i < n; i++) {
		const skl_dl_item *it = &skl_dl_items(dl)[i];
		if (it->id && it->key && strstr(it->key, ":obj:") && it->kind == SKL_DL_RECT && it->w >= 2 &&
		    it->h >= 2) {
			if (first < 0)
				first = i;
			last = i;
		}
	}
	if (first < 0 || last == first)
		return -1;
	skl_window_transform(w, &s, &dx, &dy);
	for (i = 0; i < 2; i++) {
		const skl_dl_item *it = skl_dl_at(dl, i ? last : first);
		xy[i][0] = (int)((it->x + it->w / 2) * s + dx);
		xy[i][1] = (int)((it->y + it->h / 2) * s + dy);
	}
	return 0;
}

/* ms of one skl_window_draw. */
static double timed_draw(skl_window *w, skl_error *err, int *failed)
{
	double t0 = skl__self_now_ns();
	if (skl_window_draw(w, err) < 0)
		*failed = 1;
	return (skl__self_now_ns() - t0) / 1e6;
}

void skl__self_hover(ctx *x, const char *tmpdir)
{
	char path[4200], scen[4200], *old_drv = NULL, title[160];
	const char *drv = getenv("SDL_VIDEODRIVER");
	comparison *c;
	skl_events *log = NULL;
	skl_frame *fr = NULL;
	skl_lua_opts lo;
	skl_lua *rt = NULL;
	skl_window *w = NULL;
	skl_window_opts o;
	skl_error err;
	double vb[64], vs[64];
	int reps = x->quick ? 5 : 31, nfr, r, xy[2][2], failed = 0, draws = 0, kept = 0;

	skl__self_progress(x, "window/hover");
	snprintf(title, sizeof(title),
		 "a hover in the window that changes only the highlight, render/slab10k's frame at %dx%d", HW, HH);
	c = skl__self_new_cmp(x, "window/hover", title, "ms/redraw");
	snprintf(c->base_what, sizeof(c->base_what),
		 "the same redraw with the kept picture dropped first (every pane drawn again)");
	skl__self_target(c, TARGET_ABS, 4.0, 0, "<= 4 ms median");
	c->reps = reps;
	skl_error_clear(&err);

	/* offscreen: SDL's dummy driver, whatever display there is */
	if (drv)
		old_drv = skl_strdup(drv);
	setenv("SDL_VIDEODRIVER", "dummy", 1);
	snprintf(path, sizeof(path), "%s/hover10k.lua", tmpdir);
	snprintf(scen, sizeof(scen), "%s/scenarios", x->data);
	memset(&lo, 0, sizeof(lo));
	lo.data_dir = x->data;
	lo.scenario_dir = scen;
	if (skl__self_write_file(path, skl__self_slab10k_lua) < 0 || !(log = skl_events_new(0)) ||
	    !(rt = skl_lua_new(&lo, &err)) || skl_lua_run_file(rt, path, log, &err) < 0 ||
	    (nfr = skl_events_frames(log, &fr)) <= 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "the scenario did not run: %.400s", err.msg);
		snprintf(c->base_why, sizeof(c->base_why), "the scenario did not run");
		goto out;
	}
	memset(&o, 0, sizeof(o));
	o.title = "sklab bench --self window/hover";
	o.font_dir = x->fonts;
	o.width = HW;
	o.height = HH;
	o.no_anim = 1;
	w = skl_window_open(&o, &err);
	if (!w) {
		snprintf(c->sk_why, sizeof(c->sk_why), "no window: %.400s", err.msg);
		snprintf(c->base_why, sizeof(c->base_why), "no window");
		goto out;
	}
	/* the dummy display is small: the window takes the size asked for */
	SDL_SetWindowSize(skl_window_sdl(w), HW, HH);
	{
		SDL_Event ev;
		while (SDL_PollEvent(&ev))
			skl_window_handle(w, &ev);
		memset(&ev, 0, sizeof(ev));
		ev.type = SDL_WINDOWEVENT;
		ev.window.event = SDL_WINDOWEVENT_SIZE_CHANGED;
		skl_window_handle(w, &ev);
	}
	skl_window_set_log(w, log, fr, nfr, "10,000 objects");
	skl_window_go(w, 0);
	if (skl_window_draw(w, &err) < 0 || two_objects(w, xy) < 0) {
		snprintf(c->sk_why, sizeof(c->sk_why), "%s", err.msg[0] ? err.msg : "no object to hover");
		snprintf(c->base_why, sizeof(c->base_why), "%s", c->sk_why);
		goto out;
	}
	motion(w, xy[1][0], xy[1][1]);
	timed_draw(w, &err, &failed); /* the first hover: tooltip text, its glyphs */
	for (r = 0; r < reps && !failed; r++) {
		int d0;
		/* the baseline: the pointer moves to the other object, every pane drawn again */
		motion(w, xy[r & 1][0], xy[r & 1][1]);
		skl__win_forget_picture(w);
		vb[r] = timed_draw(w, &err, &failed);
		/* sklab: and back, the kept picture and the overlay */
		motion(w, xy[(r + 1) & 1][0], xy[(r + 1) & 1][1]);
		d0 = w->pic_draws;
		vs[r] = timed_draw(w, &err, &failed);
		draws += w->pic_draws - d0;
		kept += w->pic_ok;
	}
	if (failed) {
		snprintf(c->sk_why, sizeof(c->sk_why), "drawing failed: %.400s", err.msg);
		snprintf(c->base_why, sizeof(c->base_why), "drawing failed");
		goto out;
	}
	c->base = skl__self_stats(vb, reps);
	c->sk = skl__self_stats(vs, reps);
	snprintf(c->note, sizeof(c->note),
		 "skl_window_handle (a motion event between two objects) then skl_window_draw, on SDL's dummy driver "
		 "at %dx%d; the panes' lists are not rebuilt on either side. %d of %d hovers drew the picture again "
		 "(0 = every one used the kept picture).",
		 w->pw, w->ph, draws, reps);
	snprintf(c->extra, sizeof(c->extra), ", \"size\": \"%dx%d\", \"picture_draws\": %d, \"kept\": %d", w->pw, w->ph,
		 draws, kept);
out:
	skl_window_close(w);
	skl_free(fr);
	skl_lua_free(rt);
	skl_events_free(log);
	unlink(path);
	if (old_drv)
		setenv("SDL_VIDEODRIVER", old_drv, 1);
	else
		unsetenv("SDL_VIDEODRIVER");
	skl_free(old_drv);
}
