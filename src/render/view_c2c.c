/*
 * view_c2c.c - the c2c view (see view_c2c.h): turns perf c2c's shared
 * cache lines of the model into draw-list items, one row per line. Pure
 * geometry and text; never calls SDL and never touches the cache model.
 * The sharing of a line is what skl_kernel_c2c decided (src/core/mm/
 * access.c, c2c_line): this view only draws it.
 */
#include "view_c2c.h"
#include "view_util.h"
#include "textfit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define C_ZEBRA SKL_HEX(0xf6f7f9)
#define C_GAP_BG SKL_HEX(0xf4f5f7) /* bytes no member touched: hatched */
#define C_GAP_LINE SKL_HEX(0xc9ced5)
#define C_WROTE SKL_HEX(0xe69f00)  /* Okabe-Ito orange: written by one CPU alone */
#define C_SHARED SKL_HEX(0xcc79a7) /* reddish purple: written, and touched by another CPU */
#define C_READ SKL_HEX(0x56b4e9)   /* sky blue: read only */
#define C_FALSE SKL_HEX(0xd55e00)  /* vermillion: the false sharing chip */
#define C_TRUE SKL_HEX(0x882255)   /* wine: the true sharing chip */
#define C_HITM SKL_HEX(0xd55e00)
#define C_COH SKL_HEX(0x0072b2)
#define C_CELL_W SKL_HEX(0x1f2630) /* a CPU's cell: it wrote the member */
#define C_CELL_R SKL_HEX(0xd8ecf8) /* it read it only */

typedef struct cv {
	skl_dl *dl;
	const skl_c2c *c;
	const skl_view_c2c_opts *o;
	float u;
	float ru;      /* rows grow (up to 1.5) when they leave room below, and
			* shrink (down to the cells' type) when not even one fits */
	unsigned line; /* bytes per line */
	uint64_t max_hitm, max_coh, all_hitm;
	char key[96];
	char tip[2048];
} cv;

