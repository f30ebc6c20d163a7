/*
 * test_cache_view.c - the cache view and the layout view's heat overlay,
 * headless. A small synthetic snapshot with lines in known states (hit,
 * miss, dirty, old, empty) is checked pixel by pixel and through its draw
 * list (keys, tooltips, summaries of levels without lines, SVG); a
 * Pentium III snapshot made by driving the real cache model (76 tcp_socks
 * zeroed and looked up, see sample_cache.c) is drawn at 1920x1080 and
 * 1280x720, as a scenario frame would show it; a level of 512 sets x 8
 * ways is folded; a struct sock with L1d misses as heat is tinted.
 *
 *   test_cache_view OUTDIR   (writes cache-*.png, .svg and .dl.txt there)
 */
#include "check.h"
#include "dlist.h"
#include "image.h"
#include "sklab/render/sdl.h"
#include "sklab/render/svg.h"
#include "view_cachesim.h"
#include "view_layout.h"
#include "sklab/render/view_scene.h"
#include "view_util.h"
#include "sample_cache.h"
#include "sample_structs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CHECK_HAS(hay, needle)                                                                                         \
	do {                                                                                                           \
		if (!(hay) || !strstr((hay), (needle))) {                                                              \
			fprintf(stderr, "%s:%d: \"%s\" not in \"%s\"\n", __FILE__, __LINE__, (needle),                 \
				(hay) ? (hay) : "(null)");                                                             \
			check_failures++;                                                                              \
		}                                                                                                      \
	} while (0)

/* ---- reading the draw list and the picture ------------------------------------------ */

/* The first item of a group with this key and fill colour, or NULL. */
static const skl_dl_item *item_fill(const skl_dl *dl, const char *key, skl_color fill)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->key && !strcmp(it->key, key) && it->kind == SKL_DL_RECT && it->fill == fill)
			return it;
	}
	return NULL;
}

/* The right edge of the grid's cells and the left edge of the table: the
 * grid must stay clear of the panel. */
static void check_grid_clear(const skl_dl *dl, const char *obj)
{
	char cell[32], stats[32];
	float right = 0, left = 1e9f;
	int i;
	snprintf(cell, sizeof(cell), "%s:cell:", obj);
	snprintf(stats, sizeof(stats), "%s:stats:", obj);
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (!it->key)
			continue;
		if (!strncmp(it->key, cell, strlen(cell)))
			right = fmaxf(right, it->x + it->w);
		if (!strncmp(it->key, stats, strlen(stats)))
			left = fminf(left, it->x);
	}
	CHECK(right > 0 && right < left);
}

static int luma(skl_color c)
{
	return (int)(299 * SKL_R(c) + 587 * SKL_G(c) + 114 * SKL_B(c)) / 1000;
}

/* ---- a synthetic snapshot ----------------------------------------------------------- */

static void set_line(skl_cachesim_snap_level *lv, unsigned set, unsigned way, uint64_t addr, int owner, int hit,
		     int dirty, int recent)
{
	skl_cachesim_snap_line *c = &lv->lines[set * lv->st.assoc + way];
	c->addr = addr;
	c->valid = 1;
	c->owner = owner;
	c->last_hit = (uint8_t)hit;
	c->dirty = (uint8_t)dirty;
	c->recent = (uint8_t)recent;
	c->missed = (uint8_t)(recent && !hit); /* a recent miss came in this step */
}

static void level_init(skl_cachesim_snap_level *lv, const char *name, uint64_t size, unsigned assoc, unsigned latency,
		       int with_lines)
{
	unsigned i;
	snprintf(lv->st.name, sizeof(lv->st.name), "%s", name);
	lv->st.size = size;
	lv->st.assoc = assoc;
	lv->st.line = 32;
	lv->st.sets = (unsigned)(size / 32 / assoc);
	lv->latency = latency;
	if (with_lines) {
		lv->lines = skl_calloc((size_t)lv->st.sets * assoc, sizeof(*lv->lines));
		for (i = 0; i < lv->st.sets * assoc; i++)
			lv->lines[i].owner = -1;
	}
}

static void attr_set(skl_cachesim_attr *a, const char *owner, const char *member, unsigned off, unsigned size,
		     uint64_t r, uint64_t w, uint64_t m0, uint64_t m1, uint64_t cycles)
{
	snprintf(a->owner, sizeof(a->owner), "%s", owner);
	snprintf(a->member, sizeof(a->member), "%s", member);
	a->offset = off;
	a->size = size;
	a->reads = r;
	a->writes = w;
	a->misses[0] = m0;
	a->misses[1] = m1;
	a->cycles = cycles;
}

/*
 * L1d: 8 sets x 2 ways. Set 0: way 0 daddr (hit, clean, recent), way 1
 * slab_t (miss, dirty, recent); set 1: way 0 empty, way 1 tcp_sock (hit,
 * old); sets 2-7: way 0 tcp_sock (miss, recent). L2 (or L2 and a big L3
 * when big) has no lines.
 */
static skl_cachesim_snap *synth(void)
{
	skl_cachesim_snap *s = skl_calloc(1, sizeof(*s));
	skl_cachesim_snap_level *l1;
	static const char *const owners[] = {"tcp_sock.daddr", "slab_t", "tcp_sock"};
	unsigned k;
	int i;
	snprintf(s->title, sizeof(s->title), "Test machine");
	snprintf(s->source, sizeof(s->source), "synthetic figures for the render test");
	s->mem_latency = 100;
	s->nlevels = 2;
	s->levels = skl_calloc(2, sizeof(*s->levels));
	level_init(&s->levels[0], "L1d", 512, 2, 3, 1);
	level_init(&s->levels[1], "L2", 4096, 4, 10, 0);
	l1 = &s->levels[0];
	l1->st.refs[0] = 10;
	l1->st.refs[1] = 6;
	l1->st.misses[0] = 3;
	l1->st.misses[1] = 5;
	l1->st.hits = 8;
	l1->st.compulsory = 7;
	l1->st.conflict = 1;
	l1->st.evictions = 1;
	l1->st.dirty_evictions = 1;
	l1->st.writebacks = 1;
	s->levels[1].st.refs[0] = 3;
	s->levels[1].st.refs[1] = 5;
	s->levels[1].st.misses[0] = 3;
	s->levels[1].st.misses[1] = 4;
	s->levels[1].st.compulsory = 7;
	s->nowners = 3;
	s->owners = skl_calloc(3, sizeof(char *));
	for (i = 0; i < 3; i++)
		s->owners[i] = skl_strdup(owners[i]);
	set_line(l1, 0, 0, 0xc1400000u, 0, 1, 0, 1);
	set_line(l1, 0, 1, 0xc1400100u, 1, 0, 1, 1);
	set_line(l1, 1, 1, 0xc1400020u, 2, 1, 0, 0);
	for (k = 2; k < 8; k++)
		set_line(l1, k, 0, 0xc1400000u + 32u * k, 2, 0, 1, 1);
	s->nmembers = 3;
	s->members = skl_calloc(3, sizeof(*s->members));
	attr_set(&s->members[0], "slab_t", "", 0, 24, 2, 2, 1, 1, 120);
	attr_set(&s->members[1], "tcp_sock", "", 0, 800, 0, 10, 2, 2, 400);
	attr_set(&s->members[2], "tcp_sock", "daddr", 0, 4, 5, 1, 3, 1, 300);
	s->nlines = 5;
	s->lines = skl_calloc(5, sizeof(*s->lines));
	attr_set(&s->lines[0], "slab_t", "line 0", 0, 32, 2, 2, 1, 1, 120);
	for (i = 0; i < 4; i++)
		attr_set(&s->lines[1 + i], "tcp_sock",
			 i == 0	  ? "line 0"
			 : i == 1 ? "line 1"
			 : i == 2 ? "line 2"
				  : "line 3",
			 32u * (unsigned)i, 32, (uint64_t)(i == 0 ? 5 : 0), 3, (uint64_t)(4 - i), 1, 200);
	s->accesses = 16;
	s->cycles = 820;
	return s;
}

