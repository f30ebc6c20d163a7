/*
 * visual_lint.c - reads every frame of the scenarios given as a reader of
 * the picture would, from the draw list both backends draw: text that is
 * cut ("…"), text under the floor size, text wider than its box (the PNG
 * backend squeezes it, a browser drawing the SVG does not), two text items
 * whose ink overlaps, members the step's caption names drawn cut, and any
 * part of a view reaching into the caption bar.
 *
 *   visual_lint [--max-cut PCT] [--max-overlap N] [--list N] [--only NAME] DATA_DIR SCENARIO.lua...
 *
 * Each frame is built at 1280x720 and 1600x900 (floor 10 px) and in
 * presentation at 1920x1080 (the window's text scale, floor 14 px). Prints
 * one line per scenario and size, then the worst items; exits 1 when any
 * frame has overlapping or squeezed text, text under the floor, a
 * caption-named member cut, when more than --max-cut percent (1) of all
 * text items are cut or more than --max-overlap (0) pairs overlap, at any
 * one size. Deterministic: the model's pictures only.
 */
#define _POSIX_C_SOURCE 200809L
#include "sklab/render/view_scene.h"
#include "sklab/runtime.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct canvas {
	const char *name;
	int w, h;
	int present;
	float floor_px;
} canvas;

static const canvas canvases[] = {
    {"1280x720", 1280, 720, 0, 10},
    {"1600x900", 1600, 900, 0, 10},
    {"present-1920x1080", 1920, 1080, 1, 14},
};
#define NCANVAS ((int)(sizeof(canvases) / sizeof(canvases[0])))

typedef struct tally {
	long texts, cut, small, squeezed, overlaps, named_cut, under_bar;
	float smallest;
} tally;

static int list_max = 12;
static int listed;

static void note(const char *what, const char *scen, const canvas *cv, int frame, const char *detail)
{
	if (listed++ < list_max)
		printf("  %-10s %s %s step %d: %s\n", what, scen, cv->name, frame + 1, detail);
}

static int is_cut(const char *t)
{
	size_t n = strlen(t);
	return n >= 3 && !memcmp(t + n - 3, "\xe2\x80\xa6", 3);
}

/* The ink box of a text item: its advance-wide run placed as the backends
 * place it (aligned in x, centred in y), one em high. */
static void ink(const skl_dl_item *it, float *x0, float *y0, float *x1, float *y1)
{
	float tw = skl_dl_text_width(it->text, it->size);
	float x = it->align == SKL_ALIGN_CENTER	 ? it->x + (it->w - tw) / 2
		  : it->align == SKL_ALIGN_RIGHT ? it->x + it->w - tw
						 : it->x;
	if (tw > it->w && it->w > 0) { /* the PNG squeezes it into the box */
		x = it->x;
		tw = it->w;
	}
	*x0 = x;
	*x1 = x + tw;
	*y0 = it->y + it->h / 2 - it->size * 0.45f;
	*y1 = it->y + it->h / 2 + it->size * 0.45f;
}

/* Identifier-like words of the caption that name a member or type:
 * "skc_daddr", "sk_buff", "tcp_opt" (words with an underscore or a dot). */
static int caption_names(const char *cap, char words[][64], int max)
{
	int n = 0;
	const char *p = cap;
	while (*p && n < max) {
		if (isalpha((unsigned char)*p) || *p == '_') {
			const char *s = p;
			int special = 0;
			while (isalnum((unsigned char)*p) || *p == '_' || (*p == '.' && isalpha((unsigned char)p[1]))) {
				special |= *p == '_' || *p == '.';
				p++;
			}
			if (special && p - s < 64) {
				memcpy(words[n], s, (size_t)(p - s));
				words[n][p - s] = 0;
				n++;
			}
		} else {
			p++;
		}
	}
	return n;
}

/* 1 when text holds word as a whole word. */
static int has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	const char *p = text;
	while (p && (p = strstr(p, word))) {
		int before = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		int after = !(isalnum((unsigned char)p[n]) || p[n] == '_');
		if (before && after)
			return 1;
		p += n;
	}
	return 0;
}

/* The last component of a member key's path ("0:field:sk.skc_daddr" ->
 * "skc_daddr"), or NULL when the key names no member. */
static const char *key_member(const char *key, char *buf, size_t bufsz)
{
	const char *f, *dot;
	if (!key || !(f = strstr(key, ":field:")))
		return NULL;
	f += 7;
	dot = strrchr(f, '.');
	snprintf(buf, bufsz, "%s", dot ? dot + 1 : f);
	return buf;
}

