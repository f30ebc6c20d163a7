/*
 * view_scene.h - a whole picture: the objects shown at one step (layouts
 * side by side; a kernel snapshot as the slab view, two as its compare
 * layout; sk_buff snapshots as the skb view), the step's caption in a bar
 * at the bottom with the scenario's title and "step i of n", on a white
 * canvas. Also the bridge from an event log's frames to that picture.
 *
 * Appends to a draw list and never calls SDL. Keys added here:
 * "scene:caption", "scene:step"; each layout's keys carry its column
 * number as <obj> (see view_layout.h); a slab view's carry the number of
 * layouts before it, a compare's are "0:..", "1:.." and "cmp:.." (see
 * view_slab.h); an skb view's carry the number of layouts and kernel
 * sides before it (see view_skb.h); a cache view's carry the number of
 * layouts, kernel sides and skb views before it plus its index among the
 * cache views (see view_cache.h); a c2c view's carry the number of every
 * other object before it plus its index among the c2c views (see
 * view_c2c.h); a diff's links "link:<i>".
 */
#ifndef SKLAB_RENDER_VIEW_SCENE_H
#define SKLAB_RENDER_VIEW_SCENE_H

#include "sklab/render/drawlist.h"
#include "sklab/events.h"

/* Presentation mode: type this much bigger than on a screen of the same
 * size, and none under the floor (pixels). */
#define SKL_PRESENT_SCALE 1.5f
#define SKL_PRESENT_FLOOR 14

/* A mark of a layout diff (see skl_scene.links). */
typedef enum skl_scene_link_kind {
	SKL_LINK_MOVED,	  /* the same member at another offset */
	SKL_LINK_CHANGED, /* resized or retyped (perhaps moved too) */
	SKL_LINK_ADDED,	  /* only in layouts[1] */
	SKL_LINK_REMOVED  /* only in layouts[0] */
} skl_scene_link_kind;

typedef struct skl_scene_link {
	const char *a;	     /* member path in layouts[0], or NULL */
	const char *b;	     /* member path in layouts[1], or NULL */
	int kind;	     /* skl_scene_link_kind: the colour */
	const char *tooltip; /* or NULL */
} skl_scene_link;

typedef struct skl_scene {
	const skl_layout *const *layouts;
	int nlayouts;
	const char *title;   /* scenario title, or NULL */
	const char *caption; /* the step's narration, or NULL */
	int step, nsteps;    /* "step <step> of <nsteps>" when nsteps > 0; step is 1-based */
	/* member paths or "line:N" to emphasise, applied to every layout */
	const char *const *highlight;
	int nhighlight;
	int no_legend;
	float text_scale; /* 0 = from the canvas size */
	float text_floor; /* smallest type (0 = 10 px; presentation 14) */
	/* Kernel snapshots: one is drawn by the slab view, two side by side by
	 * its compare layout (further ones are left out). With layouts as
	 * well, the layouts share the left third. */
	const struct skl_kernel_snap *const *kernels;
	int nkernels;
	/* 1: the kernel snapshots outlive the list (the event log's, as
	 * skl_view_frame draws them), so the slab view makes an object's
	 * tooltip when it is first read instead of one per object drawn */
	int lazy_tips;
	const char *const *kernel_titles; /* compare titles; NULL = derived */
	const char *const *caches;	  /* only these caches; NULL = all */
	int ncaches;
	/* sk_buff snapshots, drawn together by the skb view (snapshots that
	 * share a head as one buffer). They take the room kernels would;
	 * with kernels as well, the lower part of it. */
	const skl_skb_snap *skbs;
	int nskbs;
	const char *skb_title; /* the skb view's title; NULL = the snapshots' names */
	int skb_no_bytes;      /* 1 = the skb view leaves its packet-bytes pane out */
	/* Charts: drawn in the room kernels and skbs would take (stacked when
	 * there are several), or beside the layouts. */
	const skl_chart *const *charts;
	int ncharts;
	/* Heat overlays for the layouts: heats[i] tints layouts[i] (NULL, or a
	 * NULL entry, = none). */
	const struct skl_heat *const *heats;
	/* Cache-model snapshots, drawn by the cache view in the room kernels
	 * and skbs would take (stacked when there are several; the lower half
	 * when kernels or skbs are shown too; above the charts). */
	const struct skl_cachesim_snap *const *cgrids;
	int ncgrids;
	const char *const *cgrid_titles; /* NULL or NULL entries = the machine's */
	/* Text panels (SKL_OBJ_TEXT: kernel reports), drawn as consoles: the
	 * right part of the room when something else is shown, else all of it. */
	const skl_obj *const *texts;
	int ntexts;
	/* perf c2c's shared cache lines (skl_kernel_c2c), drawn by the c2c view:
	 * all the room when nothing else is shown, else its lower half (stacked
	 * when there are several). c2c_lines: the most lines each may draw (NULL
	 * or 0 = what fits); c2c_titles: NULL or NULL entries = the view's own. */
	const struct skl_c2c *const *c2cs;
	int nc2cs;
	const int *c2c_lines;
	const char *const *c2c_titles;
	/* A diff of layouts[0] and layouts[1] (only with two layouts): each
	 * member a link names is outlined in its kind's colour, and one named
	 * on both sides is joined by a line across the gap between the two
	 * columns, from its row on the left to its row on the right. The gap
	 * is wider then. A member the layout view did not draw by itself (in
	 * a folded band) has no outline. Keys "link:<i>", a group a side whose
	 * tooltip is the link's and then the member's own. */
	const skl_scene_link *links;
	int nlinks;
} skl_scene;

