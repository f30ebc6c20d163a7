/*
 * view_error.c - the window's error panel (a script error: where, the
 * message, the source line with a caret, what happens now) and its framed
 * notices ("No skb view at step 3"). Never calls SDL.
 */
#include "sklab/render/view_scene.h"
#include "textfit.h"
#include "view_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define C_PANEL SKL_HEX(0xffffff)
#define C_RED SKL_HEX(0xc0392b)
#define C_CODE SKL_HEX(0xf1f3f5)

float skl_view_error(skl_dl *dl, float x, float y, float w, float h, float u, const skl_error_panel *e)
{
	char msg[8][256], src[512], num[32], buf[512];
	float pad = 18 * u, fs = floorf(17 * u), ts = floorf(22 * u), cs = floorf(17 * u), lh = fs * 1.4f;
	float inner = w - 2 * pad - 8 * u, ph, cy;
	int nmsg, i;
	size_t width = skl_dl_fit_chars(inner, fs);
	nmsg = skl__wrap(e->message, width, msg[0], sizeof(msg[0]), 8, 0);
	ph = pad + ts * 1.5f + (e->where ? lh : 0) + (float)nmsg * lh + pad;
	if (e->source)
		ph += cs * 1.5f * (e->col > 0 ? 2 : 1) + pad * 0.6f;
	if (e->note)
		ph += lh;
	if (h > 0 && ph > h)
		ph = h;
	skl_dl_begin(dl, "error:panel", e->message);
	skl_dl_rect(dl, x + 4 * u, y + 4 * u, w, ph, skl_color_alpha(SKL_HEX(0x000000), 50), 0, 0);
	skl_dl_rect(dl, x, y, w, ph, C_PANEL, C_RED, 2 * u);
	skl_dl_rect(dl, x, y, 8 * u, ph, C_RED, 0, 0);
	x += 8 * u;
	cy = y + pad * 0.8f;
	skl_dl_text(dl, x + pad, cy, inner, ts * 1.5f, e->title ? e->title : "Script error", ts, SKL_FONT_BOLD,
		    SKL_ALIGN_LEFT, C_RED);
	cy += ts * 1.5f;
	if (e->where) {
		skl_dl_text(dl, x + pad, cy, inner, lh, skl_dl_ellipsize(e->where, width, buf, sizeof(buf)), fs,
			    SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK_DEEP);
		cy += lh;
	}
	for (i = 0; i < nmsg; i++, cy += lh)
		skl_dl_text(dl, x + pad, cy, inner, lh, msg[i], fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK_DEEP);
	if (e->source) {
		float gw, bh = cs * 1.5f * (e->col > 0 ? 2 : 1);
		size_t room;
		cy += pad * 0.3f;
		snprintf(num, sizeof(num), "%4d | ", e->line);
		gw = skl_dl_text_width(num, cs);
		room = skl_dl_fit_chars(inner - gw - 16 * u, cs);
		skl_dl_rect(dl, x + pad, cy, inner, bh, C_CODE, C_RULE_DARK, 1);
		skl_dl_text(dl, x + pad + 8 * u, cy, gw, cs * 1.5f, num, cs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		skl_dl_text(dl, x + pad + 8 * u + gw, cy, inner - gw - 16 * u, cs * 1.5f,
			    skl_dl_ellipsize(e->source, room, src, sizeof(src)), cs, SKL_FONT_BOLD, SKL_ALIGN_LEFT,
			    C_INK_DEEP);
		if (e->col > 0 && (size_t)e->col <= room) {
			char caret[300];
			int c;
			for (c = 0; c < e->col - 1 && c < 290; c++)
				caret[c] = ' ';
			caret[c++] = '^';
			caret[c] = 0;
			skl_dl_text(dl, x + pad + 8 * u + gw, cy + cs * 1.5f, inner - gw - 16 * u, cs * 1.5f, caret, cs,
				    SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_RED);
		}
		cy += bh + pad * 0.3f;
	}
	if (e->note)
		skl_dl_text(dl, x + pad, cy, inner, lh, skl_dl_ellipsize(e->note, width, buf, sizeof(buf)), fs,
			    SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(dl);
	return skl_dl_failed(dl) ? -1 : ph;
}

int skl_view_notice(skl_dl *dl, float x, float y, float w, float h, float u, const char *title, const char *text)
{
	char lines[6][256];
	float pad = 20 * u, ts = floorf(24 * u), fs = floorf(17 * u), lh = fs * 1.4f, cy;
	int n = skl__wrap(text, skl_dl_fit_chars(w - 2 * pad, fs), lines[0], sizeof(lines[0]), 6, 0), i;
	float need = pad * 2 + ts * 1.6f + (float)n * lh;
	if (need > h)
		h = need;
	skl_dl_begin(dl, "notice", text);
	skl_dl_rect(dl, x, y, w, h, SKL_HEX(0xf7f9fb), C_RULE_DARK, 1.5f * u);
	cy = y + pad;
	skl_dl_text(dl, x + pad, cy, w - 2 * pad, ts * 1.6f, title, ts, SKL_FONT_BOLD, SKL_ALIGN_CENTER, C_INK_DEEP);
	cy += ts * 1.6f;
	for (i = 0; i < n; i++, cy += lh)
		skl_dl_text(dl, x + pad, cy, w - 2 * pad, lh, lines[i], fs, SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK2);
	skl_dl_end(dl);
	return skl_dl_failed(dl) ? -1 : 0;
}

/* Fits text wrapped from the top of the box x, y, w (at most maxh high) at
 * size; with dry, only measures. Returns the height it takes. */
static float prose(skl_dl *dl, float x, float y, float w, float maxh, const char *text, float size, int font,
		   skl_color ink, int dry)
{
	skl_fit f = {size, 0, 0, font, SKL_ALIGN_LEFT, ink, SKL_FIT_WRAP | SKL_FIT_TOP, 1.3f};
	skl_fitted m;
	memset(&m, 0, sizeof(m));
	skl_dl_fit_measure(dl, w, maxh, text, &f, &m);
	if (m.lines <= 0)
		return 0;
	if (!dry &&
	    skl_dl_fit_text(dl, x, y, w, m.lines > 1 ? m.height + m.size * 0.3f : size * 1.3f, text, &f, NULL) < 0)
		return -1;
	return m.lines > 1 ? m.height + m.size * 0.3f : size * 1.3f;
}

/* One pass of skl_view_expects: with dry, only the height. */
static float expects_pass(skl_dl *dl, float x, float y, float w, float bottom, float u, const char *title,
			  const skl_expect_row *rows, int n, const char *note, float ph, int dry)
{
	float pad = 16 * u, ts = floorf(20 * u), fs = floorf(16 * u), ss = floorf(14 * u), gap = 8 * u;
	float inner = w - 2 * pad - 8 * u, lx = x + 8 * u + pad, cy;
	float stepw = skl_dl_text_width("step 888", ss) + 12 * u;
	int i, shown = 0;
	char more[64];
	if (!dry) {
		skl_dl_begin(dl, "expect:panel", NULL);
		skl_dl_rect(dl, x + 4 * u, y + 4 * u, w, ph, skl_color_alpha(SKL_HEX(0x000000), 50), 0, 0);
		skl_dl_rect(dl, x, y, w, ph, C_PANEL, C_RED, 2 * u);
		skl_dl_rect(dl, x, y, 8 * u, ph, C_RED, 0, 0);
	}
	cy = y + pad * 0.7f;
	cy += prose(dl, lx, cy, inner, ts * 3, title, ts, SKL_FONT_BOLD, C_RED, dry) + gap * 0.5f;
	if (!dry)
		skl_dl_end(dl);
	for (i = 0; i < n; i++) {
		const skl_expect_row *r = &rows[i];
		char key[48], step[32];
		float mh = prose(dl, 0, 0, inner - stepw, bottom - y, r->text, fs, SKL_FONT_BOLD, C_INK_DEEP, 1);
		float wh = r->where && *r->where ? ss * 1.4f : 0, rh = mh + wh + gap;
		/* keep room for "and N more" and the note */
		if (shown > 0 && cy + rh + (i + 1 < n ? ss * 1.5f : 0) + (note ? ss * 1.5f : 0) + pad > bottom)
			break;
		shown++;
		if (dry) {
			cy += rh;
			continue;
		}
		snprintf(key, sizeof(key), "expect:fail:%d", i);
		skl_dl_begin(dl, key, r->where && *r->where ? r->where : NULL);
		if (r->here)
			skl_dl_rect(dl, lx - 6 * u, cy - gap * 0.4f, inner + 12 * u, rh, SKL_HEX(0xfbeaea), 0, 0);
		snprintf(step, sizeof(step), "step %d", r->step);
		skl__text(dl, lx, cy, stepw, fs * 1.3f, step, ss, r->here ? SKL_FONT_BOLD : SKL_FONT_REGULAR,
			  SKL_ALIGN_LEFT, C_INK2);
		prose(dl, lx + stepw, cy, inner - stepw, mh, r->text, fs, SKL_FONT_BOLD, C_INK_DEEP, 0);
		if (wh > 0)
			skl__text(dl, lx + stepw, cy + mh, inner - stepw, wh, r->where, ss, SKL_FONT_REGULAR,
				  SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(dl);
		cy += rh;
	}
	if (shown < n) {
		snprintf(more, sizeof(more), "and %d more", n - shown);
		if (!dry)
			skl__text(dl, lx, cy, inner, ss * 1.5f, more, ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		cy += ss * 1.5f;
	}
	if (note) {
		if (!dry)
			skl__text(dl, lx, cy, inner, ss * 1.5f, note, ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		cy += ss * 1.5f;
	}
	return cy + pad * 0.6f - y;
}

float skl_view_expects(skl_dl *dl, float x, float y, float w, float h, float u, const char *title,
		       const skl_expect_row *rows, int n, const char *note)
{
	float bottom = h > 0 ? y + h : 1e9f;
	float ph = expects_pass(dl, x, y, w, bottom, u, title, rows, n, note, 0, 1);
	if (expects_pass(dl, x, y, w, bottom, u, title, rows, n, note, ph, 0) < 0 || skl_dl_failed(dl))
		return -1;
	return ph;
}
