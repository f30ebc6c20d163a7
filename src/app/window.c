/*
 * window.c - the interactive window (see window.h): one SDL window and
 * renderer, the current frame's draw list, a zoom/pan transform, and
 * overlays drawn in window pixels (hover outline, tooltip, zoom chip, key
 * help). Views and backends do the drawing; this file only drives them.
 */
#include "window.h"

#include "render/backend_sdl.h"
#include "render/view_scene.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define MIN_ZOOM 1.0f
#define MAX_ZOOM 12.0f
#define DRAG_SLOP 4

struct skl_window {
	skl_window_opts o;
	SDL_Window *win;
	SDL_Renderer *ren;
	skl_sdl *sdl;
	skl_dl *dl;	 /* the frame, canvas = window pixels */
	skl_dl *overlay; /* hover, tooltip, chips: window pixels */
	int frame;
	int built_frame, built_w, built_h; /* what dl holds; built_frame -1 = nothing */
	int build_failed;
	int pw, ph;	/* renderer output size in pixels */
	float ptx, pty; /* window points to pixels */
	float zoom, panx, pany;
	int mouse_in;
	float mx, my; /* mouse in pixels */
	int dragging, pressed;
	float press_x, press_y, press_panx, press_pany;
	int hover; /* item index in dl, -1 = none */
	int help;
	char shot[4096];
};

/* ---- geometry -------------------------------------------------------------------- */

static void update_size(skl_window *w)
{
	int ww, wh;
	SDL_GetWindowSize(w->win, &ww, &wh);
	if (SDL_GetRendererOutputSize(w->ren, &w->pw, &w->ph) < 0 || w->pw <= 0) {
		w->pw = ww;
		w->ph = wh;
	}
	w->ptx = ww > 0 ? (float)w->pw / (float)ww : 1;
	w->pty = wh > 0 ? (float)w->ph / (float)wh : 1;
}

/* Keeps the canvas covering the window: no panning past its edges. */
static void clamp_pan(skl_window *w)
{
	float cw = (float)w->pw * w->zoom, ch = (float)w->ph * w->zoom;
	if (w->panx > 0)
		w->panx = 0;
	if (w->pany > 0)
		w->pany = 0;
	if (w->panx < (float)w->pw - cw)
		w->panx = (float)w->pw - cw;
	if (w->pany < (float)w->ph - ch)
		w->pany = (float)w->ph - ch;
}

/* Zooms by factor keeping the canvas point under (px, py) in place. */
static void zoom_at(skl_window *w, float factor, float px, float py)
{
	float z = w->zoom * factor;
	float cx, cy;
	if (z < MIN_ZOOM)
		z = MIN_ZOOM;
	if (z > MAX_ZOOM)
		z = MAX_ZOOM;
	cx = (px - w->panx) / w->zoom;
	cy = (py - w->pany) / w->zoom;
	w->zoom = z;
	w->panx = px - cx * z;
	w->pany = py - cy * z;
	clamp_pan(w);
}

static void reset_view(skl_window *w)
{
	w->zoom = 1;
	w->panx = w->pany = 0;
}

static void update_hover(skl_window *w)
{
	if (!w->mouse_in || w->dragging || w->built_frame < 0) {
		w->hover = -1;
		return;
	}
	w->hover = skl_dl_hit(w->dl, (w->mx - w->panx) / w->zoom, (w->my - w->pany) / w->zoom);
}

/* ---- building ------------------------------------------------------------------------ */

static int build(skl_window *w)
{
	if (w->built_frame == w->frame && w->built_w == w->pw && w->built_h == w->ph)
		return 0;
	skl_dl_clear(w->dl, (float)w->pw, (float)w->ph);
	w->build_failed = w->o.build(w->o.ud, w->frame, w->dl) < 0;
	w->built_frame = w->frame;
	w->built_w = w->pw;
	w->built_h = w->ph;
	update_hover(w);
	return 0;
}

static void set_title(skl_window *w)
{
	char t[512];
	snprintf(t, sizeof(t), "%s \xe2\x80\x94 step %d of %d", w->o.title ? w->o.title : "sklab", w->frame + 1,
		 w->o.nframes);
	SDL_SetWindowTitle(w->win, t);
}

static void go_to(skl_window *w, int frame)
{
	if (frame < 0)
		frame = 0;
	if (frame >= w->o.nframes)
		frame = w->o.nframes - 1;
	if (frame != w->frame) {
		w->frame = frame;
		set_title(w);
	}
}

