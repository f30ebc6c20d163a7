/*
 * view_skb_plan.c - the skb view's plan (see view_skb_impl.h): the
 * snapshots read into buffers, the scale, pointer labels placed in lanes,
 * the zoom windows, frag boxes, the panic box and the heights, shrunk
 * until they fit. Only numbers and text: nothing is drawn here; the
 * drawing in view_skb.c reads what this leaves in the plan.
 */
#include "view_skb_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small things -------------------------------------------------------------- */

/* The head allocation: buf_size, never less than end + shinfo. */
static int64_t total_of(const skl_skb_snap *s)
{
	int64_t t = (int64_t)s->end + s->shinfo_size;
	return (int64_t)s->buf_size > t ? (int64_t)s->buf_size : t;
}

/* "0xffff888104a3c04a"; head + off for a pointer. */
void skl__skbv_addr_text(const skl_skb_snap *s, int64_t off, char *out, size_t outsz)
{
	snprintf(out, outsz, "0x%llx", (unsigned long long)(s->head_addr + (uint64_t)off));
}

/* "+0x1f4", or "-0x6" before head */
static void off_hex(int64_t off, char *out, size_t outsz)
{
	if (off < 0)
		snprintf(out, outsz, "-0x%llx", (unsigned long long)-off);
	else
		snprintf(out, outsz, "+0x%llx", (unsigned long long)off);
}

/* "bytes 74-87 (0x4a-0x57)" */
void skl__skbv_range_text(int64_t b0, int64_t b1, char *out, size_t outsz)
{
	if (b1 <= b0)
		snprintf(out, outsz, "no bytes (at %lld)", (long long)b0);
	else if (b0 >= 0)
		snprintf(out, outsz, "bytes %lld-%lld (0x%llx-0x%llx)", (long long)b0, (long long)(b1 - 1),
			 (unsigned long long)b0, (unsigned long long)(b1 - 1));
	else
		snprintf(out, outsz, "bytes %lld to %lld from head", (long long)b0, (long long)(b1 - 1));
}

/* ---- buffers ------------------------------------------------------------------ */

int skl_view_skb_owner(const skl_skb_snap *snaps, int n, int i)
{
	int *comp, k, changed = 1, r;
	if (i < 0 || i >= n)
		return i;
	comp = skl_malloc((size_t)n * sizeof(int));
	if (!comp)
		return i;
	for (k = 0; k < n; k++)
		comp[k] = k;
	/* each snapshot takes the smallest index it is linked to, until stable */
	while (changed) {
		changed = 0;
		for (k = 0; k < n; k++) {
			int j = snaps[k].shared_with, m;
			if (j < 0 || j >= n || j == k)
				continue;
			m = comp[k] < comp[j] ? comp[k] : comp[j];
			if (comp[k] != m || comp[j] != m) {
				comp[k] = comp[j] = m;
				changed = 1;
			}
		}
	}
	r = comp[i];
	skl_free(comp);
	return r;
}

static void build_groups(skv *v)
{
	int i, k;
	v->ng = 0;
	for (i = 0; i < v->n; i++) {
		int owner = skl_view_skb_owner(v->s, v->n, i);
		grp *g = NULL;
		for (k = 0; k < v->ng; k++)
			if (v->g[k].first == owner)
				g = &v->g[k];
		if (!g) {
			if (v->ng == MAXG)
				continue;
			g = &v->g[v->ng++];
			memset(g, 0, sizeof(*g));
			g->first = owner;
			g->fsnap = g->psnap = -1;
		}
		if (g->n < MAXM)
			g->mem[g->n++] = i;
	}
}

/* The regions of a buffer: every member's, once each (a clone shares the
 * headers its original pushed), in order; "shinfo" ones left out. */
static void merge_regions(skv *v, grp *g)
{
	int k, i, j;
	g->nreg = 0;
	for (k = 0; k < g->n; k++) {
		const skl_skb_snap *s = &v->s[g->mem[k]];
		for (i = 0; i < s->nregions && i < 16; i++) {
			const skl_skb_region *r = &s->regions[i];
			int64_t off = sv32(r->off);
			int dup = 0;
			if (!r->len || is_shinfo_name(r->name))
				continue;
			for (j = 0; j < g->nreg; j++) {
				const skl_skb_region *q = &v->s[g->reg[j].s].regions[g->reg[j].i];
				if (g->reg[j].off == off && q->len == r->len && !strcmp(q->name, r->name))
					dup = 1;
			}
			if (dup || g->nreg == MAXR)
				continue;
			g->reg[g->nreg].s = g->mem[k];
			g->reg[g->nreg].i = i;
			g->reg[g->nreg].off = off;
			g->reg[g->nreg].end = off + (int64_t)r->len;
			g->nreg++;
		}
	}
}

static void group_extent(skv *v, grp *g)
{
	const skl_skb_snap *f = &v->s[g->first];
	int k, i;
	g->end = f->end;
	g->shinfo = f->shinfo_size;
	g->total = total_of(f);
	g->slack = g->total - g->end - g->shinfo;
	if (g->slack < 0)
		g->slack = 0;
	g->lo = 0;
	g->hi = g->total;
	g->dmin = INT64_MAX;
	g->tmax = INT64_MIN;
	for (k = 0; k < g->n; k++) {
		const skl_skb_snap *s = &v->s[g->mem[k]];
		int64_t d = data_of(s), t = sv32(s->tail);
		g->dmin = min64(g->dmin, d);
		g->tmax = max64(g->tmax, t);
		g->lo = min64(g->lo, d);
		g->hi = max64(g->hi, t);
		if (s->panic[0] && g->psnap < 0)
			g->psnap = g->mem[k];
		if (s->nr_frags > 0 && g->fsnap < 0)
			g->fsnap = g->mem[k];
	}
	merge_regions(v, g);
	for (i = 0; i < g->nreg; i++) {
		g->lo = min64(g->lo, g->reg[i].off);
		g->hi = max64(g->hi, g->reg[i].end);
	}
	/* nonsense values must not squeeze the buffer to nothing */
	g->lo = max64(g->lo, -g->total);
	g->hi = min64(g->hi, 2 * g->total + 64);
	if (g->tmax < g->dmin)
		g->tmax = g->dmin;
}

/* ---- pointer labels in lanes ------------------------------------------------------ */

