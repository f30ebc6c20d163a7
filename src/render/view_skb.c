/*
 * view_skb.c - the skb view (see view_skb.h): sk_buff snapshots turned
 * into draw-list items. Pure geometry and text; never calls SDL and never
 * touches the engine the snapshots came from.
 *
 * The work is in two passes over the same numbers: a plan (scale, pointer
 * label lanes, zoom window, frag boxes, heights; shrunk until it fits;
 * view_skb_plan.c) and the drawing here, which only reads the plan. The
 * palette, the regions' colours and tooltips and the figures' text are
 * here too.
 */
#include "view_skb_impl.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- palette ---------------------------------------------------------------
 * The buffer's parts differ in texture as well as hue: the rooms (no data)
 * are pale and hatched, data is a solid mid blue, shinfo a solid grey, the
 * slack hatched peach as "left-over" is in the slab view. Headers take the
 * layout view's Okabe-Ito hues, lightened; a plain strong red, used for
 * nothing else, is kept for panics.
 */
static const struct {
	const char *name;
	uint32_t hue; /* outline, hatch lines */
	uint32_t fill;
} marks[SKL_SKB_MARK_COUNT_] = {
    [SKL_SKB_HEADROOM] = {"headroom", 0x86a9c8, 0xe8f0f7},
    [SKL_SKB_DATA] = {"linear data", 0x1f6fa8, 0x7dbfe8},
    [SKL_SKB_TAILROOM] = {"tailroom", 0x83b896, 0xe7f4eb},
    [SKL_SKB_SHINFO] = {"skb_shared_info", 0x565e6a, 0xc3c8cf},
    [SKL_SKB_SLACK] = {"kmalloc slack (wasted)", 0xc47a4a, 0xfbeee4},
    [SKL_SKB_FRAG] = {"paged frag", 0x1f6fa8, 0xb7daf1},
    [SKL_SKB_PANIC] = {"overrun / underrun", 0x99000d, 0xd7301f},
};

static const struct {
	const char *prefix;
	uint32_t hue, fill;
} hdr_colors[] = {
    {"eth", 0xb07800, 0xf5cf80}, {"mac", 0xb07800, 0xf5cf80},  {"vlan", 0xb07800, 0xf9e0aa},
    {"hh", 0x8c7b4f, 0xe6dcc0},	 {"ip", 0x00795a, 0x9fdcc8},   {"tcp", 0xa8558a, 0xe9c2d8},
    {"udp", 0x9c9000, 0xf6ef9c}, {"icmp", 0x7a5fa8, 0xd9cff0}, {"arp", 0x7a5fa8, 0xd9cff0},
};

/* Each struct sk_buff's own colour: its box, its data and tail arrows. */
static const uint32_t ident[] = {0x2b5c8a, 0xa0446e, 0x3b7d3b, 0x8a5a00};

const char *skl_view_skb_mark_name(skl_skb_mark m)
{
	return m < SKL_SKB_MARK_COUNT_ ? marks[m].name : "?";
}

skl_color skl_view_skb_fill(skl_skb_mark m)
{
	return m < SKL_SKB_MARK_COUNT_ ? SKL_HEX(marks[m].fill) : C_BG;
}

skl_color skl_view_skb_stroke(skl_skb_mark m)
{
	return m < SKL_SKB_MARK_COUNT_ ? SKL_HEX(marks[m].hue) : C_INK;
}

/* ---- regions ------------------------------------------------------------------- */

static int hdr_index(const skl_skb_region *r)
{
	size_t i;
	for (i = 0; i < sizeof(hdr_colors) / sizeof(hdr_colors[0]); i++)
		if (prefix_ci(r->name, hdr_colors[i].prefix))
			return (int)i;
	return -1;
}

skl_color skl_view_skb_region_fill(const skl_skb_region *r)
{
	int k;
	if (r->color)
		return SKL_HEX(r->color & 0xffffffu);
	if (is_data_name(r->name))
		return skl_view_skb_fill(SKL_SKB_DATA);
	k = hdr_index(r);
	return k >= 0 ? SKL_HEX(hdr_colors[k].fill) : SKL_HEX(0xd8d8d8);
}

skl_color skl_view_skb_region_stroke(const skl_skb_region *r)
{
	int k;
	if (r->color)
		return skl_color_mix(SKL_HEX(r->color & 0xffffffu), C_INK, 0.45f);
	if (is_data_name(r->name))
		return skl_view_skb_stroke(SKL_SKB_DATA);
	k = hdr_index(r);
	return k >= 0 ? SKL_HEX(hdr_colors[k].hue) : SKL_HEX(0x7a7a7a);
}

void skl_view_skb_region_tooltip(const skl_skb_snap *s, int i, char *out, size_t outsz)
{
	const skl_skb_region *r;
	int64_t off, end, data = data_of(s), tail = sv32(s->tail);
	char rg[96];
	out[0] = 0;
	if (i < 0 || i >= s->nregions)
		return;
	r = &s->regions[i];
	off = sv32(r->off);
	end = off + (int64_t)r->len;
	skl__skbv_range_text(off, end, rg, sizeof(rg));
	skl__catf(out, outsz, "%s: %u %s at offset %lld from head\n%s", r->name[0] ? r->name : "(unnamed)", r->len,
		  r->len == 1 ? "byte" : "bytes", (long long)off, rg);
	if (off >= data && end <= tail)
		skl__catf(out, outsz, "\ndata + %lld .. data + %lld (in %s's linear data)", (long long)(off - data),
			  (long long)(end - data - 1), sname(s));
	else if (end <= data && off >= 0)
		skl__catf(out, outsz, "\nin %s's headroom, %lld %s before data", sname(s), (long long)(data - off),
			  data - off == 1 ? "byte" : "bytes");
	else if (off >= tail)
		skl__catf(out, outsz, "\npast %s's tail", sname(s));
	if (off < 0)
		skl__catf(out, outsz, "\nstarts %lld %s before head: outside the buffer", (long long)-off,
			  -off == 1 ? "byte" : "bytes");
	if (end > (int64_t)s->end)
		skl__catf(out, outsz, "\nreaches past end (+%u): into skb_shared_info", s->end);
	if (r->detail[0])
		skl__catf(out, outsz, "\n%s", r->detail);
}

/* Each struct sk_buff's own colour, by its place in the buffer. */
skl_color skl__skbv_ident_color(const grp *g, int s)
{
	int k;
	for (k = 0; k < g->n; k++)
		if (g->mem[k] == s)
			return SKL_HEX(ident[k % (int)(sizeof(ident) / sizeof(ident[0]))]);
	return C_INK;
}

/* ---- the figures panel's text ------------------------------------------------------ */

static const char *const fig_names[] = {"len",	   "data_len", "headlen",  "headroom", "tailroom", "truesize", "users",
					"dataref", "cloned",   "nr_frags", "gso_size", "gso_segs", "frag_list"};

int skl__skbv_fig_rows(const skv *v, const grp *g)
{
	int k, rows = F_NR_FRAGS;
	for (k = 0; k < g->n; k++) {
		const skl_skb_snap *s = &v->s[g->mem[k]];
		if (snap_gso(s))
			return F_FRAG_LIST + 1;
		if (s->nr_frags > 0)
			rows = F_NR_FRAGS + 1;
	}
	return rows;
}

static int64_t fig_value(const skl_skb_snap *s, int f)
{
	switch (f) {
	case F_LEN:
		return s->len;
	case F_DATA_LEN:
		return s->data_len;
	case F_HEADLEN:
		return (int64_t)s->len - (int64_t)s->data_len;
	case F_HEADROOM:
		return data_of(s);
	case F_TAILROOM:
		return s->data_len ? 0 : (int64_t)s->end - sv32(s->tail);
	case F_TRUESIZE:
		return s->truesize;
	case F_USERS:
		return s->users;
	case F_DATAREF:
		return s->dataref;
	case F_CLONED:
		return s->cloned != 0;
	case F_GSO_SIZE:
		return s->gso_size;
	case F_GSO_SEGS:
		return s->gso_segs;
	case F_FRAG_LIST:
		return s->frag_list_n;
	default:
		return s->nr_frags;
	}
}

void skl__skbv_fig_text(const skl_skb_snap *s, int f, char *out, size_t outsz)
{
	if (f == F_CLONED)
		snprintf(out, outsz, "%s", s->cloned ? "yes" : "no");
	else
		snprintf(out, outsz, "%lld", (long long)fig_value(s, f));
}