/* ---- the synthetic snapshot: pixels, keys, tooltips ------------------------------------- */

static void test_synthetic(skl_sdl *sdl, const char *outdir)
{
	skl_cachesim_snap *s = synth();
	skl_dl *dl = skl_dl_new(1600, 900);
	const skl_dl_item *c00, *c01, *c10, *c11, *hit, *miss, *sw, *bar;
	skl_color own0 = skl_view_cachesim_owner_color(s, 0), own1 = skl_view_cachesim_owner_color(s, 1);
	skl_color own2 = skl_view_cachesim_owner_color(s, 2);
	SDL_Surface *img;
	skl_error err;
	char *svg;

	CHECK(skl_view_cachesim(dl, s, NULL) == 0);
	CHECK(skl_test_save(sdl, dl, outdir, "cache-synthetic") == 0);
	CHECK(skl_test_outside(dl, 0, 0, skl_dl_width(dl), skl_dl_height(dl), "synthetic") == 0);
	check_grid_clear(dl, "0");

	/* every way of every set of L1d, none of L2 (no lines): L2 summed up */
	CHECK(skl_test_count_prefix(dl, "0:cell:0:") >= 16);
	CHECK(skl_test_item(dl, "0:cell:0:7:1") != NULL);
	CHECK(skl_test_count_prefix(dl, "0:cell:1:") == 0);
	CHECK(skl_test_item(dl, "0:summary:1") != NULL);
	CHECK(skl_test_item(dl, "0:summary:0") == NULL);
	CHECK_HAS(skl_test_item(dl, "0:summary:1")->tooltip, "not copied line by line");
	CHECK(skl_test_item(dl, "0:stats:0") && skl_test_item(dl, "0:stats:1"));
	CHECK(skl_test_item(dl, "0:cache") && skl_test_item(dl, "0:level:0"));
	CHECK(skl_test_item(dl, "0:owner:0") && skl_test_item(dl, "0:owner:2"));
	CHECK(skl_test_item(dl, "0:member:0") && skl_test_item(dl, "0:member:2"));
	CHECK(skl_test_item(dl, "0:objline:0") && skl_test_item(dl, "0:objline:4"));
	CHECK(skl_test_item(dl, "0:legend:hit") && skl_test_item(dl, "0:legend:miss") &&
	      skl_test_item(dl, "0:legend:dirty"));
	CHECK(skl_test_item(dl, "0:legend:recent") && skl_test_item(dl, "0:legend:empty"));
	CHECK(skl_test_item(dl, "0:set:0:0") != NULL);

	/* the latencies are stated, and the machine named */
	CHECK(skl_test_has_text_prefix(dl, "Cache: Test machine"));
	CHECK(skl_test_has_text_prefix(dl, "latency: L1d 3 cycles, L2 10, memory 100"));
	CHECK(skl_test_has_text_prefix(dl, "synthetic figures"));
	CHECK(skl_test_has_text_prefix(dl, "50.0 %")); /* L1d: 8 misses of 16 */

	/* tooltips */
	c01 = skl_test_item(dl, "0:cell:0:0:1");
	CHECK(c01 != NULL);
	if (c01) {
		CHECK_HAS(c01->tooltip, "L1d \xc2\xb7 set 0, way 1");
		CHECK_HAS(c01->tooltip, "line 0xc1400100 (simulated)");
		CHECK_HAS(c01->tooltip, "owner: slab_t");
		CHECK_HAS(c01->tooltip, "valid, dirty");
		CHECK_HAS(c01->tooltip, "this step: missed");
		CHECK_HAS(c01->tooltip, "set 0 = (0xc1400100 / 32) mod 8");
	}
	CHECK_HAS(skl_test_item(dl, "0:cell:0:0:0")->tooltip, "this step: hit");
	CHECK_HAS(skl_test_item(dl, "0:cell:0:1:1")->tooltip, "not touched this step; latest access: hit");
	CHECK_HAS(skl_test_item(dl, "0:cell:0:0:0")->tooltip, "owner: tcp_sock.daddr");
	CHECK_HAS(skl_test_item(dl, "0:cell:0:0:0")->tooltip, "clean");
	CHECK_HAS(skl_test_item(dl, "0:cell:0:1:0")->tooltip, "empty (invalid)");
	CHECK_HAS(skl_test_item(dl, "0:member:2")->tooltip, "misses: L1d 3, L2 1");
	CHECK_HAS(skl_test_item(dl, "0:stats:0")->tooltip, "compulsory 7, capacity 0, conflict 1");

	/* owner colours: the palette slot of the name (the first owner always
	 * gets its own), the same in the grid, the legend and the bars */
	CHECK(own0 == skl__owner_color(skl__owner_slot("tcp_sock.daddr")));
	CHECK(own0 != own1 && own1 != own2 && own0 != own2);
	CHECK(skl_view_cachesim_attr_color(s, &s->members[2]) == own0);
	CHECK(skl_view_cachesim_attr_color(s, &s->members[0]) == own1);
	sw = item_fill(dl, "0:owner:0", own0);
	bar = item_fill(dl, "0:member:2", own0);
	CHECK(sw != NULL && bar != NULL);

	/* the picture */
	img = skl_sdl_render_surface(sdl, dl, 1600, 900, NULL, &err);
	CHECK(img != NULL);
	c00 = skl_test_item(dl, "0:cell:0:0:0");
	c10 = skl_test_item(dl, "0:cell:0:1:0");
	c11 = skl_test_item(dl, "0:cell:0:1:1");
	hit = item_fill(dl, "0:cell:0:0:0", skl_view_cachesim_hit_color());
	miss = item_fill(dl, "0:cell:0:0:1", skl_view_cachesim_miss_color());
	CHECK(hit != NULL && miss != NULL);
	CHECK(item_fill(dl, "0:cell:0:0:0", skl_view_cachesim_miss_color()) == NULL);
	if (img && c00 && c01 && c10 && c11 && hit && miss) {
		CHECK(c00->w >= 20 && c00->h >= 10);
		/* owner colour in the body of the cell */
		CHECK(
		    skl_test_near_color(skl_test_pixel(img, c00->x + c00->w * 0.35f, c00->y + c00->h * 0.4f), own0, 2));
		CHECK(
		    skl_test_near_color(skl_test_pixel(img, c01->x + c01->w * 0.5f, c01->y + c01->h * 0.3f), own1, 2));
		/* hit green in its corner, miss red down its edge */
		CHECK(skl_test_near_color(skl_test_pixel(img, hit->x + hit->w / 2, hit->y + hit->h / 2),
					  skl_view_cachesim_hit_color(), 2));
		CHECK(skl_test_near_color(skl_test_pixel(img, miss->x + miss->w / 2, miss->y + miss->h * 0.8f),
					  skl_view_cachesim_miss_color(), 2));
		/* a hit's corner is small: below it is the owner's colour again */
		CHECK(!skl_test_near_color(skl_test_pixel(img, hit->x + hit->w / 2, c00->y + c00->h - 2),
					   skl_view_cachesim_hit_color(), 40));
		/* the dirty dog-ear in the bottom-left corner of the dirty line only */
		CHECK(!skl_test_near_color(skl_test_pixel(img, c01->x + 1.5f, c01->y + c01->h - 1.5f), own1, 60));
		CHECK(skl_test_near_color(skl_test_pixel(img, c00->x + 1.5f, c00->y + c00->h - 1.5f), own0, 2));
		/* the old line is pale, the empty way grey */
		CHECK(luma(skl_test_pixel(img, c11->x + c11->w * 0.35f, c11->y + c11->h * 0.4f)) > luma(own2) + 30);
		CHECK(skl_test_near_color(skl_test_pixel(img, c10->x + c10->w * 0.35f, c10->y + c10->h * 0.4f),
					  SKL_HEX(0xeceef1), 2));
		/* the legend swatch and the member's bar in the owner's colour */
		CHECK(skl_test_near_color(skl_test_pixel(img, sw->x + sw->w / 2, sw->y + sw->h / 2), own0, 2));
		CHECK(skl_test_near_color(skl_test_pixel(img, bar->x + 2, bar->y + bar->h / 2), own0, 2));
	}
	if (img)
		SDL_FreeSurface(img);

	/* SVG: every cell a group with its tooltip */
	svg = skl_test_svg_text(dl);
	CHECK_HAS(svg, "<svg");
	CHECK_HAS(svg, "</svg>");
	CHECK_HAS(svg, "0:cell:0:0:1");
	CHECK_HAS(svg, "<title>L1d \xc2\xb7 set 0, way 1");
	skl_free(svg);

	/* deterministic */
	{
		skl_dl *dl2 = skl_dl_new(1600, 900);
		char *a = skl_test_dump_text(dl), *b;
		CHECK(skl_view_cachesim(dl2, s, NULL) == 0);
		b = skl_test_dump_text(dl2);
		CHECK(strcmp(a, b) == 0);
		skl_free(a);
		skl_free(b);
		skl_dl_free(dl2);
	}
	skl_dl_free(dl);
	skl_cachesim_snap_free(s);
}

