/*
 * test_render.c - the layout view, headless: draws struct sock (i386,
 * 32-byte lines) and checks the draw list (keys, geometry, tooltips, text
 * dump), the PNG (size, colours, member fills where the list says), the
 * SVG, hit-testing, highlights, the event-log frame path and determinism.
 *
 *   test_render OUTDIR   (writes sock.png, sock.svg, sock.dl.txt there)
 */
#include "check.h"
#include "dlist.h"
#include "image.h"
#include "sklab/render/sdl.h"
#include "sklab/render/export.h"
#include "sklab/render/svg.h"
#include "view_layout.h"
#include "sklab/render/view_scene.h"
#include "sample_structs.h"
#include "sklab/abi.h"
#include "sklab/cparse.h"
#include "sklab/types.h"
#include "sklab/textsafe.h"

#include <SDL_ttf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 1600
#define H 900

/* The member's fill at a point of its first block away from its label. */
static skl_color member_pixel(SDL_Surface *s, const skl_dl *dl, const char *key)
{
	const skl_dl_item *it = skl_test_item(dl, key);
	if (!it)
		return 0;
	/* a corner inside the block: clear of its outline and of its label */
	return skl_test_pixel(s, (int)(it->x + 3), (int)(it->y + it->h - 3));
}

static int count_key(const skl_dl *dl, const char *key, skl_dl_kind kind)
{
	int i, n = 0;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->key && !strcmp(it->key, key) && it->kind == kind)
			n++;
	}
	return n;
}