static void fig_tip(const skl_skb_snap *s, int f, char *out, size_t outsz)
{
	int64_t v = fig_value(s, f);
	out[0] = 0;
	skl__catf(out, outsz, "%s->%s = %lld\n", sname(s),
		  f == F_HEADLEN     ? "len - data_len"
		  : f == F_HEADROOM  ? "data - head"
		  : f == F_TAILROOM  ? "end - tail"
		  : f == F_DATAREF   ? "shinfo->dataref"
		  : f == F_NR_FRAGS  ? "shinfo->nr_frags"
		  : f == F_GSO_SIZE  ? "shinfo->gso_size"
		  : f == F_GSO_SEGS  ? "shinfo->gso_segs"
		  : f == F_FRAG_LIST ? "skbs on shinfo->frag_list"
				     : fig_names[f],
		  (long long)v);
	switch (f) {
	case F_LEN:
		skl__catf(out, outsz, "bytes in the packet: linear (headlen %lld) + paged (data_len %u)",
			  (long long)fig_value(s, F_HEADLEN), s->data_len);
		break;
	case F_DATA_LEN:
		skl__catf(out, outsz, "bytes in paged frags and frag_list; 0 = a linear skb");
		break;
	case F_HEADLEN:
		skl__catf(out, outsz, "skb_headlen(): bytes between data and tail, in the head buffer");
		break;
	case F_HEADROOM:
		skl__catf(out, outsz, "skb_headroom(): room for skb_push() in front of data");
		break;
	case F_TAILROOM:
		skl__catf(out, outsz, "skb_tailroom(): room for skb_put() after tail; 0 when the skb is nonlinear%s",
			  v < 0 ? "\nNEGATIVE: tail is past end" : "");
		break;
	case F_TRUESIZE:
		skl__catf(
		    out, outsz,
		    "memory charged to the owning socket: the head buffer and struct sk_buff%s, and the frag pages",
		    era_modern(s) ? " and skb_shared_info (SKB_TRUESIZE)" : "");
		break;
	case F_USERS:
		skl__catf(out, outsz, "references to this struct sk_buff (skb_get, kfree_skb)");
		break;
	case F_DATAREF:
		skl__catf(out, outsz, "references to the head buffer, kept in skb_shared_info: each clone adds one");
		break;
	case F_CLONED:
		skl__catf(out, outsz,
			  "set by skb_clone() on both skbs: the head may be shared, so write only after skb_cow()");
		break;
	case F_GSO_SIZE:
		skl__catf(out, outsz,
			  "the MSS: a GSO skb is cut into segments of gso_size bytes of payload (by the NIC with TSO, "
			  "by skb_segment without); GRO keeps the first frame's payload here; 0 = one frame");
		break;
	case F_GSO_SEGS:
		skl__catf(out, outsz,
			  "segments the skb stands for: DIV_ROUND_UP(payload, gso_size) on transmit, the "
			  "frames GRO merged on receive");
		if (s->gro_count)
			skl__catf(out, outsz, "\nGRO holds it: %d frames merged so far", s->gro_count);
		break;
	case F_FRAG_LIST:
		skl__catf(out, outsz,
			  "whole skbs chained on skb_shared_info's frag_list: %u bytes of data_len are theirs "
			  "(GRO chains a frame there when frags[] is full, or, in 2.6.31, when frames are linear)",
			  s->frag_list_len);
		break;
	default:
		skl__catf(out, outsz, "paged frags hanging off skb_shared_info");
	}
}

/* ---- drawing: small parts --------------------------------------------------------------- */

static void text_fit(skv *v, float x, float y, float w, float h, const char *s, float fs, int font, int align,
		     skl_color ink)
{
	skl__text(v->dl, x, y, w, h, s, fs, font, align, ink);
}

/* A block's name (bold) and up to two lines under it, centred, as room
 * allows; a shortened name only when a few letters of it fit. */
static void block_label(skv *v, float x, float y, float w, float h, const char *name, const char *l2, const char *l3,
			skl_color ink)
{
	float fs = floorf(fminf(16 * v->u, h * 0.3f)), fs2, aw = w - 8, th, ly;
	const char *lines[3];
	float sizes[3];
	int n = 0, i;
	if (aw < 10 || fs < 9 || !name || !*name)
		return;
	while (fs > floorf(11 * v->u) && skl_dl_text_width(name, fs) > aw)
		fs -= 1;
	if (skl_dl_text_width(name, fs) > aw) {
		if (skl_dl_fit_chars(aw, fs) >= 5)
			text_fit(v, x + 4, y, aw, h, name, fs, SKL_FONT_BOLD, SKL_ALIGN_CENTER, ink);
		return;
	}
	fs2 = floorf(fmaxf(fs * 0.85f, 10));
	lines[n] = name;
	sizes[n++] = fs;
	th = fs * 1.3f;
	if (l2 && *l2 && skl_dl_text_width(l2, fs2) <= aw && th + fs2 * 1.25f <= h - 6) {
		lines[n] = l2;
		sizes[n++] = fs2;
		th += fs2 * 1.25f;
		if (l3 && *l3 && skl_dl_text_width(l3, fs2) <= aw && th + fs2 * 1.25f <= h - 6) {
			lines[n] = l3;
			sizes[n++] = fs2;
			th += fs2 * 1.25f;
		}
	}
	ly = y + (h - th) / 2;
	for (i = 0; i < n; i++) {
		float lh = i == 0 ? fs * 1.3f : fs2 * 1.25f;
		skl__text(v->dl, x + 4, ly, aw, lh, lines[i], sizes[i], i == 0 ? SKL_FONT_BOLD : SKL_FONT_REGULAR,
			  SKL_ALIGN_CENTER, i == 0 ? ink : skl_color_mix(ink, C_BG, 0.15f));
		ly += lh;
	}
}

/* A strip of bytes: the main bar, or the zoom strip's window of it. */
typedef struct strip {
	float x0, bpp, y, h; /* x0 = x of byte lo */
	int64_t lo, hi;
	int zoom; /* 0 = the bar, 1 = the first zoom window, 2 = the second */
} strip;

static float stx(const strip *st, int64_t b)
{
	return st->x0 + (float)(b - st->lo) * st->bpp;
}

static void part_key(skv *v, const strip *st, int s, const char *part)
{
	snprintf(v->key, sizeof(v->key), "%d:%d:%s%s", v->o->obj, s,
		 st->zoom == 1	 ? "zoom:"
		 : st->zoom == 2 ? "zoom2:"
				 : "",
		 part);
}

/* Labels bytes [b0, b1) of the strip (clipped to it), clear of the torn
 * ends of a zoom window. */
/* The x and width of bytes [b0, b1) on the strip, clipped to it; 0 when
 * none of them is on it. */
static int strip_span(const strip *st, int64_t b0, int64_t b1, float *x, float *w)
{
	int64_t c0 = max64(b0, st->lo), c1 = min64(b1, st->hi);
	if (c1 <= c0)
		return 0;
	*x = stx(st, c0);
	*w = stx(st, c1) - *x;
	return 1;
}

static void range_label(skv *v, const strip *st, int64_t b0, int64_t b1, const char *name, const char *l2,
			const char *l3, skl_color ink)
{
	float x, w;
	if (!strip_span(st, b0, b1, &x, &w))
		return;
	if (st->zoom && b0 < st->lo) {
		x += 16 * v->u;
		w -= 16 * v->u;
	}
	if (st->zoom && b1 > st->hi)
		w -= 16 * v->u;
	block_label(v, x, st->y, w, st->h, name, l2, l3, ink);
}

/* Draws bytes [b0, b1) of the strip as a block (clipped to the strip);
 * the caller has opened its hover group. */
static void block(skv *v, const strip *st, int64_t b0, int64_t b1, skl_color fill, skl_color edge, int hatched,
		  const char *name, const char *l2, const char *l3, skl_color ink)
{
	float x, w;
	if (!strip_span(st, b0, b1, &x, &w))
		return;
	if (w < 2) { /* never thinner than two pixels: it is there */
		x -= (2 - w) / 2;
		w = 2;
	}
	if (hatched)
		skl_dl_hatch(v->dl, x, st->y, w, st->h, fill, edge, skl__clampf(st->h * 0.11f, 4, 8 * v->u));
	else
		skl_dl_rect(v->dl, x, st->y, w, st->h, fill, 0, 0);
	if (w >= 5)
		skl_dl_rect(v->dl, x, st->y, w, st->h, 0, edge, 1);
	range_label(v, st, b0, b1, name, l2, l3, ink);
}

static void bytes_text(int64_t n, char *out, size_t outsz)
{
	snprintf(out, outsz, "%lld B", (long long)n);
}

/* The head buffer's parts on a strip: rooms, data, shinfo, slack,
 * headers, overruns. */