/* No recent line anywhere (a first look): nothing is pale. */
static void test_no_recent(void)
{
	skl_cachesim_snap *s = synth();
	skl_dl *dl = skl_dl_new(1600, 900);
	unsigned i;
	for (i = 0; i < 16; i++)
		s->levels[0].lines[i].recent = 0;
	CHECK(skl_view_cachesim(dl, s, NULL) == 0);
	CHECK(skl_test_item(dl, "0:legend:recent") == NULL);
	CHECK(item_fill(dl, "0:cell:0:1:1", skl_view_cachesim_owner_color(s, 2)) != NULL);
	skl_dl_free(dl);
	skl_cachesim_snap_free(s);
}

/* A line a miss brought in this step and that then hit again carries the
 * miss mark: the mark is this step's outcome, not the latest access. */
static void test_step_marks(void)
{
	skl_cachesim_snap *s = synth();
	skl_dl *dl = skl_dl_new(1600, 900);
	skl_cachesim_snap_line *c = &s->levels[0].lines[2 * 2 + 0]; /* set 2, way 0 */
	c->last_hit = 1;
	c->missed = 1;
	c->recent = 1;
	CHECK(skl_view_cachesim(dl, s, NULL) == 0);
	CHECK(item_fill(dl, "0:cell:0:2:0", skl_view_cachesim_miss_color()) != NULL);
	CHECK(item_fill(dl, "0:cell:0:2:0", skl_view_cachesim_hit_color()) == NULL);
	CHECK_HAS(skl_test_item(dl, "0:cell:0:2:0")->tooltip,
		  "this step: missed (a miss brought the line in), then hit");
	/* the legend says the marks are this step's */
	CHECK(skl_test_has_text_prefix(dl, "hit this step") && skl_test_has_text_prefix(dl, "missed this step"));
	CHECK_HAS(skl_test_item(dl, "0:legend:recent")->tooltip, "latest access");
	skl_dl_free(dl);

	/* nothing touched since the last look: the marks are the latest
	 * accesses, and the legend says so */
	{
		unsigned i;
		for (i = 0; i < 16; i++)
			s->levels[0].lines[i].recent = 0;
		dl = skl_dl_new(1600, 900);
		CHECK(skl_view_cachesim(dl, s, NULL) == 0);
		CHECK(skl_test_has_text_prefix(dl, "latest access hit") &&
		      skl_test_has_text_prefix(dl, "latest access missed"));
		CHECK(item_fill(dl, "0:cell:0:2:0", skl_view_cachesim_hit_color()) != NULL);
		skl_dl_free(dl);
	}
	skl_cachesim_snap_free(s);
}

/* The header counts what the table counts: a model fed directly (no
 * kernel) has no access total of its own, and an L1i with no references
 * comes first. */
static void test_header_counts(void)
{
	skl_cachesim_snap *s = synth();
	skl_dl *dl = skl_dl_new(1600, 900);
	s->accesses = 0;
	s->cycles = 0;
	CHECK(skl_view_cachesim(dl, s, NULL) == 0);
	/* L1d 16 references x 3 + L2 8 x 10 + 7 to memory x 100 */
	CHECK(skl_test_has_text_prefix(
	    dl, "latency: L1d 3 cycles, L2 10, memory 100 \xc2\xb7 16 accesses \xc2\xb7 828 cycles"));
	skl_dl_free(dl);
	skl_cachesim_snap_free(s);
}

