/*
 * window_draw.c - what the window shows (see window_impl.h): each pane's
 * draw list of the step, built by the views and rebuilt only when what it
 * was built for changes; the overlay in window pixels (view tabs, the
 * expectations badge and panel, hover outline, tooltip, chips, key help);
 * the picture on screen with the fade between steps; the draw-list dump
 * tests read; screenshots as PNG and SVG.
 */
#define _POSIX_C_SOURCE 200809L
#include "window_impl.h"

#include "sklab/objview.h"

#include "sklab/budget.h"
#include "sklab/outfile.h"
#include "sklab/render/svg.h"

#include <SDL_image.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the panes' draw lists --------------------------------------------------------------- */

/* The text scale the views give a canvas of w x h (the scene's rule), or
 * presentation's. */
static float canvas_u(float w, float h, int present)
{
	float u = fminf(w / 1600, h / 900);
	if (present)
		return u * PRESENT_SCALE;
	return u < 0.6f ? 0.6f : u > 3 ? 3 : u;
}

static const char *scenario_title(const skl_events *log)
{
	int k;
	for (k = 0; log && k < skl_events_count(log); k++) {
		skl_event e;
		if (skl_events_kind(log, k) == SKL_EV_SCENARIO && skl_events_get(log, k, &e) == 0)
			return e.text;
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
		const skl_kernel_snap *ks[1];
		memset(&s, 0, sizeof(s));
		ls[0] = top->l;
		ks[0] = &top->objk;
		if (!top->l) { /* an object's bytes */
			s.kernels = ks;
			s.nkernels = 1;
		} else {
			s.layouts = ls;
			s.nlayouts = 1;
		}
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
		census c = skl__win_count_objs(w, w->frame);
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
			if (skl__win_obj_in_view(o, p->view, ki, c.kernels))
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
			skl__win_views_list(&c, list, sizeof(list));
			snprintf(title, sizeof(title), "No %s view at step %d", skl_window_view_name(p->view),
				 w->frame + 1);
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
			w->pic_gen++;
			w->page_w = w->pw;
			w->page_h = w->ph;
			w->page_dirty = 0;
		}
		skl__win_update_hover(w, w->moved);
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
			p->build_failed = build_pane(w, p, p->dl) < 0 || skl_dl_failed(p->dl);
			p->b = now;
			w->pic_gen++;
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
		p->build_failed |= build_pane(w, p, p->zdl) < 0 || skl_dl_failed(p->zdl);
		p->zb = now;
		w->pic_gen++;
		p->zpic = bar_top(p->zdl);
		skl__win_clamp_pan(p);
	}
	/* a pointer that moved before the rebuild moved onto what is there now */
	skl__win_update_hover(w, w->moved);
}

/* ---- overlays ------------------------------------------------------------------------- */

#define C_TIP_BG SKL_RGB(0x1f, 0x26, 0x30)
#define C_TIP_INK SKL_HEX(0xffffff)
#define C_TIP_INK2 SKL_HEX(0xc4ccd6)
#define C_HOVER SKL_HEX(0x111111)
#define C_ACCENT SKL_HEX(0x0072b2)