static void lint_frame(const skl_dl *dl, const char *caption, const char *scen, const canvas *cv, int frame, tally *t)
{
	int n = skl_dl_count(dl), i, j, nw;
	char words[64][64], detail[9000], mb[128];
	nw = caption && *caption ? caption_names(caption, words, 64) : 0;
	for (i = 0; i < n; i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		float tw;
		const char *m;
		if (it->kind != SKL_DL_TEXT)
			continue;
		t->texts++;
		if (it->size < t->smallest)
			t->smallest = it->size;
		if (it->size + 0.01f < cv->floor_px) {
			t->small++;
			snprintf(detail, sizeof(detail), "%.1f px \"%s\"", (double)it->size, it->text);
			note("small", scen, cv, frame, detail);
		}
		tw = skl_dl_text_width(it->text, it->size);
		if (it->w > 0 && tw > it->w + 1) {
			t->squeezed++;
			snprintf(detail, sizeof(detail), "%.0f px of text in %.0f px \"%s\"", (double)tw, (double)it->w,
				 it->text);
			note("squeezed", scen, cv, frame, detail);
		}
		if (!is_cut(it->text))
			continue;
		t->cut++;
		snprintf(detail, sizeof(detail), "\"%s\" key=%s", it->text, it->key ? it->key : "-");
		note("cut", scen, cv, frame, detail);
		m = key_member(it->key, mb, sizeof(mb));
		for (j = 0; j < nw; j++) {
			size_t pl = strlen(it->text) - 3;
			const char *tx = !strncmp(it->text, "\xe2\x86\xb3 ", 4) ? it->text + 4 : it->text;
			int named = m ? !strcmp(m, words[j]) && !strncmp(tx, words[j], strlen(tx) - 3)
				      : pl >= 2 && strlen(words[j]) > pl && !strncmp(it->text, words[j], pl) &&
					    has_word(it->tooltip, words[j]);
			if (named) {
				t->named_cut++;
				snprintf(detail, sizeof(detail), "\"%s\" for caption's %s", it->text, words[j]);
				note("named-cut", scen, cv, frame, detail);
				break;
			}
		}
	}
	/* nothing of a view may reach into the caption bar */
	{
		float bar_y = -1;
		for (i = 0; i < n; i++) {
			const skl_dl_item *it = skl_dl_at(dl, i);
			if (it->kind == SKL_DL_RECT && it->key && !strcmp(it->key, "scene:caption")) {
				bar_y = it->y;
				break;
			}
		}
		for (i = 0; bar_y >= 0 && i < n; i++) {
			const skl_dl_item *it = skl_dl_at(dl, i);
			float y0 = fminf(it->y, it->y + it->h), y1 = fmaxf(it->y, it->y + it->h);
			if (it->key && !strncmp(it->key, "scene:", 6))
				continue;
			if (it->kind == SKL_DL_TEXT)
				y1 = it->y + it->h / 2 + it->size * 0.45f;
			if (y1 > bar_y + 2 && y0 < skl_dl_height(dl) && i > 0) {
				t->under_bar++;
				snprintf(detail, sizeof(detail), "%s %s at y %.0f-%.0f, the bar at %.0f",
					 it->kind == SKL_DL_TEXT ? "text" : "shape", it->key ? it->key : "-",
					 (double)y0, (double)y1, (double)bar_y);
				note("under-bar", scen, cv, frame, detail);
			}
		}
	}
	for (i = 0; i < n; i++) {
		const skl_dl_item *a = skl_dl_at(dl, i);
		float ax0, ay0, ax1, ay1;
		if (a->kind != SKL_DL_TEXT)
			continue;
		ink(a, &ax0, &ay0, &ax1, &ay1);
		for (j = i + 1; j < n; j++) {
			const skl_dl_item *b = skl_dl_at(dl, j);
			float bx0, by0, bx1, by1, ox, oy;
			if (b->kind != SKL_DL_TEXT)
				continue;
			ink(b, &bx0, &by0, &bx1, &by1);
			ox = fminf(ax1, bx1) - fmaxf(ax0, bx0);
			oy = fminf(ay1, by1) - fmaxf(ay0, by0);
			if (ox > 1 && oy > 1) {
				t->overlaps++;
				snprintf(detail, sizeof(detail), "\"%s\" (%.0f,%.0f) over \"%s\" (%.0f,%.0f)", a->text,
					 (double)ax0, (double)ay0, b->text, (double)bx0, (double)by0);
				note("overlap", scen, cv, frame, detail);
			}
		}
	}
}

