/*
 * test_c2c_view.c - the c2c view, headless, on a hand-built two-CPU trace:
 * CPU 0 writes tobj.a (bytes 0..7) while CPU 1 reads tobj.b (8..15) of the
 * same line, five times each (false sharing), and both CPUs write uobj.c
 * (true sharing). Checks the draw list (ranks, owners, addresses, the
 * members' blocks at their offsets and colours, the R/W cells per CPU, the
 * sharing labels as the text report words them, tooltips), the PNG (size,
 * colours where the list says), the SVG (the same characters), the lines
 * limit, the empty table, presentation mode and the scene's frame from an
 * event log.
 *
 *   test_c2c_view OUTDIR   (writes c2c-*.png, .svg and .dl.txt there)
 */
#include "check.h"
#include "dlist.h"
#include "image.h"
#include "sklab/events.h"
#include "sklab/render/sdl.h"
#include "sklab/render/svg.h"
#include "sklab/render/view_scene.h"
#include "view_c2c.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define W 1600
#define H 900
#define X 0xffff888000100000ull
#define Y 0xffff888000100400ull
#define N 5

static skl_c2c_member member(const char *name, unsigned off, unsigned size)
{
	skl_c2c_member m;
	memset(&m, 0, sizeof(m));
	snprintf(m.member, sizeof(m.member), "%s", name);
	m.offset = off;
	m.size = size;
	return m;
}

/* The figures skl_kernel_c2c gives for this trace (tests/mm/access's
 * t_c2c works them out): a heap copy, as the log owns one. */
static skl_c2c *trace(void)
{
	skl_c2c *c = skl_calloc(1, sizeof(*c));
	skl_c2c_line *l;
	snprintf(c->title, sizeof(c->title), "Two-way test box");
	c->ncpus = 2;
	c->line = 64;
	c->nlines = 2;
	c->lines = skl_calloc(2, sizeof(*c->lines));
	c->reads = N;
	c->writes = N + 6;
	c->accesses = c->reads + c->writes;
	c->hitm = 2 * N - 1 + 5;
	c->coherence = 2 * N - 2 + 4;
	c->lines_seen = 3;

	l = &c->lines[0];
	l->addr = X;
	snprintf(l->owner, sizeof(l->owner), "tobj");
	l->reads = N;
	l->writes = N;
	l->hitm = 2 * N - 1;
	l->coherence = 2 * N - 2;
	l->cpus_read = 2;
	l->cpus_wrote = 1;
	l->cpu_writes[0] = N;
	l->cpu_reads[1] = N;
	l->false_sharing = 1;
	l->members = skl_calloc(2, sizeof(*l->members));
	l->nmembers = 2;
	l->members[0] = member("a", 0, 8);
	l->members[0].writes = N;
	l->members[0].cpus_wrote = 1;
	l->members[0].cpu_writes[0] = N;
	l->members[0].hitm = N - 1;
	l->members[0].coherence = N - 1;
	l->members[1] = member("b", 8, 8);
	l->members[1].reads = N;
	l->members[1].cpus_read = 2;
	l->members[1].cpu_reads[1] = N;
	l->members[1].hitm = N;
	l->members[1].coherence = N - 1;

	l = &c->lines[1];
	l->addr = Y;
	snprintf(l->owner, sizeof(l->owner), "uobj");
	l->writes = 6;
	l->hitm = 5;
	l->coherence = 4;
	l->cpus_wrote = 3;
	l->cpu_writes[0] = l->cpu_writes[1] = 3;
	l->true_sharing = 1;
	l->members = skl_calloc(1, sizeof(*l->members));
	l->nmembers = 1;
	l->members[0] = member("c", 0, 8);
	l->members[0].writes = 6;
	l->members[0].cpus_wrote = 3;
	l->members[0].cpu_writes[0] = l->members[0].cpu_writes[1] = 3;
	l->members[0].hitm = 5;
	l->members[0].coherence = 4;
	return c;
}

