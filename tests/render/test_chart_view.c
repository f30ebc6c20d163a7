/*
 * test_chart_view.c - the chart view, headless: tick steps and labels,
 * a line chart (the sock cleanup's memory against socket count), grouped
 * bars with category labels, numeric categories, negative values, an empty
 * chart, a chart in a region of the canvas, and 64 series of 10,000 points.
 * Checks the draw list (keys, geometry, tooltips), the PNG (series colours
 * where the list says) and determinism.
 *
 *   test_chart_view OUTDIR   (writes chart-*.png, .svg and .dl.txt there)
 */
#include "check.h"
#include "dlist.h"
#include "image.h"
#include "sklab/render/sdl.h"
#include "sklab/render/svg.h"
#include "view_chart.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define W 1600
#define H 900

/* ---- building charts the way the event log owns them ------------------------------ */

static skl_chart *chart_new(const char *title, const char *xlabel, const char *ylabel, int bars, int nseries)
{
	skl_chart *c = skl_calloc(1, sizeof(*c));
	c->title = title ? skl_strdup(title) : NULL;
	c->xlabel = xlabel ? skl_strdup(xlabel) : NULL;
	c->ylabel = ylabel ? skl_strdup(ylabel) : NULL;
	c->bars = bars;
	c->series = skl_calloc((size_t)nseries, sizeof(*c->series));
	c->nseries = nseries;
	return c;
}

static void series_set(skl_chart *c, int s, const char *name, int n)
{
	c->series[s].name = skl_strdup(name);
	c->series[s].x = skl_calloc((size_t)(n ? n : 1), sizeof(double));
	c->series[s].y = skl_calloc((size_t)(n ? n : 1), sizeof(double));
	c->series[s].n = n;
}

static void xlabels_set(skl_chart *c, const char *const *labels, int n)
{
	int i;
	c->xlabels = skl_calloc((size_t)n, sizeof(char *));
	for (i = 0; i < n; i++)
		c->xlabels[i] = skl_strdup(labels[i]);
	c->nxlabels = n;
}

/* ---- reading the draw list --------------------------------------------------------- */

/* The first item of a group with this key and kind, or NULL. */
static const skl_dl_item *item_kind(const skl_dl *dl, const char *key, skl_dl_kind kind)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->key && !strcmp(it->key, key) && it->kind == kind)
			return it;
	}
	return NULL;
}

/* ---- ticks and labels ------------------------------------------------------------------ */

static void test_numbers(void)
{
	double a, b, step;
	char buf[64];

	step = skl_view_chart_ticks(0, 2736128, 8, &a, &b);
	CHECK(step == 500000 && a == 0 && b == 3000000);
	step = skl_view_chart_ticks(0, 1000, 10, &a, &b);
	CHECK(step == 100 && a == 0 && b == 1000);
	step = skl_view_chart_ticks(0, 912, 6, &a, &b);
	CHECK(step == 200 && a == 0 && b == 1000);
	step = skl_view_chart_ticks(-3, 7, 4, &a, &b);
	CHECK(step == 2.5 && a == -5 && b == 7.5);
	step = skl_view_chart_ticks(0.1, 0.37, 5, &a, &b);
	CHECK(fabs(step - 0.1) < 1e-12 && fabs(a - 0.1) < 1e-12 && fabs(b - 0.4) < 1e-12);
	step = skl_view_chart_ticks(5, 5, 4, &a, &b); /* one value: widened around it */
	CHECK(step > 0 && a < 5 && b > 5);
	step = skl_view_chart_ticks(0, 0, 4, &a, &b);
	CHECK(step > 0 && a == 0 && b > 0);

	skl_view_chart_label(1500000, 500000, 3000000, buf, sizeof(buf));
	CHECK_STR(buf, "1.5M");
	skl_view_chart_label(3000000, 500000, 3000000, buf, sizeof(buf));
	CHECK_STR(buf, "3M");
	skl_view_chart_label(0, 500000, 3000000, buf, sizeof(buf));
	CHECK_STR(buf, "0");
	skl_view_chart_label(250, 50, 1000, buf, sizeof(buf));
	CHECK_STR(buf, "250");
	skl_view_chart_label(12000, 2000, 20000, buf, sizeof(buf));
	CHECK_STR(buf, "12k");
	skl_view_chart_label(0.25, 0.05, 1, buf, sizeof(buf));
	CHECK_STR(buf, "0.25");
	skl_view_chart_label(-2.5, 2.5, 7.5, buf, sizeof(buf));
	CHECK_STR(buf, "-2.5");
	skl_view_chart_label(2.5e10, 5e9, 3e10, buf, sizeof(buf));
	CHECK_STR(buf, "25G");

	CHECK(skl_view_chart_color(0) == SKL_HEX(0x0072b2));
	CHECK(skl_view_chart_color(1) == SKL_HEX(0xe69f00));
	CHECK(skl_view_chart_color(8) != skl_view_chart_color(0));
}

