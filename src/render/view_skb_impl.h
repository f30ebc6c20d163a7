/*
 * view_skb_impl.h - what the skb view's two passes share, private to
 * view_skb_plan.c (the plan: scale, pointer label lanes, zoom windows,
 * frag boxes, heights) and view_skb.c (the drawing, which only reads the
 * plan, and the palette): the plan's types, the view's inks and limits,
 * and the small readers of a snapshot's values.
 */
#ifndef SKLAB_RENDER_VIEW_SKB_IMPL_H
#define SKLAB_RENDER_VIEW_SKB_IMPL_H

#include "view_util.h"
#include "view_skb.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* ---- inks and limits ---------------------------------------------------------------- */

#define C_EDGE SKL_HEX(0x3b424c)
#define C_CHIP SKL_HEX(0xf4f5f7)
#define C_RED SKL_HEX(0xd7301f)
#define C_RED_INK SKL_HEX(0x99000d)
#define C_RED_BG SKL_HEX(0xfee5d9)

#define MAXS 16 /* snapshots drawn */
#define MAXG 6	/* buffers drawn */
#define MAXM 8	/* snapshots sharing one buffer */
#define MAXL 24 /* pointer labels per side */
#define MAXR 64 /* regions per buffer */
#define MAXF 18 /* frags */
#define MAXZ 2	/* zoom windows per buffer */

/* ---- reading a snapshot ---------------------------------------------------------- */

static inline int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

static inline int64_t max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

/* Offsets are bytes from head, read as signed 32-bit: an underrun is < 0. */
static inline int64_t sv32(uint32_t v)
{
	return (int64_t)(int32_t)v;
}

/* data - head: the model keeps an underrun in data_signed (data reads 0) */
static inline int64_t data_of(const skl_skb_snap *s)
{
	return s->data_signed < 0 ? (int64_t)s->data_signed : sv32(s->data);
}

/* The size of frag i: frag_len, or frag_size when there are more frags
 * than frag_len holds. */
static inline uint32_t frag_at(const skl_skb_snap *s, int i)
{
	if (s->nr_frags > 17)
		return i < 18 ? s->frag_size[i] : 0;
	return i >= 0 && i < 17 ? s->frag_len[i] : 0;
}

static inline const char *sname(const skl_skb_snap *s)
{
	return s->name[0] ? s->name : "skb";
}

static inline int prefix_ci(const char *s, const char *p)
{
	for (; *p; s++, p++) {
		char a = *s, b = *p;
		if (a >= 'A' && a <= 'Z')
			a = (char)(a - 'A' + 'a');
		if (a != b)
			return 0;
	}
	return 1;
}

static inline int is_shinfo_name(const char *n)
{
	return prefix_ci(n, "shinfo") || prefix_ci(n, "skb_shared_info");
}

static inline int is_data_name(const char *n)
{
	return !n[0] || prefix_ci(n, "payload") || prefix_ci(n, "data") || prefix_ci(n, "user");
}

static inline int era_modern(const skl_skb_snap *s)
{
	return s->era[0] >= '3' && s->era[0] <= '9';
}

/* ---- the plan ------------------------------------------------------------------ */

/* Region i of snapshot s: bytes [off, end) from head. */
typedef struct rref {
	int s, i;
	int64_t off, end;
} rref;

/* A pointer's label: "data 0xffff888104a3c04a" with an arrow to the bar. */
typedef struct plabel {
	float ax;      /* the arrow's x */
	float w, nw;   /* box width; the name's width */
	float lx;      /* box left (placed) */
	int lane;      /* 0 = next to the bar */
	char name[64]; /* "data", "clone.tail" */
	char val[48];  /* "0xffff888104a3c04a", "+0x1f4" */
	char part[24]; /* key part: "ptr:data" */
	char tip[512];
	skl_color ink;
	int snap;
} plabel;

/* A zoom window: bytes [lo, hi) drawn at bpp pixels a byte in [x0, x1]. */
typedef struct zwin {
	int64_t lo, hi;
	float x0, x1, bpp;
	plabel zl[MAXL];
	int nzl, lanes;
} zwin;

/* A buffer: the snapshots that share one head (mem[0 .. n), first the
 * lowest), its bytes and parts, and where each of its pieces goes. */