/* ---- overlays ------------------------------------------------------------------------- */

#define C_TIP_BG SKL_RGB(0x1f, 0x26, 0x30)
#define C_TIP_INK SKL_HEX(0xffffff)
#define C_TIP_INK2 SKL_HEX(0xc4ccd6)
#define C_HOVER SKL_HEX(0x111111)

static float ui_scale(const skl_window *w)
{
	float u = fminf((float)w->pw / 1600, (float)w->ph / 900);
	return u < 0.95f ? 0.95f : u > 2.5f ? 2.5f : u;
}

/* A box with lines of text; first line bold. */
static void text_box(skl_dl *o, float x, float y, char lines[][256], int n, float fs, float pad)
{
	float lh = fs * 1.3f, bw = 0, bh = (float)n * lh + 2 * pad;
	int i;
	for (i = 0; i < n; i++)
		bw = fmaxf(bw, skl_dl_text_width(lines[i], fs));
	bw += 2 * pad;
	skl_dl_rect(o, x + 3, y + 3, bw, bh, skl_color_alpha(SKL_HEX(0x000000), 60), 0, 0);
	skl_dl_rect(o, x, y, bw, bh, C_TIP_BG, SKL_HEX(0x4a525c), 1);
	for (i = 0; i < n; i++)
		skl_dl_text(o, x + pad, y + pad + (float)i * lh, bw - 2 * pad, lh, lines[i], fs,
			    i == 0 ? SKL_FONT_BOLD : SKL_FONT_REGULAR, SKL_ALIGN_LEFT, i == 0 ? C_TIP_INK : C_TIP_INK2);
}

static int split_lines(const char *s, char lines[][256], int max)
{
	int n = 0;
	while (*s && n < max) {
		const char *e = strchr(s, '\n');
		size_t len = e ? (size_t)(e - s) : strlen(s);
		if (len > 255)
			len = 255;
		memcpy(lines[n], s, len);
		lines[n][len] = 0;
		n++;
		if (!e)
			break;
		s = e + 1;
	}
	return n;
}

static void build_overlay(skl_window *w)
{
	skl_dl *o = w->overlay;
	float u = ui_scale(w), fs = floorf(15 * u), pad = 10 * u;
	char lines[24][256];
	int n, i;
	skl_dl_clear(o, (float)w->pw, (float)w->ph);

	if (w->build_failed)
		skl_dl_text(o, 0, 0, (float)w->pw, (float)w->ph, "(this frame could not be drawn)", floorf(20 * u),
			    SKL_FONT_BOLD, SKL_ALIGN_CENTER, SKL_HEX(0xd55e00));

	/* the hovered group: outline its boxes */
	if (w->hover >= 0) {
		const skl_dl_item *h = skl_dl_at(w->dl, w->hover);
		int cnt = skl_dl_count(w->dl);
		for (i = 0; i < cnt; i++) {
			const skl_dl_item *it = skl_dl_at(w->dl, i);
			if (it->id != h->id || (it->kind != SKL_DL_RECT && it->kind != SKL_DL_HATCH) || it->w < 2 ||
			    it->h < 2)
				continue;
			skl_dl_rect(o, it->x * w->zoom + w->panx - 1, it->y * w->zoom + w->pany - 1,
				    it->w * w->zoom + 2, it->h * w->zoom + 2, 0, C_HOVER, 2);
		}
		if (h->tooltip) {
			float bw = 0, bh, x, y;
			n = split_lines(h->tooltip, lines, 24);
			for (i = 0; i < n; i++)
				bw = fmaxf(bw, skl_dl_text_width(lines[i], fs));
			bw += 2 * pad;
			bh = (float)n * fs * 1.3f + 2 * pad;
			x = w->mx + 18 * u;
			y = w->my + 22 * u;
			if (x + bw > (float)w->pw - 4)
				x = w->mx - bw - 12 * u;
			if (y + bh > (float)w->ph - 4)
				y = w->my - bh - 12 * u;
			if (x < 4)
				x = 4;
			if (y < 4)
				y = 4;
			text_box(o, x, y, lines, n, fs, pad);
		}
	}

	if (w->zoom > 1.001f) {
		char z[64];
		float zw;
		snprintf(z, sizeof(z), "zoom %.0f%%  \xc2\xb7  0 resets", (double)(w->zoom * 100));
		zw = skl_dl_text_width(z, fs) + 2 * pad;
		skl_dl_rect(o, (float)w->pw - zw - 12 * u, 12 * u, zw, fs * 1.9f, C_TIP_BG, 0, 0);
		skl_dl_text(o, (float)w->pw - zw - 12 * u, 12 * u, zw, fs * 1.9f, z, fs, SKL_FONT_REGULAR,
			    SKL_ALIGN_CENTER, C_TIP_INK);
	}

	if (w->help) {
		static const char *const keys[] = {
		    "Keys",
		    "Right, Space, PageDown   next step",
		    "Left, PageUp, Backspace  previous step",
		    "Home / End               first / last step",
		    "+ / - or mouse wheel     zoom",
		    "drag                     pan",
		    "0                        reset zoom",
		    "F                        fullscreen",
		    "S                        save a PNG screenshot",
		    "H or F1                  this help",
		    "Q or Escape              quit",
		};
		float bw = 0, bh;
		n = (int)(sizeof(keys) / sizeof(keys[0]));
		for (i = 0; i < n; i++) {
			snprintf(lines[i], sizeof(lines[i]), "%s", keys[i]);
			bw = fmaxf(bw, skl_dl_text_width(keys[i], fs * 1.2f));
		}
		bw += 2 * pad * 1.5f;
		bh = (float)n * fs * 1.2f * 1.3f + 3 * pad;
		text_box(o, ((float)w->pw - bw) / 2, ((float)w->ph - bh) / 2, lines, n, fs * 1.2f, pad * 1.5f);
	}
}