static void label_set(skv *v, plabel *p, float ax, const char *name, const char *val, skl_color ink, int snap,
		      const char *part, float fs)
{
	memset(p, 0, sizeof(*p));
	p->ax = ax;
	snprintf(p->name, sizeof(p->name), "%s", name);
	snprintf(p->val, sizeof(p->val), "%s", val);
	snprintf(p->part, sizeof(p->part), "%s", part);
	p->ink = ink;
	p->snap = snap;
	p->nw = skl_dl_text_width(p->name, fs);
	p->w = p->nw + (val[0] ? skl_dl_text_width(" ", fs) + skl_dl_text_width(val, fs) : 0) + 10 * v->u;
}

/* Conflicts of label p in lane k at lx with the labels placed so far. */
static int conflicts(const skv *v, const plabel *L, const int *placed, int np, const plabel *p, int k, float lx,
		     const float *obst, int nobst)
{
	float gap = 8 * v->u;
	int j, bad = 0;
	for (j = 0; j < np; j++) {
		const plabel *q = &L[placed[j]];
		if (q->lane == k && lx < q->lx + q->w + gap && q->lx < lx + p->w + gap)
			bad++;
		if (q->lane > k && q->ax >= lx - gap / 2 && q->ax <= lx + p->w + gap / 2)
			bad++; /* q's arrow would cross p's box */
		if (q->lane < k && p->ax >= q->lx - gap / 2 && p->ax <= q->lx + q->w + gap / 2)
			bad++; /* p's arrow would cross q's box */
	}
	for (j = 0; j < nobst; j++)
		if (obst[j] >= lx - gap / 2 && obst[j] <= lx + p->w + gap / 2)
			bad++;
	return bad;
}

/* The box left of label p with anchor a: 0 = starting at its arrow,
 * 1 = ending at it, 2 = just right of it, 3 = just left of it. */
static float anchor_x(const skv *v, const plabel *p, int a, float xmin, float xmax)
{
	float lx = a == 0   ? p->ax - 4 * v->u
		   : a == 1 ? p->ax - p->w + 4 * v->u
		   : a == 2 ? p->ax + 7 * v->u
			    : p->ax - p->w - 7 * v->u;
	if (lx + p->w > xmax)
		lx = xmax - p->w;
	if (lx < xmin)
		lx = xmin;
	return lx;
}

/* One greedy placement, right to left, with a preference order of
 * (lane, anchor) candidates; returns its cost (conflicts first, then
 * lanes, then anchors away from the arrow). */
static int place_greedy(const skv *v, plabel *L, int n, const int *order, float xmin, float xmax, const float *obst,
			int nobst, int maxlanes, int variant, int *lanes_out)
{
	static const int anchors[4][4] = {{0, 1, 2, 3}, {0, 2, 1, 3}, {2, 0, 1, 3}, {0, 2, 1, 3}};
	int placed[MAXL], np = 0, i, lanes = 0, cost = 0;
	for (i = 0; i < n; i++) {
		plabel *p = &L[order[i]];
		int best = -1, best_lane = 0, best_a = 0, c, k, a;
		float best_lx = xmin;
		for (c = 0; c < 4 * maxlanes && best != 0; c++) {
			float lx;
			int bad, score, best_score;
			/* variant 1: an anchor in every lane before the next anchor */
			if (variant == 1) {
				k = c % maxlanes;
				a = anchors[1][c / maxlanes];
			} else {
				k = c / 4;
				a = anchors[variant][c % 4];
			}
			if (k >= maxlanes)
				continue;
			lx = anchor_x(v, p, a, xmin, xmax);
			bad = conflicts(v, L, placed, np, p, k, lx, obst, nobst);
			score = bad * 1000 + k * 10 + (a != 0);
			best_score = best * 1000 + best_lane * 10 + (best_a != 0);
			if (best < 0 || score < best_score) {
				best = bad;
				best_lane = k;
				best_a = a;
				best_lx = lx;
			}
		}
		p->lane = best_lane;
		p->lx = best_lx;
		placed[np++] = order[i];
		if (best_lane + 1 > lanes)
			lanes = best_lane + 1;
		cost += best * 1000 + (best_a != 0);
	}
	*lanes_out = lanes;
	return cost + lanes * 10;
}

/* Branch and bound over every (lane, anchor) of labels order[i..n):
 * what greedy placement misses when an early label's first choice blocks
 * a later one everywhere. Small n only. */
typedef struct lsearch {
	const skv *v;
	plabel *L;
	int n;
	const int *order;
	float xmin, xmax;
	const float *obst;
	int nobst, maxlanes;
	int placed[MAXL];
	int best_cost;
	int best_lane[MAXL];
	float best_lx[MAXL];
} lsearch;

static void search_labels(lsearch *S, int i, int cost, int lanes)
{
	int k, a;
	if (cost + lanes * 10 >= S->best_cost)
		return;
	if (i == S->n) {
		int j;
		S->best_cost = cost + lanes * 10;
		for (j = 0; j < S->n; j++) {
			S->best_lane[j] = S->L[S->order[j]].lane;
			S->best_lx[j] = S->L[S->order[j]].lx;
		}
		return;
	}
	for (k = 0; k < S->maxlanes; k++)
		for (a = 0; a < 4; a++) {
			plabel *p = &S->L[S->order[i]];
			float lx = anchor_x(S->v, p, a, S->xmin, S->xmax);
			int bad = conflicts(S->v, S->L, S->placed, i, p, k, lx, S->obst, S->nobst);
			p->lane = k;
			p->lx = lx;
			S->placed[i] = S->order[i];
			search_labels(S, i + 1, cost + bad * 1000 + (a != 0), lanes > k + 1 ? lanes : k + 1);
		}
}

/* Places labels in lanes (0 next to the bar) so that no two boxes
 * overlap and no arrow crosses a box: a few greedy orders of candidates,
 * the cheapest kept. Deterministic. Returns the lanes used. */