static int popcount64(uint64_t x)
{
	int n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

static const char *num(uint64_t n, char *out, size_t outsz)
{
	return skl__thousands(n, out, outsz);
}

static double pct(uint64_t a, uint64_t b)
{
	return b ? 100.0 * (double)a / (double)b : 0.0;
}

const char *skl_view_c2c_sharing(const skl_c2c_line *l)
{
	return skl_c2c_sharing(l->true_sharing, l->false_sharing, 0);
}

/* The words a row's chip says. */
static const char *sharing_words(const skl_c2c_line *l)
{
	return skl_c2c_sharing(l->true_sharing, l->false_sharing, 1);
}

static const char *member_name(const skl_c2c_member *m)
{
	return m->member[0] ? m->member : "(none)";
}

/* A member's label for a block w wide that holds lines lines of type
 * size: its whole path when that fits, else without its outer members
 * ("__sk_common.skc_nulls_node.next" to "skc_nulls_node.next", then
 * "next"); the tooltip keeps the whole path. */
static const char *fit_name(const char *name, float w, float size, int lines)
{
	const char *p = name, *dot;
	while ((dot = strchr(p, '.')) != NULL && dot[1] && skl_dl_text_width(p, size) > w * (float)lines)
		p = dot + 1;
	return p;
}

/* Who touched a member: its block's colour and what the legend calls it. */
static skl_color member_color(const skl_c2c_member *m)
{
	uint64_t who = m->cpus_read | m->cpus_wrote;
	if (m->cpus_wrote && popcount64(who) > 1)
		return C_SHARED;
	if (m->cpus_wrote)
		return C_WROTE;
	return C_READ;
}

static const char *member_role(const skl_c2c_member *m)
{
	uint64_t who = m->cpus_read | m->cpus_wrote;
	if (m->cpus_wrote && popcount64(who) > 1)
		return "written, and touched by another CPU: true sharing of this member";
	if (m->cpus_wrote)
		return "written by one CPU alone";
	return "read only";
}

/* The member's bytes within the line, clipped to it: [*a, *b). 0 when it
 * has none there. */
static int member_span(const cv *v, const skl_c2c_line *l, const skl_c2c_member *m, unsigned *a, unsigned *b)
{
	int64_t lo = (int64_t)m->offset - l->line_offset, hi = lo + (int64_t)(m->size ? m->size : 1);
	if (lo < 0)
		lo = 0;
	if (hi > (int64_t)v->line)
		hi = (int64_t)v->line;
	if (hi <= lo)
		return 0;
	*a = (unsigned)lo;
	*b = (unsigned)hi;
	return 1;
}

/* "cpu0 r0 w100, cpu1 r100 w0" (CPUs past SKL_ATTR_CPUS by the mask only) */
static void cpu_list(skl__sb *b, const uint32_t *rd, const uint32_t *wr, uint64_t mask)
{
	unsigned c;
	int first = 1;
	for (c = 0; c < 64; c++) {
		if (!((mask >> c) & 1))
			continue;
		skl__sb_str(b, first ? "" : ", ");
		first = 0;
		skl__sb_str(b, "cpu");
		skl__sb_u64(b, c);
		if (c < SKL_ATTR_CPUS) {
			skl__sb_str(b, " r");
			skl__sb_u64(b, rd[c]);
			skl__sb_str(b, " w");
			skl__sb_u64(b, wr[c]);
		}
	}
	if (first)
		skl__sb_str(b, "none");
}

void skl_view_c2c_member_tooltip(const skl_c2c *c, const skl_c2c_line *l, int j, char *out, size_t outsz)
{
	const skl_c2c_member *m = &l->members[j];
	unsigned line = c->line ? c->line : 64;
	int64_t at = (int64_t)m->offset - l->line_offset;
	skl__sb b;
	skl__sb_init(&b, out, outsz);
	skl__sb_str(&b, l->owner);
	skl__sb_str(&b, ".");
	skl__sb_str(&b, member_name(m));
	skl__sb_str(&b, "\noffset 0x");
	skl__sb_hex(&b, m->offset);
	skl__sb_str(&b, " in the object, ");
	if (at >= 0 && at < (int64_t)line) {
		skl__sb_str(&b, "byte ");
		skl__sb_i64(&b, at);
		skl__sb_str(&b, " of line ");
	} else {
		skl__sb_str(&b, "begins outside line ");
	}
	skl__sb_u64(&b, l->lineno);
	skl__sb_str(&b, "; ");
	skl__sb_u64(&b, m->size);
	skl__sb_str(&b, m->size == 1 ? " byte\n" : " bytes\n");
	skl__sb_str(&b, member_role(m));
	skl__sb_str(&b, "\nloads ");
	skl__sb_u64(&b, m->reads);
	skl__sb_str(&b, ", stores ");
	skl__sb_u64(&b, m->writes);
	skl__sb_str(&b, "\nper CPU: ");
	cpu_list(&b, m->cpu_reads, m->cpu_writes, m->cpus_read | m->cpus_wrote);
	skl__sb_str(&b, "\ncoherence misses ");
	skl__sb_u64(&b, m->coherence);
	skl__sb_str(&b, " (of the line's ");
	skl__sb_u64(&b, l->coherence);
	skl__sb_str(&b, "), HITM ");
	skl__sb_u64(&b, m->hitm);
	skl__sb_str(&b, " (of the line's ");
	skl__sb_u64(&b, l->hitm);
	skl__sb_str(&b, ")");
}

/* ---- geometry ---------------------------------------------------------------------- */

/* The CPUs of line l that get a lane: those under SKL_ATTR_CPUS that touched it. */
static int lanes_of(const skl_c2c_line *l, unsigned *cpus)
{
	uint64_t who = l->cpus_read | l->cpus_wrote;
	int n = 0;
	unsigned c;
	for (c = 0; c < SKL_ATTR_CPUS; c++)
		if ((who >> c) & 1)
			cpus[n++] = c;
	return n;
}

typedef struct rowgeo {
	float label_h, ruler_h, strip_h, lane_h, pad;
} rowgeo;

static rowgeo geo(const cv *v)
{
	rowgeo g;
	g.pad = floorf(10 * v->u * v->ru);
	g.ruler_h = floorf(16 * v->u);
	g.strip_h = floorf(34 * v->u * v->ru);
	g.lane_h = floorf(22 * v->u * v->ru);
	g.label_h = floorf(4 * 21 * v->u);
	return g;
}

static float row_height(const cv *v, const skl_c2c_line *l)
{
	rowgeo g = geo(v);
	unsigned cpus[SKL_ATTR_CPUS];
	int n = lanes_of(l, cpus);
	float strip = g.ruler_h + g.strip_h + (float)n * g.lane_h + (n ? 4 * v->u : 0);
	return 2 * g.pad + fmaxf(strip, g.label_h);
}

/* ---- the header ------------------------------------------------------------------ */

static float header_h(const cv *v)
{
	return floorf(34 * v->u) + floorf(24 * v->u) + floorf(22 * v->u);
}

static void draw_header(cv *v, float x, float y, float w)
{
	const skl_c2c *c = v->c;
	char title[300], line[600], a[32], b[32], d[32], e[32], f[32];
	float ts = floorf(26 * v->u), ss = floorf(16 * v->u), xs = floorf(14 * v->u);
	skl__sb sb;

	snprintf(title, sizeof(title), "%s", v->o->title ? v->o->title : "perf c2c: shared cache lines");
	snprintf(v->key, sizeof(v->key), "%d:c2c", v->o->obj);
	skl__sb_init(&sb, v->tip, sizeof(v->tip));
	skl__sb_str(&sb, "perf c2c report's Trace Event Information, of the model's counts (every access, not "
			 "samples)\nTotal records ");
	skl__sb_u64(&sb, c->accesses);
	skl__sb_str(&sb, "\nLoad Operations ");
	skl__sb_u64(&sb, c->reads);
	skl__sb_str(&sb, "\nStore Operations ");
	skl__sb_u64(&sb, c->writes);
	skl__sb_str(&sb, "\nLocal HITM (loads and stores) ");
	skl__sb_u64(&sb, c->hitm);
	skl__sb_str(&sb, "\nCoherence misses ");
	skl__sb_u64(&sb, c->coherence);
	skl__sb_str(&sb, "\nCache lines touched ");
	skl__sb_u64(&sb, c->lines_seen);
	skl__sb_str(&sb, c->truncated ? " (more not split)" : "");
	skl__sb_str(&sb, "\nTotal Shared Cache Lines ");
	skl__sb_u64(&sb, (unsigned long long)c->nlines);
	skl__sb_str(&sb, "\nA HITM here is any access that took its line from another CPU's Modified copy, a "
			 "store's read-for-ownership too (perf counts loads); one socket: no remote HITM");
	skl_dl_begin(v->dl, v->key, v->tip);
	skl__text(v->dl, x, y, w, 34 * v->u, title, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	y += floorf(34 * v->u);
	snprintf(line, sizeof(line), "%s \xc2\xb7 %u CPUs \xc2\xb7 %u-byte lines",
		 c->title[0] ? c->title : "a cache model", c->ncpus, v->line);
	skl__text(v->dl, x, y, w, 24 * v->u, line, ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	y += floorf(24 * v->u);
	snprintf(line, sizeof(line),
		 "%s records (%s loads, %s stores) \xc2\xb7 %s HITM \xc2\xb7 %s coherence misses \xc2\xb7 %d of %s "
		 "lines touched shared",
		 num(c->accesses, a, sizeof(a)), num(c->reads, b, sizeof(b)), num(c->writes, d, sizeof(d)),
		 num(c->hitm, e, sizeof(e)), num(c->coherence, f, sizeof(f)), c->nlines,
		 num(c->lines_seen, title, sizeof(title)));
	if (skl_dl_text_width(line, skl__fs(v->dl, xs)) > w)
		snprintf(line, sizeof(line),
			 "%s records \xc2\xb7 %s HITM \xc2\xb7 %s coherence misses \xc2\xb7 %d shared", a, e, f,
			 c->nlines);
	skl__text(v->dl, x, y, w, 22 * v->u, line, xs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(v->dl);
}

/* The legend: rows of swatches with their words, wrapped to w. */
static const struct {
	const char *words, *tip;
	int kind; /* 0 block, 1 hatch, 2 W cell, 3 R cell, 4 chip */
	skl_color c;
} legend[] = {
    {"written by one CPU", "a member only one CPU touched, and it wrote it", 0, C_WROTE},
    {"written + shared", "a member one CPU wrote and another touched: true sharing", 0, C_SHARED},
    {"read only", "a member no CPU wrote", 0, C_READ},
    {"untouched", "bytes of the line no member counted touched", 1, 0},
    {"W: the CPU wrote it", "a CPU's cell: it stored to the member (R5 W3: loads and stores)", 2, C_CELL_W},
    {"R: read it", "a CPU's cell: it only loaded the member", 3, C_CELL_R},
    {"false sharing", "CPUs touch different members of the line, one of them writing", 4, C_FALSE},
    {"true sharing", "two CPUs touch one member, one of them writing", 4, C_TRUE},
};
#define NLEGEND ((int)(sizeof(legend) / sizeof(legend[0])))

/* Lays the legend out from (x, y) in w, drawing when draw: returns its height. */
static float legend_pass(cv *v, float x, float y, float w, int draw)
{
	float fs = skl__fs(v->dl, floorf(13 * v->u)), sw = floorf(16 * v->u), gap = floorf(18 * v->u), cx = x;
	float rowh = floorf(26 * v->u), cy = y;
	int i;
	if (v->o->no_legend)
		return 0;
	for (i = 0; i < NLEGEND; i++) {
		float tw = skl_dl_text_width(legend[i].words, fs);
		float iw = legend[i].kind == 4 ? tw + 12 * v->u : sw + 6 * v->u + tw;
		if (cx > x && cx + iw > x + w) {
			cx = x;
			cy += rowh;
		}
		if (draw) {
			snprintf(v->key, sizeof(v->key), "%d:c2clegend:%d", v->o->obj, i);
			skl_dl_begin(v->dl, v->key, legend[i].tip);
			if (legend[i].kind == 4) {
				skl_dl_rect(v->dl, cx, cy + 2 * v->u, iw, sw + 4 * v->u, legend[i].c, 0, 0);
				skl__text(v->dl, cx, cy + 2 * v->u, iw, sw + 4 * v->u, legend[i].words, fs,
					  SKL_FONT_BOLD, SKL_ALIGN_CENTER, C_BG);
			} else {
				float sy = cy + 4 * v->u;
				if (legend[i].kind == 1)
					skl_dl_hatch(v->dl, cx, sy, sw, sw, C_GAP_BG, C_GAP_LINE, 4 * v->u);
				else
					skl_dl_rect(v->dl, cx, sy, sw, sw, legend[i].c,
						    legend[i].kind == 3 ? C_READ : 0, legend[i].kind == 3 ? 1 : 0);
				skl__text(v->dl, cx + sw + 6 * v->u, cy, tw + 2, sw + 8 * v->u, legend[i].words, fs,
					  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
			}
			skl_dl_end(v->dl);
		}
		cx += iw + gap;
	}
	return cy - y + rowh;
}

/* ---- one line -------------------------------------------------------------------- */

static void draw_label(cv *v, int i, const skl_c2c_line *l, float x, float y, float w)
{
	char buf[200], a[32];
	float fs = floorf(17 * v->u), ss = floorf(14 * v->u), cs = skl__fs(v->dl, floorf(13 * v->u));
	float rh = floorf(21 * v->u), cw;
	const char *words = sharing_words(l);
	int ncpu = popcount64(l->cpus_read | l->cpus_wrote);
	skl__sb sb;
	snprintf(v->key, sizeof(v->key), "%d:c2cline:%d", v->o->obj, i);
	skl__sb_init(&sb, v->tip, sizeof(v->tip));
	skl__sb_str(&sb, "Shared Data Cache Line Table, row ");
	skl__sb_u64(&sb, (unsigned)i);
	skl__sb_str(&sb, ": ");
	skl__sb_str(&sb, l->owner);
	skl__sb_str(&sb, " line ");
	skl__sb_u64(&sb, l->lineno);
	skl__sb_str(&sb, " at 0x");
	skl__sb_hex(&sb, l->addr);
	skl__sb_str(&sb, "\nHITM ");
	skl__sb_u64(&sb, l->hitm);
	skl__sb_str(&sb, ", coherence misses ");
	skl__sb_u64(&sb, l->coherence);
	skl__sb_str(&sb, "\nrecords ");
	skl__sb_u64(&sb, l->reads + l->writes);
	skl__sb_str(&sb, " (loads ");
	skl__sb_u64(&sb, l->reads);
	skl__sb_str(&sb, ", stores ");
	skl__sb_u64(&sb, l->writes);
	skl__sb_str(&sb, "), modelled cycles ");
	skl__sb_u64(&sb, l->cycles);
	skl__sb_str(&sb, "\nCPUs: ");
	cpu_list(&sb, l->cpu_reads, l->cpu_writes, l->cpus_read | l->cpus_wrote);
	skl__sb_str(&sb, "\nsharing: ");
	skl__sb_str(&sb, skl_view_c2c_sharing(l));
	skl__sb_str(&sb, l->false_sharing ? " (false: CPUs touch different members, one writing" : "");
	skl__sb_str(&sb, l->false_sharing && l->true_sharing ? "; " : l->false_sharing ? ")" : "");
	skl__sb_str(&sb, l->true_sharing ? (l->false_sharing ? "true: two CPUs on one member, one writing)"
							     : " (true: two CPUs on one member, one writing)")
					 : "");
	skl_dl_begin(v->dl, v->key, v->tip);
	snprintf(buf, sizeof(buf), "#%d  %s line %u", i, l->owner, l->lineno);
	skl__text(v->dl, x, y, w, rh, buf, fs, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	y += rh;
	snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)l->addr);
	skl__text(v->dl, x, y, w, rh, buf, ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	y += rh;
	cw = fminf(w, skl_dl_text_width(words, cs) + 14 * v->u);
	skl_dl_rect(v->dl, x, y + 2 * v->u, cw, rh - 3 * v->u,
		    l->false_sharing  ? C_FALSE
		    : l->true_sharing ? C_TRUE
				      : C_RULE,
		    0, 0);
	skl__text(v->dl, x, y + 2 * v->u, cw, rh - 3 * v->u, words, cs, SKL_FONT_BOLD, SKL_ALIGN_CENTER,
		  l->false_sharing || l->true_sharing ? C_BG : C_INK);
	y += rh;
	snprintf(buf, sizeof(buf), "%s records \xc2\xb7 %d %s", num(l->reads + l->writes, a, sizeof(a)), ncpu,
		 ncpu == 1 ? "CPU" : "CPUs");
	skl__text(v->dl, x, y, w, rh, buf, cs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	skl_dl_end(v->dl);
}

/* One bar (HITM or coherence misses) with its words above it. */
static void draw_bar(cv *v, const char *key, const char *tip, const char *words, uint64_t val, uint64_t max,
		     skl_color c, float x, float y, float w)
{
	float fs = skl__fs(v->dl, floorf(13 * v->u)), th = floorf(19 * v->u), bh = floorf(9 * v->u);
	float len = max ? w * (float)val / (float)max : 0;
	skl_dl_begin(v->dl, key, tip);
	skl__text(v->dl, x, y, w, th, words, fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK);
	skl_dl_rect(v->dl, x, y + th, w, bh, C_TRACK, 0, 0);
	if (len > 0)
		skl_dl_rect(v->dl, x, y + th, fmaxf(len, 2), bh, c, 0, 0);
	skl_dl_end(v->dl);
}

static void draw_bars(cv *v, int i, const skl_c2c_line *l, float x, float y, float w)
{
	char words[160], tip[400], key[96], a[32], b[32], cbuf[32];
	float step = floorf(34 * v->u), fs = skl__fs(v->dl, floorf(12 * v->u));
	snprintf(words, sizeof(words), "HITM %s \xc2\xb7 %.2f%%", num(l->hitm, a, sizeof(a)),
		 pct(l->hitm, v->all_hitm));
	snprintf(tip, sizeof(tip),
		 "HITM: %llu accesses took this line from another CPU's Modified copy; %.2f%% of the %llu HITMs of "
		 "the table (perf's Tot Hitm)",
		 (unsigned long long)l->hitm, pct(l->hitm, v->all_hitm), (unsigned long long)v->all_hitm);
	snprintf(key, sizeof(key), "%d:c2chitm:%d", v->o->obj, i);
	draw_bar(v, key, tip, words, l->hitm, v->max_hitm, C_HITM, x, y, w);
	snprintf(words, sizeof(words), "coherence misses %s", num(l->coherence, a, sizeof(a)));
	snprintf(tip, sizeof(tip),
		 "coherence misses: %llu accesses missed because another CPU's write had invalidated this CPU's "
		 "copy of the line",
		 (unsigned long long)l->coherence);
	snprintf(key, sizeof(key), "%d:c2ccoh:%d", v->o->obj, i);
	draw_bar(v, key, tip, words, l->coherence, v->max_coh, C_COH, x, y + step, w);
	snprintf(words, sizeof(words), "loads %s \xc2\xb7 stores %s", num(l->reads, b, sizeof(b)),
		 num(l->writes, cbuf, sizeof(cbuf)));
	snprintf(key, sizeof(key), "%d:c2cline:%d", v->o->obj, i);
	skl_dl_begin(v->dl, key, "the line's loads and stores, every CPU's");
	skl__text(v->dl, x, y + 2 * step, w, floorf(19 * v->u), words, fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	skl_dl_end(v->dl);
}

/* The ruler: byte offsets within the line, every 8 bytes (4 for short lines). */
static void draw_ruler(cv *v, int i, float x, float y, float w, float h)
{
	float fs = skl__fs(v->dl, floorf(11 * v->u)), bw = w / (float)v->line;
	unsigned every = v->line >= 64 ? 8 : 4, b;
	char buf[16];
	while ((float)every * bw < skl_dl_text_width("000", fs) + 4 && every < v->line)
		every *= 2;
	snprintf(v->key, sizeof(v->key), "%d:c2cline:%d", v->o->obj, i);
	skl_dl_begin(v->dl, v->key, "byte offsets within the cache line");
	for (b = 0; b < v->line; b += every) {
		float bx = x + (float)b * bw;
		snprintf(buf, sizeof(buf), "%u", b);
		skl_dl_line(v->dl, bx, y + h - 4 * v->u, bx, y + h, C_INK3, 1);
		skl__text(v->dl, bx + 2, y, (float)every * bw - 4, h - 3 * v->u, buf, fs, SKL_FONT_REGULAR,
			  SKL_ALIGN_LEFT, C_INK3);
	}
	skl_dl_end(v->dl);
}

#define MAX_SUBLANES 4
#define MAX_MEMBERS 256 /* a line's members drawn (a 64-byte line has at most 64 at distinct bytes) */

static void draw_strip(cv *v, int i, const skl_c2c_line *l, float x, float y, float w)
{
	rowgeo g = geo(v);
	float bw = w / (float)v->line, fs = floorf(13 * v->u), cfs = skl__fs(v->dl, floorf(12 * v->u));
	unsigned cpus[SKL_ATTR_CPUS], a, b;
	int nl = lanes_of(l, cpus), j, k, ngap = 0, sub[MAX_MEMBERS];
	unsigned sub_end[MAX_SUBLANES];
	int nsub = 1;
	char buf[160];
	float sy, ly;

	draw_ruler(v, i, x, y, w, g.ruler_h);
	sy = y + g.ruler_h;
	/* bytes no member touched: runs of hatch */
	{
		unsigned char touched[4096];
		unsigned n = v->line < sizeof(touched) ? v->line : (unsigned)sizeof(touched), p;
		memset(touched, 0, sizeof(touched));
		for (j = 0; j < l->nmembers; j++)
			if (member_span(v, l, &l->members[j], &a, &b))
				for (p = a; p < b && p < n; p++)
					touched[p] = 1;
		for (p = 0; p < n;) {
			unsigned q = p;
			if (touched[p]) {
				p++;
				continue;
			}
			while (q < n && !touched[q])
				q++;
			snprintf(v->key, sizeof(v->key), "%d:c2cgap:%d:%d", v->o->obj, i, ngap++);
			snprintf(v->tip, sizeof(v->tip), "bytes %u to %u of the line: no member counted touched", p,
				 q - 1);
			skl_dl_begin(v->dl, v->key, v->tip);
			skl_dl_hatch(v->dl, x + (float)p * bw, sy, (float)(q - p) * bw, g.strip_h, C_GAP_BG, C_GAP_LINE,
				     5 * v->u);
			skl_dl_end(v->dl);
			p = q;
		}
	}
	/* overlapping members (a union, rows that grew) share the strip's height */
	memset(sub_end, 0, sizeof(sub_end));
	for (j = 0; j < l->nmembers && j < MAX_MEMBERS; j++) {
		sub[j] = -1;
		if (!member_span(v, l, &l->members[j], &a, &b))
			continue;
		for (k = 0; k < nsub && sub_end[k] > a; k++)
			;
		if (k == nsub) {
			if (nsub < MAX_SUBLANES)
				nsub++;
			else
				k = nsub - 1;
		}
		sub[j] = k;
		sub_end[k] = b;
	}
	for (j = 0; j < l->nmembers && j < MAX_MEMBERS; j++) {
		const skl_c2c_member *m = &l->members[j];
		skl_color c = member_color(m);
		float mx, mw, my, mh = g.strip_h / (float)nsub;
		if (sub[j] < 0 || !member_span(v, l, m, &a, &b))
			continue;
		mx = x + (float)a * bw;
		mw = (float)(b - a) * bw;
		my = sy + (float)sub[j] * mh;
		snprintf(v->key, sizeof(v->key), "%d:c2cmember:%d:%d", v->o->obj, i, j);
		skl_view_c2c_member_tooltip(v->c, l, j, v->tip, sizeof(v->tip));
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, mx, my, mw, mh, c, C_BG, 1);
		{
			float ts = fminf(fs, floorf(mh * 0.7f));
			int nlines = (int)fmaxf(1.0f, floorf(mh / (ts * 1.25f)));
			skl__text_mark(v->dl, mx + 2, my, mw - 4, mh, fit_name(member_name(m), mw - 4, ts, nlines), ts,
				       SKL_FONT_REGULAR, SKL_ALIGN_CENTER, skl__is_dark(c) ? C_BG : C_INK);
		}
		skl_dl_end(v->dl);
	}
	/* a lane per CPU: an R or W cell under each member it touched */
	ly = sy + g.strip_h + 4 * v->u;
	for (k = 0; k < nl; k++) {
		unsigned cpu = cpus[k];
		float cy = ly + (float)k * g.lane_h;
		snprintf(v->key, sizeof(v->key), "%d:c2clane:%d:%u", v->o->obj, i, cpu);
		snprintf(v->tip, sizeof(v->tip), "cpu%u on this line: %u loads, %u stores", cpu, l->cpu_reads[cpu],
			 l->cpu_writes[cpu]);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, x, cy + 1, w, g.lane_h - 2, C_ZEBRA, 0, 0);
		snprintf(buf, sizeof(buf), "cpu%u", cpu);
		skl__text(v->dl, x - 56 * v->u, cy, 52 * v->u, g.lane_h, buf, cfs, SKL_FONT_BOLD, SKL_ALIGN_RIGHT,
			  C_INK2);
		skl_dl_end(v->dl);
		for (j = 0; j < l->nmembers && j < MAX_MEMBERS; j++) {
			const skl_c2c_member *m = &l->members[j];
			uint32_t r = m->cpu_reads[cpu], wr = m->cpu_writes[cpu];
			int wrote = (m->cpus_wrote >> cpu) & 1, read = (m->cpus_read >> cpu) & 1;
			float cx, cw;
			if ((!wrote && !read) || !member_span(v, l, m, &a, &b))
				continue;
			cx = x + (float)a * bw + 1;
			cw = (float)(b - a) * bw - 2;
			if (wrote && read)
				snprintf(buf, sizeof(buf), "R%u W%u", r, wr);
			else if (wrote)
				snprintf(buf, sizeof(buf), "W %u", wr);
			else
				snprintf(buf, sizeof(buf), "R %u", r);
			if (skl_dl_text_width(buf, cfs) > cw - 2)
				snprintf(buf, sizeof(buf), "%s", wrote && read ? "RW" : wrote ? "W" : "R");
			snprintf(v->key, sizeof(v->key), "%d:c2ccpu:%d:%d:%u", v->o->obj, i, j, cpu);
			snprintf(v->tip, sizeof(v->tip), "cpu%u %s %s.%s: %u loads, %u stores", cpu,
				 wrote ? "wrote" : "read", l->owner, member_name(m), r, wr);
			skl_dl_begin(v->dl, v->key, v->tip);
			skl_dl_rect(v->dl, cx, cy + 2, cw, g.lane_h - 4, wrote ? C_CELL_W : C_CELL_R,
				    wrote ? 0 : C_READ, wrote ? 0 : 1);
			if (skl_dl_text_width(buf, cfs) <= cw - 2)
				skl__text(v->dl, cx + 1, cy + 2, cw - 2, g.lane_h - 4, buf, cfs, SKL_FONT_BOLD,
					  SKL_ALIGN_CENTER, wrote ? C_BG : C_INK);
			skl_dl_end(v->dl);
		}
	}
}

/* ---- the view -------------------------------------------------------------------- */

int skl_view_c2c(skl_dl *dl, const skl_c2c *c, const skl_view_c2c_opts *o)
{
	static const skl_view_c2c_opts defaults;
	cv v;
	float x, y, w, h, top, labw, barw, gut, gap, stripx, stripw, more_h;
	int i, shown, limit;
	char buf[200];

	if (!o)
		o = &defaults;
	memset(&v, 0, sizeof(v));
	v.dl = dl;
	v.c = c;
	v.o = o;
	skl__view_box(dl, o->x, o->y, o->w, o->h, &x, &y, &w, &h);
	v.u = skl__view_scale(dl, o->text_scale);
	v.ru = 1;
	v.line = c->line ? c->line : 64;
	for (i = 0; i < c->nlines; i++) {
		v.all_hitm += c->lines[i].hitm;
		v.max_hitm = c->lines[i].hitm > v.max_hitm ? c->lines[i].hitm : v.max_hitm;
		v.max_coh = c->lines[i].coherence > v.max_coh ? c->lines[i].coherence : v.max_coh;
	}
	top = y;
	draw_header(&v, x, y, w);
	y += header_h(&v);
	y += legend_pass(&v, x, y, w, 1) + floorf(8 * v.u);
	skl_dl_rect(dl, x, y - 1, w, 1, C_RULE, 0, 0);
	if (c->nlines <= 0) {
		snprintf(v.key, sizeof(v.key), "%d:c2cempty", o->obj);
		skl_dl_begin(dl, v.key,
			     "skl_kernel_c2c lists a line when more than one CPU touched it with a coherence miss or a "
			     "HITM");
		skl__text(dl, x, y + 20 * v.u, w, 40 * v.u,
			  "No shared cache line: no line had a coherence miss or a HITM", floorf(18 * v.u),
			  SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK3);
		skl_dl_end(dl);
		return skl_dl_failed(dl) ? -1 : 0;
	}
	/* columns: the label, the bars, the CPU gutter, the strip */
	gap = floorf(20 * v.u);
	labw = floorf(fminf(w * 0.22f, 360 * v.u));
	barw = floorf(fminf(w * 0.17f, 280 * v.u));
	gut = floorf(60 * v.u);
	stripx = x + labw + gap + barw + gap + gut;
	stripw = x + w - stripx;
	more_h = floorf(24 * v.u);
	limit = o->max_lines > 0 && o->max_lines < c->nlines ? o->max_lines : c->nlines;
	/* as many rows as fit, keeping room for the "more" line; when all
	 * fit with room to spare, taller strips and lanes */
	{
		float used = 0, room = top + h - y;
		for (shown = 0; shown < limit; shown++) {
			float rh = row_height(&v, &c->lines[shown]);
			float more = shown + 1 < c->nlines ? more_h : 0;
			if (used + rh + more > room + 0.5f)
				break;
			used += rh;
		}
		if (shown == 0 && limit > 0) {
			/* a tall row (8 CPU lanes, presentation type): squeeze its
			 * strips and lanes until it fits, never under the type of
			 * its cells, rather than draw no line at all */
			float more = c->nlines > 1 ? more_h : 0, cell = skl__fs(dl, floorf(12 * v.u)) + 4;
			for (v.ru = 0.95f; v.ru > 0.3f; v.ru -= 0.05f) {
				if (geo(&v).lane_h < cell)
					break;
				if (row_height(&v, &c->lines[0]) + more <= room + 0.5f) {
					shown = 1;
					break;
				}
			}
			if (!shown)
				v.ru = 1;
		}
		if (shown == c->nlines && used > 0) {
			float grown;
			v.ru = fminf(1.5f, room / used);
			for (;;) {
				for (grown = 0, i = 0; i < shown; i++)
					grown += row_height(&v, &c->lines[i]);
				if (grown <= room + 0.5f || v.ru <= 1)
					break;
				v.ru = fmaxf(1, v.ru - 0.05f);
			}
		}
	}
	for (i = 0; i < shown; i++) {
		const skl_c2c_line *l = &c->lines[i];
		rowgeo g = geo(&v);
		float rh = row_height(&v, l);
		if (i % 2 == 1)
			skl_dl_rect(dl, x, y, w, rh, C_ZEBRA, 0, 0);
		draw_label(&v, i, l, x + 6 * v.u, y + g.pad, labw - 6 * v.u);
		draw_bars(&v, i, l, x + labw + gap, y + g.pad, barw);
		draw_strip(&v, i, l, stripx, y + g.pad, stripw);
		y += rh;
		skl_dl_rect(dl, x, y - 1, w, 1, C_RULE, 0, 0);
	}
	if (shown < c->nlines) {
		int left = c->nlines - shown;
		snprintf(buf, sizeof(buf), "+ %d more shared %s (fewer HITMs); k:c2c { text = true } lists them all",
			 left, left == 1 ? "line" : "lines");
		if (skl_dl_text_width(buf, skl__fs(dl, floorf(14 * v.u))) > w)
			snprintf(buf, sizeof(buf), "+ %d more shared %s", left, left == 1 ? "line" : "lines");
		snprintf(v.key, sizeof(v.key), "%d:c2cmore", o->obj);
		skl_dl_begin(dl, v.key, "lines left out for room (or by the lines option): ranked lower");
		skl__text(dl, x + 6 * v.u, y + 2 * v.u, w - 6 * v.u, more_h - 2 * v.u, buf, floorf(14 * v.u),
			  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
		skl_dl_end(dl);
	}
	return skl_dl_failed(dl) ? -1 : 0;
}