static void test_sock(sample_types *t, skl_sdl *sdl, const char *outdir)
{
	skl_error err;
	skl_layout *l = sample_layout(t, "sock", "i386", "CONFIG_INET,CONFIG_FILTER", 32, &err);
	skl_dl *dl = skl_dl_new(W, H);
	skl_scene s;
	const skl_layout *ls[1];
	SDL_Surface *img, *img2;
	const skl_dl_item *daddr, *rcv, *bind_pprev, *state, *grid_end;
	char path[2048], line[1024];
	skl_buf dump, dump2, svg;
	skl_sink sink;
	int i;

	CHECK(l && dl);
	if (!l || !dl)
		return;
	/* the model agrees with the reference: 812 bytes, 26 lines of 32 */
	CHECK(l->size == 812 && l->cachelines == 26);

	memset(&s, 0, sizeof(s));
	ls[0] = l;
	s.layouts = ls;
	s.nlayouts = 1;
	s.caption = "The identity and the hash links fill cache line 0.";
	s.title = "struct sock cleanup";
	s.step = 2;
	s.nsteps = 7;
	CHECK(skl_view_scene(dl, &s) == 0);

	/* ---- the draw list ---- */
	daddr = skl_test_item(dl, "0:field:daddr");
	rcv = skl_test_item(dl, "0:field:rcv_saddr");
	bind_pprev = skl_test_item(dl, "0:field:bind_pprev");
	state = skl_test_item(dl, "0:field:state");
	CHECK(daddr && rcv && bind_pprev && state);
	if (daddr && rcv && bind_pprev && state) {
		float bw = (rcv->x - daddr->x) / 4; /* pixels per byte */
		CHECK(daddr->kind == SKL_DL_RECT);
		CHECK(daddr->fill == skl_view_kind_fill(SKL_VK_INT));
		CHECK(rcv->y == daddr->y && rcv->x > daddr->x);
		/* rows are one 32-byte cache line: bind_pprev ends line 0, state starts line 1 */
		CHECK(bw > 30);
		CHECK(bind_pprev->x + bind_pprev->w > daddr->x + 31 * bw);
		CHECK(state->y > daddr->y + daddr->h && state->x < daddr->x + 1);
		/* blocks are sized by bytes */
		CHECK(daddr->w > 3.5f * bw && daddr->w <= 4 * bw);
	}
	CHECK(skl_test_item(dl, "0:field:next")->fill == skl_view_kind_fill(SKL_VK_PTR));
	CHECK(skl_test_item(dl, "0:field:lock")->fill == skl_view_kind_fill(SKL_VK_SYNC));
	CHECK(skl_test_item(dl, "0:field:receive_queue")->fill == skl_view_kind_fill(SKL_VK_STRUCT));
	CHECK(skl_test_item(dl, "0:field:destruct")->fill == skl_view_kind_fill(SKL_VK_FNPTR));
	/* receive_queue (84..99) wraps from line 2 to line 3 */
	CHECK(count_key(dl, "0:field:receive_queue", SKL_DL_RECT) >= 2);
	/* tp_pinfo.af_tcp: 424 bytes from 216, on 14 lines */
	CHECK(count_key(dl, "0:field:tp_pinfo.af_tcp", SKL_DL_RECT) >= 14);
	CHECK(skl_test_item(dl, "0:field:tp_pinfo") != NULL);
	CHECK(skl_test_item(dl, "0:field:tp_pinfo.tp_raw4") != NULL);
	/* the hole after userlocks is hatched */
	CHECK(skl_test_item(dl, "0:hole:userlocks") && skl_test_item(dl, "0:hole:userlocks")->kind == SKL_DL_HATCH);
	/* gutter: lines 0..25 */
	CHECK(skl_test_item(dl, "0:line:0") && skl_test_item(dl, "0:line:25") && !skl_test_item(dl, "0:line:26"));
	CHECK(skl_test_has_text(dl, "struct sock") && skl_test_has_text(dl, "812 bytes") &&
	      skl_test_has_text(dl, "i386"));
	CHECK(skl_test_has_text(dl, "2 / 7") && skl_test_has_text(dl, "cache line 0"));
	CHECK(skl_test_item(dl, "0:legend:pointer") && skl_test_item(dl, "0:legend:hole"));
	/* everything fits the canvas */
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_RECT || it->kind == SKL_DL_HATCH || it->kind == SKL_DL_TEXT)
			CHECK(it->x >= -0.5f && it->y >= -0.5f && it->x + it->w <= W + 0.5f &&
			      it->y + it->h <= H + 0.5f);
	}
	grid_end = skl_test_item(dl, "0:line:25");
	CHECK(grid_end && grid_end->y + grid_end->h < H);

	/* ---- tooltips and hit-testing ---- */
	if (daddr) {
		int hit = skl_dl_hit(dl, daddr->x + 3, daddr->y + 3);
		const skl_dl_item *h = skl_dl_at(dl, hit);
		CHECK(h && h->key && !strcmp(h->key, "0:field:daddr"));
		CHECK(h && h->tooltip && strstr(h->tooltip, "offset 0, size 4") && strstr(h->tooltip, "__u32") &&
		      strstr(h->tooltip, "cache line 0"));
	}
	{
		const skl_dl_item *lk = skl_test_item(dl, "0:field:lock");
		const skl_dl_item *h = lk ? skl_dl_at(dl, skl_dl_hit(dl, lk->x + lk->w / 2, lk->y + 2)) : NULL;
		CHECK(h && h->tooltip && strstr(h->tooltip, "offset 44, size 20") &&
		      strstr(h->tooltip, "cache line 1 "));
	}
	{
		const skl_dl_item *f = skl_test_item(dl, "0:field:filter");
		CHECK(f && f->tooltip && strstr(f->tooltip, "config: CONFIG_FILTER"));
	}
	{
		const skl_dl_item *hole = skl_test_item(dl, "0:hole:userlocks");
		const skl_dl_item *h = hole ? skl_dl_at(dl, skl_dl_hit(dl, hole->x + 2, hole->y + 2)) : NULL;
		CHECK(h && h->tooltip && strstr(h->tooltip, "hole: 3 bytes at offset 161"));
	}
	CHECK(skl_dl_hit(dl, 1, 1) < 0); /* the background is not hoverable */

	/* ---- the text dump: deterministic, with the expected key lines ---- */
	skl_buf_init(&dump);
	skl_buf_init(&dump2);
	sink = skl_buf_sink(&dump);
	skl_dl_dump(dl, &sink);
	CHECK(!strncmp(dump.data, "drawlist 1600x900 items ", 24));
	CHECK(skl_test_dump_line(dump.data, " rect ", "0:field:daddr", line, sizeof(line)) != NULL);
	CHECK(strstr(line, "fill=#9fdcc8ff stroke=#009e73ff/1.0") != NULL);
	CHECK(skl_test_dump_line(dump.data, " text ", "0:field:daddr", line, sizeof(line)) != NULL);
	CHECK(strstr(line, " bold center \"daddr\"") != NULL);
	CHECK(skl_test_dump_line(dump.data, " hatch ", "0:hole:userlocks", line, sizeof(line)) != NULL);
	CHECK(strstr(line, "tip=\"hole: 3 bytes at offset 161") != NULL);
	CHECK(skl_test_dump_line(dump.data, " text ", "0:line:7", line, sizeof(line)) && strstr(line, "\"7\""));
	CHECK(strstr(dump.data, "\"struct sock\"") != NULL);
	{
		skl_dl *again = skl_dl_new(W, H);
		skl_view_scene(again, &s);
		sink = skl_buf_sink(&dump2);
		skl_dl_dump(again, &sink);
		CHECK(dump.len == dump2.len && !memcmp(dump.data, dump2.data, dump.len));
		skl_dl_free(again);
	}
	snprintf(path, sizeof(path), "%s/sock.dl.txt", outdir);
	CHECK(skl_test_write_file(path, dump.data, dump.len) == 0);

	/* ---- the image ---- */
	img = skl_sdl_render_surface(sdl, dl, W, H, NULL, &err);
	CHECK(img != NULL);
	if (img) {
		CHECK(img->w == W && img->h == H);
		CHECK(skl_test_distinct_colours(img) > 40);
		CHECK(member_pixel(img, dl, "0:field:daddr") == skl_view_kind_fill(SKL_VK_INT));
		CHECK(member_pixel(img, dl, "0:field:next") == skl_view_kind_fill(SKL_VK_PTR));
		CHECK(member_pixel(img, dl, "0:field:lock") == skl_view_kind_fill(SKL_VK_SYNC));
		CHECK(member_pixel(img, dl, "0:field:error_queue") == skl_view_kind_fill(SKL_VK_STRUCT));
		CHECK(member_pixel(img, dl, "0:field:state_change") == skl_view_kind_fill(SKL_VK_FNPTR));
		CHECK(member_pixel(img, dl, "0:field:tp_pinfo.af_tcp") == skl_view_kind_fill(SKL_VK_STRUCT));
		CHECK(skl_test_pixel(img, 2, 2) == SKL_HEX(0xffffff));
		/* the caption bar */
		CHECK(skl_test_pixel(img, 2, H - 2) == SKL_HEX(0x1f2630));
		/* deterministic: drawn again, the same pixels (any that differ are
		 * shown in sock-diff.png) */
		img2 = skl_sdl_render_surface(sdl, dl, W, H, NULL, &err);
		snprintf(path, sizeof(path), "%s/sock-diff.png", outdir);
		CHECK(img2 && skl_test_image_diff(img, img2, 0, path) == 0);
		if (img2)
			SDL_FreeSurface(img2);
		/* the kept renderer (its text cached, opaque boxes filled straight
		 * into the surface) draws what a new software renderer draws
		 * through skl_sdl_draw, box by box */
		img2 = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
		{
			SDL_Renderer *r = img2 ? SDL_CreateSoftwareRenderer(img2) : NULL;
			CHECK(r && skl_dl_width(dl) == W && skl_dl_height(dl) == H);
			if (r) {
				SDL_SetRenderDrawColor(r, 255, 255, 255, 255);
				SDL_RenderClear(r);
				CHECK(skl_sdl_draw(sdl, r, dl, NULL, &err) == 0);
				SDL_RenderPresent(r);
				skl_sdl_forget(sdl);
				SDL_DestroyRenderer(r);
				snprintf(path, sizeof(path), "%s/sock-direct-diff.png", outdir);
				CHECK(skl_test_image_diff(img, img2, 0, path) == 0);
			}
			SDL_FreeSurface(img2);
		}
		SDL_FreeSurface(img);
	}
	snprintf(path, sizeof(path), "%s/sock.png", outdir);
	CHECK(skl_sdl_write_png(sdl, dl, W, H, path, &err) == 0);
	CHECK(skl_test_png_is(path, W, H));

	/* ---- SVG ---- */
	skl_buf_init(&svg);
	sink = skl_buf_sink(&svg);
	skl_svg_write(dl, &sink);
	CHECK(!strncmp(svg.data, "<svg ", 5));
	CHECK(svg.len > 7 && !strcmp(svg.data + svg.len - 7, "</svg>\n"));
	CHECK(strstr(svg.data, ">daddr</text>") && strstr(svg.data, ">bind_pprev</text>"));
	CHECK(strstr(svg.data, "data-key=\"0:field:tp_pinfo.af_tcp\"") != NULL);
	CHECK(strstr(svg.data, "<pattern id=\"hatch0\"") && strstr(svg.data, "url(#hatch"));
	CHECK(strstr(svg.data, "font-family=\"DejaVu Sans Mono") != NULL);
	CHECK(strstr(svg.data, "<title>daddr  (struct sock)") != NULL);
	{
		/* every text of more than one glyph carries the width the views
		 * laid it out at (the PNG's hinted advances), so a browser's
		 * fractional advances cannot widen it */
		int j, texts = 0;
		for (j = 0; j < skl_dl_count(dl); j++) {
			const skl_dl_item *it = skl_dl_at(dl, j);
			char want[160];
			if (it->kind != SKL_DL_TEXT || skl_dl_utf8_len(it->text) < 2 || texts >= 40)
				continue;
			snprintf(want, sizeof(want), "textLength=\"%g\"",
				 (double)skl_dl_text_width(it->text, it->size));
			CHECK(strstr(svg.data, want) != NULL);
			texts++;
		}
		CHECK(texts > 10);
	}
	{
		/* balanced groups, and no raw '<' inside text */
		int open = 0, close = 0;
		const char *p;
		for (p = svg.data; (p = strstr(p, "<g")) != NULL; p += 2)
			if (p[2] == ' ' || p[2] == '>')
				open++;
		for (p = svg.data; (p = strstr(p, "</g>")) != NULL; p += 4)
			close++;
		CHECK(open == close && open > 50);
	}
	snprintf(path, sizeof(path), "%s/sock.svg", outdir);
	CHECK(skl_test_write_file(path, svg.data, svg.len) == 0);

	skl_buf_free(&svg);
	skl_buf_free(&dump);
	skl_buf_free(&dump2);
	skl_dl_free(dl);
	skl_layout_free(l);
}

