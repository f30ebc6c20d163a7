/*
 * view_start.c - the window's start screen: the bundled scenarios as a
 * grid of numbered cards (number, title, file, kernel profile and the
 * whole learning goal, wrapped by the text-fitting service), the selected
 * one framed, scrolled by rows to keep it in sight, and a bar with the
 * keys. Never calls SDL.
 */
#include "textfit.h"
#include "sklab/render/view_scene.h"
#include "view_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define C_START_INK3 SKL_HEX(0x6b737d)
#define C_CARD SKL_HEX(0xf7f9fb)
#define C_SEL SKL_HEX(0xe3effa)
#define C_ACCENT SKL_HEX(0x0072b2)
#define C_CHIP SKL_HEX(0xe8ecf0)
#define C_RED SKL_HEX(0xc0392b)

/* The type of a card, from the text scale. */
typedef struct card_type {
	float ts, fs, ss; /* title, goal, file and profile */
	float pad, num;	  /* padding; the width of the number column */
} card_type;

static card_type card_type_for(const skl_dl *dl, float u)
{
	card_type t;
	t.ts = skl__fs(dl, floorf(19 * u));
	t.fs = skl__fs(dl, floorf(15 * u));
	t.ss = skl__fs(dl, floorf(13 * u));
	t.pad = floorf(14 * u);
	t.num = floorf(skl_dl_text_width("88", t.ss) + 18 * u);
	return t;
}

/* Wrapped prose from the top of the box: its height (0 when it has no
 * room); dry only measures. */
static float prose(skl_dl *dl, float x, float y, float w, float h, const char *text, float size, int font,
		   skl_color ink, int dry)
{
	skl_fit f = {size, 0, 0, font, SKL_ALIGN_LEFT, ink, SKL_FIT_WRAP | SKL_FIT_TOP, 1.25f};
	skl_fitted m;
	if (!text || !*text || w <= 0 || h <= 0)
		return 0;
	memset(&m, 0, sizeof(m));
	skl_dl_fit_measure(dl, w, h, text, &f, &m);
	if (m.lines <= 0)
		return 0;
	if (!dry)
		skl_dl_fit_text(dl, x, y, w, h, text, &f, NULL);
	return m.lines > 1 ? m.height + m.size * 0.25f : m.size * 1.25f;
}

static const char *title_of(const skl_start_entry *e)
{
	return e->title ? e->title : "(this scenario does not load: open it to see why)";
}

/* The height card e needs at width w: all of its title and goal. */
static float card_need(skl_dl *dl, const skl_start_entry *e, float w, const card_type *t)
{
	float inner = w - t->num - 2 * t->pad, big = 4000;
	float h = t->pad * 0.8f;
	h += prose(dl, 0, 0, inner, big, title_of(e), t->ts, SKL_FONT_BOLD, C_INK_DEEP, 1);
	h += t->ss * 1.7f + 6;
	h += prose(dl, 0, 0, inner, big, e->goal, t->fs, SKL_FONT_REGULAR, C_INK2, 1);
	return h + t->pad * 0.8f;
}