/* Text items cut short ("\u2026" at the end). */
static int count_cut(const skl_dl *dl, int verbose)
{
	int i, n = 0;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		size_t len = it->kind == SKL_DL_TEXT && it->text ? strlen(it->text) : 0;
		if (len >= 3 && !memcmp(it->text + len - 3, "\xe2\x80\xa6", 3)) {
			if (verbose)
				fprintf(stderr, "  cut: \"%s\" (key %s)\n", it->text, it->key ? it->key : "-");
			n++;
		}
	}
	return n;
}

/* ---- the Pentium III, as a scenario frame shows it ----------------------------------------- */

static void frame_of(skl_dl *dl, const skl_cachesim_snap *s, const char *caption)
{
	skl_scene sc;
	const skl_cachesim_snap *gs[1];
	memset(&sc, 0, sizeof(sc));
	gs[0] = s;
	sc.cgrids = gs;
	sc.ncgrids = 1;
	sc.title = "The struct sock cleanup (LKML, Dec 2001)";
	sc.caption = caption;
	sc.step = 5;
	sc.nsteps = 7;
	CHECK(skl_view_scene(dl, &sc) == 0);
}

/*
 * What a lecturer projects (1920x1080, presentation scale and floor) and
 * the smallest window: the L1d drawn way by way, L2's 1024 sets as a
 * strip of bands (never "too many lines"), every member with accesses in
 * the chart, the lookups' misses red and their hits green, no text cut.
 */
static void test_projected(skl_sdl *sdl, const char *outdir)
{
	skl_cachesim_snap *s = sample_cache_p3(1);
	static const struct {
		int w, h, present;
	} canv[] = {{1920, 1080, 1}, {1280, 720, 0}, {1600, 900, 0}, {3840, 2160, 1}};
	int k, i;

	CHECK(s != NULL);
	if (!s)
		return;
	for (k = 0; k < (int)(sizeof(canv) / sizeof(canv[0])); k++) {
		skl_dl *dl = skl_dl_new((float)canv[k].w, (float)canv[k].h);
		skl_scene sc;
		const skl_cachesim_snap *gs[1];
		char name[64];
		int missed = 0;
		unsigned j;
		memset(&sc, 0, sizeof(sc));
		gs[0] = s;
		sc.cgrids = gs;
		sc.ncgrids = 1;
		sc.caption = "The lookups after the zeroing: the first sockets' lines are gone";
		sc.step = 2;
		sc.nsteps = 7;
		if (canv[k].present) {
			sc.text_scale = fminf((float)canv[k].w / 1600, (float)canv[k].h / 900) * SKL_PRESENT_SCALE;
			sc.text_floor = SKL_PRESENT_FLOOR;
			skl_dl_set_text_floor(dl, SKL_PRESENT_FLOOR);
		}
		CHECK(skl_view_scene(dl, &sc) == 0);
		snprintf(name, sizeof(name), "cache-projected-%dx%d%s", canv[k].w, canv[k].h,
			 canv[k].present ? "-present" : "");
		CHECK(skl_test_save(sdl, dl, outdir, name) == 0);
		CHECK(skl_test_outside(dl, 0, 0, skl_dl_width(dl), skl_dl_height(dl), name) == 0);
		/* no level summed up as "too many" */
		CHECK(skl_test_item(dl, "0:summary:0") == NULL && skl_test_item(dl, "0:summary:1") == NULL);
		CHECK(skl_test_item(dl, "0:cell:0:0:0") != NULL);
		CHECK(skl_test_item(dl, "0:cell:1:0:0") != NULL || skl_test_item(dl, "0:band:1:0") != NULL);
		/* every member with accesses has its row */
		for (i = 0; i < s->nmembers; i++) {
			char key[32];
			snprintf(key, sizeof(key), "0:member:%d", i);
			if (s->members[i].reads + s->members[i].writes)
				CHECK(skl_test_item(dl, key) != NULL);
		}
		/* the marks are this step's */
		for (j = 0; j < s->levels[0].st.sets * s->levels[0].st.assoc; j++) {
			const skl_cachesim_snap_line *c = &s->levels[0].lines[j];
			char key[48];
			if (!c->valid || !c->recent)
				continue;
			snprintf(key, sizeof(key), "0:cell:0:%u:%u", j / s->levels[0].st.assoc,
				 j % s->levels[0].st.assoc);
			if (!skl_test_item(dl, key))
				continue;
			if (c->missed) {
				missed++;
				CHECK(item_fill(dl, key, skl_view_cachesim_miss_color()) != NULL);
			} else {
				CHECK(item_fill(dl, key, skl_view_cachesim_hit_color()) != NULL);
			}
		}
		CHECK(missed > 0); /* the lookups found every line evicted: all missed */
		CHECK(count_cut(dl, 1) == 0);
		skl_dl_free(dl);
	}
	skl_cachesim_snap_free(s);
}

static void test_p3(skl_sdl *sdl, const char *outdir)
{
	skl_cachesim_snap *s = sample_cache_p3(0), *s2 = sample_cache_p3(1);
	static const int sizes[2][2] = {{1920, 1080}, {1280, 720}};
	const char *caption = "Zeroing 76 tcp_socks streams 59 KiB through a 16 KiB L1d: by the lookups, the "
			      "first sockets' identity lines are gone.";
	int k;

	CHECK(s != NULL && s2 != NULL);
	if (!s || !s2)
		return;
	/* the model's own counters made it into the snapshot */
	CHECK(!strcmp(s->levels[0].st.name, "L1d") && s->levels[0].st.sets == 128 && s->levels[0].st.assoc == 4);
	CHECK(s->levels[0].st.misses[1] > 0 && s->levels[0].st.compulsory > 0);
	CHECK(s->levels[1].lines == NULL && s2->levels[1].lines != NULL);
	CHECK(skl_view_cachesim_focus(s) == 0);

	for (k = 0; k < 2; k++) {
		skl_dl *dl = skl_dl_new((float)sizes[k][0], (float)sizes[k][1]);
		char name[64];
		frame_of(dl, s, caption);
		snprintf(name, sizeof(name), "cache-p3-%dx%d", sizes[k][0], sizes[k][1]);
		CHECK(skl_test_save(sdl, dl, outdir, name) == 0);
		CHECK(skl_test_outside(dl, 0, 0, skl_dl_width(dl), skl_dl_height(dl), name) == 0);
		check_grid_clear(dl, "0");
		/* 512 ways, each keyed, none under a few pixels */
		CHECK(skl_test_count_prefix(dl, "0:cell:0:") >= 512);
		CHECK(skl_test_item(dl, "0:cell:0:127:3") != NULL);
		CHECK(skl_test_item(dl, "0:summary:1") != NULL);
		CHECK(skl_test_item(dl, "0:member:0") != NULL);
		CHECK(skl_test_item(dl, "scene:caption") != NULL);
		/* the grid's cells are big enough to see on a projector */
		{
			const skl_dl_item *c = skl_test_item(dl, "0:cell:0:0:0");
			CHECK(c && c->w >= 20 && c->h >= (k == 0 ? 12 : 8));
		}
		skl_dl_free(dl);

		/* with L2's 8192 lines copied too */
		dl = skl_dl_new((float)sizes[k][0], (float)sizes[k][1]);
		frame_of(dl, s2, caption);
		snprintf(name, sizeof(name), "cache-p3-l2-%dx%d", sizes[k][0], sizes[k][1]);
		CHECK(skl_test_save(sdl, dl, outdir, name) == 0);
		CHECK(skl_test_outside(dl, 0, 0, skl_dl_width(dl), skl_dl_height(dl), name) == 0);
		CHECK(skl_test_count_prefix(dl, "0:cell:0:") >= 512);
		/* L2's 1024 sets: a grid, or a strip of bands, never summed up */
		CHECK(skl_test_item(dl, "0:cell:1:0:0") != NULL || skl_test_item(dl, "0:band:1:0") != NULL);
		CHECK(skl_test_item(dl, "0:summary:1") == NULL);
		skl_dl_free(dl);
	}
	skl_cachesim_snap_free(s);
	skl_cachesim_snap_free(s2);
}

