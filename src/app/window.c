/*
 * window.c - the interactive window (see window.h): one SDL window and
 * renderer, one or two panes (each a draw list of the current step in a
 * view, with its own zoom and pan), a page in place of the panes (start
 * screen, error), and overlays drawn in window pixels (view tabs, hover
 * outline, tooltip, chips, key help, a caller's panel). Views and backends
 * do the drawing; this file only drives them.
 */
#define _POSIX_C_SOURCE 200809L
#include "window.h"

#include "sklab/render/sdl.h"
#include "sklab/render/svg.h"
#include "sklab/render/view_scene.h"
#include "sklab/kernel.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MIN_ZOOM 1.0f
#define MAX_ZOOM 8.0f
#define DRAG_SLOP 4
#define ANIM_MS 150
#define PRESENT_SCALE SKL_PRESENT_SCALE /* presentation type, against the window's */
#define PRESENT_FLOOR SKL_PRESENT_FLOOR /* presentation: no text smaller, in pixels */
#define OPEN_MAX 8
#define NOTICE_MS 4000 /* a notice ("split needs two views") stays this long, or to the next key */

typedef struct opened {
	const skl_layout *l;
	skl_layout *own; /* computed for a click on a member, freed on close; NULL = the log's */
	char what[200];	 /* the caption */
	char hl[96];	 /* member (or "line:N") emphasised in it, "" = none */
} opened;

/* What a pane's draw list was built for: rebuilt when any of it changes. */
typedef struct built {
	int frame, view, w, h; /* frame -1 = nothing */
	unsigned gen, open_gen;
	float zoom;
} built;

typedef struct pane {
	int view;
	skl_dl *dl; /* the step at the pane's size (zoom 1) */
	/* zoomed, the step laid out again on a canvas zoom times the pane's
	 * (boxes grow by zoom, type by its square root, so a label cut at 100%
	 * has room), panned under the caption bar, which stays pinned: the
	 * bar drawn is dl's */
	skl_dl *zdl;
	float x, y, w, h; /* in window pixels */
	float zoom, panx, pany;
	float bar;  /* height of dl's caption bar (0 = none), pinned at the pane's bottom */
	float zpic; /* zdl's picture height (its caption bar's top) */
	built b, zb;
	int build_failed;
	/* layouts opened by clicks, the shown one last: a click on an object
	 * opens its type, a click on a member of a layout the member's own
	 * type; Escape goes back one */
	opened open[OPEN_MAX];
	int nopen;
	unsigned open_gen; /* bumped when the stack changes */
	const char *hl_list[1];
} pane;

typedef struct wexp {
	const char *text, *where; /* owned by the log */
	int frame, ok;
} wexp;

struct skl_window {
	skl_window_opts o;
	SDL_Window *win;
	SDL_Renderer *ren;
	skl_sdl *sdl;
	pane panes[2];
	int split, active;
	skl_dl *overlay; /* tabs, hover, tooltip, chips, panel: window pixels */
	skl_dl *page_dl;
	/* what is shown */
	const skl_events *log;
	const skl_frame *frames;
	skl_window_build_fn build;
	void *ud;
	int nframes;
	char title[512];
	unsigned gen; /* bumped when the frames change */
	skl_window_page_fn page;
	void *page_ud;
	int page_w, page_h, page_dirty;
	skl_window_panel_fn panel;
	void *panel_ud;
	int frame;
	/* geometry and input */
	int pw, ph;	/* renderer output size in pixels */
	float ptx, pty; /* window points to pixels */
	float tabs_h;
	int mouse_in;
	float mx, my; /* mouse in pixels */
	int dragging, pressed, press_pane;
	float press_x, press_y, press_panx, press_pany;
	int hover_pane, hover;	  /* item in the hovered pane's list, -1 = none */
	int hover_z;		  /* 1: the item is in that pane's zdl */
	int tip_hidden;		  /* what is under the still pointer changed: no tooltip until it moves */
	int moved;		  /* the pointer moved since the last draw */
	char tip_seen[512];	  /* the tooltip under the pointer when it last moved */
	int hover_over, hover_pg; /* item in overlay / page_dl, -1 = none */
	/* modes */
	int help, present, theme, blank, anim, prompt;
	int split_want; /* V asked for two panes: shown at steps with two views or more */
	char notice[320];
	Uint32 notice_t; /* when the notice went up; 0 = none */
	/* the expectations of the run (SKL_EV_EXPECT), each at the step it
	 * follows; the panel lists the failed ones */
	wexp *ex;
	int nex, nfail, ex_panel;
	char digits[8];
	int started_fullscreen;
	SDL_Rect saved;	    /* the window's place before presentation */
	int idle_x, idle_y; /* presenting: where the hidden pointer rests, -1 = unknown */
	/* a step animation: the old picture fading out */
	SDL_Texture *prev;
	Uint32 anim_t0;
	int animating, anim_pending;
	int anim_frames;		 /* frames drawn by the running animation */
	int anims, last_frames, last_ms; /* finished animations; the latest's frames, length */
	char clicked[256];
	char shot[4096];
	const char *dump;
};

static const char *const view_names[SKL_VIEW_COUNT_] = {"all", "layout", "slab", "skb", "cache", "compare", "chart"};
static const char *const view_titles[SKL_VIEW_COUNT_] = {"All",	    "1 Layout",	 "2 Slab", "3 skb",
							 "4 Cache", "5 Compare", "6 Chart"};

const char *skl_window_view_name(int view)
{
	return view >= 0 && view < SKL_VIEW_COUNT_ ? view_names[view] : "?";
}

/* ---- geometry -------------------------------------------------------------------- */

static float ui_scale(const skl_window *w)
{
	float u = fminf((float)w->pw / 1600, (float)w->ph / 900);
	if (w->present)
		return (u < 0.6f ? 0.6f : u > 2.5f ? 2.5f : u) * PRESENT_SCALE;
	return u < 0.95f ? 0.95f : u > 2.5f ? 2.5f : u;
}

static int has_views(const skl_window *w)
{
	return w->log && w->frames && !w->build;
}

static void layout_panes(skl_window *w)
{
	float top, gap = 6;
	int i, n = w->split ? 2 : 1;
	w->tabs_h = has_views(w) && !w->present && !w->page ? floorf(34 * ui_scale(w)) : 0;
	top = w->tabs_h;
	for (i = 0; i < 2; i++) {
		pane *p = &w->panes[i];
		if (i >= n) {
			p->w = p->h = 0;
			continue;
		}
		p->y = top;
		p->h = (float)w->ph - top;
		p->w = n == 1 ? (float)w->pw : floorf(((float)w->pw - gap) / 2);
		p->x = i == 0 ? 0 : (float)w->pw - p->w;
	}
}

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
	layout_panes(w);
}

static int zoomed(const pane *p)
{
	return p->zoom > 1.001f;
}

/* The text scale the views give a canvas of w x h (the scene's rule), or
 * presentation's. */
static float canvas_u(float w, float h, int present)
{
	float u = fminf(w / 1600, h / 900);
	if (present)
		return u * PRESENT_SCALE;
	return u < 0.6f ? 0.6f : u > 3 ? 3 : u;
}

/* The height of the pane's picture above the pinned caption bar. */
static float pic_h(const pane *p)
{
	return zoomed(p) ? p->h - p->bar : p->h;
}

/* Keeps the canvas covering the pane: no panning past its edges (zoomed,
 * the bottom of the picture stops at the pinned caption bar). */
static void clamp_pan(pane *p)
{
	float cw = p->w * p->zoom, ch;
	if (!zoomed(p)) {
		p->panx = p->pany = 0;
		return;
	}
	/* before zdl is built for this zoom: its picture is about this high */
	ch = p->zb.zoom == p->zoom ? p->zpic : p->h * p->zoom - p->bar * sqrtf(p->zoom);
	if (p->panx < p->w - cw)
		p->panx = p->w - cw;
	if (p->pany < pic_h(p) - ch)
		p->pany = pic_h(p) - ch;
	if (p->panx > 0)
		p->panx = 0;
	if (p->pany > 0)
		p->pany = 0;
}

/* Zooms by factor keeping the canvas point under window pixel (px, py) in place. */
static void zoom_at(pane *p, float factor, float px, float py)
{
	float z = p->zoom * factor, cx, cy;
	if (z < MIN_ZOOM)
		z = MIN_ZOOM;
	if (z > MAX_ZOOM)
		z = MAX_ZOOM;
	px -= p->x;
	py -= p->y;
	cx = (px - p->panx) / p->zoom;
	cy = (py - p->pany) / p->zoom;
	p->zoom = z;
	p->panx = px - cx * z;
	p->pany = py - cy * z;
	clamp_pan(p);
}

static void reset_view(pane *p)
{
	p->zoom = 1;
	p->panx = p->pany = 0;
}

/* The layout shown in place of the pane's view, or NULL. */
static const opened *open_top(const pane *p)
{
	return p->nopen > 0 ? &p->open[p->nopen - 1] : NULL;
}

/* Goes back one opened layout (all of them with all set). */
static void open_pop(pane *p, int all)
{
	while (p->nopen > 0) {
		opened *o = &p->open[--p->nopen];
		skl_layout_free(o->own);
		o->own = NULL;
		p->open_gen++;
		if (!all)
			break;
	}
	reset_view(p);
}

/* Opens l over what the pane shows, with caption what and member hl
 * emphasised; own (l itself or NULL) is freed when it closes. When the
 * stack is full the oldest goes. */
static void open_push(pane *p, const skl_layout *l, skl_layout *own, const char *hl, const char *what)
{
	opened *o;
	int cut;
	if (p->nopen == OPEN_MAX) {
		skl_layout_free(p->open[0].own);
		memmove(&p->open[0], &p->open[1], (OPEN_MAX - 1) * sizeof(p->open[0]));
		p->nopen--;
	}
	o = &p->open[p->nopen++];
	o->l = l;
	o->own = own;
	snprintf(o->hl, sizeof(o->hl), "%s", hl ? hl : "");
	/* when long names cut the caption short, it ends in "..." */
	cut = snprintf(o->what, sizeof(o->what), "%s", what);
	if (cut < 0 || (size_t)cut >= sizeof(o->what))
		memcpy(o->what + sizeof(o->what) - 4, "...", 4);
	p->open_gen++;
	reset_view(p);
}

static int pane_at(const skl_window *w, float x, float y)
{
	int i;
	if (!w->split)
		return y >= w->tabs_h ? 0 : -1; /* (events may lag a resize) */
	for (i = 0; i < (w->split ? 2 : 1); i++) {
		const pane *p = &w->panes[i];
		if (x >= p->x && x < p->x + p->w && y >= p->y && y < p->y + p->h)
			return i;
	}
	return -1;
}

/* 1 when the pointer is on the expectations badge or panel. */
static int over_panel(const skl_window *w)
{
	int i = skl_dl_hit(w->overlay, w->mx, w->my);
	const skl_dl_item *it = i >= 0 ? skl_dl_at(w->overlay, i) : NULL;
	return it && it->key && (!strncmp(it->key, "expect:", 7) || !strcmp(it->key, "badge:expect"));
}

/* The list pane p shows at pane pixel (lx, ly) and the point in its
 * canvas: zoomed, zdl above the pinned caption bar and dl in it. NULL when
 * zdl is not yet built for the zoom. */
static const skl_dl *pane_list_at(const pane *p, float lx, float ly, float *cx, float *cy, int *z)
{
	*z = 0;
	*cx = lx;
	*cy = ly;
	if (!zoomed(p) || ly >= pic_h(p))
		return p->dl;
	if (p->zb.zoom != p->zoom)
		return NULL;
	*z = 1;
	*cx = lx - p->panx;
	*cy = ly - p->pany;
	return p->zdl;
}