static void card(skl_dl *dl, const skl_start_entry *e, int i, int sel, float x, float y, float w, float h,
		 const card_type *t, float u)
{
	char key[32], tip[512], num[16];
	float inner = w - t->num - 2 * t->pad, cx = x + t->num + t->pad, cy = y + t->pad * 0.8f, th, fw, chh;
	snprintf(key, sizeof(key), "start:item:%d", i);
	snprintf(num, sizeof(num), "%d", i + 1);
	snprintf(tip, sizeof(tip), "%d  %s\nEnter or click: open it", i + 1, e->file);
	skl_dl_begin(dl, key, tip);
	skl_dl_rect(dl, x, y, w, h, sel ? C_SEL : C_CARD, sel ? C_ACCENT : C_RULE_DARK, sel ? 3 * u : 1);
	/* the number to type, in the card's left column */
	skl_dl_rect(dl, x, y, t->num, h, sel ? C_ACCENT : C_CHIP, 0, 0);
	skl__text(dl, x, y + t->pad * 0.5f, t->num, t->ts * 1.3f, num, t->ss, SKL_FONT_BOLD, SKL_ALIGN_CENTER,
		  sel ? C_BAR_INK : C_INK2);
	th = prose(dl, cx, cy, inner, y + h - cy, title_of(e), e->title ? t->ts : t->fs, SKL_FONT_BOLD,
		   e->title ? C_INK_DEEP : C_RED, 0);
	cy += th + 2 * u;
	/* the file, and the kernel profile as a chip when both fit a line */
	chh = t->ss * 1.6f;
	fw = fminf(skl_dl_text_width(e->file, t->ss), inner);
	skl__text(dl, cx, cy, fw, chh, e->file, t->ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_START_INK3);
	if (e->profile && *e->profile) {
		float chipw = skl_dl_text_width(e->profile, t->ss) + 16 * u, px = cx + fw + 12 * u;
		if (px + chipw <= cx + inner) {
			skl_dl_rect(dl, px, cy, chipw, chh, sel ? SKL_HEX(0xffffff) : C_CHIP, C_RULE_DARK, 1);
			skl__text(dl, px, cy, chipw, chh, e->profile, t->ss, SKL_FONT_BOLD, SKL_ALIGN_CENTER, C_INK2);
		}
	}
	cy += chh + 6;
	prose(dl, cx, cy, inner, y + h - cy - t->pad * 0.4f, e->goal, t->fs, SKL_FONT_REGULAR, C_INK2, 0);
	skl_dl_end(dl);
}

