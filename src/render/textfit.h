/*
 * textfit.h - the one text-fitting service every view uses: a text and the
 * box it must read in, measured with the bundled font's metrics (the same
 * the SDL backend lays out with and the SVG writer asks a browser for).
 *
 * In order: the preferred size when it fits; smaller type down to the
 * list's floor; up to a few lines, broken after spaces, '_', '.', ',', '/'
 * and '-'; and only then abbreviation, with a trailing "…". A text that
 * names something the caption names (skl_dl_protect) is never
 * abbreviated: it breaks anywhere, or takes a mark. With SKL_FIT_MARK a
 * text that would keep fewer than four characters takes a mark ("a", "b")
 * instead, and the view lists the marks in a key (skl_dl_draw_notes).
 *
 * Never draws text wider than its box or smaller than the floor, so the
 * PNG backend never squeezes and the SVG shows the same characters at the
 * same size. Private to src/render.
 */
#ifndef SKLAB_RENDER_TEXTFIT_H
#define SKLAB_RENDER_TEXTFIT_H

#include "sklab/render/drawlist.h"

enum {
	SKL_FIT_MARK = 1,      /* a mark and a note rather than a stub "sk…" */
	SKL_FIT_TOP = 2,       /* lines from the top of the box, not centred */
	SKL_FIT_NO_ABBREV = 4, /* treat as protected */
	SKL_FIT_WRAP = 8,      /* wrap at the preferred size before shrinking (prose) */
	SKL_FIT_MARK_CUT = 16  /* with SKL_FIT_MARK: a mark rather than any abbreviation, while the key has room */
};

typedef struct skl_fit {
	float size;	 /* the preferred em, in canvas units */
	float min;	 /* shrink no lower than this (0 = the list's floor; never below it) */
	int lines;	 /* at most this many lines (0 = as many as the box holds) */
	int font, align; /* SKL_FONT_*, SKL_ALIGN_* */
	skl_color color; /* ink */
	int flags;	 /* SKL_FIT_* */
	float pitch;	 /* line pitch in em (0 = 1.2) */
} skl_fit;

/* What a fit came to. */
typedef struct skl_fitted {
	int lines;    /* lines drawn; 0 = nothing fits the box */
	float size;   /* the em used */
	float width;  /* the widest line */
	float height; /* lines * pitch (one line: the em) */
	int cut;      /* 1 = abbreviated */
	int marked;   /* 1 = a mark stands for it */
} skl_fitted;

/* Fits text into the box x, y, w, h and appends its lines (in the open
 * group, if any). Returns the number of lines appended, 0 when not even
 * a mark fits, -1 when out of memory. out may be NULL. */
int skl_dl_fit_text(skl_dl *dl, float x, float y, float w, float h, const char *text, const skl_fit *f,
		    skl_fitted *out);
/* The same decision without appending (a mark is not made: marked says
 * one would be). */
void skl_dl_fit_measure(const skl_dl *dl, float w, float h, const char *text, const skl_fit *f, skl_fitted *out);

/* The notes from index first on, as "a  sk_userlocks" entries flowing in
 * rows across w at size, starting at x, y: the key to the marks. Returns
 * the height used (0 when there are none); with dry, appends nothing. */
float skl_dl_draw_notes(skl_dl *dl, int first, float x, float y, float w, float size, skl_color ink, int dry);

/* The same key as columns of one whole entry per line in the box x, y,
 * w, h (as many columns as the longest entry allows); entries that do not
 * fit are left out. Returns how many were (with dry, would be) drawn. */
int skl_dl_draw_notes_columns(skl_dl *dl, int first, float x, float y, float w, float h, float size, skl_color ink,
			      int dry);

#endif