/* The first rectangle of a group (a member's block, a cell). */
static const skl_dl_item *rect_of(const skl_dl *dl, const char *key)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_RECT && it->key && !strcmp(it->key, key))
			return it;
	}
	return NULL;
}

/* 1 when the group key holds a text item saying exactly text. */
static int group_says(const skl_dl *dl, const char *key, const char *text)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_TEXT && it->key && !strcmp(it->key, key) && !strcmp(it->text, text))
			return 1;
	}
	return 0;
}

/* Every text item appears in the SVG as the same characters (none of the
 * view's texts needs escaping but the ones checked here). */
static int svg_has_every_text(const skl_dl *dl, const char *svg)
{
	int i, bad = 0;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		char want[512];
		if (it->kind != SKL_DL_TEXT || strpbrk(it->text, "<>&\"'"))
			continue;
		snprintf(want, sizeof(want), ">%s</text>", it->text);
		if (!strstr(svg, want)) {
			fprintf(stderr, "svg lacks text '%s'\n", it->text);
			bad++;
		}
	}
	return bad;
}

static void test_trace(skl_sdl *sdl, const char *outdir)
{
	skl_c2c *c = trace();
	skl_dl *dl = skl_dl_new(W, H);
	const skl_dl_item *a, *b, *cc, *w0, *r1, *gap, *tip;
	SDL_Surface *img;
	skl_error err;
	char *d1, *d2, *svg, path[2048];

	CHECK(skl_view_c2c(dl, c, NULL) == 0);
	/* the header: the machine, its CPUs, the line, the totals */
	CHECK(group_says(dl, "0:c2c", "perf c2c: shared cache lines"));
	CHECK(group_says(dl, "0:c2c", "Two-way test box \xc2\xb7 2 CPUs \xc2\xb7 64-byte lines"));
	CHECK(skl_test_has_text(dl, "16 records (5 loads, 11 stores)"));
	CHECK(skl_test_has_text(dl, "14 HITM") && skl_test_has_text(dl, "12 coherence misses"));
	/* ranked as given: HITM first */
	CHECK(group_says(dl, "0:c2cline:0", "#0  tobj line 0"));
	CHECK(group_says(dl, "0:c2cline:0", "0xffff888000100000"));
	CHECK(group_says(dl, "0:c2cline:1", "#1  uobj line 0"));
	CHECK(group_says(dl, "0:c2cline:1", "0xffff888000100400"));
	/* the sharing, as the text report's column says it */
	CHECK(!strcmp(skl_view_c2c_sharing(&c->lines[0]), "false"));
	CHECK(!strcmp(skl_view_c2c_sharing(&c->lines[1]), "true"));
	CHECK(group_says(dl, "0:c2cline:0", "false sharing"));
	CHECK(group_says(dl, "0:c2cline:1", "true sharing"));
	CHECK(!group_says(dl, "0:c2cline:0", "true sharing"));
	/* the bars */
	CHECK(group_says(dl, "0:c2chitm:0", "HITM 9 \xc2\xb7 64.29%"));
	CHECK(group_says(dl, "0:c2ccoh:0", "coherence misses 8"));
	CHECK(group_says(dl, "0:c2chitm:1", "HITM 5 \xc2\xb7 35.71%"));
	/* the members at their offsets: a at byte 0, b at byte 8, one width each */
	a = rect_of(dl, "0:c2cmember:0:0");
	b = rect_of(dl, "0:c2cmember:0:1");
	cc = rect_of(dl, "0:c2cmember:1:0");
	CHECK(a && b && cc);
	if (a && b && cc) {
		CHECK(fabsf(a->w - b->w) < 0.5f);
		CHECK(fabsf(b->x - (a->x + a->w)) < 0.5f);
		CHECK(fabsf(a->x - cc->x) < 0.5f);
		CHECK(a->fill == SKL_HEX(0xe69f00));  /* written by one CPU alone */
		CHECK(b->fill == SKL_HEX(0x56b4e9));  /* read only */
		CHECK(cc->fill == SKL_HEX(0xcc79a7)); /* written and shared: true sharing */
	}
	CHECK(group_says(dl, "0:c2cmember:0:0", "a") && group_says(dl, "0:c2cmember:0:1", "b"));
	CHECK(group_says(dl, "0:c2cmember:1:0", "c"));
	/* bytes 16..63 of the first line: no member */
	gap = rect_of(dl, "0:c2cgap:0:0");
	tip = skl_test_item(dl, "0:c2cgap:0:0");
	CHECK(gap == NULL && tip && tip->kind == SKL_DL_HATCH);
	CHECK(tip && tip->tooltip && strstr(tip->tooltip, "bytes 16 to 63") != NULL);
	/* the CPUs' cells: CPU 0 wrote a, CPU 1 read b, and nothing else */
	CHECK(skl_test_item(dl, "0:c2clane:0:0") && skl_test_item(dl, "0:c2clane:0:1"));
	CHECK(group_says(dl, "0:c2clane:0:0", "cpu0") && group_says(dl, "0:c2clane:0:1", "cpu1"));
	w0 = rect_of(dl, "0:c2ccpu:0:0:0");
	r1 = rect_of(dl, "0:c2ccpu:0:1:1");
	CHECK(w0 && r1);
	CHECK(group_says(dl, "0:c2ccpu:0:0:0", "W 5") && group_says(dl, "0:c2ccpu:0:1:1", "R 5"));
	CHECK(!skl_test_item(dl, "0:c2ccpu:0:0:1") && !skl_test_item(dl, "0:c2ccpu:0:1:0"));
	CHECK(group_says(dl, "0:c2ccpu:1:0:0", "W 3") && group_says(dl, "0:c2ccpu:1:0:1", "W 3"));
	if (w0 && r1 && a && b) {
		CHECK(w0->y < r1->y);				      /* CPU 0's lane above CPU 1's */
		CHECK(w0->x >= a->x && w0->x + w0->w <= a->x + a->w); /* under their members */
		CHECK(r1->x >= b->x && r1->x + r1->w <= b->x + b->w);
		CHECK(w0->y > a->y + a->h);
	}
	/* tooltips */
	tip = skl_test_item(dl, "0:c2cmember:0:0");
	CHECK(tip && tip->tooltip);
	if (tip && tip->tooltip) {
		CHECK(strstr(tip->tooltip, "tobj.a\noffset 0x0 in the object, byte 0 of line 0; 8 bytes") != NULL);
		CHECK(strstr(tip->tooltip, "written by one CPU alone") != NULL);
		CHECK(strstr(tip->tooltip, "per CPU: cpu0 r0 w5") != NULL);
		CHECK(strstr(tip->tooltip, "coherence misses 4 (of the line's 8), HITM 4 (of the line's 9)") != NULL);
	}
	tip = skl_test_item(dl, "0:c2cmember:0:1");
	CHECK(tip && tip->tooltip && strstr(tip->tooltip, "per CPU: cpu1 r5 w0") != NULL);
	tip = skl_test_item(dl, "0:c2cline:0");
	CHECK(tip && tip->tooltip &&
	      strstr(tip->tooltip, "sharing: false (false: CPUs touch different members") != NULL);
	CHECK(skl_test_item(dl, "0:c2cmore") == NULL);
	CHECK(skl_test_outside(dl, 0, 0, W, H, "trace") == 0);

	/* pixels: the blocks and cells in their colours (clear of their text) */
	img = skl_sdl_render_surface(sdl, dl, W, H, NULL, &err);
	CHECK(img != NULL);
	if (img && a && b && w0) {
		CHECK(skl_test_near_color(skl_test_pixel(img, a->x + 3, a->y + 3), SKL_HEX(0xe69f00), 8));
		CHECK(skl_test_near_color(skl_test_pixel(img, b->x + 3, b->y + 3), SKL_HEX(0x56b4e9), 8));
		CHECK(skl_test_near_color(skl_test_pixel(img, w0->x + 2, w0->y + 2), SKL_HEX(0x1f2630), 8));
	}
	if (img)
		SDL_FreeSurface(img);
	CHECK(skl_test_save(sdl, dl, outdir, "c2c-trace") == 0);
	snprintf(path, sizeof(path), "%s/c2c-trace.png", outdir);
	CHECK(skl_test_png_is(path, W, H));

	/* the SVG: the same characters, hover titles */
	svg = skl_test_svg_text(dl);
	CHECK(svg && strstr(svg, "<svg") && strstr(svg, "</svg>"));
	CHECK(svg && svg_has_every_text(dl, svg) == 0);
	CHECK(svg && strstr(svg, ">false sharing</text>") && strstr(svg, ">true sharing</text>"));
	CHECK(svg && strstr(svg, "0:c2cmember:0:1") != NULL);
	skl_free(svg);

	/* determinism */
	d1 = skl_test_dump_text(dl);
	skl_dl_clear(dl, W, H);
	CHECK(skl_view_c2c(dl, c, NULL) == 0);
	d2 = skl_test_dump_text(dl);
	CHECK(d1 && d2 && !strcmp(d1, d2));
	skl_free(d1);
	skl_free(d2);
	skl_dl_free(dl);
	skl_c2c_free(c);
}