int skl_view_start(skl_dl *dl, const skl_start_entry *e, int n, int selected, const char *typed, skl_start_grid *g,
		   float u)
{
	float W = skl_dl_width(dl), H = skl_dl_height(dl);
	float m, bar, top, area, ch = 0, gap, cw, hs;
	int i, cols, rows, nrows, first, srow;
	char hint[256], count[96];
	card_type t;
	if (u < 0.6f)
		u = 0.6f;
	if (skl_dl_text_floor(dl) <= 0)
		skl_dl_set_text_floor(dl, 10);
	m = floorf(32 * u);
	skl_dl_rect(dl, 0, 0, W, H, C_BG, 0, 0);
	t = card_type_for(dl, u);

	skl_dl_begin(dl, "start:header", NULL);
	skl__text(dl, m, m * 0.5f, skl_dl_text_width("sklab", floorf(40 * u)) + 2, 50 * u, "sklab", floorf(40 * u),
		  SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK_DEEP);
	{
		float hx = m + skl_dl_text_width("sklab", floorf(40 * u)) + 18 * u;
		skl__text(dl, hx, m * 0.5f + 6 * u, W - m - hx, 50 * u, "a socket memory lab", floorf(20 * u),
			  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_START_INK3);
	}
	skl__text(dl, m, m * 0.5f + 52 * u, W - 2 * m, 28 * u,
		  "Choose a scenario: struct layouts, slab caches and sk_buffs of Linux, step by step.", floorf(17 * u),
		  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(dl);

	/* the hint bar */
	bar = floorf(50 * u);
	hs = floorf(17 * u);
	skl_dl_begin(dl, "start:hint", NULL);
	skl_dl_rect(dl, 0, H - bar, W, bar, C_BAR, 0, 0);
	if (typed && *typed)
		snprintf(hint, sizeof(hint),
			 "card %s_ \xc2\xb7 Enter: open it \xc2\xb7 more digits: a card past %s \xc2\xb7 Escape: quit",
			 typed, typed);
	else
		snprintf(hint, sizeof(hint),
			 "arrows: choose \xc2\xb7 1-%d: a card's number \xc2\xb7 Enter or click: open \xc2\xb7 "
			 "P present \xc2\xb7 H keys \xc2\xb7 Q quit",
			 n > 0 ? n : 1);
	snprintf(count, sizeof(count), "%d scenario%s", n, n == 1 ? "" : "s");
	{
		float cwid = skl_dl_text_width(count, floorf(15 * u)) + 4;
		skl__text(dl, m, H - bar, W - 3 * m - cwid, bar, hint, hs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_BAR_INK);
		skl__text(dl, W - m - cwid, H - bar, cwid, bar, count, floorf(15 * u), SKL_FONT_BOLD, SKL_ALIGN_RIGHT,
			  C_BAR_INK2);
	}
	skl_dl_end(dl);

	g->cols = 1;
	g->rows = 1;
	if (n <= 0) {
		g->first = 0;
		skl__text(dl, m, 0, W - 2 * m, H - bar, "(no scenarios found in scenarios/)", floorf(22 * u),
			  SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_START_INK3);
		return skl_dl_failed(dl) ? -1 : 0;
	}
	top = floorf(m * 0.5f + 84 * u + 26 * u);
	area = H - bar - top - 14 * u;
	gap = floorf(12 * u);
	/* as many columns as keep a card 430 units wide, at most three; the
	 * cards as high as the one that needs most, so rows line up */
	cols = (int)floorf((W - 2 * m + gap) / (430 * u + gap));
	cols = cols < 1 ? 1 : cols > 3 ? 3 : cols;
	if (cols > n)
		cols = n;
	cw = floorf((W - 2 * m - gap * (float)(cols - 1)) / (float)cols);
	for (i = 0; i < n; i++)
		ch = fmaxf(ch, card_need(dl, &e[i], cw, &t));
	ch = ceilf(fminf(ch, area));
	rows = (int)floorf((area + gap) / (ch + gap));
	if (rows < 1)
		rows = 1;
	nrows = (n + cols - 1) / cols;
	if (rows > nrows)
		rows = nrows;
	/* the room a row fewer than fits leaves goes to the cards */
	if (rows < nrows || (float)rows * (ch + gap) > area * 0.7f)
		ch = fmaxf(ch, floorf((area + gap) / (float)rows - gap));
	if (selected < 0)
		selected = 0;
	if (selected >= n)
		selected = n - 1;
	/* scroll by rows, as little as keeps the selected card in sight */
	srow = selected / cols;
	first = g->first;
	if (srow < first)
		first = srow;
	if (srow >= first + rows)
		first = srow - rows + 1;
	if (first > nrows - rows)
		first = nrows - rows;
	if (first < 0)
		first = 0;
	g->first = first;
	g->cols = cols;
	g->rows = rows;
	for (i = first * cols; i < n && i < (first + rows) * cols; i++) {
		int r = i / cols - first, c = i % cols;
		card(dl, &e[i], i, i == selected, m + (float)c * (cw + gap), top + (float)r * (ch + gap), cw, ch, &t,
		     u);
	}
	if (nrows > rows) {
		/* where the page is: a line above the grid and a scroll bar */
		char more[128];
		int a = first * cols + 1, b = (first + rows) * cols < n ? (first + rows) * cols : n;
		float th = (float)rows * (ch + gap) - gap, tx = W - m * 0.5f - 3 * u;
		snprintf(more, sizeof(more), "cards %d-%d of %d%s%s", a, b, n,
			 first > 0 ? " \xc2\xb7 \xe2\x96\xb2 more above" : "",
			 first + rows < nrows ? " \xc2\xb7 \xe2\x96\xbc more below" : "");
		skl_dl_begin(dl, "start:scroll", NULL);
		skl__text(dl, m, top - 26 * u, W - 2 * m, 22 * u, more, floorf(14 * u), SKL_FONT_REGULAR,
			  SKL_ALIGN_RIGHT, C_START_INK3);
		skl_dl_rect(dl, tx, top, 6 * u, th, C_CHIP, 0, 0);
		skl_dl_rect(dl, tx, top + th * (float)first / (float)nrows, 6 * u, th * (float)rows / (float)nrows,
			    C_START_INK3, 0, 0);
		skl_dl_end(dl);
	}
	return skl_dl_failed(dl) ? -1 : 0;
}
