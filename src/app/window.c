/*
 * window.c - the interactive window (see window.h): one SDL window and
 * renderer, one or two panes (each a draw list of the current step in a
 * view, with its own zoom and pan), a page in place of the panes (start
 * screen, error), and overlays drawn in window pixels (view tabs, hover
 * outline, tooltip, chips, key help, a caller's panel). Views and backends
 * do the drawing; the window only drives them.
 *
 * This file holds the window's state: opening and closing, the panes'
 * geometry, zoom and pan, what a step holds for each view, the content
 * setters and the event loop. What is drawn is in window_draw.c, what
 * keys and the pointer do in window_input.c (window_impl.h between them).
 */
#define _POSIX_C_SOURCE 200809L
#include "window_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const view_names[SKL_VIEW_COUNT_] = {"all", "layout", "slab", "skb", "cache", "compare", "chart"};

const char *skl_window_view_name(int view)
{
	return view >= 0 && view < SKL_VIEW_COUNT_ ? view_names[view] : "?";
}

/* ---- geometry -------------------------------------------------------------------- */

float skl__win_ui_scale(const skl_window *w)
{
	float u = fminf((float)w->pw / 1600, (float)w->ph / 900);
	if (w->present)
		return (u < 0.6f ? 0.6f : u > 2.5f ? 2.5f : u) * PRESENT_SCALE;
	return u < 0.95f ? 0.95f : u > 2.5f ? 2.5f : u;
}

static void layout_panes(skl_window *w)
{
	float top, gap = 6;
	int i, n = w->split ? 2 : 1;
	w->tabs_h = has_views(w) && !w->present && !w->page ? floorf(34 * skl__win_ui_scale(w)) : 0;
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

void skl__win_update_size(skl_window *w)
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

/* Keeps the canvas covering the pane: no panning past its edges (zoomed,
 * the bottom of the picture stops at the pinned caption bar). */
void skl__win_clamp_pan(pane *p)
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
void skl__win_zoom_at(pane *p, float factor, float px, float py)
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
	skl__win_clamp_pan(p);
}

void skl__win_reset_view(pane *p)
{
	p->zoom = 1;
	p->panx = p->pany = 0;
}

/* Goes back one opened layout (all of them with all set). */
void skl__win_open_pop(pane *p, int all)
{
	while (p->nopen > 0) {
		opened *o = &p->open[--p->nopen];
		skl_layout_free(o->own);
		o->own = NULL;
		p->open_gen++;
		if (!all)
			break;
	}
	skl__win_reset_view(p);
}

/* Opens l over what the pane shows, with caption what and member hl
 * emphasised; own (l itself or NULL) is freed when it closes. When the
 * stack is full the oldest goes. */
void skl__win_open_push(pane *p, const skl_layout *l, skl_layout *own, const char *hl, const char *what)
{
	opened *o;
	int cut;
	if (p->nopen == OPEN_MAX) {
		skl_layout_free(p->open[0].own);
		memmove(&p->open[0], &p->open[1], (OPEN_MAX - 1) * sizeof(p->open[0]));
		p->nopen--;
	}
	o = &p->open[p->nopen++];
	memset(o, 0, sizeof(*o));
	o->l = l;
	o->own = own;
	snprintf(o->hl, sizeof(o->hl), "%s", hl ? hl : "");
	/* when long names cut the caption short, it ends in "..." */
	cut = snprintf(o->what, sizeof(o->what), "%s", what);
	if (cut < 0 || (size_t)cut >= sizeof(o->what))
		memcpy(o->what + sizeof(o->what) - 4, "...", 4);
	p->open_gen++;
	skl__win_reset_view(p);
}

void skl__win_open_obj(pane *p, const skl_kernel_snap *k, const struct skl_obj_snap *o, const char *what)
{
	opened *top;
	skl__win_open_push(p, NULL, NULL, "", what);
	top = &p->open[p->nopen - 1];
	top->objk = *k;
	top->objk.obj = (struct skl_obj_snap *)o; /* only read: the view draws it */
	top->objk.obj_first = 0;
}

int skl__win_pane_at(const skl_window *w, float x, float y)
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
int skl__win_pane_hit(const pane *p, float x, float y, int *z)
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
void skl__win_update_hover(skl_window *w, int moved)
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
		pi = skl__win_pane_at(w, w->mx, w->my);
		if (pi >= 0 && w->panes[pi].b.frame >= 0) {
			w->hover_pane = pi;
			w->hover = skl__win_pane_hit(&w->panes[pi], w->mx, w->my, &w->hover_z);
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

census skl__win_count_objs(const skl_window *w, int frame)
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
		c.caches += (o->kind == SKL_OBJ_CACHE && o->cgrid) || (o->kind == SKL_OBJ_C2C && o->c2c);
		c.charts += o->kind == SKL_OBJ_CHART && o->chart;
	}
	return c;
}

int skl__win_view_has(const census *c, int view)
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
int skl__win_nviews(const census *c)
{
	int v, n = 0;
	for (v = 1; v < SKL_VIEW_COUNT_; v++)
		n += skl__win_view_has(c, v);
	return n;
}

/* 1 when object k of the frame belongs in view (of kernels, the slab view
 * takes the last one, and any text panel, the compare view the last two). */
int skl__win_obj_in_view(const skl_obj *o, int view, int kernel_i, int nkernels)
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
	case SKL_VIEW_CACHESIM: /* the c2c view is a cache model's too */
		return o->kind == SKL_OBJ_CACHE || o->kind == SKL_OBJ_C2C;
	case SKL_VIEW_CHART:
		return o->kind == SKL_OBJ_CHART;
	default:
		return 1;
	}
}

