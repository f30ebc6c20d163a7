/*
 * drawlist.h - the draw list: what a view wants on screen, as plain data.
 *
 * Views append rectangles, hatched areas, lines, arrows and text boxes in
 * canvas units (pixels at zoom 1); backends (SDL surface or window, SVG)
 * draw the list. Items may carry a hit-test id, a stable key and a tooltip,
 * so a window can say what is under the mouse and a test can find the
 * rectangle of a given member. The list never calls SDL.
 *
 * The list owns every string it holds; item pointers returned by
 * skl_dl_at() are valid until the next append or skl_dl_clear().
 */
#ifndef SKLAB_RENDER_DRAWLIST_H
#define SKLAB_RENDER_DRAWLIST_H

#include "sklab/common.h"

/* ---- colours ------------------------------------------------------------ */

typedef uint32_t skl_color; /* 0xRRGGBBAA; alpha 0 means "none" */

#define SKL_RGB(r, g, b) ((skl_color)(((uint32_t)(r) << 24) | ((uint32_t)(g) << 16) | ((uint32_t)(b) << 8) | 0xffu))
#define SKL_HEX(h) ((skl_color)(((uint32_t)(h) << 8) | 0xffu)) /* SKL_HEX(0x56b4e9) */
#define SKL_R(c) ((unsigned)((c) >> 24) & 0xffu)
#define SKL_G(c) ((unsigned)((c) >> 16) & 0xffu)
#define SKL_B(c) ((unsigned)((c) >> 8) & 0xffu)
#define SKL_A(c) ((unsigned)(c)&0xffu)

/* a + (b - a) * t, per channel, t in [0, 1]. */
skl_color skl_color_mix(skl_color a, skl_color b, float t);
skl_color skl_color_alpha(skl_color c, unsigned alpha);

/* ---- items ---------------------------------------------------------------- */

typedef enum skl_dl_kind {
	SKL_DL_RECT,  /* filled and/or outlined box */
	SKL_DL_HATCH, /* box filled with `fill`, crossed by 45-degree lines in `stroke` */
	SKL_DL_LINE,  /* from (x, y) to (x + w, y + h) */
	SKL_DL_ARROW, /* a line with a filled head at its end */
	SKL_DL_TEXT   /* one line of text inside the box x, y, w, h */
} skl_dl_kind;

enum { SKL_FONT_REGULAR = 0, SKL_FONT_BOLD = 1 };
enum { SKL_ALIGN_LEFT = 0, SKL_ALIGN_CENTER = 1, SKL_ALIGN_RIGHT = 2 };

typedef struct skl_dl_item {
	skl_dl_kind kind;
	float x, y, w, h;
	skl_color fill;	     /* box fill; text colour for text */
	skl_color stroke;    /* outline, line or hatch-line colour */
	float stroke_w;	     /* outline or line width; 0 = no outline */
	float spacing;	     /* hatch: distance between lines */
	float size;	     /* text: pixel height of the em */
	int font;	     /* text: SKL_FONT_* */
	int align;	     /* text: SKL_ALIGN_* in [x, x+w]; always centred in [y, y+h] */
	int id;		     /* hit-test group; 0 = not hoverable */
	const char *text;    /* text items */
	const char *key;     /* stable name ("0:field:daddr"), or NULL */
	const char *tooltip; /* shown on hover, or NULL */
} skl_dl_item;

typedef struct skl_dl skl_dl;

/* ---- building ------------------------------------------------------------ */

/* A list for a canvas of w x h units. NULL when out of memory. */
skl_dl *skl_dl_new(float w, float h);
void skl_dl_free(skl_dl *dl);
/* Empties the list for a new canvas size (keeps its memory). */
void skl_dl_clear(skl_dl *dl, float w, float h);
float skl_dl_width(const skl_dl *dl);
float skl_dl_height(const skl_dl *dl);
/* 1 when an append ran out of memory (or of its budget) since the last clear. */
int skl_dl_failed(const skl_dl *dl);
/* Charges the list's items and text to b (sklab/budget.h) from now on,
 * what it holds already included; an append the budget refuses fails as
 * when out of memory. The list gives its charges back when freed. */
struct skl_budget;
void skl_dl_set_budget(skl_dl *dl, struct skl_budget *b);

/*
 * Groups: items appended between begin and end share the group's id, key
 * and tooltip (copied). skl_dl_begin returns the new id (> 0), or 0 when out
 * of memory. Groups do not nest; begin closes an open group.
 */
int skl_dl_begin(skl_dl *dl, const char *key, const char *tooltip);
/* Opens a group that takes the id of an earlier one (a part drawn in two
 * places: a header's block and its bytes), with its own key and tooltip:
 * a window outlines every item of the id when one is hovered. An id no
 * begin returned opens a new group, as begin does. Returns the id, or 0
 * when out of memory. */