static int place_labels(const skv *v, plabel *L, int n, float xmin, float xmax, const float *obst, int nobst,
			int maxlanes)
{
	int order[MAXL], rev[MAXL], i, j, var, best = -1, best_var = 0, lanes = 0;
	if (n <= 0)
		return 0;
	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = 1; i < n; i++) /* by arrow x, right first; stable */
		for (j = i; j > 0 && L[order[j]].ax > L[order[j - 1]].ax; j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	/* right to left first; left to right when that places with fewer
	 * conflicts (a label pushed left by an obstacle can block the arrow
	 * of its left neighbour in every lane) */
	for (i = 0; i < n; i++)
		rev[i] = order[n - 1 - i];
	for (var = 0; var < 8; var++) {
		int cost =
		    place_greedy(v, L, n, var < 4 ? order : rev, xmin, xmax, obst, nobst, maxlanes, var % 4, &lanes);
		if (best < 0 || cost < best) {
			best = cost;
			best_var = var;
		}
	}
	place_greedy(v, L, n, best_var < 4 ? order : rev, xmin, xmax, obst, nobst, maxlanes, best_var % 4, &lanes);
	if (best >= 1000 && n <= 4) {
		/* a conflict left: look at every placement of these few */
		lsearch S = {.v = v,
			     .L = L,
			     .n = n,
			     .order = order,
			     .xmin = xmin,
			     .xmax = xmax,
			     .obst = obst,
			     .nobst = nobst,
			     .maxlanes = maxlanes < 4 ? maxlanes : 4,
			     .best_cost = best};
		search_labels(&S, 0, 0, 0);
		if (S.best_cost < best) {
			lanes = 0;
			for (i = 0; i < n; i++) {
				L[order[i]].lane = S.best_lane[i];
				L[order[i]].lx = S.best_lx[i];
				if (S.best_lane[i] + 1 > lanes)
					lanes = S.best_lane[i] + 1;
			}
		} else {
			place_greedy(v, L, n, best_var < 4 ? order : rev, xmin, xmax, obst, nobst, maxlanes,
				     best_var % 4, &lanes);
		}
	}
	return lanes;
}

/* Labels at the same x become one ("tail = end +0x140"). */
static void merge_labels(skv *v, plabel *L, int *n, float fs)
{
	int i, j;
	for (i = 0; i < *n; i++)
		for (j = i + 1; j < *n; j++) {
			if (fabsf(L[j].ax - L[i].ax) > 0.01f)
				continue;
			skl__catf(L[i].name, sizeof(L[i].name), " = %s", L[j].name);
			skl__catf(L[i].tip, sizeof(L[i].tip), "\n\n%s", L[j].tip);
			if (L[j].ink != C_INK && L[i].ink == C_INK)
				L[i].ink = L[j].ink;
			L[i].nw = skl_dl_text_width(L[i].name, fs);
			L[i].w = L[i].nw +
				 (L[i].val[0] ? skl_dl_text_width(" ", fs) + skl_dl_text_width(L[i].val, fs) : 0) +
				 10 * v->u;
			memmove(&L[j], &L[j + 1], (size_t)(*n - j - 1) * sizeof(*L));
			(*n)--;
			j--;
		}
}

static void pointer_tip(const skv *v, const grp *g, const char *what, int64_t off, const int *who, int nwho, char *out,
			size_t outsz)
{
	const skl_skb_snap *f = &v->s[g->first];
	char a[40], h[24];
	int k;
	out[0] = 0;
	skl__skbv_addr_text(f, off, a, sizeof(a));
	off_hex(off, h, sizeof(h));
	for (k = 0; k < nwho; k++)
		skl__catf(out, outsz, "%s%s->%s", k ? ", " : "", sname(&v->s[who[k]]), what);
	skl__catf(out, outsz, " = %s\nhead %s (offset %lld from head)", a, h, (long long)off);
	if (!strcmp(what, "head"))
		skl__catf(out, outsz, "\nstart of the head buffer (%s)", f->head_cache[0] ? f->head_cache : "kmalloc");
	else if (!strcmp(what, "data"))
		skl__catf(out, outsz, "\nfirst byte of the packet's linear data; headroom = data - head = %lld",
			  (long long)off);
	else if (!strcmp(what, "tail"))
		skl__catf(out, outsz, "\none past the last linear byte; skb_put() moves it");
	else
		skl__catf(out, outsz, "\nwhere skb_shared_info starts; the linear area can never pass it");
	if (strcmp(what, "head") && strcmp(what, "data"))
		skl__catf(out, outsz, "\nstored as %s in this era (%s)",
			  f->offsets ? "an offset from head (64-bit, NET_SKBUFF_DATA_USES_OFFSET)" : "a pointer",
			  f->era[0] ? f->era : "?");
	if (!strcmp(what, "tail") && off > g->end)
		skl__catf(out, outsz, "\nPAST END by %lld bytes: skb_over_panic", (long long)(off - g->end));
	if (!strcmp(what, "data") && off < 0)
		skl__catf(out, outsz, "\nBEFORE HEAD by %lld bytes: skb_under_panic", (long long)-off);
}

/* The main bar's labels: head and data above, tail and end below. Equal
 * values of several members share one label. */