/* The item of pane p under window pixel (x, y), -1 = none; *z = 1 when it
 * is in zdl. */
static int pane_hit(const pane *p, float x, float y, int *z)
{
	float cx, cy;
	const skl_dl *dl = pane_list_at(p, x - p->x, y - p->y, &cx, &cy, z);
	return dl ? skl_dl_hit(dl, cx, cy) : -1;
}

static const skl_dl_item *hover_item(const skl_window *w)
{
	const pane *p = &w->panes[w->hover_pane];
	if (w->page && w->hover_pg >= 0)
		return skl_dl_at(w->page_dl, w->hover_pg);
	if (w->hover_over >= 0)
		return skl_dl_at(w->overlay, w->hover_over);
	if (w->hover >= 0)
		return skl_dl_at(w->hover_z ? p->zdl : p->dl, w->hover);
	return NULL;
}

/* What is under the pointer. moved: the pointer moved (its tooltip shows);
 * else the picture changed under a still pointer, and a tooltip that is
 * not the one it had shows no more until the pointer moves. */
static void update_hover(skl_window *w, int moved)
{
	const skl_dl_item *it;
	const char *tip;
	int pi;
	w->hover = w->hover_over = w->hover_pg = -1;
	w->hover_z = 0;
	if (!w->mouse_in || w->dragging || w->blank) {
		w->tip_seen[0] = 0;
		return;
	}
	if (w->page) {
		w->hover_pg = skl_dl_hit(w->page_dl, w->mx, w->my);
	} else if (w->my < w->tabs_h || over_panel(w)) {
		w->hover_over = skl_dl_hit(w->overlay, w->mx, w->my);
	} else {
		pi = pane_at(w, w->mx, w->my);
		if (pi >= 0 && w->panes[pi].b.frame >= 0) {
			w->hover_pane = pi;
			w->hover = pane_hit(&w->panes[pi], w->mx, w->my, &w->hover_z);
		}
	}
	it = hover_item(w);
	tip = it && it->tooltip ? it->tooltip : "";
	if (moved) {
		snprintf(w->tip_seen, sizeof(w->tip_seen), "%s", tip);
		w->tip_hidden = 0;
	} else {
		w->tip_hidden = strncmp(tip, w->tip_seen, sizeof(w->tip_seen) - 1) != 0;
	}
}

/* ---- what a step holds, per view ---------------------------------------------------- */

typedef struct census {
	int layouts, kernels, skbs, caches, charts;
} census;

static census count_objs(const skl_window *w, int frame)
{
	census c;
	int k;
	memset(&c, 0, sizeof(c));
	if (!has_views(w) || frame < 0 || frame >= w->nframes)
		return c;
	for (k = 0; k < w->frames[frame].nobjs; k++) {
		const skl_obj *o = skl_events_obj(w->log, w->frames[frame].objs[k]);
		if (!o)
			continue;
		c.layouts += o->kind == SKL_OBJ_LAYOUT && o->layout;
		c.kernels += o->kind == SKL_OBJ_KERNEL && o->kernel;
		c.skbs += o->kind == SKL_OBJ_SKB && o->skbs;
		c.caches += o->kind == SKL_OBJ_CACHE && o->cgrid;
		c.charts += o->kind == SKL_OBJ_CHART && o->chart;
	}
	return c;
}

static int view_has(const census *c, int view)
{
	switch (view) {
	case SKL_VIEW_ALL:
		return 1;
	case SKL_VIEW_LAYOUT:
		return c->layouts > 0;
	case SKL_VIEW_SLAB:
		return c->kernels > 0;
	case SKL_VIEW_SKB:
		return c->skbs > 0;
	case SKL_VIEW_CACHESIM:
		return c->caches > 0;
	case SKL_VIEW_COMPARE:
		return c->kernels > 1;
	case SKL_VIEW_CHART:
		return c->charts > 0;
	default:
		return 0;
	}
}

/* How many of the views 1-6 have something at the step. */
static int nviews(const census *c)
{
	int v, n = 0;
	for (v = 1; v < SKL_VIEW_COUNT_; v++)
		n += view_has(c, v);
	return n;
}

/* 1 when object k of the frame belongs in view (of kernels, the slab view
 * takes the last one, and any text panel, the compare view the last two). */
static int obj_in_view(const skl_obj *o, int view, int kernel_i, int nkernels)
{
	switch (view) {
	case SKL_VIEW_LAYOUT:
		return o->kind == SKL_OBJ_LAYOUT;
	case SKL_VIEW_SLAB: /* with the report shown beside it */
		return (o->kind == SKL_OBJ_KERNEL && kernel_i == nkernels - 1) || o->kind == SKL_OBJ_TEXT;
	case SKL_VIEW_COMPARE:
		return o->kind == SKL_OBJ_KERNEL && kernel_i >= nkernels - 2;
	case SKL_VIEW_SKB:
		return o->kind == SKL_OBJ_SKB;
	case SKL_VIEW_CACHESIM:
		return o->kind == SKL_OBJ_CACHE;
	case SKL_VIEW_CHART:
		return o->kind == SKL_OBJ_CHART;
	default:
		return 1;
	}
}

static const char *scenario_title(const skl_events *log)
{
	int k;
	for (k = 0; log && k < skl_events_count(log); k++) {
		const skl_event *e = skl_events_at(log, k);
		if (e->kind == SKL_EV_SCENARIO)
			return e->text;
	}
	return NULL;
}

/* "layout, slab and skb": the views a step has, for notices. */
static void views_list(const census *c, char *out, size_t outsz)
{
	int v, n = 0, total = 0;
	out[0] = 0;
	for (v = 1; v < SKL_VIEW_COUNT_; v++)
		total += view_has(c, v);
	for (v = 1; v < SKL_VIEW_COUNT_; v++) {
		size_t len = strlen(out);
		if (!view_has(c, v))
			continue;
		snprintf(out + len, outsz - len, "%s%s (%d)",
			 n == 0		  ? ""
			 : n == total - 1 ? " and "
					  : ", ",
			 view_names[v], v);
		n++;
	}
}

/* The layout drawn as column col of pane p (its keys' <obj>), or NULL:
 * the opened one, or the col-th layout of the step the view shows. */
static const skl_layout *pane_layout(const skl_window *w, const pane *p, int col)
{
	const skl_frame *f;
	census c;
	int k, ki = 0, n = 0;
	if (p->nopen)
		return col == 0 ? open_top(p)->l : NULL;
	if (!has_views(w) || w->frame < 0 || w->frame >= w->nframes)
		return NULL;
	f = &w->frames[w->frame];
	c = count_objs(w, w->frame);
	for (k = 0; k < f->nobjs; k++) {
		const skl_obj *o = skl_events_obj(w->log, f->objs[k]);
		int shown;
		if (!o)
			continue;
		shown = obj_in_view(o, p->view, ki, c.kernels);
		ki += o->kind == SKL_OBJ_KERNEL;
		if (shown && o->kind == SKL_OBJ_LAYOUT && o->layout && n++ == col)
			return o->layout;
	}
	return NULL;
}

/* The struct or union that a member of a layout ("<obj>:field:<path>")
 * holds, or points to (*ptr set), with the layout and the member; NULL
 * when the key is no such member. */
static const skl_type *member_record(const skl_window *w, const pane *p, const char *key, const skl_layout **lp,
				     const skl_field **fp, int *ptr)
{
	const char *m = strstr(key, ":field:");
	const skl_layout *l;
	const skl_type *rec;
	int fi;
	if (!m || m == key || strspn(key, "0123456789") != (size_t)(m - key))
		return NULL;
	l = pane_layout(w, p, atoi(key));
	fi = l ? skl_layout_find(l, m + 7) : -1;
	if (fi < 0)
		return NULL;
	rec = skl_field_record(&l->fields[fi], 1);
	*ptr = !skl_field_record(&l->fields[fi], 0);
	*lp = l;
	*fp = &l->fields[fi];
	return rec;
}

/* struct sk_buff's layout when key is an sk_buff of the skb view
 * ("<obj>:<i>:skb", or its title) and the profile's layout set has it;
 * else NULL. */
static const skl_layout *skb_type_at(const skl_window *w, const char *key)
{
	const char *c = strchr(key, ':');
	const skl_frame *f;
	int k;
	if (!has_views(w) || w->frame < 0 || w->frame >= w->nframes || !c || !(c = strchr(c + 1, ':')) ||
	    (strcmp(c, ":skb") != 0 && strcmp(c, ":title") != 0))
		return NULL;
	f = &w->frames[w->frame];
	for (k = 0; k < f->nobjs; k++) {
		const skl_obj *o = skl_events_obj(w->log, f->objs[k]);
		if (o && o->kind == SKL_OBJ_SKB && o->layout)
			return o->layout;
	}
	return NULL;
}

/* Builds the step into dl: the pane's list, or (dl == p->zdl) its zoomed
 * one, whose type grows by the square root of the zoom. 0 or -1. */
static int build_pane(skl_window *w, pane *p, skl_dl *dl)
{
	skl_view_frame_opts fo;
	float W = skl_dl_width(dl), H = skl_dl_height(dl);
	memset(&fo, 0, sizeof(fo));
	if (w->present) {
		fo.text_scale = canvas_u(W, H, 1);
		fo.text_floor = PRESENT_FLOOR;
	}
	if (dl == p->zdl)
		fo.text_scale = canvas_u(p->w, p->h, w->present) * sqrtf(p->zoom);
	if (w->build)
		return w->build(w->ud, w->frame, dl);
	if (!has_views(w) || w->frame < 0 || w->frame >= w->nframes) {
		skl_dl_rect(dl, 0, 0, W, H, SKL_HEX(0xffffff), 0, 0);
		return 0;
	}
	if (p->nopen > 0) {
		const opened *top = open_top(p);
		skl_scene s;
		const skl_layout *ls[1];
		memset(&s, 0, sizeof(s));
		ls[0] = top->l;
		s.layouts = ls;
		s.nlayouts = 1;
		s.title = scenario_title(w->log);
		s.caption = top->what;
		if (top->hl[0]) {
			p->hl_list[0] = top->hl;
			s.highlight = p->hl_list;
			s.nhighlight = 1;
		}
		s.step = w->frame + 1;
		s.nsteps = w->nframes;
		s.text_scale = fo.text_scale;
		s.text_floor = fo.text_floor;
		return skl_view_scene(dl, &s);
	}
	if (p->view == SKL_VIEW_ALL)
		return skl_view_frame(dl, w->log, w->frames, w->nframes, w->frame, &fo);
	{
		const skl_frame *f = &w->frames[w->frame];
		skl_frame *copy = skl_malloc((size_t)w->nframes * sizeof(*copy));
		int *objs = skl_malloc((size_t)(f->nobjs > 0 ? f->nobjs : 1) * sizeof(*objs));
		census c = count_objs(w, w->frame);
		int k, n = 0, ki = 0, rc;
		if (!copy || !objs) {
			skl_free(copy);
			skl_free(objs);
			return -1;
		}
		for (k = 0; k < f->nobjs; k++) {
			const skl_obj *o = skl_events_obj(w->log, f->objs[k]);
			if (!o)
				continue;
			if (obj_in_view(o, p->view, ki, c.kernels))
				objs[n++] = f->objs[k];
			ki += o->kind == SKL_OBJ_KERNEL;
		}
		if (p->view == SKL_VIEW_COMPARE && c.kernels < 2)
			n = 0;
		memcpy(copy, w->frames, (size_t)w->nframes * sizeof(*copy));
		copy[w->frame].objs = objs;
		copy[w->frame].nobjs = n;
		rc = skl_view_frame(dl, w->log, copy, w->nframes, w->frame, &fo);
		if (rc == 0 && n == 0) {
			/* the view has nothing here: say so, and what there is */
			char title[128], text[512], list[256];
			float u = fo.text_scale > 0 ? fo.text_scale : fmaxf(0.6f, fminf(W / 1600, H / 900));
			float bw = fminf(W - 40, 900 * u), bh = 0;
			views_list(&c, list, sizeof(list));
			snprintf(title, sizeof(title), "No %s view at step %d", view_names[p->view], w->frame + 1);
			if (list[0])
				snprintf(text, sizeof(text),
					 "This step shows %s. Press a number for that view, or the same key again for "
					 "everything.",
					 list);
			else
				snprintf(text, sizeof(text), "Nothing is shown at this step.");
			rc = skl_view_notice(dl, (W - bw) / 2, (H - bh) / 2 - 60 * u, bw, bh, u, title, text);
		}
		skl_free(copy);
		skl_free(objs);
		return rc;
	}
}

