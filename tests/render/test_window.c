/*
 * test_window.c - the window on SDL's dummy video driver, driven by
 * synthetic events: stepping, zoom (laid out again, the caption bar
 * pinned), hover tooltips, screenshots, quit; over an event log: the
 * expectations badge and panel, blanking, split refused on a one-view step;
 * the c2c view's tooltips.
 *
 *   test_window OUTDIR                 the automated test
 *   test_window --interactive [OUTDIR] a real window over three frames
 *                                      (for trying it under Xvfb)
 */
#include "check.h"
#include "image.h"
#include "window.h"
#include "window_impl.h" /* white box: the kept picture */

#include "sklab/budget.h"
#include "sklab/cachesim_snap.h"
#include "sklab/render/view_scene.h"
#include "sklab/skb_snap.h"
#include "sample_structs.h"

#include <stdio.h>
#include <string.h>

typedef struct demo {
	skl_layout *layouts[3];
	const char *captions[3];
} demo;

static int build(void *ud, int frame, skl_dl *dl)
{
	demo *d = ud;
	skl_scene s;
	const skl_layout *ls[1];
	static const char *const line0[] = {"line:0"};
	memset(&s, 0, sizeof(s));
	ls[0] = d->layouts[frame];
	s.layouts = ls;
	s.nlayouts = 1;
	s.caption = d->captions[frame];
	s.title = "Window test";
	s.step = frame + 1;
	s.nsteps = 3;
	if (frame == 0) {
		s.highlight = line0;
		s.nhighlight = 1;
	}
	return skl_view_scene(dl, &s);
}

static void key(skl_window *w, SDL_Keycode sym, int *quit)
{
	SDL_Event ev;
	memset(&ev, 0, sizeof(ev));
	ev.type = SDL_KEYDOWN;
	ev.key.keysym.sym = sym;
	*quit = skl_window_handle(w, &ev);
}

static void motion(skl_window *w, int x, int y)
{
	SDL_Event ev;
	memset(&ev, 0, sizeof(ev));
	ev.type = SDL_MOUSEMOTION;
	ev.motion.x = x;
	ev.motion.y = y;
	skl_window_handle(w, &ev);
}

static void button(skl_window *w, int down, int x, int y)
{
	SDL_Event ev;
	memset(&ev, 0, sizeof(ev));
	ev.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
	ev.button.button = SDL_BUTTON_LEFT;
	ev.button.x = x;
	ev.button.y = y;
	skl_window_handle(w, &ev);
}

static void wheel(skl_window *w, int dy)
{
	SDL_Event ev;
	memset(&ev, 0, sizeof(ev));
	ev.type = SDL_MOUSEWHEEL;
	ev.wheel.y = dy;
	skl_window_handle(w, &ev);
}

/* The first item of list dl whose text is text (or holds it, with sub). */
static const skl_dl_item *find_text(const skl_dl *dl, const char *text, int sub)
{
	int i, n = skl_dl_count(dl);
	for (i = 0; i < n; i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_TEXT && it->text &&
		    (sub ? strstr(it->text, text) != NULL : !strcmp(it->text, text)))
			return it;
	}
	return NULL;
}

/* The window-pixel centre of the first item with key. */
static int item_center(skl_window *w, const char *k, int *x, int *y)
{
	const skl_dl *dl = skl_window_drawlist(w);
	int i = skl_dl_find(dl, k);
	const skl_dl_item *it = skl_dl_at(dl, i);
	float s, dx, dy;
	if (!it)
		return -1;
	skl_window_transform(w, &s, &dx, &dy);
	*x = (int)((it->x + it->w / 2) * s + dx);
	*y = (int)((it->y + it->h * 0.8f) * s + dy);
	return 0;
}

/* A hover outline (window_draw.c's C_HOVER) around the window pixels
 * of draw-list item it: the overlay has one, 1 pixel out on each side. */
