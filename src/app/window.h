/*
 * window.h - the interactive window: shows frame i of a list of frames,
 * each built as a draw list by a callback, and lets the user step, zoom,
 * pan, hover for tooltips and save screenshots.
 *
 * Keys: Right / Space / PageDown next; Left / PageUp / Backspace previous;
 * Home / End first and last; + / - and the mouse wheel zoom; drag pans;
 * 0 resets the view; F toggles fullscreen; S saves a PNG; H or F1 shows
 * the keys; Q / Escape quit.
 *
 * Opening a window initialises SDL's video subsystem (reference counted)
 * and closing it releases it; a caller may SDL_Quit() at exit.
 */
#ifndef SKLAB_APP_WINDOW_H
#define SKLAB_APP_WINDOW_H

#include <SDL.h>

#include "render/drawlist.h"
#include "sklab/events.h"

/* Builds frame `frame` into dl, which is empty and sized to the window
 * (in pixels). 0, or -1 to show an error. */
typedef int (*skl_window_build_fn)(void *ud, int frame, skl_dl *dl);

typedef struct skl_window_opts {
	const char *title;    /* window title; NULL = "sklab" */
	const char *font_dir; /* directory of DejaVuSansMono*.ttf */
	int nframes;	      /* >= 1 */
	int start;	      /* first frame shown, 0-based */
	int width, height;    /* initial size; 0 = 1600 x 900 */
	int fullscreen;	      /* start fullscreen */
	const char *shot_dir; /* where S saves PNGs; NULL = "." */
	skl_window_build_fn build;
	void *ud;
} skl_window_opts;

typedef struct skl_window skl_window;

/* Opens a resizable window. NULL with err set. */
skl_window *skl_window_open(const skl_window_opts *o, skl_error *err);
void skl_window_close(skl_window *w);

/* Handles one event. 1 when the user asked to quit, else 0. */
int skl_window_handle(skl_window *w, const SDL_Event *ev);
/* Rebuilds what changed and presents. 0, or -1 with err set. */
int skl_window_draw(skl_window *w, skl_error *err);
/* Runs the event loop until the user quits. 0, or -1 with err set. */
int skl_window_loop(skl_window *w, skl_error *err);

/* Open, loop, close: the frames o->build makes. */
int skl_window_run_build(const skl_window_opts *o, skl_error *err);
/* Open, loop, close: the frames of an event log (from skl_events_frames),
 * drawn by the scene view. o->nframes, o->build and o->ud are ignored. */
int skl_window_run(const skl_events *log, const skl_frame *frames, int nframes, const skl_window_opts *o,
		   skl_error *err);

/* ---- state, for tests and callers ------------------------------------------ */

int skl_window_frame(const skl_window *w);
float skl_window_zoom(const skl_window *w);
/* The current frame's draw list (canvas = window pixels) and the canvas to
 * window-pixel transform: px = x * scale + dx. */
const skl_dl *skl_window_drawlist(const skl_window *w);
void skl_window_transform(const skl_window *w, float *scale, float *dx, float *dy);
/* The tooltip under the mouse, or NULL. */
const char *skl_window_hover(const skl_window *w);
/* The SDL window (to resize or move it). */
SDL_Window *skl_window_sdl(const skl_window *w);
/* Path of the last screenshot, "" when none. */
const char *skl_window_last_shot(const skl_window *w);

#endif