static int lint_one(skl_lua *rt, const char *path, const char *label, tally *total)
{
	skl_events *log = skl_events_new(0);
	skl_frame *fr = NULL;
	skl_error err;
	int nfr, i, c;
	if (!log) {
		fprintf(stderr, "visual_lint: out of memory\n");
		exit(2);
	}
	if (skl_lua_run_file(rt, path, log, &err) < 0) {
		char msg[800];
		skl_error_format(&err, msg, sizeof(msg));
		fprintf(stderr, "visual_lint: %s: %s\n", path, msg);
		skl_events_free(log);
		return -1;
	}
	nfr = skl_events_frames(log, &fr);
	for (c = 0; c < NCANVAS; c++) {
		const canvas *cv = &canvases[c];
		skl_dl *dl = skl_dl_new((float)cv->w, (float)cv->h);
		tally t;
		memset(&t, 0, sizeof(t));
		t.smallest = 1e9f;
		if (!dl) {
			fprintf(stderr, "visual_lint: out of memory\n");
			exit(2);
		}
		for (i = 0; i < nfr; i++) {
			skl_view_frame_opts fo;
			memset(&fo, 0, sizeof(fo));
			fo.text_floor = cv->floor_px;
			if (cv->present)
				fo.text_scale = fminf((float)cv->w / 1600, (float)cv->h / 900) * SKL_PRESENT_SCALE;
			skl_dl_clear(dl, (float)cv->w, (float)cv->h);
			if (skl_view_frame(dl, log, fr, nfr, i, &fo) < 0) {
				fprintf(stderr, "visual_lint: %s step %d: out of memory\n", label, i + 1);
				exit(2);
			}
			lint_frame(dl, fr[i].caption, label, cv, i, &t);
		}
		printf("%-26s %-18s %2d frames %5ld texts %4ld cut %4ld small (min %4.1f) %3ld squeezed %3ld overlap "
		       "%2ld named-cut %2ld under-bar\n",
		       label, cv->name, nfr, t.texts, t.cut, t.small, t.texts ? (double)t.smallest : 0.0, t.squeezed,
		       t.overlaps, t.named_cut, t.under_bar);
		total[c].texts += t.texts;
		total[c].cut += t.cut;
		total[c].small += t.small;
		total[c].squeezed += t.squeezed;
		total[c].overlaps += t.overlaps;
		total[c].named_cut += t.named_cut;
		total[c].under_bar += t.under_bar;
		if (t.texts && t.smallest < total[c].smallest)
			total[c].smallest = t.smallest;
		skl_dl_free(dl);
	}
	skl_free(fr);
	skl_events_free(log);
	return 0;
}

int main(int argc, char **argv)
{
	double max_cut = 1.0;
	long max_overlap = 0;
	const char *only = NULL;
	skl_lua_opts lo;
	skl_lua *rt;
	skl_error err;
	tally total[NCANVAS];
	int i, c, bad = 0;
	while (argc > 1 && argv[1][0] == '-' && argv[1][1] == '-') {
		if (!strcmp(argv[1], "--max-cut") && argc > 2) {
			max_cut = atof(argv[2]);
			argv += 2, argc -= 2;
		} else if (!strcmp(argv[1], "--max-overlap") && argc > 2) {
			max_overlap = atol(argv[2]);
			argv += 2, argc -= 2;
		} else if (!strcmp(argv[1], "--list") && argc > 2) {
			list_max = atoi(argv[2]);
			argv += 2, argc -= 2;
		} else if (!strcmp(argv[1], "--only") && argc > 2) {
			only = argv[2];
			argv += 2, argc -= 2;
		} else {
			break;
		}
	}
	if (argc < 3) {
		fprintf(stderr, "usage: visual_lint [--max-cut PCT] [--max-overlap N] [--list N] [--only NAME] "
				"DATA_DIR SCENARIO.lua...\n");
		return 2;
	}
	memset(total, 0, sizeof(total));
	for (c = 0; c < NCANVAS; c++)
		total[c].smallest = 1e9f;
	memset(&lo, 0, sizeof(lo));
	lo.data_dir = argv[1];
	rt = skl_lua_new(&lo, &err);
	if (!rt) {
		fprintf(stderr, "visual_lint: %s\n", err.msg);
		return 2;
	}
	for (i = 2; i < argc; i++) {
		const char *base = strrchr(argv[i], '/');
		base = base ? base + 1 : argv[i];
		if (only && !strstr(base, only))
			continue;
		if (lint_one(rt, argv[i], base, total) < 0)
			bad = 1;
	}
	for (c = 0; c < NCANVAS; c++) {
		const tally *t = &total[c];
		double pct = t->texts ? 100.0 * (double)t->cut / (double)t->texts : 0;
		printf(
		    "all %-18s %6ld texts %5ld cut (%.2f%%) %5ld under %.0f px (min %.1f) %4ld squeezed %4ld overlap "
		    "%3ld named-cut %3ld under-bar\n",
		    canvases[c].name, t->texts, t->cut, pct, t->small, (double)canvases[c].floor_px,
		    t->texts ? (double)t->smallest : 0.0, t->squeezed, t->overlaps, t->named_cut, t->under_bar);
		if (pct > max_cut || t->small || t->squeezed || t->overlaps > max_overlap || t->named_cut ||
		    t->under_bar) {
			printf("FAIL %s: %s\n", canvases[c].name,
			       pct > max_cut		   ? "too much text is cut"
			       : t->small		   ? "text under the floor"
			       : t->squeezed		   ? "text wider than its box"
			       : t->overlaps > max_overlap ? "overlapping text"
			       : t->named_cut		   ? "a member the caption names is cut"
							   : "a view reaches into the caption bar");
			bad = 1;
		}
	}
	skl_lua_free(rt);
	return bad;
}