/* A 512 x 8 level (128 KiB, 32-byte lines) under the L1d folds into
 * columns of cells that stay at least 3 pixels; in a tiny region it is
 * summed up. */
static void test_big_level(skl_sdl *sdl, const char *outdir)
{
	skl_cachesim_snap *s = sample_cache_p3(0);
	skl_cachesim_snap_level *lv;
	skl_dl *dl = skl_dl_new(1920, 1080);
	const skl_dl_item *c;
	skl_view_cachesim_opts o;
	unsigned k;

	if (!s)
		return;
	lv = &s->levels[1];
	lv->st.size = 131072;
	lv->st.sets = 512;
	lv->lines = skl_calloc(512 * 8, sizeof(*lv->lines));
	for (k = 0; k < 512 * 8; k++) {
		lv->lines[k].owner = k % 7 == 0 ? -1 : (int)((k / 8) % (unsigned)s->nowners);
		lv->lines[k].valid = k % 5 != 0;
		lv->lines[k].addr = 0xc1400000u + 32u * (k / 8) + 16384u * (k % 8);
		lv->lines[k].last_hit = k % 3 == 0;
		lv->lines[k].dirty = k % 4 == 0;
		lv->lines[k].recent = k % 2 == 0;
	}
	frame_of(dl, s, "An L2 of 512 sets x 8 ways, folded into columns under the L1d.");
	CHECK(skl_test_save(sdl, dl, outdir, "cache-big") == 0);
	CHECK(skl_test_outside(dl, 0, 0, skl_dl_width(dl), skl_dl_height(dl), "big") == 0);
	/* a grid whose cells read, or a strip */
	c = skl_test_item(dl, "0:cell:1:511:7");
	CHECK(c != NULL || skl_test_item(dl, "0:band:1:0") != NULL);
	CHECK(!c || (c->w >= 6 && c->h >= 5));
	CHECK(skl_test_item(dl, "0:summary:1") == NULL);
	/* squeezed into a small region: a strip of set bands, with the sets
	 * touched this step way by way when they fit */
	memset(&o, 0, sizeof(o));
	o.x = 10;
	o.y = 10;
	o.w = 900;
	o.h = 420;
	skl_dl_clear(dl, 1920, 1080);
	CHECK(skl_view_cachesim(dl, s, &o) == 0);
	CHECK(skl_test_item(dl, "0:summary:1") == NULL);
	CHECK(skl_test_item(dl, "0:band:1:0") != NULL);
	if (skl_test_item(dl, "0:band:1:0"))
		CHECK_HAS(skl_test_item(dl, "0:band:1:0")->tooltip, "lines valid");
	CHECK(skl_test_outside(dl, 0, 0, skl_dl_width(dl), skl_dl_height(dl), "big-small") == 0);
	CHECK(skl_test_save(sdl, dl, outdir, "cache-big-small") == 0);
	skl_dl_free(dl);
	skl_cachesim_snap_free(s);
}

/* ---- the heat overlay ---------------------------------------------------------------------- */

static skl_heat *heat_for(const skl_layout *l)
{
	skl_heat *h = skl_calloc(1, sizeof(*h));
	snprintf(h->label, sizeof(h->label), "L1d misses");
	h->nvalues = l->nfields;
	h->value = skl_calloc((size_t)l->nfields, sizeof(double));
	h->value[skl_layout_find(l, "daddr")] = 76;
	h->value[skl_layout_find(l, "dport")] = 30;
	h->value[skl_layout_find(l, "sport")] = 8;
	return h;
}