/* ---- screenshots ----------------------------------------------------------------------- */

static int file_exists(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (f)
		fclose(f);
	return f != NULL;
}

/* Saves what is on screen (without the hover overlay) as a PNG. */
static int screenshot(skl_window *w, skl_error *err)
{
	const char *dir = w->o.shot_dir ? w->o.shot_dir : ".";
	skl_xform xf;
	SDL_Surface *s;
	int k;
	snprintf(w->shot, sizeof(w->shot), "%s/sklab-step-%03d.png", dir, w->frame + 1);
	for (k = 2; file_exists(w->shot) && k < 1000; k++)
		snprintf(w->shot, sizeof(w->shot), "%s/sklab-step-%03d-%d.png", dir, w->frame + 1, k);
	xf.scale = w->zoom;
	xf.dx = w->panx;
	xf.dy = w->pany;
	s = skl_sdl_render_surface(w->sdl, w->dl, w->pw, w->ph, &xf, err);
	if (!s) {
		w->shot[0] = 0;
		return -1;
	}
	if (IMG_SavePNG(s, w->shot) < 0) {
		skl_errorf(err, "cannot write %s: %s", w->shot, IMG_GetError());
		w->shot[0] = 0;
		SDL_FreeSurface(s);
		return -1;
	}
	SDL_FreeSurface(s);
	return 0;
}

/* ---- public ------------------------------------------------------------------------------ */