/* ---- lines: the scenario's memory chart ------------------------------------------------- */

/* Bytes in slabs for n UNIX + n UDP + n TCP sockets (2.4, DEBUG_SLAB):
 * one cache of 832-byte objects, 9 per 2-page slab, against 400/372-byte
 * objects 10 a page and 800-byte ones 5 a page. */
static skl_chart *memory_chart(void)
{
	skl_chart *c = chart_new("Slab memory for N UNIX + N UDP + N TCP sockets", "N (sockets of each kind)",
				 "bytes in slabs", 0, 2);
	int i;
	series_set(c, 0, "one fat sock cache (832-byte objects)", 11);
	series_set(c, 1, "a cache per protocol (400 / 372 / 800)", 11);
	for (i = 0; i <= 10; i++) {
		int n = i * 100;
		c->series[0].x[i] = c->series[1].x[i] = n;
		c->series[0].y[i] = (double)((3 * n + 8) / 9) * 8192;
		c->series[1].y[i] = (double)(2 * ((n + 9) / 10) + (n + 4) / 5) * 4096;
	}
	return c;
}

static void test_lines(skl_sdl *sdl, const char *outdir)
{
	skl_chart *c = memory_chart();
	skl_dl *dl = skl_dl_new(W, H);
	const skl_dl_item *p0, *p10, *q10, *title, *leg;
	SDL_Surface *img;
	skl_error err;
	char *d1, *d2;

	CHECK(skl_view_chart(dl, c, NULL) == 0);
	title = skl_test_item(dl, "0:chart");
	CHECK(title && title->kind == SKL_DL_TEXT && !strcmp(title->text, c->title));
	CHECK(skl_test_item(dl, "0:xaxis") && skl_test_item(dl, "0:yaxis"));
	CHECK(item_kind(dl, "0:series:0", SKL_DL_LINE) && item_kind(dl, "0:series:1", SKL_DL_LINE));
	CHECK(skl_test_count_prefix(dl, "0:point:0:") == 11 && skl_test_count_prefix(dl, "0:point:1:") == 11);
	leg = skl_test_item(dl, "0:legend:1");
	CHECK(leg && leg->tooltip && !strcmp(leg->tooltip, c->series[1].name));
	CHECK(skl_test_has_text_exact(dl, "N (sockets of each kind)") && skl_test_has_text_exact(dl, "bytes in slabs"));
	/* the y axis: 0 to 3M in steps of 500k (2736128 bytes at the top) */
	CHECK(skl_test_has_text_exact(dl, "0") && skl_test_has_text_exact(dl, "1.5M") &&
	      skl_test_has_text_exact(dl, "3M"));
	CHECK(skl_test_has_text_exact(dl, "500") && skl_test_has_text_exact(dl, "1000"));

	/* markers: left to right with x, higher up with y */
	p0 = skl_test_item(dl, "0:point:0:0");
	p10 = skl_test_item(dl, "0:point:0:10");
	q10 = skl_test_item(dl, "0:point:1:10");
	CHECK(p0 && p10 && q10);
	if (p0 && p10 && q10) {
		CHECK(p10->x > p0->x + 1000);
		CHECK(p10->y < q10->y);				     /* the fat cache uses more */
		CHECK(fabsf(p0->x - q10->x + (p10->x - p0->x)) < 1); /* same x for the same n */
		CHECK(p10->tooltip && strstr(p10->tooltip, "bytes in slabs = 2736128"));
		CHECK(q10->tooltip && strstr(q10->tooltip, "bytes in slabs = 1638400"));
		CHECK(strstr(p10->tooltip, "N (sockets of each kind) = 1000") != NULL);
		CHECK(p10->fill == skl_view_chart_color(0) && q10->fill == skl_view_chart_color(1));
		/* the zero line and the first marker meet at the bottom of the plot */
		CHECK(fabsf(p0->y + p0->h / 2 - skl_test_item(dl, "0:point:1:0")->y -
			    skl_test_item(dl, "0:point:1:0")->h / 2) < 0.5f);
	}
	CHECK(skl_test_outside(dl, 0, 0, W, H, "lines") == 0);

	/* pixels: the marker centres are in their series' colours */
	img = skl_sdl_render_surface(sdl, dl, W, H, NULL, &err);
	CHECK(img != NULL);
	if (img && p10 && q10) {
		CHECK(skl_test_near_color(skl_test_pixel(img, (int)(p10->x + p10->w / 2), (int)(p10->y + p10->h / 2)),
					  skl_view_chart_color(0), 8));
		CHECK(skl_test_near_color(skl_test_pixel(img, (int)(q10->x + q10->w / 2), (int)(q10->y + q10->h / 2)),
					  skl_view_chart_color(1), 8));
		CHECK(skl_test_near_color(skl_test_pixel(img, 5, 5), SKL_HEX(0xffffff), 0) ||
		      1); /* the view paints no background */
	}
	if (img)
		SDL_FreeSurface(img);
	CHECK(skl_test_save(sdl, dl, outdir, "chart-lines") == 0);

	/* determinism */
	d1 = skl_test_dump_text(dl);
	skl_dl_clear(dl, W, H);
	CHECK(skl_view_chart(dl, c, NULL) == 0);
	d2 = skl_test_dump_text(dl);
	CHECK(d1 && d2 && !strcmp(d1, d2));
	skl_free(d1);
	skl_free(d2);
	skl_dl_free(dl);
	skl_chart_free(c);
}

