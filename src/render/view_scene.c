/*
 * view_scene.c - the whole picture for one step (see view_scene.h): layouts
 * in columns, kernel snapshots as the slab or compare view, sk_buff
 * snapshots as the skb view, the caption bar, the step counter. Never
 * calls SDL.
 */
#include "sklab/render/view_scene.h"

#include "view_bytes.h"
#include "view_c2c.h"
#include "view_cachesim.h"
#include "view_chart.h"

#include "view_layout.h"
#include "view_skb.h"
#include "view_slab.h"
#include "textfit.h"
#include "view_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define C_CAPTION_INK3 SKL_HEX(0x7b838d)
#define C_KEY_INK SKL_HEX(0x3b424a) /* the key to the marks, beside the picture */
#define C_KEY_RULE SKL_HEX(0xd5d9de)
#define C_CON_BG SKL_HEX(0x161b22) /* a text panel: the console */
#define C_CON_BAR SKL_HEX(0x2d333b)
#define C_CON_INK SKL_HEX(0xd7dde4)
#define C_CON_INK2 SKL_HEX(0x9aa5b1)
#define C_CON_MARK SKL_HEX(0x5c4813) /* a marked line: amber behind, bright ink */
#define C_CON_MARK_INK SKL_HEX(0xffd36b)

/* One snapshot as the slab view, two (or more) as the compare layout. */
static int draw_kernels(skl_dl *dl, const skl_scene *s, float x, float y, float w, float h, float u)
{
	if (s->nkernels >= 2) {
		skl_view_compare_opts o;
		memset(&o, 0, sizeof(o));
		o.x = x;
		o.y = y;
		o.w = w;
		o.h = h;
		o.caches_a = o.caches_b = s->caches;
		o.ncaches_a = o.ncaches_b = s->ncaches;
		o.no_legend = s->no_legend;
		o.text_scale = u;
		return skl_view_slab_compare(dl, s->kernels[0], s->kernel_titles ? s->kernel_titles[0] : NULL,
					     s->kernels[1], s->kernel_titles ? s->kernel_titles[1] : NULL, &o);
	} else if (s->kernels[0]->obj) {
		skl_view_bytes_opts o;
		memset(&o, 0, sizeof(o));
		o.x = x;
		o.y = y;
		o.w = w;
		o.h = h;
		o.obj = s->nlayouts;
		o.text_scale = u;
		o.first = s->kernels[0]->obj_first;
		return skl_view_bytes(dl, s->kernels[0]->obj, &o);
	} else {
		skl_view_slab_opts o;
		memset(&o, 0, sizeof(o));
		o.x = x;
		o.y = y;
		o.w = w;
		o.h = h;
		o.obj = s->nlayouts;
		o.caches = s->caches;
		o.ncaches = s->ncaches;
		o.no_legend = s->no_legend;
		o.title = s->kernel_titles ? s->kernel_titles[0] : NULL;
		o.text_scale = u;
		o.lazy_tips = s->lazy_tips;
		if (skl_view_slab(dl, s->kernels[0], &o) < 0)
			return -1;
		return s->kernels[0]->nlinks ? skl_view_slab_pointers(dl, s->kernels[0], o.obj, u) : 0;
	}
}

/* The skb view in the given region. */
static int draw_skbs(skl_dl *dl, const skl_scene *s, float x, float y, float w, float h, float u)
{
	skl_view_skb_opts o;
	memset(&o, 0, sizeof(o));
	o.x = x;
	o.y = y;
	o.w = w;
	o.h = h;
	o.obj = s->nlayouts + (s->nkernels >= 2 ? 2 : s->nkernels);
	o.no_legend = s->no_legend;
	o.title = s->skb_title;
	o.no_bytes = s->skb_no_bytes;
	o.text_scale = u * (s->nlayouts > 0 || s->nkernels > 0 ? 0.85f : 1.0f);
	return skl_view_skb(dl, s->skbs, s->nskbs, &o);
}

/* The cache views, stacked in the given region. */
static int draw_cgrids(skl_dl *dl, const skl_scene *s, float x, float y, float w, float h, float u)
{
	float gap = 28 * u, each = (h - gap * (float)(s->ncgrids - 1)) / (float)s->ncgrids;
	int i, others = s->nlayouts > 0 || s->nkernels > 0 || s->nskbs > 0 || s->ncgrids > 1;
	for (i = 0; i < s->ncgrids; i++) {
		skl_view_cachesim_opts o;
		memset(&o, 0, sizeof(o));
		o.x = x;
		o.y = y + (float)i * (each + gap);
		o.w = w;
		o.h = each;
		o.obj = s->nlayouts + (s->nkernels >= 2 ? 2 : s->nkernels) + (s->nskbs > 0) + i;
		o.no_legend = s->no_legend;
		o.title = s->cgrid_titles ? s->cgrid_titles[i] : NULL;
		o.text_scale = u * (others ? 0.85f : 1.0f);
		if (s->cgrids[i] && skl_view_cachesim(dl, s->cgrids[i], &o) < 0)
			return -1;
	}
	return 0;
}

