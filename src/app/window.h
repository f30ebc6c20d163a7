/*
 * window.h - the interactive window: shows step i of a list of frames (an
 * event log's, drawn by the scene view, or any made by a build callback)
 * and lets the user step, jump, switch views, split, zoom, pan, hover for
 * tooltips, click an object for its layout, present full screen and save
 * screenshots. It can also show a "page" instead of frames (the start
 * screen, a script error) and a panel over the frames (a reload error);
 * what those hold is the caller's business (see shell.c).
 *
 * Keys (H shows them in the window):
 *   Right / Space / PageDown / Down   next step      Left / PageUp / Backspace / Up  back
 *   Home or R  restart     End or E  run to the end    G then digits, Enter  go to step
 *   1-6  layout, slab, skb, cache, compare, chart view (again: all)   Tab  next view
 *   V  split in two panes (a click picks the pane keys act on); a step
 *      with one view shows one pane and says why
 *   + / - / wheel  zoom (the step laid out again, bigger; the caption bar
 *      stays)    drag or Shift+arrows  pan    0  reset zoom
 *   X  the failed expectations (also shown when a run has some)
 *   P  presentation (full screen, big type; digits + Enter go to a step)
 *   T  light / dark theme    B or .  blank the screen (any key brings it
 *      back, and does only that)    A  animations on/off
 *   F  full screen    S  screenshot    H / F1 / ?  help    Q  quit    Escape  close or back
 *
 * Opening a window initialises SDL's video subsystem (reference counted)
 * and closing it releases it; a caller may SDL_Quit() at exit.
 *
 * With SKLAB_DRAWLIST_DUMP=FILE in the environment every redraw writes
 * the window's state and draw lists as text to FILE (replaced atomically),
 * so tests can check what is on screen without reading pixels.
 */
#ifndef SKLAB_APP_WINDOW_H
#define SKLAB_APP_WINDOW_H

#include <SDL.h>

#include "sklab/render/drawlist.h"
#include "sklab/events.h"

/* Builds frame `frame` into dl, which is empty and sized to the window
 * (in pixels). 0, or -1 to show an error. */
typedef int (*skl_window_build_fn)(void *ud, int frame, skl_dl *dl);
/* Builds a page (start screen, error) into dl, empty and sized to the
 * window; u is the window's text scale (1 at 1600 x 900). */
typedef int (*skl_window_page_fn)(void *ud, skl_dl *dl, float u);
/* Draws a panel over the frames into the overlay, in window pixels, in
 * the box x, y, w (it chooses its height). */
typedef int (*skl_window_panel_fn)(void *ud, skl_dl *dl, float x, float y, float w, float u);

typedef struct skl_window_opts {
	const char *title;    /* window title; NULL = "sklab" */
	const char *font_dir; /* directory of DejaVuSansMono*.ttf */
	int nframes;	      /* >= 1 with build; 0 with no build = empty */
	int start;	      /* first frame shown, 0-based */
	int width, height;    /* initial size; 0 = 1600 x 900 */
	int fullscreen;	      /* start fullscreen */
	int present;	      /* start in presentation mode */
	int no_anim;	      /* no step animations */
	const char *shot_dir; /* where S saves PNGs; NULL = "." */
	skl_window_build_fn build;
	void *ud;
} skl_window_opts;

typedef struct skl_window skl_window;

/* What skl_window_handle() asks of its caller. */
enum {
	SKL_WIN_NONE = 0,
	SKL_WIN_QUIT = 1,   /* Q, closing the window */
	SKL_WIN_ESCAPE = 2, /* Escape with nothing left to close: back or quit */
	SKL_WIN_CLICK = 3   /* a click on a page item: see skl_window_clicked() */
};

/* The views the switcher offers (SKL_VIEW_ALL = the scene as shown). */
enum {
	SKL_VIEW_ALL,
	SKL_VIEW_LAYOUT,
	SKL_VIEW_SLAB,
	SKL_VIEW_SKB,
	SKL_VIEW_CACHESIM,
	SKL_VIEW_COMPARE,
	SKL_VIEW_CHART,
	SKL_VIEW_COUNT_
};
const char *skl_window_view_name(int view); /* "all", "layout", ... */

