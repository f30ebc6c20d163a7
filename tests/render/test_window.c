/*
 * test_window.c - the window on SDL's dummy video driver, driven by
 * synthetic events: stepping, zoom, hover tooltips, screenshots, quit.
 *
 *   test_window OUTDIR                 the automated test
 *   test_window --interactive [OUTDIR] a real window over three frames
 *                                      (for trying it under Xvfb)
 */
#include "window.h"

#include "render/view_scene.h"
#include "sample_structs.h"

#include <SDL_image.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                                                    \
	do {                                                                                                           \
		if (!(cond)) {                                                                                         \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                       \
			failures++;                                                                                    \
		}                                                                                                      \
	} while (0)

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
	{
		SDL_Surface *s = IMG_Load(skl_window_last_shot(w));
		CHECK(s != NULL);
		if (s) {
			CHECK(s->w > 0 && s->h > 0);
			SDL_FreeSurface(s);
		}
	}

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
		skl_events_show(log, &copy, 1, "");
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

	SDL_Quit();
	skl_layout_free(d.layouts[0]);
	skl_layout_free(d.layouts[1]);
	skl_layout_free(d.layouts[2]);
	sample_types_free(&t);
	if (failures) {
		fprintf(stderr, "test_window: %d checks failed\n", failures);
		return 1;
	}
	printf("test_window: ok\n");
	return 0;
}