static void make_labels(skv *v, grp *g)
{
	const skl_skb_snap *f = &v->s[g->first];
	char val[48], name[64];
	int pass, k, j;
	g->ntop = g->nbot = 0;
	skl__skbv_addr_text(f, 0, val, sizeof(val));
	label_set(v, &g->top[g->ntop], bytex(v, 0), "head", val, C_INK, g->first, "ptr:head", v->fs_ptr);
	pointer_tip(v, g, "head", 0, g->mem, g->n, g->top[g->ntop].tip, sizeof(g->top[0].tip));
	g->ntop++;
	for (pass = 0; pass < 2; pass++) { /* data, then tail */
		int done[MAXM] = {0};
		const char *what = pass ? "tail" : "data";
		for (k = 0; k < g->n; k++) {
			int who[MAXM], nwho = 0, red = 0;
			const skl_skb_snap *s = &v->s[g->mem[k]];
			int64_t off = (pass ? sv32(s->tail) : data_of(s));
			plabel *p;
			if (done[k])
				continue;
			for (j = k; j < g->n; j++) {
				const skl_skb_snap *q = &v->s[g->mem[j]];
				if (!done[j] && (pass ? sv32(q->tail) : data_of(q)) == off) {
					done[j] = 1;
					who[nwho++] = g->mem[j];
				}
			}
			if (nwho == g->n)
				snprintf(name, sizeof(name), "%s", what);
			else {
				name[0] = 0;
				for (j = 0; j < nwho; j++)
					skl__catf(name, sizeof(name), "%s%s", j ? "," : "", sname(&v->s[who[j]]));
				skl__catf(name, sizeof(name), ".%s", what);
			}
			if (pass && f->offsets)
				off_hex(off, val, sizeof(val));
			else
				skl__skbv_addr_text(f, off, val, sizeof(val));
			red = (pass && off > g->end) || (!pass && off < 0);
			if (pass) {
				if (g->nbot == MAXL - 1)
					continue;
				p = &g->bot[g->nbot++];
			} else {
				if (g->ntop == MAXL)
					continue;
				p = &g->top[g->ntop++];
			}
			label_set(v, p, bytex(v, off), name, val,
				  red		 ? C_RED_INK
				  : nwho == g->n ? C_INK
						 : skl__skbv_ident_color(g, who[0]),
				  who[0], pass ? "ptr:tail" : "ptr:data", v->fs_ptr);
			pointer_tip(v, g, what, off, who, nwho, p->tip, sizeof(p->tip));
		}
	}
	if (f->offsets)
		off_hex(g->end, val, sizeof(val));
	else
		skl__skbv_addr_text(f, g->end, val, sizeof(val));
	label_set(v, &g->bot[g->nbot], bytex(v, g->end), "end", val, C_INK, g->first, "ptr:end", v->fs_ptr);
	pointer_tip(v, g, "end", g->end, g->mem, g->n, g->bot[g->nbot].tip, sizeof(g->bot[0].tip));
	g->nbot++;
	merge_labels(v, g->top, &g->ntop, v->fs_ptr);
	merge_labels(v, g->bot, &g->nbot, v->fs_ptr);
}

/* ---- zoom and frags ------------------------------------------------------------- */

static float region_need(const skv *v, const char *name)
{
	return fmaxf(skl_dl_text_width(name[0] ? name : "data", floorf(11 * v->u)) + 12, 30 * v->u);
}

typedef struct span64 {
	int64_t lo, hi;
} span64;

static int add_cand(span64 *c, int n, int max, int64_t lo, int64_t hi)
{
	if (n < max && hi > lo) {
		c[n].lo = lo;
		c[n].hi = hi;
		n++;
	}
	return n;
}

/* Sorts spans by start and joins those closer than gap; returns how many
 * are left. */
static int cluster(span64 *c, int nc, int64_t gap)
{
	int i, j;
	for (i = 1; i < nc; i++)
		for (j = i; j > 0 && c[j].lo < c[j - 1].lo; j--) {
			span64 t = c[j];
			c[j] = c[j - 1];
			c[j - 1] = t;
		}
	for (i = 0, j = 0; i < nc; i++) {
		if (j > 0 && c[i].lo - c[j - 1].hi < gap)
			c[j - 1].hi = max64(c[j - 1].hi, c[i].hi);
		else
			c[j++] = c[i];
	}
	return j;
}

/* Widens [lo, hi) over the headers that touch it, so a stack shows whole. */
static void take_stack(const skv *v, const grp *g, int64_t *lo, int64_t *hi)
{
	int i, again = 1;
	while (again) {
		again = 0;
		for (i = 0; i < g->nreg; i++) {
			const skl_skb_region *r = &v->s[g->reg[i].s].regions[g->reg[i].i];
			if (is_data_name(r->name) || g->reg[i].off > *hi || g->reg[i].end < *lo)
				continue;
			if (g->reg[i].off < *lo || g->reg[i].end > *hi) {
				*lo = min64(*lo, g->reg[i].off);
				*hi = max64(*hi, g->reg[i].end);
				again = 1;
			}
		}
	}
}

/* Pads a window, keeps it under maxk pixels a byte for width zw, inside
 * the buffer; 0 when magnifying it is not worth it. */
static int fit_window(const skv *v, const grp *g, zwin *z, float zw)
{
	int64_t lo = z->lo, hi = z->hi, pad = max64(4, (hi - lo) / 5), want;
	float maxk = 42 * v->u;
	lo -= pad;
	hi += pad;
	want = (int64_t)ceilf(zw / maxk);
	if (hi - lo < want) {
		int64_t mid = (lo + hi) / 2;
		lo = mid - want / 2;
		hi = lo + want;
	}
	if (lo < g->lo) {
		hi += g->lo - lo;
		lo = g->lo;
	}
	if (hi > g->hi) {
		lo -= hi - g->hi;
		hi = g->hi;
	}
	lo = max64(lo, g->lo);
	if (hi <= lo)
		return 0;
	z->lo = lo;
	z->hi = hi;
	z->bpp = zw / (float)(hi - lo);
	return z->bpp >= 2.5f * v->bpp;
}

/* The zoom windows: the bytes around every block too narrow for its name
 * (headers, the rooms, shinfo, slack, a narrow overrun), in at most MAXZ
 * clusters, when magnifying them is worth it. */