/* The top of the caption bar of a scene's list (its height when none). */
static float bar_top(const skl_dl *dl)
{
	int i = skl_dl_find(dl, "scene:caption");
	const skl_dl_item *it = i >= 0 ? skl_dl_at(dl, i) : NULL;
	return it && it->kind == SKL_DL_RECT && it->w >= skl_dl_width(dl) - 1 ? it->y : skl_dl_height(dl);
}

static void build_all(skl_window *w)
{
	int i;
	if (w->page) {
		if (w->page_dirty || w->page_w != w->pw || w->page_h != w->ph) {
			skl_dl_clear(w->page_dl, (float)w->pw, (float)w->ph);
			/* pages fit small windows: a smaller floor than the overlays' */
			float u = fminf((float)w->pw / 1600, (float)w->ph / 900);
			u = u < 0.7f ? 0.7f : u > 2.5f ? 2.5f : u;
			w->page(w->page_ud, w->page_dl, w->present ? u * PRESENT_SCALE : u);
			w->page_w = w->pw;
			w->page_h = w->ph;
			w->page_dirty = 0;
		}
		update_hover(w, w->moved);
		return;
	}
	for (i = 0; i < (w->split ? 2 : 1); i++) {
		pane *p = &w->panes[i];
		built now;
		now.frame = w->frame;
		now.view = p->view;
		now.w = (int)p->w > 0 ? (int)p->w : 1;
		now.h = (int)p->h > 0 ? (int)p->h : 1;
		now.gen = w->gen;
		now.open_gen = p->open_gen;
		now.zoom = 1;
		if (memcmp(&now, &p->b, sizeof(now)) != 0) {
			skl_dl_clear(p->dl, (float)now.w, (float)now.h);
			p->build_failed = build_pane(w, p, p->dl) < 0;
			p->b = now;
			p->bar = (float)now.h - bar_top(p->dl);
			p->zb.frame = -1;
		}
		if (!zoomed(p))
			continue;
		/* zoomed: the step laid out again on the bigger canvas */
		now.zoom = p->zoom;
		if (memcmp(&now, &p->zb, sizeof(now)) == 0)
			continue;
		skl_dl_clear(p->zdl, floorf((float)now.w * p->zoom), floorf((float)now.h * p->zoom));
		p->build_failed |= build_pane(w, p, p->zdl) < 0;
		p->zb = now;
		p->zpic = bar_top(p->zdl);
		clamp_pan(p);
	}
	/* a pointer that moved before the rebuild moved onto what is there now */
	update_hover(w, w->moved);
}

static void set_title(skl_window *w)
{
	char t[700];
	const char *name = w->title[0] ? w->title : w->o.title ? w->o.title : "sklab";
	if (w->page || w->nframes <= 0)
		snprintf(t, sizeof(t), "%s", name);
	else
		snprintf(t, sizeof(t), "%s \xe2\x80\x94 step %d of %d", name, w->frame + 1, w->nframes);
	SDL_SetWindowTitle(w->win, t);
}

/* Puts a short notice up (NOTICE_MS, or to the next key). */
static void notice(skl_window *w, const char *text)
{
	snprintf(w->notice, sizeof(w->notice), "%s", text);
	w->notice_t = SDL_GetTicks();
	if (!w->notice_t)
		w->notice_t = 1;
}

static int notice_on(const skl_window *w)
{
	return w->notice_t && SDL_GetTicks() - w->notice_t < NOTICE_MS;
}

/* The expectations at frame (all of the run when frame < 0): how many, and
 * how many failed. */
static void expects_at(const skl_window *w, int frame, int *n, int *failed)
{
	int i;
	*n = *failed = 0;
	for (i = 0; i < w->nex; i++)
		if (frame < 0 || w->ex[i].frame == frame) {
			(*n)++;
			*failed += !w->ex[i].ok;
		}
}

/* Reads the run's expectations from the log: each belongs to the step it
 * follows (the last frame that ended before it; before any step, the
 * first), as the report lists them after the step's caption. */
static void collect_expects(skl_window *w)
{
	int k, f, n = w->log && w->frames ? skl_events_count(w->log) : 0, cnt = 0;
	skl_free(w->ex);
	w->ex = NULL;
	w->nex = w->nfail = 0;
	for (k = 0; k < n; k++)
		cnt += skl_events_at(w->log, k)->kind == SKL_EV_EXPECT;
	if (!cnt || !(w->ex = skl_calloc((size_t)cnt, sizeof(*w->ex))))
		return;
	for (k = 0, f = 0; k < n; k++) {
		const skl_event *e = skl_events_at(w->log, k);
		wexp *x;
		while (f + 1 < w->nframes && w->frames[f].last_event < k && w->frames[f + 1].last_event < k)
			f++;
		if (e->kind != SKL_EV_EXPECT)
			continue;
		x = &w->ex[w->nex++];
		x->text = e->text ? e->text : "";
		x->where = e->where ? e->where : "";
		x->ok = e->ok;
		x->frame = w->frames[f].last_event < k ? f : 0;
		w->nfail += !e->ok;
	}
}

/* Two panes when V asked for them and the step has two views to show;
 * the right pane keeps its view when the step has it. */
static void apply_split(skl_window *w)
{
	census c = count_objs(w, w->frame);
	int on = w->split_want && has_views(w) && !w->page && nviews(&c) >= 2, v;
	if (on == w->split)
		return;
	w->split = on;
	if (on) {
		pane *r = &w->panes[1];
		if (!view_has(&c, r->view) || r->view == SKL_VIEW_ALL || r->view == w->panes[0].view) {
			r->view = SKL_VIEW_ALL;
			for (v = 1; v < SKL_VIEW_COUNT_; v++)
				if (view_has(&c, v) && v != w->panes[0].view) {
					r->view = v;
					break;
				}
		}
		r->b.frame = -1;
		reset_view(r);
	} else {
		w->active = 0;
	}
	reset_view(&w->panes[0]);
	layout_panes(w);
}

static void close_open(skl_window *w)
{
	open_pop(&w->panes[0], 1);
	open_pop(&w->panes[1], 1);
}

/* Goes to a step; animated when asked and allowed. */
static void go_to(skl_window *w, int frame, int animate)
{
	if (frame >= w->nframes)
		frame = w->nframes - 1;
	if (frame < 0)
		frame = 0;
	if (frame != w->frame) {
		if (animate && w->anim && !w->blank && !w->page)
			w->anim_pending = 1;
		w->frame = frame;
		close_open(w);
		apply_split(w);
		set_title(w);
	}
}

/* ---- overlays ------------------------------------------------------------------------- */

#define C_TIP_BG SKL_RGB(0x1f, 0x26, 0x30)
#define C_TIP_INK SKL_HEX(0xffffff)
#define C_TIP_INK2 SKL_HEX(0xc4ccd6)
#define C_HOVER SKL_HEX(0x111111)
#define C_ACCENT SKL_HEX(0x0072b2)

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

static void tooltip_box(skl_window *w, const char *tip, float fs, float pad, float u)
{
	char lines[24][256];
	float bw = 0, bh, x, y;
	int n = split_lines(tip, lines, 24), i;
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
	text_box(w->overlay, x, y, lines, n, fs, pad);
}

#define C_PASS SKL_HEX(0x1b7a43)
#define C_FAIL SKL_HEX(0xc0392b)

/*
 * The expectations badge, right-aligned at right, y, h high: the step's
 * ("✓ 2 expectations pass", "✗ 1 of 2 expectations failed"), or the run's
 * when the step has none. all = 0: only when something failed
 * (presentation). Returns its width, 0 when none is drawn.
 */
static float badge(skl_window *w, float right, float y, float h, float fs, float u, int all)
{
	char text[128], tip[256];
	int n, failed, rn, rfailed;
	float bw;
	expects_at(w, w->frame, &n, &failed);
	expects_at(w, -1, &rn, &rfailed);
	if (rn == 0 || (!all && rfailed == 0))
		return 0;
	if (n > 0 && failed)
		snprintf(text, sizeof(text), "\xe2\x9c\x97 %d of %d expectation%s failed", failed, n,
			 n == 1 ? "" : "s");
	else if (n > 0)
		snprintf(text, sizeof(text), "\xe2\x9c\x93 %d expectation%s pass%s", n, n == 1 ? "" : "s",
			 n == 1 ? "es" : "");
	else if (rfailed)
		snprintf(text, sizeof(text), "\xe2\x9c\x97 run: %d of %d expectation%s failed", rfailed, rn,
			 rn == 1 ? "" : "s");
	else
		snprintf(text, sizeof(text), "\xe2\x9c\x93 run: %d expectation%s pass%s", rn, rn == 1 ? "" : "s",
			 rn == 1 ? "es" : "");
	if (rfailed)
		snprintf(tip, sizeof(tip), "%d of the run's %d expectations failed\nX or click: %s the failures",
			 rfailed, rn, w->ex_panel ? "hide" : "list");
	else
		snprintf(tip, sizeof(tip), "every one of the run's %d expectations passed", rn);
	bw = skl_dl_text_width(text, fs) + 20 * u;
	skl_dl_begin(w->overlay, "badge:expect", tip);
	skl_dl_rect(w->overlay, right - bw, y, bw, h,
		    failed || (n == 0 && rfailed) ? C_FAIL
		    : n				  ? C_PASS
						  : 0,
		    n || rfailed ? 0 : C_PASS, n || rfailed ? 0 : 1);
	skl_dl_text(w->overlay, right - bw, y, bw, h, text, fs, SKL_FONT_BOLD, SKL_ALIGN_CENTER,
		    n || rfailed ? C_TIP_INK : C_PASS);
	skl_dl_end(w->overlay);
	return bw;
}

/* The failed expectations, listed over the top right of the panes. */
static void expects_panel(skl_window *w, float u)
{
	skl_expect_row rows[64];
	char title[96];
	int i, n = 0, here = 0;
	float pw = fminf(780 * u, (float)w->pw - 32 * u);
	float top = w->tabs_h + 12 * u;
	for (i = 0; i < w->nex && n < (int)(sizeof(rows) / sizeof(rows[0])); i++) {
		if (w->ex[i].ok)
			continue;
		rows[n].text = w->ex[i].text;
		rows[n].where = w->ex[i].where;
		rows[n].step = w->ex[i].frame + 1;
		rows[n].here = w->ex[i].frame == w->frame;
		here += rows[n].here;
		n++;
	}
	if (!n)
		return;
	snprintf(title, sizeof(title), "%d of %d expectation%s failed", w->nfail, w->nex, w->nex == 1 ? "" : "s");
	skl_view_expects(w->overlay, (float)w->pw - pw - 16 * u, top, pw, (float)w->ph * 0.7f, u, title, rows, n,
			 "click a row: its step \xc2\xb7 X or Escape: close");
	(void)here;
}