/* The c2c views, stacked in the given region; their object numbers
 * follow every other object's. */
static int draw_c2cs(skl_dl *dl, const skl_scene *s, float x, float y, float w, float h, float u, int others)
{
	float gap = 28 * u, each = (h - gap * (float)(s->nc2cs - 1)) / (float)s->nc2cs;
	int i;
	for (i = 0; i < s->nc2cs; i++) {
		skl_view_c2c_opts o;
		memset(&o, 0, sizeof(o));
		o.x = x;
		o.y = y + (float)i * (each + gap);
		o.w = w;
		o.h = each;
		o.obj =
		    s->nlayouts + (s->nkernels >= 2 ? 2 : s->nkernels) + (s->nskbs > 0) + s->ncgrids + s->ncharts + i;
		o.no_legend = s->no_legend;
		o.max_lines = s->c2c_lines ? s->c2c_lines[i] : 0;
		o.title = s->c2c_titles ? s->c2c_titles[i] : NULL;
		o.text_scale = u * (others || s->nc2cs > 1 ? 0.85f : 1.0f);
		if (s->c2cs[i] && skl_view_c2c(dl, s->c2cs[i], &o) < 0)
			return -1;
	}
	return 0;
}

/* 1 when the line (n bytes) holds one of the panel's marks */
static int marked(const skl_obj *t, const char *line, size_t n)
{
	int i;
	for (i = 0; i < t->nmarks; i++) {
		size_t ml = strlen(t->marks[i]);
		const char *p;
		if (!ml || ml > n)
			continue;
		for (p = line; p + ml <= line + n; p++)
			if (!memcmp(p, t->marks[i], ml))
				return 1;
	}
	return 0;
}

/* A console line: where it starts in the report, its length, whether it
 * is marked, and (for a folded run) how many lines it stands for. */
typedef struct cline {
	const char *p;
	int len, mark, folded;
} cline;

#define CON_MAXLINES 1024

/* Visual lines lines[0..n) take at cols columns (a long line wraps). */
static int visual_lines(const cline *L, int n, size_t cols)
{
	int i, v = 0;
	if (cols < 8)
		cols = 8;
	for (i = 0; i < n; i++) {
		size_t len = L[i].folded ? 1 : skl_dl_utf8_len_n(L[i].p, (size_t)L[i].len);
		v += len <= cols ? 1 : 1 + (int)((len - cols + cols - 3) / (cols - 2));
	}
	return v;
}

/* The length of a line's first word ("Redzone", "Object"), 0 if none. */
static int first_word(const cline *c)
{
	int k = 0;
	while (k < c->len && c->p[k] == ' ')
		k++;
	while (k < c->len && c->p[k] != ' ' && c->p[k] != ':')
		k++;
	return k;
}

/* Folds runs of four or more unmarked lines opening with the same word
 * (a hexdump's rows) into their first line and a count. Returns the new
 * number of lines. */
static int fold_runs(cline *L, int n)
{
	int i = 0, o = 0;
	while (i < n) {
		int j = i + 1, w = first_word(&L[i]);
		while (w > 0 && j < n && !L[j].mark && !L[i].mark && first_word(&L[j]) == w &&
		       !memcmp(L[j].p, L[i].p, (size_t)w))
			j++;
		L[o++] = L[i];
		if (j - i >= 4) {
			L[o] = L[i + 1];
			L[o].folded = j - i - 1;
			L[o].len = w;
			o++;
			i = j;
		} else {
			i++;
		}
	}
	return o;
}

/*
 * Text panels: each a console with a title strip and the report's lines
 * in the largest type that shows them all, up to the caption's scale:
 * lines longer than the console wraps them; when they still do not fit,
 * runs of like lines (a hexdump's rows) fold into a count, then the type
 * comes down to the floor, and only then the last lines are left out
 * with a count. Marked lines stand out in amber. The panels share the
 * room from top to bottom.
 */