static void plan_zoom(skv *v, grp *g)
{
	span64 c[MAXR + 8];
	int nc = 0, i, k;
	int64_t d0 = max64(g->dmin, 0), span = g->hi - g->lo;
	float room;
	g->nz = 0;
	g->z_lanes = 0;
	if (!v->allow_zoom || v->o->no_zoom)
		return;
	for (i = 0; i < g->nreg; i++) {
		const skl_skb_region *r = &v->s[g->reg[i].s].regions[g->reg[i].i];
		if ((float)(g->reg[i].end - g->reg[i].off) * v->bpp < region_need(v, r->name))
			nc = add_cand(c, nc, MAXR + 8, g->reg[i].off, g->reg[i].end);
	}
	for (k = 0; k < g->n; k++) {
		const skl_skb_snap *s = &v->s[g->mem[k]];
		int64_t d = data_of(s), t = sv32(s->tail);
		if (t > g->end && (float)(t - g->end) * v->bpp < 40 * v->u)
			nc = add_cand(c, nc, MAXR + 8, g->end, t);
		if (d < 0 && (float)-d * v->bpp < 40 * v->u)
			nc = add_cand(c, nc, MAXR + 8, d, 0);
	}
	nc = cluster(c, nc, span / 6);
	/* narrow rooms, shinfo and slack get a window of their own, unless a
	 * header window is near enough to show them anyway */
	{
		span64 p[4];
		int np = 0, q;
		if (d0 > 0 && (float)d0 * v->bpp < region_need(v, "headroom"))
			np = add_cand(p, np, 4, 0, d0);
		if (g->tmax < g->end && (float)(g->end - g->tmax) * v->bpp < region_need(v, "tailroom"))
			np = add_cand(p, np, 4, max64(g->tmax, 0), g->end);
		if (g->shinfo && (float)g->shinfo * v->bpp < region_need(v, "shinfo"))
			np = add_cand(p, np, 4, g->end, g->end + g->shinfo);
		if (g->slack && (float)g->slack * v->bpp < region_need(v, "slack"))
			np = add_cand(p, np, 4, g->end + g->shinfo, g->total);
		for (q = 0, k = nc; q < np; q++) {
			int near = 0;
			for (i = 0; i < k; i++)
				if (p[q].lo - c[i].hi < span / 6 && c[i].lo - p[q].hi < span / 6)
					near = 1;
			if (!near)
				nc = add_cand(c, nc, MAXR + 8, p[q].lo, p[q].hi);
		}
	}
	if (!nc)
		return;
	nc = cluster(c, nc, span / 6);
	while (nc > MAXZ) { /* join the closest two */
		int best = 0;
		for (i = 1; i + 1 < nc; i++)
			if (c[i + 1].lo - c[i].hi < c[best + 1].lo - c[best].hi)
				best = i;
		c[best].hi = max64(c[best].hi, c[best + 1].hi);
		memmove(&c[best + 1], &c[best + 2], (size_t)(nc - best - 2) * sizeof(*c));
		nc--;
	}
	g->zx0 = v->bx0;
	g->zx1 = g->fsnap >= 0 ? g->fx0 - 48 * v->u : v->bx1;
	room = g->zx1 - g->zx0;
	for (k = nc; k >= 1; k--) {
		float gap = 40 * v->u, ww = (room - gap * (float)(k - 1)) / (float)k;
		int ok = 0;
		if (ww < 260 * v->u)
			continue;
		for (i = 0; i < k; i++) {
			zwin *z = &g->zw[ok];
			memset(z, 0, sizeof(*z));
			z->lo = k == nc ? c[i].lo : c[0].lo;
			z->hi = k == nc ? c[i].hi : c[nc - 1].hi;
			take_stack(v, g, &z->lo, &z->hi);
			if (!fit_window(v, g, z, ww))
				continue;
			if (ok > 0 && z->lo < g->zw[ok - 1].hi) /* overlapping windows: try fewer */
				break;
			z->x0 = g->zx0 + (float)ok * (ww + gap);
			z->x1 = z->x0 + ww;
			ok++;
		}
		if (i == k && ok > 0) {
			g->nz = ok;
			break;
		}
	}
	/* one window left of two: give it the whole room */
	if (g->nz == 1 && g->zw[0].x1 - g->zw[0].x0 < room - 1) {
		zwin *z = &g->zw[0];
		int64_t lo = z->lo, hi = z->hi;
		z->lo = lo + (hi - lo) / 2 - 1;
		z->hi = z->lo + 2;
		for (i = 0; i < nc; i++)
			if (c[i].lo < hi && c[i].hi > lo) {
				z->lo = min64(z->lo, c[i].lo);
				z->hi = max64(z->hi, c[i].hi);
			}
		take_stack(v, g, &z->lo, &z->hi);
		if (fit_window(v, g, z, room)) {
			z->x0 = g->zx0;
			z->x1 = g->zx1;
		} else
			g->nz = 0;
	}
	g->zh = floorf(skl__clampf(v->bar_h * 0.8f, 44 * v->u, 92 * v->u));
}

/* A zoom strip's pointer marks: every pointer inside its window. */
static void zoom_labels(skv *v, grp *g)
{
	int w, i;
	float fs = floorf(13 * v->u);
	for (w = 0; w < g->nz; w++) {
		zwin *z = &g->zw[w];
		z->nzl = 0;
		for (i = 0; i < g->ntop + g->nbot; i++) {
			const plabel *p = i < g->ntop ? &g->top[i] : &g->bot[i - g->ntop];
			const skl_skb_snap *s = &v->s[p->snap];
			int64_t off;
			char val[32];
			if (!strncmp(p->part, "ptr:head", 8))
				off = 0;
			else if (!strncmp(p->part, "ptr:end", 7))
				off = g->end;
			else if (!strncmp(p->part, "ptr:data", 8))
				off = data_of(s);
			else
				off = sv32(s->tail);
			if (off < z->lo || off > z->hi || z->nzl == MAXL)
				continue;
			snprintf(val, sizeof(val), "%+lld", (long long)off);
			label_set(v, &z->zl[z->nzl], z->x0 + (float)(off - z->lo) * z->bpp, p->name, val, p->ink,
				  p->snap, p->part, fs);
			snprintf(z->zl[z->nzl].tip, sizeof(z->zl[0].tip), "%s", p->tip);
			z->nzl++;
		}
		merge_labels(v, z->zl, &z->nzl, fs);
		z->lanes = place_labels(v, z->zl, z->nzl, z->x0 - 6 * v->u, z->x1 + 6 * v->u, NULL, 0, 3);
		if (z->lanes > g->z_lanes)
			g->z_lanes = z->lanes;
	}
}

static void plan_frags(skv *v, grp *g)
{
	const skl_skb_snap *s;
	float fw, minw, gap = 6 * v->u, cx;
	uint64_t sum = 0;
	int i, row = 0;
	if (g->fsnap < 0)
		return;
	s = &v->s[g->fsnap];
	g->nf = s->nr_frags > MAXF ? MAXF : s->nr_frags;
	fw = skl__clampf((v->bx1 - v->bx0) * 0.34f, 250 * v->u, 420 * v->u);
	g->fx1 = fminf(v->bx1, fmaxf(bytex(v, g->total), v->bx0 + fw));
	g->fx0 = g->fx1 - fw;
	for (i = 0; i < g->nf; i++)
		sum += frag_at(s, i);
	g->fscale = sum ? fminf(v->bpp, (fw - gap * (float)(g->nf - 1)) / (float)sum) : v->bpp;
	minw = skl_dl_text_width("[16]", floorf(13 * v->u)) + 10 * v->u;
	cx = 0;
	for (i = 0; i < g->nf; i++) {
		float bw = fmaxf((float)frag_at(s, i) * g->fscale, minw);
		if (cx > 0 && cx + bw > fw + 0.01f) {
			row++;
			cx = 0;
		}
		g->fbx[i] = g->fx0 + cx;
		g->fbw[i] = fminf(bw, fw);
		g->fbrow[i] = row;
		cx += bw + gap;
	}
	g->frows = g->nf ? row + 1 : 0;
	g->cx = bytex(v, g->end + g->shinfo / 2);
}