static int outlined(skl_window *w, const skl_dl_item *it)
{
	const skl_dl *o = skl_window_overlay(w);
	float s, dx, dy, x, y;
	int i;
	skl_window_transform(w, &s, &dx, &dy);
	x = it->x * s + dx - 1;
	y = it->y * s + dy - 1;
	for (i = 0; i < skl_dl_count(o); i++) {
		const skl_dl_item *r = skl_dl_at(o, i);
		if (r->kind == SKL_DL_RECT && r->stroke == SKL_HEX(0x111111) && !SKL_A(r->fill) && r->x > x - 2 &&
		    r->x < x + 2 && r->y > y - 2 && r->y < y + 2)
			return 1;
	}
	return 0;
}

/* The first filled rect of key's group in the window's list. */
static const skl_dl_item *filled(skl_window *w, const char *key)
{
	const skl_dl *dl = skl_window_drawlist(w);
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_RECT && SKL_A(it->fill) && it->key && !strcmp(it->key, key))
			return it;
	}
	return NULL;
}

/* The window's pixels as last presented (the software renderer of the
 * dummy driver keeps them), or NULL. */
static SDL_Surface *screen(skl_window *w)
{
	SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w->pw, w->ph, 32, SDL_PIXELFORMAT_ARGB8888);
	if (s && SDL_RenderReadPixels(w->ren, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) < 0) {
		SDL_FreeSurface(s);
		s = NULL;
	}
	return s;
}

/* What the last draw showed (the kept picture and the overlay over it)
 * is what a full draw shows: with the picture dropped, and drawn straight
 * to the screen with no picture kept. Differences go to
 * OUTDIR/kept-NAME-*.png. */
static void check_kept(skl_window *w, const char *outdir, const char *name)
{
	SDL_Surface *kept = screen(w), *fresh, *direct;
	skl_error err;
	char path[4200];
	int draws = w->pic_draws;
	skl_error_clear(&err);
	skl__win_forget_picture(w);
	CHECK(skl_window_draw(w, &err) == 0);
	CHECK(w->pic_draws == draws + 1);
	fresh = screen(w);
	w->pic_disabled = 1;
	CHECK(skl_window_draw(w, &err) == 0);
	w->pic_disabled = 0;
	direct = screen(w);
	CHECK(kept && fresh && direct);
	if (kept && fresh && direct) {
		snprintf(path, sizeof(path), "%s/kept-%s-fresh.png", outdir, name);
		CHECK(skl_test_image_diff(fresh, kept, 0, path) == 0);
		snprintf(path, sizeof(path), "%s/kept-%s-direct.png", outdir, name);
		CHECK(skl_test_image_diff(direct, kept, 0, path) == 0);
	}
	SDL_FreeSurface(kept);
	SDL_FreeSurface(fresh);
	SDL_FreeSurface(direct);
}

/* perf c2c's lines of a two-CPU false sharing (CPU 0 writes tobj.a, CPU 1
 * reads tobj.b of one line), as skl_kernel_c2c gives them: a heap copy
 * the log takes. */
static skl_c2c *c2c_trace(void)
{
	skl_c2c *c = skl_calloc(1, sizeof(*c));
	skl_c2c_line *l;
	if (!c || !(c->lines = skl_calloc(1, sizeof(*c->lines)))) {
		skl_free(c);
		return NULL;
	}
	snprintf(c->title, sizeof(c->title), "Two-way test box");
	c->ncpus = 2;
	c->line = 64;
	c->nlines = 1;
	l = &c->lines[0];
	l->addr = 0xffff888000100000ull;
	snprintf(l->owner, sizeof(l->owner), "tobj");
	l->hitm = 9;
	l->coherence = 8;
	l->cpus_read = 2;
	l->cpus_wrote = 1;
	l->cpu_writes[0] = l->cpu_reads[1] = 5;
	l->false_sharing = 1;
	if (!(l->members = skl_calloc(2, sizeof(*l->members))))
		return c;
	l->nmembers = 2;
	snprintf(l->members[0].member, sizeof(l->members[0].member), "a");
	l->members[0].size = 8;
	l->members[0].cpus_wrote = 1;
	l->members[0].cpu_writes[0] = l->members[0].writes = 5;
	snprintf(l->members[1].member, sizeof(l->members[1].member), "b");
	l->members[1].offset = 8;
	l->members[1].size = 8;
	l->members[1].cpus_read = 2;
	l->members[1].cpu_reads[1] = l->members[1].reads = 5;
	return c;
}