/* "line:0" keeps line 0 at full colour and dims the rest; a member path
 * does the same for its member. */
static void test_highlight(sample_types *t, skl_sdl *sdl)
{
	skl_error err;
	skl_layout *l = sample_layout(t, "sock", "i386", "CONFIG_INET,CONFIG_FILTER", 32, &err);
	skl_dl *dl = skl_dl_new(W, H);
	static const char *const hl[] = {"line:0", "peercred"};
	skl_view_layout_opts o;
	SDL_Surface *img;
	memset(&o, 0, sizeof(o));
	o.highlight = hl;
	o.nhighlight = 2;
	CHECK(skl_view_layout(dl, l, &o) == 0);
	CHECK(skl_test_item(dl, "0:field:daddr")->fill == skl_view_kind_fill(SKL_VK_INT));
	CHECK(skl_test_item(dl, "0:field:peercred")->fill == skl_view_kind_fill(SKL_VK_STRUCT));
	CHECK(skl_test_item(dl, "0:field:state")->fill != skl_view_kind_fill(SKL_VK_INT));
	img = skl_sdl_render_surface(sdl, dl, W, H, NULL, &err);
	CHECK(img != NULL);
	if (img) {
		CHECK(member_pixel(img, dl, "0:field:next") == skl_view_kind_fill(SKL_VK_PTR));
		CHECK(member_pixel(img, dl, "0:field:state") == skl_test_item(dl, "0:field:state")->fill);
		SDL_FreeSurface(img);
	}
	skl_dl_free(dl);
	skl_layout_free(l);
}