static int draw_texts(skl_dl *dl, const skl_scene *s, float x, float y, float w, float h, float u)
{
	float gap = 20 * u, each = (h - gap * (float)(s->ntexts - 1)) / (float)s->ntexts;
	float floor_px = skl_dl_text_floor(dl);
	int i;
	static cline L[CON_MAXLINES];
	for (i = 0; i < s->ntexts; i++) {
		const skl_obj *t = s->texts[i];
		const char *p, *text = t->text ? t->text : "";
		float py = y + (float)i * (each + gap), pad = 12 * u, th = floorf(26 * u);
		float fs, lh, cw1, room;
		int nlines = 0, maxcols = 1, nmark = 0, n, shown, vis, line = 0, k, folded = 0;
		size_t cols;
		char key[64], tip[256];
		for (p = text; *p && nlines < CON_MAXLINES;) {
			const char *e = strchr(p, '\n');
			int len = (int)(e ? e - p : (long)strlen(p));
			L[nlines].p = p;
			L[nlines].len = len;
			L[nlines].mark = marked(t, p, (size_t)len);
			L[nlines].folded = 0;
			nmark += L[nlines].mark;
			if (len > maxcols)
				maxcols = len;
			nlines++;
			p = e ? e + 1 : p + len;
		}
		n = nlines;
		if (maxcols > 80)
			maxcols = 80; /* longer lines wrap */
		room = each - th - 2 * pad;
		cw1 = skl_dl_text_width("M", 100) / 100; /* one character per point of type */
		fs = floorf(fminf(16 * u, (w - 2 * pad) / ((float)maxcols * cw1)));
		if (fs < floor_px)
			fs = floor_px;
		for (;;) {
			lh = fs * 1.25f;
			cols = skl_dl_fit_chars(w - 2 * pad, fs);
			vis = visual_lines(L, n, cols);
			if ((float)vis * lh <= room)
				break;
			if (!folded) {
				n = fold_runs(L, n);
				folded = 1;
				continue;
			}
			if (fs - 1 < floor_px)
				break;
			fs -= 1;
		}
		shown = (int)floorf(room / lh);
		snprintf(key, sizeof(key), "%d:text:%d", 200 + i, i);
		snprintf(tip, sizeof(tip), "%s: %d line%s%s%d marked", t->title ? t->title : "kernel log", nlines,
			 nlines == 1 ? "" : "s", vis > shown ? " (the last cut off here), " : ", ", nmark);
		skl_dl_begin(dl, key, tip);
		skl_dl_rect(dl, x, py, w, each, C_CON_BG, 0, 0);
		skl_dl_rect(dl, x, py, w, th, C_CON_BAR, 0, 0);
		skl__text(dl, x + pad, py, w - 2 * pad, th, t->title ? t->title : "kernel log", floorf(14 * u),
			  SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_CON_INK2);
		for (k = 0; k < n && line < shown; k++) {
			const cline *c = &L[k];
			int mk = c->mark, rest = 0, j;
			char one[600];
			if (c->folded) {
				snprintf(one, sizeof(one), "  ... %d more %.*s line%s", c->folded, c->len, c->p,
					 c->folded == 1 ? "" : "s");
			} else {
				int len = c->len < (int)sizeof(one) - 1 ? c->len : (int)sizeof(one) - 1;
				memcpy(one, c->p, (size_t)len);
				one[len] = 0;
			}
			/* the lines left when this one would not fit: a count instead */
			if (line == shown - 1 && (k < n - 1 || visual_lines(c, 1, cols) > 1)) {
				for (j = k; j < n; j++)
					rest += c[j - k].folded ? c[j - k].folded : 1;
				snprintf(one, sizeof(one), "... %d more line%s", rest, rest == 1 ? "" : "s");
				mk = 0;
			}
			{
				/* wrapped: continuation lines indented by two */
				const char *q = one;
				int first = 1;
				while (*q && line < shown) {
					char seg[600];
					size_t take = first ? cols : cols - 2, bytes = 0, cps = 0;
					float ly = py + th + pad + (float)line * lh;
					while (q[bytes] && cps < take) {
						bytes++;
						while (((unsigned char)q[bytes] & 0xc0u) == 0x80u)
							bytes++;
						cps++;
					}
					snprintf(seg, sizeof(seg), "%s%.*s", first ? "" : "  ", (int)bytes, q);
					if (mk)
						skl_dl_rect(dl, x + pad / 2, ly, w - pad, lh, C_CON_MARK, 0, 0);
					if (seg[0])
						skl__text(dl, x + pad, ly, w - 2 * pad, lh, seg, fs,
							  mk ? SKL_FONT_BOLD : SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
							  mk		      ? C_CON_MARK_INK
							  : rest || c->folded ? C_CON_INK2
									      : C_CON_INK);
					line++;
					q += bytes;
					first = 0;
				}
			}
			if (rest)
				break;
		}
		skl_dl_end(dl);
	}
	return skl_dl_failed(dl) ? -1 : 0;
}

/* The first rectangle the layout view drew for member path of layout
 * obj, among items from..count, or NULL. */
static const skl_dl_item *member_rect(const skl_dl *dl, int from, int obj, const char *path)
{
	char key[600];
	int i, n = skl_dl_count(dl);
	snprintf(key, sizeof(key), "%d:field:%s", obj, path);
	for (i = from; i < n; i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_RECT && it->key && !strcmp(it->key, key))
			return it;
	}
	return NULL;
}

/* A diff's links (see skl_scene.links) over the two layouts drawn from
 * item from on: outlines, then, for a member on both sides, a line from
 * the right edge of its block on the left to the left edge of its block
 * on the right (a dot where it leaves, an arrowhead where it arrives), a
 * little translucent so the names it crosses still read. */
