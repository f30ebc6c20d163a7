/*
 * svg.c - the SVG backend (see svg.h). Writes through a sink; allocates
 * only a small table of hatch patterns.
 */
#include "sklab/render/svg.h"

#include "sklab/textsafe.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define FONT_FAMILY "DejaVu Sans Mono, Menlo, Consolas, monospace"

typedef struct hatch_def {
	skl_color bg, line;
	float spacing, width;
} hatch_def;

/* A number without trailing zeros: "12", "12.5", "-0.25". */
static const char *num(char *buf, float v)
{
	char *p;
	if (fabsf(v) < 0.005f)
		v = 0;
	snprintf(buf, 32, "%.2f", (double)v);
	p = buf + strlen(buf) - 1;
	while (*p == '0')
		*p-- = 0;
	if (*p == '.')
		*p = 0;
	return buf;
}

static void color_attr(const skl_sink *out, const char *name, skl_color c)
{
	skl_sink_printf(out, " %s=\"#%02x%02x%02x\"", name, SKL_R(c), SKL_G(c), SKL_B(c));
	if (SKL_A(c) != 255)
		skl_sink_printf(out, " %s-opacity=\"%.3f\"", name, (double)SKL_A(c) / 255.0);
}

/* Text of any origin as XML: the one policy of textsafe.h. */
static void escaped(const skl_sink *out, const char *s)
{
	skl_text_xml(out, s, strlen(s));
}

static int find_hatch(const hatch_def *h, int n, const skl_dl_item *it)
{
	int i;
	for (i = 0; i < n; i++)
		if (h[i].bg == it->fill && h[i].line == it->stroke && h[i].spacing == it->spacing &&
		    h[i].width == it->stroke_w)
			return i;
	return -1;
}

static void write_item(const skl_sink *out, const skl_dl_item *it, int hatch)
{
	char a[32], b[32], c[32], d[32], e[32];
	switch (it->kind) {
	case SKL_DL_RECT:
	case SKL_DL_HATCH: {
		float t = it->stroke_w > 0 && SKL_A(it->stroke) ? it->stroke_w : 0;
		int fill = it->kind == SKL_DL_HATCH || SKL_A(it->fill);
		if (fill) {
			skl_sink_printf(out, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"", num(a, it->x),
					num(b, it->y), num(c, it->w), num(d, it->h));
			if (it->kind == SKL_DL_HATCH && hatch >= 0)
				/* the plain colour is the fallback of viewers without patterns */
				skl_sink_printf(out, " fill=\"url(#hatch%d) #%02x%02x%02x\"", hatch, SKL_R(it->fill),
						SKL_G(it->fill), SKL_B(it->fill));
			else
				color_attr(out, "fill", it->fill);
			skl_sink_puts(out, "/>\n");
		}
		if (t > 0 && it->kind == SKL_DL_RECT) {
			/* strokes sit inside the box, as the SDL backend draws them */
			skl_sink_printf(out, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"none\"",
					num(a, it->x + t / 2), num(b, it->y + t / 2), num(c, fmaxf(it->w - t, 0)),
					num(d, fmaxf(it->h - t, 0)));
			color_attr(out, "stroke", it->stroke);
			skl_sink_printf(out, " stroke-width=\"%s\"/>\n", num(e, t));
		}
		break;
	}
	case SKL_DL_LINE:
	case SKL_DL_ARROW: {
		float x1 = it->x, y1 = it->y, x2 = it->x + it->w, y2 = it->y + it->h;
		float len = sqrtf(it->w * it->w + it->h * it->h);
		if (len < 0.01f)
			break;
		if (it->kind == SKL_DL_ARROW) {
			float lw = it->stroke_w < 1 ? 1 : it->stroke_w;
			float hl = 4 * lw + 6, hw = hl * 0.5f, ux = it->w / len, uy = it->h / len;
			char f[32], g[32];
			if (hl > len)
				hl = len;
			skl_sink_printf(out, "<polygon points=\"%s,%s %s,%s %s,%s\"", num(a, x2), num(b, y2),
					num(c, x2 - ux * hl - uy * hw), num(d, y2 - uy * hl + ux * hw),
					num(f, x2 - ux * hl + uy * hw), num(g, y2 - uy * hl - ux * hw));
			color_attr(out, "fill", it->stroke);
			skl_sink_puts(out, "/>\n");
			x2 -= ux * hl * 0.9f;
			y2 -= uy * hl * 0.9f;
		}
		skl_sink_printf(out, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"", num(a, x1), num(b, y1),
				num(c, x2), num(d, y2));
		color_attr(out, "stroke", it->stroke);
		skl_sink_printf(out, " stroke-width=\"%s\"/>\n", num(e, it->stroke_w));
		break;
	}
	case SKL_DL_TEXT: {
		float x = it->align == SKL_ALIGN_CENTER	 ? it->x + it->w / 2
			  : it->align == SKL_ALIGN_RIGHT ? it->x + it->w
							 : it->x;
		/* the baseline where SDL_ttf puts it when the line box is centred:
		 * DejaVu's ascent 0.928 em and descent 0.236 em */
		skl_sink_printf(out, "<text x=\"%s\" y=\"%s\" font-size=\"%s\"%s%s", num(a, x),
				num(b, it->y + it->h / 2 + 0.346f * it->size), num(c, it->size),
				it->font == SKL_FONT_BOLD ? " font-weight=\"bold\"" : "",
				it->align == SKL_ALIGN_CENTER  ? " text-anchor=\"middle\""
				: it->align == SKL_ALIGN_RIGHT ? " text-anchor=\"end\""
							       : "");
		color_attr(out, "fill", it->fill);
		/* the width the views laid out: the SDL backend's whole-pixel hinted
		 * advances (skl_dl_text_width). A browser lays DejaVu out with
		 * fractional advances, about 3 % wider at 24 px, which would push a
		 * caption into the step counter; textLength makes it space the
		 * glyphs (never scale them) to the PNG's width. */
		if (skl_dl_utf8_len(it->text) > 1)
			skl_sink_printf(out, " textLength=\"%s\"", num(d, skl_dl_text_width(it->text, it->size)));
		/* runs of spaces (a slabinfo line's columns) kept, as the PNG
		 * keeps them */
		if (strstr(it->text, "  ") || it->text[0] == ' ')
			skl_sink_puts(out, " xml:space=\"preserve\" style=\"white-space:pre\"");
		skl_sink_puts(out, ">");
		escaped(out, it->text);
		skl_sink_puts(out, "</text>\n");
		break;
	}
	}
}

