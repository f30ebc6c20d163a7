/*
 * window_impl.h - what the window's three files share, private to them:
 * window.c (state, geometry, what a step holds, the content setters and
 * the event loop), window_draw.c (the panes' draw lists, the overlay, the
 * picture on screen, screenshots) and window_input.c (keys, clicks, the
 * pointer). The window's state is one struct skl_window; every file
 * reads it, each changes the part it owns.
 */
#ifndef SKLAB_APP_WINDOW_IMPL_H
#define SKLAB_APP_WINDOW_IMPL_H

#include "window.h"

#include "sklab/render/sdl.h"
#include "sklab/render/view_scene.h"
#include "sklab/kernel.h"

/* ---- the state ------------------------------------------------------------------------ */

#define MIN_ZOOM 1.0f
#define MAX_ZOOM 8.0f
#define DRAG_SLOP 4
#define ANIM_MS 150
#define PRESENT_SCALE SKL_PRESENT_SCALE /* presentation type, against the window's */
#define PRESENT_FLOOR SKL_PRESENT_FLOOR /* presentation: no text smaller, in pixels */
#define OPEN_MAX 8
#define NOTICE_MS 4000 /* a notice ("split needs two views") stays this long, or to the next key */

typedef struct opened {
	const skl_layout *l; /* NULL: an object's bytes (objk) */
	/* an object's bytes: its kernel's snapshot with obj set to one of the
	 * objects the step kept (a shallow copy: the log owns what it points to) */
	skl_kernel_snap objk;
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
	struct skl_budget *budget; /* the shown run's memory budget: the panes' lists charge it */
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
	/* the panes' (or the page's) picture as last drawn, kept in a render
	 * target while what it shows is unchanged: a redraw that changes only
	 * the overlay (a hover, a tooltip) copies it and draws the overlay.
	 * pic_gen is bumped whenever a list it shows is rebuilt; the picture
	 * is dropped on a resize and when the renderer loses its targets. */
	SDL_Texture *pic;
	unsigned pic_gen;
	struct pic_key {
		int pw, ph, split, blank, theme, page;
		unsigned gen;
		float pane[2][8];
	} pic_key;
	int pic_ok;	  /* pic holds the picture of pic_key */
	int pic_draws;	  /* times the picture was drawn (tests: a hover draws none) */
	int pic_disabled; /* 1: draw straight to the screen every time */
};

/* How many objects of each kind a step shows (what its views have). */
typedef struct census {
	int layouts, kernels, skbs, caches, charts;
} census;

/* ---- small readers ---------------------------------------------------------------- */

static inline int has_views(const skl_window *w)
{
	return w->log && w->frames && !w->build;
}

static inline int zoomed(const pane *p)
{
	return p->zoom > 1.001f;
}

/* The height of the pane's picture above the pinned caption bar. */
static inline float pic_h(const pane *p)
{
	return zoomed(p) ? p->h - p->bar : p->h;
}

/* The layout shown in place of the pane's view, or NULL. */
static inline const opened *open_top(const pane *p)
{
	return p->nopen > 0 ? &p->open[p->nopen - 1] : NULL;
}

/* ---- window.c: geometry ---------------------------------------------------------------- */

/* The overlays' text scale (1 at 1600 x 900; presentation's is bigger). */
float skl__win_ui_scale(const skl_window *w);
/* Reads the renderer's size and lays the panes out again. */
void skl__win_update_size(skl_window *w);
/* Keeps the canvas covering the pane (no panning past its edges). */
void skl__win_clamp_pan(pane *p);
/* Zooms by factor keeping the canvas point under window pixel (px, py). */
void skl__win_zoom_at(pane *p, float factor, float px, float py);
/* Zoom 1, no pan. */
void skl__win_reset_view(pane *p);
/* Opens l over what the pane shows (own is freed when it closes); pops
 * one, or all of them. */
void skl__win_open_push(pane *p, const skl_layout *l, skl_layout *own, const char *hl, const char *what);
void skl__win_open_pop(pane *p, int all);
/* Opens the bytes view of object o, one of those kernel snapshot k kept. */
void skl__win_open_obj(pane *p, const skl_kernel_snap *k, const struct skl_obj_snap *o, const char *what);
/* The pane at window pixel (x, y), -1 = none. */
int skl__win_pane_at(const skl_window *w, float x, float y);
/* The item of pane p under window pixel (x, y), -1 = none; *z = 1 when it
 * is in the zoomed list. */
int skl__win_pane_hit(const pane *p, float x, float y, int *z);
/* What is under the pointer; moved: the pointer moved (its tooltip shows). */
void skl__win_update_hover(skl_window *w, int moved);

/* ---- window.c: what a step holds ------------------------------------------------------- */

census skl__win_count_objs(const skl_window *w, int frame);
/* 1 when a step with census c has something for view (SKL_VIEW_*). */
int skl__win_view_has(const census *c, int view);
/* How many of the views 1-6 have something. */
int skl__win_nviews(const census *c);
/* 1 when object o (kernel_i-th of nkernels kernels) belongs in view. */
int skl__win_obj_in_view(const skl_obj *o, int view, int kernel_i, int nkernels);
/* "layout (1), slab (2) and skb (3)": the views c has, for notices. */
void skl__win_views_list(const census *c, char *out, size_t outsz);
/* The struct or union a layout member's key ("<obj>:field:<path>") holds
 * or points to (*ptr set), with its layout and member; NULL when none. */
const skl_type *skl__win_member_record(const skl_window *w, const pane *p, const char *key, const skl_layout **lp,
				       const skl_field **fp, int *ptr);
/* struct sk_buff's layout when key is an sk_buff of the skb view; else NULL. */
const skl_layout *skl__win_skb_type_at(const skl_window *w, const char *key);

/* ---- window.c: state ------------------------------------------------------------------- */

/* Puts a short notice up (NOTICE_MS, or to the next key); 1 while one is up. */
void skl__win_notice(skl_window *w, const char *text);
int skl__win_notice_on(const skl_window *w);
/* The expectations at frame (all of the run when frame < 0), and how many failed. */
void skl__win_expects_at(const skl_window *w, int frame, int *n, int *failed);
/* Two panes when V asked for them and the step has two views to show. */
void skl__win_apply_split(skl_window *w);
/* Goes to a step (clamped); animated when asked and allowed. */
void skl__win_go_to(skl_window *w, int frame, int animate);

/* ---- window_draw.c ------------------------------------------------------------------- */

/* Drops the kept picture: the next draw draws the panes again. */
void skl__win_forget_picture(skl_window *w);
/* Saves the page or the panes as w->shot (PNG) and SVG beside it. */
int skl__win_screenshot(skl_window *w, skl_error *err);

#endif