/* Splits text into lines of at most width code points, at spaces where it
 * can, hard elsewhere. */
static int wrap_lines(const char *text, size_t width, char lines[][256], int maxlines)
{
	int n = 0;
	const char *p = text;
	if (width < 8)
		width = 8;
	while (*p && n < maxlines) {
		size_t len = strlen(p), cut;
		while (*p == ' ')
			p++;
		len = strlen(p);
		if (!len)
			break;
		if (len <= width)
			cut = len;
		else {
			cut = width;
			while (cut > width / 2 && p[cut] != ' ')
				cut--;
			if (p[cut] != ' ')
				cut = width;
		}
		if (cut > 255)
			cut = 255;
		memcpy(lines[n], p, cut);
		lines[n][cut] = 0;
		p += cut;
		n++;
	}
	if (*p && n > 0) {
		size_t l = strlen(lines[n - 1]);
		if (l > 3)
			memcpy(lines[n - 1] + l - 3, "...", 4);
	}
	return n;
}

static void plan_panic(skv *v, grp *g)
{
	float chip = skl_dl_text_width("PANIC", floorf(18 * v->u)) + 28 * v->u;
	float avail = v->x + v->w - v->bx0 - chip - 36 * v->u;
	g->npl = 0;
	if (g->psnap < 0)
		return;
	g->npl = wrap_lines(v->s[g->psnap].panic, skl_dl_fit_chars(avail, panic_fs(v)), g->pl, 6);
}

/* ---- heights ------------------------------------------------------------------- */

static float title_h(const skv *v)
{
	return v->ng > 1 ? floorf(30 * v->u) : 0;
}

static float table_h(const skv *v, const grp *g)
{
	return v->row_h * (float)(skl__skbv_fig_rows(v, g) + 1) + 8 * v->u;
}

static float zoom_h(const skv *v, const grp *g)
{
	if (!g->nz)
		return 0;
	return floorf(34 * v->u) + (float)g->z_lanes * floorf(21 * v->u) + 10 * v->u + g->zh + floorf(22 * v->u) +
	       floorf(22 * v->u);
}

static float frag_h(const skv *v, const grp *g)
{
	if (g->fsnap < 0)
		return 0;
	return floorf(26 * v->u) + floorf(44 * v->u) + (float)g->frows * floorf(42 * v->u) +
	       (snap_gso(&v->s[g->fsnap]) ? floorf(22 * v->u) : 0); /* the GSO/GRO line */
}

/* Sets the group's vertical places from y; returns its height. */
static float layout_group(skv *v, grp *g, float y)
{
	float extra, boxes;
	g->y = y;
	g->alloc_y = y + title_h(v);
	g->lanes_y = g->alloc_y + floorf(26 * v->u);
	g->bar_y = g->lanes_y + (float)g->top_lanes * v->lane_h + v->stem;
	g->ruler_y = g->bar_y + v->bar_h;
	g->span_y = g->ruler_y + floorf(24 * v->u);
	g->bot_y = g->span_y + (g->n > 1 ? (float)g->n * floorf(20 * v->u) + 4 * v->u : 0) + v->stem;
	g->extra_y = g->bot_y + (float)g->bot_lanes * v->lane_h;
	extra = fmaxf(zoom_h(v, g), frag_h(v, g));
	g->panic_y = g->extra_y + extra + (extra > 0 ? 6 * v->u : 0);
	g->h = g->panic_y - y;
	if (g->npl)
		g->h += 12 * v->u + fmaxf((float)g->npl * floorf(21 * v->u), 34 * v->u) + 16 * v->u;
	/* the figures and the sk_buff boxes need their room too */
	g->h = fmaxf(g->h, title_h(v) + table_h(v, g));
	boxes = (float)g->n * (box_h(v) + 10 * v->u);
	g->h = fmaxf(g->h, g->bar_y + v->bar_h / 2 + boxes / 2 - y);
	g->h += floorf(22 * v->u);
	return g->h;
}

/* ---- the figures panel's room ------------------------------------------------------ */

static void measure_panel(skv *v)
{
	int gi, k, f;
	float pw = 0;
	v->fs_tab = floorf(16 * v->u);
	v->row_h = floorf(25 * v->u);
	v->lab_w = skl_dl_text_width("headroom", v->fs_tab) + 16 * v->u;
	for (gi = 0; gi < v->ng; gi++) /* "frag_list" is the one longer name */
		if (skl__skbv_fig_rows(v, &v->g[gi]) > F_FRAG_LIST)
			v->lab_w = skl_dl_text_width("frag_list", v->fs_tab) + 16 * v->u;
	v->col_w = 64 * v->u;
	for (gi = 0; gi < v->ng; gi++) {
		grp *g = &v->g[gi];
		for (k = 0; k < g->n; k++) {
			const skl_skb_snap *s = &v->s[g->mem[k]];
			char t[32];
			v->col_w = fmaxf(v->col_w, skl_dl_text_width(sname(s), v->fs_tab) + 18 * v->u);
			for (f = 0; f < F_FRAG_LIST + 1; f++) {
				skl__skbv_fig_text(s, f, t, sizeof(t));
				v->col_w = fmaxf(v->col_w, skl_dl_text_width(t, v->fs_tab) + 18 * v->u);
			}
		}
	}
	v->col_w = fminf(v->col_w, 150 * v->u);
	for (gi = 0; gi < v->ng; gi++)
		pw = fmaxf(pw, v->lab_w + (float)v->g[gi].n * v->col_w);
	v->pw = pw;
	v->px = v->x + v->w - pw;
}

/* ---- planning the whole view ------------------------------------------------------ */