/* Bitfields sit inside their storage unit, a bit wide each. */
static void test_bitfields(sample_types *t)
{
	skl_error err;
	skl_layout *l = sample_layout(t, "inet_opt", "i386", NULL, 32, &err);
	skl_dl *dl = skl_dl_new(W, H);
	const skl_dl_item *ttl, *tos, *recverr, *freebind, *bh;
	CHECK(l && l->size == 36);
	CHECK(skl_view_layout(dl, l, NULL) == 0);
	ttl = skl_test_item(dl, "0:field:ttl");
	tos = skl_test_item(dl, "0:field:tos");
	recverr = skl_test_item(dl, "0:field:recverr");
	freebind = skl_test_item(dl, "0:field:freebind");
	bh = skl_test_item(dl, "0:bithole:freebind");
	CHECK(ttl && tos && recverr && freebind && bh);
	if (ttl && tos && recverr && freebind && bh) {
		float bw = (tos->x - ttl->x) / 4;
		/* byte 19, bits 0 and 1 */
		CHECK(recverr->x >= ttl->x + 19 * bw - 1 && recverr->x < ttl->x + 19 * bw + bw / 8 + 1);
		CHECK(recverr->w <= bw / 8 + 0.01f);
		CHECK(freebind->x > recverr->x);
		CHECK(recverr->fill == skl_view_kind_fill(SKL_VK_BITFIELD));
		CHECK(bh->kind == SKL_DL_HATCH && bh->tooltip && strstr(bh->tooltip, "6 unused bits"));
		CHECK(recverr->tooltip && strstr(recverr->tooltip, "1 bit") &&
		      strstr(recverr->tooltip, "storage unit"));
	}
	skl_dl_free(dl);
	skl_layout_free(l);
}

/* A 36-line struct on x86_64 fits a 1600x900 image. */
/* Cramped rows fold runs that one member fills: big_demo's 328-byte tail
 * on a 1280x720 canvas. The band says what it holds, the folded lines
 * leave the gutter, the rows that stay grow, and no_fold draws them all. */
static void test_fold(sample_types *t)
{
	skl_error err;
	skl_layout *l = sample_layout(t, "big", "x86_64", NULL, 64, &err);
	skl_dl *dl = skl_dl_new(1280, 720), *flat = skl_dl_new(1280, 720);
	skl_view_layout_opts o;
	const skl_dl_item *band = NULL, *l0, *f0;
	uint64_t last, r, tail_first, folded = 0;
	char key[64];
	int i;
	CHECK(l != NULL);
	if (!l)
		return;
	memset(&o, 0, sizeof(o));
	CHECK(skl_view_layout(dl, l, &o) == 0);
	o.no_fold = 1;
	CHECK(skl_view_layout(flat, l, &o) == 0);
	last = l->cachelines - 1;
	i = skl_layout_find(l, "tail");
	CHECK(i >= 0);
	if (i < 0)
		goto out;
	tail_first = l->fields[i].offset / 64;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->key && strstr(it->key, "0:fold:") == it->key && !band)
			band = it;
	}
	CHECK(band && band->tooltip && strstr(band->tooltip, "folded") && strstr(band->tooltip, "tail fills them"));
	for (r = 0; r <= last; r++) {
		snprintf(key, sizeof(key), "0:line:%llu", (unsigned long long)r);
		CHECK(skl_test_item(flat, key) != NULL);
		if (!skl_test_item(dl, key)) {
			folded++;
			/* only whole rows of the tail, never its first row or the last line */
			CHECK(r > tail_first + 1 && r < last);
		}
	}
	CHECK(folded >= 2);
	CHECK(skl_test_item(dl, "0:line:0") && skl_test_item(dl, "0:field:tail"));
	l0 = skl_test_item(dl, "0:line:0");
	f0 = skl_test_item(flat, "0:line:0");
	CHECK(l0 && f0 && l0->h > f0->h);
	CHECK(!skl_test_item(flat, "0:fold:0"));
	for (i = 0; i < skl_dl_count(flat); i++) {
		const skl_dl_item *it = skl_dl_at(flat, i);
		CHECK(!it->key || !strstr(it->key, ":fold:"));
	}