skl_window *skl_window_open(const skl_window_opts *o, skl_error *err)
{
	skl_window *w;
	Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
	int ww = o->width > 0 ? o->width : 1600, wh = o->height > 0 ? o->height : 900;
	SDL_Rect usable;

	if (!o->build || o->nframes < 1) {
		skl_errorf(err, "window: nothing to show");
		return NULL;
	}
	if (SDL_InitSubSystem(SDL_INIT_VIDEO) < 0) {
		skl_errorf(err, "no display: %s", SDL_GetError());
		return NULL;
	}
	w = skl_calloc(1, sizeof(*w));
	if (!w) {
		skl_errorf(err, "out of memory");
		SDL_QuitSubSystem(SDL_INIT_VIDEO);
		return NULL;
	}
	w->o = *o;
	w->frame = o->start < 0 ? 0 : o->start >= o->nframes ? o->nframes - 1 : o->start;
	w->built_frame = -1;
	w->hover = -1;
	reset_view(w);
	/* never open larger than the screen */
	if (SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 && usable.h > 0) {
		if (ww > usable.w - 40)
			ww = usable.w - 40 > 320 ? usable.w - 40 : usable.w;
		if (wh > usable.h - 60)
			wh = usable.h - 60 > 240 ? usable.h - 60 : usable.h;
	}
	if (o->fullscreen)
		flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
	w->win = SDL_CreateWindow(o->title ? o->title : "sklab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, ww, wh,
				  flags);
	if (!w->win) {
		skl_errorf(err, "cannot open a window: %s", SDL_GetError());
		goto out_free;
	}
	SDL_SetWindowMinimumSize(w->win, 480, 270);
	w->ren = SDL_CreateRenderer(w->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
	if (!w->ren)
		w->ren = SDL_CreateRenderer(w->win, -1, SDL_RENDERER_SOFTWARE);
	if (!w->ren) {
		skl_errorf(err, "cannot create a renderer: %s", SDL_GetError());
		goto out_win;
	}
	w->sdl = skl_sdl_new(o->font_dir, err);
	if (!w->sdl)
		goto out_ren;
	w->dl = skl_dl_new(1, 1);
	w->overlay = skl_dl_new(1, 1);
	if (!w->dl || !w->overlay) {
		skl_errorf(err, "out of memory");
		goto out_dl;
	}
	update_size(w);
	set_title(w);
	return w;
out_dl:
	skl_dl_free(w->dl);
	skl_dl_free(w->overlay);
	skl_sdl_free(w->sdl);
out_ren:
	SDL_DestroyRenderer(w->ren);
out_win:
	SDL_DestroyWindow(w->win);
out_free:
	skl_free(w);
	SDL_QuitSubSystem(SDL_INIT_VIDEO);
	return NULL;
}

void skl_window_close(skl_window *w)
{
	if (!w)
		return;
	skl_sdl_free(w->sdl); /* its textures belong to ren: free them first */
	skl_dl_free(w->dl);
	skl_dl_free(w->overlay);
	SDL_DestroyRenderer(w->ren);
	SDL_DestroyWindow(w->win);
	skl_free(w);
	SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

static int on_key(skl_window *w, const SDL_KeyboardEvent *k)
{
	SDL_Keycode sym = k->keysym.sym;
	float cx = (float)w->pw / 2, cy = (float)w->ph / 2;
	switch (sym) {
	case SDLK_RIGHT:
	case SDLK_SPACE:
	case SDLK_PAGEDOWN:
	case SDLK_DOWN:
		go_to(w, w->frame + 1);
		break;
	case SDLK_LEFT:
	case SDLK_PAGEUP:
	case SDLK_BACKSPACE:
	case SDLK_UP:
		go_to(w, w->frame - 1);
		break;
	case SDLK_HOME:
		go_to(w, 0);
		break;
	case SDLK_END:
		go_to(w, w->o.nframes - 1);
		break;
	case SDLK_PLUS:
	case SDLK_EQUALS:
	case SDLK_KP_PLUS:
		zoom_at(w, 1.25f, w->mouse_in ? w->mx : cx, w->mouse_in ? w->my : cy);
		break;
	case SDLK_MINUS:
	case SDLK_KP_MINUS:
		zoom_at(w, 1 / 1.25f, w->mouse_in ? w->mx : cx, w->mouse_in ? w->my : cy);
		break;
	case SDLK_0:
	case SDLK_KP_0:
		reset_view(w);
		break;
	case SDLK_f: {
		Uint32 fs = SDL_GetWindowFlags(w->win) & SDL_WINDOW_FULLSCREEN_DESKTOP;
		SDL_SetWindowFullscreen(w->win, fs ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
		break;
	}
	case SDLK_s: {
		skl_error err;
		skl_error_clear(&err);
		if (screenshot(w, &err) < 0)
			SDL_Log("sklab: screenshot failed: %s", err.msg);
		else
			SDL_Log("sklab: saved %s", w->shot);
		break;
	}
	case SDLK_h:
	case SDLK_F1:
	case SDLK_QUESTION:
		w->help = !w->help;
		break;
	case SDLK_q:
		return 1;
	case SDLK_ESCAPE:
		if (w->help) {
			w->help = 0;
			break;
		}
		return 1;
	default:
		break;
	}
	return 0;
}

int skl_window_handle(skl_window *w, const SDL_Event *ev)
{
	switch (ev->type) {
	case SDL_QUIT:
		return 1;
	case SDL_KEYDOWN:
		return on_key(w, &ev->key);
	case SDL_WINDOWEVENT:
		if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED || ev->window.event == SDL_WINDOWEVENT_RESIZED) {
			update_size(w);
			clamp_pan(w);
		} else if (ev->window.event == SDL_WINDOWEVENT_LEAVE) {
			w->mouse_in = 0;
			w->hover = -1;
		} else if (ev->window.event == SDL_WINDOWEVENT_CLOSE) {
			return 1;
		}
		break;
	case SDL_MOUSEMOTION:
		w->mouse_in = 1;
		w->mx = (float)ev->motion.x * w->ptx;
		w->my = (float)ev->motion.y * w->pty;
		if (w->pressed && !w->dragging &&
		    (fabsf(w->mx - w->press_x) > DRAG_SLOP || fabsf(w->my - w->press_y) > DRAG_SLOP))
			w->dragging = 1;
		if (w->dragging) {
			w->panx = w->press_panx + (w->mx - w->press_x);
			w->pany = w->press_pany + (w->my - w->press_y);
			clamp_pan(w);
		}
		update_hover(w);
		break;
	case SDL_MOUSEBUTTONDOWN:
		if (ev->button.button == SDL_BUTTON_LEFT) {
			w->pressed = 1;
			w->press_x = (float)ev->button.x * w->ptx;
			w->press_y = (float)ev->button.y * w->pty;
			w->press_panx = w->panx;
			w->press_pany = w->pany;
		}
		break;
	case SDL_MOUSEBUTTONUP:
		if (ev->button.button == SDL_BUTTON_LEFT) {
			w->pressed = 0;
			w->dragging = 0;
			update_hover(w);
		}
		break;
	case SDL_MOUSEWHEEL: {
		int dy = ev->wheel.y;
		if (ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED)
			dy = -dy;
		if (dy)
			zoom_at(w, powf(1.15f, (float)dy), w->mouse_in ? w->mx : (float)w->pw / 2,
				w->mouse_in ? w->my : (float)w->ph / 2);
		update_hover(w);
		break;
	}
	default:
		break;
	}
	return 0;
}

int skl_window_draw(skl_window *w, skl_error *err)
{
	skl_xform xf, id = {1, 0, 0};
	update_size(w);
	build(w);
	update_hover(w);
	build_overlay(w);
	xf.scale = w->zoom;
	xf.dx = w->panx;
	xf.dy = w->pany;
	SDL_SetRenderDrawColor(w->ren, 255, 255, 255, 255);
	SDL_RenderClear(w->ren);
	if (skl_sdl_draw(w->sdl, w->ren, w->dl, &xf, err) < 0)
		return -1;
	if (skl_sdl_draw(w->sdl, w->ren, w->overlay, &id, err) < 0)
		return -1;
	SDL_RenderPresent(w->ren);
	return 0;
}

int skl_window_loop(skl_window *w, skl_error *err)
{
	int dirty = 1;
	for (;;) {
		SDL_Event ev;
		if (dirty) {
			if (skl_window_draw(w, err) < 0)
				return -1;
			dirty = 0;
		}
		if (!SDL_WaitEventTimeout(&ev, 250))
			continue;
		do {
			if (skl_window_handle(w, &ev))
				return 0;
			dirty = 1;
		} while (SDL_PollEvent(&ev));
	}
}

int skl_window_run_build(const skl_window_opts *o, skl_error *err)
{
	skl_window *w = skl_window_open(o, err);
	int rc;
	if (!w)
		return -1;
	rc = skl_window_loop(w, err);
	skl_window_close(w);
	return rc;
}

typedef struct events_ud {
	const skl_events *log;
	const skl_frame *frames;
	int n;
} events_ud;

static int build_event_frame(void *ud, int frame, skl_dl *dl)
{
	events_ud *e = ud;
	return skl_view_frame(dl, e->log, e->frames, e->n, frame, NULL);
}

int skl_window_run(const skl_events *log, const skl_frame *frames, int nframes, const skl_window_opts *o,
		   skl_error *err)
{
	events_ud e;
	skl_window_opts wo = *o;
	if (!frames || nframes < 1)
		return skl_errorf(err, "window: the run has no frames to show");
	e.log = log;
	e.frames = frames;
	e.n = nframes;
	wo.nframes = nframes;
	wo.build = build_event_frame;
	wo.ud = &e;
	return skl_window_run_build(&wo, err);
}

int skl_window_frame(const skl_window *w)
{
	return w->frame;
}

float skl_window_zoom(const skl_window *w)
{
	return w->zoom;
}

const skl_dl *skl_window_drawlist(const skl_window *w)
{
	return w->dl;
}

void skl_window_transform(const skl_window *w, float *scale, float *dx, float *dy)
{
	*scale = w->zoom;
	*dx = w->panx;
	*dy = w->pany;
}

const char *skl_window_hover(const skl_window *w)
{
	const skl_dl_item *it = w->hover >= 0 ? skl_dl_at(w->dl, w->hover) : NULL;
	return it ? it->tooltip : NULL;
}

const char *skl_window_last_shot(const skl_window *w)
{
	return w->shot;
}

SDL_Window *skl_window_sdl(const skl_window *w)
{
	return w->win;
}
