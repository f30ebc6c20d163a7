/*
 * view_util.c - helpers the views share (see view_util.h).
 */
#include "view_util.h"
#include "textfit.h"

#include <math.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int skl__wrap(const char *text, size_t width, char *lines, size_t linesz, int max, int ellipsis)
{
	int n = 0;
	const char *p = text ? text : "";
	if (width < 8)
		width = 8;
	while (*p && n < max) {
		size_t bytes = 0, cps = 0, brk = 0;
		char *line = lines + (size_t)n * linesz;
		while (*p == ' ')
			p++;
		while (p[bytes] && p[bytes] != '\n' && cps < width) {
			if (p[bytes] == ' ')
				brk = bytes;
			bytes++;
			while (((unsigned char)p[bytes] & 0xc0u) == 0x80u)
				bytes++;
			cps++;
		}
		if (p[bytes] && p[bytes] != '\n' && p[bytes] != ' ' && brk > 0)
			bytes = brk;
		if (bytes > linesz - 1)
			bytes = linesz - 1;
		memcpy(line, p, bytes);
		line[bytes] = 0;
		n++;
		p += bytes;
		if (*p == '\n')
			p++;
	}
	while (ellipsis && *p == ' ')
		p++;
	if (ellipsis && *p && n > 0 && linesz > 4) {
		char *line = lines + (size_t)(n - 1) * linesz;
		size_t len = strlen(line);
		if (len + 4 > linesz - 1)
			len = linesz - 5;
		memcpy(line + len, "\xe2\x80\xa6", 4);
	}
	return n;
}

int skl__text(skl_dl *dl, float x, float y, float w, float h, const char *text, float size, int font, int align,
	      skl_color color)
{
	skl_fit f = {size, 0, 0, font, align, color, 0, 0};
	return skl_dl_fit_text(dl, x, y, w, h, text, &f, NULL) < 0 ? -1 : 0;
}

int skl__text_mark(skl_dl *dl, float x, float y, float w, float h, const char *text, float size, int font, int align,
		   skl_color color)
{
	skl_fit f = {size, 0, 0, font, align, color, SKL_FIT_MARK, 0};
	return skl_dl_fit_text(dl, x, y, w, h, text, &f, NULL) < 0 ? -1 : 0;
}

float skl__fs(const skl_dl *dl, float size)
{
	float f = skl_dl_text_floor(dl);
	return size < f ? floorf(f) : size;
}

const char *skl__thousands(uint64_t n, char *out, size_t outsz)
{
	char raw[32];
	size_t len, i, o = 0;
	if (!outsz)
		return out;
	snprintf(raw, sizeof(raw), "%llu", (unsigned long long)n);
	len = strlen(raw);
	for (i = 0; i < len && o + 2 < outsz; i++) {
		if (i && (len - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = raw[i];
	}
	out[o] = 0;
	return out;
}

void skl__catf(char *out, size_t outsz, const char *fmt, ...)
{
	size_t n = strlen(out);
	va_list ap;
	if (n + 1 >= outsz)
		return;
	va_start(ap, fmt);
	vsnprintf(out + n, outsz - n, fmt, ap);
	va_end(ap);
}

static void sb_put(skl__sb *b, const char *s, size_t len)
{
	size_t room;
	if (!b->cap || b->n + 1 >= b->cap)
		return;
	room = b->cap - 1 - b->n;
	if (len > room)
		len = room;
	memcpy(b->p + b->n, s, len);
	b->n += len;
	b->p[b->n] = 0;
}

void skl__sb_str(skl__sb *b, const char *s)
{
	sb_put(b, s, strlen(s));
}

void skl__sb_u64(skl__sb *b, unsigned long long v)
{
	char d[24];
	int i = (int)sizeof(d);
	do {
		d[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	sb_put(b, d + i, sizeof(d) - (size_t)i);
}

void skl__sb_i64(skl__sb *b, long long v)
{
	if (v < 0) {
		sb_put(b, "-", 1);
		skl__sb_u64(b, 0ull - (unsigned long long)v);
	} else {
		skl__sb_u64(b, (unsigned long long)v);
	}
}

void skl__sb_hex(skl__sb *b, unsigned long long v)
{
	static const char digits[] = "0123456789abcdef";
	char d[16];
	int i = (int)sizeof(d);
	do {
		d[--i] = digits[v & 15];
		v >>= 4;
	} while (v);
	sb_put(b, d + i, sizeof(d) - (size_t)i);
}

/* ---- shared colours ------------------------------------------------------------ */

/* Okabe-Ito's blue, orange, sky blue, reddish purple and yellow, then Paul
 * Tol's muted indigo, olive, sand, purple and wine: no green or vermillion,
 * which mark cache hits and misses. */
static const uint32_t owner_hues[SKL__OWNER_COLORS] = {0x0072b2, 0xe69f00, 0x56b4e9, 0xcc79a7, 0xf0e442,
						       0x332288, 0x999933, 0xddcc77, 0xaa4499, 0x882255};

skl_color skl__owner_color(int slot)
{
	if (slot < 0)
		slot = -slot;
	return SKL_HEX(owner_hues[slot % SKL__OWNER_COLORS]);
}

int skl__owner_slot(const char *name)
{
	uint32_t h = 2166136261u;
	for (; name && *name; name++) {
		h ^= (unsigned char)*name;
		h *= 16777619u;
	}
	return (int)(h % SKL__OWNER_COLORS);
}

int skl__is_dark(skl_color c)
{
	/* Rec. 601 luma */
	return 299 * SKL_R(c) + 587 * SKL_G(c) + 114 * SKL_B(c) < 1000 * 110;
}

/* YlOrRd without its palest stop, so the coolest touched member still
 * differs from an untouched one. */
static const uint32_t heat_stops[] = {0xffeda0, 0xfeb24c, 0xfc4e2a, 0xbd0026, 0x67001f};
#define NHEAT ((int)(sizeof(heat_stops) / sizeof(heat_stops[0])))

skl_color skl__heat_color(double t)
{
	double pos;
	int i;
	if (!(t > 0))
		return SKL_HEX(0xeceef1);
	if (t > 1)
		t = 1;
	pos = t * (NHEAT - 1);
	i = (int)pos;
	if (i >= NHEAT - 1)
		return SKL_HEX(heat_stops[NHEAT - 1]);
	return skl_color_mix(SKL_HEX(heat_stops[i]), SKL_HEX(heat_stops[i + 1]), (float)(pos - i));
}

skl_color skl__heat_ink(double t)
{
	return skl__is_dark(skl__heat_color(t)) || t > 0.6 ? SKL_HEX(0xffffff) : SKL_HEX(0x1b1f24);
}

void skl__view_box(const skl_dl *dl, float ox, float oy, float ow, float oh, float *x, float *y, float *w, float *h)
{
	*x = ox;
	*y = oy;
	*w = ow > 0 ? ow : skl_dl_width(dl) - ox;
	*h = oh > 0 ? oh : skl_dl_height(dl) - oy;
}

float skl__view_scale(const skl_dl *dl, float text_scale)
{
	if (text_scale > 0)
		return text_scale;
	return skl__clampf(fminf(skl_dl_width(dl) / 1600, skl_dl_height(dl) / 900), 0.6f, 3);
}