out:
	skl_dl_free(dl);
	skl_dl_free(flat);
	skl_layout_free(l);
}

static void test_large(sample_types *t)
{
	skl_error err;
	skl_layout *l = sample_layout(t, "big", "x86_64", NULL, 64, &err);
	skl_dl *dl = skl_dl_new(W, H);
	char key[64];
	const skl_dl_item *last;
	CHECK(l && l->cachelines >= 34);
	if (!l)
		return;
	CHECK(skl_view_layout(dl, l, NULL) == 0);
	snprintf(key, sizeof(key), "0:line:%llu", (unsigned long long)(l->cachelines - 1));
	last = skl_test_item(dl, key);
	CHECK(last && last->y + last->h <= H);
	CHECK(skl_test_item(dl, "0:field:tail") != NULL);
	skl_dl_free(dl);
	skl_layout_free(l);
}

/* An event log's frames become pictures with their captions. */
static void test_frames(sample_types *t, const char *outdir)
{
	skl_error err;
	skl_events *log = skl_events_new(0);
	skl_layout *l = sample_layout(t, "small", "x86_64", NULL, 64, &err);
	skl_frame *frames = NULL;
	skl_dl *dl = skl_dl_new(1280, 720);
	skl_render_opts o;
	char path[2048];
	int n;
	CHECK(log && l && dl);
	skl_events_scenario(log, "Render test", "see frames", "linux-2.4.16-i386", "t.lua:1");
	skl_events_step(log, "nothing shown yet", "t.lua:2");
	skl_events_show(log, &(skl_show){.kind = SKL_SHOW_LAYOUTS, .layouts = &l, .n = 1}, "t.lua:3");
	skl_events_step(log, "struct small: a hole after flag, padding after tag", "t.lua:4");
	n = skl_events_frames(log, &frames);
	CHECK(n == 2);
	CHECK(skl_view_frame(dl, log, frames, n, 1, NULL) == 0);
	CHECK(skl_test_item(dl, "scene:caption") && !strcmp(skl_test_item(dl, "scene:caption")->tooltip,
							    "struct small: a hole after flag, padding after tag"));
	CHECK(skl_test_has_text(dl, "2 / 2") && skl_test_has_text(dl, "Render test") && skl_test_item(dl, "0:pad"));
	CHECK(skl_view_frame(dl, log, frames, n, 0, NULL) == 0);
	CHECK(skl_test_has_text(dl, "nothing shown"));
	memset(&o, 0, sizeof(o));
	o.width = 1280;
	o.height = 720;
	o.font_dir = SKLAB_TEST_FONT_DIR;
	CHECK(skl_render_frames(log, outdir, "png", &o, &err) == 2);
	CHECK(skl_render_frames(log, outdir, "svg", &o, &err) == 2);
	snprintf(path, sizeof(path), "%s/frame-002.png", outdir);
	CHECK(skl_test_png_is(path, 1280, 720));
	snprintf(path, sizeof(path), "%s/frame-one.svg", outdir);
	CHECK(skl_render_frame_file(log, frames, n, 1, path, NULL, &o, &err) == 0);
	CHECK(skl_render_frame_file(log, frames, n, 5, path, NULL, &o, &err) < 0);
	CHECK(skl_render_format("x.svg", NULL) && !strcmp(skl_render_format("x.svg", NULL), "svg"));
	CHECK(skl_render_format("x", "gif") == NULL);
	skl_free(frames);
	skl_dl_free(dl);
	skl_events_free(log);
}

/* The views' text metric is what SDL_ttf renders with the bundled font. */
static void test_metrics(void)
{
	static const char *const faces[] = {SKLAB_TEST_FONT_DIR "/DejaVuSansMono.ttf",
					    SKLAB_TEST_FONT_DIR "/DejaVuSansMono-Bold.ttf"};
	int face, px;
	for (face = 0; face < 2; face++)
		for (px = 6; px <= 48; px++) {
			TTF_Font *f = TTF_OpenFont(faces[face], px);
			int w = 0;
			CHECK(f != NULL);
			if (!f)
				return;
			TTF_SetFontHinting(f, TTF_HINTING_NORMAL);
			TTF_SizeUTF8(f, "hole 3 \xc2\xb7 tp_pinfo.af_tcp", &w, NULL);
			/* a bold glyph may overhang its advance by a pixel at the end */
			CHECK((float)w >= skl_dl_text_width("hole 3 \xc2\xb7 tp_pinfo.af_tcp", (float)px) &&
			      (float)w <= skl_dl_text_width("hole 3 \xc2\xb7 tp_pinfo.af_tcp", (float)px) + 1);
			TTF_CloseFont(f);
		}
}

static int lazy_calls;

static void lazy_fn(const void *ctx, const int *arg, char *out, size_t outsz)
{
	lazy_calls++;
	snprintf(out, outsz, "%s %d/%d/%d", (const char *)ctx, arg[0], arg[1], arg[2]);
}

/* A group's tooltip made when first read: not before (the raw items have
 * none), once per group (every item shares the text), the same in the
 * dump as an eager tooltip, none after a clear. */