/* An object that begins 32 bytes into a line: its member at object offset
 * 40 is drawn at byte 8 of the line. */
static void test_offset(void)
{
	skl_c2c *c = trace();
	skl_dl *dl = skl_dl_new(W, H);
	const skl_dl_item *a, *b;
	c->lines[0].lineno = 1;
	c->lines[0].line_offset = 32;
	c->lines[0].members[0].offset = 32;
	c->lines[0].members[1].offset = 40;
	CHECK(skl_view_c2c(dl, c, NULL) == 0);
	a = rect_of(dl, "0:c2cmember:0:0");
	b = rect_of(dl, "0:c2cmember:0:1");
	CHECK(a && b && fabsf(a->x - rect_of(dl, "0:c2cmember:1:0")->x) < 0.5f && fabsf(b->x - (a->x + a->w)) < 0.5f);
	CHECK(group_says(dl, "0:c2cline:0", "#0  tobj line 1"));
	b = skl_test_item(dl, "0:c2cmember:0:1");
	CHECK(b && b->tooltip && strstr(b->tooltip, "offset 0x28 in the object, byte 8 of line 1") != NULL);
	skl_dl_free(dl);
	skl_c2c_free(c);
}

static void test_limit_and_empty(void)
{
	skl_c2c *c = trace();
	skl_dl *dl = skl_dl_new(W, H);
	skl_view_c2c_opts o;
	memset(&o, 0, sizeof(o));
	o.max_lines = 1;
	CHECK(skl_view_c2c(dl, c, &o) == 0);
	CHECK(skl_test_item(dl, "0:c2cline:0") && !skl_test_item(dl, "0:c2cline:1"));
	CHECK(group_says(dl, "0:c2cmore", "+ 1 more shared line (fewer HITMs); k:c2c { text = true } lists them all"));
	skl_c2c_free(c);

	c = skl_calloc(1, sizeof(*c));
	c->ncpus = 4;
	c->line = 64;
	skl_dl_clear(dl, W, H);
	CHECK(skl_view_c2c(dl, c, NULL) == 0);
	CHECK(group_says(dl, "0:c2cempty", "No shared cache line: no line had a coherence miss or a HITM"));
	CHECK(skl_test_count_prefix(dl, "0:c2cline:") == 0);
	skl_dl_free(dl);
	skl_c2c_free(c);
}