static const char *const view_titles[SKL_VIEW_COUNT_] = {"All",	    "1 Layout",	 "2 Slab", "3 skb",
							 "4 Cache", "5 Compare", "6 Chart"};

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
	skl__win_expects_at(w, w->frame, &n, &failed);
	skl__win_expects_at(w, -1, &rn, &rfailed);
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
	census c = skl__win_count_objs(w, w->frame);
	float x = 8 * u, h = w->tabs_h, fs = floorf(14 * u);
	const pane *ap = &w->panes[w->active];
	char right[160];
	int v;
	skl_dl_rect(o, 0, 0, (float)w->pw, h, SKL_HEX(0xe8ecf0), 0, 0);
	skl_dl_line(o, 0, h - 0.5f, (float)w->pw, h - 0.5f, SKL_HEX(0xb8c0c8), 1);
	for (v = 0; v < SKL_VIEW_COUNT_; v++) {
		char key[32], tip[256];
		int have = skl__win_view_has(&c, v), on = ap->view == v;
		float tw = skl_dl_text_width(view_titles[v], fs) + 26 * u;
		skl_color fill = on ? C_TIP_BG : have ? SKL_HEX(0xffffff) : SKL_HEX(0xe8ecf0);
		skl_color ink = on ? C_TIP_INK : have ? SKL_HEX(0x1f2630) : SKL_HEX(0x9aa3ad);
		snprintf(key, sizeof(key), "tab:%s", skl_window_view_name(v));
		if (v == SKL_VIEW_ALL)
			snprintf(tip, sizeof(tip),
				 "All: the step as the scenario shows it\n(the same number key again, or click)");
		else
			snprintf(tip, sizeof(tip), "Key %d: the %s view%s", v, skl_window_view_name(v),
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
	    "O or right click an object     its bytes, members decoded (click a pointer: follow it)",
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

/* Over a pane whose step could not be drawn: why, centred, on one line or
 * (the budget's refusal) two, each made smaller until it fits the pane. */
static void failed_note(skl_window *w, const pane *p, float u)
{
	char lines[2][300];
	int i, n = 1;
	float fs = floorf(20 * u), room = p->w - 40 * u;
	snprintf(lines[0], sizeof(lines[0]), "(this step could not be drawn)");
	if (w->budget && w->budget->hit) {
		char msg[200];
		snprintf(lines[0], sizeof(lines[0]), "(this step could not be drawn: %s;",
			 skl_budget_message(w->budget, msg, sizeof(msg)));
		snprintf(lines[1], sizeof(lines[1]), "raise it with --max-memory)");
		n = 2;
	}
	while (fs > floorf(12 * u) && skl_dl_text_width(lines[0], fs) > room)
		fs -= 1;
	for (i = 0; i < n; i++)
		skl_dl_text(w->overlay, p->x, p->y + p->h / 2 + (i - n / 2.0f) * fs * 1.4f, p->w, fs * 1.4f, lines[i],
			    fs, SKL_FONT_BOLD, SKL_ALIGN_CENTER, SKL_HEX(0xd55e00));
}

static void build_overlay(skl_window *w)
{
	skl_dl *o = w->overlay;
	float u = skl__win_ui_scale(w), fs = floorf(15 * u), pad = 10 * u;
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
			failed_note(w, p, u);
		if (w->split && i == w->active)
			skl_dl_rect(o, p->x + 1, p->y + 1, p->w - 2, p->h - 2, 0, C_ACCENT, 3);
		if (w->split) {
			char lab[64];
			snprintf(lab, sizeof(lab), "%s", p->nopen ? "layout (opened)" : skl_window_view_name(p->view));
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
			const skl_dl_item *it = &skl_dl_items(hl)[i]; /* no tooltip needed */
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
			const skl_layout *sk = h->key && !p->nopen ? skl__win_skb_type_at(w, h->key) : NULL;
			rec = h->key ? skl__win_member_record(w, p, h->key, &l, &f, &ptr) : NULL;
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
	if (w->notice_t && !skl__win_notice_on(w))
		w->notice_t = 0;
	if (skl__win_notice_on(w)) {
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

/* What the picture draw_content draws depends on, beside the lists
 * themselves (w->pic_gen counts their rebuilds). */
static struct pic_key picture_key(const skl_window *w)
{
	struct pic_key k;
	int i;
	memset(&k, 0, sizeof(k));
	k.pw = w->pw;
	k.ph = w->ph;
	k.split = w->split;
	k.blank = w->blank;
	k.theme = w->theme * 4 + skl_sdl_theme(w->sdl);
	k.page = w->page != NULL;
	k.gen = w->pic_gen;
	for (i = 0; i < 2; i++) {
		const pane *p = &w->panes[i];
		float v[8] = {p->x, p->y, p->w, p->h, p->zoom, p->panx, p->pany, p->zb.zoom};
		memcpy(k.pane[i], v, sizeof(v));
	}
	return k;
}

void skl__win_forget_picture(skl_window *w)
{
	if (w->pic)
		SDL_DestroyTexture(w->pic);
	w->pic = NULL;
	w->pic_ok = 0;
}

/* The page or the panes on screen: the kept picture when what it shows
 * is unchanged, else drawn again (into the kept picture when the renderer
 * has render targets, then copied). 0, or -1 with err set. */
static int draw_picture(skl_window *w, skl_error *err)
{
	struct pic_key k = picture_key(w);
	if (w->pic_ok && !memcmp(&k, &w->pic_key, sizeof(k)))
		return SDL_RenderCopy(w->ren, w->pic, NULL, NULL) < 0 ? skl_errorf(err, "SDL: %s", SDL_GetError()) : 0;
	w->pic_ok = 0;
	w->pic_draws++;
	if (w->pic) {
		int tw, th;
		if (SDL_QueryTexture(w->pic, NULL, NULL, &tw, &th) < 0 || tw != w->pw || th != w->ph)
			skl__win_forget_picture(w);
	}
	if (!w->pic && !w->pic_disabled && SDL_RenderTargetSupported(w->ren)) {
		w->pic = SDL_CreateTexture(w->ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w->pw, w->ph);
		if (w->pic)
			SDL_SetTextureBlendMode(w->pic, SDL_BLENDMODE_NONE);
	}
	if (!w->pic || w->pic_disabled || SDL_SetRenderTarget(w->ren, w->pic) < 0)
		return draw_content(w, w->ren, err); /* no target: straight to the screen */
	if (draw_content(w, w->ren, err) < 0) {
		SDL_SetRenderTarget(w->ren, NULL);
		return -1;
	}
	SDL_SetRenderTarget(w->ren, NULL);
	w->pic_key = k;
	w->pic_ok = 1;
	return SDL_RenderCopy(w->ren, w->pic, NULL, NULL) < 0 ? skl_errorf(err, "SDL: %s", SDL_GetError()) : 0;
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
		skl_window_view_name(w->panes[w->active].view), w->split, w->active, w->present,
		w->theme == SKL_THEME_DARK_HC	 ? "dark"
		: w->theme == SKL_THEME_LIGHT_HC ? "light-hc"
						 : "light",
		w->blank, w->help, w->anim, w->prompt, w->digits[0] ? w->digits : "-",
		top ? (top->l ? top->l->name : top->objk.obj->name) : "-", top && top->hl[0] ? top->hl : "-", w->anims,
		w->last_frames, w->last_ms, w->panes[w->active].nopen);
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
				(double)p->y, (double)p->w, (double)p->h, skl_window_view_name(p->view),
				(double)p->zoom, (double)p->bar);
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
	skl__win_update_size(w);
	if (w->anim_pending) {
		/* the panes still hold the old step: keep its picture */
		w->anim_pending = 0;
		if (w->panes[0].b.frame >= 0)
			capture_prev(w);
	}
	build_all(w);
	build_overlay(w);
	if (draw_picture(w, err) < 0)
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
	return w->animating || (w->notice_t && !skl__win_notice_on(w));
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
		skl_outfile f;
		skl_sink sink;
		if (!dl)
			continue;
		snprintf(path, sizeof(path), "%.*s%s.svg", (int)(len > 4 ? len - 4 : len), w->shot, i ? "-2" : "");
		if (skl_outfile_open(&f, AT_FDCWD, path, err) < 0)
			return -1;
		sink = skl_outfile_sink(&f);
		skl_svg_write(dl, &sink);
		if (skl_outfile_commit(&f, NULL, err) < 0)
			return -1;
	}
	return 0;
}

/* Saves the page or the panes (without tabs and hover) as a PNG, and their
 * draw lists as SVG beside it. */
int skl__win_screenshot(skl_window *w, skl_error *err)
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
	if (rc == 0) {
		/* every write checked, put in place whole (outfile.h) */
		skl_outfile f;
		SDL_RWops *rw = NULL;
		rc = skl_outfile_open(&f, AT_FDCWD, w->shot, err);
		if (rc == 0 && !(rw = SDL_RWFromFP(f.fp, SDL_FALSE)))
			rc = skl_errorf(err, "SDL: %s", SDL_GetError());
		if (rc == 0 && IMG_SavePNG_RW(s, rw, 0) < 0)
			rc = skl_errorf(err, "cannot write %s: %s", w->shot, IMG_GetError());
		if (rw)
			SDL_RWclose(rw);
		if (rc == 0)
			rc = skl_outfile_commit(&f, NULL, err);
		else if (f.fp)
			skl_outfile_abort(&f);
	}
	SDL_FreeSurface(s);
	if (rc == 0)
		rc = shot_svg(w, err);
	if (rc < 0)
		w->shot[0] = 0;
	return rc;
}