typedef struct grp {
	int first, mem[MAXM], n;
	int64_t lo, hi; /* the bytes drawn (may pass head or the allocation) */
	int64_t end, shinfo, total, slack;
	int64_t dmin, tmax; /* the union of the members' [data, tail) */
	rref reg[MAXR];
	int nreg;
	int reg_id[MAXR]; /* the hover id of each region's block on the bar */
	plabel top[MAXL], bot[MAXL];
	int ntop, nbot, top_lanes, bot_lanes;
	/* the zoom strips (up to MAXZ windows side by side) */
	zwin zw[MAXZ];
	int nz, z_lanes;
	float zx0, zx1, zh; /* the room they share; their height */
	/* paged frags */
	int fsnap, nf, frows;
	float fx0, fx1, fscale, cx; /* cx: the connector from shinfo */
	float fbx[MAXF], fbw[MAXF];
	int fbrow[MAXF];
	/* the panic box */
	int psnap, npl;
	char pl[6][256];
	/* vertical places */
	float y, alloc_y, lanes_y, bar_y, ruler_y, span_y, bot_y, extra_y, panic_y, h;
} grp;

/* The view: the snapshots, the room, the scale, the buffers' plans, and
 * scratch for keys and tooltips. */
typedef struct skv {
	skl_dl *dl;
	const skl_skb_snap *s;
	int n;
	const skl_view_skb_opts *o;
	float u, x, y, w, h;
	float box_w;	    /* sk_buff boxes at x */
	float bx0, bx1;	    /* the bar area */
	float px, pw;	    /* the figures panel */
	float lab_w, col_w; /* panel columns */
	float bpp, xb0;	    /* pixels per byte; x of byte glo */
	int64_t glo, ghi;
	float bar_h, lane_h, stem, fs_ptr, fs_tab, row_h;
	int allow_zoom;
	int drop_legend; /* no room for the legend: it goes before the zoom strip */
	float head_h, legend_h, top, bottom;
	/* the packet-bytes pane: snapshot bsnap's bytes (in buffer bgrp),
	 * brows rows of them at bfs pixels, bpane_h high; brows 0 = none */
	int bsnap, bgrp, brows, bleg_lines, bleg_beside;
	float bfs, brh, bpane_h, bcell;
	grp g[MAXG];
	int ng;
	int used[SKL_SKB_MARK_COUNT_];
	char key[256];
	char tip[4096];
} skv;

static inline float bytex(const skv *v, int64_t b)
{
	return v->xb0 + (float)(b - v->glo) * v->bpp;
}

static inline float box_h(const skv *v)
{
	return floorf(74 * v->u);
}

static inline float panic_fs(const skv *v)
{
	return floorf(15 * v->u);
}

/* The figures the panel lists, one row each (nr_frags only when a
 * snapshot has frags; gso_size, gso_segs and frag_list only when one is a
 * GSO or GRO skb). */
enum {
	F_LEN,
	F_DATA_LEN,
	F_HEADLEN,
	F_HEADROOM,
	F_TAILROOM,
	F_TRUESIZE,
	F_USERS,
	F_DATAREF,
	F_CLONED,
	F_NR_FRAGS,
	F_GSO_SIZE,
	F_GSO_SEGS,
	F_FRAG_LIST
};
/* Is s a GSO or GRO skb (the panel's last three rows)? */
static inline int snap_gso(const skl_skb_snap *s)
{
	return s->gso_size || s->gso_segs || s->frag_list_n || s->gro_count;
}

/* ---- view_skb_plan.c ---------------------------------------------------------------- */

/* Plans the view of v->s in v's room (dl, s, n, o, x, y, w, h and u set):
 * the buffers, then the tallest bar that fits; then no zoom; then smaller
 * type; spare height makes the bar taller, up to a point. */
void skl__skbv_plan(skv *v);
/* Region indexes of g in the order their bytes come (by offset). */
void skl__skbv_reg_order(const grp *g, int *order);
/* The pane's legend entry of region j of g for snapshot s's bytes,
 * "iphdr 14-33", in t; its bytes a..b-1 (from the first byte kept). 0 when
 * none of its bytes are kept. */
int skl__skbv_band_label(const skv *v, const grp *g, const skl_skb_snap *s, int j, char *t, size_t n, int64_t *a,
			 int64_t *b);
/* "0xffff888104a3c04a"; head + off for a pointer. */
void skl__skbv_addr_text(const skl_skb_snap *s, int64_t off, char *out, size_t outsz);
/* "bytes 74-87 (0x4a-0x57)" */
void skl__skbv_range_text(int64_t b0, int64_t b1, char *out, size_t outsz);

/* ---- view_skb.c ------------------------------------------------------------------- */

/* Snapshot s's own colour in buffer g: its box, its data and tail arrows. */
skl_color skl__skbv_ident_color(const grp *g, int s);
/* How many figures the panel lists for buffer g. */
int skl__skbv_fig_rows(const skv *v, const grp *g);
/* Figure f of s as the panel prints it ("yes", "1514"). */
void skl__skbv_fig_text(const skl_skb_snap *s, int f, char *out, size_t outsz);

#endif
