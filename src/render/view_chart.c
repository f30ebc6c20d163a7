/*
 * view_chart.c - the chart view (see view_chart.h): turns an skl_chart into
 * draw-list items, as lines or grouped bars. Pure geometry and text; never
 * calls SDL.
 */
#include "view_util.h"
#include "view_chart.h"
#include "textfit.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define C_GRID SKL_HEX(0xe3e6ea)
#define C_AXIS SKL_HEX(0x8a929b)

#define MAX_KEYED 2000 /* points or bars that get hover groups of their own */

/* Okabe-Ito hues (safe for the common colour-vision deficiencies); yellow
 * last, as it is the weakest on white. */
static const uint32_t hues[] = {0x0072b2, 0xe69f00, 0x009e73, 0xcc79a7, 0x56b4e9, 0xd55e00, 0x000000, 0xf0e442};
#define NHUES ((int)(sizeof(hues) / sizeof(hues[0])))

skl_color skl_view_chart_color(int i)
{
	skl_color c;
	if (i < 0)
		i = 0;
	c = SKL_HEX(hues[i % NHUES]);
	if (i >= NHUES)
		c = skl_color_mix(c, C_BG, fminf(0.2f * (float)(i / NHUES), 0.6f));
	return c;
}

/* ---- numbers ------------------------------------------------------------------ */

double skl_view_chart_ticks(double lo, double hi, int max_ticks, double *first, double *last)
{
	static const double nice[] = {1, 2, 2.5, 5, 10};
	double span, raw, mag, step = 1;
	size_t i;
	if (max_ticks < 1)
		max_ticks = 1;
	if (!(hi > lo)) {
		double d = fabs(lo) > 0 ? fabs(lo) * 0.5 : 1;
		lo -= d;
		hi += d;
		if (lo < 0 && lo + d >= 0)
			lo = 0;
	}
	span = hi - lo;
	raw = span / max_ticks;
	mag = pow(10, floor(log10(raw)));
	for (i = 0; i < sizeof(nice) / sizeof(nice[0]); i++) {
		step = nice[i] * mag;
		if (step >= raw * (1 - 1e-9))
			break;
	}
	*first = floor(lo / step + 1e-9) * step;
	*last = ceil(hi / step - 1e-9) * step;
	return step;
}

void skl_view_chart_label(double v, double step, double magnitude, char *out, size_t outsz)
{
	const char *suffix = "";
	double unit = 1, s;
	int decimals = 0;
	char buf[64], *p;
	if (fabs(v) < step * 1e-9)
		v = 0;
	magnitude = fabs(magnitude);
	if (magnitude >= 1e9) {
		unit = 1e9;
		suffix = "G";
	} else if (magnitude >= 1e6) {
		unit = 1e6;
		suffix = "M";
	} else if (magnitude >= 1e4) {
		unit = 1e3;
		suffix = "k";
	}
	s = step / unit;
	while (decimals < 9 && fabs(s * pow(10, decimals) - floor(s * pow(10, decimals) + 0.5)) > 1e-6)
		decimals++;
	snprintf(buf, sizeof(buf), "%.*f", decimals, v / unit);
	/* "1.50" -> "1.5", "2.0" -> "2" */
	if (strchr(buf, '.')) {
		p = buf + strlen(buf) - 1;
		while (*p == '0')
			*p-- = '\0';
		if (*p == '.')
			*p = '\0';
	}
	if (!strcmp(buf, "-0"))
		snprintf(buf, sizeof(buf), "0");
	snprintf(out, outsz, "%s%s", buf, strcmp(buf, "0") ? suffix : "");
}