static void draw_tabs(skl_window *w, float u)
{
	skl_dl *o = w->overlay;
	census c = count_objs(w, w->frame);
	float x = 8 * u, h = w->tabs_h, fs = floorf(14 * u);
	const pane *ap = &w->panes[w->active];
	char right[160];
	int v;
	skl_dl_rect(o, 0, 0, (float)w->pw, h, SKL_HEX(0xe8ecf0), 0, 0);
	skl_dl_line(o, 0, h - 0.5f, (float)w->pw, h - 0.5f, SKL_HEX(0xb8c0c8), 1);
	for (v = 0; v < SKL_VIEW_COUNT_; v++) {
		char key[32], tip[256];
		int have = view_has(&c, v), on = ap->view == v;
		float tw = skl_dl_text_width(view_titles[v], fs) + 26 * u;
		skl_color fill = on ? C_TIP_BG : have ? SKL_HEX(0xffffff) : SKL_HEX(0xe8ecf0);
		skl_color ink = on ? C_TIP_INK : have ? SKL_HEX(0x1f2630) : SKL_HEX(0x9aa3ad);
		snprintf(key, sizeof(key), "tab:%s", view_names[v]);
		if (v == SKL_VIEW_ALL)
			snprintf(tip, sizeof(tip),
				 "All: the step as the scenario shows it\n(the same number key again, or click)");
		else
			snprintf(tip, sizeof(tip), "Key %d: the %s view%s", v, view_names[v],
				 have ? "" : "\n(nothing for it at this step)");
		skl_dl_begin(o, key, tip);
		skl_dl_rect(o, x, 5 * u, tw, h - 5 * u, fill, on ? 0 : SKL_HEX(0xc4ccd6), on ? 0 : 1);
		skl_dl_text(o, x, 5 * u, tw, h - 5 * u, view_titles[v], fs, on ? SKL_FONT_BOLD : SKL_FONT_REGULAR,
			    SKL_ALIGN_CENTER, ink);
		skl_dl_end(o);
		x += tw + 4 * u;
	}
	{
		float bw = badge(w, (float)w->pw - 8 * u, 5 * u, h - 9 * u, floorf(14 * u), u, 1);
		snprintf(right, sizeof(right), "%sV split \xc2\xb7 P present \xc2\xb7 H keys",
			 w->split ? (w->active ? "right pane \xc2\xb7 " : "left pane \xc2\xb7 ") : "");
		skl_dl_text(o, x, 0, (float)w->pw - x - 12 * u - (bw > 0 ? bw + 10 * u : 0), h, right, floorf(13 * u),
			    SKL_FONT_REGULAR, SKL_ALIGN_RIGHT, SKL_HEX(0x5a636d));
	}
}

static void draw_help(skl_window *w, float fs, float pad)
{
	static const char *const keys[] = {
	    "Keys",
	    "Right, Space, PageDown, Down   next step",
	    "Left, PageUp, Backspace, Up    previous step",
	    "Home or R / End or E           restart / run to the end",
	    "G, digits, Enter               go to a step",
	    "1 2 3 4 5 6                    layout, slab, skb, cache, compare, chart",
	    "                               (the same key again: all)",
	    "Tab                            next view with something in it",
	    "V                              split in two panes (at a step with two views)",
	    "click an object                open its type's layout (Escape goes back)",
	    "click a member                 open the struct it holds or points to",
	    "+ / - or mouse wheel           zoom: the step laid out again, bigger",
	    "drag or Shift+arrows           pan",
	    "0                              reset zoom",
	    "P                              presentation (digits + Enter go to a step)",
	    "X                              the failed expectations (click one: its step)",
	    "T                              light / dark theme",
	    "B or .                         blank the screen (any key: back, only that)",
	    "A                              step animations on / off",
	    "F                              full screen",
	    "S                              save the view: a PNG screenshot and SVG beside it",
	    "H, F1 or ?                     this help",
	    "Escape                         close / back to the scenarios",
	    "Q                              quit",
	};
	char lines[32][256];
	float bw = 0, bh;
	int n = (int)(sizeof(keys) / sizeof(keys[0])), i;
	for (i = 0; i < n; i++) {
		snprintf(lines[i], sizeof(lines[i]), "%s", keys[i]);
		bw = fmaxf(bw, skl_dl_text_width(keys[i], fs));
	}
	while (bw + 3 * pad > (float)w->pw && fs > 8) {
		fs -= 1;
		bw = 0;
		for (i = 0; i < n; i++)
			bw = fmaxf(bw, skl_dl_text_width(keys[i], fs));
	}
	bw += 3 * pad;
	bh = (float)n * fs * 1.3f + 3 * pad;
	text_box(w->overlay, ((float)w->pw - bw) / 2, fmaxf(4, ((float)w->ph - bh) / 2), lines, n, fs, pad * 1.5f);
}

static void chip(skl_window *w, const char *key, const char *text, float fs, float pad, float x, float y, int center)
{
	float cw = skl_dl_text_width(text, fs) + 2 * pad, ch = fs * 1.9f;
	if (center)
		x -= cw / 2;
	skl_dl_begin(w->overlay, key, NULL);
	skl_dl_rect(w->overlay, x, y, cw, ch, C_TIP_BG, 0, 0);
	skl_dl_text(w->overlay, x, y, cw, ch, text, fs, SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_TIP_INK);
	skl_dl_end(w->overlay);
}

static void build_overlay(skl_window *w)
{
	skl_dl *o = w->overlay;
	float u = ui_scale(w), fs = floorf(15 * u), pad = 10 * u;
	int i;
	skl_dl_clear(o, (float)w->pw, (float)w->ph);
	if (w->blank)
		return;

	if (w->page) {
		const skl_dl_item *h = w->hover_pg >= 0 ? skl_dl_at(w->page_dl, w->hover_pg) : NULL;
		if (h && h->tooltip && !w->tip_hidden)
			tooltip_box(w, h->tooltip, fs, pad, u);
		if (w->help)
			draw_help(w, floorf(17 * u), pad);
		return;
	}
	if (w->tabs_h > 0)
		draw_tabs(w, u);
	for (i = 0; i < (w->split ? 2 : 1); i++) {
		pane *p = &w->panes[i];
		if (p->build_failed)
			skl_dl_text(o, p->x, p->y, p->w, p->h, "(this step could not be drawn)", floorf(20 * u),
				    SKL_FONT_BOLD, SKL_ALIGN_CENTER, SKL_HEX(0xd55e00));
		if (w->split && i == w->active)
			skl_dl_rect(o, p->x + 1, p->y + 1, p->w - 2, p->h - 2, 0, C_ACCENT, 3);
		if (w->split) {
			char lab[64];
			snprintf(lab, sizeof(lab), "%s", p->nopen ? "layout (opened)" : view_names[p->view]);
			chip(w, "pane:label", lab, floorf(13 * u), 8 * u,
			     p->x + p->w - skl_dl_text_width(lab, floorf(13 * u)) - 30 * u, p->y + 8 * u, 0);
		}
	}
	if (w->split)
		skl_dl_rect(o, w->panes[0].x + w->panes[0].w, w->tabs_h, w->panes[1].x - w->panes[0].w,
			    (float)w->ph - w->tabs_h, SKL_HEX(0x8a939d), 0, 0);

	if (w->panel)
		w->panel(w->panel_ud, o, 16 * u, w->tabs_h + 12 * u, (float)w->pw - 32 * u, u);
	else if (w->ex_panel)
		expects_panel(w, u);
	if (w->present && !w->ex_panel)
		badge(w, (float)w->pw - 12 * u, 12 * u, floorf(fs * 1.9f), fs, u, 0);

	/* the hovered group: outline its boxes */
	if (w->hover >= 0) {
		pane *p = &w->panes[w->hover_pane];
		const skl_dl *hl = w->hover_z ? p->zdl : p->dl;
		const skl_dl_item *h = skl_dl_at(hl, w->hover);
		int cnt = skl_dl_count(hl);
		float ox = p->x + (w->hover_z ? p->panx : 0), oy = p->y + (w->hover_z ? p->pany : 0);
		float clip = p->y + (w->hover_z ? pic_h(p) : p->h);
		for (i = 0; i < cnt; i++) {
			const skl_dl_item *it = skl_dl_at(hl, i);
			float y0, y1;
			if (it->id != h->id || (it->kind != SKL_DL_RECT && it->kind != SKL_DL_HATCH) || it->w < 2 ||
			    it->h < 2)
				continue;
			/* the outline stays in the part of the pane its list is drawn in */
			y0 = fmaxf(it->y + oy - 1, p->y);
			y1 = fminf(it->y + it->h + oy + 1, clip);
			if (y1 - y0 >= 2)
				skl_dl_rect(o, it->x + ox - 1, y0, it->w + 2, y1 - y0, 0, C_HOVER, 2);
		}
		if (h->tooltip && !w->tip_hidden) {
			/* a member that opens says so */
			const skl_layout *l;
			const skl_field *f;
			const skl_type *rec;
			char tip[2048];
			int ptr;
			const skl_layout *sk = h->key && !p->nopen ? skb_type_at(w, h->key) : NULL;
			rec = h->key ? member_record(w, p, h->key, &l, &f, &ptr) : NULL;
			if (rec) {
				char name[160];
				skl_type_name(rec, name, sizeof(name));
				snprintf(tip, sizeof(tip), "%s\nclick: open %s%s", h->tooltip, name,
					 ptr ? " (what it points to)" : "");
			} else if (sk) {
				snprintf(tip, sizeof(tip), "%s\nclick: open %s", h->tooltip, sk->name);
			}
			tooltip_box(w, rec || sk ? tip : h->tooltip, fs, pad, u);
		}
	} else if (w->hover_over >= 0 && !w->tip_hidden) {
		const skl_dl_item *h = skl_dl_at(o, w->hover_over);
		if (h && h->tooltip)
			tooltip_box(w, h->tooltip, fs, pad, u);
	}

	if (w->panes[w->active].zoom > 1.001f && !w->present) {
		char z[64];
		const pane *p = &w->panes[w->active];
		snprintf(z, sizeof(z), "zoom %.0f%%  \xc2\xb7  0 resets", (double)(p->zoom * 100));
		chip(w, "chip:zoom", z, fs, pad, p->x + p->w - skl_dl_text_width(z, fs) - 2 * pad - 12 * u,
		     p->y + (w->split ? 44 : 12) * u, 0);
	}
	if (w->notice_t && !notice_on(w))
		w->notice_t = 0;
	if (notice_on(w)) {
		float nfs = w->present ? floorf(22 * u / PRESENT_SCALE) : fs;
		chip(w, "chip:notice", w->notice, nfs, pad * 1.2f, (float)w->pw / 2, w->tabs_h + 16 * u, 1);
	}
	if (w->prompt) {
		char t[96];
		float pfs = w->present ? floorf(30 * u) : fs * 1.3f;
		snprintf(t, sizeof(t), "go to step %s_  (1-%d)  Enter \xc2\xb7 Escape", w->digits, w->nframes);
		chip(w, "chip:goto", t, pfs, pad * 1.5f, (float)w->pw / 2, (float)w->ph * 0.4f, 1);
	}
	if (w->help)
		draw_help(w, floorf((w->present ? 12.0f : 16.0f) * u), pad);
}