int skl_dl_rejoin(skl_dl *dl, int id, const char *key, const char *tooltip);
void skl_dl_end(skl_dl *dl);
/* A group whose tooltip is made when it is first read (skl_dl_at, the
 * dump, the SVG writer): fn(ctx, arg, out, outsz) writes it into out. A
 * view that draws thousands of hoverable objects builds none of their
 * tooltips for a frame nobody hovers. ctx, and what fn reads through it,
 * must outlive the list (or its next clear). Returns the id, or 0. */
typedef void (*skl_dl_tip_fn)(const void *ctx, const int *arg, char *out, size_t outsz);
int skl_dl_begin_lazy(skl_dl *dl, const char *key, skl_dl_tip_fn fn, const void *ctx, const int arg[4]);

/* Appends return the new item's index, or -1 when out of memory. */
int skl_dl_rect(skl_dl *dl, float x, float y, float w, float h, skl_color fill, skl_color stroke, float stroke_w);
int skl_dl_hatch(skl_dl *dl, float x, float y, float w, float h, skl_color bg, skl_color line, float spacing);
int skl_dl_line(skl_dl *dl, float x1, float y1, float x2, float y2, skl_color color, float width);
int skl_dl_arrow(skl_dl *dl, float x1, float y1, float x2, float y2, skl_color color, float width);
int skl_dl_text(skl_dl *dl, float x, float y, float w, float h, const char *text, float size, int font, int align,
		skl_color color);

/* Drops the items from index n on and the notes from index nnotes on (a
 * negative number keeps them all): a view that lays itself out again
 * after a first try. Closes an open group. Their strings stay in the pool
 * until the next clear. */
void skl_dl_truncate(skl_dl *dl, int n, int nnotes);

/* ---- the text-fitting policy ----------------------------------------------
 * What skl_dl_fit_text() (textfit.c) obeys for every view on this list.
 * A clear resets the protected names and the notes, not the floor. */

/* The smallest em any fitted text may have (10 px on a screen, 14 in
 * presentation); 0 = none. */
void skl_dl_set_text_floor(skl_dl *dl, float px);
float skl_dl_text_floor(const skl_dl *dl);
/* The words of text (the step's caption) name things a reader is told to
 * look at: a fitted text that is or holds one is never abbreviated (it
 * wraps, or takes a mark): a text opening with one ("tcp_sock 2304 B",
 * "↳ skc_daddr", "struct tcp_sock"). 0, or -1 when out of memory. */
int skl_dl_protect(skl_dl *dl, const char *text);
int skl_dl_is_protected(const skl_dl *dl, const char *text);

/* A mark stands for a text too long for its box; the key beside the
 * picture lists the notes (skl_dl_draw_notes). */
typedef struct skl_dl_note {
	const char *mark; /* "a", "b", ..., "aa" */
	const char *text;
} skl_dl_note;
/* The mark of text, a new one unless text already has one; NULL when out
 * of memory. */
const char *skl_dl_add_note(skl_dl *dl, const char *text);
int skl_dl_note_count(const skl_dl *dl);
/* At most n notes (0 = no limit; a clear resets it): a key has room for
 * so many. skl_dl_note_room() says whether text may still have a mark. */
void skl_dl_set_note_budget(skl_dl *dl, int n);
int skl_dl_note_room(const skl_dl *dl, const char *text);
const skl_dl_note *skl_dl_note_at(const skl_dl *dl, int i);

/* ---- reading ------------------------------------------------------------- */

int skl_dl_count(const skl_dl *dl);
/* Item i, its tooltip made first if its group's is made lazily; NULL
 * when i is out of range. */
const skl_dl_item *skl_dl_at(const skl_dl *dl, int i);
/* The items as stored, for a backend that draws them: the tooltip of a
 * lazily made group may still be NULL here. */
const skl_dl_item *skl_dl_items(const skl_dl *dl);
/* Index of the first item with this key, or -1. */
int skl_dl_find(const skl_dl *dl, const char *key);
/* Index of the topmost hoverable item whose box holds (x, y), or -1. */
int skl_dl_hit(const skl_dl *dl, float x, float y);

/*
 * Text metrics shared by views and backends: the bundled DejaVu Sans Mono
 * advances every glyph by 0.602 em, so a width is a count of code points.
 * skl_dl_text_width() rounds up the way the SDL backend renders.
 */
#define SKL_DL_ADVANCE 0.6021f
size_t skl_dl_utf8_len(const char *s);
/* The same for the first n bytes of s. */
size_t skl_dl_utf8_len_n(const char *s, size_t n);
float skl_dl_text_width(const char *s, float size);
/* Largest number of code points of text at size that fit in w. */
size_t skl_dl_fit_chars(float w, float size);
/* Copies s into out, shortened to n code points with a trailing "…" when
 * it is longer. Returns out. */
char *skl_dl_ellipsize(const char *s, size_t n, char *out, size_t outsz);

/* A deterministic text dump, one line per item (for tests and golden files). */
void skl_dl_dump(const skl_dl *dl, const skl_sink *out);

#endif