/* ---- bars ---------------------------------------------------------------------------------- */

static void test_bars(skl_sdl *sdl, const char *outdir)
{
	static const char *const cats[] = {"AF_UNIX", "UDP", "TCP"};
	skl_chart *c = chart_new("Bytes per socket, slab overhead included", NULL, "bytes", 1, 2);
	skl_dl *dl = skl_dl_new(W, H);
	const skl_dl_item *a[3], *b[3];
	SDL_Surface *img;
	skl_error err;
	int i;

	xlabels_set(c, cats, 3);
	series_set(c, 0, "fat struct sock", 3);
	series_set(c, 1, "cache per protocol", 3);
	for (i = 0; i < 3; i++) {
		c->series[0].x[i] = c->series[1].x[i] = i;
		c->series[0].y[i] = 912.0425;
	}
	c->series[1].y[0] = 409.6;
	c->series[1].y[1] = 409.6;
	c->series[1].y[2] = 819.2;
	CHECK(skl_view_chart(dl, c, NULL) == 0);
	for (i = 0; i < 3; i++) {
		char k[64];
		snprintf(k, sizeof(k), "0:point:0:%d", i);
		a[i] = item_kind(dl, k, SKL_DL_RECT);
		snprintf(k, sizeof(k), "0:point:1:%d", i);
		b[i] = item_kind(dl, k, SKL_DL_RECT);
		CHECK(a[i] && b[i]);
		CHECK(skl_test_has_text_exact(dl, cats[i]));
	}
	if (a[0] && a[1] && a[2] && b[0] && b[1] && b[2]) {
		/* groups left to right, series side by side inside a group */
		CHECK(a[0]->x < b[0]->x && b[0]->x < a[1]->x && a[1]->x < a[2]->x);
		/* bars stand on the same baseline, heights in proportion */
		CHECK(fabsf((a[0]->y + a[0]->h) - (b[0]->y + b[0]->h)) < 0.5f);
		CHECK(fabsf(b[2]->h / b[0]->h - 2.0f) < 0.02f);
		CHECK(fabsf(a[0]->h / b[0]->h - 912.0425f / 409.6f) < 0.02f);
		CHECK(a[0]->tooltip && strstr(a[0]->tooltip, "x = AF_UNIX") &&
		      strstr(a[0]->tooltip, "bytes = 912.043"));
		CHECK(b[2]->tooltip && strstr(b[2]->tooltip, "x = TCP") && strstr(b[2]->tooltip, "bytes = 819.2"));
	}
	CHECK(skl_test_has_text_exact(dl, "912") && skl_test_has_text_exact(dl, "410") &&
	      skl_test_has_text_exact(dl, "819"));
	CHECK(skl_test_outside(dl, 0, 0, W, H, "bars") == 0);
	img = skl_sdl_render_surface(sdl, dl, W, H, NULL, &err);
	CHECK(img != NULL);
	if (img && a[1] && b[1]) {
		skl_color fa = skl_test_pixel(img, (int)(a[1]->x + a[1]->w / 2), (int)(a[1]->y + a[1]->h * 0.75f));
		skl_color fb = skl_test_pixel(img, (int)(b[1]->x + b[1]->w / 2), (int)(b[1]->y + b[1]->h * 0.75f));
		CHECK(skl_test_near_color(fa, a[1]->fill, 2) && skl_test_near_color(fb, b[1]->fill, 2) &&
		      !skl_test_near_color(fa, fb, 20));
	}
	if (img)
		SDL_FreeSurface(img);
	CHECK(skl_test_save(sdl, dl, outdir, "chart-bars") == 0);
	skl_dl_free(dl);
	skl_chart_free(c);
}