static void draw_parts(skv *v, grp *g, const strip *st)
{
	const skl_skb_snap *f = &v->s[g->first];
	int64_t dend = min64(g->tmax, g->end), d0 = max64(g->dmin, 0);
	char l2[64], l3[64], rg[96];
	int i, k, regions_in_data = 0;
	int nonlinear = 0;
	for (k = 0; k < g->n; k++)
		nonlinear |= v->s[g->mem[k]].data_len != 0;
	/* headroom */
	if (d0 > 0) {
		part_key(v, st, g->first, "headroom");
		skl__skbv_range_text(0, d0, rg, sizeof(rg));
		snprintf(v->tip, sizeof(v->tip),
			 "headroom: %lld bytes between head and data\n%s\nskb_headroom() = data - head; skb_push() "
			 "takes bytes from here, skb_reserve() made it",
			 (long long)d0, rg);
		if (g->n > 1)
			for (k = 0; k < g->n; k++)
				skl__catf(v->tip, sizeof(v->tip), "\n%s: headroom %lld", sname(&v->s[g->mem[k]]),
					  (long long)data_of(&v->s[g->mem[k]]));
		skl_dl_begin(v->dl, v->key, v->tip);
		bytes_text(d0, l2, sizeof(l2));
		{
			/* headers pulled past (an RX skb's ethhdr) lie in the
			 * headroom: its label keeps to the bytes before them */
			int64_t free_end = d0;
			for (i = 0; i < g->nreg; i++)
				if (g->reg[i].off < free_end && g->reg[i].end > 0)
					free_end = max64(0, g->reg[i].off);
			block(v, st, 0, d0, skl_view_skb_fill(SKL_SKB_HEADROOM), skl_view_skb_stroke(SKL_SKB_HEADROOM),
			      1, NULL, NULL, NULL, C_INK);
			range_label(v, st, 0, free_end, "headroom", l2, NULL, C_INK);
		}
		skl_dl_end(v->dl);
		v->used[SKL_SKB_HEADROOM] = 1;
	}
	/* linear data */
	for (i = 0; i < g->nreg; i++)
		if (g->reg[i].off < dend && g->reg[i].end > d0)
			regions_in_data = 1;
	if (dend > d0) {
		part_key(v, st, g->first, "data");
		skl__skbv_range_text(d0, dend, rg, sizeof(rg));
		snprintf(v->tip, sizeof(v->tip), "linear data: %lld bytes from data to tail\n%s",
			 (long long)(dend - d0), rg);
		for (k = 0; k < g->n; k++) {
			const skl_skb_snap *s = &v->s[g->mem[k]];
			skl__catf(v->tip, sizeof(v->tip), "\n%s: len %u = headlen %lld + data_len %u", sname(s), s->len,
				  (long long)fig_value(s, F_HEADLEN), s->data_len);
		}
		skl__catf(v->tip, sizeof(v->tip),
			  "\nskb_put() grows it at tail, skb_push() at data; skb_pull() eats it at data");
		skl_dl_begin(v->dl, v->key, v->tip);
		bytes_text(dend - d0, l2, sizeof(l2));
		block(v, st, d0, dend, skl_view_skb_fill(SKL_SKB_DATA), skl_view_skb_stroke(SKL_SKB_DATA), 0,
		      regions_in_data ? NULL : "data", l2, NULL, C_INK);
		skl_dl_end(v->dl);
		v->used[SKL_SKB_DATA] = 1;
	}
	/* tailroom */
	if (g->tmax < g->end) {
		int64_t t0 = max64(g->tmax, 0);
		part_key(v, st, g->first, "tailroom");
		skl__skbv_range_text(t0, g->end, rg, sizeof(rg));
		snprintf(v->tip, sizeof(v->tip), "tailroom: %lld bytes between tail and end\n%s\n",
			 (long long)(g->end - t0), rg);
		if (nonlinear)
			skl__catf(
			    v->tip, sizeof(v->tip),
			    "the skb is nonlinear (data_len > 0), so skb_tailroom() is 0: these bytes stay unused");
		else
			skl__catf(v->tip, sizeof(v->tip),
				  "skb_tailroom() = end - tail; skb_put() takes bytes from here");
		if (era_modern(f))
			skl__catf(
			    v->tip, sizeof(v->tip),
			    "\n%s: alloc_skb() sets end from the bucket's real size, so kmalloc's rounding became "
			    "tailroom instead of slack",
			    f->era);
		skl_dl_begin(v->dl, v->key, v->tip);
		if (nonlinear)
			snprintf(l2, sizeof(l2), "%lld B, unused", (long long)(g->end - t0));
		else
			bytes_text(g->end - t0, l2, sizeof(l2));
		block(v, st, t0, g->end, skl_view_skb_fill(SKL_SKB_TAILROOM), skl_view_skb_stroke(SKL_SKB_TAILROOM), 1,
		      "tailroom", l2, NULL, C_INK);
		skl_dl_end(v->dl);
		v->used[SKL_SKB_TAILROOM] = 1;
	}
	/* skb_shared_info */
	if (g->shinfo > 0) {
		part_key(v, st, g->first, "shinfo");
		skl__skbv_range_text(g->end, g->end + g->shinfo, rg, sizeof(rg));
		snprintf(
		    v->tip, sizeof(v->tip),
		    "struct skb_shared_info: %lld bytes at end\n%s\nshared by every clone of this head: dataref %u, "
		    "nr_frags %d",
		    (long long)g->shinfo, rg, f->dataref, f->nr_frags);
		if (f->dataref_raw && f->dataref_raw != f->dataref)
			skl__catf(v->tip, sizeof(v->tip),
				  "\ndataref as stored: 0x%x (%u payload-only references << 16 | %u in all)",
				  f->dataref_raw, f->dataref_raw >> 16, f->dataref_raw & 0xffffu);
		for (k = 0; k < f->nregions && k < 16; k++)
			if (is_shinfo_name(f->regions[k].name) && f->regions[k].detail[0])
				skl__catf(v->tip, sizeof(v->tip), "\n%s", f->regions[k].detail);
		skl_dl_begin(v->dl, v->key, v->tip);
		bytes_text(g->shinfo, l2, sizeof(l2));
		snprintf(l3, sizeof(l3), "dataref %u", f->dataref);
		block(v, st, g->end, g->end + g->shinfo, skl_view_skb_fill(SKL_SKB_SHINFO),
		      skl_view_skb_stroke(SKL_SKB_SHINFO), 0,
		      (float)g->shinfo * st->bpp >= skl_dl_text_width("skb_shared_info", floorf(13 * v->u)) + 12
			  ? "skb_shared_info"
			  : "shinfo",
		      l3, l2, C_INK);
		skl_dl_end(v->dl);
		v->used[SKL_SKB_SHINFO] = 1;
	}
	/* slack */
	if (g->slack > 0) {
		int64_t s0 = g->end + g->shinfo;
		part_key(v, st, g->first, "slack");
		skl__skbv_range_text(s0, g->total, rg, sizeof(rg));
		snprintf(v->tip, sizeof(v->tip),
			 "kmalloc slack: %lld bytes wasted\n%s\n%s rounded the request of %lld bytes (end %lld + "
			 "shinfo %lld) up to %lld; nothing can use these bytes in %s, where end is fixed by the "
			 "requested size",
			 (long long)g->slack, rg, f->head_cache[0] ? f->head_cache : "kmalloc", (long long)s0,
			 (long long)g->end, (long long)g->shinfo, (long long)g->total, f->era[0] ? f->era : "this era");
		skl_dl_begin(v->dl, v->key, v->tip);
		bytes_text(g->slack, l2, sizeof(l2));
		block(v, st, s0, g->total, skl_view_skb_fill(SKL_SKB_SLACK), skl_view_skb_stroke(SKL_SKB_SLACK), 1,
		      "slack", l2, "wasted", C_INK);
		skl_dl_end(v->dl);
		v->used[SKL_SKB_SLACK] = 1;
	}
	/* headers and payload */
	for (i = 0; i < g->nreg; i++) {
		const skl_skb_snap *s = &v->s[g->reg[i].s];
		const skl_skb_region *r = &s->regions[g->reg[i].i];
		char part[32];
		snprintf(part, sizeof(part), "region:%d", g->reg[i].i);
		part_key(v, st, g->reg[i].s, part);
		skl_view_skb_region_tooltip(s, g->reg[i].i, v->tip, sizeof(v->tip));
		/* the bar's block opens the region's hover id; its zoom copy
		 * and its bytes in the pane take the same one */
		if (!st->zoom)
			g->reg_id[i] = skl_dl_begin(v->dl, v->key, v->tip);
		else
			skl_dl_rejoin(v->dl, g->reg_id[i], v->key, v->tip);
		bytes_text((int64_t)r->len, l2, sizeof(l2));
		/* bytes before head or past end are drawn as the underrun or overrun */
		block(v, st, max64(g->reg[i].off, 0), min64(g->reg[i].end, g->end), skl_view_skb_region_fill(r),
		      skl_view_skb_region_stroke(r), 0, r->name[0] ? r->name : "data", l2, NULL, C_INK);
		skl_dl_end(v->dl);
		if (is_data_name(r->name) && !r->color)
			v->used[SKL_SKB_DATA] = 1;
	}
	/* what a panicking operation reached */
	for (k = 0; k < g->n; k++) {
		const skl_skb_snap *s = &v->s[g->mem[k]];
		int64_t d = data_of(s), t = sv32(s->tail);
		skl_color fill = C_RED;
		if (t > g->end) {
			part_key(v, st, g->mem[k], "overrun");
			skl__skbv_range_text(g->end, t, rg, sizeof(rg));
			snprintf(v->tip, sizeof(v->tip),
				 "OVERRUN: %s's tail is %lld bytes past end\n%s\nskb_put() moved tail over "
				 "skb_shared_info%s: the kernel panics (skb_over_panic) before anything is written",
				 sname(s), (long long)(t - g->end), rg,
				 t > g->total ? " and out of the allocation" : "");
			if (s->panic[0])
				skl__catf(v->tip, sizeof(v->tip), "\n%s", s->panic);
			skl_dl_begin(v->dl, v->key, v->tip);
			snprintf(l2, sizeof(l2), "%lld B past end", (long long)(t - g->end));
			block(v, st, g->end, t, fill, SKL_HEX(marks[SKL_SKB_PANIC].hue), 0, "overrun", l2, NULL, C_BG);
			skl_dl_end(v->dl);
			v->used[SKL_SKB_PANIC] = 1;
		}
		if (d < 0) {
			part_key(v, st, g->mem[k], "underrun");
			skl__skbv_range_text(d, 0, rg, sizeof(rg));
			snprintf(v->tip, sizeof(v->tip),
				 "UNDERRUN: %s's data is %lld bytes before head\n%s\nskb_push() moved data out of the "
				 "buffer: the kernel panics (skb_under_panic)",
				 sname(s), (long long)-d, rg);
			if (s->panic[0])
				skl__catf(v->tip, sizeof(v->tip), "\n%s", s->panic);
			skl_dl_begin(v->dl, v->key, v->tip);
			snprintf(l2, sizeof(l2), "%lld B before head", (long long)-d);
			block(v, st, d, 0, fill, SKL_HEX(marks[SKL_SKB_PANIC].hue), 0, "underrun", l2, NULL, C_BG);
			skl_dl_end(v->dl);
			v->used[SKL_SKB_PANIC] = 1;
		}
	}
	/* the allocation's outline; in the zoom strip only the ends it shows */
	{
		float x0 = stx(st, max64(0, st->lo)), x1 = stx(st, min64(g->total, st->hi)), t = fmaxf(1.5f * v->u, 1);
		if (x1 > x0 && !st->zoom)
			skl_dl_rect(v->dl, x0, st->y, x1 - x0, st->h, 0, C_EDGE, t);
		else if (x1 > x0) {
			skl_dl_line(v->dl, x0, st->y + t / 2, x1, st->y + t / 2, C_EDGE, t);
			skl_dl_line(v->dl, x0, st->y + st->h - t / 2, x1, st->y + st->h - t / 2, C_EDGE, t);
			if (st->lo <= 0)
				skl_dl_line(v->dl, x0 + t / 2, st->y, x0 + t / 2, st->y + st->h, C_EDGE, t);
			if (st->hi >= g->total)
				skl_dl_line(v->dl, x1 - t / 2, st->y, x1 - t / 2, st->y + st->h, C_EDGE, t);
		}
	}
}