static void test_heat(skl_sdl *sdl, const char *outdir, sample_types *t)
{
	skl_error err;
	skl_layout *l = sample_layout(t, "sock", "i386", NULL, 32, &err);
	skl_heat *h;
	skl_dl *dl = skl_dl_new(1600, 900), *plain = skl_dl_new(1600, 900), *plain2 = skl_dl_new(1600, 900);
	skl_view_layout_opts o;
	const skl_dl_item *hot, *warm, *cold, *none;
	SDL_Surface *img;
	char *a, *b;

	CHECK(l != NULL);
	if (!l)
		return;
	h = heat_for(l);
	memset(&o, 0, sizeof(o));
	o.x = 20;
	o.y = 10;
	o.w = 1560;
	o.h = 880;
	o.heat = h;
	CHECK(skl_view_layout(dl, l, &o) == 0);
	CHECK(skl_test_save(sdl, dl, outdir, "heat-sock") == 0);
	CHECK(skl_test_outside(dl, 0, 0, skl_dl_width(dl), skl_dl_height(dl), "heat") == 0);
	CHECK(skl_test_item(dl, "0:heat") != NULL);
	CHECK(skl_test_item(dl, "0:legend:pointer") == NULL);
	CHECK(skl_test_has_text_prefix(dl, "L1d misses"));
	CHECK(skl_test_has_text_prefix(dl, "daddr \xc2\xb7 76"));
	CHECK_HAS(skl_test_item(dl, "0:field:daddr")->tooltip, "L1d misses: 76, 100 % of the hottest");
	CHECK_HAS(skl_test_item(dl, "0:field:state")->tooltip, "L1d misses: 0 (untouched)");

	/* without heat: the kind colours and legend, and exactly what a
	 * caller that never heard of heat gets */
	o.heat = NULL;
	o.x = o.y = o.w = o.h = 0;
	CHECK(skl_view_layout(plain, l, &o) == 0);
	CHECK(skl_view_layout(plain2, l, NULL) == 0);
	a = skl_test_dump_text(plain);
	b = skl_test_dump_text(plain2);
	CHECK(strcmp(a, b) == 0);
	CHECK(strstr(a, "0:heat") == NULL);
	CHECK(skl_test_item(plain, "0:legend:pointer") != NULL);
	skl_free(a);
	skl_free(b);

	img = skl_sdl_render_surface(sdl, dl, 1600, 900, NULL, &err);
	CHECK(img != NULL);
	hot = skl_test_item(dl, "0:field:daddr");
	warm = skl_test_item(dl, "0:field:dport");
	cold = skl_test_item(dl, "0:field:sport");
	none = skl_test_item(dl, "0:field:state");
	if (img && hot && warm && cold && none) {
		skl_color ph = skl_test_pixel(img, hot->x + 3, hot->y + 3),
			  pw = skl_test_pixel(img, warm->x + 3, warm->y + 3);
		skl_color pc = skl_test_pixel(img, cold->x + 3, cold->y + 3),
			  pn = skl_test_pixel(img, none->x + 3, none->y + 3);
		CHECK(skl_test_near_color(ph, skl__heat_color(1), 2));
		CHECK(skl_test_near_color(pn, skl__heat_color(0), 2));
		/* hotter is darker and redder */
		CHECK(luma(ph) < luma(pw) && luma(pw) < luma(pc) && luma(pc) < luma(pn));
		CHECK((int)SKL_B(pc) < (int)SKL_B(pn));
	}
	if (img)
		SDL_FreeSurface(img);
	skl_dl_free(dl);
	skl_dl_free(plain);
	skl_dl_free(plain2);
	skl_heat_free(h);
	skl_layout_free(l);

	/* a struct of one row: tall blocks carry the value on a line of its own */
	l = sample_layout(t, "small", "x86_64", NULL, 64, &err);
	CHECK(l != NULL);
	if (!l)
		return;
	h = skl_calloc(1, sizeof(*h));
	snprintf(h->label, sizeof(h->label), "cycles");
	h->nvalues = l->nfields;
	h->value = skl_calloc((size_t)l->nfields, sizeof(double));
	h->value[skl_layout_find(l, "count")] = 12345;
	h->value[skl_layout_find(l, "owner")] = 2.5;
	dl = skl_dl_new(1600, 900);
	memset(&o, 0, sizeof(o));
	o.x = 20;
	o.w = 1560;
	o.heat = h;
	CHECK(skl_view_layout(dl, l, &o) == 0);
	CHECK(skl_test_save(sdl, dl, outdir, "heat-small") == 0);
	CHECK(skl_test_has_text_prefix(dl, "12,345"));
	CHECK(skl_test_has_text_prefix(dl, "2.5 cycles"));
	skl_dl_free(dl);
	skl_heat_free(h);
	skl_layout_free(l);
}

/* ---- several CPUs: each CPU's private caches and their MESI states ------------------------ */

/* The draw-list line of the MESI letter in a CPU's cell, or NULL. */
static const char *mesi_text(const char *dump, const char *key, char *out, size_t outsz)
{
	return skl_test_dump_line(dump, " text ", key, out, outsz);
}

/* The key of the way of CPU cpu's L1d (level 0) that holds addr; "" when none. */
static void cpu_cell_of(const skl_cachesim_snap *s, int cpu, uint64_t addr, char *key, size_t n)
{
	const skl_cachesim_snap_level *lv = &s->cpus[cpu].levels[0];
	unsigned set = (unsigned)((addr / lv->st.line) % lv->st.sets), way;
	key[0] = 0;
	for (way = 0; way < lv->st.assoc; way++)
		if (lv->lines[(size_t)set * lv->st.assoc + way].valid &&
		    lv->lines[(size_t)set * lv->st.assoc + way].addr == addr)
			snprintf(key, n, "0:cpucell:%d:0:%u:%u", cpu, set, way);
}

/*
 * A two-CPU trace worked by hand (docs/smp.md's table): CPU 0 writes line
 * A (M); CPU 1 reads it: a HITM, CPU 0 writes it back, both Shared; CPU 1
 * writes it: an upgrade invalidates CPU 0's copy (I, an empty way) and
 * CPU 1's is Modified.
 */