int main(int argc, char **argv)
{
	int interactive = argc > 1 && !strcmp(argv[1], "--interactive");
	const char *outdir = interactive ? (argc > 2 ? argv[2] : ".") : (argc > 1 ? argv[1] : ".");
	sample_types t;
	skl_error err;
	demo d;
	skl_window_opts o;
	skl_window *w;
	int quit = 0, x, y;
	const char *tip;

	skl_error_clear(&err);
	if (sample_types_build(&t, &err) < 0) {
		fprintf(stderr, "test_window: %s\n", err.msg);
		return 1;
	}
	d.layouts[0] = sample_layout(&t, "sock", "i386", "CONFIG_INET,CONFIG_FILTER", 32, &err);
	d.layouts[1] = sample_layout(&t, "inet_opt", "i386", NULL, 32, &err);
	d.layouts[2] = sample_layout(&t, "big", "x86_64", NULL, 64, &err);
	d.captions[0] = "struct sock on i386: the identity and hash links fill cache line 0.";
	d.captions[1] = "struct inet_opt: two bitfields share the spare byte 19.";
	d.captions[2] = "A large struct on x86_64, 64-byte cache lines.";
	if (!d.layouts[0] || !d.layouts[1] || !d.layouts[2]) {
		fprintf(stderr, "test_window: %s\n", err.msg);
		return 1;
	}
	if (SDL_Init(SDL_INIT_VIDEO) < 0) {
		fprintf(stderr, "test_window: SDL_Init: %s\n", SDL_GetError());
		return 1;
	}
	memset(&o, 0, sizeof(o));
	o.title = "sklab window test";
	o.font_dir = SKLAB_TEST_FONT_DIR;
	o.nframes = 3;
	o.width = 1280;
	o.height = 720;
	o.shot_dir = outdir;
	o.build = build;
	o.ud = &d;

	if (interactive) {
		int rc = skl_window_run_build(&o, &err);
		if (rc < 0)
			fprintf(stderr, "test_window: %s\n", err.msg);
		SDL_Quit();
		return rc < 0;
	}

	w = skl_window_open(&o, &err);
	if (!w) {
		fprintf(stderr, "test_window: %s\n", err.msg);
		SDL_Quit();
		return 1;
	}
	CHECK(skl_window_draw(w, &err) == 0);
	CHECK(skl_window_frame(w) == 0);

	/* stepping */
	key(w, SDLK_RIGHT, &quit);
	CHECK(skl_window_frame(w) == 1 && !quit);
	key(w, SDLK_SPACE, &quit);
	CHECK(skl_window_frame(w) == 2);
	key(w, SDLK_PAGEDOWN, &quit);
	CHECK(skl_window_frame(w) == 2); /* stays on the last */
	key(w, SDLK_HOME, &quit);
	CHECK(skl_window_frame(w) == 0);
	key(w, SDLK_END, &quit);
	CHECK(skl_window_frame(w) == 2);
	key(w, SDLK_BACKSPACE, &quit);
	CHECK(skl_window_frame(w) == 1);
	key(w, SDLK_LEFT, &quit);
	key(w, SDLK_PAGEUP, &quit);
	CHECK(skl_window_frame(w) == 0);
	CHECK(skl_window_draw(w, &err) == 0);

	/* hover: the tooltip of daddr names its offset and size */
	CHECK(item_center(w, "0:field:daddr", &x, &y) == 0);
	motion(w, x, y);
	tip = skl_window_hover(w);
	CHECK(tip && strstr(tip, "daddr") && strstr(tip, "offset 0") && strstr(tip, "size 4"));
	CHECK(skl_window_draw(w, &err) == 0);
	/* a hover that changes only the highlight draws the kept picture and
	 * the overlay: no pane is drawn again, and the pixels are a full draw's */
	while (skl_window_animating(w)) { /* the fade of the last step ends first */
		SDL_Delay(10);
		CHECK(skl_window_draw(w, &err) == 0);
	}
	{
		int draws = w->pic_draws;
		const skl_dl_item *next =
		    skl_dl_at(skl_window_drawlist(w), skl_dl_find(skl_window_drawlist(w), "0:field:next"));
		CHECK(item_center(w, "0:field:next", &x, &y) == 0);
		motion(w, x, y);
		CHECK(skl_window_draw(w, &err) == 0);
		CHECK(w->pic_draws == draws && w->pic_ok);
		CHECK(next && outlined(w, next));
		check_kept(w, outdir, "hover");
	}

	/* zoom with keys and the wheel, then hover still finds members */
	key(w, SDLK_PLUS, &quit);
	CHECK(skl_window_zoom(w) > 1.2f);
	wheel(w, 2);
	CHECK(skl_window_zoom(w) > 1.5f);
	CHECK(skl_window_draw(w, &err) == 0);
	CHECK(item_center(w, "0:field:lock", &x, &y) == 0);
	if (x > 0 && y > 0 && x < 1280 && y < 720) {
		motion(w, x, y);
		tip = skl_window_hover(w);
		CHECK(tip && strstr(tip, "lock") && strstr(tip, "offset 44"));
	}
	/* drag pans */
	{
		float s0, dx0, dy0, s1, dx1, dy1;
		skl_window_transform(w, &s0, &dx0, &dy0);
		button(w, 1, 600, 400);
		motion(w, 700, 450);
		button(w, 0, 700, 450);
		skl_window_transform(w, &s1, &dx1, &dy1);
		CHECK(s0 == s1 && (dx1 != dx0 || dy1 != dy0));
	}
	key(w, SDLK_MINUS, &quit);
	key(w, SDLK_0, &quit);
	CHECK(skl_window_zoom(w) == 1.0f);

	/* help overlay toggles; Escape closes it before quitting */
	key(w, SDLK_h, &quit);
	CHECK(skl_window_draw(w, &err) == 0);
	key(w, SDLK_ESCAPE, &quit);
	CHECK(!quit);

	/* a screenshot of the current frame */
	key(w, SDLK_s, &quit);
	CHECK(skl_window_last_shot(w)[0] != 0);
	CHECK(skl_test_png_ok(skl_window_last_shot(w)));

	/* resize rebuilds at the new size */
	SDL_SetWindowSize(skl_window_sdl(w), 1024, 600);
	{
		SDL_Event ev;
		memset(&ev, 0, sizeof(ev));
		ev.type = SDL_WINDOWEVENT;
		ev.window.event = SDL_WINDOWEVENT_SIZE_CHANGED;
		skl_window_handle(w, &ev);
	}
	CHECK(skl_window_draw(w, &err) == 0);
	CHECK(skl_dl_width(skl_window_drawlist(w)) == 1024 && skl_dl_height(skl_window_drawlist(w)) == 600);
	/* the picture kept is the new size's, not the old one's */
	{
		int tw = 0, th = 0;
		CHECK(w->pic && SDL_QueryTexture(w->pic, NULL, NULL, &tw, &th) == 0 && tw == w->pw && th == w->ph);
		check_kept(w, outdir, "resized");
	}
	/* a renderer that lost its targets draws the picture again */
	{
		SDL_Event ev;
		int draws = w->pic_draws;
		memset(&ev, 0, sizeof(ev));
		ev.type = SDL_RENDER_TARGETS_RESET;
		skl_window_handle(w, &ev);
		CHECK(skl_window_draw(w, &err) == 0);
		CHECK(w->pic_draws == draws + 1);
	}

	key(w, SDLK_q, &quit);
	CHECK(quit == 1);
	skl_window_close(w);

	/* the loop ends on SDL_QUIT */
	{
		SDL_Event ev;
		memset(&ev, 0, sizeof(ev));
		ev.type = SDL_QUIT;
		SDL_PushEvent(&ev);
		CHECK(skl_window_run_build(&o, &err) == 0);
	}

	/* over an event log's frames, with the scene view */
	{
		skl_events *log = skl_events_new(0);
		skl_layout *copy = skl_layout_clone(d.layouts[1]);
		SDL_Event ev;
		skl_window_opts eo = o;
		skl_frame *frames = NULL;
		int n;
		CHECK(log && copy);
		skl_events_scenario(log, "Window events test", "", "", "");
		skl_events_show(log, &(skl_show){.kind = SKL_SHOW_LAYOUTS, .layouts = &copy, .n = 1}, "");
		skl_events_step(log, "one", "");
		skl_events_step(log, "two", "");
		memset(&ev, 0, sizeof(ev));
		ev.type = SDL_QUIT;
		SDL_PushEvent(&ev);
		eo.build = NULL;
		eo.nframes = 0;
		eo.start = 1;
		n = skl_events_frames(log, &frames);
		CHECK(n == 2);
		CHECK(skl_window_run(log, frames, n, &eo, &err) == 0);
		skl_free(frames);
		skl_events_free(log);
	}

	/* over a log with expectations: a badge per step, the check_failures listed
	 * at once; B blanks and any key only brings the picture back; V on a
	 * step with one view says why it does not split; zoom lays the step
	 * out again and keeps the caption bar; a tooltip goes when the step
	 * changes under a still pointer */
	{
		skl_events *log = skl_events_new(0);
		skl_layout *l1 = skl_layout_clone(d.layouts[0]), *l2 = skl_layout_clone(d.layouts[1]);
		skl_window_opts eo = o;
		skl_frame *frames = NULL;
		const skl_dl_item *it;
		const skl_dl *zl;
		int n, nex, nfail;
		float s0, dx0, dy0, pane_w = 1;
		CHECK(log && l1 && l2);
		skl_events_scenario(log, "Expectations test", "", "", "");
		skl_events_show(log, &(skl_show){.kind = SKL_SHOW_LAYOUTS, .layouts = &l1, .n = 1}, "t.lua:2");
		skl_events_step(log, "sock", "t.lua:3");
		skl_events_expect(log, 1, "sock is 812 bytes", "t.lua:4");
		skl_events_expect(log, 0, "sock is 1056 bytes as in the seed", "t.lua:5");
		skl_events_show(log, &(skl_show){.kind = SKL_SHOW_LAYOUTS, .layouts = &l2, .n = 1}, "t.lua:6");
		skl_events_step(log, "inet_opt", "t.lua:7");
		skl_events_expect(log, 1, "inet_opt is 36 bytes", "t.lua:8");
		n = skl_events_frames(log, &frames);
		CHECK(n == 2);
		eo.build = NULL;
		eo.nframes = 0;
		w = skl_window_open(&eo, &err);
		CHECK(w != NULL);
		if (w) {
			skl_window_set_log(w, log, frames, n, NULL);
			CHECK(skl_window_draw(w, &err) == 0);
			skl_window_expects(w, &nex, &nfail);
			CHECK(nex == 3 && nfail == 1);
			/* step 1: its badge, and the panel with the failure and its file:line */
			CHECK(find_text(skl_window_overlay(w), "\xe2\x9c\x97 1 of 2 expectations failed", 0) != NULL);
			CHECK(skl_dl_find(skl_window_overlay(w), "expect:panel") >= 0);
			CHECK(find_text(skl_window_overlay(w), "1056 bytes", 1) != NULL);
			CHECK(find_text(skl_window_overlay(w), "t.lua:5", 0) != NULL);
			key(w, SDLK_x, &quit);
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(skl_dl_find(skl_window_overlay(w), "expect:panel") < 0);
			key(w, SDLK_x, &quit);
			key(w, SDLK_ESCAPE, &quit);
			CHECK(quit == 0);
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(skl_dl_find(skl_window_overlay(w), "expect:panel") < 0);

			/* blanked, a step key only unblanks */
			key(w, SDLK_b, &quit);
			CHECK(skl_window_blank(w) == 1);
			key(w, SDLK_PAGEDOWN, &quit);
			CHECK(skl_window_blank(w) == 0 && skl_window_frame(w) == 0);
			key(w, SDLK_b, &quit);
			key(w, SDLK_SPACE, &quit);
			CHECK(skl_window_blank(w) == 0 && skl_window_frame(w) == 0);
			key(w, SDLK_PERIOD, &quit);
			key(w, SDLK_LSHIFT, &quit); /* a modifier alone does not count */
			CHECK(skl_window_blank(w) == 1);
			key(w, SDLK_RIGHT, &quit);
			CHECK(skl_window_blank(w) == 0 && skl_window_frame(w) == 0);
			key(w, SDLK_RIGHT, &quit);
			CHECK(skl_window_frame(w) == 1);
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(find_text(skl_window_overlay(w), "\xe2\x9c\x93 1 expectation passes", 0) != NULL);

			/* one view here: no split, and a notice says why */
			key(w, SDLK_v, &quit);
			CHECK(skl_window_split(w) == 0);
			CHECK(skl_window_draw(w, &err) == 0);
			it = find_text(skl_window_overlay(w), "No split: step 2 has one view", 1);
			CHECK(it != NULL);
			pane_w = skl_dl_width(skl_window_drawlist(w));

			/* zoom: a canvas 2.4 times the pane's, laid out again, with the
			 * caption bar drawn from the pane's own list */
			key(w, SDLK_PLUS, &quit);
			key(w, SDLK_PLUS, &quit);
			key(w, SDLK_PLUS, &quit);
			key(w, SDLK_PLUS, &quit);
			CHECK(skl_window_draw(w, &err) == 0);
			zl = skl_window_drawlist(w);
			skl_window_transform(w, &s0, &dx0, &dy0);
			CHECK(s0 == 1.0f);
			CHECK(skl_dl_width(zl) > 2.3f * pane_w && skl_dl_width(zl) < 2.5f * pane_w);
			it = skl_dl_at(zl, skl_dl_find(zl, "0:field:ttl"));
			CHECK(it != NULL);
			{
				/* type grows by the square root of the zoom, boxes by the zoom */
				const skl_dl_item *t100 = NULL, *tz = NULL;
				int k;
				key(w, SDLK_0, &quit);
				CHECK(skl_window_draw(w, &err) == 0);
				for (k = 0; k < skl_dl_count(skl_window_drawlist(w)); k++) {
					const skl_dl_item *ti = skl_dl_at(skl_window_drawlist(w), k);
					if (ti->kind == SKL_DL_TEXT && ti->key && !strcmp(ti->key, "scene:caption")) {
						t100 = ti;
						break;
					}
				}
				CHECK(t100 != NULL);
				key(w, SDLK_PLUS, &quit);
				key(w, SDLK_PLUS, &quit);
				key(w, SDLK_PLUS, &quit);
				key(w, SDLK_PLUS, &quit);
				CHECK(skl_window_draw(w, &err) == 0);
				zl = skl_window_drawlist(w);
				for (k = 0; k < skl_dl_count(zl); k++) {
					const skl_dl_item *ti = skl_dl_at(zl, k);
					if (ti->kind == SKL_DL_TEXT && ti->key && !strcmp(ti->key, "scene:caption")) {
						tz = ti;
						break;
					}
				}
				CHECK(tz != NULL);
				if (t100 && tz)
					CHECK(tz->size > t100->size * 1.3f && tz->size < t100->size * 1.8f);
			}
			key(w, SDLK_0, &quit);

			/* a tooltip under a still pointer goes when the step changes */
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(item_center(w, "0:field:ttl", &x, &y) == 0);
			motion(w, x, y);
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(skl_window_hover(w) != NULL);
			key(w, SDLK_LEFT, &quit);
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(skl_window_hover(w) == NULL);
			key(w, SDLK_RIGHT, &quit);
			motion(w, x + 1, y);
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(skl_window_hover(w) != NULL);

			key(w, SDLK_q, &quit);
			CHECK(quit == SKL_WIN_QUIT);
			skl_window_close(w);
		}
		skl_free(frames);
		skl_events_free(log);
	}

	/* a step whose draw list the run's memory budget refuses: its pane says
	 * so, with the budget's message and the option; a budget with room
	 * draws the step again */
	{
		skl_events *log = skl_events_new(0);
		skl_layout *l1 = skl_layout_clone(d.layouts[0]);
		skl_window_opts eo = o;
		skl_frame *frames = NULL;
		skl_budget budget;
		int n;
		CHECK(log && l1);
		skl_events_scenario(log, "Budget test", "", "", "");
		skl_events_show(log, &(skl_show){.kind = SKL_SHOW_LAYOUTS, .layouts = &l1, .n = 1}, "t.lua:2");
		skl_events_step(log, "sock", "t.lua:3");
		skl_events_step(log, "again", "t.lua:4");
		n = skl_events_frames(log, &frames);
		eo.build = NULL;
		eo.nframes = 0;
		skl_budget_init(&budget, 4096);
		w = skl_window_open(&eo, &err);
		CHECK(w != NULL);
		if (w) {
			skl_window_set_budget(w, &budget);
			skl_window_set_log(w, log, frames, n, NULL);
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(budget.hit && !strcmp(budget.what, "a picture's draw list"));
			CHECK(find_text(skl_window_overlay(w),
					"(this step could not be drawn: memory budget of 4.0 KiB exceeded by a "
					"picture's draw list",
					1) != NULL);
			CHECK(find_text(skl_window_overlay(w), "raise it with --max-memory)", 0) != NULL);
			{
				/* the long line is made smaller until it fits the pane */
				const skl_dl_item *why =
				    find_text(skl_window_overlay(w), "(this step could not be drawn: memory budget", 1);
				CHECK(why && skl_dl_text_width(why->text, why->size) <= why->w && why->w <= 1280);
			}
			CHECK(skl_dl_find(skl_window_drawlist(w), "0:field:daddr") < 0);
			key(w, SDLK_s, &quit); /* what the pane shows, for a person to look at */
			CHECK(skl_test_png_ok(skl_window_last_shot(w)));
			budget.limit = 0; /* room again: the next step is drawn */
			key(w, SDLK_RIGHT, &quit);
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(skl_dl_find(skl_window_drawlist(w), "0:field:daddr") >= 0);
			CHECK(find_text(skl_window_overlay(w), "could not be drawn", 1) == NULL);
			CHECK(budget.used > 0);
			skl_window_close(w);
			CHECK(budget.used == 0); /* every list gave its bytes back */
		}
		skl_free(frames);
		skl_events_free(log);
	}

	/* the c2c view in the window: hover gives a member's CPUs, a cell its
	 * counts; the cache view (4) holds it, the layout view (1) does not */
	{
		skl_events *log = skl_events_new(0);
		skl_window_opts eo = o;
		skl_frame *frames = NULL;
		int n;
		CHECK(log != NULL);
		skl_events_scenario(log, "c2c test", "", "", "");
		CHECK(skl_events_show(log, &(skl_show){.kind = SKL_SHOW_C2C, .c2c = c2c_trace()}, "t.lua:2") == 0);
		skl_events_step(log, "CPU 0 writes a, CPU 1 reads b: one line", "t.lua:3");
		n = skl_events_frames(log, &frames);
		eo.build = NULL;
		eo.nframes = 0;
		w = skl_window_open(&eo, &err);
		CHECK(w != NULL);
		if (w) {
			skl_window_set_log(w, log, frames, n, NULL);
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(skl_dl_find(skl_window_drawlist(w), "0:c2c") >= 0);
			CHECK(item_center(w, "0:c2cmember:0:1", &x, &y) == 0);
			motion(w, x, y);
			tip = skl_window_hover(w);
			CHECK(tip && strstr(tip, "tobj.b") && strstr(tip, "read only") && strstr(tip, "cpu1 r5 w0"));
			CHECK(item_center(w, "0:c2ccpu:0:0:0", &x, &y) == 0);
			motion(w, x, y);
			tip = skl_window_hover(w);
			CHECK(tip && strstr(tip, "cpu0 wrote tobj.a: 0 loads, 5 stores"));
			CHECK(item_center(w, "0:c2cline:0", &x, &y) == 0);
			motion(w, x, y);
			tip = skl_window_hover(w);
			CHECK(tip && strstr(tip, "sharing: false"));
			key(w, SDLK_4, &quit);
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(skl_dl_find(skl_window_drawlist(w), "0:c2cmember:0:0") >= 0);
			key(w, SDLK_1, &quit);
			CHECK(skl_window_draw(w, &err) == 0);
			CHECK(skl_dl_find(skl_window_drawlist(w), "0:c2cmember:0:0") < 0);
			key(w, SDLK_s, &quit);
			CHECK(skl_test_png_ok(skl_window_last_shot(w)));
			key(w, SDLK_q, &quit);
			CHECK(quit == SKL_WIN_QUIT);
			skl_window_close(w);
		}
		skl_free(frames);
		skl_events_free(log);
	}

	/* the skb view's bytes pane: hovering a header's bytes outlines its
	 * block on the bar, hovering the block outlines its bytes */
	{
		static const char *const names[4] = {"ethhdr", "iphdr", "tcphdr", "payload"};
		static const uint32_t offs[5] = {74, 88, 108, 128, 228};
		skl_events *log = skl_events_new(0);
		skl_window_opts eo = o;
		skl_frame *frames = NULL;
		static skl_skb_snap sn;
		const skl_dl_item *band, *blk, *zb;
		int n, r;
		uint32_t i;
		memset(&sn, 0, sizeof(sn));
		snprintf(sn.name, sizeof(sn.name), "skb");
		snprintf(sn.era, sizeof(sn.era), "6.x");
		snprintf(sn.head_cache, sizeof(sn.head_cache), "kmalloc-2048");
		sn.head_addr = 0xffff888104a3c000ull;
		sn.skb_addr = 0xffff888100e1a300ull;
		sn.buf_size = 2048;
		sn.shinfo_size = 320;
		sn.end = 1728;
		sn.offsets = 1;
		sn.users = sn.dataref = 1;
		sn.shared_with = -1;
		sn.data = 74;
		sn.tail = 228;
		sn.len = 154;
		sn.mac_header = 74;
		for (r = 0; r < 4; r++) {
			snprintf(sn.regions[r].name, sizeof(sn.regions[r].name), "%s", names[r]);
			sn.regions[r].off = offs[r];
			sn.regions[r].len = offs[r + 1] - offs[r];
		}
		sn.nregions = 4;
		sn.bytes_from = 74;
		sn.bytes_total = sn.nbytes = 154;
		for (i = 0; i < 154; i++)
			sn.bytes[i] = (uint8_t)(i * 5);
		CHECK(log != NULL);
		skl_events_scenario(log, "skb bytes test", "", "", "");
		CHECK(skl_events_show(log, &(skl_show){.kind = SKL_SHOW_SKBS, .skbs = &sn, .n = 1}, "t.lua:2") == 0);
		skl_events_step(log, "a frame", "t.lua:3");
		n = skl_events_frames(log, &frames);
		eo.build = NULL;
		eo.nframes = 0;
		w = skl_window_open(&eo, &err);
		CHECK(w != NULL);
		if (w) {
			skl_window_set_log(w, log, frames, n, NULL);
			CHECK(skl_window_draw(w, &err) == 0);
			band = filled(w, "0:0:bytes:region:1");
			blk = filled(w, "0:0:region:1");
			CHECK(band && blk);
			if (band && blk) {
				float s, dx, dy;
				skl_window_transform(w, &s, &dx, &dy);
				motion(w, (int)((band->x + band->w / 2) * s + dx),
				       (int)((band->y + band->h / 2) * s + dy));
				tip = skl_window_hover(w);
				CHECK(tip && strstr(tip, "iphdr: 20 bytes") && strstr(tip, "packet bytes 14-33"));
				CHECK(skl_window_draw(w, &err) == 0);
				CHECK(outlined(w, blk) && outlined(w, band));
				CHECK(!outlined(w, filled(w, "0:0:region:2"))); /* tcphdr's block stays as it was */
				/* the block as the zoom strip shows it (the bar's 20 bytes lie
				 * under the zoom window's frame there) */
				zb = filled(w, "0:0:zoom:region:1");
				CHECK(zb != NULL);
				if (zb) {
					motion(w, (int)((zb->x + zb->w / 2) * s + dx),
					       (int)((zb->y + zb->h - 3) * s + dy));
					tip = skl_window_hover(w);
					CHECK(tip && strstr(tip, "iphdr: 20 bytes"));
					CHECK(skl_window_draw(w, &err) == 0);
					CHECK(outlined(w, band) && outlined(w, blk) && outlined(w, zb));
				}
			}
			skl_window_close(w);
		}
		skl_free(frames);
		skl_events_free(log);
	}

	SDL_Quit();
	skl_layout_free(d.layouts[0]);
	skl_layout_free(d.layouts[1]);
	skl_layout_free(d.layouts[2]);
	sample_types_free(&t);
	if (check_failures) {
		fprintf(stderr, "test_window: %d checks failed\n", check_failures);
		return 1;
	}
	printf("test_window: ok\n");
	return 0;
}
