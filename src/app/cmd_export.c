/*
 * cmd_export.c - `sklab export --html FILE SCENARIO.lua`: a scenario as one
 * self-contained HTML handout. The scenario runs headless as `sklab run
 * --headless` runs it; every step's frame is written as SVG into memory and
 * inlined with its caption; a header gives the title, goal and profile, and
 * the expectation results close the page. A small inline script steps
 * through the frames with the keyboard and keeps the URL hash (#step-N) in
 * sync; print CSS puts one step on a page. The bundled DejaVu Sans Mono is
 * embedded as a subset (the glyphs the page uses) in a data: URL.
 *
 * Never reaches the network and never names one: no external URL is
 * written (the SVG namespace aside). The same run gives the same bytes.
 * The handout is written to FILE.tmp.<pid> and renamed over FILE.
 */
#define _POSIX_C_SOURCE 200809L
#include "app.h"

#include "sklab/outfile.h"
#include "sklab/textsafe.h"

#include "sklab/runtime.h"
#include "sklab/render/svg.h"
#include "sklab/render/view_scene.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* the canvas of `sklab run --frames` (export.c's default) */
#define HANDOUT_W 1600
#define HANDOUT_H 900

typedef struct export_opts {
	const char *file;
	const char *html;
	const char *title; /* NULL = the scenario's */
	int width, height;
	skl_app_limits lim;
} export_opts;

/* ---- font subsetting ------------------------------------------------------
 * A TrueType font cut down to the glyphs a page uses: the glyf outlines of
 * other glyphs are dropped (their loca entries become empty), glyph names
 * go (post format 3), and the layout tables (GSUB, GPOS, GDEF, kern) and
 * FontForge's timestamp (FFTM) are left out. cmap, metrics and hinting stay
 * as they are, so every kept glyph renders exactly as in the full font. */