/* "layout, slab and skb": the views a step has, for notices. */
void skl__win_views_list(const census *c, char *out, size_t outsz)
{
	int v, n = 0, total = 0;
	out[0] = 0;
	for (v = 1; v < SKL_VIEW_COUNT_; v++)
		total += skl__win_view_has(c, v);
	for (v = 1; v < SKL_VIEW_COUNT_; v++) {
		size_t len = strlen(out);
		if (!skl__win_view_has(c, v))
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
	c = skl__win_count_objs(w, w->frame);
	for (k = 0; k < f->nobjs; k++) {
		const skl_obj *o = skl_events_obj(w->log, f->objs[k]);
		int shown;
		if (!o)
			continue;
		shown = skl__win_obj_in_view(o, p->view, ki, c.kernels);
		ki += o->kind == SKL_OBJ_KERNEL;
		if (shown && o->kind == SKL_OBJ_LAYOUT && o->layout && n++ == col)
			return o->layout;
	}
	return NULL;
}

/* The struct or union that a member of a layout ("<obj>:field:<path>")
 * holds, or points to (*ptr set), with the layout and the member; NULL
 * when the key is no such member. */
const skl_type *skl__win_member_record(const skl_window *w, const pane *p, const char *key, const skl_layout **lp,
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
const skl_layout *skl__win_skb_type_at(const skl_window *w, const char *key)
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

/* ---- state -------------------------------------------------------------------------- */

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
void skl__win_notice(skl_window *w, const char *text)
{
	snprintf(w->notice, sizeof(w->notice), "%s", text);
	w->notice_t = SDL_GetTicks();
	if (!w->notice_t)
		w->notice_t = 1;
}

int skl__win_notice_on(const skl_window *w)
{
	return w->notice_t && SDL_GetTicks() - w->notice_t < NOTICE_MS;
}

/* The expectations at frame (all of the run when frame < 0): how many, and
 * how many failed. */
void skl__win_expects_at(const skl_window *w, int frame, int *n, int *failed)
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
		cnt += skl_events_kind(w->log, k) == SKL_EV_EXPECT;
	if (!cnt || !(w->ex = skl_calloc((size_t)cnt, sizeof(*w->ex))))
		return;
	for (k = 0, f = 0; k < n; k++) {
		skl_event ev;
		const skl_event *e = &ev;
		wexp *x;
		while (f + 1 < w->nframes && w->frames[f].last_event < k && w->frames[f + 1].last_event < k)
			f++;
		if (skl_events_kind(w->log, k) != SKL_EV_EXPECT || skl_events_get(w->log, k, &ev) < 0)
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
void skl__win_apply_split(skl_window *w)
{
	census c = skl__win_count_objs(w, w->frame);
	int on = w->split_want && has_views(w) && !w->page && skl__win_nviews(&c) >= 2, v;
	if (on == w->split)
		return;
	w->split = on;
	if (on) {
		pane *r = &w->panes[1];
		if (!skl__win_view_has(&c, r->view) || r->view == SKL_VIEW_ALL || r->view == w->panes[0].view) {
			r->view = SKL_VIEW_ALL;
			for (v = 1; v < SKL_VIEW_COUNT_; v++)
				if (skl__win_view_has(&c, v) && v != w->panes[0].view) {
					r->view = v;
					break;
				}
		}
		r->b.frame = -1;
		skl__win_reset_view(r);
	} else {
		w->active = 0;
	}
	skl__win_reset_view(&w->panes[0]);
	layout_panes(w);
}

static void close_open(skl_window *w)
{
	skl__win_open_pop(&w->panes[0], 1);
	skl__win_open_pop(&w->panes[1], 1);
}

/* Goes to a step; animated when asked and allowed. */
void skl__win_go_to(skl_window *w, int frame, int animate)
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
		skl__win_apply_split(w);
		set_title(w);
	}
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
		skl__win_reset_view(&w->panes[i]);
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
	skl__win_update_size(w);
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
	skl__win_forget_picture(w);
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
	int i;
	/* the panes' lists may make tooltips from the old log's snapshots
	 * when read (skl_view_frame): none is read once that log is gone */
	for (i = 0; i < 2; i++) {
		skl_dl_clear(w->panes[i].dl, skl_dl_width(w->panes[i].dl), skl_dl_height(w->panes[i].dl));
		skl_dl_clear(w->panes[i].zdl, skl_dl_width(w->panes[i].zdl), skl_dl_height(w->panes[i].zdl));
		w->panes[i].b.frame = w->panes[i].zb.frame = -1;
	}
	w->hover = -1;
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
	skl__win_apply_split(w);
	layout_panes(w);
	set_title(w);
}

void skl_window_set_budget(skl_window *w, struct skl_budget *b)
{
	int i;
	w->budget = b;
	for (i = 0; i < 2; i++) {
		skl_dl_set_budget(w->panes[i].dl, b);
		skl_dl_set_budget(w->panes[i].zdl, b);
	}
}

void skl_window_set_log(skl_window *w, const skl_events *log, const skl_frame *frames, int nframes, const char *title)
{
	if (!log)
		skl_window_set_budget(w, NULL); /* before the run's budget goes */
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
	skl__win_apply_split(w);
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
	skl__win_go_to(w, frame, 0);
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
	skl__win_update_size(w);
}

/* ---- the event loop ------------------------------------------------------------------ */

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

/* ---- state, for tests and callers ---------------------------------------------------- */

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