static void test_lazy_tips(void)
{
	skl_dl *dl = skl_dl_new(100, 100), *eager = skl_dl_new(100, 100);
	skl_buf a, b;
	skl_sink sa, sb;
	int arg[4] = {1, 2, 3, 0}, i;
	CHECK(dl && eager);
	if (!dl || !eager)
		return;
	lazy_calls = 0;
	for (i = 0; i < 300; i++) { /* past the first growth of the items */
		char key[32], tip[64];
		arg[2] = i;
		snprintf(key, sizeof(key), "obj:%d", i);
		CHECK(skl_dl_begin_lazy(dl, key, lazy_fn, "cell", arg) > 0);
		skl_dl_rect(dl, (float)i, 0, 1, 1, SKL_HEX(0x123456), 0, 0);
		skl_dl_rect(dl, (float)i, 1, 1, 1, SKL_HEX(0x654321), 0, 0);
		skl_dl_end(dl);
		skl_dl_rect(dl, 0, 0, 1, 1, SKL_HEX(0), 0, 0); /* outside any group */
		snprintf(tip, sizeof(tip), "cell 1/2/%d", i);
		skl_dl_begin(eager, key, tip);
		skl_dl_rect(eager, (float)i, 0, 1, 1, SKL_HEX(0x123456), 0, 0);
		skl_dl_rect(eager, (float)i, 1, 1, 1, SKL_HEX(0x654321), 0, 0);
		skl_dl_end(eager);
		skl_dl_rect(eager, 0, 0, 1, 1, SKL_HEX(0), 0, 0);
	}
	CHECK(lazy_calls == 0 && skl_dl_items(dl)[3].tooltip == NULL && skl_dl_items(dl)[2].tooltip == NULL);
	CHECK(skl_dl_at(dl, 3)->tooltip && !strcmp(skl_dl_at(dl, 3)->tooltip, "cell 1/2/1") && lazy_calls == 1);
	CHECK(skl_dl_at(dl, 4)->tooltip == skl_dl_at(dl, 3)->tooltip && lazy_calls == 1);
	CHECK(skl_dl_at(dl, 5)->tooltip == NULL);
	skl_buf_init(&a);
	skl_buf_init(&b);
	sa = skl_buf_sink(&a);
	sb = skl_buf_sink(&b);
	skl_dl_dump(dl, &sa);
	skl_dl_dump(eager, &sb);
	CHECK(a.len == b.len && !memcmp(a.data, b.data, a.len));
	CHECK(lazy_calls == 300);
	skl_buf_free(&a);
	skl_buf_free(&b);
	skl_dl_clear(dl, 100, 100);
	skl_dl_begin(dl, "plain", "eager");
	skl_dl_rect(dl, 0, 0, 1, 1, SKL_HEX(0), 0, 0);
	skl_dl_end(dl);
	skl_dl_rect(dl, 0, 0, 1, 1, SKL_HEX(0), 0, 0);
	CHECK(!strcmp(skl_dl_at(dl, 0)->tooltip, "eager") && skl_dl_at(dl, 1)->tooltip == NULL && lazy_calls == 300);
	skl_dl_free(dl);
	skl_dl_free(eager);
}

/* The list's copy of a text is skl_text_clean's, whatever byte sits at
 * whatever place of an eight-byte word (the plain-ASCII fast path looks
 * at words) and however long the text. */
static void test_text_copy(void)
{
	static const unsigned char odd[] = {0x01, '\t', '\n', 0x1b, 0x1f, 0x20, 0x7e,
					    0x7f, 0x80, 0x9f, 0xc3, 0xe2, 0xff};
	skl_dl *dl = skl_dl_new(100, 100);
	char s[40], want[160];
	size_t len, pos, k;
	CHECK(dl != NULL);
	for (len = 1; dl && len < 27; len++)
		for (pos = 0; pos < len; pos++)
			for (k = 0; k < sizeof(odd); k++) {
				int i;
				memset(s, 'a' + (int)(len % 26), len);
				s[len] = 0;
				s[pos] = (char)odd[k];
				if (pos + 2 < len && odd[k] == 0xc3)
					s[pos + 1] = (char)0xa9; /* a valid "é" */
				skl_text_clean(want, sizeof(want), s);
				i = skl_dl_text(dl, 0, 0, 10, 10, s, 10, 0, 0, SKL_HEX(0));
				CHECK(i >= 0 && !strcmp(skl_dl_at(dl, i)->text, want));
			}
	skl_dl_free(dl);
}