static int draw_links(skl_dl *dl, const skl_scene *s, int from, float u)
{
	static const skl_color ink[] = {SKL_HEX(0x0072b2), SKL_HEX(0xc98a00), SKL_HEX(0x009e73), SKL_HEX(0xd55e00)};
	float lw = fmaxf(1.25f, 1.4f * u);
	int i;
	for (i = 0; i < s->nlinks; i++) {
		const skl_scene_link *k = &s->links[i];
		skl_color c = ink[k->kind >= 0 && k->kind <= SKL_LINK_REMOVED ? k->kind : 0];
		const skl_dl_item *ra = k->a ? member_rect(dl, from, 0, k->a) : NULL;
		float ax = 0, ay = 0, aw = 0, ah = 0, bx = 0, by = 0, bw = 0, bh = 0;
		const skl_dl_item *rb;
		char key[32], tip_a[1024] = "", tip_b[1024] = "";
		/* copies: appends may move the items */
		if (ra) {
			ax = ra->x, ay = ra->y, aw = ra->w, ah = ra->h;
			snprintf(tip_a, sizeof(tip_a), "%s%s%s", k->tooltip ? k->tooltip : "",
				 k->tooltip && ra->tooltip ? "\n\n" : "", ra->tooltip ? ra->tooltip : "");
		}
		rb = k->b ? member_rect(dl, from, 1, k->b) : NULL;
		if (rb) {
			bx = rb->x, by = rb->y, bw = rb->w, bh = rb->h;
			snprintf(tip_b, sizeof(tip_b), "%s%s%s", k->tooltip ? k->tooltip : "",
				 k->tooltip && rb->tooltip ? "\n\n" : "", rb->tooltip ? rb->tooltip : "");
		}
		snprintf(key, sizeof(key), "link:%d", i);
		/* one group a side: the outline covers the member's block, so its
		 * tooltip is the change and then the member's own */
		if (ra) {
			skl_dl_begin(dl, key, tip_a[0] ? tip_a : NULL);
			skl_dl_rect(dl, ax + lw / 2, ay + lw / 2, aw - lw, ah - lw, 0, c, lw);
			skl_dl_end(dl);
		}
		if (rb) {
			skl_dl_begin(dl, key, tip_b[0] ? tip_b : NULL);
			skl_dl_rect(dl, bx + lw / 2, by + lw / 2, bw - lw, bh - lw, 0, c, lw);
			if (ra) {
				float xa = ax + aw, ya = ay + ah / 2, xb = bx, yb = by + bh / 2, r = 3 * u;
				skl_dl_rect(dl, xa - r, ya - r, 2 * r, 2 * r, c, SKL_HEX(0xffffff), 1);
				skl_dl_arrow(dl, xa, ya, xb, yb, skl_color_alpha(c, 170), lw);
			}
			skl_dl_end(dl);
		}
	}
	return skl_dl_failed(dl) ? -1 : 0;
}

/* One pass of the picture, with keyh of the caption bar kept for the key
 * to the marks (drawn by the caller at *key_y). */