static void test_smp_trace(skl_sdl *sdl, const char *outdir)
{
	static const sample_access t1[] = {
	    {0, 0x100000, 8, 1, "counters.a"},
	    {1, 0x100000, 8, 0, "counters.a"},
	};
	static const sample_access t2[] = {
	    {0, 0x100000, 8, 1, "counters.a"},
	    {1, 0x100000, 8, 0, "counters.a"},
	    {1, 0x100008, 8, 1, "counters.b"},
	};
	skl_cachesim_snap *s1 = sample_cache_smp(2, 1, t1, 2, 1), *s2 = sample_cache_smp(2, 1, t2, 3, 1);
	skl_dl *dl = skl_dl_new(1600, 900);
	char k0[64], k1[64], line[4096], tip[4096], *dump;
	const skl_dl_item *it;

	CHECK(s1 && s2);
	if (!s1 || !s2)
		return;
	CHECK(s1->ncpus == 2 && s1->nprivate == 2 && s1->cpus[0].levels[0].lines != NULL);
	/* after the read: both Shared, CPU 1's a HITM */
	CHECK(skl_view_cachesim(dl, s1, NULL) == 0);
	CHECK(skl_test_save(sdl, dl, outdir, "cache-smp-trace-1") == 0);
	CHECK(skl_test_outside(dl, 0, 0, skl_dl_width(dl), skl_dl_height(dl), "smp trace 1") == 0);
	dump = skl_test_dump_text(dl);
	cpu_cell_of(s1, 0, 0x100000, k0, sizeof(k0));
	cpu_cell_of(s1, 1, 0x100000, k1, sizeof(k1));
	CHECK(k0[0] && k1[0]);
	CHECK(mesi_text(dump, k0, line, sizeof(line)) && strstr(line, "\"S\""));
	CHECK(mesi_text(dump, k1, line, sizeof(line)) && strstr(line, "\"S\""));
	it = skl_test_item(dl, k0);
	CHECK(it != NULL);
	if (it) {
		CHECK_HAS(it->tooltip, "CPU 0 \xc2\xb7 L1d \xc2\xb7 set 0, way 0");
		CHECK_HAS(it->tooltip, "MESI S: Shared");
		CHECK_HAS(it->tooltip, "held by CPU 0 (S), CPU 1 (S)");
		CHECK_HAS(it->tooltip, "owner: counters.a");
	}
	skl_view_cachesim_cpu_cell_tooltip(s1, 1, 0, 0, 0, tip, sizeof(tip));
	CHECK(strstr(tip, "CPU 1 \xc2\xb7 L1d") != NULL);
	/* the same owner colour in both CPUs: findable across them */
	CHECK(item_fill(dl, k1, skl_view_cachesim_owner_color(s1, 0)) != NULL); /* CPU 0's is pale: untouched */
	CHECK_HAS(skl_test_item(dl, k1)->tooltip, "owner: counters.a");
	/* panels, the current CPU marked, the counters */
	CHECK(skl_test_item(dl, "0:cpu:0") && skl_test_item(dl, "0:cpu:1"));
	CHECK(skl_test_has_text_exact(dl, "CPU 0") && skl_test_has_text_exact(dl, "CPU 1"));
	CHECK(skl_test_has_text_prefix(dl, "current CPU"));
	CHECK_HAS(skl_test_item(dl, "0:cpu:1")->tooltip, "HITM 1");
	CHECK_HAS(skl_test_item(dl, "0:cpustats:1")->tooltip, "HITM 1");
	CHECK(skl_test_has_text_prefix(dl, "2 CPUs kept coherent by MESI"));
	/* the legend's MESI states, and the shared L3 once, keyed as today */
	CHECK(skl_test_item(dl, "0:legend:mesi-M") && skl_test_item(dl, "0:legend:mesi-E") &&
	      skl_test_item(dl, "0:legend:mesi-S") && skl_test_item(dl, "0:legend:mesi-I"));
	CHECK(skl_test_item(dl, "0:level:2") != NULL || skl_test_item(dl, "0:summary:2") != NULL);
	CHECK(skl_test_count_prefix(dl, "0:cpucell:0:1:") == 0 || skl_test_item(dl, "0:cpuband:0:1:0") != NULL ||
	      skl_test_item(dl, "0:cpulevel:0:1") != NULL);
	CHECK(skl_test_count_prefix(dl, "0:cell:0:") == 0); /* no plain copy of the current CPU's L1d */
	CHECK(count_cut(dl, 1) == 0);
	skl_free(dump);
	skl_dl_free(dl);

	/* after CPU 1's write: CPU 0's copy is gone (I), CPU 1's Modified */
	dl = skl_dl_new(1600, 900);
	CHECK(skl_view_cachesim(dl, s2, NULL) == 0);
	CHECK(skl_test_save(sdl, dl, outdir, "cache-smp-trace-2") == 0);
	dump = skl_test_dump_text(dl);
	cpu_cell_of(s2, 0, 0x100000, k0, sizeof(k0));
	cpu_cell_of(s2, 1, 0x100000, k1, sizeof(k1));
	CHECK(k0[0] == 0 && k1[0]);
	CHECK(mesi_text(dump, k1, line, sizeof(line)) && strstr(line, "\"M\""));
	it = skl_test_item(dl, "0:cpucell:0:0:0:0");
	CHECK(it != NULL);
	if (it)
		CHECK_HAS(it->tooltip, "MESI I: never filled, evicted, or invalidated");
	CHECK_HAS(skl_test_item(dl, k1)->tooltip, "held by CPU 1 (M); Invalid in CPU 0");
	CHECK_HAS(skl_test_item(dl, k1)->tooltip, "MESI M: Modified");
	CHECK_HAS(skl_test_item(dl, "0:cpu:0")->tooltip, "invalidated 1");
	CHECK(s2->cpus[0].invalidated == 1 && s2->cpus[1].hitm == 1);
	skl_free(dump);
	skl_dl_free(dl);
	skl_cachesim_snap_free(s1);
	skl_cachesim_snap_free(s2);
}

/* Text items of any two groups whose ink overlaps (a rough visual lint). */
static int count_overlaps(const skl_dl *dl)
{
	int i, j, n = 0;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *a = skl_dl_at(dl, i);
		float aw;
		if (a->kind != SKL_DL_TEXT || !a->text || !a->text[0])
			continue;
		aw = fminf(skl_dl_text_width(a->text, a->size), a->w);
		for (j = i + 1; j < skl_dl_count(dl); j++) {
			const skl_dl_item *b = skl_dl_at(dl, j);
			float bw, ax, bx;
			if (b->kind != SKL_DL_TEXT || !b->text || !b->text[0])
				continue;
			bw = fminf(skl_dl_text_width(b->text, b->size), b->w);
			ax = a->align == SKL_ALIGN_RIGHT    ? a->x + a->w - aw
			     : a->align == SKL_ALIGN_CENTER ? a->x + (a->w - aw) / 2
							    : a->x;
			bx = b->align == SKL_ALIGN_RIGHT    ? b->x + b->w - bw
			     : b->align == SKL_ALIGN_CENTER ? b->x + (b->w - bw) / 2
							    : b->x;
			if (ax < bx + bw - 0.5f && bx < ax + aw - 0.5f &&
			    fabsf((a->y + a->h / 2) - (b->y + b->h / 2)) < fminf(a->size, b->size) * 0.8f) {
				if (n < 5)
					fprintf(stderr, "  overlap: \"%s\" and \"%s\"\n", a->text, b->text);
				n++;
			}
		}
	}
	return n;
}

/* 2, 4 and 8 CPUs at 1600x900 and in presentation at 1920x1080: every
 * CPU's panel, no text cut or overlapping; 8 CPUs compact when their L1d
 * cannot be drawn way by way, and the picture says so. */
static void test_smp_sizes(skl_sdl *sdl, const char *outdir)
{
	static const unsigned cpus[] = {2, 4, 8};
	static const struct {
		int w, h, present;
	} canv[] = {{1600, 900, 0}, {1920, 1080, 1}};
	int i, k;
	for (i = 0; i < 3; i++) {
		skl_cachesim_snap *s = sample_cache_smp_sharing(cpus[i]);
		CHECK(s != NULL);
		if (!s)
			continue;
		for (k = 0; k < 2; k++) {
			skl_dl *dl = skl_dl_new((float)canv[k].w, (float)canv[k].h);
			skl_scene sc;
			const skl_cachesim_snap *gs[1];
			char name[64], key[32], *svg;
			unsigned c;
			memset(&sc, 0, sizeof(sc));
			gs[0] = s;
			sc.cgrids = gs;
			sc.ncgrids = 1;
			sc.title = "False sharing";
			sc.caption = "Each CPU writes its own counter; two share a line, so every write invalidates "
				     "the other copy";
			sc.step = 2;
			sc.nsteps = 4;
			if (canv[k].present) {
				sc.text_scale =
				    fminf((float)canv[k].w / 1600, (float)canv[k].h / 900) * SKL_PRESENT_SCALE;
				sc.text_floor = SKL_PRESENT_FLOOR;
				skl_dl_set_text_floor(dl, SKL_PRESENT_FLOOR);
			}
			CHECK(skl_view_scene(dl, &sc) == 0);
			snprintf(name, sizeof(name), "cache-smp%u-%dx%d%s", cpus[i], canv[k].w, canv[k].h,
				 canv[k].present ? "-present" : "");
			CHECK(skl_test_save(sdl, dl, outdir, name) == 0);
			CHECK(skl_test_outside(dl, 0, 0, skl_dl_width(dl), skl_dl_height(dl), name) == 0);
			for (c = 0; c < cpus[i]; c++) {
				snprintf(key, sizeof(key), "0:cpu:%u", c);
				CHECK(skl_test_item(dl, key) != NULL);
				snprintf(key, sizeof(key), "0:cpustats:%u", c);
				CHECK(skl_test_item(dl, key) != NULL);
				snprintf(key, sizeof(key), "0:cpucell:%u:0:", c);
				if (skl_test_count_prefix(dl, key) == 0)
					fprintf(stderr, "%s: CPU %u has no L1d cells\n", name, c);
				CHECK(skl_test_count_prefix(dl, key) > 0);
			}
			/* the contended counter line is drawn in every CPU */
			CHECK(skl_test_count_prefix(dl, "0:cpucell:") > 0);
			/* drawn compact, the picture says so */
			if (skl_test_count_prefix(dl, "0:cpuset:") > 0 && !skl_test_count_prefix(dl, "0:cpuset:0:0:1:"))
				CHECK(skl_test_has_text_prefix(dl, "Compact"));
			if (count_cut(dl, 1) != 0)
				fprintf(stderr, "%s: text cut\n", name);
			CHECK(count_cut(dl, 0) == 0);
			if (count_overlaps(dl) != 0)
				fprintf(stderr, "%s: text overlaps\n", name);
			CHECK(count_overlaps(dl) == 0);
			/* SVG: the same characters as the PNG */
			svg = skl_test_svg_text(dl);
			CHECK_HAS(svg, "0:cpucell:0:0:");
			CHECK_HAS(svg, ">CPU 0<");
			skl_free(svg);
			skl_dl_free(dl);
		}
		skl_cachesim_snap_free(s);
	}
}