static float box_width(const skv *v)
{
	float w = 0;
	int i;
	for (i = 0; i < v->n && i < MAXS; i++) {
		char a[40];
		snprintf(a, sizeof(a), "0x%llx", (unsigned long long)v->s[i].skb_addr);
		w = fmaxf(w, skl_dl_text_width(sname(&v->s[i]), floorf(19 * v->u)));
		w = fmaxf(w, skl_dl_text_width(a, floorf(13 * v->u)));
	}
	w = fmaxf(w, skl_dl_text_width("struct sk_buff", floorf(13 * v->u)));
	return skl__clampf(w + 30 * v->u, 150 * v->u, 300 * v->u);
}

/* Everything but the drawing, for the current u, bar height and zoom
 * setting. Returns the height the groups need. */
static float plan_pass(skv *v)
{
	float total = 0, xmin, xmax, y;
	int gi;
	v->lane_h = floorf(25 * v->u);
	v->stem = floorf(16 * v->u);
	v->fs_ptr = floorf(15 * v->u);
	v->head_h = v->o->no_header ? 0 : floorf(34 * v->u) + floorf(30 * v->u) + floorf(24 * v->u) + 12 * v->u;
	v->legend_h = v->o->no_legend || v->drop_legend ? 0 : floorf(34 * v->u) + 6 * v->u;
	v->box_w = box_width(v);
	measure_panel(v);
	v->bx0 = v->x + v->box_w + 54 * v->u;
	v->bx1 = v->px - 44 * v->u;
	if (v->bx1 < v->bx0 + 100)
		v->bx1 = v->bx0 + 100;
	v->glo = 0;
	v->ghi = 1;
	for (gi = 0; gi < v->ng; gi++) {
		v->glo = min64(v->glo, v->g[gi].lo);
		v->ghi = max64(v->ghi, v->g[gi].hi);
	}
	v->bpp = (v->bx1 - v->bx0) / (float)(v->ghi - v->glo);
	v->xb0 = v->bx0;
	xmin = v->x + v->box_w + 14 * v->u;
	xmax = v->px - 14 * v->u;
	y = v->top;
	for (gi = 0; gi < v->ng; gi++) {
		grp *g = &v->g[gi];
		float obst[1];
		make_labels(v, g);
		plan_frags(v, g);
		plan_zoom(v, g);
		zoom_labels(v, g);
		plan_panic(v, g);
		obst[0] = g->cx;
		g->top_lanes = place_labels(v, g->top, g->ntop, xmin, xmax, NULL, 0, 6);
		g->bot_lanes = place_labels(v, g->bot, g->nbot, xmin, xmax, obst, g->fsnap >= 0 ? 1 : 0, 6);
		y += layout_group(v, g, y);
	}
	total = y - v->top;
	return total;
}

/* ---- the packet-bytes pane ------------------------------------------------------- */

/* The snapshot the pane shows: of those holding bytes and a header
 * region, the one with the most bytes (a clone that pushed headers in
 * front of its original's data), the first of equals; -1 when none (or
 * the pane is off). */
static void pick_bytes(skv *v)
{
	int i, r, gi, k;
	v->bsnap = v->bgrp = -1;
	v->brows = 0;
	v->bpane_h = 0;
	if (v->o->no_bytes)
		return;
	for (i = 0; i < v->n; i++) {
		const skl_skb_snap *s = &v->s[i];
		int named = 0;
		if (!s->nbytes || s->nbytes > SKL_SKB_SNAP_BYTES)
			continue;
		for (r = 0; r < s->nregions && r < 16; r++)
			named |= s->regions[r].len && !is_shinfo_name(s->regions[r].name);
		if (named && (v->bsnap < 0 || s->bytes_total > v->s[v->bsnap].bytes_total))
			v->bsnap = i;
	}
	for (gi = 0; gi < v->ng && v->bsnap >= 0 && v->bgrp < 0; gi++)
		for (k = 0; k < v->g[gi].n; k++)
			if (v->g[gi].mem[k] == v->bsnap)
				v->bgrp = gi;
	if (v->bgrp < 0)
		v->bsnap = -1;
}

void skl__skbv_reg_order(const grp *g, int *order)
{
	int o, n = 0;
	for (o = 0; o < g->nreg; o++) {
		int p = n++;
		while (p > 0 && g->reg[order[p - 1]].off > g->reg[o].off) {
			order[p] = order[p - 1];
			p--;
		}
		order[p] = o;
	}
}

int skl__skbv_band_label(const skv *v, const grp *g, const skl_skb_snap *s, int j, char *t, size_t n, int64_t *a,
			 int64_t *b)
{
	const char *name = v->s[g->reg[j].s].regions[g->reg[j].i].name;
	*a = max64(g->reg[j].off, s->bytes_from) - s->bytes_from;
	*b = min64(g->reg[j].end, (int64_t)s->bytes_from + s->bytes_total) - s->bytes_from;
	if (*b <= *a)
		return 0;
	snprintf(t, n, "%s %lld-%lld", name[0] ? name : "data", (long long)*a, (long long)(*b - 1));
	return 1;
}

/* The pane's type and cells at the current u; the legend's lines for a
 * legend beside the dump (or under it, when no room is left beside). */
static void bytes_metrics(skv *v)
{
	const grp *g = &v->g[v->bgrp];
	const skl_skb_snap *s = &v->s[v->bsnap];
	float ch, dump_w, lx, lw, x, ls;
	int j, o, lines = 1, any = 0, order[MAXR];
	v->bfs = skl__fs(v->dl, floorf(15 * v->u));
	v->brh = ceilf(v->bfs * 1.45f);
	ch = SKL_DL_ADVANCE * v->bfs;
	v->bcell = ch;
	dump_w = 74 * ch; /* "0000  " 16 x "00 " and a gap, "  ", 16 characters and a gap */
	lx = v->bx0 + dump_w + 3 * ch;
	lw = v->x + v->w - lx;
	ls = skl__fs(v->dl, floorf(14 * v->u));
	if (lw < 20 * ls) { /* under the dump */
		lx = v->bx0;
		lw = v->x + v->w - v->bx0;
	}
	x = lx;
	skl__skbv_reg_order(g, order);
	for (o = 0; o < g->nreg; o++) {
		char t[64];
		float ew;
		int64_t a, b;
		j = order[o];
		if (!skl__skbv_band_label(v, g, s, j, t, sizeof(t), &a, &b))
			continue;
		ew = floorf(22 * v->u) + 7 * v->u + skl_dl_text_width(t, ls) + 18 * v->u;
		if (any && x + ew > lx + lw) {
			lines++;
			x = lx;
		}
		x += ew;
		any = 1;
	}
	v->bleg_lines = any ? lines : 0;
	v->bleg_beside = lx > v->bx0;
}