/* Presentation at 1920x1080: big type, none under the floor, all inside. */
static void test_present(skl_sdl *sdl, const char *outdir)
{
	skl_c2c *c = trace();
	skl_dl *dl = skl_dl_new(1920, 1080);
	skl_view_c2c_opts o;
	char path[2048];
	int i, small = 0;
	memset(&o, 0, sizeof(o));
	o.text_scale = 1.2f * SKL_PRESENT_SCALE;
	skl_dl_set_text_floor(dl, SKL_PRESENT_FLOOR);
	CHECK(skl_view_c2c(dl, c, &o) == 0);
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_TEXT && it->size < SKL_PRESENT_FLOOR)
			small++;
	}
	CHECK_INT(small, 0);
	CHECK(skl_test_outside(dl, 0, 0, 1920, 1080, "present") == 0);
	CHECK(skl_test_item(dl, "0:c2cline:1") && skl_test_item(dl, "0:c2cmember:1:0"));
	CHECK(skl_test_save(sdl, dl, outdir, "c2c-present") == 0);
	snprintf(path, sizeof(path), "%s/c2c-present.png", outdir);
	CHECK(skl_test_png_is(path, 1920, 1080));
	skl_dl_free(dl);
	skl_c2c_free(c);
}

/* A line eight CPUs touched, in presentation type, in the room a caption
 * leaves: too tall at full size, its lanes are squeezed rather than the
 * line left out (it was once drawn as "+ 2 more shared lines" alone). */