static int scene_pass(skl_dl *dl, const skl_scene *s, float keyh, float keyw, float *key_y, float *bar_out)
{
	float W = skl_dl_width(dl), H = skl_dl_height(dl);
	float u = s->text_scale > 0 ? s->text_scale : fminf(W / 1600, H / 900);
	float m, bar = 0, cs, ts, colw, gap, lw;
	int i, first;
	char step[64] = "";
	/* anything but text panels */
	int others =
	    s->nlayouts > 0 || s->nkernels > 0 || s->nskbs > 0 || s->ncharts > 0 || s->ncgrids > 0 || s->nc2cs > 0;
	/* besides the c2c views */
	int non_c2c =
	    others && (s->nlayouts > 0 || s->nkernels > 0 || s->nskbs > 0 || s->ncharts > 0 || s->ncgrids > 0);

	if (u < 0.6f)
		u = 0.6f;
	if (u > 3)
		u = 3;
	m = 28 * u;
	lw = W - 2 * m;
	cs = floorf(24 * u);
	ts = floorf(15 * u);
	skl_dl_rect(dl, 0, 0, W, H, C_BG, 0, 0);

	/* the caption bar: the caption wraps and is never cut; under it the
	 * key to the marks the views gave names too long for their boxes */
	if (s->nsteps > 0)
		snprintf(step, sizeof(step), "%d / %d", s->step, s->nsteps);
	if ((s->caption && *s->caption) || (s->title && *s->title) || step[0] || keyh > 0) {
		float stepw = step[0] ? skl_dl_text_width(step, cs) + 40 * u : 0;
		float by, th = s->title && *s->title ? ts * 1.6f : 0, cw = W - 2 * m - stepw, chh = cs;
		skl_fit cf = {cs,
			      0,
			      0,
			      SKL_FONT_REGULAR,
			      SKL_ALIGN_LEFT,
			      C_BAR_INK,
			      SKL_FIT_NO_ABBREV | SKL_FIT_TOP | SKL_FIT_WRAP,
			      1.35f};
		skl_fitted cm;
		memset(&cm, 0, sizeof(cm));
		if (s->caption && *s->caption) {
			/* a long caption takes smaller type (down to three quarters)
			 * before a fourth line: the picture keeps its room */
			float lo = floorf(cs * 0.75f);
			for (;;) {
				skl_dl_fit_measure(dl, cw, H * 0.4f, s->caption, &cf, &cm);
				if (cm.lines <= 3 || cf.size - 1 < lo)
					break;
				cf.size -= 1;
			}
			chh = cm.lines > 0 ? cm.height + (cm.size * 1.35f - cm.size) : cs;
		}
		bar = 2 * 16 * u + th + fmaxf(chh, cs * 1.35f) + keyh;
		by = H - bar;
		skl_dl_begin(dl, "scene:caption", s->caption && *s->caption ? s->caption : NULL);
		skl_dl_rect(dl, 0, by, W, bar, C_BAR, 0, 0);
		if (th > 0) {
			skl_fit tf = {ts, 0, 1, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_BAR_INK2, 0, 0};
			skl_dl_fit_text(dl, m, by + 14 * u, cw, th, s->title, &tf, NULL);
		}
		if (s->caption && *s->caption)
			skl_dl_fit_text(dl, m, by + 16 * u + th, cw, H * 0.4f, s->caption, &cf, NULL);
		skl_dl_end(dl);
		if (step[0]) {
			skl_dl_begin(dl, "scene:step", NULL);
			skl__text(dl, W - m - stepw, by, stepw, bar - keyh, step, cs, SKL_FONT_BOLD, SKL_ALIGN_RIGHT,
				  C_BAR_INK2);
			skl_dl_end(dl);
		}
		*key_y = H - keyh - 10 * u;
	}
	*bar_out = bar;
	/* a key beside the picture takes its right part */
	W -= keyw;
	lw = W - 2 * m;

	/* text panels: the right part of the room when anything else is shown,
	 * the rest of the picture laid out in what is left */
	if (s->ntexts > 0) {
		float tw = others ? floorf((W - 2 * m) * 0.5f) : W - 2 * m, ty = m * 0.8f;
		if (draw_texts(dl, s, W - m - tw, ty, tw, H - bar - ty - m * 0.5f, u) < 0)
			return -1;
		if (!others)
			return skl_dl_failed(dl) ? -1 : 0;
		W -= tw + 32 * u;
		lw = W - 2 * m;
	}

	/* the objects, side by side */
	if (!others) {
		skl__text(dl, m, m, W - 2 * m, H - bar - 2 * m, "(nothing shown at this step)", floorf(20 * u),
			  SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_CAPTION_INK3);
		return skl_dl_failed(dl) ? -1 : 0;
	}
	gap = 40 * u;
	if (s->nc2cs > 0) {
		/* all the room, or its lower half: the other views get what is
		 * above it (their bottom is the caption bar's top) */
		float cy = m * 0.8f, ch = H - bar - m * 0.8f - m * 0.5f, hc = non_c2c ? floorf(ch * 0.5f) : ch;
		if (draw_c2cs(dl, s, m, cy + ch - hc, W - 2 * m, hc, u, non_c2c) < 0)
			return -1;
		if (!non_c2c)
			return skl_dl_failed(dl) ? -1 : 0;
		bar += hc + gap / 2;
	}
	if (s->ncgrids > 0 && s->nkernels <= 0 && s->nskbs <= 0) {
		/* cache views in the room the layouts leave; charts under them */
		float cx = m, cw = W - 2 * m, cy = m * 0.8f, ch = H - bar - m * 0.8f - m * 0.5f;
		float gh = s->ncharts > 0 ? floorf(ch * 0.62f) : ch;
		if (s->nlayouts > 0) {
			cx = m + (W - 2 * m) / 3 + gap / 2;
			cw = W - m - cx;
			lw = (W - 2 * m) / 3 - gap / 2;
		}
		if (draw_cgrids(dl, s, cx, cy, cw, gh, u) < 0)
			return -1;
		for (i = 0; i < s->ncharts; i++) {
			float top = cy + gh + gap / 2;
			float each = (cy + ch - top - gap / 2 * (float)(s->ncharts - 1)) / (float)s->ncharts;
			skl_view_chart_opts co;
			memset(&co, 0, sizeof(co));
			co.x = cx;
			co.y = top + (float)i * (each + gap / 2);
			co.w = cw;
			co.h = each;
			co.obj = s->nlayouts + s->ncgrids + i;
			co.no_legend = s->no_legend;
			co.text_scale = u * 0.85f;
			if (skl_view_chart(dl, s->charts[i], &co) < 0)
				return -1;
		}
	}
	if (s->ncharts > 0 && s->ncgrids <= 0 && s->nkernels <= 0 && s->nskbs <= 0) {
		/* charts stacked in the room the layouts leave */
		float cx = m, cw = W - 2 * m, cy = m * 0.8f, ch = H - bar - m * 0.8f - m * 0.5f, each;
		if (s->nlayouts > 0) {
			cx = m + (W - 2 * m) / 3 + gap / 2;
			cw = W - m - cx;
			lw = (W - 2 * m) / 3 - gap / 2;
		}
		each = (ch - gap / 2 * (float)(s->ncharts - 1)) / (float)s->ncharts;
		for (i = 0; i < s->ncharts; i++) {
			skl_view_chart_opts co;
			memset(&co, 0, sizeof(co));
			co.x = cx;
			co.y = cy + (float)i * (each + gap / 2);
			co.w = cw;
			co.h = each;
			co.obj = s->nlayouts + i;
			co.no_legend = s->no_legend;
			co.text_scale = u * (s->ncharts > 1 || s->nlayouts > 0 ? 0.85f : 1.0f);
			if (skl_view_chart(dl, s->charts[i], &co) < 0)
				return -1;
		}
	}
	if (s->nkernels > 0 || s->nskbs > 0) {
		/* kernels and skbs take the room the layouts leave: all of it, or
		 * two thirds; skbs under kernels when both are shown */
		float kx = m, kw = W - 2 * m, ky = m * 0.8f, kh = H - bar - m * 0.8f - m * 0.5f;
		if (s->nlayouts > 0) {
			kx = m + (W - 2 * m) / 3 + gap / 2;
			kw = W - m - kx;
			lw = (W - 2 * m) / 3 - gap / 2;
		}
		if (s->ncgrids > 0) {
			/* cache views take the lower half */
			float hc = floorf(kh * 0.5f);
			if (draw_cgrids(dl, s, kx, ky + kh - hc, kw, hc, u) < 0)
				return -1;
			kh -= hc + gap / 2;
		}
		if (s->nkernels > 0) {
			float hk = s->nskbs > 0 ? floorf(kh * 0.55f) : kh;
			if (draw_kernels(dl, s, kx, ky, kw, hk, u) < 0)
				return -1;
			ky += hk + gap / 2;
			kh -= hk + gap / 2;
		}
		if (s->nskbs > 0 && draw_skbs(dl, s, kx, ky, kw, kh, u) < 0)
			return -1;
	}
	if (s->nlayouts <= 0)
		return skl_dl_failed(dl) ? -1 : 0;
	if (s->nlayouts == 2 && s->nlinks > 0)
		gap = 70 * u; /* room for the links to cross */
	first = skl_dl_count(dl);
	colw = (lw - gap * (float)(s->nlayouts - 1)) / (float)s->nlayouts;
	for (i = 0; i < s->nlayouts; i++) {
		skl_view_layout_opts o;
		memset(&o, 0, sizeof(o));
		o.x = m + (float)i * (colw + gap);
		o.y = m * 0.8f;
		o.w = colw;
		o.h = H - bar - o.y - m * 0.5f;
		o.obj = i;
		o.highlight = s->highlight;
		o.nhighlight = s->nhighlight;
		o.no_legend = s->no_legend;
		o.text_scale = u * (s->nlayouts > 1 || s->nkernels > 0 ? 0.85f : 1.0f);
		o.heat = s->heats ? s->heats[i] : NULL;
		if (s->layouts[i] && skl_view_layout(dl, s->layouts[i], &o) < 0)
			return -1;
	}
	if (s->nlayouts == 2 && s->nlinks > 0 && draw_links(dl, s, first, u) < 0)
		return -1;
	return skl_dl_failed(dl) ? -1 : 0;
}

