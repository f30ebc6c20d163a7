/*
 * view_util.h - small helpers every view shares: appending formatted text
 * to a fixed buffer, clamping, and the colours more than one view uses (the
 * palette of cache-line owners and struct members, the heat scale).
 * Private to src/render.
 */
#ifndef SKLAB_RENDER_VIEW_UTIL_H
#define SKLAB_RENDER_VIEW_UTIL_H

#include "sklab/render/drawlist.h"

#include <stddef.h>

/* The views' paper, inks and rules (each view adds its own colours). */
#define C_BG SKL_HEX(0xffffff)
#define C_INK SKL_HEX(0x1b1f24)
#define C_INK2 SKL_HEX(0x4a525c) /* secondary text */
#define C_INK3 SKL_HEX(0x67707a) /* tertiary text, axes, rules */
#define C_RULE SKL_HEX(0xd5d9de)
#define C_TRACK SKL_HEX(0xeef0f3)
/* The caption bar's and the console's: a deeper ink, a darker rule. */
#define C_INK_DEEP SKL_HEX(0x1f2630)
#define C_RULE_DARK SKL_HEX(0xc4ccd6)
/* The caption bar (and the picker's title bar): dark, with light inks. */
#define C_BAR SKL_HEX(0x1f2630)
#define C_BAR_INK SKL_HEX(0xffffff)
#define C_BAR_INK2 SKL_HEX(0xaab4c0)

/* Word-wraps text into at most max lines of at most width code points
 * (a word longer than a line is cut), line k at lines + k * linesz. With
 * ellipsis, the last line ends in "\u2026" when text is left over. Returns
 * the number of lines. */
int skl__wrap(const char *text, size_t width, char *lines, size_t linesz, int max, int ellipsis);

/* One line of text (or a few, when the box is high enough) through the
 * text-fitting service: never smaller than the list's floor, never wider
 * than the box; abbreviated only when nothing else fits. 0, or -1 when out
 * of memory. */
int skl__text(skl_dl *dl, float x, float y, float w, float h, const char *text, float size, int font, int align,
	      skl_color color);
/* The same with a mark and a note instead of a stub "sk…". */
int skl__text_mark(skl_dl *dl, float x, float y, float w, float h, const char *text, float size, int font, int align,
		   skl_color color);
/* A view's box in the list: (ox, oy), ow wide and oh high, a size of 0
 * reaching the list's right or bottom edge. */
void skl__view_box(const skl_dl *dl, float ox, float oy, float ow, float oh, float *x, float *y, float *w, float *h);
/* A view's type scale: text_scale when set, else from the list's size (1
 * at 1600x900), kept within 0.6 to 3. */
float skl__view_scale(const skl_dl *dl, float text_scale);
/* size, raised to the list's floor. */
float skl__fs(const skl_dl *dl, float size);

/* n with a comma every three digits ("15,504"), into out; returns out. */
const char *skl__thousands(uint64_t n, char *out, size_t outsz);

/* Appends printf-style text to out (capacity outsz), truncating. */
void skl__catf(char *out, size_t outsz, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Text built into a fixed buffer without printf, for what a frame formats
 * once per object (keys, tooltips): the same characters as %s, %llu, %lld
 * and %llx, always terminated, truncated as snprintf truncates. */
typedef struct skl__sb {
	char *p;
	size_t n, cap;
} skl__sb;

static inline void skl__sb_init(skl__sb *b, char *out, size_t cap)
{
	b->p = out;
	b->n = 0;
	b->cap = cap;
	if (cap)
		out[0] = 0;
}

void skl__sb_str(skl__sb *b, const char *s);
void skl__sb_u64(skl__sb *b, unsigned long long v);
void skl__sb_i64(skl__sb *b, long long v);
void skl__sb_hex(skl__sb *b, unsigned long long v);

static inline float skl__clampf(float x, float lo, float hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

/*
 * Owners of cache lines and the members misses are charged to
 * ("tcp_sock.daddr", "slab_t"): a fixed palette of SKL__OWNER_COLORS
 * colours with none near the hit green or the miss red, and the slot a
 * name hashes to (FNV-1a), so a name keeps its colour from frame to frame.
 * A view that draws several names probes to the next free slot on a
 * collision (see view_cache.c).
 */
#define SKL__OWNER_COLORS 10
skl_color skl__owner_color(int slot);
int skl__owner_slot(const char *name);
/* 1 when c is dark enough to need light marks and text on it. */
int skl__is_dark(skl_color c);

/*
 * The heat scale (sequential, pale yellow through orange and red to dark
 * wine): t in (0, 1]; t <= 0 gives the "untouched" grey. skl__heat_ink()
 * is the text colour that reads on skl__heat_color(t).
 */
skl_color skl__heat_color(double t);
skl_color skl__heat_ink(double t);

#endif