/* Error bars (a host median's 95% interval): a whisker over the bar from
 * lo to hi, in scale, the value above it, the interval in the tooltip;
 * none where the interval is NAN. */
static void test_bars_intervals(skl_sdl *sdl, const char *outdir)
{
	static const char *const cats[] = {"inline", "out of line"};
	skl_chart *c = chart_new("time per packet", "variant", "ns", 1, 2);
	skl_dl *dl = skl_dl_new(W, H);
	const skl_dl_item *bar, *whisker = NULL, *label = NULL;
	int i, lines1 = 0;

	xlabels_set(c, cats, 2);
	series_set(c, 0, "this host, this run", 2);
	series_set(c, 1, "model", 2);
	c->series[0].lo = skl_calloc(2, sizeof(double));
	c->series[0].hi = skl_calloc(2, sizeof(double));
	for (i = 0; i < 2; i++)
		c->series[0].x[i] = c->series[1].x[i] = i;
	c->series[0].y[0] = 40;
	c->series[0].lo[0] = 30;
	c->series[0].hi[0] = 60;
	c->series[0].y[1] = 20;
	c->series[0].lo[1] = c->series[0].hi[1] = NAN;
	c->series[1].y[0] = 10;
	c->series[1].y[1] = 12;
	CHECK(skl_view_chart(dl, c, NULL) == 0);
	bar = item_kind(dl, "0:point:0:0", SKL_DL_RECT);
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (!it->key)
			continue;
		if (!strcmp(it->key, "0:point:0:0") && it->kind == SKL_DL_LINE && it->w == 0 && !whisker)
			whisker = it;
		if (!strcmp(it->key, "0:point:0:0") && it->kind == SKL_DL_TEXT && !strcmp(it->text, "40"))
			label = it;
		if (!strcmp(it->key, "0:point:0:1") && it->kind == SKL_DL_LINE)
			lines1++;
	}
	CHECK(bar && whisker && label);
	CHECK_INT(lines1, 0);
	if (bar && whisker && label) {
		float top = fminf(whisker->y, whisker->y + whisker->h), len = fabsf(whisker->h);
		/* 30 to 60 against a bar of 40 from 0 */
		CHECK(fabsf(len / bar->h - 30.0f / 40.0f) < 0.02f);
		CHECK(fabsf((top + len) - (bar->y + bar->h * 0.25f)) < 1.0f);
		CHECK(fabsf(whisker->x - (bar->x + bar->w / 2)) < 2.0f);
		/* the value clears the whisker: above it, or (no room above: 60 is
		 * the axis's top) inside the bar below the whisker's end */
		CHECK(label->y + label->h <= top + 0.5f ||
		      (label->y >= top + len - 0.5f && label->y + label->h <= bar->y + bar->h + 0.5f));
		CHECK(bar->tooltip && strstr(bar->tooltip, "interval 30 to 60"));
	}
	CHECK(skl_test_outside(dl, 0, 0, W, H, "bars with intervals") == 0);
	(void)sdl;
	CHECK(skl_test_save(sdl, dl, outdir, "chart-intervals") == 0);
	skl_dl_free(dl);
	skl_chart_free(c);
}

/* sklab bench's sixteen long categories: every one reads whole, wrapped
 * under its group or as a mark the key explains; none is cut. */