/* A ruler of byte offsets under a strip; labels that an arrow or a line
 * at one of the given xs would cross are left out. */
static void draw_ruler(skv *v, const strip *st, int64_t b0, int64_t b1, float y, const float *avoid, int navoid, int s)
{
	float rs = floorf(12 * v->u), tw, minor_px;
	int64_t step = 1, b, first;
	char t[32];
	snprintf(t, sizeof(t), "%lld", (long long)(llabs((long long)b1) > llabs((long long)b0) ? b1 : b0));
	tw = skl_dl_text_width(t, rs) + 4;
	while ((float)step * st->bpp < tw + 14 * v->u)
		step *= 2;
	minor_px = (float)(step / 4) * st->bpp;
	part_key(v, st, s, "ruler");
	snprintf(v->tip, sizeof(v->tip),
		 "byte offsets from head, in decimal: ticks every %lld bytes\n(pointer labels give tail and end in "
		 "hex, as the kernel prints them)",
		 (long long)step);
	skl_dl_begin(v->dl, v->key, v->tip);
	skl_dl_line(v->dl, stx(st, b0), y, stx(st, b1), y, C_RULE, 1);
	if (step >= 4 && minor_px >= 6 * v->u) {
		first = b0 >= 0 ? (b0 + step / 4 - 1) / (step / 4) * (step / 4) : -((-b0) / (step / 4)) * (step / 4);
		for (b = first; b <= b1; b += step / 4)
			if (b % step)
				skl_dl_line(v->dl, stx(st, b), y, stx(st, b), y + 4 * v->u, C_INK3, 1);
	}
	first = b0 >= 0 ? (b0 + step - 1) / step * step : -((-b0) / step) * step;
	for (b = first; b <= b1; b += step) {
		float x = stx(st, b), lx, lw;
		int j, hidden = 0;
		skl_dl_line(v->dl, x, y, x, y + 7 * v->u, C_INK3, 1);
		snprintf(t, sizeof(t), "%lld", (long long)b);
		lw = skl_dl_text_width(t, rs) + 4;
		lx = x - lw / 2;
		if (b == first && st->zoom && lx < stx(st, b0))
			lx = stx(st, b0);
		for (j = 0; j < navoid; j++)
			if (avoid[j] >= lx - 3 && avoid[j] <= lx + lw + 3)
				hidden = 1;
		if (!hidden)
			skl__text(v->dl, lx, y + 7 * v->u, lw, floorf(15 * v->u), t, rs, SKL_FONT_REGULAR,
				  SKL_ALIGN_CENTER, C_INK3);
	}
	skl_dl_end(v->dl);
}

/* Pointer labels in their lanes with their arrows. up: the labels are
 * under the strip and the arrows point up at it. */
static void draw_labels(skv *v, const strip *st, plabel *L, int n, float lanes_y, float lane_h, int nlanes, int up,
			float fs, float arrow_to)
{
	int i;
	for (i = 0; i < n; i++) {
		plabel *p = &L[i];
		float by = up ? lanes_y + (float)p->lane * lane_h : lanes_y + (float)(nlanes - 1 - p->lane) * lane_h;
		float bh = lane_h - 5 * v->u, y1, y2, lw = fmaxf(2 * v->u, 1.5f);
		part_key(v, st, p->snap, p->part);
		skl_dl_begin(v->dl, v->key, p->tip);
		if (up) {
			y1 = by;
			y2 = arrow_to + 1;
		} else {
			y1 = by + bh;
			y2 = arrow_to - 1;
		}
		skl_dl_arrow(v->dl, p->ax, y1, p->ax, y2, p->ink, lw);
		skl_dl_rect(v->dl, p->lx, by, p->w, bh, C_BG, skl_color_mix(p->ink, C_BG, 0.55f), 1);
		skl__text(v->dl, p->lx + 5 * v->u, by, p->nw + 2, bh, p->name, fs, SKL_FONT_BOLD, SKL_ALIGN_LEFT,
			  p->ink);
		if (p->val[0])
			skl__text(v->dl, p->lx + 5 * v->u + p->nw + skl_dl_text_width(" ", fs), by,
				  p->w - p->nw - 5 * v->u, bh, p->val, fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
				  p->ink == C_INK ? C_INK2 : p->ink);
		skl_dl_end(v->dl);
	}
}

/* ---- drawing a buffer --------------------------------------------------------------- */

static void draw_alloc(skv *v, grp *g)
{
	const skl_skb_snap *f = &v->s[g->first];
	float x0 = bytex(v, 0), x1 = bytex(v, g->total), y = g->alloc_y + floorf(13 * v->u), fs = floorf(14 * v->u);
	char t[128], a[40];
	float tw;
	skl__skbv_addr_text(f, 0, a, sizeof(a));
	snprintf(t, sizeof(t), "%s%s%lld B", f->head_cache[0] ? f->head_cache : "",
		 f->head_cache[0] ? " \xc2\xb7 " : "", (long long)g->total);
	snprintf(v->key, sizeof(v->key), "%d:%d:alloc", v->o->obj, g->first);
	snprintf(v->tip, sizeof(v->tip),
		 "the head buffer: %lld bytes from %s at %s\n[0, %lld) headroom + data + tailroom, up to end\n"
		 "[%lld, %lld) struct skb_shared_info (%lld B)",
		 (long long)g->total, f->head_cache[0] ? f->head_cache : "kmalloc", a, (long long)g->end,
		 (long long)g->end, (long long)(g->end + g->shinfo), (long long)g->shinfo);
	if (g->slack)
		skl__catf(v->tip, sizeof(v->tip), "\n[%lld, %lld) slack: %lld B nobody uses",
			  (long long)(g->end + g->shinfo), (long long)g->total, (long long)g->slack);
	skl_dl_begin(v->dl, v->key, v->tip);
	skl_dl_line(v->dl, x0, y, x1, y, C_INK3, 1);
	skl_dl_line(v->dl, x0, y - 5 * v->u, x0, y + 6 * v->u, C_INK3, 1);
	skl_dl_line(v->dl, x1, y - 5 * v->u, x1, y + 6 * v->u, C_INK3, 1);
	tw = fminf(skl_dl_text_width(t, fs) + 14 * v->u, x1 - x0 - 4);
	if (tw > 30 * v->u) {
		float cxm = (x0 + x1) / 2;
		skl_dl_rect(v->dl, cxm - tw / 2, y - 10 * v->u, tw, 20 * v->u, C_BG, 0, 0);
		text_fit(v, cxm - tw / 2, y - 10 * v->u, tw, 20 * v->u, t, fs, SKL_FONT_BOLD, SKL_ALIGN_CENTER, C_INK2);
	}
	skl_dl_end(v->dl);
}

static void draw_spans(skv *v, grp *g, const strip *st)
{
	int k;
	float fs = floorf(13 * v->u), lh = floorf(20 * v->u);
	if (g->n < 2)
		return;
	for (k = 0; k < g->n; k++) {
		const skl_skb_snap *s = &v->s[g->mem[k]];
		int64_t d = data_of(s), t = sv32(s->tail);
		float y = g->span_y + (float)k * lh + lh / 2, x0 = stx(st, d), x1 = stx(st, t);
		skl_color c = skl__skbv_ident_color(g, g->mem[k]);
		char lab[64];
		float tw;
		snprintf(lab, sizeof(lab), "%s %lld B", sname(s), (long long)(t - d));
		tw = skl_dl_text_width(lab, fs);
		part_key(v, st, g->mem[k], "span");
		snprintf(v->tip, sizeof(v->tip),
			 "%s sees bytes %lld-%lld of the shared head: %lld linear bytes (data to tail)\nheadroom %lld, "
			 "len %u, data_len %u",
			 sname(s), (long long)d, (long long)(t - 1), (long long)(t - d), (long long)d, s->len,
			 s->data_len);
		skl_dl_begin(v->dl, v->key, v->tip);
		if (x1 - x0 < 2)
			x1 = x0 + 2;
		skl_dl_line(v->dl, x0, y, x1, y, c, fmaxf(3 * v->u, 2));
		skl_dl_line(v->dl, x0, y - 5 * v->u, x0, y + 5 * v->u, c, fmaxf(2 * v->u, 1.5f));
		skl_dl_line(v->dl, x1, y - 5 * v->u, x1, y + 5 * v->u, c, fmaxf(2 * v->u, 1.5f));
		if (x0 - tw - 10 * v->u >= v->x + v->box_w + 10 * v->u)
			skl__text(v->dl, x0 - tw - 8 * v->u, y - lh / 2, tw + 2, lh, lab, fs, SKL_FONT_BOLD,
				  SKL_ALIGN_RIGHT, c);
		else
			skl__text(v->dl, x1 + 8 * v->u, y - lh / 2, tw + 2, lh, lab, fs, SKL_FONT_BOLD, SKL_ALIGN_LEFT,
				  c);
		skl_dl_end(v->dl);
	}
}