/* Clears nothing: appends the picture to dl, sized to the list's canvas.
 * 0, or -1 when out of memory. */
int skl_view_scene(skl_dl *dl, const skl_scene *s);

/* Options for skl_view_frame(); NULL means defaults. */
typedef struct skl_view_frame_opts {
	const char *const *highlight;
	int nhighlight;
	int no_legend;
	float text_scale;
	float text_floor; /* 0 = 10 px */
} skl_view_frame_opts;

/*
 * Builds frame i of frames (from skl_events_frames(log, ...)): the layouts
 * (with their heat overlays), kernel snapshots, sk_buff snapshots, charts
 * and cache snapshots shown at that frame (the skb
 * snapshots of every SKL_OBJ_SKB object, together), its caption, the scenario title
 * from the log and "step i+1 of nframes". Clears dl first, keeping its
 * canvas size. The slab view's objects make their tooltips when first
 * read (skl_dl_at, the dump, the SVG) from the log's snapshots: keep the
 * log until the list is cleared or freed, or read them before.
 */
int skl_view_frame(skl_dl *dl, const skl_events *log, const skl_frame *frames, int nframes, int i,
		   const skl_view_frame_opts *o);

/* ---- pages of the window: the start screen, errors, notices ---------------
 * (view_start.c, view_error.c). Keys: "start:item:<i>" (a scenario's
 * card), "start:header", "start:hint", "start:scroll"; "error:panel"; "expect:panel",
 * "expect:fail:<i>"; "notice". */

typedef struct skl_start_entry {
	const char *file;  /* "sock_2001_layout.lua" */
	const char *title; /* from the scenario{} header; NULL = it does not load */
	const char *goal;
	const char *profile; /* kernel profile, or NULL */
} skl_start_entry;

/* The start screen's grid: cols and rows are what was drawn (cards
 * across, rows in sight); first is the first row shown, kept from one
 * draw to the next and moved as little as keeps the selected card in
 * sight. */
typedef struct skl_start_grid {
	int cols, rows;
	int first;
} skl_start_grid;

/* The start screen: a header, a grid of numbered cards, one per scenario
 * (number, title, file, profile and the whole goal, wrapped; the selected
 * one framed), scrolled by rows, and a hint bar (with typed, the digits
 * typed so far, when not NULL or ""). u = text scale (1 at 1600 x 900).
 * 0, or -1 when out of memory. */
int skl_view_start(skl_dl *dl, const skl_start_entry *e, int n, int selected, const char *typed, skl_start_grid *g,
		   float u);

typedef struct skl_error_panel {
	const char *title; /* "Script error" */
	const char *where; /* "scenarios/x.lua:12", or NULL */
	const char *message;
	const char *source; /* the source line, or NULL */
	int line, col;	    /* its number; the column for a caret (0 = none) */
	const char *note;   /* what happens now, or NULL */
} skl_error_panel;

/* An error panel at x, y, w wide (its height from its text, at most h).
 * Returns the height used, or -1 when out of memory. */
float skl_view_error(skl_dl *dl, float x, float y, float w, float h, float u, const skl_error_panel *p);
/* A failed expectation, for skl_view_expects(). */
typedef struct skl_expect_row {
	const char *text;  /* the expect()'s message */
	const char *where; /* "scenarios/x.lua:30", or NULL */
	int step;	   /* 1-based step it follows */
	int here;	   /* 1 = of the step on screen (emphasised) */
} skl_expect_row;

/* The failed expectations of a run ("expect:panel"; a row's key is
 * "expect:fail:<i>", its tooltip the file:line): the title, each row's
 * step, message (wrapped) and file:line, then note. At x, y, w wide, at
 * most h high (0 = no limit): rows that do not fit are counted ("and 3
 * more"). Returns the height used, or -1 when out of memory. */
float skl_view_expects(skl_dl *dl, float x, float y, float w, float h, float u, const char *title,
		       const skl_expect_row *rows, int n, const char *note);
/* A framed notice, title and wrapped text, in the box x, y, w, h. */
int skl_view_notice(skl_dl *dl, float x, float y, float w, float h, float u, const char *title, const char *text);

#endif