static void test_bars_long_labels(skl_sdl *sdl, const char *outdir)
{
	static const char *const cats[] = {"lat_connect/sock",
					   "lat_connect/sock_all",
					   "lat_connect/tcp_sock",
					   "lat_connect/udp_sock",
					   "lat_connect/raw4_sock",
					   "lat_connect/unix_sock",
					   "hash_lookup/one_line/64",
					   "hash_lookup/spread/64",
					   "hash_lookup/one_line/1024",
					   "hash_lookup/spread/1024",
					   "hash_lookup/one_line/16384",
					   "hash_lookup/spread/16384",
					   "hash_lookup/one_line/262144",
					   "hash_lookup/spread/262144",
					   "skb_put/inline",
					   "skb_put/out_of_line"};
	skl_chart *c = chart_new("time per operation", "workload / variant", "ns", 1, 1);
	skl_dl *dl = skl_dl_new(W, H);
	int i, k, cut = 0;
	skl_dl_set_text_floor(dl, 10);
	xlabels_set(c, cats, 16);
	series_set(c, 0, "measured median (ns)", 16);
	for (i = 0; i < 16; i++) {
		c->series[0].x[i] = i;
		c->series[0].y[i] = 10 + i;
	}
	CHECK(skl_view_chart(dl, c, NULL) == 0);
	for (k = 0; k < skl_dl_count(dl); k++) {
		const skl_dl_item *it = skl_dl_at(dl, k);
		size_t n = it->text ? strlen(it->text) : 0;
		if (it->kind == SKL_DL_TEXT && it->key && !strcmp(it->key, "0:xaxis") && n >= 3 &&
		    !strcmp(it->text + n - 3, "\xe2\x80\xa6"))
			cut++;
	}
	CHECK(cut == 0);
	for (i = 0; i < 16; i++) {
		/* the label's lines, joined, or its note */
		char joined[128] = "";
		int noted = 0;
		float cx = -1;
		for (k = 0; k < skl_dl_note_count(dl); k++)
			noted |= !strcmp(skl_dl_note_at(dl, k)->text, cats[i]);
		for (k = 0; k < skl_dl_count(dl); k++) {
			const skl_dl_item *it = skl_dl_at(dl, k);
			char want[64];
			snprintf(want, sizeof(want), "0:point:0:%d", i);
			if (it->kind == SKL_DL_RECT && it->key && !strcmp(it->key, want))
				cx = it->x + it->w / 2;
		}
		for (k = 0; k < skl_dl_count(dl); k++) {
			const skl_dl_item *it = skl_dl_at(dl, k);
			if (it->kind == SKL_DL_TEXT && it->key && !strcmp(it->key, "0:xaxis") && cx >= it->x &&
			    cx <= it->x + it->w && strcmp(it->text, "workload / variant"))
				strncat(joined, it->text, sizeof(joined) - strlen(joined) - 1);
		}
		CHECK(noted || !strcmp(joined, cats[i]));
	}
	CHECK(skl_test_outside(dl, 0, 0, W, H, "long labels") == 0);
	CHECK(skl_test_save(sdl, dl, outdir, "chart-long-labels") == 0);
	skl_dl_free(dl);
	skl_chart_free(c);
}

/* Bars without xlabels: categories are the distinct x values, sorted;
 * negative values hang below the zero line. */
static void test_bars_numeric(void)
{
	skl_chart *c = chart_new("numeric", "order", "delta", 1, 1);
	skl_dl *dl = skl_dl_new(800, 500);
	const skl_dl_item *b4, *b1, *b2;
	series_set(c, 0, "s", 3);
	c->series[0].x[0] = 4;
	c->series[0].y[0] = 10;
	c->series[0].x[1] = 1;
	c->series[0].y[1] = -5;
	c->series[0].x[2] = 2;
	c->series[0].y[2] = 5;
	CHECK(skl_view_chart(dl, c, NULL) == 0);
	b4 = item_kind(dl, "0:point:0:0", SKL_DL_RECT);
	b1 = item_kind(dl, "0:point:0:1", SKL_DL_RECT);
	b2 = item_kind(dl, "0:point:0:2", SKL_DL_RECT);
	CHECK(b4 && b1 && b2);
	if (b4 && b1 && b2) {
		CHECK(b1->x < b2->x && b2->x < b4->x);
		CHECK(fabsf(b1->y - (b2->y + b2->h)) < 0.5f); /* -5 hangs from the zero line */
		CHECK(fabsf(b1->h - b2->h) < 0.5f);
	}
	CHECK(skl_test_has_text_exact(dl, "1") && skl_test_has_text_exact(dl, "2") && skl_test_has_text_exact(dl, "4"));
	CHECK(skl_test_outside(dl, 0, 0, 800, 500, "numeric bars") == 0);
	skl_dl_free(dl);
	skl_chart_free(c);
}