/* The pane's height for rows rows. */
static float bytes_height(const skv *v, int rows)
{
	float h = 8 * v->u + ceilf(v->brh * 1.3f) + (float)rows * v->brh;
	if (!v->bleg_beside)
		h += (float)v->bleg_lines * v->brh + 4 * v->u;
	else
		h = fmaxf(h, 8 * v->u + ceilf(v->brh * 1.3f) + (float)v->bleg_lines * v->brh);
	return h + 6 * v->u;
}

/* How many rows fit in room (0 when fewer than two, or than all of them
 * when there are fewer). */
static int bytes_fit(const skv *v, float room)
{
	const skl_skb_snap *s = &v->s[v->bsnap];
	int total = (int)((s->nbytes + 15) / 16), rows = total;
	while (rows > 0 && bytes_height(v, rows) > room)
		rows--;
	return rows >= (total < 2 ? total : 2) ? rows : 0;
}

/* 1 when some buffer of the plan has a zoom strip. */
static int has_zoom(const skv *v)
{
	int i;
	for (i = 0; i < v->ng; i++)
		if (v->g[i].nz > 0)
			return 1;
	return 0;
}

/* 1 when some snapshot panicked: its zoom strip shows the overrun. */
static int panicked(const skv *v)
{
	int i;
	for (i = 0; i < v->n; i++)
		if (v->s[i].panic[0] || v->s[i].panicked)
			return 1;
	return 0;
}

/* Lowers the bar (not below floor units) for want rows of the pane when
 * fewer fit; keeps the lower bar only when more rows fit so. */
static void lower_for_bytes(skv *v, int want, float floor_u, float avail, float *need)
{
	float base = v->bar_h, short_by;
	int rows;
	if (v->brows >= want || v->bar_h <= floorf(floor_u * v->u))
		return;
	short_by = bytes_height(v, want) - (avail - *need);
	v->bar_h = fmaxf(floorf(floor_u * v->u), base - ceilf(short_by));
	*need = plan_pass(v);
	rows = *need <= avail ? bytes_fit(v, avail - *need) : 0;
	if (rows > v->brows) {
		v->brows = rows;
	} else {
		v->bar_h = base;
		*need = plan_pass(v);
	}
}

/* The plan for v->s in v's room (v->dl, s, n, o, x, y, w, h and u set):
 * the buffers, then passes of the plan until it fits. */
void skl__skbv_plan(skv *v)
{
	const skl_view_skb_opts *opts = v->o;
	skl_dl *dl = v->dl;
	float need, avail;
	int i, tries;
	build_groups(v);
	for (i = 0; i < v->ng; i++)
		group_extent(v, &v->g[i]);

	/* the plan: the tallest bar that fits; then no zoom; then smaller type */
	v->allow_zoom = 1;
	for (tries = 0; tries < 12; tries++) {
		v->bar_h = floorf(96 * v->u);
		v->top = v->y +
			 (opts->no_header ? 0 : floorf(34 * v->u) + floorf(30 * v->u) + floorf(24 * v->u) + 12 * v->u);
		need = plan_pass(v);
		avail = v->y + v->h - v->legend_h - v->top;
		if (need > avail) {
			v->bar_h = fmaxf(floorf(48 * v->u), v->bar_h - (need - avail));
			need = plan_pass(v);
		}
		if (need <= avail)
			break;
		/* smaller type first, but none the floor would raise again (the
		 * smallest labels are 11 units); the zoom strip, which names the
		 * headers too thin to label on the bar, goes last */
		if (v->u * 0.9f * 11 >= skl_dl_text_floor(dl)) {
			v->u *= 0.9f;
			continue;
		}
		if (v->allow_zoom) {
			int had = has_zoom(v);
			/* the legend goes before the zoom strip */
			if (had && !v->drop_legend && !v->o->no_legend) {
				v->drop_legend = 1;
				continue;
			}
			if (had) {
				v->allow_zoom = 0;
				v->drop_legend = 0;
				continue;
			}
		}
		break;
	}
	/* the packet-bytes pane takes the room under the legend; a lower bar
	 * when it needs more: down to 72 units for up to 8 rows, to 60 for
	 * its first 4 (the zoom strip's labels keep their size down to 72) */
	pick_bytes(v);
	if (v->bsnap >= 0 && need <= avail) {
		const skl_skb_snap *s = &v->s[v->bsnap];
		int total = (int)((s->nbytes + 15) / 16);
		bytes_metrics(v);
		v->brows = bytes_fit(v, avail - need);
		lower_for_bytes(v, total < 8 ? total : 8, 72, avail, &need);
		lower_for_bytes(v, total < 4 ? total : 4, 60, avail, &need);
		if (v->brows < (total < 4 ? total : 4) && v->allow_zoom && has_zoom(v) && !panicked(v)) {
			/* presentation type: the zoom strip gives way to the bytes,
			 * whose bands and legend name the thin headers it would */
			int rows;
			v->allow_zoom = 0;
			need = plan_pass(v);
			rows = need <= avail ? bytes_fit(v, avail - need) : 0;
			if (rows > v->brows) {
				v->brows = rows;
				lower_for_bytes(v, total < 8 ? total : 8, 72, avail, &need);
			} else {
				v->allow_zoom = 1;
				need = plan_pass(v);
			}
		}
		if (v->brows > 0) {
			v->bpane_h = bytes_height(v, v->brows);
			avail -= v->bpane_h;
		} else {
			v->bsnap = -1;
		}
	}
	/* spare height makes the bar taller, up to a point */
	if (need < avail) {
		float base = v->bar_h, grow = fminf((avail - need) / (float)v->ng, floorf(130 * v->u) - base);
		while (grow >= 4) {
			v->bar_h = base + floorf(grow);
			if (plan_pass(v) <= avail)
				break;
			grow *= 0.6f;
		}
		if (grow < 4) {
			v->bar_h = base;
			plan_pass(v);
		}
	}
}
