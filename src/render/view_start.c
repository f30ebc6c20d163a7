/*
 * view_start.c - the window's start screen: the bundled scenarios as
 * cards (title, file, kernel profile, learning goal), the selected one
 * framed, and a bar with the keys. Never calls SDL.
 */
#include "render/view_scene.h"
#include "render/view_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define C_BG SKL_HEX(0xffffff)
#define C_BAR SKL_HEX(0x1f2630)
#define C_BAR_INK SKL_HEX(0xffffff)
#define C_BAR_INK2 SKL_HEX(0xaab4c0)
#define C_INK SKL_HEX(0x1f2630)
#define C_INK2 SKL_HEX(0x4a525c)
#define C_INK3 SKL_HEX(0x7b838d)
#define C_CARD SKL_HEX(0xf7f9fb)
#define C_RULE SKL_HEX(0xc4ccd6)
#define C_SEL SKL_HEX(0xe3effa)
#define C_ACCENT SKL_HEX(0x0072b2)
#define C_CHIP SKL_HEX(0xe8ecf0)
#define C_RED SKL_HEX(0xc0392b)

static void card(skl_dl *dl, const skl_start_entry *e, int i, int sel, float x, float y, float w, float h, float u)
{
	char key[32], tip[2048], title[2][512], goal[6][512];
	float pad = 16 * u, ts = floorf(21 * u), fs = floorf(16 * u), ss = floorf(14 * u);
	float inner = w - 2 * pad - 10 * u, cy = y + pad * 0.6f, lh = fs * 1.35f;
	int nt = 0, ng, k, room;
	snprintf(key, sizeof(key), "start:item:%d", i);
	snprintf(tip, sizeof(tip), "%s\n%s\nprofile: %s\n", e->file, e->title ? e->title : "(does not load)",
		 e->profile && *e->profile ? e->profile : "-");
	if (e->goal && *e->goal) {
		char gl[8][512];
		int n = skl__wrap(e->goal, 64, gl[0], sizeof(gl[0]), 8, 1);
		for (k = 0; k < n; k++) {
			size_t len = strlen(tip);
			snprintf(tip + len, sizeof(tip) - len, "%s%s\n", k ? "      " : "goal: ", gl[k]);
		}
	}
	{
		size_t len = strlen(tip);
		snprintf(tip + len, sizeof(tip) - len, "Enter or click: open it");
	}
	skl_dl_begin(dl, key, tip);
	skl_dl_rect(dl, x, y, w, h, sel ? C_SEL : C_CARD, sel ? C_ACCENT : C_RULE, sel ? 3 * u : 1);
	skl_dl_rect(dl, x, y, 10 * u, h, sel ? C_ACCENT : C_RULE, 0, 0);
	x += 10 * u;
	/* the title, on two lines when the card is narrow */
	if (e->title) {
		nt = skl__wrap(e->title, skl_dl_fit_chars(inner, ts), title[0], sizeof(title[0]), 2, 1);
		for (k = 0; k < nt; k++)
			skl_dl_text(dl, x + pad, cy + (float)k * ts * 1.3f, inner, ts * 1.3f, title[k], ts,
				    SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	} else {
		nt = 1;
		skl_dl_text(dl, x + pad, cy, inner, ts * 1.3f, "(this scenario does not load: open it to see why)", fs,
			    SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_RED);
	}
	cy += (float)nt * ts * 1.3f + 4 * u;
	/* the file, and the kernel profile as a chip */
	skl_dl_text(dl, x + pad, cy, inner, ss * 1.6f, e->file, ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	if (e->profile && *e->profile) {
		float chipw = skl_dl_text_width(e->profile, ss) + 18 * u;
		float fx = x + pad + skl_dl_text_width(e->file, ss) + 14 * u;
		if (fx + chipw <= x + pad + inner) {
			skl_dl_rect(dl, fx, cy, chipw, ss * 1.6f, sel ? SKL_HEX(0xffffff) : C_CHIP, C_RULE, 1);
			skl_dl_text(dl, fx, cy, chipw, ss * 1.6f, e->profile, ss, SKL_FONT_BOLD, SKL_ALIGN_CENTER,
				    C_INK2);
		}
	}
	cy += ss * 1.6f + 6 * u;
	room = (int)floorf((y + h - cy - pad * 0.3f) / lh);
	if (room > 6)
		room = 6;
	if (room >= 1) {
		ng = skl__wrap(e->goal, skl_dl_fit_chars(inner, fs), goal[0], sizeof(goal[0]), room, 1);
		for (k = 0; k < ng; k++)
			skl_dl_text(dl, x + pad, cy + (float)k * lh, inner, lh, goal[k], fs, SKL_FONT_REGULAR,
				    SKL_ALIGN_LEFT, C_INK2);
	}
	skl_dl_end(dl);
}

int skl_view_start(skl_dl *dl, const skl_start_entry *e, int n, int selected, float u)
{
	float W = skl_dl_width(dl), H = skl_dl_height(dl);
	float m, bar, top, area, ch, gap, cw;
	int visible, first, i, cols, rows;
	char hint[256], count[64];
	if (u < 0.6f)
		u = 0.6f;
	m = 36 * u;
	skl_dl_rect(dl, 0, 0, W, H, C_BG, 0, 0);

	skl_dl_begin(dl, "start:header", NULL);
	skl_dl_text(dl, m, m * 0.6f, W - 2 * m, 56 * u, "sklab", floorf(44 * u), SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	skl_dl_text(dl, m + skl_dl_text_width("sklab", floorf(44 * u)) + 20 * u, m * 0.6f + 8 * u, W - 2 * m, 56 * u,
		    "a socket memory lab", floorf(22 * u), SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	skl_dl_text(dl, m, m * 0.6f + 60 * u, W - 2 * m, 30 * u,
		    "Choose a scenario: struct layouts, slab caches and sk_buffs of Linux, step by step.",
		    floorf(18 * u), SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(dl);

	/* the hint bar */
	bar = 56 * u;
	skl_dl_begin(dl, "start:hint", NULL);
	skl_dl_rect(dl, 0, H - bar, W, bar, C_BAR, 0, 0);
	snprintf(hint, sizeof(hint),
		 "\xe2\x86\x91 \xe2\x86\x93 choose \xc2\xb7 Enter or click: open \xc2\xb7 P present \xc2\xb7 "
		 "T theme \xc2\xb7 H keys \xc2\xb7 Q quit");
	snprintf(count, sizeof(count), "%d scenario%s", n, n == 1 ? "" : "s");
	skl_dl_text(dl, m, H - bar, W - 2 * m, bar, hint, floorf(18 * u), SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_BAR_INK);
	skl_dl_text(dl, m, H - bar, W - 2 * m, bar, count, floorf(16 * u), SKL_FONT_BOLD, SKL_ALIGN_RIGHT, C_BAR_INK2);
	skl_dl_end(dl);

	if (n <= 0) {
		skl_dl_text(dl, m, 0, W - 2 * m, H - bar, "(no scenarios found in scenarios/)", floorf(22 * u),
			    SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK3);
		return skl_dl_failed(dl) ? -1 : 0;
	}
	top = m * 0.6f + 110 * u;
	area = H - bar - top - 16 * u;
	gap = 12 * u;
	/* one column of cards when they fit, else two, else scroll */
	cols = 1;
	ch = floorf(fminf(150 * u, (area + gap) / (float)n - gap));
	if (ch < 110 * u && W > 1000 * u) {
		cols = 2;
		ch = floorf(fminf(170 * u, (area + gap) / ceilf((float)n / 2) - gap));
	}
	if (ch < 110 * u)
		ch = floorf(110 * u);
	cw = cols == 1 ? fminf(W - 2 * m, 1500 * u) : (W - 2 * m - gap) / 2;
	rows = (int)floorf((area + gap) / (ch + gap));
	if (rows < 1)
		rows = 1;
	visible = rows * cols;
	if (selected < 0)
		selected = 0;
	if (selected >= n)
		selected = n - 1;
	first = selected >= visible ? (selected - visible + cols) / cols * cols : 0;
	for (i = first; i < n && i < first + visible; i++) {
		int r = (i - first) / cols, c = (i - first) % cols;
		card(dl, &e[i], i, i == selected, m + (float)c * (cw + gap), top + (float)r * (ch + gap), cw, ch, u);
	}
	if (first > 0 || first + visible < n) {
		char more[96];
		snprintf(more, sizeof(more), "%d of %d shown \xc2\xb7 %s%s", visible < n ? visible : n, n,
			 first > 0 ? "\xe2\x96\xb2 more above " : "",
			 first + visible < n ? "\xe2\x96\xbc more below" : "");
		skl_dl_text(dl, m, top - 30 * u, W - 2 * m, 26 * u, more, floorf(15 * u), SKL_FONT_REGULAR,
			    SKL_ALIGN_RIGHT, C_INK3);
	}
	return skl_dl_failed(dl) ? -1 : 0;
}