/* Many CPUs (16, 64): every CPU reads one line, CPU 0 writes it, all
 * read it again; drawn without a crash, inside the canvas, each CPU in
 * the table or counted in its last row. */
static void test_smp_many(skl_sdl *sdl, const char *outdir)
{
	static const unsigned ncpus[] = {16, 64};
	int i;
	for (i = 0; i < 2; i++) {
		sample_access acc[3 * 64 + 1];
		skl_cachesim_snap *s;
		skl_dl *dl = skl_dl_new(1600, 900);
		unsigned c;
		int n = 0;
		for (c = 0; c < ncpus[i]; c++)
			acc[n++] = (sample_access){c, 0x100000, 8, 0, "hot"};
		acc[n++] = (sample_access){0, 0x100000, 8, 1, "hot"};
		for (c = 0; c < ncpus[i]; c++)
			acc[n++] = (sample_access){c, 0x100000 + 8 * (uint64_t)(c % 8), 8, 0, "hot"};
		s = sample_cache_smp(ncpus[i], 3, acc, n, (int)ncpus[i]);
		CHECK(s != NULL);
		if (s) {
			char name[32];
			CHECK(skl_view_cachesim(dl, s, NULL) == 0);
			snprintf(name, sizeof(name), "cache-smp%u-many", ncpus[i]);
			CHECK(skl_test_save(sdl, dl, outdir, name) == 0);
			CHECK(skl_test_outside(dl, 0, 0, 1600, 900, "many CPUs") == 0);
			CHECK(skl_test_item(dl, "0:cpustats:0") != NULL);
			CHECK(skl_test_item(dl, "0:legend:mesi-S") != NULL);
			CHECK(s->cpus[1].hitm == 1 && s->cpus[1].coherence == 1); /* the first reader after the write */
			CHECK(s->cpus[2].hitm == 0 && s->cpus[2].coherence == 1); /* then it is Shared */
		}
		skl_cachesim_snap_free(s);
		skl_dl_free(dl);
	}
}

/* ---- frames from an event log --------------------------------------------------------------- */

static void test_frames(skl_sdl *sdl, const char *outdir, sample_types *t)
{
	skl_events *log = skl_events_new(0);
	skl_error err;
	skl_layout *l = sample_layout(t, "sock", "i386", NULL, 32, &err);
	skl_frame *frames = NULL;
	skl_dl *dl = skl_dl_new(1920, 1080);
	int n;

	CHECK(log && l);
	if (!log || !l)
		return;
	CHECK(skl_events_scenario(log, "Cache lines of struct sock", "goal", "linux-2.4.16-i386", "t.lua:1") == 0);
	CHECK(skl_events_show(log, &(skl_show){.kind = SKL_SHOW_HEAT, .layout = l, .heat = heat_for(l)}, "t.lua:2") ==
	      0);
	CHECK(skl_events_step(log, "L1d misses per member of struct sock", "t.lua:3") == 0);
	CHECK(skl_events_show(log, &(skl_show){.kind = SKL_SHOW_CACHESIM, .cachesim = sample_cache_p3(0)}, "t.lua:4") ==
	      0);
	CHECK(skl_events_step(log, "The L1d after the lookups", "t.lua:5") == 0);
	n = skl_events_frames(log, &frames);
	CHECK(n == 2);
	if (n == 2) {
		CHECK(skl_view_frame(dl, log, frames, n, 0, NULL) == 0);
		CHECK(skl_test_item(dl, "0:heat") != NULL);
		CHECK(skl_test_item(dl, "0:field:daddr") != NULL);
		CHECK(skl_test_save(sdl, dl, outdir, "frame-heat") == 0);
		CHECK(skl_view_frame(dl, log, frames, n, 1, NULL) == 0);
		CHECK(skl_test_item(dl, "0:cell:0:0:0") != NULL);
		CHECK(skl_test_has_text_prefix(dl, "Cache: Pentium III"));
		CHECK(skl_test_has_text_prefix(dl, "The L1d after the lookups"));
		CHECK(skl_test_save(sdl, dl, outdir, "frame-cache") == 0);
	}
	skl_free(frames);
	skl_dl_free(dl);
	skl_events_free(log);
}

int main(int argc, char **argv)
{
	const char *outdir = argc > 1 ? argv[1] : ".";
	skl_sdl *sdl;
	skl_error err;
	sample_types t;

	mkdir(outdir, 0777);
	if (SDL_Init(0) < 0) {
		fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
		return 1;
	}
	sdl = skl_sdl_new(SKLAB_TEST_FONT_DIR, &err);
	if (!sdl) {
		fprintf(stderr, "fonts: %s\n", err.msg);
		return 1;
	}
	if (sample_types_build(&t, &err) < 0) {
		fprintf(stderr, "samples: %s\n", err.msg);
		return 1;
	}
	test_synthetic(sdl, outdir);
	test_no_recent();
	test_step_marks();
	test_header_counts();
	test_projected(sdl, outdir);
	test_p3(sdl, outdir);
	test_big_level(sdl, outdir);
	test_heat(sdl, outdir, &t);
	test_frames(sdl, outdir, &t);
	test_smp_trace(sdl, outdir);
	test_smp_sizes(sdl, outdir);
	test_smp_many(sdl, outdir);
	sample_types_free(&t);
	skl_sdl_free(sdl);
	SDL_Quit();
	if (check_failures)
		fprintf(stderr, "%d checks failed\n", check_failures);
	return check_failures ? 1 : 0;
}