/* The size of the key's type: under the caption, a little under the
 * caption title's; in a column beside the picture, smaller, so two
 * columns fit. */
static float key_size(const skl_dl *dl, const skl_scene *s, int side)
{
	float W = skl_dl_width(dl), H = skl_dl_height(dl);
	float u = s->text_scale > 0 ? s->text_scale : fminf(W / 1600, H / 900);
	u = u < 0.6f ? 0.6f : u > 3 ? 3 : u;
	return fmaxf(floorf((side ? 9 : 13) * u), skl_dl_text_floor(dl));
}

int skl_view_scene(skl_dl *dl, const skl_scene *s)
{
	float W = skl_dl_width(dl), H = skl_dl_height(dl), keyh = 0, keyw = 0, key_y = H, bar = 0, ks;
	float u = s->text_scale > 0 ? s->text_scale : fminf(W / 1600, H / 900);
	int start = skl_dl_count(dl), notes0 = skl_dl_note_count(dl), pass, rc = 0, budget;
	u = u < 0.6f ? 0.6f : u > 3 ? 3 : u;
	{
		/* the floor is for 1600 x 900 (1920 x 1080 presenting): a bigger
		 * canvas raises it in proportion, so a 4K frame reads the same */
		float fl = s->text_floor > 0 ? s->text_floor : 10;
		float ref_w = s->text_floor > 10 ? 1920 : 1600, ref_h = s->text_floor > 10 ? 1080 : 900;
		skl_dl_set_text_floor(dl, floorf(fl * fmaxf(1, fminf(W / ref_w, H / ref_h))));
	}
	ks = key_size(dl, s, 0);
	if (s->caption && skl_dl_protect(dl, s->caption) < 0)
		return -1;
	/* The views may give names marks; the key to them takes room from
	 * the picture, so the picture is laid out again with that room kept:
	 * up to three rows under the caption, or, when the marks fill those,
	 * a column beside the picture. Marks past the key's room are left out
	 * or shortened (hover names them). */
	budget = 3 * (int)fmaxf(1, (W - 56 * u) / (17 * skl_dl_text_width("M", ks)));
	skl_dl_set_note_budget(dl, budget);
	for (pass = 0; pass < 4; pass++) {
		float need;
		rc = scene_pass(dl, s, keyh, keyw, &key_y, &bar);
		if (rc < 0)
			return rc;
		if (keyw > 0) {
			/* every mark must have its entry: fewer marks when the
			 * column cannot list them all */
			float top = 28 * u * 0.8f;
			int have = skl_dl_note_count(dl) - notes0;
			int fit = skl_dl_draw_notes_columns(dl, notes0, W - keyw + 14 * u, top, keyw - 20 * u,
							    H - bar - top - 14 * u, ks, C_KEY_INK, 1);
			if (fit >= have || pass == 3)
				break;
			skl_dl_truncate(dl, start, notes0);
			skl_dl_set_note_budget(dl, fit > 0 ? fit : 1);
			continue;
		}
		if (pass == 0 && skl_dl_note_count(dl) - notes0 >= budget && W >= 1000) {
			/* columns in the right 22% */
			float top = 28 * u * 0.8f, kh = H - bar - top - 14 * u;
			int rows = (int)floorf(kh / (ks * 1.3f)), cols;
			ks = key_size(dl, s, 1);
			kh = H - bar - top - 14 * u;
			rows = (int)floorf(kh / (ks * 1.3f));
			keyw = floorf(W * 0.25f);
			cols = (int)fmaxf(1, floorf((keyw - 20 * u) / (18 * skl_dl_text_width("M", ks))));
			keyh = 0;
			skl_dl_truncate(dl, start, notes0);
			skl_dl_set_note_budget(dl, rows > 0 ? rows * cols : 1);
			continue;
		}
		need = skl_dl_draw_notes(dl, notes0, 28 * u, 0, W - 56 * u, ks, C_BAR_INK2, 1);
		if (need <= keyh + 0.5f || pass == 3)
			break;
		keyh = fminf(fmaxf(need, keyh), H * 0.3f);
		skl_dl_truncate(dl, start, notes0);
	}
	if (skl_dl_note_count(dl) > notes0) {
		if (keyw > 0) {
			float top = 28 * u * 0.8f;
			skl_dl_begin(dl, "scene:key", "the full names of the marked members and labels");
			skl_dl_rect(dl, W - keyw, top, 1, H - bar - top - 14 * u, C_KEY_RULE, 0, 0);
			skl_dl_draw_notes_columns(dl, notes0, W - keyw + 14 * u, top, keyw - 20 * u,
						  H - bar - top - 14 * u, ks, C_KEY_INK, 0);
			skl_dl_end(dl);
		} else {
			skl_dl_begin(dl, "scene:key", "the full names of the marked members and labels");
			skl_dl_draw_notes(dl, notes0, 28 * u, key_y, W - 56 * u, ks, C_BAR_INK2, 0);
			skl_dl_end(dl);
		}
	}
	return skl_dl_failed(dl) ? -1 : 0;
}