static void test_tall_row(void)
{
	skl_c2c *c = trace();
	skl_dl *dl = skl_dl_new(1920, 620);
	skl_view_c2c_opts o;
	const skl_dl_item *cell7;
	c->ncpus = 8;
	c->lines[0].cpus_read = 0xfe;
	c->lines[0].members[1].cpus_read = 0xfe;
	memset(&o, 0, sizeof(o));
	o.text_scale = 1.2f * SKL_PRESENT_SCALE;
	skl_dl_set_text_floor(dl, SKL_PRESENT_FLOOR);
	CHECK(skl_view_c2c(dl, c, &o) == 0);
	CHECK(skl_test_item(dl, "0:c2cline:0") != NULL);
	cell7 = rect_of(dl, "0:c2clane:0:7");
	CHECK(cell7 != NULL && cell7->y + cell7->h <= 620);
	CHECK(skl_test_outside(dl, 0, 0, 1920, 620, "tall row") == 0);
	skl_dl_free(dl);
	skl_c2c_free(c);
}

/* The view from an event log's frame, as sklab run and the window draw it. */
static void test_frame(void)
{
	skl_events *log = skl_events_new(0);
	skl_frame *frames = NULL;
	skl_dl *dl = skl_dl_new(W, H);
	skl_buf b;
	skl_sink s;
	int n;
	CHECK(skl_events_scenario(log, "c2c", "the view", "test", "t.lua:1") == 0);
	CHECK(skl_events_show(log, &(skl_show){.kind = SKL_SHOW_C2C, .c2c = trace(), .lines = 1}, "t.lua:2") == 0);
	CHECK(skl_events_step(log, "CPU 0 writes a while CPU 1 reads b", "t.lua:3") == 0);
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_events_dump(log, &s);
	CHECK(b.data && strstr(b.data, " c2c(\"Two-way test box\", 2 cpus, 2 lines) @t.lua:2") != NULL);
	skl_buf_free(&b);
	n = skl_events_frames(log, &frames);
	CHECK_INT(n, 1);
	CHECK(n == 1 && skl_view_frame(dl, log, frames, n, 0, NULL) == 0);
	CHECK(skl_test_item(dl, "0:c2c") && skl_test_item(dl, "0:c2cmember:0:1"));
	CHECK(skl_test_item(dl, "0:c2cmore") && !skl_test_item(dl, "0:c2cline:1")); /* lines = 1 */
	CHECK(skl_test_item(dl, "scene:caption"));
	skl_free(frames);
	skl_dl_free(dl);
	skl_events_free(log); /* frees the lines */
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
		fprintf(stderr, "test_c2c_view: %s\n", err.msg);
		return 1;
	}
	test_trace(sdl, outdir);
	test_offset();
	test_limit_and_empty();
	test_present(sdl, outdir);
	test_tall_row();
	test_frame();
	skl_sdl_free(sdl);
	if (check_failures) {
		fprintf(stderr, "test_c2c_view: %d checks failed\n", check_failures);
		return 1;
	}
	printf("test_c2c_view: ok\n");
	return 0;
}