void skl_svg_write(const skl_dl *dl, const skl_sink *out)
{
	hatch_def defs[64];
	int ndefs = 0, i, n = skl_dl_count(dl), open_id = 0;
	const char *open_key = NULL;
	char a[32], b[32];

	skl_sink_printf(
	    out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\">\n",
	    num(a, skl_dl_width(dl)), num(b, skl_dl_height(dl)), num(a, skl_dl_width(dl)), num(b, skl_dl_height(dl)));
	/* hatch patterns, anchored at the origin like the SDL backend's */
	for (i = 0; i < n; i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_HATCH && ndefs < 64 && find_hatch(defs, ndefs, it) < 0) {
			defs[ndefs].bg = it->fill;
			defs[ndefs].line = it->stroke;
			defs[ndefs].spacing = it->spacing;
			defs[ndefs].width = it->stroke_w;
			ndefs++;
		}
	}
	skl_sink_printf(out, "<defs>\n");
	for (i = 0; i < ndefs; i++) {
		char p[32], lo[32], hi[32];
		float period = defs[i].spacing * 1.41421356f;
		num(p, period);
		num(lo, period - 2);
		num(hi, period + 2);
		/* the diagonal x + y = period, plus its neighbours clipped at the corners */
		skl_sink_printf(out,
				"<pattern id=\"hatch%d\" patternUnits=\"userSpaceOnUse\" width=\"%s\" height=\"%s\">",
				i, p, p);
		skl_sink_printf(out, "<rect width=\"%s\" height=\"%s\"", p, p);
		color_attr(out, "fill", defs[i].bg);
		skl_sink_printf(out, "/><path d=\"M0,%s L%s,0 M-2,2 L2,-2 M%s,%s L%s,%s\" fill=\"none\"", p, p, lo, hi,
				hi, lo);
		color_attr(out, "stroke", defs[i].line);
		skl_sink_printf(out, " stroke-width=\"%s\"/></pattern>\n", num(a, defs[i].width));
	}
	skl_sink_printf(out, "</defs>\n");
	skl_sink_printf(out, "<g font-family=\"%s\">\n", FONT_FAMILY);
	for (i = 0; i < n; i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		/* a group rejoined under another key (skl_dl_rejoin) is a <g> of its own */
		if (it->id != open_id || (open_id && it->key != open_key)) {
			if (open_id)
				skl_sink_puts(out, "</g>\n");
			open_id = it->id;
			open_key = it->key;
			if (open_id) {
				skl_sink_puts(out, "<g");
				if (it->key) {
					skl_sink_puts(out, " data-key=\"");
					escaped(out, it->key);
					skl_sink_puts(out, "\"");
				}
				skl_sink_puts(out, ">");
				if (it->tooltip) {
					skl_sink_puts(out, "<title>");
					escaped(out, it->tooltip);
					skl_sink_puts(out, "</title>");
				}
				skl_sink_puts(out, "\n");
			}
		}
		write_item(out, it, it->kind == SKL_DL_HATCH ? find_hatch(defs, ndefs, it) : -1);
	}
	if (open_id)
		skl_sink_puts(out, "</g>\n");
	skl_sink_puts(out, "</g>\n</svg>\n");
}