/* Exact text for tooltips. */
static void exact(double v, char *out, size_t outsz)
{
	if (v == floor(v) && fabs(v) < 1e15)
		snprintf(out, outsz, "%.0f", v);
	else
		snprintf(out, outsz, "%.6g", v);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* ---- state ---------------------------------------------------------------------- */

typedef struct cv {
	skl_dl *dl;
	const skl_chart *c;
	const skl_view_chart_opts *o;
	float u;
	float rx, ry, rw, rh; /* the region */
	float px, py, pw, ph; /* the plot area */
	float cat_h;	      /* the category labels' height */
	double x0, x1, xstep; /* lines: the x range and tick step */
	double y0, y1, ystep; /* the value range and tick step */
	double *cats;	      /* bars without xlabels: the distinct x values */
	int ncats;
	int points; /* points on the chart */
	char key[128];
	char tip[512];
} cv;

static float sx(const cv *v, double x)
{
	return v->px + (float)((x - v->x0) / (v->x1 - v->x0)) * v->pw;
}

static float sy(const cv *v, double y)
{
	return v->py + v->ph - (float)((y - v->y0) / (v->y1 - v->y0)) * v->ph;
}

/* Category of x in a bar chart, or -1. */
static int category(const cv *v, double x)
{
	int lo = 0, hi = v->ncats - 1;
	if (v->c->nxlabels > 0) {
		int i = (int)floor(x + 0.5);
		return i >= 0 && i < v->c->nxlabels ? i : -1;
	}
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (v->cats[mid] == x)
			return mid;
		if (v->cats[mid] < x)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

static void category_label(const cv *v, int i, char *out, size_t outsz)
{
	if (v->c->nxlabels > 0)
		snprintf(out, outsz, "%s", v->c->xlabels[i] ? v->c->xlabels[i] : "");
	else
		exact(v->cats[i], out, outsz);
}

/* ---- ranges ------------------------------------------------------------------------ */

/* Point i of se has an error bar. */
static int has_interval(const skl_chart_series *se, int i)
{
	return se->lo && se->hi && isfinite(se->lo[i]) && isfinite(se->hi[i]);
}

/* Data ranges; 0 when there is no point at all. */
static int ranges(cv *v, double *xmin, double *xmax, double *ymin, double *ymax)
{
	const skl_chart *c = v->c;
	int s, i, any = 0;
	*xmin = *xmax = *ymin = *ymax = 0;
	for (s = 0; s < c->nseries; s++) {
		for (i = 0; i < c->series[s].n; i++) {
			double x = c->series[s].x[i], y = c->series[s].y[i];
			if (!isfinite(x) || !isfinite(y))
				continue;
			if (!any) {
				*xmin = *xmax = x;
				*ymin = *ymax = y;
				any = 1;
			}
			*xmin = fmin(*xmin, x);
			*xmax = fmax(*xmax, x);
			*ymin = fmin(*ymin, y);
			*ymax = fmax(*ymax, y);
			if (has_interval(&c->series[s], i)) {
				*ymin = fmin(*ymin, c->series[s].lo[i]);
				*ymax = fmax(*ymax, c->series[s].hi[i]);
			}
			v->points++;
		}
	}
	/* the value axis always shows 0 */
	*ymin = fmin(*ymin, 0);
	*ymax = fmax(*ymax, 0);
	return any;
}

/* Bars without xlabels: the distinct x values, sorted. */
static int collect_categories(cv *v)
{
	const skl_chart *c = v->c;
	int s, i, n = 0, m = 0;
	v->cats = skl_calloc((size_t)(v->points ? v->points : 1), sizeof(double));
	if (!v->cats)
		return -1;
	for (s = 0; s < c->nseries; s++)
		for (i = 0; i < c->series[s].n; i++)
			if (isfinite(c->series[s].x[i]) && isfinite(c->series[s].y[i]))
				v->cats[n++] = c->series[s].x[i];
	qsort(v->cats, (size_t)n, sizeof(double), cmp_double);
	for (i = 0; i < n; i++)
		if (!m || v->cats[m - 1] != v->cats[i])
			v->cats[m++] = v->cats[i];
	v->ncats = m;
	return 0;
}

/* ---- pieces ------------------------------------------------------------------------- */

static float legend_row_height(const cv *v)
{
	return 30 * v->u;
}

/* Lays the legend out in rows (draw = 0 only measures). Returns its height. */
static float legend(cv *v, float x, float y, float w, int draw)
{
	const skl_chart *c = v->c;
	float ls = floorf(15 * v->u), sw = 26 * v->u, sh = 14 * v->u, cx = x, rows = 1;
	int s;
	for (s = 0; s < c->nseries; s++) {
		char buf[256];
		const char *name = c->series[s].name ? c->series[s].name : "";
		float maxw = w - sw - 7 * v->u;
		float ew;
		skl_dl_ellipsize(name, skl_dl_fit_chars(maxw, ls), buf, sizeof(buf));
		ew = sw + 7 * v->u + skl_dl_text_width(buf, ls) + 24 * v->u;
		if (cx > x && cx + ew > x + w) {
			cx = x;
			rows++;
		}
		if (draw) {
			float yy = y + (rows - 1) * legend_row_height(v);
			skl_color col = skl_view_chart_color(s);
			snprintf(v->key, sizeof(v->key), "%d:legend:%d", v->o->obj, s);
			skl_dl_begin(v->dl, v->key, name);
			if (c->bars)
				skl_dl_rect(v->dl, cx, yy + (legend_row_height(v) - sh) / 2, sw, sh,
					    skl_color_mix(col, C_BG, 0.15f), col, 1);
			else
				skl_dl_line(v->dl, cx, yy + legend_row_height(v) / 2, cx + sw,
					    yy + legend_row_height(v) / 2, col, skl__clampf(3 * v->u, 2, 6));
			skl__text(v->dl, cx + sw + 7 * v->u, yy, ew - sw, legend_row_height(v), buf, ls,
				  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
			skl_dl_end(v->dl);
		}
		cx += ew;
	}
	return rows * legend_row_height(v);
}

/* Horizontal gridlines, the value axis and its tick labels. */
static void draw_yaxis(cv *v)
{
	float ts = floorf(14 * v->u);
	double t, mag = fmax(fabs(v->y0), fabs(v->y1));
	int i = 0;
	snprintf(v->key, sizeof(v->key), "%d:yaxis", v->o->obj);
	snprintf(v->tip, sizeof(v->tip), "%s", v->c->ylabel ? v->c->ylabel : "value");
	skl_dl_begin(v->dl, v->key, v->tip);
	for (t = v->y0; t <= v->y1 + v->ystep * 1e-6 && i < 200; t = v->y0 + v->ystep * ++i) {
		char lab[64];
		float y = sy(v, t);
		skl_view_chart_label(t, v->ystep, mag, lab, sizeof(lab));
		skl_dl_line(v->dl, v->px, y, v->px + v->pw, y, fabs(t) < v->ystep * 1e-9 ? C_AXIS : C_GRID,
			    fabs(t) < v->ystep * 1e-9 ? 1.5f : 1);
		skl__text(v->dl, v->rx, y - ts, v->px - 10 * v->u - v->rx, 2 * ts, lab, ts, SKL_FONT_REGULAR,
			  SKL_ALIGN_RIGHT, C_INK3);
	}
	skl_dl_line(v->dl, v->px, v->py, v->px, v->py + v->ph, C_AXIS, 1);
	if (v->c->ylabel && *v->c->ylabel) {
		float ls = floorf(15 * v->u);
		skl__text(v->dl, v->rx, v->py - 30 * v->u, v->rw, 22 * v->u, v->c->ylabel, ls, SKL_FONT_BOLD,
			  SKL_ALIGN_LEFT, C_INK2);
	}
	skl_dl_end(v->dl);
}

/* The category or value axis under the plot, and the x label. */
static void draw_xaxis(cv *v, float label_h)
{
	float ts = floorf(14 * v->u), base = v->py + v->ph;
	snprintf(v->key, sizeof(v->key), "%d:xaxis", v->o->obj);
	snprintf(v->tip, sizeof(v->tip), "%s", v->c->xlabel ? v->c->xlabel : (v->c->bars ? "category" : "x"));
	skl_dl_begin(v->dl, v->key, v->tip);
	skl_dl_line(v->dl, v->px, base, v->px + v->pw, base, C_AXIS, 1);
	if (v->c->bars) {
		int n = v->c->nxlabels > 0 ? v->c->nxlabels : v->ncats, i, every = 1;
		float slot = n ? v->pw / (float)n : v->pw;
		/* leave labels out (every k-th) when not even a mark fits; else
		 * each wraps to up to three lines, or takes a mark the key
		 * under the picture explains */
		skl_fit f = {ts, 0, 3, SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK2, SKL_FIT_MARK | SKL_FIT_MARK_CUT, 0};
		while ((float)every * slot < 3 * skl__fs(v->dl, ts) && every < n)
			every++;
		for (i = 0; i < n; i += every) {
			char lab[256];
			float cx = v->px + slot * ((float)i + 0.5f), w = slot * (float)every - 6 * v->u;
			category_label(v, i, lab, sizeof(lab));
			skl_dl_fit_text(v->dl, cx - w / 2, base + 4 * v->u, w, v->cat_h - 4 * v->u, lab, &f, NULL);
		}
	} else {
		double t, mag = fmax(fabs(v->x0), fabs(v->x1));
		int i = 0;
		for (t = v->x0; t <= v->x1 + v->xstep * 1e-6 && i < 200; t = v->x0 + v->xstep * ++i) {
			char lab[64];
			float x = sx(v, t);
			skl_view_chart_label(t, v->xstep, mag, lab, sizeof(lab));
			if (i > 0)
				skl_dl_line(v->dl, x, v->py, x, base, C_GRID, 1);
			float bw = skl_dl_text_width(lab, ts) + 8 * v->u;
			float bx = skl__clampf(x - bw / 2, v->rx, v->rx + v->rw - bw);
			skl_dl_line(v->dl, x, base, x, base + 5 * v->u, C_AXIS, 1);
			skl__text(v->dl, bx, base + 6 * v->u, bw, 22 * v->u, lab, ts, SKL_FONT_REGULAR,
				  SKL_ALIGN_CENTER, C_INK3);
		}
	}
	if (v->c->xlabel && *v->c->xlabel) {
		float ls = floorf(15 * v->u);
		skl__text(v->dl, v->px, base + label_h - 24 * v->u, v->pw, 24 * v->u, v->c->xlabel, ls, SKL_FONT_BOLD,
			  SKL_ALIGN_CENTER, C_INK2);
	}
	skl_dl_end(v->dl);
}

static void point_tip(cv *v, int s, int i, const char *xtext)
{
	const skl_chart_series *se = &v->c->series[s];
	char xs[64], ys[64];
	exact(se->x[i], xs, sizeof(xs));
	exact(se->y[i], ys, sizeof(ys));
	snprintf(v->tip, sizeof(v->tip), "%s\n%s = %s\n%s = %s", se->name ? se->name : "",
		 v->c->xlabel && *v->c->xlabel ? v->c->xlabel : "x", xtext ? xtext : xs,
		 v->c->ylabel && *v->c->ylabel ? v->c->ylabel : "y", ys);
	if (has_interval(se, i)) {
		char lo[64], hi[64];
		size_t l = strlen(v->tip);
		exact(se->lo[i], lo, sizeof(lo));
		exact(se->hi[i], hi, sizeof(hi));
		snprintf(v->tip + l, sizeof(v->tip) - l, "\ninterval %s to %s", lo, hi);
	}
}

/* An error bar at x from lo to hi (a vertical line with caps w wide). */
static void error_bar(cv *v, float x, double lo, double hi, float w)
{
	float y0 = sy(v, lo), y1 = sy(v, hi), lw = skl__clampf(2 * v->u, 1, 4);
	skl_dl_line(v->dl, x, y0, x, y1, C_INK, lw);
	skl_dl_line(v->dl, x - w / 2, y0, x + w / 2, y0, C_INK, lw);
	skl_dl_line(v->dl, x - w / 2, y1, x + w / 2, y1, C_INK, lw);
}

/* One series as a polyline, thinned to each pixel column's first, lowest,
 * highest and last point; markers when the points are far enough apart. */
static void draw_line(cv *v, int s)
{
	const skl_chart_series *se = &v->c->series[s];
	skl_color col = skl_view_chart_color(s);
	float lw = skl__clampf(3 * v->u, 1.5f, 6), ms = skl__clampf(12 * v->u, 6, 20);
	float lx = 0, ly = 0;
	int i, have = 0, n = 0, markers;
	double lo = 0, hi = 0;

	for (i = 0; i < se->n; i++)
		if (isfinite(se->x[i]) && isfinite(se->y[i])) {
			if (!n || se->y[i] < lo)
				lo = se->y[i];
			if (!n || se->y[i] > hi)
				hi = se->y[i];
			n++;
		}
	{
		char a[64], b[64];
		exact(lo, a, sizeof(a));
		exact(hi, b, sizeof(b));
		snprintf(v->tip, sizeof(v->tip), "%s\n%d points, %s from %s to %s", se->name ? se->name : "", n,
			 v->c->ylabel && *v->c->ylabel ? v->c->ylabel : "y", a, b);
	}
	snprintf(v->key, sizeof(v->key), "%d:series:%d", v->o->obj, s);
	skl_dl_begin(v->dl, v->key, v->tip);
	for (i = 0; i < se->n;) {
		float col_x, fx, fy, minv, maxv, last_y;
		int j;
		if (!isfinite(se->x[i]) || !isfinite(se->y[i])) {
			i++;
			continue;
		}
		fx = sx(v, se->x[i]);
		fy = sy(v, se->y[i]);
		col_x = floorf(fx);
		minv = maxv = last_y = fy;
		/* the run of points in the same pixel column */
		for (j = i + 1; j < se->n; j++) {
			float y;
			if (!isfinite(se->x[j]) || !isfinite(se->y[j]))
				continue;
			if (floorf(sx(v, se->x[j])) != col_x)
				break;
			y = sy(v, se->y[j]);
			minv = fminf(minv, y);
			maxv = fmaxf(maxv, y);
			last_y = y;
		}
		if (have)
			skl_dl_line(v->dl, lx, ly, fx, fy, col, lw);
		if (maxv - minv >= 1)
			skl_dl_line(v->dl, fx, minv, fx, maxv, col, lw);
		lx = fx;
		ly = last_y;
		have = 1;
		i = j;
	}
	skl_dl_end(v->dl);

	/* markers, each a hover group, when they are at least 3 marker widths apart */
	markers = n > 0 && n <= MAX_KEYED && v->pw / (float)(n > 1 ? n - 1 : 1) >= 3 * ms && v->points <= MAX_KEYED;
	for (i = 0; markers && i < se->n; i++) {
		float x, y;
		if (!isfinite(se->x[i]) || !isfinite(se->y[i]))
			continue;
		x = sx(v, se->x[i]);
		y = sy(v, se->y[i]);
		point_tip(v, s, i, NULL);
		snprintf(v->key, sizeof(v->key), "%d:point:%d:%d", v->o->obj, s, i);
		skl_dl_begin(v->dl, v->key, v->tip);
		if (has_interval(se, i))
			error_bar(v, x, se->lo[i], se->hi[i], ms);
		skl_dl_rect(v->dl, x - ms / 2, y - ms / 2, ms, ms, col, C_BG, skl__clampf(2 * v->u, 1, 3));
		skl_dl_end(v->dl);
	}
}

/* Grouped bars: one group per category, one bar per series, from 0. */
static void draw_bars(cv *v)
{
	const skl_chart *c = v->c;
	int n = c->nxlabels > 0 ? c->nxlabels : v->ncats, s, i;
	float slot = n ? v->pw / (float)n : v->pw, group = slot * 0.8f;
	float bw = group / (float)(c->nseries ? c->nseries : 1), ts = floorf(13 * v->u);
	int keyed = v->points <= MAX_KEYED;
	for (s = 0; s < c->nseries; s++) {
		const skl_chart_series *se = &c->series[s];
		skl_color col = skl_view_chart_color(s);
		for (i = 0; i < se->n; i++) {
			int k = isfinite(se->x[i]) && isfinite(se->y[i]) ? category(v, se->x[i]) : -1;
			float x, y0, y1, top, h, et, eh;
			char lab[256], val[64];
			int iv;
			if (k < 0)
				continue;
			x = v->px + slot * (float)k + (slot - group) / 2 + bw * (float)s;
			y0 = sy(v, 0);
			y1 = sy(v, se->y[i]);
			top = fminf(y0, y1);
			h = fabsf(y1 - y0);
			if (keyed) {
				category_label(v, k, lab, sizeof(lab));
				point_tip(v, s, i, lab);
				snprintf(v->key, sizeof(v->key), "%d:point:%d:%d", v->o->obj, s, i);
				skl_dl_begin(v->dl, v->key, v->tip);
			}
			skl_dl_rect(v->dl, x + 1, top, fmaxf(bw - 2, 1), fmaxf(h, 1), skl_color_mix(col, C_BG, 0.15f),
				    col, bw >= 6 ? 1 : 0);
			et = top;
			eh = h;
			iv = has_interval(se, i);
			if (iv) { /* the value goes beyond the bar's whisker */
				error_bar(v, x + bw / 2, se->lo[i], se->hi[i], fminf(bw * 0.4f, 24 * v->u));
				if (se->y[i] >= 0)
					et = fminf(top, sy(v, se->hi[i]));
				else
					eh = fmaxf(h, sy(v, se->lo[i]) - top);
			}
			/* the value over the bar when it fits */
			skl_view_chart_label(se->y[i], fabs(se->y[i]) >= 100 || se->y[i] == floor(se->y[i]) ? 1 : 0.1,
					     fabs(se->y[i]), val, sizeof(val));
			if (skl_dl_text_width(val, skl__fs(v->dl, ts)) <= bw - 2) {
				/* outside the bar's end (and its whisker); inside it when
				 * outside would leave the plot (and meet the axis labels):
				 * at its end, or with a whisker, at its base, clear of it */
				float ly = se->y[i] >= 0 ? et - 20 * v->u : et + eh;
				skl_color ink = C_INK2;
				if ((se->y[i] >= 0 && ly < v->py) || (se->y[i] < 0 && ly + 20 * v->u > v->py + v->ph)) {
					if (h < 20 * v->u)
						goto no_value;
					if (iv)
						ly = se->y[i] >= 0 ? top + h - 20 * v->u : top;
					else
						ly = se->y[i] >= 0 ? top : top + h - 20 * v->u;
					if (iv &&
					    (se->y[i] >= 0 ? sy(v, se->lo[i]) > ly : sy(v, se->hi[i]) < ly + 20 * v->u))
						goto no_value; /* the whisker runs through the whole bar */
					ink = skl__is_dark(col) ? SKL_HEX(0xffffff) : C_INK;
				}
				skl__text(v->dl, x, ly, bw, 20 * v->u, val, ts, SKL_FONT_REGULAR, SKL_ALIGN_CENTER,
					  ink);
			}
		no_value:
			if (keyed)
				skl_dl_end(v->dl);
		}
	}
}

/* ---- entry point ------------------------------------------------------------------------- */

int skl_view_chart(skl_dl *dl, const skl_chart *c, const skl_view_chart_opts *opts)
{
	skl_view_chart_opts dflt;
	cv v;
	float x, y, w, h, title_h, legend_h, ylab_w, xlab_h;
	double xmin, xmax, ymin, ymax;
	int any, s;

	if (!opts) {
		memset(&dflt, 0, sizeof(dflt));
		opts = &dflt;
	}
	memset(&v, 0, sizeof(v));
	v.dl = dl;
	v.c = c;
	v.o = opts;
	skl__view_box(dl, opts->x, opts->y, opts->w, opts->h, &x, &y, &w, &h);
	v.rx = x;
	v.ry = y;
	v.rw = w;
	v.rh = h;
	v.u = skl__view_scale(dl, opts->text_scale);

	/* the title */
	title_h = 0;
	if (!opts->no_title && c->title && *c->title) {
		float ts = floorf(26 * v.u);
		title_h = 44 * v.u;
		snprintf(v.key, sizeof(v.key), "%d:chart", opts->obj);
		snprintf(v.tip, sizeof(v.tip), "%s\n%s: %s\n%s: %s\n%d series, %s", c->title, "x",
			 c->xlabel ? c->xlabel : "-", "y", c->ylabel ? c->ylabel : "-", c->nseries,
			 c->bars ? "grouped bars" : "lines");
		skl_dl_begin(dl, v.key, v.tip);
		skl__text(dl, x, y, w, title_h, c->title, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
		skl_dl_end(dl);
	}

	any = ranges(&v, &xmin, &xmax, &ymin, &ymax);
	if (!any) {
		skl__text(dl, x, y + title_h, w, h - title_h, "(no data)", floorf(20 * v.u), SKL_FONT_REGULAR,
			  SKL_ALIGN_CENTER, C_INK3);
		return skl_dl_failed(dl) ? -1 : 0;
	}
	if (c->bars && c->nxlabels <= 0 && collect_categories(&v) < 0)
		return -1;

	/* the plot area: room for the y labels on the left, the x labels,
	 * the x axis title and the legend below, the y axis title above */
	legend_h = opts->no_legend ? 0 : legend(&v, x, 0, w, 0) + 10 * v.u;
	v.cat_h = 22 * v.u;
	if (c->bars) {
		/* category labels wrap to up to three lines (or take marks) */
		int n = c->nxlabels > 0 ? c->nxlabels : v.ncats, i;
		float slot = n ? (w - 110 * v.u) / (float)n - 6 * v.u : w, ts = floorf(14 * v.u);
		skl_fit f = {ts, 0, 3, SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK2, SKL_FIT_MARK | SKL_FIT_MARK_CUT, 0};
		for (i = 0; i < n; i++) {
			char lab[256];
			skl_fitted m;
			category_label(&v, i, lab, sizeof(lab));
			skl_dl_fit_measure(dl, slot, skl__fs(dl, ts) * 1.2f * 3, lab, &f, &m);
			if (m.lines > 0 && m.height + 8 * v.u > v.cat_h)
				v.cat_h = m.height + 8 * v.u;
		}
	}
	xlab_h = 8 * v.u + v.cat_h + (c->xlabel && *c->xlabel ? 30 * v.u : 0);
	v.py = y + title_h + (c->ylabel && *c->ylabel ? 34 * v.u : 14 * v.u);
	v.ph = h - (v.py - y) - xlab_h - legend_h;
	if (v.ph < 40 * v.u)
		v.ph = 40 * v.u;

	v.ystep = skl_view_chart_ticks(ymin, ymax, (int)skl__clampf(v.ph / (80 * v.u), 2, 10), &v.y0, &v.y1);
	{
		/* the widest y label decides the left margin */
		double t, mag = fmax(fabs(v.y0), fabs(v.y1));
		int i = 0;
		float tw = floorf(14 * v.u), widest = 0;
		for (t = v.y0; t <= v.y1 + v.ystep * 1e-6 && i < 200; t = v.y0 + v.ystep * ++i) {
			char lab[64];
			skl_view_chart_label(t, v.ystep, mag, lab, sizeof(lab));
			widest = fmaxf(widest, skl_dl_text_width(lab, tw));
		}
		ylab_w = widest + 16 * v.u;
	}
	v.px = x + ylab_w;
	v.pw = w - ylab_w - 24 * v.u;
	if (!c->bars)
		v.xstep = skl_view_chart_ticks(xmin, xmax, (int)skl__clampf(v.pw / (110 * v.u), 2, 12), &v.x0, &v.x1);
	if (c->bars || !(v.x1 > v.x0)) {
		v.x0 = 0;
		v.x1 = 1;
	}

	draw_yaxis(&v);
	draw_xaxis(&v, xlab_h);
	if (c->bars)
		draw_bars(&v);
	else
		for (s = 0; s < c->nseries; s++)
			draw_line(&v, s);
	if (!opts->no_legend)
		legend(&v, x, y + h - legend_h + 10 * v.u, w, 1);
	skl_free(v.cats);
	return skl_dl_failed(dl) ? -1 : 0;
}