int skl_view_frame(skl_dl *dl, const skl_events *log, const skl_frame *frames, int nframes, int i,
		   const skl_view_frame_opts *o)
{
	const skl_layout *ls[16];
	const struct skl_heat *hs[16];
	int have_heat = 0;
	const struct skl_cachesim_snap *gs[4];
	const char *gt[4];
	int ng = 0, have_gt = 0;
	const struct skl_kernel_snap *ks[4];
	const skl_chart *cs[4];
	int nc = 0;
	const skl_obj *ts[4];
	int nt = 0;
	const struct skl_c2c *c2[4];
	const char *c2t[4];
	int c2l[4], n2 = 0, have_c2t = 0;
	const char *kt[4];
	int have_titles = 0;
	const skl_frame *f;
	skl_scene s;
	skl_skb_snap *sk = NULL;
	int k, n = 0, nk = 0, nsk = 0, rc;

	skl_dl_clear(dl, skl_dl_width(dl), skl_dl_height(dl));
	memset(&s, 0, sizeof(s));
	if (i < 0 || i >= nframes)
		return -1;
	f = &frames[i];
	for (k = 0; k < f->nobjs && n < (int)(sizeof(ls) / sizeof(ls[0])); k++) {
		const skl_obj *obj = skl_events_obj(log, f->objs[k]);
		if (obj && obj->kind == SKL_OBJ_LAYOUT && obj->layout) {
			hs[n] = obj->heat;
			have_heat |= obj->heat != NULL;
			ls[n++] = obj->layout;
		} else if (obj && obj->kind == SKL_OBJ_CACHE && obj->cgrid && ng < (int)(sizeof(gs) / sizeof(gs[0]))) {
			gt[ng] = obj->title;
			have_gt |= obj->title != NULL;
			gs[ng++] = obj->cgrid;
		} else if (obj && obj->kind == SKL_OBJ_KERNEL && obj->kernel &&
			   nk < (int)(sizeof(ks) / sizeof(ks[0]))) {
			kt[nk] = obj->title;
			have_titles |= obj->title != NULL;
			ks[nk++] = obj->kernel;
		} else if (obj && obj->kind == SKL_OBJ_CHART && obj->chart && nc < (int)(sizeof(cs) / sizeof(cs[0]))) {
			cs[nc++] = obj->chart;
		} else if (obj && obj->kind == SKL_OBJ_TEXT && nt < (int)(sizeof(ts) / sizeof(ts[0]))) {
			ts[nt++] = obj;
		} else if (obj && obj->kind == SKL_OBJ_C2C && obj->c2c && n2 < (int)(sizeof(c2) / sizeof(c2[0]))) {
			c2t[n2] = obj->title;
			have_c2t |= obj->title != NULL;
			c2l[n2] = obj->c2c_lines;
			c2[n2++] = obj->c2c;
		}
	}
	/* every skb object's snapshots in one array, their shared_with
	 * indexes moved along with them */
	for (k = 0; k < f->nobjs; k++) {
		const skl_obj *obj = skl_events_obj(log, f->objs[k]);
		if (obj && obj->kind == SKL_OBJ_SKB && obj->skbs)
			nsk += obj->nskbs;
	}
	if (nsk > 0) {
		int at = 0;
		sk = skl_malloc((size_t)nsk * sizeof(*sk));
		if (!sk)
			return -1;
		for (k = 0; k < f->nobjs; k++) {
			const skl_obj *obj = skl_events_obj(log, f->objs[k]);
			int j;
			if (!obj || obj->kind != SKL_OBJ_SKB || !obj->skbs)
				continue;
			if (!s.skb_title)
				s.skb_title = obj->title;
			s.skb_no_bytes |= obj->skb_no_bytes;
			for (j = 0; j < obj->nskbs; j++) {
				sk[at + j] = obj->skbs[j];
				if (sk[at + j].shared_with >= 0 && sk[at + j].shared_with < obj->nskbs)
					sk[at + j].shared_with += at;
				else
					sk[at + j].shared_with = -1;
			}
			at += obj->nskbs;
		}
	}
	for (k = 0; k < skl_events_count(log); k++) {
		skl_event e;
		if (skl_events_kind(log, k) == SKL_EV_SCENARIO && skl_events_get(log, k, &e) == 0) {
			s.title = e.text;
			break;
		}
	}
	s.layouts = ls;
	s.nlayouts = n;
	s.heats = have_heat ? hs : NULL;
	s.cgrids = gs;
	s.ncgrids = ng;
	s.cgrid_titles = have_gt ? gt : NULL;
	s.kernels = ks;
	s.nkernels = nk;
	s.kernel_titles = have_titles ? kt : NULL;
	s.skbs = sk;
	s.nskbs = nsk;
	s.charts = cs;
	s.ncharts = nc;
	s.texts = ts;
	s.ntexts = nt;
	s.c2cs = c2;
	s.nc2cs = n2;
	s.c2c_lines = c2l;
	s.c2c_titles = have_c2t ? c2t : NULL;
	s.caption = f->caption;
	s.step = i + 1;
	s.nsteps = nframes;
	s.highlight = f->highlight;
	s.nhighlight = f->nhighlight;
	if (o && o->nhighlight) {
		s.highlight = o->highlight;
		s.nhighlight = o->nhighlight;
	}
	if (o) {
		s.no_legend = o->no_legend;
		s.text_scale = o->text_scale;
		s.text_floor = o->text_floor;
	}
	s.lazy_tips = 1; /* the snapshots are the log's */
	rc = skl_view_scene(dl, &s);
	skl_free(sk);
	return rc;
}