/* Opens a resizable window. NULL with err set. */
skl_window *skl_window_open(const skl_window_opts *o, skl_error *err);
void skl_window_close(skl_window *w);

/* Handles one event: SKL_WIN_*. */
int skl_window_handle(skl_window *w, const SDL_Event *ev);
/* Rebuilds what changed and presents. 0, or -1 with err set. */
int skl_window_draw(skl_window *w, skl_error *err);
/* 1 while a step animation runs (draw again soon). */
int skl_window_animating(const skl_window *w);
/* Runs the event loop until the user quits. 0, or -1 with err set. */
int skl_window_loop(skl_window *w, skl_error *err);

/* Open, loop, close: the frames o->build makes. */
int skl_window_run_build(const skl_window_opts *o, skl_error *err);
/* Open, loop, close: the frames of an event log (from skl_events_frames),
 * drawn by the scene view. o->nframes, o->build and o->ud are ignored. */
int skl_window_run(const skl_events *log, const skl_frame *frames, int nframes, const skl_window_opts *o,
		   skl_error *err);

/* ---- content ------------------------------------------------------------------ */

/* Shows the frames of an event log (views and split need one), replacing
 * what was shown; the step stays, clamped to the new frames. log and
 * frames must live until replaced. title NULL = keep. */
void skl_window_set_log(skl_window *w, const skl_events *log, const skl_frame *frames, int nframes, const char *title);
/* Charges the panes' draw lists (the run's pictures) to b, the memory
 * budget of the run shown (NULL: none). skl_window_set_log with no log
 * takes it off again, so b must live until then. */
struct skl_budget;
void skl_window_set_budget(skl_window *w, struct skl_budget *b);
/* Shows frames made by build (no view switcher). */
void skl_window_set_build(skl_window *w, skl_window_build_fn build, void *ud, int nframes, const char *title);
/* Shows a page instead of the frames (NULL = back to the frames). */
void skl_window_set_page(skl_window *w, skl_window_page_fn page, void *ud);
/* Marks the page (or panel) as changed: rebuilt at the next draw. */
void skl_window_invalidate(skl_window *w);
/* A panel over the frames (NULL = none). */
void skl_window_set_panel(skl_window *w, skl_window_panel_fn panel, void *ud);
void skl_window_go(skl_window *w, int frame); /* clamped, no animation */
void skl_window_set_present(skl_window *w, int on);

/* ---- state, for tests and callers ------------------------------------------ */

int skl_window_frame(const skl_window *w);
int skl_window_nframes(const skl_window *w);
int skl_window_view(const skl_window *w); /* the active pane's */
int skl_window_split(const skl_window *w);
int skl_window_present(const skl_window *w);
float skl_window_zoom(const skl_window *w);
/* The active pane's draw list and the canvas to window-pixel transform:
 * px = x * scale + dx. At zoom 1 the canvas is the pane's pixels; zoomed,
 * the list laid out again on a canvas zoom times as big (scale 1, dx and
 * dy the pan), drawn above the caption bar of the pane's own list, which
 * stays pinned at its bottom. */
const skl_dl *skl_window_drawlist(const skl_window *w);
void skl_window_transform(const skl_window *w, float *scale, float *dx, float *dy);
/* The overlay: tabs, badges, panels, chips, tooltip (window pixels). */
const skl_dl *skl_window_overlay(const skl_window *w);
int skl_window_blank(const skl_window *w);
/* The expectations of the run shown, and how many failed. */
void skl_window_expects(const skl_window *w, int *n, int *failed);
/* The tooltip under the mouse, or NULL (also while what is under a still
 * pointer has changed since it last moved). */
const char *skl_window_hover(const skl_window *w);
/* The key of the page item the last SKL_WIN_CLICK was on ("" = none). */
const char *skl_window_clicked(const skl_window *w);
/* The key of the page item at window point (x, y) in points, or NULL. */
const char *skl_window_page_key_at(skl_window *w, int x, int y);
/* The SDL window (to resize or move it). */
SDL_Window *skl_window_sdl(const skl_window *w);
/* Path of the last screenshot, "" when none. */
const char *skl_window_last_shot(const skl_window *w);

#endif
