/*
 * dlist.h - what the render tests share for draw lists: an item by key,
 * text present in a list, items and groups under a key prefix, items
 * outside a region, a list's dump and SVG as text, one line of a dump, and
 * the pictures a test leaves for people to look at (NAME.png, NAME.svg,
 * NAME.dl.txt). Header-only: each test is one file; a test that includes
 * it links the SDL backend (sklab_render_sdl).
 */
#ifndef SKLAB_TEST_DLIST_H
#define SKLAB_TEST_DLIST_H

#include "sklab/render/drawlist.h"
#include "sklab/render/sdl.h"
#include "sklab/render/svg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The first item with key, or NULL. */
static inline const skl_dl_item *skl_test_item(const skl_dl *dl, const char *key)
{
	return skl_dl_at(dl, skl_dl_find(dl, key));
}

/* 1 when a text item holds text (anywhere in it). */
static inline int skl_test_has_text(const skl_dl *dl, const char *text)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_TEXT && strstr(it->text, text))
			return 1;
	}
	return 0;
}

/* 1 when a text item is exactly text. */
static inline int skl_test_has_text_exact(const skl_dl *dl, const char *text)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_TEXT && !strcmp(it->text, text))
			return 1;
	}
	return 0;
}

/* 1 when a text item starts with prefix. */
static inline int skl_test_has_text_prefix(const skl_dl *dl, const char *prefix)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_TEXT && !strncmp(it->text, prefix, strlen(prefix)))
			return 1;
	}
	return 0;
}

/* How many items have a key that starts with prefix. */
static inline int skl_test_count_prefix(const skl_dl *dl, const char *prefix)
{
	int i, n = 0;
	size_t len = strlen(prefix);
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->key && !strncmp(it->key, prefix, len))
			n++;
	}
	return n;
}

/* How many hover groups (runs of items with one id) have a key that
 * starts with prefix. */
static inline int skl_test_count_groups(const skl_dl *dl, const char *prefix)
{
	int i, n = 0;
	size_t len = strlen(prefix);
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->key && !strncmp(it->key, prefix, len) && (i == 0 || skl_dl_at(dl, i - 1)->id != it->id))
			n++;
	}
	return n;
}

/* How many items reach outside the region x, y, w, h (by more than a
 * pixel); the first five are named on stderr, after what. */
static inline int skl_test_outside(const skl_dl *dl, float x, float y, float w, float h, const char *what)
{
	int i, bad = 0;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		float x0 = fminf(it->x, it->x + it->w), x1 = fmaxf(it->x, it->x + it->w);
		float y0 = fminf(it->y, it->y + it->h), y1 = fmaxf(it->y, it->y + it->h);
		if (x0 < x - 1 || y0 < y - 1 || x1 > x + w + 1 || y1 > y + h + 1) {
			if (bad < 5)
				fprintf(stderr, "%s: item %d (kind %d, key %s) at %.1f,%.1f %.1fx%.1f is outside\n",
					what, i, it->kind, it->key ? it->key : "-", (double)it->x, (double)it->y,
					(double)it->w, (double)it->h);
			bad++;
		}
	}
	return bad;
}

/* The list's dump (skl_dl_dump) as text; free with skl_free(). */
static inline char *skl_test_dump_text(const skl_dl *dl)
{
	skl_buf b;
	skl_sink s;
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_dl_dump(dl, &s);
	return b.data;
}

/* The list as SVG; free with skl_free(). */
static inline char *skl_test_svg_text(const skl_dl *dl)
{
	skl_buf b;
	skl_sink s;
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_svg_write(dl, &s);
	return b.data;
}

/* The line of a dump that mentions kind and exactly key (" key=KEY"
 * followed by a space or the end), copied into out; NULL when none. */
static inline const char *skl_test_dump_line(const char *dump, const char *kind, const char *key, char *out,
					     size_t outsz)
{
	const char *p = dump;
	char k[256];
	snprintf(k, sizeof(k), " key=%s", key);
	while (p && *p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len < outsz) {
			memcpy(out, p, len);
			out[len] = 0;
			if (strstr(out, kind) && strstr(out, k)) {
				const char *after = strstr(out, k) + strlen(k);
				if (*after == ' ' || *after == 0)
					return out;
			}
		}
		p = e ? e + 1 : NULL;
	}
	return NULL;
}

/* Writes n bytes of data to path: 0, or -1. */
static inline int skl_test_write_file(const char *path, const char *data, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	fwrite(data, 1, n, f);
	return fclose(f);
}

/* Leaves the list in dir as NAME.png (drawn by sdl at the list's size),
 * NAME.svg and NAME.dl.txt, for people to look at. How many of the three
 * could not be written (0 when all were). */
static inline int skl_test_save(skl_sdl *sdl, const skl_dl *dl, const char *dir, const char *name)
{
	char path[2048];
	skl_error err;
	char *text;
	int bad = 0;
	snprintf(path, sizeof(path), "%s/%s.png", dir, name);
	bad += skl_sdl_write_png(sdl, dl, 0, 0, path, &err) != 0;
	text = skl_test_svg_text(dl);
	snprintf(path, sizeof(path), "%s/%s.svg", dir, name);
	bad += !text || skl_test_write_file(path, text, strlen(text)) != 0;
	skl_free(text);
	text = skl_test_dump_text(dl);
	snprintf(path, sizeof(path), "%s/%s.dl.txt", dir, name);
	bad += !text || skl_test_write_file(path, text, strlen(text)) != 0;
	skl_free(text);
	return bad;
}

#endif