static void draw_boxes(skv *v, grp *g)
{
	float bh = box_h(v), gap = 10 * v->u, total = (float)g->n * bh + (float)(g->n - 1) * gap;
	float mid = g->bar_y + v->bar_h / 2, y0 = mid - total / 2, hx = bytex(v, 0);
	int k;
	if (y0 < g->alloc_y)
		y0 = g->alloc_y;
	for (k = 0; k < g->n; k++) {
		const skl_skb_snap *s = &v->s[g->mem[k]];
		float y = y0 + (float)k * (bh + gap), x = v->x, w = v->box_w, ty = y + 6 * v->u;
		skl_color c = skl__skbv_ident_color(g, g->mem[k]);
		char a[40], h[40];
		float ay = y + bh / 2, ty2 = mid + ((float)k - (float)(g->n - 1) / 2) * fminf(10 * v->u, v->bar_h / 8);
		snprintf(a, sizeof(a), "0x%llx", (unsigned long long)s->skb_addr);
		skl__skbv_addr_text(s, 0, h, sizeof(h));
		snprintf(v->key, sizeof(v->key), "%d:%d:skb", v->o->obj, g->mem[k]);
		snprintf(v->tip, sizeof(v->tip),
			 "struct sk_buff %s at %s (%s)\nhead %s, data %+lld, tail %+lld, end +%u from head\nlen %u, "
			 "data_len %u, truesize %u, users %u%s",
			 sname(s), a, s->era[0] ? s->era : "?", h, (long long)data_of(s), (long long)sv32(s->tail),
			 s->end, s->len, s->data_len, s->truesize, s->users, s->cloned ? ", cloned" : "");
		if (g->n > 1)
			skl__catf(v->tip, sizeof(v->tip), "\nshares its head with %d other sk_buff%s: dataref %u",
				  g->n - 1, g->n > 2 ? "s" : "", v->s[g->first].dataref);
		if (s->mac_header > 0 || s->network_header > 0 || s->transport_header > 0)
			skl__catf(v->tip, sizeof(v->tip), "\nmac_header %+d, network_header %+d, transport_header %+d",
				  s->mac_header, s->network_header, s->transport_header);
		if (s->fclone)
			skl__catf(v->tip, sizeof(v->tip), "\nfast clone: %s of skbuff_fclone_cache's pair",
				  s->fclone == 1 ? "the original" : "the clone");
		if (s->nohdr)
			skl__catf(v->tip, sizeof(v->tip),
				  "\nnohdr: the header part belongs to the clones (skb_header_release)");
		if (s->head_frag)
			skl__catf(v->tip, sizeof(v->tip),
				  "\nhead_frag: the head is a page fragment (build_skb), not kmalloc");
		if (s->dev[0])
			skl__catf(v->tip, sizeof(v->tip), "\ndev %s", s->dev);
		if (s->last_op[0])
			skl__catf(v->tip, sizeof(v->tip), "\nlast: %s", s->last_op);
		skl_dl_begin(v->dl, v->key, v->tip);
		/* the arrow first, so the box sits over its tail */
		skl_dl_arrow(v->dl, x + w, ay, hx - 1, ty2, c, fmaxf(2.5f * v->u, 1.5f));
		skl_dl_rect(v->dl, x, y, w, bh, C_BG, c, fmaxf(2 * v->u, 1.5f));
		skl_dl_rect(v->dl, x, y, 8 * v->u, bh, c, 0, 0);
		text_fit(v, x + 16 * v->u, ty, w - 22 * v->u, floorf(26 * v->u), sname(s), floorf(19 * v->u),
			 SKL_FONT_BOLD, SKL_ALIGN_LEFT, c);
		text_fit(v, x + 16 * v->u, ty + floorf(26 * v->u), w - 22 * v->u, floorf(18 * v->u), "struct sk_buff",
			 floorf(13 * v->u), SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
		text_fit(v, x + 16 * v->u, ty + floorf(44 * v->u), w - 22 * v->u, floorf(18 * v->u), a,
			 floorf(13 * v->u), SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(v->dl);
	}
}

static void draw_panel(skv *v, grp *g)
{
	float y = g->alloc_y, x = v->px, rh = v->row_h, fs = v->fs_tab;
	int k, f, nrows = skl__skbv_fig_rows(v, g);
	char t[48];
	/* column heads: the skbs' names in their colours */
	for (k = 0; k < g->n; k++) {
		const skl_skb_snap *s = &v->s[g->mem[k]];
		float cx = x + v->lab_w + (float)k * v->col_w;
		skl_color c = skl__skbv_ident_color(g, g->mem[k]);
		text_fit(v, cx, y, v->col_w - 6 * v->u, rh, sname(s), fs, SKL_FONT_BOLD, SKL_ALIGN_RIGHT, c);
		skl_dl_rect(v->dl, cx + 10 * v->u, y + rh - 3 * v->u, v->col_w - 16 * v->u, fmaxf(2 * v->u, 1.5f), c, 0,
			    0);
	}
	y += rh + 4 * v->u;
	for (f = 0; f < nrows; f++) {
		float ry = y + (float)f * rh;
		if (f % 2 == 0)
			skl_dl_rect(v->dl, x - 6 * v->u, ry, v->lab_w + (float)g->n * v->col_w + 6 * v->u, rh, C_CHIP,
				    0, 0);
		skl__text(v->dl, x, ry, v->lab_w, rh, fig_names[f], fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		for (k = 0; k < g->n; k++) {
			const skl_skb_snap *s = &v->s[g->mem[k]];
			float cx = x + v->lab_w + (float)k * v->col_w;
			int64_t val = fig_value(s, f);
			snprintf(v->key, sizeof(v->key), "%d:%d:fig:%s", v->o->obj, g->mem[k], fig_names[f]);
			fig_tip(s, f, v->tip, sizeof(v->tip));
			skl_dl_begin(v->dl, v->key, v->tip);
			skl__skbv_fig_text(s, f, t, sizeof(t));
			skl_dl_rect(v->dl, cx, ry, v->col_w, rh, 0, 0, 0);
			text_fit(v, cx, ry, v->col_w - 6 * v->u, rh, t, fs, SKL_FONT_BOLD, SKL_ALIGN_RIGHT,
				 val < 0 ? C_RED_INK : C_INK);
			skl_dl_end(v->dl);
		}
	}
}

static void draw_zoom(skv *v, grp *g, const strip *main, int w)
{
	const zwin *zw = &g->zw[w];
	strip z;
	float top = g->extra_y + floorf(34 * v->u), lanes = floorf(21 * v->u), fs = floorf(13 * v->u);
	float wx0 = stx(main, zw->lo), wx1 = stx(main, zw->hi), t = fmaxf(2 * v->u, 1.5f);
	char cap[128];
	memset(&z, 0, sizeof(z));
	z.zoom = w + 1;
	z.lo = zw->lo;
	z.hi = zw->hi;
	z.x0 = zw->x0;
	z.bpp = zw->bpp;
	z.y = top + (float)g->z_lanes * lanes + 10 * v->u;
	z.h = g->zh;
	/* the window on the bar and the guide lines to the strip */
	snprintf(v->key, sizeof(v->key), "%d:%d:zoom%s", v->o->obj, g->first, w ? "2" : "");
	snprintf(v->tip, sizeof(v->tip),
		 "zoom: bytes %lld-%lld of the head buffer, %.1f times wider than the bar above\n(the bar is to "
		 "scale; blocks too narrow for their names are labelled here)",
		 (long long)zw->lo, (long long)(zw->hi - 1), (double)(zw->bpp / v->bpp));
	skl_dl_begin(v->dl, v->key, v->tip);
	skl_dl_line(v->dl, wx0, main->y + main->h, zw->x0, z.y, C_INK3, 1);
	skl_dl_line(v->dl, wx1, main->y + main->h, zw->x1, z.y, C_INK3, 1);
	skl_dl_rect(v->dl, wx0 - t, main->y - t, wx1 - wx0 + 2 * t, main->h + 2 * t, 0, C_INK, t);
	snprintf(cap, sizeof(cap), "zoom \xc3\x97%.0f \xc2\xb7 bytes %lld-%lld", (double)(zw->bpp / v->bpp),
		 (long long)zw->lo, (long long)(zw->hi - 1));
	text_fit(v, zw->x0, z.y + z.h + floorf(22 * v->u), zw->x1 - zw->x0, floorf(20 * v->u), cap, fs,
		 SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	skl_dl_end(v->dl);
	skl_dl_rect(v->dl, zw->x0, z.y, zw->x1 - zw->x0, z.h, C_BG, 0, 0);
	draw_parts(v, g, &z);
	/* torn ends where the buffer goes on */
	{
		int e;
		for (e = 0; e < 2; e++) {
			float x = e ? zw->x1 - 8 * v->u : zw->x0 + 8 * v->u;
			if ((e == 0 && zw->lo <= g->lo) || (e == 1 && zw->hi >= g->hi))
				continue;
			skl_dl_line(v->dl, x + 5 * v->u, z.y - 4 * v->u, x - 5 * v->u, z.y + z.h + 4 * v->u, C_BG,
				    6 * v->u);
			skl_dl_line(v->dl, x + 8 * v->u, z.y - 4 * v->u, x - 2 * v->u, z.y + z.h + 4 * v->u, C_INK3, 1);
			skl_dl_line(v->dl, x + 2 * v->u, z.y - 4 * v->u, x - 8 * v->u, z.y + z.h + 4 * v->u, C_INK3, 1);
		}
	}
	draw_ruler(v, &z, zw->lo, zw->hi, z.y + z.h, NULL, 0, g->first);
	draw_labels(v, &z, (plabel *)zw->zl, zw->nzl, top, lanes, g->z_lanes, 0, fs, z.y);
}

/* The GSO skb's segment boundaries on its frag boxes: a tick every
 * gso_size bytes of payload (where skb_segment, or the NIC's TSO, cuts),
 * and a line saying so under the boxes (for a GRO packet: the frames
 * merged and the frag_list). The payload in the head (after the TCP
 * header) comes first, as skb_segment counts it. */
static void draw_gso_cuts(skv *v, grp *g, const skl_skb_snap *s, float ry0, float fh)
{
	float fs2 = floorf(13 * v->u), lw = fmaxf(1.5f * v->u, 1.2f), tk = floorf(7 * v->u);
	uint64_t start = 0, b;
	int i, r;
	char l[160];
	for (r = 0; r < s->nregions; r++) /* linear payload: from the TCP header's end to tail */
		if (!strcmp(s->regions[r].name, "tcphdr") && s->regions[r].off + s->regions[r].len < s->tail)
			start = s->tail - (s->regions[r].off + s->regions[r].len);
	snprintf(v->key, sizeof(v->key), "%d:%d:gso", v->o->obj, g->fsnap);
	if (s->gro_count || s->frag_list_n)
		snprintf(v->tip, sizeof(v->tip),
			 "GRO: %d frames merged; each frame's payload became a frag here (skb_gro_receive), and once "
			 "frags[] was full whole frames went on frag_list: %d skbs holding %u of data_len",
			 s->gro_count ? s->gro_count : (int)s->gso_segs, s->frag_list_n, s->frag_list_len);
	else
		snprintf(
		    v->tip, sizeof(v->tip),
		    "gso_size %u, gso_segs %u: skb_segment (or the NIC, with TSO) cuts the payload every %u bytes, "
		    "at the ticks; each segment gets a copy of the headers and references to these pages, and one "
		    "whose bytes cross a frag edge takes two frags",
		    s->gso_size, s->gso_segs, s->gso_size);
	skl_dl_begin(v->dl, v->key, v->tip);
	for (i = 0; i < g->nf && s->gso_segs > 1; i++) {
		uint32_t sz = frag_at(s, i);
		float y = ry0 + (float)g->fbrow[i] * floorf(42 * v->u);
		b = (start / s->gso_size + 1) * s->gso_size;
		for (; b < start + sz; b += s->gso_size) {
			float x = g->fbx[i] + (float)(b - start) * g->fbw[i] / (float)sz;
			skl_dl_line(v->dl, x, y, x, y + tk, C_INK, lw);
			skl_dl_line(v->dl, x, y + fh - tk, x, y + fh, C_INK, lw);
		}
		start += sz;
	}
	if (s->frag_list_n)
		snprintf(l, sizeof(l), "frag_list: %d skbs, %u B more%s", s->frag_list_n, s->frag_list_len,
			 s->gro_count ? " (GRO)" : "");
	else if (s->gro_count)
		snprintf(l, sizeof(l), "GRO: %d frames merged, gso_size %u", s->gro_count, s->gso_size);
	else if (s->gso_segs > 1)
		snprintf(l, sizeof(l), "gso_size %u: %u segments, cut at the ticks", s->gso_size, s->gso_segs);
	else
		snprintf(l, sizeof(l), "gso_size %u, gso_segs %u", s->gso_size, s->gso_segs);
	text_fit(v, g->fx0, ry0 + (float)g->frows * floorf(42 * v->u) - 2 * v->u, g->fx1 - g->fx0, floorf(20 * v->u), l,
		 fs2, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(v->dl);
}

static void draw_frags(skv *v, grp *g, const strip *main)
{
	const skl_skb_snap *s;
	float top = g->extra_y + floorf(26 * v->u), fs = floorf(14 * v->u), fs2 = floorf(13 * v->u);
	float fh = floorf(34 * v->u), ry0 = top + floorf(44 * v->u), cx = g->cx, lw = fmaxf(2 * v->u, 1.5f);
	char l1[160], l2[160];
	uint64_t sum = 0;
	int i;
	if (g->fsnap < 0)
		return;
	s = &v->s[g->fsnap];
	for (i = 0; i < g->nf; i++)
		sum += frag_at(s, i);
	snprintf(l1, sizeof(l1), "frags[]: %d paged %s, %llu B = data_len", s->nr_frags,
		 s->nr_frags == 1 ? "frag" : "frags", (unsigned long long)sum);
	snprintf(l2, sizeof(l2), "len %u = %lld in the head + %u paged", s->len, (long long)fig_value(s, F_HEADLEN),
		 s->data_len);
	snprintf(v->key, sizeof(v->key), "%d:%d:frags", v->o->obj, g->fsnap);
	snprintf(v->tip, sizeof(v->tip),
		 "skb_shared_info.frags[]: %d page %s holding %llu bytes of %s's packet\nlen %u = headlen %lld "
		 "(linear, in the head) + data_len %u (paged)%s",
		 s->nr_frags, s->nr_frags == 1 ? "fragment" : "fragments", (unsigned long long)sum, sname(s), s->len,
		 (long long)fig_value(s, F_HEADLEN), s->data_len,
		 g->fscale < v->bpp * 0.98f ? "\nthe frags are drawn smaller than the head buffer's scale" : "");
	skl_dl_begin(v->dl, v->key, v->tip);
	/* the connector from shinfo down to the frags */
	skl_dl_line(v->dl, cx, main->y + main->h, cx, top - 6 * v->u, C_INK2, lw);
	if (cx < g->fx0 || cx > g->fx1) {
		float ex = cx < g->fx0 ? g->fx0 + 10 * v->u : g->fx1 - 10 * v->u;
		skl_dl_line(v->dl, cx, top - 6 * v->u, ex, top - 6 * v->u, C_INK2, lw);
		cx = ex;
	}
	skl_dl_rect(v->dl, cx - 3 * v->u, top - 9 * v->u, 6 * v->u, 6 * v->u, C_INK2, 0, 0);
	text_fit(v, g->fx0, top, g->fx1 - g->fx0, floorf(22 * v->u), l1, fs, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	text_fit(v, g->fx0, top + floorf(21 * v->u), g->fx1 - g->fx0, floorf(20 * v->u), l2, fs2, SKL_FONT_REGULAR,
		 SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(v->dl);
	for (i = 0; i < g->nf; i++) {
		float y = ry0 + (float)g->fbrow[i] * floorf(42 * v->u), x = g->fbx[i], w = g->fbw[i];
		char n[16], b[32];
		snprintf(n, sizeof(n), "[%d]", i);
		snprintf(b, sizeof(b), "%u B", frag_at(s, i));
		snprintf(v->key, sizeof(v->key), "%d:%d:frag:%d", v->o->obj, g->fsnap, i);
		snprintf(v->tip, sizeof(v->tip),
			 "frags[%d]: %u bytes in a page (skb_frag_t: page, offset, size)\npart of data_len %u; not in "
			 "the head buffer, so not between data and tail",
			 i, frag_at(s, i), s->data_len);
		if (i < 18 && s->frag_page[i])
			skl__catf(v->tip, sizeof(v->tip), "\nbytes %u-%u of the page block at %#llx", s->frag_off[i],
				  s->frag_off[i] + frag_at(s, i) - 1, (unsigned long long)s->frag_page[i]);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, x, y, w, fh, skl_view_skb_fill(SKL_SKB_FRAG), skl_view_skb_stroke(SKL_SKB_FRAG), 1);
		{
			char both[48];
			const char *lab;
			snprintf(both, sizeof(both), "%s %s", n, b);
			lab = w >= skl_dl_text_width(both, fs2) + 10 * v->u ? both
			      : w >= skl_dl_text_width(b, fs2) + 10 * v->u  ? b
									    : n;
			text_fit(v, x + 3, y, w - 6, fh, lab, fs2, SKL_FONT_BOLD, SKL_ALIGN_CENTER, C_INK);
		}
		skl_dl_end(v->dl);
	}
	v->used[SKL_SKB_FRAG] = 1;
	if (snap_gso(s) && g->nf)
		draw_gso_cuts(v, g, s, ry0, fh);
}

static void draw_panic(skv *v, grp *g)
{
	const skl_skb_snap *s;
	float x = v->bx0, w = v->x + v->w - x, y = g->panic_y + 12 * v->u, fs = panic_fs(v), lh = floorf(21 * v->u);
	float bh = fmaxf((float)g->npl * lh, 34 * v->u) + 16 * v->u, cfs = floorf(18 * v->u);
	float chip = skl_dl_text_width("PANIC", cfs) + 28 * v->u;
	int i;
	if (g->psnap < 0 || !g->npl)
		return;
	s = &v->s[g->psnap];
	snprintf(v->key, sizeof(v->key), "%d:%d:panic", v->o->obj, g->psnap);
	snprintf(v->tip, sizeof(v->tip),
		 "%s panicked in %s\n%s\nthe kernel prints this line and BUG()s: tail and len already include "
		 "the put (the check runs after the update)",
		 sname(s), s->last_op[0] ? s->last_op : "the last operation", s->panic);
	skl_dl_begin(v->dl, v->key, v->tip);
	skl_dl_rect(v->dl, x, y, w, bh, C_RED_BG, C_RED, fmaxf(3 * v->u, 2));
	skl_dl_rect(v->dl, x, y, chip, bh, C_RED, 0, 0);
	skl__text(v->dl, x, y, chip, bh, "PANIC", cfs, SKL_FONT_BOLD, SKL_ALIGN_CENTER, C_BG);
	for (i = 0; i < g->npl; i++)
		skl__text(v->dl, x + chip + 14 * v->u, y + (bh - (float)g->npl * lh) / 2 + (float)i * lh,
			  w - chip - 20 * v->u, lh, g->pl[i], fs, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_RED_INK);
	skl_dl_end(v->dl);
}

static void draw_group(skv *v, grp *g)
{
	const skl_skb_snap *f = &v->s[g->first];
	strip st;
	float avoid[MAXL + 2];
	int nav = 0, i;
	memset(&st, 0, sizeof(st));
	st.x0 = v->xb0;
	st.lo = v->glo;
	st.hi = v->ghi;
	st.bpp = v->bpp;
	st.y = g->bar_y;
	st.h = v->bar_h;
	if (v->ng > 1) {
		char t[256], a[40];
		skl__skbv_addr_text(f, 0, a, sizeof(a));
		t[0] = 0;
		for (i = 0; i < g->n; i++)
			skl__catf(t, sizeof(t), "%s%s", i ? " + " : "", sname(&v->s[g->mem[i]]));
		skl__catf(t, sizeof(t), " \xc2\xb7 head %s", a);
		if (f->last_op[0])
			skl__catf(t, sizeof(t), " \xc2\xb7 after %s", f->last_op);
		snprintf(v->key, sizeof(v->key), "%d:%d:title", v->o->obj, g->first);
		skl_dl_begin(v->dl, v->key, NULL);
		text_fit(v, v->x, g->y, v->w, floorf(26 * v->u), t, floorf(17 * v->u), SKL_FONT_BOLD, SKL_ALIGN_LEFT,
			 C_INK);
		skl_dl_end(v->dl);
	}
	draw_panel(v, g);
	draw_alloc(v, g);
	draw_parts(v, g, &st);
	for (i = 0; i < g->nbot; i++)
		avoid[nav++] = g->bot[i].ax;
	if (g->fsnap >= 0)
		avoid[nav++] = g->cx;
	draw_ruler(v, &st, g->lo, g->hi, g->ruler_y, avoid, nav, g->first);
	draw_spans(v, g, &st);
	for (i = 0; i < g->nz; i++)
		draw_zoom(v, g, &st, i);
	draw_frags(v, g, &st);
	draw_labels(v, &st, g->top, g->ntop, g->lanes_y, v->lane_h, g->top_lanes, 0, v->fs_ptr, g->bar_y);
	draw_labels(v, &st, g->bot, g->nbot, g->bot_y, v->lane_h, g->bot_lanes, 1, v->fs_ptr, g->bar_y + v->bar_h);
	draw_boxes(v, g);
	draw_panic(v, g);
}

/* ---- header and legend ---------------------------------------------------------------- */

static void draw_header(skv *v)
{
	const skl_skb_snap *f = &v->s[0];
	char title[256], facts[512], line[640], a[40];
	float ts = floorf(28 * v->u), ss = floorf(17 * v->u), os = floorf(21 * v->u), tw, y = v->y;
	const char *op = NULL;
	char ops[512];
	int i, panicked = 0, differ = 0;
	if (v->o->title && *v->o->title)
		snprintf(title, sizeof(title), "%s", v->o->title);
	else {
		title[0] = 0;
		for (i = 0; i < v->n && i < MAXS; i++)
			skl__catf(title, sizeof(title), "%s%s", i ? " + " : "", sname(&v->s[i]));
	}
	/* the last operation: one, or each snapshot's when they differ */
	ops[0] = 0;
	for (i = 0; i < v->n && i < MAXS; i++) {
		if (!v->s[i].last_op[0])
			continue;
		if (!op)
			op = v->s[i].last_op;
		else if (strcmp(op, v->s[i].last_op))
			differ = 1;
		panicked |= v->s[i].panic[0] != 0;
	}
	if (differ) {
		for (i = 0; i < v->n && i < MAXS; i++)
			if (v->s[i].last_op[0])
				skl__catf(ops, sizeof(ops), "%s%s: %s", ops[0] ? "  \xc2\xb7  " : "", sname(&v->s[i]),
					  v->s[i].last_op);
		op = ops;
	}
	facts[0] = 0;
	skl__catf(facts, sizeof(facts), "struct sk_buff%s \xc2\xb7 Linux %s", v->n > 1 ? "s" : "",
		  f->era[0] ? f->era : "?");
	if (v->ng == 1 && f->head_cache[0])
		skl__catf(facts, sizeof(facts), " \xc2\xb7 head from %s", f->head_cache);
	if (v->ng == 1 && v->g[0].n > 1)
		skl__catf(facts, sizeof(facts), " \xc2\xb7 %d sk_buffs share one head, dataref %u", v->g[0].n,
			  f->dataref);
	snprintf(v->tip, sizeof(v->tip), "%s\n%s", title, facts);
	if (op)
		skl__catf(v->tip, sizeof(v->tip), "\nlast operation: %s", op);
	snprintf(v->key, sizeof(v->key), "%d:header", v->o->obj);
	skl_dl_begin(v->dl, v->key, v->tip);
	text_fit(v, v->x, y, v->w, floorf(34 * v->u), title, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	tw = fminf(skl_dl_text_width(title, ts), v->w);
	if (tw + 20 * v->u + skl_dl_text_width(facts, ss) <= v->w)
		skl__text(v->dl, v->x + tw + 18 * v->u, y + 3 * v->u, v->w - tw - 18 * v->u, floorf(34 * v->u), facts,
			  ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	y += floorf(34 * v->u);
	/* the last operation, as the subtitle */
	if (op) {
		snprintf(line, sizeof(line), "%s%s", op, panicked ? "  \xe2\x86\x92  PANIC" : "");
		text_fit(v, v->x, y, v->w, floorf(30 * v->u), line, os, SKL_FONT_BOLD, SKL_ALIGN_LEFT,
			 panicked ? C_RED_INK : C_INK2);
	}
	y += floorf(30 * v->u);
	line[0] = 0;
	if (v->ng == 1) {
		const grp *g = &v->g[0];
		skl__skbv_addr_text(f, 0, a, sizeof(a));
		skl__catf(line, sizeof(line), "head %s \xc2\xb7 %lld B = %lld to end + %lld skb_shared_info", a,
			  (long long)g->total, (long long)g->end, (long long)g->shinfo);
		if (g->slack)
			skl__catf(line, sizeof(line), " + %lld slack", (long long)g->slack);
		skl__catf(line, sizeof(line), " \xc2\xb7 tail/end are %s",
			  f->offsets ? "offsets from head (64-bit)" : "pointers");
	} else {
		skl__catf(line, sizeof(line), "%d head buffers, drawn at one scale: a byte is as wide in each", v->ng);
	}
	text_fit(v, v->x, y, v->w, floorf(24 * v->u), line, floorf(ss * 0.9f), SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
		 C_INK3);
	skl_dl_end(v->dl);
}

static void legend_swatch(skv *v, skl_skb_mark m, float x, float y, float w, float h)
{
	skl_color fill = skl_view_skb_fill(m), hue = skl_view_skb_stroke(m);
	if (m == SKL_SKB_HEADROOM || m == SKL_SKB_TAILROOM || m == SKL_SKB_SLACK)
		skl_dl_hatch(v->dl, x, y, w, h, fill, hue, 4);
	else
		skl_dl_rect(v->dl, x, y, w, h, fill, 0, 0);
	skl_dl_rect(v->dl, x, y, w, h, 0, hue, 1);
}

static void draw_legend(skv *v, float x, float y, float w)
{
	float ls = floorf(15 * v->u), sw = floorf(22 * v->u), sh = floorf(15 * v->u), cx = x, lh = floorf(34 * v->u);
	int m;
	for (m = 0; m < SKL_SKB_MARK_COUNT_; m++) {
		const char *name = marks[m].name;
		float ew = sw + 7 * v->u + skl_dl_text_width(name, ls) + 20 * v->u;
		if (!v->used[m])
			continue;
		if (cx + ew > x + w + 20 * v->u)
			break;
		snprintf(v->key, sizeof(v->key), "%d:legend:%s", v->o->obj, name);
		skl_dl_begin(v->dl, v->key, NULL);
		legend_swatch(v, (skl_skb_mark)m, cx, y + (lh - sh) / 2, sw, sh);
		skl__text(v->dl, cx + sw + 7 * v->u, y, ew - sw, lh, name, ls, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
			  C_INK2);
		skl_dl_end(v->dl);
		cx += ew;
	}
}

/* ---- the packet-bytes pane ------------------------------------------------------------ */

/* The last region of g holding byte b (from head): the one drawn on top on
 * the bar; -1 when none does. */
static int region_at(const grp *g, int64_t b)
{
	int j;
	for (j = g->nreg - 1; j >= 0; j--)
		if (b >= g->reg[j].off && b < g->reg[j].end)
			return j;
	return -1;
}

/* Opens the hover group of region j's bytes (the block's id), or of the
 * bytes in no region when j < 0; first..last are packet offsets. */
static void bytes_group(skv *v, const grp *g, const skl_skb_snap *s, int j, int64_t first, int64_t last)
{
	if (j < 0) {
		snprintf(v->key, sizeof(v->key), "%d:%d:bytes:other", v->o->obj, v->bsnap);
		snprintf(v->tip, sizeof(v->tip),
			 "packet bytes %lld-%lld (head + %lld): in no header the scenario named", (long long)first,
			 (long long)last, (long long)(s->bytes_from + first));
		skl_dl_begin(v->dl, v->key, v->tip);
		return;
	}
	snprintf(v->key, sizeof(v->key), "%d:%d:bytes:region:%d", v->o->obj, g->reg[j].s, g->reg[j].i);
	skl_view_skb_region_tooltip(&v->s[g->reg[j].s], g->reg[j].i, v->tip, sizeof(v->tip));
	{
		char t[64];
		int64_t a, b;
		skl__skbv_band_label(v, g, s, j, t, sizeof(t), &a, &b);
		skl__catf(v->tip, sizeof(v->tip), "\npacket bytes %lld-%lld (0x%04llx-0x%04llx in the dump)",
			  (long long)a, (long long)(b - 1), (unsigned long long)a, (unsigned long long)(b - 1));
	}
	skl_dl_rejoin(v->dl, g->reg_id[j], v->key, v->tip);
}

/* The x of byte k (0-15) of a row: its hex pair, its character. */
static float hex_x(const skv *v, float x0, int k)
{
	return x0 + (6 + 3 * (float)k + (k >= 8 ? 1 : 0)) * v->bcell;
}

static float asc_x(const skv *v, float x0, int k)
{
	return x0 + (6 + 48 + 1 + 2 + (float)k + (k >= 8 ? 1 : 0)) * v->bcell;
}

/* The bands' legend: a swatch and "iphdr 14-33" for each region in the
 * bytes, flowing in lines from (x, y) in w. */
static void bytes_legend(skv *v, const grp *g, const skl_skb_snap *s, float x, float y, float w)
{
	float ls = skl__fs(v->dl, floorf(14 * v->u)), sw = floorf(22 * v->u), sh = floorf(14 * v->u), cx = x;
	int order[MAXR], o, any = 0, line = 0;
	skl__skbv_reg_order(g, order);
	for (o = 0; o < g->nreg; o++) {
		int j = order[o];
		const skl_skb_region *r = &v->s[g->reg[j].s].regions[g->reg[j].i];
		int64_t a, b;
		char t[64];
		float ew, ly;
		if (!skl__skbv_band_label(v, g, s, j, t, sizeof(t), &a, &b))
			continue;
		ew = sw + 7 * v->u + skl_dl_text_width(t, ls) + 18 * v->u;
		if (any && cx + ew > x + w) {
			if (++line >= v->bleg_lines)
				break;
			cx = x;
		}
		ly = y + (float)line * v->brh;
		bytes_group(v, g, s, j, a, b - 1);
		skl_dl_rect(v->dl, cx, ly + (v->brh - sh) / 2, sw, sh, skl_view_skb_region_fill(r),
			    skl_view_skb_region_stroke(r), 1);
		skl__text(v->dl, cx + sw + 7 * v->u, ly, ew - sw - 7 * v->u, v->brh, t, ls, SKL_FONT_REGULAR,
			  SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(v->dl);
		cx += ew;
		any = 1;
	}
}

/* The pane from y: a title, then rows of 16 bytes as Wireshark's bytes
 * pane prints them ("0000  45 00 00 3c ...  E..<..@."), each region's
 * bytes on a band in its block's colour, and the bands' legend. */
static void draw_bytes(skv *v, float y)
{
	const grp *g = &v->g[v->bgrp];
	const skl_skb_snap *s = &v->s[v->bsnap];
	float x0 = v->bx0, ch = v->bcell, rh = v->brh, fs = v->bfs, ty, ry;
	uint32_t shown = (uint32_t)v->brows * 16 < s->nbytes ? (uint32_t)v->brows * 16 : s->nbytes;
	int64_t mac = s->mac_header, data = data_of(s);
	char t[256];
	int row, k;
	y += 8 * v->u;
	/* the title: whose bytes, from where, how many */
	snprintf(t, sizeof(t), "packet bytes \xc2\xb7 %s \xc2\xb7 %u B from %s (head + %u) to tail", sname(s),
		 s->bytes_total, mac >= 0 && mac == (int64_t)s->bytes_from ? "the mac header" : "data", s->bytes_from);
	if (shown < s->bytes_total)
		skl__catf(t, sizeof(t), " \xc2\xb7 first %u of %u bytes shown", shown, s->bytes_total);
	snprintf(v->key, sizeof(v->key), "%d:%d:bytes", v->o->obj, v->bsnap);
	snprintf(v->tip, sizeof(v->tip),
		 "%s's linear bytes as the head buffer holds them, from %s to tail, 16 a row: offsets in hex from "
		 "the first byte (as Wireshark's bytes pane counts them), the bytes in hex, then as ASCII (. for "
		 "bytes that do not print)\nhead + %u .. head + %u; data is head + %lld%s",
		 sname(s), mac >= 0 && mac == (int64_t)s->bytes_from ? "skb_mac_header()" : "skb->data", s->bytes_from,
		 s->bytes_from + s->bytes_total - 1, (long long)data,
		 shown < s->bytes_total ? "\nthe snapshot keeps the first 256 bytes; rows that do not fit are left out"
					: "");
	skl_dl_begin(v->dl, v->key, v->tip);
	skl__text(v->dl, x0, y, v->x + v->w - x0, ceilf(rh * 1.3f), t, skl__fs(v->dl, floorf(15 * v->u)), SKL_FONT_BOLD,
		  SKL_ALIGN_LEFT, C_INK);
	skl_dl_end(v->dl);
	ty = y + ceilf(rh * 1.3f);
	for (row = 0; row < v->brows; row++) {
		uint32_t b0 = (uint32_t)row * 16;
		int n = (int)(shown - b0 < 16 ? shown - b0 : 16);
		ry = ty + (float)row * rh;
		snprintf(t, sizeof(t), "%04x", b0);
		skl_dl_text(v->dl, x0, ry, 4 * ch + 2, rh, t, fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
		for (k = 0; k < n;) {
			int j = region_at(g, (int64_t)s->bytes_from + b0 + (uint32_t)k), e = k, q;
			float hx0, hx1, ax0, ax1;
			while (e < n && region_at(g, (int64_t)s->bytes_from + b0 + (uint32_t)e) == j)
				e++;
			bytes_group(v, g, s, j, b0 + (uint32_t)k, b0 + (uint32_t)e - 1);
			hx0 = hex_x(v, x0, k) - 0.5f * ch;
			hx1 = hex_x(v, x0, e - 1) + 2.5f * ch;
			ax0 = asc_x(v, x0, k);
			ax1 = asc_x(v, x0, e - 1) + ch;
			if (j >= 0) {
				const skl_skb_region *r = &v->s[g->reg[j].s].regions[g->reg[j].i];
				skl_color fill = skl_view_skb_region_fill(r), edge = skl_view_skb_region_stroke(r);
				float lw = fmaxf(2 * v->u, 1.5f);
				int64_t hb0 = (int64_t)s->bytes_from + b0 + (uint32_t)k;
				int64_t hb1 = (int64_t)s->bytes_from + b0 + (uint32_t)e;
				skl_dl_rect(v->dl, hx0, ry + 1, hx1 - hx0, rh - 2, fill, 0, 0);
				skl_dl_rect(v->dl, ax0, ry + 1, ax1 - ax0, rh - 2, fill, 0, 0);
				/* a rule where the region starts and where it ends (in the
				 * hex columns, which have room for it between the pairs) */
				if (hb0 == g->reg[j].off)
					skl_dl_line(v->dl, hx0 + lw / 2, ry + 1, hx0 + lw / 2, ry + rh - 1, edge, lw);
				if (hb1 == g->reg[j].end)
					skl_dl_line(v->dl, hx1 - lw / 2, ry + 1, hx1 - lw / 2, ry + rh - 1, edge, lw);
			} else {
				/* hoverable, not shaded */
				skl_dl_rect(v->dl, hx0, ry + 1, hx1 - hx0, rh - 2, 0, 0, 0);
				skl_dl_rect(v->dl, ax0, ry + 1, ax1 - ax0, rh - 2, 0, 0, 0);
			}
			for (q = k; q < e; q++) {
				uint8_t c = s->bytes[b0 + (uint32_t)q];
				char hx[4], as[2];
				snprintf(hx, sizeof(hx), "%02x", c);
				as[0] = c >= 0x20 && c < 0x7f ? (char)c : '.';
				as[1] = 0;
				skl_dl_text(v->dl, hex_x(v, x0, q), ry, 2 * ch + 2, rh, hx, fs, SKL_FONT_REGULAR,
					    SKL_ALIGN_LEFT, C_INK);
				skl_dl_text(v->dl, asc_x(v, x0, q), ry, ch + 2, rh, as, fs, SKL_FONT_REGULAR,
					    SKL_ALIGN_LEFT, C_INK);
			}
			skl_dl_end(v->dl);
			k = e;
		}
	}
	if (v->bleg_beside)
		bytes_legend(v, g, s, x0 + 77 * ch, ty, v->x + v->w - (x0 + 77 * ch));
	else
		bytes_legend(v, g, s, x0, ty + (float)v->brows * rh + 4 * v->u, v->x + v->w - x0);
}

/* ---- entry point ----------------------------------------------------------------------- */

int skl_view_skb(skl_dl *dl, const skl_skb_snap *snaps, int n, const skl_view_skb_opts *opts)
{
	skl_view_skb_opts dflt;
	skv *v;
	int i;
	if (!opts) {
		memset(&dflt, 0, sizeof(dflt));
		opts = &dflt;
	}
	if (!snaps || n <= 0)
		return 0;
	v = skl_calloc(1, sizeof(*v));
	if (!v)
		return -1;
	v->dl = dl;
	v->s = snaps;
	v->n = n > MAXS ? MAXS : n;
	v->o = opts;
	skl__view_box(dl, opts->x, opts->y, opts->w, opts->h, &v->x, &v->y, &v->w, &v->h);
	v->u = skl__view_scale(dl, opts->text_scale);
	skl__skbv_plan(v);

	if (!opts->no_header)
		draw_header(v);
	{
		/* buffers that do not fit the room are named, not drawn over
		 * what is below it */
		float bottom = v->y + v->h - v->legend_h, end = v->top;
		int shown = 0;
		char more[512] = "";
		for (i = 0; i < v->ng; i++) {
			if (i > 0 && v->g[i].y + v->g[i].h > bottom + 1) {
				skl__catf(more, sizeof(more), "%s%s", more[0] ? ", " : "", v->s[v->g[i].first].name);
				continue;
			}
			draw_group(v, &v->g[i]);
			end = fmaxf(end, v->g[i].y + v->g[i].h);
			shown++;
		}
		if (more[0]) {
			char t[640];
			snprintf(t, sizeof(t),
				 "not drawn here for want of room: %s (a larger window, or a smaller "
				 "presentation caption, shows %s)",
				 more, shown == v->ng - 1 ? "it" : "them");
			skl_dl_begin(dl, "skb:more", t);
			skl__text(dl, v->bx0, end + 4 * v->u, v->x + v->w - v->bx0, v->legend_h, t, floorf(13 * v->u),
				  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
			skl_dl_end(dl);
			end += v->legend_h;
		}
		/* the legend under the picture (at the bottom when that is nearer);
		 * the packet bytes under it */
		if (!opts->no_legend && !v->drop_legend) {
			float ly = v->y + v->h - floorf(34 * v->u) - v->bpane_h;
			draw_legend(v, v->bx0, fminf(ly, end), v->x + v->w - v->bx0);
			end = fminf(ly, end) + v->legend_h;
		}
		if (v->bsnap >= 0 && v->brows > 0 && !more[0])
			draw_bytes(v, fminf(end, v->y + v->h - v->bpane_h));
	}
	i = skl_dl_failed(dl) ? -1 : 0;
	skl_free(v);
	return i;
}