static void test_drawlist(void)
{
	skl_dl *dl = skl_dl_new(100, 50);
	char buf[64];
	int id;
	CHECK(dl != NULL);
	id = skl_dl_begin(dl, "k", "tip");
	CHECK(id > 0);
	skl_dl_rect(dl, 10, 10, 20, 10, SKL_HEX(0x112233), 0, 0);
	skl_dl_end(dl);
	skl_dl_rect(dl, 0, 0, 100, 50, SKL_HEX(0xffffff), 0, 0); /* not hoverable, on top */
	CHECK(skl_dl_hit(dl, 15, 15) == 0);
	CHECK(skl_dl_hit(dl, 35, 15) == -1);
	CHECK(skl_dl_find(dl, "k") == 0 && skl_dl_find(dl, "nope") == -1);
	CHECK(!strcmp(skl_dl_ellipsize("abcdef", 4, buf, sizeof(buf)), "abc\xe2\x80\xa6"));
	CHECK(!strcmp(skl_dl_ellipsize("abc", 4, buf, sizeof(buf)), "abc"));
	CHECK(skl_dl_utf8_len("a\xc2\xb7"
			      "b") == 3);
	CHECK(skl_dl_text_width("abcd", 20) == 4 * 12);
	CHECK(skl_color_mix(SKL_HEX(0x000000), SKL_HEX(0xffffff), 0.5f) == SKL_HEX(0x808080));
	skl_dl_clear(dl, 10, 10);
	CHECK(skl_dl_count(dl) == 0 && skl_dl_width(dl) == 10);
	skl_dl_free(dl);
}

/* A text panel (a kernel report) beside a layout, and alone: a console
 * whose marked lines stand out, whose lines fit, and which counts the
 * lines it leaves out when the report is longer than the room. */
static void test_text(sample_types *t, skl_sdl *sdl, const char *outdir)
{
	skl_error err;
	skl_layout *l = sample_layout(t, "sock", "i386", "CONFIG_INET,CONFIG_FILTER", 32, &err);
	skl_dl *dl = skl_dl_new(W, H);
	skl_scene s;
	skl_obj o;
	const skl_obj *ts[1];
	const skl_layout *ls[1];
	char *marks[1], big[8192], path[2048];
	const skl_dl_item *panel, *field;
	int i, nmark = 0, nlines = 0, cut = 0;
	size_t at = 0;
	CHECK(l && dl);
	if (!l || !dl)
		goto out;
	memset(&o, 0, sizeof(o));
	o.kind = SKL_OBJ_TEXT;
	o.title = "kernel log";
	o.text =
	    "=====\nBUG kmalloc-128 (Not tainted): Object already free\n-----\n\nFIX kmalloc-128: Object not freed";
	marks[0] = "BUG";
	o.marks = marks;
	o.nmarks = 1;
	ts[0] = &o;
	ls[0] = l;
	memset(&s, 0, sizeof(s));
	s.layouts = ls;
	s.nlayouts = 1;
	s.texts = ts;
	s.ntexts = 1;
	s.caption = "a report beside the layout";
	CHECK(skl_view_scene(dl, &s) == 0);
	panel = skl_test_item(dl, "200:text:0");
	field = skl_test_item(dl, "0:field:daddr");
	CHECK(panel && panel->tooltip && strstr(panel->tooltip, "kernel log: 5 lines, 1 marked"));
	/* the layout keeps the left half, the console the right */
	CHECK(panel && field && field->x + field->w < panel->x && panel->x + panel->w <= W);
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (!it->key || strcmp(it->key, "200:text:0"))
			continue;
		nmark += it->kind == SKL_DL_RECT && it->fill == SKL_HEX(0x5c4813);
		nlines += it->kind == SKL_DL_TEXT && it->y > panel->y + 1;
	}
	CHECK(nmark == 1 && nlines == 4); /* the empty line draws nothing */
	snprintf(path, sizeof(path), "%s/text-beside-layout.png", outdir);
	CHECK(skl_sdl_write_png(sdl, dl, W, H, path, &err) == 0);

	/* alone, 400 lines that fold into nothing: the last line says how
	 * many were left out */
	for (i = 0; i < 400 && at + 32 < sizeof(big); i++)
		at += (size_t)snprintf(big + at, sizeof(big) - at, "line%d of the log\n", i);
	o.text = big;
	o.nmarks = 0;
	s.layouts = NULL;
	s.nlayouts = 0;
	skl_dl_clear(dl, W, H);
	CHECK(skl_view_scene(dl, &s) == 0);
	panel = skl_test_item(dl, "200:text:0");
	CHECK(panel && panel->x < W / 10 && panel->tooltip &&
	      strstr(panel->tooltip, "400 lines (the last cut off here)"));
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_TEXT && it->key && !strcmp(it->key, "200:text:0") &&
		    strstr(it->text, "more lines"))
			cut = atoi(it->text + 4);
	}
	CHECK(cut > 0 && cut < 400);

	/* a hexdump's rows fold into a count, so the line after them shows */
	at = 0;
	at += (size_t)snprintf(big + at, sizeof(big) - at, "BUG kmalloc-128: Object corrupt\n");
	for (i = 0; i < 150 && at + 64 < sizeof(big); i++)
		at += (size_t)snprintf(big + at, sizeof(big) - at, "Redzone  ffff8881000%05x: cc cc cc cc\n", i * 16);
	at += (size_t)snprintf(big + at, sizeof(big) - at, "FIX kmalloc-128: Restoring Redzone\n");
	o.text = big;
	skl_dl_clear(dl, W, H);
	CHECK(skl_view_scene(dl, &s) == 0);
	{
		int folded = 0, fix = 0, more = 0;
		for (i = 0; i < skl_dl_count(dl); i++) {
			const skl_dl_item *it = skl_dl_at(dl, i);
			if (it->kind != SKL_DL_TEXT || !it->key || strcmp(it->key, "200:text:0"))
				continue;
			folded += strstr(it->text, "... 149 more Redzone lines") != NULL;
			fix += !strcmp(it->text, "FIX kmalloc-128: Restoring Redzone");
			more += strstr(it->text, "more lines") != NULL;
		}
		CHECK(folded == 1 && fix == 1 && more == 0);
	}