static unsigned rd16(const unsigned char *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static unsigned long rd32(const unsigned char *p)
{
	return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 | (unsigned long)p[2] << 8 | p[3];
}

static void wr16(unsigned char *p, unsigned v)
{
	p[0] = (unsigned char)(v >> 8);
	p[1] = (unsigned char)v;
}

static void wr32(unsigned char *p, unsigned long v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

typedef struct ttf_table {
	const unsigned char *p;
	unsigned long len;
} ttf_table;

/* The table tag in the font at f (n bytes); len 0 when missing or out of bounds. */
static ttf_table ttf_find(const unsigned char *f, size_t n, const char *tag)
{
	ttf_table t = {NULL, 0};
	unsigned i, nt;
	if (n < 12)
		return t;
	nt = rd16(f + 4);
	for (i = 0; i < nt && 12 + 16 * (size_t)(i + 1) <= n; i++) {
		const unsigned char *r = f + 12 + 16 * i;
		unsigned long off = rd32(r + 8), len = rd32(r + 12);
		if (!memcmp(r, tag, 4) && off <= n && len <= n - off) {
			t.p = f + off;
			t.len = len;
		}
	}
	return t;
}

/* Glyph of cp through a format 4 or format 12 cmap subtable; 0 = none. */
static unsigned cmap_glyph(const unsigned char *s, unsigned long len, unsigned long cp)
{
	unsigned fmt;
	if (len < 8)
		return 0;
	fmt = rd16(s);
	if (fmt == 4 && cp <= 0xffff) {
		unsigned segx2 = rd16(s + 6), i;
		const unsigned char *ends = s + 14, *starts, *deltas, *ranges;
		if (14 + 4 * (unsigned long)segx2 + 2 > len)
			return 0;
		starts = ends + segx2 + 2;
		deltas = starts + segx2;
		ranges = deltas + segx2;
		for (i = 0; i < segx2; i += 2) {
			unsigned end = rd16(ends + i), start = rd16(starts + i), ro;
			if (cp > end)
				continue;
			if (cp < start)
				return 0;
			ro = rd16(ranges + i);
			if (!ro)
				return (unsigned)(cp + rd16(deltas + i)) & 0xffff;
			{
				unsigned long at = (unsigned long)(ranges + i - s) + ro + 2 * (cp - start);
				unsigned g;
				if (at + 2 > len)
					return 0;
				g = rd16(s + at);
				return g ? (g + rd16(deltas + i)) & 0xffff : 0;
			}
		}
		return 0;
	}
	if (fmt == 12) {
		unsigned long ng, i;
		if (len < 16)
			return 0;
		ng = rd32(s + 12);
		if (ng > (len - 16) / 12)
			return 0;
		for (i = 0; i < ng; i++) {
			const unsigned char *g = s + 16 + 12 * i;
			unsigned long lo = rd32(g), hi = rd32(g + 4);
			if (cp >= lo && cp <= hi)
				return (unsigned)(rd32(g + 8) + (cp - lo));
		}
	}
	return 0;
}

/* The best Unicode subtable of a cmap: (3,10) format 12, else (3,1) or (0,*). */
static ttf_table cmap_unicode(ttf_table cmap)
{
	ttf_table best = {NULL, 0};
	int rank = 0;
	unsigned i, n;
	if (cmap.len < 4)
		return best;
	n = rd16(cmap.p + 2);
	for (i = 0; i < n && 4 + 8 * (unsigned long)(i + 1) <= cmap.len; i++) {
		const unsigned char *r = cmap.p + 4 + 8 * i;
		unsigned pid = rd16(r), eid = rd16(r + 2);
		unsigned long off = rd32(r + 4);
		int rk = pid == 3 && eid == 10 ? 3 : pid == 3 && eid == 1 ? 2 : pid == 0 ? 1 : 0;
		if (rk > rank && off < cmap.len) {
			best.p = cmap.p + off;
			best.len = cmap.len - off;
			rank = rk;
		}
	}
	return best;
}

static int glyph_range(ttf_table loca, int long_loca, unsigned long nglyphs, unsigned long glyf_len, unsigned g,
		       unsigned long *off, unsigned long *len)
{
	unsigned long a, b;
	if (g >= nglyphs)
		return -1;
	if (long_loca) {
		a = rd32(loca.p + 4 * g);
		b = rd32(loca.p + 4 * g + 4);
	} else {
		a = 2ul * rd16(loca.p + 2 * g);
		b = 2ul * rd16(loca.p + 2 * g + 2);
	}
	if (b < a || b > glyf_len)
		return -1;
	*off = a;
	*len = b - a;
	return 0;
}

/* Marks the components of the composite glyphs in keep, to a fixed point. */
static int keep_components(unsigned char *keep, ttf_table loca, int long_loca, unsigned long nglyphs, ttf_table glyf)
{
	int changed = 1, rounds = 0;
	while (changed && rounds++ < 16) {
		unsigned g;
		changed = 0;
		for (g = 0; g < nglyphs; g++) {
			unsigned long off, len, at;
			unsigned flags;
			if (!keep[g])
				continue;
			if (glyph_range(loca, long_loca, nglyphs, glyf.len, g, &off, &len) < 0)
				return -1;
			if (len < 10 || !(rd16(glyf.p + off) & 0x8000))
				continue; /* empty, or a simple glyph */
			at = off + 10;
			do {
				unsigned c;
				if (at + 4 > off + len)
					return -1;
				flags = rd16(glyf.p + at);
				c = rd16(glyf.p + at + 2);
				if (c >= nglyphs)
					return -1;
				if (!keep[c]) {
					keep[c] = 1;
					changed = 1;
				}
				at += 4 + (flags & 0x1 ? 4 : 2);
				at += flags & 0x8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0;
			} while (flags & 0x20);
		}
	}
	return changed ? -1 : 0;
}

static unsigned long table_sum(const unsigned char *p, unsigned long len)
{
	unsigned long s = 0, i;
	for (i = 0; i + 4 <= len; i += 4)
		s = (s + rd32(p + i)) & 0xffffffffu;
	if (i < len) {
		unsigned char tail[4] = {0, 0, 0, 0};
		memcpy(tail, p + i, len - i);
		s = (s + rd32(tail)) & 0xffffffffu;
	}
	return s;
}

static const char *const keep_tables[] = {"OS/2", "cmap", "cvt ", "fpgm", "gasp", "glyf", "head",
					  "hhea", "hmtx", "loca", "maxp", "name", "post", "prep"};

/*
 * The font f (n bytes) cut down to the glyphs of the code points cps
 * (ncps of them) and .notdef, appended to out. 0, or -1 when the font is
 * not a TrueType font this understands (out is then unchanged) or out of
 * memory.
 */
static int ttf_subset(const unsigned char *f, size_t n, const unsigned long *cps, size_t ncps, skl_buf *out)
{
	ttf_table head = ttf_find(f, n, "head"), maxp = ttf_find(f, n, "maxp"), loca = ttf_find(f, n, "loca");
	ttf_table glyf = ttf_find(f, n, "glyf"), cmap = cmap_unicode(ttf_find(f, n, "cmap"));
	ttf_table post = ttf_find(f, n, "post");
	unsigned char *keep = NULL, *nglyf = NULL, *nloca = NULL, *font = NULL;
	unsigned long nglyphs, glyf_len = 0, loca_len, g, font_len, at;
	int long_loca, short_out, rc = -1;
	unsigned i, nt, ntables = 0;
	size_t k;
	struct {
		const char *tag;
		const unsigned char *p;
		unsigned long len;
	} tabs[sizeof(keep_tables) / sizeof(keep_tables[0])];

	if (n < 12 || rd32(f) != 0x00010000ul || head.len < 54 || maxp.len < 6 || !glyf.p || !cmap.p || post.len < 32)
		return -1;
	nglyphs = rd16(maxp.p + 4);
	long_loca = rd16(head.p + 50) == 1;
	if (!nglyphs || loca.len < (nglyphs + 1) * (long_loca ? 4 : 2))
		return -1;
	keep = skl_calloc(nglyphs, 1);
	if (!keep)
		return -1;
	keep[0] = 1;
	for (k = 0; k < ncps; k++) {
		unsigned gid = cmap_glyph(cmap.p, cmap.len, cps[k]);
		if (gid < nglyphs)
			keep[gid] = 1;
	}
	if (keep_components(keep, loca, long_loca, nglyphs, glyf) < 0)
		goto out;

	/* the kept outlines, each padded to four bytes */
	for (g = 0; g < nglyphs; g++) {
		unsigned long off, len;
		if (glyph_range(loca, long_loca, nglyphs, glyf.len, (unsigned)g, &off, &len) < 0)
			goto out;
		if (keep[g])
			glyf_len += (len + 3) & ~3ul;
	}
	short_out = glyf_len < 0x20000ul;
	loca_len = (nglyphs + 1) * (short_out ? 2 : 4);
	nglyf = skl_calloc(glyf_len ? glyf_len : 1, 1);
	nloca = skl_calloc(loca_len, 1);
	if (!nglyf || !nloca)
		goto out;
	at = 0;
	for (g = 0; g <= nglyphs; g++) {
		unsigned long off, len;
		if (short_out)
			wr16(nloca + 2 * g, (unsigned)(at / 2));
		else
			wr32(nloca + 4 * g, at);
		if (g == nglyphs || !keep[g])
			continue;
		glyph_range(loca, long_loca, nglyphs, glyf.len, (unsigned)g, &off, &len);
		memcpy(nglyf + at, glyf.p + off, len);
		at += (len + 3) & ~3ul;
	}

	/* the kept tables in the input's (sorted) order */
	nt = rd16(f + 4);
	for (i = 0; i < nt && 12 + 16 * (size_t)(i + 1) <= n; i++) {
		const unsigned char *r = f + 12 + 16 * i;
		size_t j;
		for (j = 0; j < sizeof(keep_tables) / sizeof(keep_tables[0]); j++)
			if (!memcmp(r, keep_tables[j], 4))
				break;
		if (j == sizeof(keep_tables) / sizeof(keep_tables[0]))
			continue;
		tabs[ntables].tag = keep_tables[j];
		tabs[ntables].p = ttf_find(f, n, keep_tables[j]).p;
		tabs[ntables].len = ttf_find(f, n, keep_tables[j]).len;
		if (!memcmp(r, "glyf", 4)) {
			tabs[ntables].p = nglyf;
			tabs[ntables].len = glyf_len;
		} else if (!memcmp(r, "loca", 4)) {
			tabs[ntables].p = nloca;
			tabs[ntables].len = loca_len;
		} else if (!memcmp(r, "post", 4)) {
			tabs[ntables].len = 32;
		}
		if (!tabs[ntables].p)
			goto out;
		ntables++;
		if (ntables == sizeof(tabs) / sizeof(tabs[0]))
			break;
	}
	font_len = 12 + 16ul * ntables;
	for (i = 0; i < ntables; i++)
		font_len += (tabs[i].len + 3) & ~3ul;
	font = skl_calloc(font_len, 1);
	if (!font)
		goto out;
	{
		unsigned es = 0, sr;
		while ((2u << es) <= ntables)
			es++;
		sr = 16u << es;
		wr32(font, 0x00010000ul);
		wr16(font + 4, ntables);
		wr16(font + 6, sr);
		wr16(font + 8, es);
		wr16(font + 10, 16 * ntables - sr);
	}
	at = 12 + 16ul * ntables;
	{
		unsigned long head_at = 0, total;
		for (i = 0; i < ntables; i++) {
			unsigned char *r = font + 12 + 16 * i, *t = font + at;
			memcpy(t, tabs[i].p, tabs[i].len);
			if (!strcmp(tabs[i].tag, "post"))
				wr32(t, 0x00030000ul); /* no glyph names */
			if (!strcmp(tabs[i].tag, "head")) {
				head_at = at;
				wr32(t + 8, 0); /* checkSumAdjustment, set below */
				wr16(t + 50, short_out ? 0 : 1);
			}
			memcpy(r, tabs[i].tag, 4);
			wr32(r + 4, table_sum(t, tabs[i].len));
			wr32(r + 8, at);
			wr32(r + 12, tabs[i].len);
			at += (tabs[i].len + 3) & ~3ul;
		}
		total = table_sum(font, font_len);
		if (head_at)
			wr32(font + head_at + 8, (0xb1b0afbaul - total) & 0xffffffffu);
	}
	if (skl_buf_append(out, (const char *)font, font_len) < 0)
		goto out;
	rc = 0;
out:
	skl_free(font);
	skl_free(nloca);
	skl_free(nglyf);
	skl_free(keep);
	return rc;
}

/* ---- text helpers ------------------------------------------------------- */

static void put_base64(skl_buf *out, const unsigned char *p, size_t n)
{
	static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t i;
	for (i = 0; i + 3 <= n; i += 3) {
		char q[4] = {tab[p[i] >> 2], tab[(p[i] & 3) << 4 | p[i + 1] >> 4],
			     tab[(p[i + 1] & 15) << 2 | p[i + 2] >> 6], tab[p[i + 2] & 63]};
		skl_buf_append(out, q, 4);
	}
	if (n - i == 1) {
		char q[4] = {tab[p[i] >> 2], tab[(p[i] & 3) << 4], '=', '='};
		skl_buf_append(out, q, 4);
	} else if (n - i == 2) {
		char q[4] = {tab[p[i] >> 2], tab[(p[i] & 3) << 4 | p[i + 1] >> 4], tab[(p[i + 1] & 15) << 2], '='};
		skl_buf_append(out, q, 4);
	}
}

static void put(skl_buf *out, const char *s)
{
	skl_buf_append(out, s, strlen(s));
}

/* s with & < > " escaped, for HTML text and attribute values. */
static void put_text(skl_buf *out, const char *s)
{
	/* the pictures' policy (textsafe.h): entities, and U+FFFD for bytes
	 * that are not UTF-8 and for control characters */
	skl_sink sink = skl_buf_sink(out);
	if (s)
		skl_text_xml(&sink, s, strlen(s));
}

/* A source location without its directories: "x.lua:12" for "a/b/x.lua:12". */
static const char *short_where(const char *w)
{
	const char *slash = w ? strrchr(w, '/') : NULL;
	return slash ? slash + 1 : w ? w : "";
}

/* The code points of the UTF-8 text s (n bytes), added to set (a bitmap of
 * the BMP, 8192 bytes); others are dropped. */
static void collect_cps(unsigned char *set, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *e = p + n;
	while (p < e) {
		unsigned long cp;
		int extra;
		if (*p < 0x80) {
			cp = *p++;
			extra = 0;
		} else if ((*p & 0xe0) == 0xc0) {
			cp = *p++ & 0x1f;
			extra = 1;
		} else if ((*p & 0xf0) == 0xe0) {
			cp = *p++ & 0x0f;
			extra = 2;
		} else {
			p++;
			continue;
		}
		for (; extra && p < e && (*p & 0xc0) == 0x80; extra--)
			cp = cp << 6 | (*p++ & 0x3f);
		if (!extra)
			set[cp >> 3] |= (unsigned char)(1u << (cp & 7));
	}
}

/* ---- the page ------------------------------------------------------------ */

static const char page_css[] =
    "html{background:#fff;color:#1a1a1a}\n"
    "body{margin:0 auto;max-width:1600px;padding:12px 20px;font:15px/1.45 \"DejaVu Sans Mono\",Menlo,Consolas,"
    "monospace}\n"
    "header h1{font-size:22px;margin:4px 0}\n"
    "header p{margin:2px 0}\n"
    ".meta{color:#555}\n"
    ".step svg{display:block;width:100%;height:auto;border:1px solid #ccc}\n"
    ".caption{margin:6px 0 14px}\n"
    ".count{font-weight:bold;margin-right:1ch}\n"
    "html.js .step{display:none}\n"
    "html.js .step.current{display:block}\n"
    "html.js .step svg{max-height:calc(100vh - 230px)}\n"
    "nav{display:none;gap:1ch;align-items:center;margin:6px 0}\n"
    "html.js nav{display:flex}\n"
    "nav button{font:inherit;padding:2px 10px}\n"
    ".keys{color:#555}\n"
    ".pass{color:#176d2a}\n"
    ".fail{color:#b00020;font-weight:bold}\n"
    "#results ul{padding-left:2ch}\n"
    "#results h2{font-size:17px;margin:14px 0 4px}\n"
    "@page{size:landscape;margin:12mm}\n"
    "@media print{\n"
    "html{-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
    "body{max-width:none;padding:0;font-size:11pt}\n"
    "html.js .step,.step{display:block;break-after:page;page-break-after:always}\n"
    ".step svg,html.js .step svg{max-height:140mm;border:0}\n"
    "nav{display:none!important}\n"
    "}\n";

/* Steps with Right/PageDown/Space and Left/PageUp, Home and End; the hash
 * #step-N chooses the step and follows it. data-step on <body> is the step
 * shown (1-based). */
static const char page_js[] =
    "(function () {\n"
    "  var steps = document.querySelectorAll(\".step\"), n = steps.length, cur = -1;\n"
    "  var where = document.getElementById(\"where\");\n"
    "  if (!n) return;\n"
    "  document.documentElement.classList.add(\"js\");\n"
    "  function fromHash() {\n"
    "    var m = /^#step-(\\d+)$/.exec(location.hash);\n"
    "    return m ? parseInt(m[1], 10) - 1 : 0;\n"
    "  }\n"
    "  function show(i, keepHash) {\n"
    "    i = Math.max(0, Math.min(n - 1, i));\n"
    "    if (cur >= 0) steps[cur].classList.remove(\"current\");\n"
    "    cur = i;\n"
    "    steps[cur].classList.add(\"current\");\n"
    "    document.body.setAttribute(\"data-step\", String(cur + 1));\n"
    "    where.textContent = \"step \" + (cur + 1) + \" of \" + n;\n"
    "    var h = \"#step-\" + (cur + 1);\n"
    "    if (!keepHash && location.hash !== h) {\n"
    "      try { history.replaceState(null, \"\", h); } catch (e) { location.hash = h; }\n"
    "    }\n"
    "  }\n"
    "  document.addEventListener(\"keydown\", function (e) {\n"
    "    var k = e.key, t;\n"
    "    if (e.altKey || e.ctrlKey || e.metaKey) return;\n"
    "    if (k === \" \" && e.target && e.target.tagName === \"BUTTON\") return;\n"
    "    if (k === \"ArrowRight\" || k === \"PageDown\" || k === \" \" || k === \"Spacebar\") t = cur + 1;\n"
    "    else if (k === \"ArrowLeft\" || k === \"PageUp\") t = cur - 1;\n"
    "    else if (k === \"Home\") t = 0;\n"
    "    else if (k === \"End\") t = n - 1;\n"
    "    else return;\n"
    "    e.preventDefault();\n"
    "    show(t);\n"
    "  });\n"
    "  document.getElementById(\"prev\").addEventListener(\"click\", function () { show(cur - 1); });\n"
    "  document.getElementById(\"next\").addEventListener(\"click\", function () { show(cur + 1); });\n"
    "  window.addEventListener(\"hashchange\", function () { show(fromHash(), true); });\n"
    "  show(fromHash(), !/^#step-\\d+$/.test(location.hash));\n"
    "})();\n";

/* Appends svg (one skl_svg_write document) to out with its pattern ids
 * made unique in the page: "hatch3" becomes "s<step>-hatch3". */
static void put_svg(skl_buf *out, const char *svg, size_t n, int step)
{
	static const char *const pats[] = {"id=\"hatch", "url(#hatch"};
	const char *p = svg, *e = svg + n;
	while (p < e) {
		const char *hit = NULL;
		size_t j, plen = 0;
		for (j = 0; j < 2; j++) {
			const char *h = strstr(p, pats[j]);
			if (h && h < e && (!hit || h < hit)) {
				hit = h;
				plen = strlen(pats[j]);
			}
		}
		if (!hit) {
			skl_buf_append(out, p, (size_t)(e - p));
			break;
		}
		skl_buf_append(out, p, (size_t)(hit - p));
		skl_buf_append(out, hit, plen - 5); /* up to "hatch" */
		skl_buf_printf(out, "s%d-hatch", step);
		p = hit + plen;
	}
}

/* The <body> of the handout into out. 0, or -1 (err set) when a frame
 * cannot be drawn. */
static int write_body(skl_buf *out, const export_opts *o, const skl_app_run *r, const char *title, const char *goal,
		      const char *profile, skl_error *err)
{
	skl_events *log = r->log;
	skl_view_frame_opts fo;
	skl_buf svg;
	skl_sink sink;
	skl_dl *dl;
	skl_budget *b = (skl_budget *)&r->budget;
	int i, n = skl_events_count(log);
	size_t charged = 0;

	dl = skl_dl_new((float)(o->width ? o->width : HANDOUT_W), (float)(o->height ? o->height : HANDOUT_H));
	if (!dl)
		return skl_errorf(err, "out of memory");
	skl_dl_set_budget(dl, b);
	memset(&fo, 0, sizeof(fo));
	skl_buf_init(&svg);
	sink = skl_buf_sink(&svg);

	put(out, "<body>\n<header>\n<h1>");
	put_text(out, title);
	put(out, "</h1>\n");
	if (goal && *goal) {
		put(out, "<p class=\"goal\">");
		put_text(out, goal);
		put(out, "</p>\n");
	}
	put(out, "<p class=\"meta\">");
	if (profile && *profile) {
		put(out, "profile ");
		put_text(out, profile);
		put(out, " · ");
	}
	skl_buf_printf(out, "%d step%s · ", r->nframes, r->nframes == 1 ? "" : "s");
	put_text(out, short_where(o->file));
	put(out, "</p>\n</header>\n");
	put(out, "<nav><button id=\"prev\" type=\"button\">← back</button><span id=\"where\"></span>"
		 "<button id=\"next\" type=\"button\">next →</button>"
		 "<span class=\"keys\">keys: → Space PageDown next, ← PageUp back, Home, End</span></nav>\n"
		 "<main>\n");
	if (!r->nframes)
		put(out, "<p>This scenario has no steps.</p>\n");
	for (i = 0; i < r->nframes; i++) {
		const char *cap = r->frames[i].caption;
		char why[256] = "", mem[200];
		svg.len = 0;
		/* the time limit covers drawing the steps; the page is charged
		 * to the run's memory budget as it grows */
		if ((r->timed && skl_app_deadline_poll((void *)&r->deadline, why, sizeof(why))) ||
		    skl_budget_charge(b, out->len + svg.cap - charged, "the handout") < 0 ||
		    skl_view_frame(dl, log, r->frames, r->nframes, i, &fo) < 0) {
			skl_buf_free(&svg);
			skl_dl_free(dl);
			skl_budget_uncharge(b, charged);
			if (!why[0])
				skl_budget_message(b, why, sizeof(why));
			snprintf(mem, sizeof(mem), "%s", why[0] ? why : "out of memory");
			return skl_errorf(err, "%s: %s at step %d of %d", o->file, mem, i + 1, r->nframes);
		}
		charged = out->len + svg.cap;
		skl_svg_write(dl, &sink);
		/* no id="step-N": the browser would scroll to it over the header */
		skl_buf_printf(out, "<section class=\"step\" data-n=\"%d\">\n", i + 1);
		put_svg(out, svg.data ? svg.data : "", svg.len, i + 1);
		skl_buf_printf(out, "<p class=\"caption\"><span class=\"count\">step %d of %d</span>", i + 1,
			       r->nframes);
		put_text(out, cap && *cap ? cap : "(end)");
		put(out, "</p>\n</section>\n");
	}
	put(out, "</main>\n<section id=\"results\">\n<h2>Expectations</h2>\n<ul>\n");
	for (i = 0; i < n; i++) {
		skl_event ev;
		const skl_event *e = &ev;
		skl_event_kind k = skl_events_kind(log, i);
		if ((k != SKL_EV_EXPECT && k != SKL_EV_ERROR) || skl_events_get(log, i, &ev) < 0)
			continue;
		if (e->kind == SKL_EV_EXPECT) {
			put(out, e->ok ? "<li class=\"pass\">pass " : "<li class=\"fail\">FAIL ");
			put_text(out, e->text);
			put(out, " (");
			put_text(out, short_where(e->where));
			put(out, ")</li>\n");
		} else if (e->kind == SKL_EV_ERROR) {
			put(out, "<li class=\"fail\">ERROR ");
			put_text(out, e->text);
			put(out, "</li>\n");
		}
	}
	skl_buf_printf(out, "</ul>\n<p class=\"%s\">%d of %d expectations passed</p>\n</section>\n",
		       r->failures ? "fail" : "pass", r->expects - r->failures, r->expects);
	skl_buf_printf(out,
		       "<footer class=\"meta\"><p>Made with sklab %s. Font: DejaVu Sans Mono (a subset; "
		       "Bitstream Vera and DejaVu licences).</p></footer>\n",
		       SKL_VERSION);
	put(out, "<script>\n");
	skl_buf_append(out, page_js, sizeof(page_js) - 1);
	put(out, "</script>\n</body>\n</html>\n");
	skl_buf_free(&svg);
	skl_dl_free(dl);
	skl_budget_uncharge(b, charged);
	return 0;
}

/* Reads a whole file into b; -1 when it cannot. */
static int slurp(const char *path, skl_buf *b)
{
	FILE *fp = fopen(path, "rb");
	char chunk[65536];
	size_t got;
	int rc = 0;
	if (!fp)
		return -1;
	while ((got = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		if (skl_buf_append(b, chunk, got) < 0)
			rc = -1;
	if (ferror(fp))
		rc = -1;
	fclose(fp);
	return rc;
}

/* An @font-face rule for the bundled font file name in weight, subset to
 * the code points in set; nothing when the font cannot be read (the page
 * then falls back to the reader's monospace). */
static void put_font_face(skl_buf *out, const char *name, const char *weight, const unsigned char *set)
{
	char path[4096];
	unsigned long *cps;
	size_t ncps = 0;
	unsigned long cp;
	skl_buf ttf, sub;
	snprintf(path, sizeof(path), "%s/assets/fonts/%s", skl_app_data_dir(), name);
	skl_buf_init(&ttf);
	skl_buf_init(&sub);
	cps = skl_malloc(65536 * sizeof(*cps));
	if (!cps || slurp(path, &ttf) < 0)
		goto out;
	for (cp = 0; cp < 65536; cp++)
		if (set[cp >> 3] & (1u << (cp & 7)))
			cps[ncps++] = cp;
	if (ttf_subset((const unsigned char *)ttf.data, ttf.len, cps, ncps, &sub) < 0) {
		/* not a font this can cut: the whole of it */
		skl_buf_free(&sub);
		skl_buf_init(&sub);
		if (skl_buf_append(&sub, ttf.data, ttf.len) < 0)
			goto out;
	}
	skl_buf_printf(out,
		       "@font-face{font-family:\"DejaVu Sans Mono\";font-style:normal;font-weight:%s;"
		       "src:url(data:font/ttf;base64,",
		       weight);
	put_base64(out, (const unsigned char *)sub.data, sub.len);
	put(out, ") format(\"truetype\")}\n");
out:
	skl_free(cps);
	skl_buf_free(&sub);
	skl_buf_free(&ttf);
}

/* The whole page: head (title, styles, fonts) and body. */
static int write_page(skl_buf *page, const export_opts *o, const skl_app_run *r, skl_error *err)
{
	const char *title = NULL, *goal = NULL, *profile = NULL;
	unsigned char *set;
	skl_buf body;
	int i, n = skl_events_count(r->log), c;
	for (i = 0; i < n; i++) {
		skl_event e;
		if (skl_events_kind(r->log, i) == SKL_EV_SCENARIO && skl_events_get(r->log, i, &e) == 0) {
			title = e.text;
			goal = e.text2;
			profile = e.text3;
		}
	}
	if (o->title)
		title = o->title;
	if (!title || !*title)
		title = short_where(o->file);
	skl_buf_init(&body);
	if (write_body(&body, o, r, title, goal, profile, err) < 0) {
		skl_buf_free(&body);
		return -1;
	}
	/* the glyphs the page needs: its text and every printable ASCII character */
	set = skl_calloc(8192, 1);
	if (!set) {
		skl_buf_free(&body);
		return skl_errorf(err, "out of memory");
	}
	for (c = 0x20; c < 0x7f; c++)
		set[c >> 3] |= (unsigned char)(1u << (c & 7));
	collect_cps(set, body.data, body.len);
	put(page, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
	put(page, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
	skl_buf_printf(page, "<meta name=\"generator\" content=\"sklab %s\">\n<title>", SKL_VERSION);
	put_text(page, title);
	put(page, "</title>\n<style>\n");
	put_font_face(page, "DejaVuSansMono.ttf", "normal", set);
	put_font_face(page, "DejaVuSansMono-Bold.ttf", "bold", set);
	skl_buf_append(page, page_css, sizeof(page_css) - 1);
	put(page, "</style>\n</head>\n");
	skl_buf_append(page, body.data, body.len);
	skl_free(set);
	skl_buf_free(&body);
	return 0;
}

/* Writes data to path as outfile.h writes every file (a temporary renamed
 * over path when all of it is written; a FIFO or device in place). 0, or
 * -1 with err set (and no temporary left). */
static int write_atomic(const char *path, const char *data, size_t len, skl_error *err)
{
	skl_outfile f;
	skl_sink sink;
	if (skl_outfile_open(&f, AT_FDCWD, path, err) < 0)
		return -1;
	sink = skl_outfile_sink(&f);
	sink.write(sink.ud, data, len);
	return skl_outfile_commit(&f, NULL, err);
}

static int export_html(const export_opts *o)
{
	skl_app_run r;
	skl_error err;
	skl_buf page;
	int rc = 1, i, nev;

	skl_error_clear(&err);
	skl_buf_init(&page);
	if (skl_app_run_scenario(&r, o->file, NULL, NULL, 0, &o->lim, &err) < 0)
		return skl_app_fail("export", &err);
	if (r.ran < 0 && r.failures == 0) {
		/* a script error or a limit: no handout */
		char msg[1400];
		const char *flag = skl_app_limit_flag(skl_lua_limit_hit(r.rt));
		skl_error_format(&err, msg, sizeof(msg));
		if (*flag)
			skl_term_printf(stderr, "sklab: %s; raise it with %s\n", msg, flag);
		else
			skl_term_printf(stderr, "sklab: %s\n", msg);
		goto out;
	}
	if (r.nframes > o->lim.frames) {
		fprintf(stderr,
			"sklab: %s: %d steps, more than the %d frames a run may write; raise it with --max-frames\n",
			o->file, r.nframes, o->lim.frames);
		goto out;
	}
	if (write_page(&page, o, &r, &err) < 0) {
		char msg[1400];
		const char *flag;
		skl_error_format(&err, msg, sizeof(msg));
		flag = skl_app_limit_flag_of(msg);
		fprintf(stderr, "sklab: %s%s%s; no handout written\n", msg, flag ? "; raise it with " : "",
			flag ? flag : "");
		goto out;
	}
	if ((uint64_t)page.len > o->lim.output) {
		fprintf(stderr,
			"sklab: %s: the handout of %zu bytes passes the output limit of %llu MiB; raise it with "
			"--max-output\n",
			o->file, page.len, (unsigned long long)(o->lim.output >> 20));
		goto out;
	}
	if (write_atomic(o->html, page.data, page.len, &err) < 0) {
		rc = skl_app_fail("export", &err);
		goto out;
	}
	fprintf(stderr, "sklab: wrote %d step%s (%zu bytes) to %s\n", r.nframes, r.nframes == 1 ? "" : "s", page.len,
		o->html);
	nev = skl_events_count(r.log);
	for (i = 0; i < nev; i++) {
		skl_event e;
		if (skl_events_kind(r.log, i) == SKL_EV_EXPECT && skl_events_get(r.log, i, &e) == 0 && !e.ok)
			skl_term_printf(stderr, "FAIL %s (%s)\n", e.text, e.where);
	}
	if (r.failures)
		fprintf(stderr, "sklab: %d expectation%s failed\n", r.failures, r.failures == 1 ? "" : "s");
	rc = r.ran < 0 ? 1 : 0;
out:
	skl_buf_free(&page);
	skl_app_run_free(&r);
	return rc;
}

enum { O_HTML = 256, O_TITLE, O_SIZE, O_MODEL_ONLY };

static const skl_app_opt options[] = {
    {"html", O_HTML, SKL_APP_VALUE, "FILE", "the HTML file to write (required)", NULL},
    {"size", O_SIZE, SKL_APP_VALUE, "WxH", "the pictures' canvas (1600x900)", NULL},
    {"title", O_TITLE, SKL_APP_VALUE, "T", "replaces the page's title", NULL},
    {"model-only", O_MODEL_ONLY, SKL_APP_NONE, NULL,
     "time nothing on this host (sklab.bench gives the\nmodel's figures only): the same handout on every host", NULL},
    {0},
};

static const skl_app_cmd export_cmd = {
    .name = "export",
    .about = "Runs the scenario headless (as 'sklab run --headless' does) and writes one\n"
	     "self-contained HTML file: every step's picture (SVG) and caption, the\n"
	     "scenario's title, goal and profile, and the expectation results. It needs no\n"
	     "network: the font is embedded. Open it in a browser and step with Right,\n"
	     "Space or PageDown, back with Left or PageUp, Home and End; FILE#step-N opens\n"
	     "step N. Printing gives one step per page.\n"
	     "The exit status is 1 when the scenario fails or an expectation does not hold\n"
	     "(the handout is still written and shows which), 2 for a usage mistake.",
    .opts = options,
    .limits = skl_app_limit_opts,
};

int skl_cmd_export(int argc, char **argv)
{
	export_opts o;
	skl_app_args g;
	int key;
	memset(&o, 0, sizeof(o));
	skl_app_limits_default(&o.lim);
	skl_app_args_init(&g, &export_cmd, argc, argv);
	while ((key = skl_app_getopt(&g)) != SKL_APP_END) {
		const char *v = g.arg;
		if (key >= SKL_APP_LIMIT_KEY) {
			if (skl_app_limit_opt(key, v, "export", &o.lim) < 0)
				return 2;
			continue;
		}
		switch (key) {
		case SKL_APP_BAD:
			return 2;
		case 'h':
			skl_app_usage(stdout, &export_cmd);
			return 0;
		case O_HTML:
			o.html = v;
			break;
		case O_TITLE:
			o.title = v;
			break;
		case O_MODEL_ONLY:
			o.lim.model_only = 1;
			break;
		case O_SIZE:
			if (sscanf(v, "%dx%d", &o.width, &o.height) != 2 || o.width < 320 || o.height < 200 ||
			    o.width > 8192 || o.height > 8192)
				return skl_app_usage_error(
				    &export_cmd, "--size takes WxH between 320x200 and 8192x8192, not '%s'", v);
			break;
		default: /* SKL_APP_ARG */
			if (o.file)
				return skl_app_usage_error(&export_cmd, "one scenario at a time ('%s' is extra)", v);
			o.file = v;
			break;
		}
	}
	if (!o.html) {
		fprintf(stderr, "sklab export: where to? (e.g. 'sklab export --html out.html SCENARIO.lua')\n");
		return 2;
	}
	if (!o.file) {
		fprintf(stderr, "sklab export: which scenario? ('sklab list' shows them)\n");
		return 2;
	}
	return export_html(&o);
}