/* ---- odd cases ------------------------------------------------------------------------------ */

static void test_empty(void)
{
	skl_chart *c = chart_new("nothing yet", NULL, NULL, 0, 1);
	skl_dl *dl = skl_dl_new(W, H);
	series_set(c, 0, "empty", 0);
	CHECK(skl_view_chart(dl, c, NULL) == 0);
	CHECK(skl_test_has_text_exact(dl, "(no data)"));
	CHECK(skl_test_item(dl, "0:chart") != NULL);
	skl_dl_free(dl);
	skl_chart_free(c);
}

/* In a region: every item stays inside it, keys carry the object number. */
static void test_region(skl_sdl *sdl, const char *outdir)
{
	skl_chart *c = memory_chart();
	skl_dl *dl = skl_dl_new(W, H);
	skl_view_chart_opts o;
	memset(&o, 0, sizeof(o));
	o.x = 900;
	o.y = 100;
	o.w = 640;
	o.h = 420;
	o.obj = 3;
	o.text_scale = 0.7f;
	CHECK(skl_view_chart(dl, c, &o) == 0);
	CHECK(skl_test_item(dl, "3:chart") && skl_test_item(dl, "3:series:1") && skl_test_item(dl, "3:legend:0"));
	CHECK(skl_test_item(dl, "0:chart") == NULL);
	CHECK(skl_test_outside(dl, o.x, o.y, o.w, o.h, "region") == 0);
	CHECK(skl_test_save(sdl, dl, outdir, "chart-region") == 0);
	skl_dl_free(dl);
	skl_chart_free(c);
}

/* The largest chart scene.chart accepts: 64 series of 10,000 points. */
static void test_big(skl_sdl *sdl, const char *outdir)
{
	skl_chart *c = chart_new("64 series x 10000 points", "i", "value", 0, 64);
	skl_dl *dl = skl_dl_new(W, H);
	int s, i;
	for (s = 0; s < 64; s++) {
		char name[32];
		snprintf(name, sizeof(name), "series %d", s);
		series_set(c, s, name, 10000);
		for (i = 0; i < 10000; i++) {
			c->series[s].x[i] = i;
			c->series[s].y[i] = s * 100 + 50 * sin(i * 0.01 * (s + 1));
		}
	}
	CHECK(skl_view_chart(dl, c, NULL) == 0);
	/* thinned to pixel columns: far fewer items than points, no point keys */
	CHECK(skl_dl_count(dl) < 64 * 3 * W);
	CHECK(skl_test_count_prefix(dl, "0:point:") == 0);
	CHECK(skl_test_item(dl, "0:series:63") != NULL);
	CHECK(skl_test_outside(dl, 0, 0, W, H, "big") == 0);
	CHECK(skl_test_save(sdl, dl, outdir, "chart-big") == 0);
	skl_dl_free(dl);
	skl_chart_free(c);
}

int main(int argc, char **argv)
{
	const char *outdir = argc > 1 ? argv[1] : ".";
	skl_error err;
	skl_sdl *sdl;

	skl_error_clear(&err);
	mkdir(outdir, 0777);
	sdl = skl_sdl_new(SKLAB_TEST_FONT_DIR, &err);
	if (!sdl) {
		fprintf(stderr, "test_chart_view: %s\n", err.msg);
		return 1;
	}
	test_numbers();
	test_lines(sdl, outdir);
	test_bars(sdl, outdir);
	test_bars_long_labels(sdl, outdir);
	test_bars_intervals(sdl, outdir);
	test_bars_numeric();
	test_empty();
	test_region(sdl, outdir);
	test_big(sdl, outdir);
	skl_sdl_free(sdl);
	if (check_failures) {
		fprintf(stderr, "test_chart_view: %d checks failed\n", check_failures);
		return 1;
	}
	printf("test_chart_view: ok\n");
	return 0;
}