out:
	skl_layout_free(l);
	skl_dl_free(dl);
}

/* Nested structs a line or more long, side by side (2001's RFC 2
 * inet_sock: sock, tcp_opt, inet_opt): every other one a darker tint, and
 * a bold edge where one begins inside a line. */
static void test_nested_tint(void)
{
	static const char src[] = "struct a_part { int v[81]; };\n"  /* 324 bytes */
				  "struct b_part { int v[106]; };\n" /* 424 */
				  "struct c_part { int v[9]; };\n"   /* 36 */
				  "struct obj { struct a_part sk; struct b_part tcp; struct c_part inet; };\n";
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	skl_layout *l = NULL;
	skl_dl *dl = skl_dl_new(W, H);
	const skl_dl_item *sk, *tcp, *inet;
	int i, edge = 0;
	CHECK(db && dl && skl_cparse(db, src, "nested.h", &err) == 0);
	if (db)
		l = skl_layout_compute(skl_typedb_find(db, "obj"), skl_abi_find("i386"), NULL, 32, &err);
	CHECK(l != NULL);
	if (!l || !dl)
		goto out;
	CHECK(skl_view_layout(dl, l, NULL) == 0);
	sk = skl_test_item(dl, "0:field:sk");
	tcp = skl_test_item(dl, "0:field:tcp");
	inet = skl_test_item(dl, "0:field:inet");
	CHECK(sk && tcp && inet);
	if (sk && tcp && inet) {
		CHECK(sk->fill != tcp->fill && tcp->fill != inet->fill && sk->fill == inet->fill);
	}
	/* tcp begins at byte 324, inside line 10: a narrow bar marks it */
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_RECT && it->key && !strcmp(it->key, "0:field:tcp") && it->w <= 4 && it->h > 8 &&
		    tcp && fabsf(it->x - tcp->x) < 2)
			edge = 1;
	}
	CHECK(edge);
out:
	skl_layout_free(l);
	skl_dl_free(dl);
	skl_typedb_free(db);
}

/* A union too low for a lane per alternative: the highlighted one takes
 * the main lane and its name, though it is not the largest. */
static void test_union_highlight(void)
{
	static const char src[] =
	    "struct n1 { void *next; void *prev; void *extra; };\n"
	    "struct n2 { void *next; };\n"
	    "struct obj { long id; union { struct n1 skc_node; struct n2 skc_nulls_node; long a1; long a2;"
	    " long a3; long a4; long a5; }; long x[6]; };\n";
	static const char *const hl[] = {"skc_nulls_node"};
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	skl_layout *l = NULL;
	skl_dl *dl = skl_dl_new(1600, 200);
	skl_view_layout_opts o;
	int i, named = 0;
	CHECK(db && dl && skl_cparse(db, src, "union.h", &err) == 0);
	if (db)
		l = skl_layout_compute(skl_typedb_find(db, "obj"), skl_abi_find("x86_64"), NULL, 64, &err);
	CHECK(l != NULL);
	if (!l || !dl)
		goto out;
	memset(&o, 0, sizeof(o));
	o.highlight = hl;
	o.nhighlight = 1;
	o.no_header = 1;
	skl_dl_set_text_floor(dl, 10);
	CHECK(skl_view_layout(dl, l, &o) == 0);
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_TEXT && !strcmp(it->text, "skc_nulls_node"))
			named = 1;
	}
	CHECK(named);
out:
	skl_layout_free(l);
	skl_dl_free(dl);
	skl_typedb_free(db);
}

int main(int argc, char **argv)
{
	const char *outdir = argc > 1 ? argv[1] : ".";
	sample_types t;
	skl_error err;
	skl_sdl *sdl;

	skl_error_clear(&err);
	if (sample_types_build(&t, &err) < 0) {
		fprintf(stderr, "test_render: %s\n", err.msg);
		return 1;
	}
	sdl = skl_sdl_new(SKLAB_TEST_FONT_DIR, &err);
	if (!sdl) {
		fprintf(stderr, "test_render: %s\n", err.msg);
		return 1;
	}
	test_drawlist();
	test_text_copy();
	test_lazy_tips();
	test_metrics();
	test_sock(&t, sdl, outdir);
	test_highlight(&t, sdl);
	test_nested_tint();
	test_union_highlight();
	test_bitfields(&t);
	test_large(&t);
	test_fold(&t);
	test_frames(&t, outdir);
	test_text(&t, sdl, outdir);
	skl_sdl_free(sdl);
	sample_types_free(&t);
	if (check_failures) {
		fprintf(stderr, "test_render: %d checks failed\n", check_failures);
		return 1;
	}
	printf("test_render: ok\n");
	return 0;
}