/* ---- drawing ----------------------------------------------------------------------------- */

static void clear_bg(skl_window *w, SDL_Renderer *r, int black)
{
	skl_color bg = black ? SKL_HEX(0x000000) : skl_sdl_theme_color(w->theme, SKL_HEX(0xffffff));
	SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
	SDL_SetRenderDrawColor(r, (Uint8)SKL_R(bg), (Uint8)SKL_G(bg), (Uint8)SKL_B(bg), 255);
	SDL_RenderClear(r);
}

/* The page or the panes (not the overlay) with r, in window pixels. */
static int draw_content(skl_window *w, SDL_Renderer *r, skl_error *err)
{
	int i;
	clear_bg(w, r, w->blank);
	if (w->blank)
		return 0;
	if (w->page)
		return skl_sdl_draw(w->sdl, r, w->page_dl, NULL, err);
	for (i = 0; i < (w->split ? 2 : 1); i++) {
		pane *p = &w->panes[i];
		SDL_Rect vp;
		skl_xform xf = {1, 0, 0};
		int rc = 0, z = zoomed(p) && p->zb.zoom == p->zoom;
		vp.x = (int)p->x;
		vp.y = (int)p->y;
		vp.w = (int)p->w;
		vp.h = z ? (int)lrintf(pic_h(p)) : (int)p->h;
		if (vp.w <= 0 || vp.h <= 0)
			continue;
		SDL_RenderSetViewport(r, &vp);
		if (z) {
			/* the zoomed picture, panned, above the caption bar */
			xf.dx = p->panx;
			xf.dy = p->pany;
			rc = skl_sdl_draw(w->sdl, r, p->zdl, &xf, err);
			/* the bar: dl's own, pinned at the bottom of the pane */
			xf.dx = 0;
			xf.dy = -(float)vp.h;
			vp.y += vp.h;
			vp.h = (int)p->h - vp.h;
			if (rc == 0 && vp.h > 0) {
				SDL_RenderSetViewport(r, &vp);
				rc = skl_sdl_draw(w->sdl, r, p->dl, &xf, err);
			}
		} else {
			rc = skl_sdl_draw(w->sdl, r, p->dl, &xf, err);
		}
		SDL_RenderSetViewport(r, NULL);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* Keeps the picture on screen now as the start of a fade to the next. */
static void capture_prev(skl_window *w)
{
	skl_error err;
	if (!SDL_RenderTargetSupported(w->ren))
		return;
	if (w->prev) {
		int tw, th;
		SDL_QueryTexture(w->prev, NULL, NULL, &tw, &th);
		if (tw != w->pw || th != w->ph) {
			SDL_DestroyTexture(w->prev);
			w->prev = NULL;
		}
	}
	if (!w->prev)
		w->prev = SDL_CreateTexture(w->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w->pw, w->ph);
	if (!w->prev || SDL_SetRenderTarget(w->ren, w->prev) < 0)
		return;
	skl_error_clear(&err);
	draw_content(w, w->ren, &err);
	SDL_SetRenderTarget(w->ren, NULL);
	SDL_SetTextureBlendMode(w->prev, SDL_BLENDMODE_BLEND);
	w->animating = 1;
	w->anim_frames = 0; /* the clock starts at the first frame drawn */
}

static void write_dump(skl_window *w)
{
	char tmp[4200];
	FILE *fp;
	skl_sink s;
	const char *tip = skl_window_hover(w);
	const opened *top = open_top(&w->panes[w->active]);
	int i;
	snprintf(tmp, sizeof(tmp), "%s.tmp", w->dump);
	fp = fopen(tmp, "w");
	if (!fp)
		return;
	s = skl_file_sink(fp);
	fprintf(fp,
		"window %dx%d mode=%s frame=%d nframes=%d view=%s split=%d active=%d present=%d theme=%s blank=%d "
		"help=%d anim=%d prompt=%d digits=%s open=%s open_hl=%s anims=%d anim_frames=%d anim_ms=%d "
		"opened=%d\n",
		w->pw, w->ph, w->page ? "page" : "frames", w->frame + 1, w->nframes,
		view_names[w->panes[w->active].view], w->split, w->active, w->present,
		w->theme == SKL_THEME_DARK_HC	 ? "dark"
		: w->theme == SKL_THEME_LIGHT_HC ? "light-hc"
						 : "light",
		w->blank, w->help, w->anim, w->prompt, w->digits[0] ? w->digits : "-", top ? top->l->name : "-",
		top && top->hl[0] ? top->hl : "-", w->anims, w->last_frames, w->last_ms, w->panes[w->active].nopen);
	fprintf(fp, "title %s\n", w->title[0] ? w->title : "-");
	fputs("hover ", fp);
	for (; tip && *tip; tip++)
		fputc(*tip == '\n' ? '|' : *tip, fp);
	fputs("\n", fp);
	{ /* where the window is: what a test that cannot find it prints */
		const char *drv = SDL_GetCurrentVideoDriver(), *disp = getenv("DISPLAY");
		fprintf(fp, "video %s display %s\n", drv ? drv : "-", disp && *disp ? disp : "-");
	}
	if (w->page) {
		fputs("== page\n", fp);
		skl_dl_dump(w->page_dl, &s);
	} else {
		for (i = 0; i < (w->split ? 2 : 1); i++) {
			const pane *p = &w->panes[i];
			fprintf(fp, "== pane %d %.0f %.0f %.0f %.0f view=%s zoom=%.2f bar=%.0f\n", i, (double)p->x,
				(double)p->y, (double)p->w, (double)p->h, view_names[p->view], (double)p->zoom,
				(double)p->bar);
			skl_dl_dump(p->dl, &s);
			if (zoomed(p) && p->zb.zoom == p->zoom) {
				/* drawn at pane pixel x + panx, y + pany, above the bar */
				fprintf(fp, "== zoomed %d %.0f %.0f pan %.0f %.0f picture %.0f\n", i,
					(double)skl_dl_width(p->zdl), (double)skl_dl_height(p->zdl), (double)p->panx,
					(double)p->pany, (double)pic_h(p));
				skl_dl_dump(p->zdl, &s);
			}
		}
	}
	fputs("== overlay\n", fp);
	skl_dl_dump(w->overlay, &s);
	if (fclose(fp) == 0)
		rename(tmp, w->dump);
}

int skl_window_draw(skl_window *w, skl_error *err)
{
	update_size(w);
	if (w->anim_pending) {
		/* the panes still hold the old step: keep its picture */
		w->anim_pending = 0;
		if (w->panes[0].b.frame >= 0)
			capture_prev(w);
	}
	build_all(w);
	build_overlay(w);
	if (draw_content(w, w->ren, err) < 0)
		return -1;
	if (w->animating && w->prev) {
		Uint32 dt;
		/* the fade starts with the first picture of the new step, so a
		 * slow frame (a big view, a loaded machine) does not eat it */
		if (!w->anim_frames)
			w->anim_t0 = SDL_GetTicks();
		dt = SDL_GetTicks() - w->anim_t0;
		if (dt >= ANIM_MS) {
			w->animating = 0;
			w->anims++;
			w->last_frames = w->anim_frames;
			w->last_ms = (int)dt;
			w->anim_frames = 0;
		} else {
			w->anim_frames++;
			float t = (float)dt / ANIM_MS;
			SDL_Rect dst;
			/* the old picture fades and slides a little to the left */
			dst.x = (int)lrintf(-t * 24);
			dst.y = 0;
			dst.w = w->pw;
			dst.h = w->ph;
			SDL_SetTextureAlphaMod(w->prev, (Uint8)lrintf(255 * (1 - t) * (1 - t)));
			SDL_RenderCopy(w->ren, w->prev, NULL, &dst);
		}
	}
	if (skl_sdl_draw(w->sdl, w->ren, w->overlay, NULL, err) < 0)
		return -1;
	SDL_RenderPresent(w->ren);
	w->moved = 0;
	if (w->dump)
		write_dump(w);
	return 0;
}

int skl_window_animating(const skl_window *w)
{
	/* a notice that has had its time wants one more draw, without it */
	return w->animating || (w->notice_t && !notice_on(w));
}

/* ---- screenshots ----------------------------------------------------------------------- */

static int file_exists(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (f)
		fclose(f);
	return f != NULL;
}

/* Beside the PNG, the same draw lists as SVG (crisp at any size, for
 * slides and handouts): NAME.svg, and NAME-2.svg for a split view's
 * second pane. The view as drawn, before zoom and pan. */
static int shot_svg(skl_window *w, skl_error *err)
{
	int i, n = w->page ? 1 : (w->split ? 2 : 1);
	size_t len = strlen(w->shot);
	for (i = 0; i < n; i++) {
		const skl_dl *dl = w->page ? w->page_dl : w->panes[i].dl;
		char path[4200];
		FILE *f;
		skl_sink sink;
		if (!dl)
			continue;
		snprintf(path, sizeof(path), "%.*s%s.svg", (int)(len > 4 ? len - 4 : len), w->shot, i ? "-2" : "");
		f = fopen(path, "w");
		if (!f)
			return skl_errorf(err, "cannot write %s", path);
		sink = skl_file_sink(f);
		skl_svg_write(dl, &sink);
		if (fclose(f) != 0)
			return skl_errorf(err, "cannot write %s", path);
	}
	return 0;
}

/* Saves the page or the panes (without tabs and hover) as a PNG, and their
 * draw lists as SVG beside it. */
static int screenshot(skl_window *w, skl_error *err)
{
	const char *dir = w->o.shot_dir ? w->o.shot_dir : ".";
	SDL_Surface *s;
	SDL_Renderer *r;
	int k, rc;
	snprintf(w->shot, sizeof(w->shot), "%s/sklab-step-%03d.png", dir, w->frame + 1);
	for (k = 2; file_exists(w->shot) && k < 1000; k++)
		snprintf(w->shot, sizeof(w->shot), "%s/sklab-step-%03d-%d.png", dir, w->frame + 1, k);
	s = SDL_CreateRGBSurfaceWithFormat(0, w->pw, w->ph, 32, SDL_PIXELFORMAT_ARGB8888);
	r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
	if (!r) {
		skl_errorf(err, "SDL: %s", SDL_GetError());
		SDL_FreeSurface(s);
		w->shot[0] = 0;
		return -1;
	}
	rc = draw_content(w, r, err);
	SDL_RenderPresent(r);
	skl_sdl_forget(w->sdl); /* its textures belong to r */
	SDL_DestroyRenderer(r);
	if (rc == 0 && IMG_SavePNG(s, w->shot) < 0)
		rc = skl_errorf(err, "cannot write %s: %s", w->shot, IMG_GetError());
	SDL_FreeSurface(s);
	if (rc == 0)
		rc = shot_svg(w, err);
	if (rc < 0)
		w->shot[0] = 0;
	return rc;
}

/* ---- public ------------------------------------------------------------------------------ */

/* SDL's drivers that draw into memory only */
static int invisible_driver(const char *d)
{
	return d && (!strcmp(d, "offscreen") || !strcmp(d, "dummy") || !strcmp(d, "evdev"));
}

/*
 * SDL's video, on a display a person can see. When SDL cannot reach the
 * X or Wayland display it may fall back to its offscreen driver, which
 * "works" and shows nothing: sklab would run with no window and no word
 * said. Unless SDL_VIDEODRIVER asks for such a driver, sklab then asks for
 * the display's own driver by name, a few times (a display server under
 * load can refuse a connection for a moment), and otherwise stops with
 * that driver's own error.
 */
static int video_init(skl_error *err)
{
	const char *want = getenv("SDL_VIDEODRIVER"), *real;
	const char *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
	char why[256];
	int tries;
	if (SDL_InitSubSystem(SDL_INIT_VIDEO) < 0)
		return skl_errorf(err, "no display: %s", SDL_GetError());
	if ((want && *want) || !invisible_driver(SDL_GetCurrentVideoDriver()))
		return 0;
	SDL_QuitSubSystem(SDL_INIT_VIDEO);
	real = x && *x ? "x11" : wl && *wl ? "wayland" : NULL;
	if (!real)
		return skl_errorf(err, "no display: SDL found only its %s driver",
				  SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "offscreen");
	snprintf(why, sizeof(why), "%s", "unknown");
	SDL_SetHint(SDL_HINT_VIDEODRIVER, real);
	for (tries = 0; tries < 5; tries++) {
		if (SDL_InitSubSystem(SDL_INIT_VIDEO) == 0)
			break;
		snprintf(why, sizeof(why), "%s", SDL_GetError());
		SDL_Delay(200u << tries);
	}
	SDL_SetHint(SDL_HINT_VIDEODRIVER, NULL);
	if (tries == 5)
		return skl_errorf(err, "cannot open the display %s with SDL's %s driver: %s", real[0] == 'x' ? x : wl,
				  real, why);
	return 0;
}

skl_window *skl_window_open(const skl_window_opts *o, skl_error *err)
{
	skl_window *w;
	Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
	int ww = o->width > 0 ? o->width : 1600, wh = o->height > 0 ? o->height : 900, i;
	SDL_Rect usable;
	const char *dump = getenv("SKLAB_DRAWLIST_DUMP");

	if (o->build && o->nframes < 1) {
		skl_errorf(err, "window: nothing to show");
		return NULL;
	}
	if (video_init(err) < 0)
		return NULL;
	w = skl_calloc(1, sizeof(*w));
	if (!w) {
		skl_errorf(err, "out of memory");
		SDL_QuitSubSystem(SDL_INIT_VIDEO);
		return NULL;
	}
	w->o = *o;
	w->build = o->build;
	w->ud = o->ud;
	w->nframes = o->build ? o->nframes : 0;
	w->frame = o->start < 0 ? 0 : o->start;
	if (w->nframes > 0 && w->frame >= w->nframes)
		w->frame = w->nframes - 1;
	w->hover = w->hover_over = w->hover_pg = -1;
	w->anim = !o->no_anim;
	w->dump = dump && *dump ? dump : NULL;
	for (i = 0; i < 2; i++) {
		w->panes[i].b.frame = w->panes[i].zb.frame = -1;
		reset_view(&w->panes[i]);
	}
	/* never open larger than the screen */
	if (SDL_GetDisplayUsableBounds(0, &usable) == 0 && usable.w > 0 && usable.h > 0) {
		if (ww > usable.w - 40)
			ww = usable.w - 40 > 320 ? usable.w - 40 : usable.w;
		if (wh > usable.h - 60)
			wh = usable.h - 60 > 240 ? usable.h - 60 : usable.h;
	}
	w->started_fullscreen = o->fullscreen;
	if (o->fullscreen && !o->present)
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
	for (i = 0; i < 2; i++) {
		w->panes[i].dl = skl_dl_new(1, 1);
		w->panes[i].zdl = skl_dl_new(1, 1);
	}
	w->overlay = skl_dl_new(1, 1);
	w->page_dl = skl_dl_new(1, 1);
	if (!w->panes[0].dl || !w->panes[1].dl || !w->panes[0].zdl || !w->panes[1].zdl || !w->overlay || !w->page_dl) {
		skl_errorf(err, "out of memory");
		goto out_dl;
	}
	update_size(w);
	if (o->present)
		skl_window_set_present(w, 1);
	set_title(w);
	return w;
out_dl:
	for (i = 0; i < 2; i++) {
		skl_dl_free(w->panes[i].dl);
		skl_dl_free(w->panes[i].zdl);
	}
	skl_dl_free(w->overlay);
	skl_dl_free(w->page_dl);
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
	int i;
	if (!w)
		return;
	/* off the screen first: what follows (the renderer's textures and
	 * context, a window manager's leave-fullscreen) takes its time unseen */
	SDL_HideWindow(w->win);
	skl_sdl_free(w->sdl); /* its textures belong to ren: free them first */
	if (w->prev)
		SDL_DestroyTexture(w->prev);
	close_open(w);
	skl_free(w->ex);
	for (i = 0; i < 2; i++) {
		skl_dl_free(w->panes[i].dl);
		skl_dl_free(w->panes[i].zdl);
	}
	skl_dl_free(w->overlay);
	skl_dl_free(w->page_dl);
	SDL_DestroyRenderer(w->ren);
	SDL_DestroyWindow(w->win);
	skl_free(w);
	SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

static void content_changed(skl_window *w, const char *title)
{
	w->gen++;
	if (title)
		snprintf(w->title, sizeof(w->title), "%s", title);
	if (w->nframes > 0 && w->frame >= w->nframes)
		w->frame = w->nframes - 1; /* (kept while nothing is shown) */
	close_open(w);
	w->animating = 0;
	collect_expects(w);
	/* a run with failed expectations lists them at once (a reload too) */
	w->ex_panel = w->nfail > 0;
	apply_split(w);
	layout_panes(w);
	set_title(w);
}

void skl_window_set_log(skl_window *w, const skl_events *log, const skl_frame *frames, int nframes, const char *title)
{
	w->log = log;
	w->frames = frames;
	w->nframes = frames ? nframes : 0;
	w->build = NULL;
	w->ud = NULL;
	content_changed(w, title);
}

void skl_window_set_build(skl_window *w, skl_window_build_fn fn, void *ud, int nframes, const char *title)
{
	w->log = NULL;
	w->frames = NULL;
	w->build = fn;
	w->ud = ud;
	w->nframes = fn ? nframes : 0;
	content_changed(w, title);
}

void skl_window_set_page(skl_window *w, skl_window_page_fn page, void *ud)
{
	w->page = page;
	w->page_ud = ud;
	w->page_dirty = 1;
	w->prompt = 0;
	w->animating = 0;
	apply_split(w);
	layout_panes(w);
	set_title(w);
}

void skl_window_invalidate(skl_window *w)
{
	w->page_dirty = 1;
}

void skl_window_set_panel(skl_window *w, skl_window_panel_fn panel, void *ud)
{
	w->panel = panel;
	w->panel_ud = ud;
}

void skl_window_go(skl_window *w, int frame)
{
	go_to(w, frame, 0);
}

void skl_window_set_present(skl_window *w, int on)
{
	w->present = on;
	if (on) {
		SDL_Rect b;
		int d = SDL_GetWindowDisplayIndex(w->win);
		/* cover the display first: without a window manager (a bare X
		 * server, a kiosk) the fullscreen request alone moves nothing */
		if (SDL_GetDisplayBounds(d < 0 ? 0 : d, &b) == 0 &&
		    !(SDL_GetWindowFlags(w->win) & SDL_WINDOW_FULLSCREEN_DESKTOP)) {
			SDL_GetWindowPosition(w->win, &w->saved.x, &w->saved.y);
			SDL_GetWindowSize(w->win, &w->saved.w, &w->saved.h);
			SDL_SetWindowBordered(w->win, SDL_FALSE);
			SDL_SetWindowPosition(w->win, b.x, b.y);
			SDL_SetWindowSize(w->win, b.w, b.h);
		}
		SDL_SetWindowFullscreen(w->win, SDL_WINDOW_FULLSCREEN_DESKTOP);
		if (w->theme == SKL_THEME_LIGHT)
			w->theme = SKL_THEME_LIGHT_HC;
		SDL_ShowCursor(SDL_DISABLE);
		w->mouse_in = 0;
		w->idle_x = w->idle_y = -1;
	} else {
		if (!w->started_fullscreen) {
			SDL_SetWindowFullscreen(w->win, 0);
			if (w->saved.w > 0) {
				SDL_SetWindowBordered(w->win, SDL_TRUE);
				SDL_SetWindowSize(w->win, w->saved.w, w->saved.h);
				SDL_SetWindowPosition(w->win, w->saved.x, w->saved.y);
			}
		}
		if (w->theme == SKL_THEME_LIGHT_HC)
			w->theme = SKL_THEME_LIGHT;
		w->blank = 0;
		SDL_ShowCursor(SDL_ENABLE);
	}
	skl_sdl_set_theme(w->sdl, w->theme);
	w->page_dirty = 1;
	w->gen++;
	update_size(w);
}

/* Sets the active pane's view; the same view again = all. */
static void set_view(skl_window *w, int view)
{
	pane *p = &w->panes[w->active];
	p->view = p->view == view && !p->nopen ? SKL_VIEW_ALL : view;
	open_pop(p, 1);
}

static void next_view(skl_window *w, int dir)
{
	census c = count_objs(w, w->frame);
	pane *p = &w->panes[w->active];
	int v = p->view, k;
	for (k = 0; k < SKL_VIEW_COUNT_; k++) {
		v = (v + dir + SKL_VIEW_COUNT_) % SKL_VIEW_COUNT_;
		if (view_has(&c, v))
			break;
	}
	p->view = v;
	open_pop(p, 1);
}

/* V: two panes, or back to one. A step with one view has nothing to
 * split: it says so instead. */
static void toggle_split(skl_window *w)
{
	census c = count_objs(w, w->frame);
	char why[320], list[256];
	if (w->split_want) {
		w->split_want = 0;
		apply_split(w);
		return;
	}
	if (nviews(&c) < 2) {
		views_list(&c, list, sizeof(list));
		if (list[0])
			snprintf(why, sizeof(why), "No split: step %d has one view, %s. Split needs two.", w->frame + 1,
				 list);
		else
			snprintf(why, sizeof(why), "No split: step %d shows nothing to split.", w->frame + 1);
		notice(w, why);
		return;
	}
	w->split_want = 1;
	apply_split(w);
}

/* The cache snapshot's owner named by a key of the cache view: a cell
 * ("<obj>:cell:<level>:<set>:<way>"), a row of misses by member
 * ("<obj>:member:<i>") or by object line ("<obj>:objline:<i>"). Fills
 * owner ("tcp_sock", "size-2048") and member ("daddr", "line:3", "").
 * 1 when the key names one. */
static int cache_owner(const skl_window *w, const char *key, char *owner, size_t ownersz, char *member, size_t membersz)
{
	const skl_frame *f = &w->frames[w->frame];
	const char *m;
	int k, kind;
	unsigned a = 0, b = 0, c = 0;
	if ((m = strstr(key, ":cell:")) && sscanf(m, ":cell:%u:%u:%u", &a, &b, &c) == 3)
		kind = 0;
	else if ((m = strstr(key, ":member:")) && sscanf(m, ":member:%u", &a) == 1)
		kind = 1;
	else if ((m = strstr(key, ":objline:")) && sscanf(m, ":objline:%u", &a) == 1)
		kind = 2;
	else
		return 0;
	for (k = 0; k < f->nobjs; k++) {
		const skl_obj *o = skl_events_obj(w->log, f->objs[k]);
		const skl_cachesim_snap *g = o && o->kind == SKL_OBJ_CACHE ? o->cgrid : NULL;
		const char *who = NULL, *dot;
		size_t n;
		if (!g)
			continue;
		if (kind == 0 && (int)a < g->nlevels && g->levels[a].lines && b < g->levels[a].st.sets &&
		    c < g->levels[a].st.assoc) {
			int ow = g->levels[a].lines[(size_t)b * g->levels[a].st.assoc + c].owner;
			who = ow >= 0 && ow < g->nowners ? g->owners[ow] : NULL;
		} else if (kind == 1 && (int)a < g->nmembers) {
			snprintf(owner, ownersz, "%s", g->members[a].owner);
			snprintf(member, membersz, "%s", g->members[a].member);
			return 1;
		} else if (kind == 2 && (int)a < g->nlines) {
			unsigned line;
			snprintf(owner, ownersz, "%s", g->lines[a].owner);
			if (sscanf(g->lines[a].member, "line %u", &line) == 1)
				snprintf(member, membersz, "line:%u", line);
			else
				member[0] = 0;
			return 1;
		}
		if (!who)
			continue;
		/* "tcp_sock.daddr": the type, then the member */
		dot = strchr(who, '.');
		n = dot ? (size_t)(dot - who) : strlen(who);
		if (n >= ownersz)
			n = ownersz - 1;
		memcpy(owner, who, n);
		owner[n] = 0;
		snprintf(member, membersz, "%s", dot ? dot + 1 : "");
		return 1;
	}
	return 0;
}

/* Whether layout l is the type named name ("sock" names "struct sock"). */
static int type_is(const skl_layout *l, const char *name)
{
	const char *n = l->name;
	if (!strncmp(n, "struct ", 7))
		n += 7;
	else if (!strncmp(n, "union ", 6))
		n += 6;
	return !strcmp(n, name) || !strcmp(l->name, name);
}

/* A click on an sk_buff in the skb view opens struct sk_buff. 1 when it
 * opened. */
static int open_skb(skl_window *w, pane *p, const char *key)
{
	const skl_layout *l = skb_type_at(w, key);
	char what[256];
	if (!l)
		return 0;
	snprintf(what, sizeof(what),
		 "%s: the descriptor every skb shown here is (%llu bytes, from skbuff_head_cache; the packet's "
		 "bytes are in the head buffer). Escape goes back.",
		 l->name, (unsigned long long)l->size);
	open_push(p, l, NULL, "", what);
	return 1;
}

/* A click on an object opens its type's layout: slab objects name their
 * cache in their key ("<obj>:obj:<cache>:<s>:<i>"); a cache cell, or a row
 * of the cache view's misses, names the type (or cache) of the object it
 * holds, and opens it with that member emphasised. 1 when one opened. */
static int open_object(skl_window *w, pane *p, const char *key)
{
	const char *m = strstr(key, ":obj:");
	char cache[128], member[96] = "", shown[112], what[256];
	const skl_frame *f;
	size_t len;
	int k, c, by_type = 0;
	if (!has_views(w))
		return 0;
	if (open_skb(w, p, key))
		return 1;
	if (!m)
		m = strstr(key, ":objs:");
	if (m) {
		m = strchr(m + 1, ':') + 1;
		len = strcspn(m, ":");
		if (len >= sizeof(cache))
			return 0;
		memcpy(cache, m, len);
		cache[len] = 0;
	} else if (cache_owner(w, key, cache, sizeof(cache), member, sizeof(member))) {
		by_type = 1;
	} else {
		return 0;
	}
	/* "line:3" reads "cache line 3" */
	snprintf(shown, sizeof(shown), "%s%s", strncmp(member, "line:", 5) ? "" : "cache line ",
		 strncmp(member, "line:", 5) ? member : member + 5);
	/* the kernels this step shows first, then any of the run's */
	f = &w->frames[w->frame];
	for (k = 0;; k++) {
		const skl_obj *o = skl_events_obj(w->log, k < f->nobjs ? f->objs[k] : k - f->nobjs);
		if (!o && k >= f->nobjs)
			break;
		if (o && o->kind == SKL_OBJ_LAYOUT && o->layout && by_type && type_is(o->layout, cache)) {
			/* no kernel shown with that cache: the layout the run showed */
			snprintf(what, sizeof(what), "%s: the type that owns the line%s%s%s. Escape goes back.",
				 o->layout->name, member[0] ? "; " : "", shown, member[0] ? " emphasised" : "");
			open_push(p, o->layout, NULL, member, what);
			return 1;
		}
		if (!o || o->kind != SKL_OBJ_KERNEL || !o->kernel)
			continue;
		for (c = 0; c < o->kernel->ncaches; c++) {
			const skl_cache_snap *cs = &o->kernel->caches[c];
			if (!cs->type)
				continue;
			if (strcmp(cs->info.name, cache) != 0 && !(by_type && type_is(cs->type, cache)))
				continue;
			snprintf(what, sizeof(what),
				 "%s: the type of the objects in cache %s (%u-byte slots)%s%s%s. "
				 "Escape goes back.",
				 cs->type->name, cs->info.name, (unsigned)cs->info.size, member[0] ? "; " : "", shown,
				 member[0] ? " emphasised" : "");
			open_push(p, cs->type, NULL, member, what);
			return 1;
		}
	}
	return 0;
}

/* A click on a member of a layout opens the struct or union it holds, or
 * points to: sock.tp_pinfo.af_tcp opens struct tcp_opt, a struct sock *
 * struct sock. Laid out for the same ABI, options and cache line as the
 * layout clicked. 1 when one opened. */
static int open_member(skl_window *w, pane *p, const char *key)
{
	const skl_layout *l;
	const skl_field *f;
	int ptr;
	const skl_type *rec = member_record(w, p, key, &l, &f, &ptr);
	skl_layout *own;
	skl_error err;
	char what[256];
	const char *tag;
	if (!rec)
		return 0;
	skl_error_clear(&err);
	own = skl_layout_compute(rec, l->abi, l->config, l->cacheline, &err);
	if (!own)
		return 0;
	/* "sock.tp_pinfo.af_tcp" */
	tag = strchr(l->name, ' ') ? strchr(l->name, ' ') + 1 : l->name;
	if (ptr)
		snprintf(what, sizeof(what),
			 "%s: what %s.%s points to (a pointer at offset %llu of %s). Escape goes back.", own->name, tag,
			 f->path, (unsigned long long)f->offset, l->name);
	else
		snprintf(what, sizeof(what),
			 "%s: the %stype of %s.%s (%llu bytes at offset %llu of %s). Escape goes back.", own->name,
			 skl_type_kind(skl_type_resolve(f->type)) == SKL_K_ARRAY ? "element " : "", tag, f->path,
			 (unsigned long long)f->size, (unsigned long long)f->offset, l->name);
	open_push(p, own, own, NULL, what);
	return 1;
}

static void click(skl_window *w, float x, float y)
{
	int pi;
	w->clicked[0] = 0;
	if (w->page)
		return;
	{
		/* the overlay's: the expectations badge and the failures listed */
		int i = skl_dl_hit(w->overlay, x, y);
		const skl_dl_item *it = i >= 0 ? skl_dl_at(w->overlay, i) : NULL;
		if (it && it->key && !strcmp(it->key, "badge:expect")) {
			w->ex_panel = !w->ex_panel;
			return;
		}
		if (it && it->key && !strncmp(it->key, "expect:fail:", 12)) {
			int k = atoi(it->key + 12), f;
			for (f = 0; f < w->nex; f++)
				if (!w->ex[f].ok && k-- == 0) {
					go_to(w, w->ex[f].frame, 1);
					break;
				}
			return;
		}
		if (it && it->key && !strcmp(it->key, "expect:panel"))
			return;
	}
	if (y < w->tabs_h) {
		int i = skl_dl_hit(w->overlay, x, y);
		const skl_dl_item *it = i >= 0 ? skl_dl_at(w->overlay, i) : NULL;
		int v;
		if (!it || !it->key || strncmp(it->key, "tab:", 4) != 0)
			return;
		for (v = 0; v < SKL_VIEW_COUNT_; v++)
			if (!strcmp(it->key + 4, view_names[v])) {
				pane *p = &w->panes[w->active];
				p->view = v;
				open_pop(p, 1);
			}
		return;
	}
	pi = pane_at(w, x, y);
	if (pi < 0)
		return;
	w->active = pi;
	{
		pane *p = &w->panes[pi];
		int z, i = pane_hit(p, x, y, &z);
		const skl_dl_item *it = i >= 0 ? skl_dl_at(z ? p->zdl : p->dl, i) : NULL;
		if (it && it->key && !open_member(w, p, it->key) && !p->nopen)
			open_object(w, p, it->key);
	}
}

static int is_digit_key(SDL_Keycode sym, int *d)
{
	if (sym >= SDLK_0 && sym <= SDLK_9) {
		*d = (int)(sym - SDLK_0);
		return 1;
	}
	if (sym >= SDLK_KP_1 && sym <= SDLK_KP_9) {
		*d = (int)(sym - SDLK_KP_1) + 1;
		return 1;
	}
	if (sym == SDLK_KP_0) {
		*d = 0;
		return 1;
	}
	return 0;
}

/* Keys while "go to step" is being typed. 1 when the key was taken. */
static int prompt_key(skl_window *w, SDL_Keycode sym)
{
	int d;
	size_t n = strlen(w->digits);
	if (is_digit_key(sym, &d)) {
		if (n + 1 < sizeof(w->digits)) {
			w->digits[n] = (char)('0' + d);
			w->digits[n + 1] = 0;
		}
		return 1;
	}
	switch (sym) {
	case SDLK_RETURN:
	case SDLK_KP_ENTER:
		if (n)
			go_to(w, atoi(w->digits) - 1, 1);
		w->prompt = 0;
		w->digits[0] = 0;
		return 1;
	case SDLK_BACKSPACE:
		if (n)
			w->digits[n - 1] = 0;
		else
			w->prompt = 0;
		return 1;
	case SDLK_ESCAPE:
		w->prompt = 0;
		w->digits[0] = 0;
		return 1;
	default:
		return 0;
	}
}

static int is_modifier(SDL_Keycode sym)
{
	switch (sym) {
	case SDLK_LSHIFT:
	case SDLK_RSHIFT:
	case SDLK_LCTRL:
	case SDLK_RCTRL:
	case SDLK_LALT:
	case SDLK_RALT:
	case SDLK_LGUI:
	case SDLK_RGUI:
	case SDLK_MODE:
	case SDLK_CAPSLOCK:
	case SDLK_NUMLOCKCLEAR:
		return 1;
	default:
		return 0;
	}
}

static int on_key(skl_window *w, const SDL_KeyboardEvent *k)
{
	SDL_Keycode sym = k->keysym.sym;
	int shift = (k->keysym.mod & KMOD_SHIFT) != 0, d;
	pane *p = &w->panes[w->active];
	float cx = p->x + p->w / 2, cy = p->y + p->h / 2;

	if (w->present && w->mouse_in) {
		SDL_ShowCursor(SDL_DISABLE);
		w->mouse_in = 0;
		w->idle_x = (int)(w->mx / w->ptx);
		w->idle_y = (int)(w->my / w->pty);
	}
	if (w->blank && sym != SDLK_q) {
		/* any key brings the picture back and does nothing else: a
		 * remote's PageDown, Space or Right after B must not skip a step
		 * the room has not seen (a modifier alone does not count) */
		if (!is_modifier(sym))
			w->blank = 0;
		return SKL_WIN_NONE;
	}
	w->notice_t = 0; /* a key dismisses a notice */
	if (w->prompt && prompt_key(w, sym))
		return SKL_WIN_NONE;
	if (shift && (sym == SDLK_LEFT || sym == SDLK_RIGHT || sym == SDLK_UP || sym == SDLK_DOWN)) {
		float step = 0.1f * fmaxf(p->w, p->h);
		p->panx += sym == SDLK_LEFT ? step : sym == SDLK_RIGHT ? -step : 0;
		p->pany += sym == SDLK_UP ? step : sym == SDLK_DOWN ? -step : 0;
		clamp_pan(p);
		return SKL_WIN_NONE;
	}
	if (is_digit_key(sym, &d) && !w->page) {
		if (w->present) {
			/* a presenter types a step number and Enter */
			w->prompt = 1;
			w->digits[0] = 0;
			prompt_key(w, sym);
			return SKL_WIN_NONE;
		}
		if (d == 0) {
			reset_view(p);
		} else if (d <= 6 && has_views(w)) {
			set_view(w, d);
		}
		return SKL_WIN_NONE;
	}
	switch (sym) {
	case SDLK_RIGHT:
	case SDLK_SPACE:
	case SDLK_PAGEDOWN:
	case SDLK_DOWN:
	case SDLK_n:
		go_to(w, w->frame + 1, 1);
		break;
	case SDLK_LEFT:
	case SDLK_PAGEUP:
	case SDLK_BACKSPACE:
	case SDLK_UP:
		go_to(w, w->frame - 1, 1);
		break;
	case SDLK_HOME:
	case SDLK_r:
		go_to(w, 0, 1);
		break;
	case SDLK_END:
	case SDLK_e:
		go_to(w, w->nframes - 1, 1);
		break;
	case SDLK_g:
		if (!w->page && w->nframes > 0) {
			w->prompt = 1;
			w->digits[0] = 0;
		}
		break;
	case SDLK_TAB:
		if (has_views(w))
			next_view(w, shift ? -1 : 1);
		break;
	case SDLK_v:
		if (has_views(w) && !w->page)
			toggle_split(w);
		break;
	case SDLK_PLUS:
	case SDLK_EQUALS:
	case SDLK_KP_PLUS:
		zoom_at(p, 1.25f, w->mouse_in ? w->mx : cx, w->mouse_in ? w->my : cy);
		break;
	case SDLK_MINUS:
	case SDLK_KP_MINUS:
		zoom_at(p, 1 / 1.25f, w->mouse_in ? w->mx : cx, w->mouse_in ? w->my : cy);
		break;
	case SDLK_f: {
		Uint32 fs = SDL_GetWindowFlags(w->win) & SDL_WINDOW_FULLSCREEN_DESKTOP;
		SDL_SetWindowFullscreen(w->win, fs ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
		w->started_fullscreen = !fs;
		break;
	}
	case SDLK_p:
		skl_window_set_present(w, !w->present);
		break;
	case SDLK_t:
		w->theme = w->theme == SKL_THEME_DARK_HC ? (w->present ? SKL_THEME_LIGHT_HC : SKL_THEME_LIGHT)
							 : SKL_THEME_DARK_HC;
		skl_sdl_set_theme(w->sdl, w->theme);
		break;
	case SDLK_b:
	case SDLK_PERIOD:
		w->blank = 1;
		break;
	case SDLK_a:
		w->anim = !w->anim;
		w->animating = 0;
		break;
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
	case SDLK_SLASH:
		w->help = !w->help;
		break;
	case SDLK_x:
		if (w->nex > 0 && !w->page)
			w->ex_panel = !w->ex_panel;
		else if (!w->page)
			notice(w, "This scenario has no expectations: expect() in it adds them.");
		break;
	case SDLK_q:
		return SKL_WIN_QUIT;
	case SDLK_ESCAPE:
		if (w->help) {
			w->help = 0;
			break;
		}
		if (w->ex_panel && !w->page) {
			w->ex_panel = 0;
			break;
		}
		if (p->nopen) {
			open_pop(p, 0);
			break;
		}
		if (w->present) {
			skl_window_set_present(w, 0);
			break;
		}
		return SKL_WIN_ESCAPE;
	default:
		break;
	}
	return SKL_WIN_NONE;
}

int skl_window_handle(skl_window *w, const SDL_Event *ev)
{
	pane *p;
	switch (ev->type) {
	case SDL_QUIT:
		return SKL_WIN_QUIT;
	case SDL_KEYDOWN:
		return on_key(w, &ev->key);
	case SDL_WINDOWEVENT:
		if (ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED || ev->window.event == SDL_WINDOWEVENT_RESIZED) {
			update_size(w);
			clamp_pan(&w->panes[0]);
			clamp_pan(&w->panes[1]);
		} else if (ev->window.event == SDL_WINDOWEVENT_LEAVE) {
			w->mouse_in = 0;
			w->hover = w->hover_over = w->hover_pg = -1;
		} else if (ev->window.event == SDL_WINDOWEVENT_CLOSE) {
			return SKL_WIN_QUIT;
		}
		break;
	case SDL_MOUSEMOTION:
		if (w->present && !w->mouse_in) {
			/* presenting: the pointer (and its tooltips) shows only
			 * when it really moves, not when the window appears under it */
			int moved =
			    w->idle_x >= 0 && (abs(ev->motion.x - w->idle_x) > 2 || abs(ev->motion.y - w->idle_y) > 2);
			if (!moved) {
				if (w->idle_x < 0) {
					w->idle_x = ev->motion.x;
					w->idle_y = ev->motion.y;
				}
				break;
			}
			SDL_ShowCursor(SDL_ENABLE);
		}
		w->idle_x = -1;
		w->mouse_in = 1;
		w->mx = (float)ev->motion.x * w->ptx;
		w->my = (float)ev->motion.y * w->pty;
		if (w->pressed && !w->dragging &&
		    (fabsf(w->mx - w->press_x) > DRAG_SLOP || fabsf(w->my - w->press_y) > DRAG_SLOP))
			w->dragging = w->press_pane >= 0;
		if (w->dragging) {
			p = &w->panes[w->press_pane];
			p->panx = w->press_panx + (w->mx - w->press_x);
			p->pany = w->press_pany + (w->my - w->press_y);
			clamp_pan(p);
		}
		update_hover(w, 1);
		w->moved = 1;
		break;
	case SDL_MOUSEBUTTONDOWN:
		if (ev->button.button == SDL_BUTTON_LEFT) {
			w->pressed = 1;
			w->press_x = (float)ev->button.x * w->ptx;
			w->press_y = (float)ev->button.y * w->pty;
			w->press_pane = w->page ? -1 : pane_at(w, w->press_x, w->press_y);
			if (w->press_pane >= 0) {
				w->press_panx = w->panes[w->press_pane].panx;
				w->press_pany = w->panes[w->press_pane].pany;
			}
		}
		break;
	case SDL_MOUSEBUTTONUP:
		if (w->blank) {
			/* a click (some remotes send one) only brings the picture back */
			w->blank = 0;
			w->pressed = w->dragging = 0;
			break;
		}
		if (ev->button.button == SDL_BUTTON_LEFT) {
			int was_drag = w->dragging;
			float x = (float)ev->button.x * w->ptx, y = (float)ev->button.y * w->pty;
			w->pressed = 0;
			w->dragging = 0;
			if (!was_drag) {
				if (w->page) {
					int i = skl_dl_hit(w->page_dl, x, y);
					const skl_dl_item *it = i >= 0 ? skl_dl_at(w->page_dl, i) : NULL;
					snprintf(w->clicked, sizeof(w->clicked), "%s", it && it->key ? it->key : "");
					update_hover(w, 0);
					return SKL_WIN_CLICK;
				}
				click(w, x, y);
			}
			update_hover(w, 0);
		}
		break;
	case SDL_MOUSEWHEEL: {
		int dy = ev->wheel.y, pi;
		if (w->blank)
			break;
		if (ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED)
			dy = -dy;
		pi = w->mouse_in ? pane_at(w, w->mx, w->my) : w->active;
		if (dy && pi >= 0 && !w->page) {
			p = &w->panes[pi];
			zoom_at(p, powf(1.15f, (float)dy), w->mouse_in ? w->mx : p->x + p->w / 2,
				w->mouse_in ? w->my : p->y + p->h / 2);
		}
		update_hover(w, 0);
		break;
	}
	default:
		break;
	}
	return SKL_WIN_NONE;
}

int skl_window_loop(skl_window *w, skl_error *err)
{
	int dirty = 1;
	for (;;) {
		SDL_Event ev;
		int rc;
		if (dirty || w->animating) {
			if (skl_window_draw(w, err) < 0)
				return -1;
			dirty = 0;
		}
		if (!SDL_WaitEventTimeout(&ev, w->animating ? 10 : 250))
			continue;
		do {
			rc = skl_window_handle(w, &ev);
			if (rc == SKL_WIN_QUIT || rc == SKL_WIN_ESCAPE)
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

int skl_window_run(const skl_events *log, const skl_frame *frames, int nframes, const skl_window_opts *o,
		   skl_error *err)
{
	skl_window_opts wo = *o;
	skl_window *w;
	int rc;
	if (!frames || nframes < 1)
		return skl_errorf(err, "window: the run has no frames to show");
	wo.nframes = 0;
	wo.build = NULL;
	wo.ud = NULL;
	w = skl_window_open(&wo, err);
	if (!w)
		return -1;
	skl_window_set_log(w, log, frames, nframes, NULL);
	skl_window_go(w, o->start);
	rc = skl_window_loop(w, err);
	skl_window_close(w);
	return rc;
}

int skl_window_frame(const skl_window *w)
{
	return w->frame;
}

int skl_window_nframes(const skl_window *w)
{
	return w->nframes;
}

int skl_window_view(const skl_window *w)
{
	return w->panes[w->active].view;
}

int skl_window_split(const skl_window *w)
{
	return w->split;
}

int skl_window_present(const skl_window *w)
{
	return w->present;
}

float skl_window_zoom(const skl_window *w)
{
	return w->panes[w->active].zoom;
}

const skl_dl *skl_window_drawlist(const skl_window *w)
{
	const pane *p = &w->panes[w->active];
	return zoomed(p) && p->zb.zoom == p->zoom ? p->zdl : p->dl;
}

void skl_window_transform(const skl_window *w, float *scale, float *dx, float *dy)
{
	const pane *p = &w->panes[w->active];
	int z = zoomed(p) && p->zb.zoom == p->zoom;
	*scale = 1;
	*dx = p->x + (z ? p->panx : 0);
	*dy = p->y + (z ? p->pany : 0);
}

const skl_dl *skl_window_overlay(const skl_window *w)
{
	return w->overlay;
}

int skl_window_blank(const skl_window *w)
{
	return w->blank;
}

void skl_window_expects(const skl_window *w, int *n, int *failed)
{
	*n = w->nex;
	*failed = w->nfail;
}

const char *skl_window_hover(const skl_window *w)
{
	const skl_dl_item *it = w->tip_hidden ? NULL : hover_item(w);
	return it ? it->tooltip : NULL;
}

const char *skl_window_clicked(const skl_window *w)
{
	return w->clicked;
}

const char *skl_window_page_key_at(skl_window *w, int x, int y)
{
	int i;
	const skl_dl_item *it;
	if (!w->page)
		return NULL;
	i = skl_dl_hit(w->page_dl, (float)x * w->ptx, (float)y * w->pty);
	it = i >= 0 ? skl_dl_at(w->page_dl, i) : NULL;
	return it ? it->key : NULL;
}

const char *skl_window_last_shot(const skl_window *w)
{
	return w->shot;
}

SDL_Window *skl_window_sdl(const skl_window *w)
{
	return w->win;
}
