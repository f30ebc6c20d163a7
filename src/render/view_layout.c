/*
 * view_layout.c - the layout view (see view_layout.h): turns an skl_layout
 * into draw-list items. Pure geometry and text; never calls SDL and never
 * touches the type database (type back-pointers may be stale by now).
 */
#include "view_util.h"
#include "view_layout.h"
#include "textfit.h"

#include "sklab/cachesim_snap.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- palette ---------------------------------------------------------------
 * Okabe-Ito hues (safe for the common colour-vision deficiencies), lightened
 * for fills so dark text stays readable on a projector; the hue itself is
 * the outline. Holes and padding are hatched, so they differ by texture too.
 */
static const struct {
	const char *name;
	uint32_t hue; /* outline */
	uint32_t fill;
} palette[SKL_VK_COUNT_] = {
    [SKL_VK_INT] = {"scalar", 0x009e73, 0x9fdcc8},
    [SKL_VK_PTR] = {"pointer", 0x3a9ad6, 0xaed9f4},
    [SKL_VK_FNPTR] = {"function pointer", 0x0072b2, 0x86b9dc},
    [SKL_VK_ARRAY] = {"array", 0xc9bb1a, 0xf6ef9c},
    [SKL_VK_STRUCT] = {"struct", 0xe69f00, 0xf5cf80},
    [SKL_VK_UNION] = {"union", 0xcc79a7, 0xe9c2d8},
    [SKL_VK_BITFIELD] = {"bitfield", 0xd55e00, 0xf0b48a},
    [SKL_VK_SYNC] = {"lock / atomic", 0x7a7a7a, 0xcfcfcf},
    [SKL_VK_HOLE] = {"hole", 0x9aa0a6, 0xffffff},
    [SKL_VK_PAD] = {"padding", 0xc47a4a, 0xfbeee4},
};

#define C_TRACK_END SKL_HEX(0xf8f9fa)
#define C_HL SKL_HEX(0x111111)

const char *skl_view_kind_name(skl_view_kind k)
{
	return k < SKL_VK_COUNT_ ? palette[k].name : "?";
}

skl_color skl_view_kind_fill(skl_view_kind k)
{
	return k < SKL_VK_COUNT_ ? SKL_HEX(palette[k].fill) : C_BG;
}

skl_color skl_view_kind_stroke(skl_view_kind k)
{
	return k < SKL_VK_COUNT_ ? SKL_HEX(palette[k].hue) : C_INK;
}

/* ---- classifying members ------------------------------------------------------ */

static int has_word(const char *s, const char *w)
{
	return strstr(s, w) != NULL;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcmp(s + n - m, suffix);
}

static int is_sync_type(const char *t)
{
	static const char *const words[] = {"spinlock", "rwlock",   "lock_t",	  "seqlock",   "seqcount",    "mutex",
					    "atomic",	"refcount", "wait_queue", "semaphore", "rw_semaphore"};
	size_t i;
	if (strchr(t, '*'))
		return 0;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (has_word(t, words[i]))
			return 1;
	return 0;
}

skl_view_kind skl_view_field_kind(const skl_field *f)
{
	const char *t = f->type_name ? f->type_name : "";
	const char *suffix = f->decl_suffix ? f->decl_suffix : "";
	if (f->bit_size)
		return SKL_VK_BITFIELD;
	if (f->expanded)
		return f->is_union ? SKL_VK_UNION : SKL_VK_STRUCT;
	if (strstr(suffix, "(*"))
		return SKL_VK_FNPTR;
	if (strchr(suffix, '['))
		return SKL_VK_ARRAY;
	if (ends_with(t, "*"))
		return SKL_VK_PTR;
	if (is_sync_type(t))
		return SKL_VK_SYNC;
	if (!strncmp(t, "union ", 6))
		return SKL_VK_UNION;
	if (!strncmp(t, "struct ", 7))
		return SKL_VK_STRUCT;
	if (!strncmp(t, "enum ", 5))
		return SKL_VK_INT;
	/* a typedef: scalars come in scalar sizes */
	if (f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8 || f->size == 16)
		return SKL_VK_INT;
	return SKL_VK_STRUCT;
}

/* ---- tooltips ------------------------------------------------------------------ */

static void decl_text(const skl_field *f, char *out, size_t outsz)
{
	const char *pre = f->decl_prefix ? f->decl_prefix : "";
	const char *suf = f->decl_suffix ? f->decl_suffix : "";
	size_t n = strlen(pre);
	if (f->expanded)
		snprintf(out, outsz, "%s {...} %s;", pre, suf);
	else if (f->bit_size)
		snprintf(out, outsz, "%s%s%s:%u;", pre, n && pre[n - 1] == '*' ? "" : " ", suf, f->bit_size);
	else
		snprintf(out, outsz, "%s%s%s;", pre, n && pre[n - 1] == '*' ? "" : " ", suf);
}

static const char *plural(uint64_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

void skl_view_field_tooltip(const skl_layout *l, int i, char *out, size_t outsz)
{
	const skl_field *f = &l->fields[i];
	char decl[600];
	unsigned long long off = (unsigned long long)f->offset, size = (unsigned long long)f->size;
	out[0] = 0;
	decl_text(f, decl, sizeof(decl));
	skl__catf(out, outsz, "%s  (%s)\n", f->path[0] ? f->path : "(anonymous)", l->name);
	skl__catf(out, outsz, "%s\n", decl);
	if (f->bit_size) {
		unsigned long long b = (unsigned long long)f->bit_pos;
		skl__catf(out, outsz, "offset %llu, bit %u; %u %s (bits %llu-%llu of the struct)\n", off, f->bit_offset,
			  f->bit_size, plural(f->bit_size, "bit", "bits"), b, b + f->bit_size - 1);
		skl__catf(out, outsz, "storage unit: %llu %s at offset %llu\n", size, plural(size, "byte", "bytes"),
			  off);
	} else if (size) {
		skl__catf(out, outsz, "offset %llu, size %llu %s (bytes %llu-%llu)\n", off, size,
			  plural(size, "byte", "bytes"), off, off + size - 1);
	} else {
		skl__catf(out, outsz, "offset %llu, size 0 (flexible array)\n", off);
	}
	if (f->cl_first == f->cl_last)
		skl__catf(out, outsz, "cache line %llu (line offset %llu)\n", (unsigned long long)f->cl_first,
			  (unsigned long long)(f->offset % l->cacheline));
	else
		skl__catf(out, outsz, "cache lines %llu-%llu (crosses %llu %s)\n", (unsigned long long)f->cl_first,
			  (unsigned long long)f->cl_last, (unsigned long long)(f->cl_last - f->cl_first),
			  plural(f->cl_last - f->cl_first, "boundary", "boundaries"));
	skl__catf(out, outsz, "align %u\n", f->align);
	if (f->expanded) {
		int j, shown = 0;
		skl__catf(out, outsz, "%s of %d:", f->is_union ? "union" : "struct", f->nmembers);
		for (j = i + 1; j < l->nfields && l->fields[j].depth > f->depth; j++) {
			const skl_field *c = &l->fields[j];
			if (c->parent != i)
				continue;
			if (shown == 12) {
				skl__catf(out, outsz, "\n  ...");
				break;
			}
			skl__catf(out, outsz, "\n  %s (%s, %llu)", c->name[0] ? c->name : "(anonymous)", c->type_name,
				  (unsigned long long)c->size);
			shown++;
		}
		skl__catf(out, outsz, "\n");
	}
	if (f->hole_after)
		skl__catf(out, outsz, "followed by a hole of %llu %s\n", (unsigned long long)f->hole_after,
			  plural(f->hole_after, "byte", "bytes"));
	if (f->bit_hole_after)
		skl__catf(out, outsz, "followed by %u unused %s\n", f->bit_hole_after,
			  plural(f->bit_hole_after, "bit", "bits"));
	skl__catf(out, outsz, "config: %s", f->cond ? f->cond : "always");
}

/* ---- the view ---------------------------------------------------------------------- */

typedef struct lv {
	skl_dl *dl;
	const skl_layout *l;
	const skl_view_layout_opts *o;
	float u;	    /* type unit: 1 at 1600x900 */
	float hu;	    /* the header's and legend's: smaller when rows are cramped */
	float gx, gw;	    /* grid left edge and width */
	float gy;	    /* top of row 0 */
	float bw;	    /* pixels per byte */
	float pitch, bh;    /* row pitch and block height */
	float fs, fs_small; /* label sizes */
	float hdr_w;	    /* the header's width */
	unsigned cl;
	uint64_t nrows;
	float *ry;	       /* per row: top; a folded row has its fold band's */
	unsigned char *folded; /* per row: 1 = drawn inside a fold band */
	int any_hl;
	unsigned char *hl;	/* per field */
	unsigned char *hl_line; /* per row */
	int used[SKL_VK_COUNT_];
	int union_alts; /* > 0 while drawing a union's largest alternative */
	int strip;	/* drawing a union's smaller alternatives as strips */
	const skl_heat *heat;
	double heat_max; /* the hottest leaf member's value */
	/* cache-line groups (__cacheline_group_begin__G .. _end__G) */
	struct lgroup *groups;
	int ngroups;
	unsigned char *marker; /* per field: 1 = a group's marker, drawn by the group */
	float side_x, side_w;  /* the groups' column right of the grid (0 wide: none) */
	/* the c2c overlay (a heat with per-CPU data) */
	const skl_heat_cpus *cpus; /* per field, or NULL */
	unsigned ncpus;
	unsigned char *contended; /* per row: 1 = coherence misses or HITMs there */
	float cont_w;		  /* the contention column left of the gutter (0: none) */
	char key[1100];
	char tip[4096];
} lv;

/* one row's part of a span of bits */
typedef struct piece {
	float x, y, w, h;
	uint64_t row;
	int first, cut_left, cut_right;
} piece;

typedef struct span {
	uint64_t lo, hi; /* bits */
	float t0, t1;	 /* band within the block height, 0..1 */
	uint64_t row, last;
} span;

static void span_init(lv *v, span *s, uint64_t lo_bits, uint64_t hi_bits, float t0, float t1)
{
	uint64_t rbits = (uint64_t)v->cl * 8;
	s->lo = lo_bits;
	s->hi = hi_bits;
	s->t0 = t0;
	s->t1 = t1;
	s->row = lo_bits / rbits;
	s->last = hi_bits > lo_bits ? (hi_bits - 1) / rbits : s->row;
}

static int span_next(lv *v, span *s, piece *p)
{
	uint64_t rbits = (uint64_t)v->cl * 8, a, b;
	while (s->row <= s->last && v->folded[s->row])
		s->row++;
	if (s->row > s->last || s->hi <= s->lo)
		return 0;
	a = s->row * rbits;
	b = a + rbits;
	p->row = s->row;
	p->first = s->lo >= a;
	p->cut_left = s->lo < a;
	p->cut_right = s->hi > b;
	if (a < s->lo)
		a = s->lo;
	if (b > s->hi)
		b = s->hi;
	p->x = v->gx + (float)((double)(a - s->row * rbits) / 8.0) * v->bw;
	p->w = (float)((double)(b - a) / 8.0) * v->bw;
	p->y = v->ry[s->row] + s->t0 * v->bh;
	p->h = (s->t1 - s->t0) * v->bh;
	s->row++;
	return 1;
}

/* The box of a piece with a hairline gap to its neighbours. */
static void inset(const piece *p, float *x, float *y, float *w, float *h)
{
	float gx = p->w > 6 ? 1.0f : 0.0f, gy = p->h > 6 ? 1.0f : 0.0f;
	*x = p->x + (p->cut_left ? 0 : gx);
	*w = p->w - (p->cut_left ? 0 : gx) - (p->cut_right ? 0 : gx);
	*y = p->y + gy * 0.5f;
	*h = p->h - gy;
	if (*w < 0.5f)
		*w = 0.5f;
}

/*
 * Labels a box with name (bold) and, when there is room, the lines of
 * detail ('\n'-separated) under it, through the text-fitting service: the
 * name wraps to a few lines or shrinks to the floor; a name that cannot be
 * read in its box takes a mark that the key under the picture explains
 * (with mark; else it is left out). Detail lines are shown only whole.
 */
static void label_ex(lv *v, float x, float y, float w, float h, const char *name, const char *detail, skl_color ink,
		     float fs, int mark)
{
	float pad = w > 60 ? 4 * v->u : w > 24 ? 2 : 1;
	float aw = w - 2 * pad, fsd, th, ty, room;
	skl_fit nf, df;
	skl_fitted nm;
	char lines[2][256];
	float dh[2];
	int nd = 0, k;
	if (!*name || aw < 4)
		return;
	if (fs > h * 0.8f)
		fs = h * 0.8f;
	fs = floorf(fs);
	memset(&nf, 0, sizeof(nf));
	nf.size = fs;
	nf.lines = 3;
	nf.font = SKL_FONT_BOLD;
	nf.align = SKL_ALIGN_CENTER;
	nf.color = ink;
	nf.flags = mark ? SKL_FIT_MARK | SKL_FIT_MARK_CUT : 0;
	if (mark == 2) /* a highlighted member: never abbreviated */
		nf.flags |= SKL_FIT_NO_ABBREV;
	skl_dl_fit_measure(v->dl, aw, h, name, &nf, &nm);
	if (!nm.lines || (!mark && nm.cut))
		return;
	/* detail lines that fit whole under a whole name */
	fsd = skl__fs(v->dl, floorf(nm.size * 0.78f));
	room = h - nm.height - 4;
	df = nf;
	df.size = fsd;
	df.lines = 1;
	df.font = SKL_FONT_REGULAR;
	df.flags = 0;
	df.color = skl_color_mix(ink, C_BG, 0.25f);
	if (detail && !nm.cut && !nm.marked) {
		const char *p = detail;
		while (*p && nd < 2) {
			const char *e = strchr(p, '\n');
			size_t len = e ? (size_t)(e - p) : strlen(p);
			skl_fitted dm;
			if (len >= sizeof(lines[0]))
				len = sizeof(lines[0]) - 1;
			memcpy(lines[nd], p, len);
			lines[nd][len] = 0;
			skl_dl_fit_measure(v->dl, aw, fsd * 1.2f, lines[nd], &df, &dm);
			if (!dm.lines || dm.cut || room < dm.size * 1.2f)
				break;
			dh[nd] = dm.size * 1.2f;
			room -= dh[nd];
			nd++;
			p = e ? e + 1 : p + len;
		}
	}
	th = nm.height;
	for (k = 0; k < nd; k++)
		th += dh[k];
	ty = y + (h - th) / 2;
	if (!nd) {
		skl_dl_fit_text(v->dl, x + pad, y, aw, h, name, &nf, NULL);
		return;
	}
	nf.flags |= SKL_FIT_TOP;
	skl_dl_fit_text(v->dl, x + pad, ty, aw, h - (ty - y), name, &nf, NULL);
	ty += nm.height;
	for (k = 0; k < nd; k++) {
		skl_dl_fit_text(v->dl, x + pad, ty, aw, dh[k], lines[k], &df, NULL);
		ty += dh[k];
	}
}

static void label(lv *v, float x, float y, float w, float h, const char *name, const char *detail, skl_color ink,
		  float fs)
{
	label_ex(v, x, y, w, h, name, detail, ink, fs, 0);
}

static void size_text(uint64_t bytes, char *out, size_t outsz)
{
	snprintf(out, outsz, "%llu B", (unsigned long long)bytes);
}

static skl_color dim(lv *v, skl_color c, int hl)
{
	return v->any_hl && !hl ? skl_color_mix(c, C_BG, 0.55f) : c;
}

static const char *field_label(const skl_field *f)
{
	return f->name[0] ? f->name : (f->is_union ? "(union)" : "(struct)");
}

/* ---- holes, padding, bit holes -------------------------------------------------------- */

static void draw_hatch(lv *v, skl_view_kind k, uint64_t lo_bits, uint64_t hi_bits, float t0, float t1, const char *key,
		       const char *tip, const char *text, int hl)
{
	span s;
	piece p;
	skl_color bg = dim(v, SKL_HEX(palette[k].fill), hl), line = dim(v, SKL_HEX(palette[k].hue), hl);
	float spacing = skl__clampf(v->bh * 0.22f, 4, 9 * v->u);
	if (hi_bits <= lo_bits)
		return;
	v->used[k] = 1;
	skl_dl_begin(v->dl, key, tip);
	span_init(v, &s, lo_bits, hi_bits, t0, t1);
	while (span_next(v, &s, &p)) {
		float x, y, w, h;
		inset(&p, &x, &y, &w, &h);
		skl_dl_hatch(v->dl, x, y, w, h, bg, k == SKL_VK_PAD ? line : skl_color_mix(line, C_BG, 0.25f),
			     k == SKL_VK_PAD ? spacing * 0.7f : spacing);
		if (p.first && text) {
			/* "hole 3" or "28 bits" when it fits, else just the number */
			char num[32];
			const char *t = text;
			if (skl_dl_text_width(text, v->fs_small) > w - 8 * v->u) {
				const char *d = text + strcspn(text, "0123456789");
				size_t n = strspn(d, "0123456789");
				if (n && n < sizeof(num)) {
					memcpy(num, d, n);
					num[n] = 0;
					t = num;
				}
			}
			label(v, x, y, w, h, t, NULL, dim(v, C_INK2, hl), v->fs_small);
		}
	}
	skl_dl_end(v->dl);
}

static int line_hl(lv *v, uint64_t lo_bits, uint64_t hi_bits)
{
	uint64_t r, rbits = (uint64_t)v->cl * 8;
	if (hi_bits <= lo_bits)
		return 0;
	for (r = lo_bits / rbits; r <= (hi_bits - 1) / rbits && r < v->nrows; r++)
		if (v->hl_line[r])
			return 1;
	return 0;
}

static void draw_hole_after(lv *v, int i, float t0, float t1)
{
	const skl_field *f = &v->l->fields[i];
	char text[64];
	uint64_t lo = f->offset + f->size;
	if (!f->hole_after)
		return;
	snprintf(v->key, sizeof(v->key), "%d:hole:%s", v->o->obj, f->path);
	snprintf(v->tip, sizeof(v->tip),
		 "hole: %llu %s at offset %llu\nafter %s, before the next member's alignment\ncache line %llu",
		 (unsigned long long)f->hole_after, plural(f->hole_after, "byte", "bytes"), (unsigned long long)lo,
		 f->path, (unsigned long long)(lo / v->cl));
	snprintf(text, sizeof(text), "hole %llu", (unsigned long long)f->hole_after);
	draw_hatch(v, SKL_VK_HOLE, lo * 8, (lo + f->hole_after) * 8, t0, t1, v->key, v->tip, text,
		   line_hl(v, lo * 8, (lo + f->hole_after) * 8));
}

static void draw_bit_hole_after(lv *v, int i, float t0, float t1)
{
	const skl_field *f = &v->l->fields[i];
	uint64_t lo = f->bit_pos + f->bit_size;
	char text[64];
	if (!f->bit_size || !f->bit_hole_after)
		return;
	snprintf(v->key, sizeof(v->key), "%d:bithole:%s", v->o->obj, f->path);
	snprintf(v->tip, sizeof(v->tip), "%u unused %s after bitfield %s\nat offset %llu, bit %llu", f->bit_hole_after,
		 plural(f->bit_hole_after, "bit", "bits"), f->path, (unsigned long long)(lo / 8),
		 (unsigned long long)(lo % 8));
	snprintf(text, sizeof(text), "%u %s", f->bit_hole_after, plural(f->bit_hole_after, "bit", "bits"));
	draw_hatch(v, SKL_VK_HOLE, lo, lo + f->bit_hole_after, t0, t1, v->key, v->tip, text,
		   line_hl(v, lo, lo + f->bit_hole_after));
}

/* ---- cache-line groups -------------------------------------------------------------------
 * Since 6.8 the hot structs mark groups of members that one path reads or
 * writes with zero-size members: __cacheline_group_begin(GROUP) and
 * __cacheline_group_end(GROUP) of include/linux/cache.h declare
 * "__u8 __cacheline_group_begin__GROUP[0]" and "..._end__GROUP[0]"
 * (Coco Li's "cache: enforce cache groups", 6.8; tcp_sock's groups came
 * in the same series, d5fed5addb2b, sock's in 6.9). Its
 * CACHELINE_ASSERT_GROUP_MEMBER checks that a member lies between the
 * end of the begin marker and the end marker: bytes [begin, end). The view draws each
 * group as a band under its members' bytes and a labelled bracket in a
 * column right of the grid; the markers become the band's end ticks. A
 * group whose name says "_read_" is read-mostly, "_write_" read-write.
 */
#define GROUP_BEGIN "__cacheline_group_begin__"
#define GROUP_END "__cacheline_group_end__"

enum { G_READ, G_WRITE, G_OTHER };

typedef struct lgroup {
	const char *name; /* GROUP, inside the begin marker's name */
	int begin, end;	  /* the markers' field indexes */
	uint64_t lo, hi;  /* bytes [lo, hi) */
	int kind;	  /* G_READ, G_WRITE, G_OTHER */
	float y0, y1;	  /* the bracket */
} lgroup;

static const uint32_t group_hue[3] = {0x2f8fd0, 0xd55e00, 0x7a7a7a};

static int group_kind(const char *name)
{
	if (strstr(name, "_read_") || !strncmp(name, "read_", 5) || ends_with(name, "_read"))
		return G_READ;
	if (strstr(name, "_write_") || !strncmp(name, "write_", 5) || ends_with(name, "_write"))
		return G_WRITE;
	return G_OTHER;
}

static const char *group_kind_name(int kind)
{
	return kind == G_READ ? "read-mostly" : kind == G_WRITE ? "read-write" : "group";
}

/* Pairs each begin marker with the end marker of the same name and parent;
 * an unpaired marker stays an ordinary member. -1 when out of memory. */
static int find_groups(lv *v)
{
	const skl_layout *l = v->l;
	int i, j, n = 0;
	for (i = 0; i < l->nfields; i++)
		n += !strncmp(l->fields[i].name, GROUP_BEGIN, strlen(GROUP_BEGIN));
	if (!n)
		return 0;
	v->groups = skl_calloc((size_t)n, sizeof(*v->groups));
	if (!v->groups)
		return -1;
	for (i = 0; i < l->nfields; i++) {
		const skl_field *b = &l->fields[i];
		const char *name = b->name + strlen(GROUP_BEGIN);
		if (strncmp(b->name, GROUP_BEGIN, strlen(GROUP_BEGIN)) || b->size || !*name)
			continue;
		for (j = i + 1; j < l->nfields; j++) {
			const skl_field *e = &l->fields[j];
			lgroup *g;
			if (e->parent != b->parent || strncmp(e->name, GROUP_END, strlen(GROUP_END)) || e->size ||
			    strcmp(e->name + strlen(GROUP_END), name))
				continue;
			if (e->offset < b->offset)
				break;
			g = &v->groups[v->ngroups++];
			g->name = name;
			g->begin = i;
			g->end = j;
			g->lo = b->offset;
			g->hi = e->offset;
			g->kind = group_kind(name);
			v->marker[i] = v->marker[j] = 1;
			break;
		}
	}
	return 0;
}

static uint64_t group_rows(const lv *v, const lgroup *g, uint64_t *first, uint64_t *last)
{
	*first = g->lo / v->cl;
	*last = g->hi > g->lo ? (g->hi - 1) / v->cl : *first;
	return g->hi > g->lo ? *last - *first + 1 : 0;
}

/* The label's lines under the name: "111 B", "3 lines" and, when it
 * spans more lines than its bytes need, "2 needed". Returns the count. */
static int group_detail(const lv *v, const lgroup *g, char out[3][48])
{
	uint64_t first, last, lines = group_rows(v, g, &first, &last), need = (g->hi - g->lo + v->cl - 1) / v->cl;
	snprintf(out[0], 48, "%llu B", (unsigned long long)(g->hi - g->lo));
	snprintf(out[1], 48, "%llu %s", (unsigned long long)lines, plural(lines, "line", "lines"));
	if (lines <= need)
		return 2;
	snprintf(out[2], 48, "%llu needed", (unsigned long long)need);
	return 3;
}

/* The name as labelled: without the struct's own name when every group
 * repeats it ("tcp_sock_read_tx" is "read_tx" beside tcp_sock). */
static const char *group_label(const lv *v, const lgroup *g)
{
	const char *n = v->l->name, *sp = strrchr(n, ' ');
	size_t len;
	int k;
	n = sp ? sp + 1 : n;
	len = strlen(n);
	for (k = 0; k < v->ngroups; k++)
		if (strncmp(v->groups[k].name, n, len) || v->groups[k].name[len] != '_' || !v->groups[k].name[len + 1])
			return g->name;
	return g->name + len + 1;
}

static void group_tip(lv *v, const lgroup *g)
{
	uint64_t first, last, lines = group_rows(v, g, &first, &last), need = (g->hi - g->lo + v->cl - 1) / v->cl;
	int i, members = 0;
	for (i = g->begin + 1; i < g->end; i++)
		members += v->l->fields[i].parent == v->l->fields[g->begin].parent && !v->marker[i];
	snprintf(v->tip, sizeof(v->tip), "cache-line group %s (%s)\nbytes %llu-%llu: %llu B, %d %s\ncache %s %llu",
		 g->name, group_kind_name(g->kind), (unsigned long long)g->lo,
		 (unsigned long long)(g->hi ? g->hi - 1 : 0), (unsigned long long)(g->hi - g->lo), members,
		 plural((uint64_t)members, "member", "members"), plural(lines, "line", "lines"),
		 (unsigned long long)first);
	if (last != first)
		skl__catf(v->tip, sizeof(v->tip), "-%llu", (unsigned long long)last);
	skl__catf(v->tip, sizeof(v->tip), " (%llu %s", (unsigned long long)lines, plural(lines, "line", "lines"));
	if (lines > need)
		skl__catf(v->tip, sizeof(v->tip), ", %llu would hold it", (unsigned long long)need);
	skl__catf(v->tip, sizeof(v->tip),
		  ")\nbetween %s%s[0] and %s%s[0]\n(include/linux/cache.h: __cacheline_group_begin/_end)", GROUP_BEGIN,
		  g->name, GROUP_END, g->name);
}

/* The band under the group's bytes and its end ticks, over the members. */
static void draw_group_bands(lv *v)
{
	int k;
	for (k = 0; k < v->ngroups; k++) {
		lgroup *g = &v->groups[k];
		skl_color hue = SKL_HEX(group_hue[g->kind]);
		float sh = floorf(skl__clampf(v->bh * 0.16f, 2, 5 * v->u)), tw = skl__clampf(2 * v->u, 2, 3);
		span s;
		piece p;
		if (g->hi <= g->lo)
			continue;
		snprintf(v->key, sizeof(v->key), "%d:group:%s", v->o->obj, g->name);
		group_tip(v, g);
		skl_dl_begin(v->dl, v->key, v->tip);
		span_init(v, &s, g->lo * 8, g->hi * 8, 0, 1);
		while (span_next(v, &s, &p)) {
			skl_dl_rect(v->dl, p.x, p.y + p.h - sh, p.w, sh, hue, 0, 0);
			if (!p.cut_left) /* the begin marker */
				skl_dl_rect(v->dl, p.x, p.y, tw, p.h, hue, 0, 0);
			if (!p.cut_right) /* the end marker */
				skl_dl_rect(v->dl, p.x + p.w - tw, p.y, tw, p.h, hue, 0, 0);
		}
		skl_dl_end(v->dl);
	}
}

/* The column's width: the widest label, and the brackets' two lanes. */
static float groups_width(lv *v, float w)
{
	float ns = skl__fs(v->dl, floorf(13 * v->u)), ds = skl__fs(v->dl, floorf(12 * v->u)), tw = 0;
	char d[3][48];
	int k, j, n;
	for (k = 0; k < v->ngroups; k++) {
		n = group_detail(v, &v->groups[k], d);
		tw = fmaxf(tw, skl_dl_text_width(group_label(v, &v->groups[k]), ns));
		for (j = 0; j < n; j++)
			tw = fmaxf(tw, skl_dl_text_width(d[j], ds));
	}
	return fminf(tw + 24 * v->u, w * 0.16f);
}

/* Brackets beside the rows each group spans (two lanes, so neighbours
 * sharing a line stay apart) and the labels, moved apart where they would
 * overlap, with a leader to a moved label. Labels that cannot all stand
 * beside the rows keep their names only, or are left to the tooltips. */
static void draw_group_column(lv *v)
{
	float ns = skl__fs(v->dl, floorf(13 * v->u)), ds = skl__fs(v->dl, floorf(12 * v->u));
	float gap = 3 * v->u, top = v->gy, bottom = v->ry[v->nrows], total = 0;
	float lx = v->side_x + 20 * v->u, lw = v->side_w - 21 * v->u, *ly, *lh;
	int k, j, details = 1;
	char d[3][48];
	if (!v->ngroups || lw < 20)
		return;
	ly = skl_calloc((size_t)v->ngroups * 2, sizeof(*ly));
	if (!ly)
		return;
	lh = ly + v->ngroups;
	for (k = 0; k < v->ngroups; k++)
		total += ns * 1.2f + ds * 1.2f * (float)group_detail(v, &v->groups[k], d) + gap;
	if (total > bottom - top) {
		details = 0;
		total = (ns * 1.2f + gap) * (float)v->ngroups;
	}
	for (k = 0; k < v->ngroups; k++) {
		lgroup *g = &v->groups[k];
		uint64_t first, last;
		group_rows(v, g, &first, &last);
		lh[k] = ns * 1.2f + (details ? ds * 1.2f * (float)group_detail(v, g, d) : 0);
		g->y0 = v->ry[first] + 1;
		g->y1 = v->ry[last] + v->bh - 1;
		ly[k] = fmaxf((g->y0 + g->y1) / 2 - lh[k] / 2, k ? ly[k - 1] + lh[k - 1] + gap : top);
	}
	for (k = v->ngroups - 1; k >= 0; k--) { /* back up from the bottom */
		float lim = k == v->ngroups - 1 ? bottom - lh[k] : ly[k + 1] - lh[k] - gap;
		if (ly[k] > lim)
			ly[k] = lim;
	}
	for (k = 0; k < v->ngroups; k++) {
		lgroup *g = &v->groups[k];
		skl_color hue = SKL_HEX(group_hue[g->kind]);
		float bx = v->side_x + (3 + 6 * (float)(k % 2)) * v->u, t = skl__clampf(3 * v->u, 2, 4), mid;
		float ty = ly[k] + ns * 1.2f;
		skl_fit nf = {ns, 0, 1, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK, SKL_FIT_TOP, 0};
		skl_fit df = {ds, 0, 1, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2, SKL_FIT_TOP, 0};
		int n;
		if (g->hi <= g->lo)
			continue;
		snprintf(v->key, sizeof(v->key), "%d:group:%s", v->o->obj, g->name);
		group_tip(v, g);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, bx, g->y0, t, g->y1 - g->y0, hue, 0, 0);
		skl_dl_rect(v->dl, v->side_x + 1, g->y0, bx - v->side_x - 1 + t, t, hue, 0, 0);
		skl_dl_rect(v->dl, v->side_x + 1, g->y1 - t, bx - v->side_x - 1 + t, t, hue, 0, 0);
		if (total <= bottom - top) {
			mid = (g->y0 + g->y1) / 2;
			skl_dl_line(v->dl, bx + t, mid, lx - 3 * v->u,
				    fabsf(ly[k] + lh[k] / 2 - mid) > 2 ? ly[k] + lh[k] / 2 : mid, hue, 1);
			skl_dl_fit_text(v->dl, lx, ly[k], lw, ns * 1.2f, group_label(v, g), &nf, NULL);
			df.color = skl_color_mix(hue, C_INK, 0.45f);
			n = details ? group_detail(v, g, d) : 0;
			for (j = 0; j < n; j++) {
				df.font = j == 2 ? SKL_FONT_BOLD : SKL_FONT_REGULAR;
				skl_dl_fit_text(v->dl, lx, ty, lw, ds * 1.2f, d[j], &df, NULL);
				ty += ds * 1.2f;
			}
		}
		skl_dl_end(v->dl);
	}
	skl_free(ly);
}

/* ---- the c2c overlay ----------------------------------------------------------------------
 * With a heat of coherence misses or HITMs from a coherent model, each
 * touched member carries one cell per CPU along its top edge (blue: that
 * CPU read it, dark: it wrote it), and each line with coherence misses is
 * framed and marked in a column left of the line numbers: "false sharing"
 * when CPUs touched different members and one wrote, "true sharing" when
 * they contended for one member (the rule of k:c2c's report, whose lines
 * these are: skl_heat_line).
 */
#define C_CPU_READ SKL_HEX(0x0072b2)
#define C_CPU_WROTE SKL_HEX(0x1b1f24)
#define C_CONTEND SKL_HEX(0xd55e00)

static unsigned cells_of(const lv *v)
{
	return v->ncpus > SKL_ATTR_CPUS ? SKL_ATTR_CPUS : v->ncpus;
}

static const skl_heat_cpus *field_cpus(const lv *v, int i)
{
	if (!v->cpus || i < 0 || i >= v->heat->nvalues || !(v->cpus[i].read | v->cpus[i].wrote))
		return NULL;
	return &v->cpus[i];
}

/* "r 0,1 · w 0" */
static void cpu_letters(const skl_heat_cpus *c, char *out, size_t outsz)
{
	unsigned k;
	int n = 0;
	out[0] = 0;
	if (c->read) {
		skl__catf(out, outsz, "r");
		for (k = 0; k < 64; k++)
			if ((c->read >> k) & 1)
				skl__catf(out, outsz, "%s%u", n++ ? "," : " ", k);
	}
	if (c->wrote) {
		skl__catf(out, outsz, "%sw", out[0] ? " \xc2\xb7 " : "");
		for (n = 0, k = 0; k < 64; k++)
			if ((c->wrote >> k) & 1)
				skl__catf(out, outsz, "%s%u", n++ ? "," : " ", k);
	}
}

static void cpu_tip(const lv *v, const skl_heat_cpus *c, char *out, size_t outsz)
{
	unsigned k;
	for (k = 0; k < v->ncpus && k < 64; k++) {
		int rd = (c->read >> k) & 1, wr = (c->wrote >> k) & 1;
		if (!rd && !wr)
			continue;
		if (k < SKL_ATTR_CPUS)
			skl__catf(out, outsz, "\nCPU %u: %u %s, %u %s", k, c->reads[k],
				  c->reads[k] == 1 ? "read" : "reads", c->writes[k],
				  c->writes[k] == 1 ? "write" : "writes");
		else
			skl__catf(out, outsz, "\nCPU %u: %s", k, wr ? "wrote" : "read");
	}
}

/* One cell per CPU along the top of a member's first block; returns the
 * height they take from the top (0 when they do not fit). */
static float draw_cpu_cells(lv *v, const skl_heat_cpus *c, float x, float y, float w, float h, int hl)
{
	unsigned n = cells_of(v), k;
	float cw, ch = floorf(skl__clampf(h * 0.16f, 3, 9 * v->u)), pad = w > 12 ? 2 : 1;
	if (!n || w < 2 * pad + 2 * (float)n || h < 6)
		return 0;
	cw = fminf((w - 2 * pad) / (float)n, 16 * v->u);
	/* a white mat, so the cells read on any heat colour */
	skl_dl_rect(v->dl, x + pad - 1, y + 1, cw * (float)n + 1, ch + 2, dim(v, C_BG, hl), 0, 0);
	for (k = 0; k < n; k++) {
		int rd = (c->read >> k) & 1, wr = (c->wrote >> k) & 1;
		float cx = x + pad + (float)k * cw;
		skl_color fill = wr ? C_CPU_WROTE : rd ? C_CPU_READ : C_BG;
		skl_dl_rect(v->dl, cx, y + 2, fmaxf(cw - 1, 1), ch, dim(v, fill, hl),
			    cw > 4 ? dim(v, wr || rd ? fill : C_RULE, hl) : 0, cw > 4 ? 1 : 0);
	}
	return ch + 3;
}

static const char *sharing_text(const skl_heat_line *hl)
{
	if (!hl->true_sharing && !hl->false_sharing)
		return "contended";
	return skl_c2c_sharing(hl->true_sharing, hl->false_sharing, 1);
}

static void cpu_list(uint64_t mask, char *out, size_t outsz)
{
	unsigned k;
	int n = 0;
	out[0] = 0;
	for (k = 0; k < 64; k++)
		if ((mask >> k) & 1)
			skl__catf(out, outsz, "%s%u", n++ ? "," : "", k);
	if (!n)
		snprintf(out, outsz, "none");
}

/* Is row r contended and drawn? */
static int contended_row(const lv *v, uint64_t r)
{
	return r < v->nrows && v->heat && r < (uint64_t)v->heat->nlines && v->contended[r] && !v->folded[r];
}

/* The contention marks: a frame on each contended row, and left of the
 * gutter one label for each run of adjacent rows that share the same
 * kind of sharing (four contended lines in a row read as one band, and
 * still fit where the rows are low, as in presentation type). */
static void draw_contention(lv *v, float x)
{
	uint64_t r, r2, q;
	float t = skl__clampf(2.5f * v->u, 2, 4);
	for (r = 0; r < v->nrows; r = r2 + 1) {
		const skl_heat_line *hl;
		char rd[200], wr[200], det[96], lines[48];
		uint64_t coh = 0, hitm = 0;
		float y, y2;
		r2 = r;
		if (!contended_row(v, r))
			continue;
		hl = &v->heat->lines[r];
		while (contended_row(v, r2 + 1) && !strcmp(sharing_text(&v->heat->lines[r2 + 1]), sharing_text(hl)))
			r2++;
		for (q = r; q <= r2; q++) {
			const skl_heat_line *ql = &v->heat->lines[q];
			cpu_list(ql->cpus_read, rd, sizeof(rd));
			cpu_list(ql->cpus_wrote, wr, sizeof(wr));
			snprintf(v->key, sizeof(v->key), "%d:contention:%llu", v->o->obj, (unsigned long long)q);
			snprintf(v->tip, sizeof(v->tip),
				 "cache line %llu: %s\n%llu coherence %s, %llu HITM\nCPUs that read it: %s; wrote it: "
				 "%s\n%s",
				 (unsigned long long)q, sharing_text(ql), (unsigned long long)ql->coherence,
				 ql->coherence == 1 ? "miss" : "misses", (unsigned long long)ql->hitm, rd, wr,
				 ql->true_sharing
				     ? "true sharing: CPUs contend for one member, one of them writing it"
				     : "false sharing: CPUs touch different members of the line, one writes");
			if (ql->true_sharing && ql->false_sharing)
				skl__catf(v->tip, sizeof(v->tip),
					  "\nfalse sharing too: other members beside a written one");
			skl__catf(v->tip, sizeof(v->tip), "\n(the rule of k:c2c()'s report)");
			skl_dl_begin(v->dl, v->key, v->tip);
			skl_dl_rect(v->dl, v->gx - t, v->ry[q] - t, v->gw + 2 * t, v->bh + 2 * t, 0, C_CONTEND, t);
			skl_dl_end(v->dl);
			coh += ql->coherence;
			hitm += ql->hitm;
		}
		y = v->ry[r];
		y2 = v->ry[r2] + v->bh;
		if (r2 > r)
			snprintf(lines, sizeof(lines), "lines %llu-%llu", (unsigned long long)r,
				 (unsigned long long)r2);
		else
			snprintf(lines, sizeof(lines), "line %llu", (unsigned long long)r);
		snprintf(v->key, sizeof(v->key), "%d:contention-label:%llu", v->o->obj, (unsigned long long)r);
		snprintf(v->tip, sizeof(v->tip), "cache %s: %s\n%llu coherence misses, %llu HITM in all", lines,
			 sharing_text(hl), (unsigned long long)coh, (unsigned long long)hitm);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, x, y, v->cont_w - 8 * v->u, y2 - y, skl_color_mix(C_CONTEND, C_BG, 0.85f), C_CONTEND,
			    1);
		snprintf(det, sizeof(det), "%llu coh \xc2\xb7 %llu HITM", (unsigned long long)coh,
			 (unsigned long long)hitm);
		label(v, x, y, v->cont_w - 8 * v->u, y2 - y, sharing_text(hl), det, SKL_HEX(0x8a3300), v->fs_small);
		skl_dl_end(v->dl);
	}
}

/* ---- members --------------------------------------------------------------------------- */

static void draw_field(lv *v, int i, float t0, float t1);

/* ---- heat ------------------------------------------------------------------------------ */

static double heat_value(const lv *v, int i)
{
	return v->heat && i >= 0 && i < v->heat->nvalues && v->heat->value[i] > 0 ? v->heat->value[i] : 0;
}

/* Field i's place on the heat scale: 0 untouched, else (0, 1] (never so
 * small that it reads as untouched). */
static double heat_t(const lv *v, int i)
{
	double x = heat_value(v, i);
	if (!(x > 0) || !(v->heat_max > 0))
		return 0;
	x /= v->heat_max;
	return x < 0.02 ? 0.02 : x > 1 ? 1 : x;
}

/* 76, 1.5, 12,345 */
static void heat_number(double x, char *out, size_t outsz)
{
	if (x == floor(x) && x >= 0 && x < 1e15) {
		skl__thousands((uint64_t)x, out, outsz);
	} else {
		snprintf(out, outsz, "%.3g", x);
	}
}

static void begin_field(lv *v, int i)
{
	snprintf(v->key, sizeof(v->key), "%d:field:%s", v->o->obj, v->l->fields[i].path);
	skl_view_field_tooltip(v->l, i, v->tip, sizeof(v->tip));
	if (v->heat) {
		char num[48];
		heat_number(heat_value(v, i), num, sizeof(num));
		skl__catf(v->tip, sizeof(v->tip), "\n%s: %s%s", v->heat->label[0] ? v->heat->label : "heat", num,
			  heat_value(v, i) > 0 ? "" : " (untouched)");
		if (heat_value(v, i) > 0 && v->heat_max > 0)
			skl__catf(v->tip, sizeof(v->tip), ", %.0f %% of the hottest",
				  100.0 * heat_value(v, i) / v->heat_max);
		if (field_cpus(v, i))
			cpu_tip(v, field_cpus(v, i), v->tip, sizeof(v->tip));
	}
	skl_dl_begin(v->dl, v->key, v->tip);
}

/* Outline of a highlighted piece, drawn over the fill; open where the
 * member continues on another row. */
static void hl_outline(lv *v, const piece *p, float x, float y, float w, float h)
{
	float t = floorf(skl__clampf(2.5f * v->u, 2, 4));
	if (w <= 2 * t || h <= 2 * t) {
		skl_dl_rect(v->dl, x, y, w, h, 0, C_HL, 1);
		return;
	}
	skl_dl_rect(v->dl, x, y, w, t, C_HL, 0, 0);
	skl_dl_rect(v->dl, x, y + h - t, w, t, C_HL, 0, 0);
	if (!p->cut_left)
		skl_dl_rect(v->dl, x, y, t, h, C_HL, 0, 0);
	if (!p->cut_right)
		skl_dl_rect(v->dl, x + w - t, y, t, h, C_HL, 0, 0);
}

/* A filled block with a hairline edge; edges where a member continues on
 * another row stay open. */
static void block(lv *v, const piece *p, float x, float y, float w, float h, skl_color fill, skl_color edge)
{
	if (!p->cut_left && !p->cut_right) {
		skl_dl_rect(v->dl, x, y, w, h, fill, edge, w > 3 && h > 3 ? 1.0f : 0.0f);
		return;
	}
	skl_dl_rect(v->dl, x, y, w, h, fill, 0, 0);
	if (h <= 3)
		return;
	skl_dl_rect(v->dl, x, y, w, 1, edge, 0, 0);
	skl_dl_rect(v->dl, x, y + h - 1, w, 1, edge, 0, 0);
	if (!p->cut_left)
		skl_dl_rect(v->dl, x, y, 1, h, edge, 0, 0);
	if (!p->cut_right)
		skl_dl_rect(v->dl, x + w - 1, y, 1, h, edge, 0, 0);
}

/* A plain member (or a bitfield: its bits) as blocks, one per row it covers. */
static void draw_leaf(lv *v, int i, float t0, float t1)
{
	const skl_field *f = &v->l->fields[i];
	skl_view_kind k = skl_view_field_kind(f);
	int hl = v->hl[i];
	skl_color fill = dim(v, SKL_HEX(v->strip ? palette[k].hue : palette[k].fill), hl);
	skl_color edge = dim(v, SKL_HEX(palette[k].hue), hl);
	skl_color ink = dim(v, C_INK, hl);
	uint64_t lo, hi;
	char detail[300], sz[32], cont[300], heat_name[300] = "", heat_short[300] = "";
	span s;
	piece p;

	v->used[k] = 1;
	if (k == SKL_VK_STRUCT && !v->strip && f->size >= v->cl) {
		/* nested structs a line or more long, side by side (sock, tcp_opt,
		 * inet_opt in one object): every other one a darker tint, so the
		 * line where one ends and the next begins shows */
		int j, nth = 0;
		for (j = 0; j < i; j++)
			if (v->l->fields[j].parent == f->parent && v->l->fields[j].size >= v->cl &&
			    skl_view_field_kind(&v->l->fields[j]) == SKL_VK_STRUCT)
				nth++;
		if (nth % 2)
			fill = dim(v, skl_color_mix(SKL_HEX(palette[k].fill), SKL_HEX(palette[k].hue), 0.35f), hl);
	}
	if (v->heat) {
		double t = heat_t(v, i);
		fill = dim(v, skl__heat_color(t), hl);
		edge = dim(v, t > 0 ? skl_color_mix(skl__heat_color(t), C_INK, 0.4f) : C_RULE, hl);
		ink = dim(v, skl__heat_ink(t), hl);
	}
	if (f->bit_size) {
		lo = f->bit_pos;
		hi = lo + f->bit_size;
		snprintf(detail, sizeof(detail), "%u %s\n@%llu bit %u", f->bit_size, plural(f->bit_size, "bit", "bits"),
			 (unsigned long long)f->offset, f->bit_offset);
	} else {
		lo = f->offset * 8;
		hi = lo + f->size * 8;
		size_text(f->size, sz, sizeof(sz));
		snprintf(detail, sizeof(detail), "%s \xc2\xb7 %s", f->type_name, sz);
		if (v->union_alts)
			skl__catf(detail, sizeof(detail), " \xc2\xb7 %s of %d in a union",
				  v->union_alts > 0 ? "largest" : "one", abs(v->union_alts));
		skl__catf(detail, sizeof(detail), "\n@%llu", (unsigned long long)f->offset);
	}
	if (field_cpus(v, i)) {
		/* the c2c overlay: which CPUs read and wrote it, as letters too */
		char cpus[160], rest[300];
		cpu_letters(field_cpus(v, i), cpus, sizeof(cpus));
		memcpy(rest, detail, sizeof(rest));
		detail[0] = 0;
		skl__catf(detail, sizeof(detail), "%s\n%s", cpus, rest);
	}
	if (v->heat && heat_value(v, i) > 0) {
		/* the value first, so it shows in a block with room for one line */
		char num[48], rest[300];
		heat_number(heat_value(v, i), num, sizeof(num));
		memcpy(rest, detail, sizeof(rest));
		detail[0] = 0;
		skl__catf(detail, sizeof(detail), "%s %s\n%s", num, v->heat->label, rest);
		skl__catf(heat_short, sizeof(heat_short), "%s\n%s", num, rest);
		snprintf(heat_name, sizeof(heat_name), "%s \xc2\xb7 %s", field_label(f), num);
	}
	v->union_alts = 0;
	begin_field(v, i);
	if (hi == lo) {
		/* a flexible array: a bar where it would start */
		float x = v->gx + (float)(f->offset % v->cl) * v->bw;
		float y;
		if (f->offset / v->cl >= v->nrows) {
			/* just past the end of a struct that fills its last line */
			x = v->gx + v->gw;
			y = v->ry[v->nrows - 1];
		} else {
			y = v->ry[f->offset / v->cl];
		}
		skl_dl_rect(v->dl, x - 2, y + t0 * v->bh, 4, (t1 - t0) * v->bh, edge, 0, 0);
		skl_dl_end(v->dl);
		return;
	}
	span_init(v, &s, lo, hi, t0, t1);
	while (span_next(v, &s, &p)) {
		float x, y, w, h;
		inset(&p, &x, &y, &w, &h);
		block(v, &p, x, y, w, h, fill, edge);
		if (p.first && k == SKL_VK_STRUCT && !v->strip && f->size >= v->cl && f->offset % v->cl)
			/* where a nested struct begins inside a line: a bold edge */
			skl_dl_rect(v->dl, x, y, fmaxf(2, 3 * v->u), h, dim(v, SKL_HEX(palette[k].hue), hl), 0, 0);
		if (hl == 1 && !v->strip && s.last - lo / (8 * (uint64_t)v->cl) < 3)
			hl_outline(v, &p, x, y, w, h);
		if (p.first) {
			const char *name =
			    f->depth && skl_dl_text_width(f->path, v->fs) < w - 8 ? f->path : field_label(f);
			/* with heat, a block too low for the detail line shows "name · value" */
			const char *d = detail;
			if (heat_name[0] && h < v->fs * 1.2f + v->fs * 0.78f * 1.2f + 6 &&
			    skl_dl_text_width(heat_name, v->fs) < w - 8 * v->u)
				name = heat_name;
			/* a narrow block keeps the number and drops the unit */
			if (heat_short[0]) {
				char first[300];
				size_t n = strcspn(detail, "\n");
				memcpy(first, detail, n);
				first[n] = 0;
				if (skl_dl_text_width(first, floorf(v->fs * 0.78f)) > w - 8 * v->u)
					d = heat_short;
			}
			if (field_cpus(v, i) && !v->strip) {
				/* the CPU cells along the top, the label under them */
				float cs = draw_cpu_cells(v, field_cpus(v, i), x, y, w, h, hl);
				label_ex(v, x, y + cs, w, h - cs, name, d, ink, v->fs, hl == 1 ? 2 : 1);
			} else {
				label_ex(v, x, y, w, h, name, d, ink, v->fs, hl == 1 ? 2 : 1);
			}
		} else {
			snprintf(cont, sizeof(cont), "\xe2\x86\xb3 %s", field_label(f));
			label(v, x, y, w, h, cont, NULL, skl_color_mix(ink, fill, 0.35f), v->fs_small);
		}
	}
	skl_dl_end(v->dl);
}

static int largest_child(const skl_layout *l, int parent)
{
	int j, best = -1;
	for (j = parent + 1; j < l->nfields && l->fields[j].depth > l->fields[parent].depth; j++)
		if (l->fields[j].parent == parent && (best < 0 || l->fields[j].size > l->fields[best].size))
			best = j;
	return best;
}

/* The members of an expanded record (or the top level when parent < 0),
 * with their holes, in the band t0..t1. */
static void draw_members(lv *v, int parent, float t0, float t1)
{
	const skl_layout *l = v->l;
	int j, start = parent + 1, depth = parent >= 0 ? l->fields[parent].depth : -1;
	for (j = start; j < l->nfields && l->fields[j].depth > depth; j++) {
		if (l->fields[j].parent != parent)
			continue;
		if (!v->marker[j]) /* a group's markers: its band's end ticks */
			draw_field(v, j, t0, t1);
		draw_hole_after(v, j, t0, t1);
		draw_bit_hole_after(v, j, t0, t1);
	}
}

/*
 * A union: a frame over its bytes, then its alternatives. When the band is
 * tall enough each alternative gets a labelled lane; otherwise the largest
 * fills the band and the others are thin strips under it, as long as they
 * are, so the bytes the smaller ones leave unused show. The tooltip lists
 * every alternative.
 */
static void draw_union(lv *v, int i, float t0, float t1)
{
	const skl_layout *l = v->l;
	const skl_field *f = &l->fields[i];
	int hl = v->hl[i];
	skl_color fill = dim(v, skl_color_mix(SKL_HEX(palette[SKL_VK_UNION].fill), C_BG, 0.45f), hl);
	skl_color edge = dim(v, SKL_HEX(palette[SKL_VK_UNION].hue), hl);
	float band = (t1 - t0) * v->bh, lane = v->fs * 1.5f + 4;
	int n = 0, j, k, big = largest_child(l, i);
	span s;
	piece p;

	/* the alternative the step is about (highlighted, or named by the
	 * caption) takes the main lane, the others the strips */
	for (j = i + 1; j < l->nfields && l->fields[j].depth > f->depth; j++)
		if (l->fields[j].parent == i &&
		    (v->hl[j] == 1 || skl_dl_is_protected(v->dl, field_label(&l->fields[j])))) {
			big = j;
			break;
		}
	v->used[SKL_VK_UNION] = 1;
	for (j = i + 1; j < l->nfields && l->fields[j].depth > f->depth; j++)
		if (l->fields[j].parent == i)
			n++;
	begin_field(v, i);
	span_init(v, &s, f->offset * 8, (f->offset + f->size) * 8, t0, t1);
	while (span_next(v, &s, &p)) {
		float x, y, w, h;
		inset(&p, &x, &y, &w, &h);
		block(v, &p, x, y, w, h, fill, edge);
		if (hl == 1 && f->cl_last - f->cl_first < 3)
			hl_outline(v, &p, x, y, w, h);
	}
	skl_dl_end(v->dl);
	if (n == 0)
		return;

	if ((float)n * lane <= band - 2) {
		/* one labelled lane per alternative */
		k = 0;
		for (j = i + 1; j < l->nfields && l->fields[j].depth > f->depth; j++) {
			float a, b, gap;
			if (l->fields[j].parent != i)
				continue;
			a = t0 + (t1 - t0) * (float)k / (float)n;
			b = t0 + (t1 - t0) * (float)(k + 1) / (float)n;
			gap = 1.5f / v->bh;
			draw_field(v, j, a + gap, b - gap);
			k++;
		}
		return;
	}
	{
		/* the largest over most of the band, the others (largest first) as strips */
		float strip = skl__clampf(band * 0.2f, 4, 8 * v->u);
		int nstrips = n - 1, maxstrips = (int)(band * 0.45f / strip), order[64], no = 0, a, b;
		float tm;
		if (nstrips > maxstrips)
			nstrips = maxstrips;
		for (j = i + 1; j < l->nfields && l->fields[j].depth > f->depth && no < 64; j++)
			if (l->fields[j].parent == i && j != big)
				order[no++] = j;
		for (a = 1; a < no; a++) /* stable insertion sort by size, largest first */
			for (b = a; b > 0 && l->fields[order[b]].size > l->fields[order[b - 1]].size; b--) {
				int t = order[b];
				order[b] = order[b - 1];
				order[b - 1] = t;
			}
		if (nstrips > no)
			nstrips = no;
		tm = t1 - (float)nstrips * strip / v->bh;
		v->union_alts = big == largest_child(l, i) ? n : -n;
		draw_field(v, big, t0, tm);
		v->union_alts = 0;
		v->strip = 1;
		for (k = 0; k < nstrips; k++) {
			float at = tm + (float)k * strip / v->bh;
			draw_field(v, order[k], at + 1 / v->bh, at + strip / v->bh);
		}
		v->strip = 0;
	}
}

static void draw_struct(lv *v, int i, float t0, float t1)
{
	const skl_field *f = &v->l->fields[i];
	int hl = v->hl[i];
	skl_color edge = dim(v, SKL_HEX(palette[SKL_VK_STRUCT].hue), hl);
	span s;
	piece p;
	/* a thin frame behind the members, hoverable in the gaps */
	begin_field(v, i);
	span_init(v, &s, f->offset * 8, (f->offset + f->size) * 8, t0, t1);
	while (span_next(v, &s, &p)) {
		float x, y, w, h;
		inset(&p, &x, &y, &w, &h);
		skl_dl_rect(v->dl, x, y, w, h,
			    dim(v, skl_color_mix(SKL_HEX(palette[SKL_VK_STRUCT].fill), C_BG, 0.6f), hl), edge, 1.5f);
	}
	skl_dl_end(v->dl);
	draw_members(v, i, t0, t1);
	if (f->padding) {
		uint64_t lo = f->offset + f->size - f->padding;
		snprintf(v->key, sizeof(v->key), "%d:pad:%s", v->o->obj, f->path);
		snprintf(v->tip, sizeof(v->tip), "padding: %llu %s at the end of %s (offset %llu)",
			 (unsigned long long)f->padding, plural(f->padding, "byte", "bytes"), f->path,
			 (unsigned long long)lo);
		draw_hatch(v, SKL_VK_PAD, lo * 8, (lo + f->padding) * 8, t0, t1, v->key, v->tip, "pad", hl);
	}
	v->used[SKL_VK_STRUCT] = 1;
}

static void draw_field(lv *v, int i, float t0, float t1)
{
	const skl_field *f = &v->l->fields[i];
	if (f->expanded && f->is_union)
		draw_union(v, i, t0, t1);
	else if (f->expanded)
		draw_struct(v, i, t0, t1);
	else
		draw_leaf(v, i, t0, t1);
}

/* ---- highlights ------------------------------------------------------------------------ */

static void mark_subtree(lv *v, int i)
{
	const skl_layout *l = v->l;
	int j;
	v->hl[i] = 1;
	for (j = i + 1; j < l->nfields && l->fields[j].depth > l->fields[i].depth; j++)
		v->hl[j] = 1;
}

static void resolve_highlights(lv *v)
{
	const skl_layout *l = v->l;
	int h, i;
	for (h = 0; h < v->o->nhighlight; h++) {
		const char *name = v->o->highlight[h];
		unsigned long long line;
		char extra;
		if (!name)
			continue;
		if (sscanf(name, "line:%llu%c", &line, &extra) == 1) {
			if (line < v->nrows) {
				v->hl_line[line] = 1;
				v->any_hl = 1;
				for (i = 0; i < l->nfields; i++)
					if (l->fields[i].cl_first <= line && l->fields[i].cl_last >= line && !v->hl[i])
						v->hl[i] = 2;
			}
			continue;
		}
		i = skl_layout_find(l, name);
		if (i >= 0) {
			mark_subtree(v, i);
			v->any_hl = 1;
		}
	}
}

/* ---- header, gutter, ruler, legend ------------------------------------------------------ */

/* One line (or a few) of the header at y; returns the height it takes.
 * With dry, appends nothing. */
static float header_text(lv *v, float x, float y, float w, float h, const char *text, float size, int font,
			 skl_color ink, int lines, int dry)
{
	skl_fit f = {size, 0, lines, font, SKL_ALIGN_LEFT, ink, SKL_FIT_TOP | SKL_FIT_WRAP, 1.25f};
	skl_fitted m;
	if (dry)
		skl_dl_fit_measure(v->dl, w, h * (float)lines, text, &f, &m);
	else
		skl_dl_fit_text(v->dl, x, y, w, h * (float)lines, text, &f, &m);
	if (!m.lines)
		return 0;
	return fmaxf(h, m.size * 1.25f * (float)(m.lines - 1) + h);
}

/*
 * The header: the struct's name, its size facts (after the name when they
 * fit there), pahole's footer and the layout's note, each wrapped to a
 * few lines rather than cut. Returns its height; with dry, draws nothing
 * (header_height).
 */
static float header(lv *v, float x, float y, float w, int dry)
{
	const skl_layout *l = v->l;
	char line[1024];
	float ts = floorf(28 * v->hu), ss = floorf(15 * v->hu), y0 = y, tw, th;
	skl_fit tf = {ts, 0, 1, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK, SKL_FIT_TOP | SKL_FIT_NO_ABBREV, 0};
	skl_fitted tm;

	if (!dry) {
		snprintf(v->key, sizeof(v->key), "%d:struct", v->o->obj);
		snprintf(v->tip, sizeof(v->tip),
			 "%s\n%llu bytes, align %u, %llu cache %s of %u bytes\nABI %s (%s)%s%s\nconfig: %s", l->name,
			 (unsigned long long)l->size, l->align, (unsigned long long)l->cachelines,
			 plural(l->cachelines, "line", "lines"), l->cacheline, l->abi ? l->abi->name : "?",
			 l->abi ? l->abi->model : "?", l->packed ? "\n__attribute__((packed))" : "", "",
			 l->config && *l->config ? l->config : "(none)");
		skl_dl_begin(v->dl, v->key, v->tip);
	}
	/* the name: one line, smaller type before it would be cut */
	tf.lines = 2;
	skl_dl_fit_measure(v->dl, w, 34 * v->hu * 2, l->name, &tf, &tm);
	if (!dry)
		skl_dl_fit_text(v->dl, x, y, w, 34 * v->hu * 2, l->name, &tf, NULL);
	tw = tm.width;
	th = tm.lines > 1 ? tm.height + 8 * v->hu : 34 * v->hu;
	/* size facts on the title line, after the name */
	snprintf(line, sizeof(line), "%llu bytes \xc2\xb7 %llu cache %s of %u B \xc2\xb7 align %u \xc2\xb7 %s %s",
		 (unsigned long long)l->size, (unsigned long long)l->cachelines, plural(l->cachelines, "line", "lines"),
		 l->cacheline, l->align, l->abi ? l->abi->name : "?", l->abi ? l->abi->model : "");
	if (tm.lines == 1 && tw + 20 * v->hu + skl_dl_text_width(line, ss) <= w) {
		if (!dry)
			skl__text(v->dl, x + tw + 18 * v->hu, y + 3 * v->hu, w - tw - 18 * v->hu, 34 * v->hu, line, ss,
				  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		y += th;
	} else {
		y += th;
		y += header_text(v, x, y, w, 24 * v->hu, line, ss, SKL_FONT_REGULAR, C_INK2, 2, dry);
	}
	/* the footer pahole prints */
	snprintf(line, sizeof(line), "%d members \xc2\xb7 %d %s, %llu B", l->members, l->holes,
		 plural((uint64_t)l->holes, "hole", "holes"), (unsigned long long)l->sum_holes);
	if (l->bit_holes)
		skl__catf(line, sizeof(line), " \xc2\xb7 %d bit %s, %u bits", l->bit_holes,
			  plural((uint64_t)l->bit_holes, "hole", "holes"), l->sum_bit_holes);
	skl__catf(line, sizeof(line), " \xc2\xb7 padding %llu B", (unsigned long long)l->padding);
	if (l->last_cacheline)
		skl__catf(line, sizeof(line), " \xc2\xb7 last line %llu/%u B used",
			  (unsigned long long)l->last_cacheline, l->cacheline);
	y += header_text(v, x, y, w, 24 * v->hu, line, floorf(ss * 0.9f), SKL_FONT_REGULAR, C_INK3, 2, dry);
	if (l->config && *l->config) {
		/* the config, without the CONFIG_ every name starts with; a
		 * count when even that takes more than a line (the tooltip has
		 * them all) */
		char cfg[1024];
		const char *p = l->config;
		int n = 0;
		skl_fitted cm;
		skl_fit cf = {floorf(ss * 0.9f),	  0,	1, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3,
			      SKL_FIT_TOP | SKL_FIT_WRAP, 1.25f};
		snprintf(cfg, sizeof(cfg), "config:");
		while (*p) {
			size_t len = strcspn(p, ",");
			if (!strncmp(p, "CONFIG_", 7) && len > 7) {
				p += 7;
				len -= 7;
			}
			skl__catf(cfg, sizeof(cfg), "%s%.*s", n ? ", " : " ", (int)len, p);
			n++;
			p += len;
			if (*p == ',')
				p++;
		}
		skl_dl_fit_measure(v->dl, w, 24 * v->hu, cfg, &cf, &cm);
		if (cm.cut || !cm.lines)
			snprintf(cfg, sizeof(cfg), "config: %d options (hover for the list)", n);
		y += header_text(v, x, y, w, 24 * v->hu, cfg, floorf(ss * 0.9f), SKL_FONT_REGULAR, C_INK3, 1, dry);
	}
	if (l->note && *l->note)
		y += header_text(v, x, y, w, 22 * v->hu, l->note, floorf(ss * 0.85f), SKL_FONT_REGULAR, C_INK3, 3, dry);
	if (!dry)
		skl_dl_end(v->dl);
	return y - y0 + 10 * v->hu;
}

static float header_height(lv *v, const skl_layout *l)
{
	(void)l;
	return header(v, 0, 0, v->hdr_w, 1);
}

static void draw_header(lv *v, float x, float y, float w)
{
	header(v, x, y, w, 0);
}

/* The gutter's two columns: cache-line numbers and byte offsets. */
typedef struct gutter {
	float gs, hs;	  /* number and heading sizes */
	float c1, c2;	  /* column widths */
	float gap, right; /* between the columns; before the grid */
} gutter;

static void gutter_measure(lv *v, gutter *g)
{
	char a[32], b[32];
	snprintf(a, sizeof(a), "%llu", (unsigned long long)(v->nrows ? v->nrows - 1 : 0));
	snprintf(b, sizeof(b), "%llu", (unsigned long long)((v->nrows ? v->nrows - 1 : 0) * v->cl));
	g->gs = skl__fs(v->dl, floorf(skl__clampf(v->bh * 0.55f, 8, 16 * v->u)));
	g->hs = skl__fs(v->dl, floorf(12 * v->u));
	g->c1 = fmaxf(skl_dl_text_width(a, g->gs), skl_dl_text_width("line", g->hs));
	g->c2 = fmaxf(skl_dl_text_width(b, g->gs), skl_dl_text_width("offset", g->hs));
	g->gap = 10 * v->u;
	g->right = 14 * v->u;
}

static float gutter_width(const gutter *g)
{
	return g->c1 + g->gap + g->c2 + g->right;
}

static void draw_gutter(lv *v, float x, const gutter *g)
{
	uint64_t r;
	float col2 = x + g->c1 + g->gap;
	float hy = v->gy - 24 * v->u;
	skl__text(v->dl, x, hy, g->c1, 16 * v->u, "line", g->hs, SKL_FONT_REGULAR, SKL_ALIGN_RIGHT, C_INK3);
	skl__text(v->dl, col2, hy, g->c2, 16 * v->u, "offset", g->hs, SKL_FONT_REGULAR, SKL_ALIGN_RIGHT, C_INK3);
	for (r = 0; r < v->nrows; r++) {
		char a[32], b[32];
		float y = v->ry[r];
		int hl = v->hl_line[r];
		if (v->folded[r])
			continue;
		snprintf(v->key, sizeof(v->key), "%d:line:%llu", v->o->obj, (unsigned long long)r);
		snprintf(v->tip, sizeof(v->tip), "cache line %llu\nbytes %llu-%llu (0x%llx-0x%llx)",
			 (unsigned long long)r, (unsigned long long)(r * v->cl),
			 (unsigned long long)(r * v->cl + v->cl - 1), (unsigned long long)(r * v->cl),
			 (unsigned long long)(r * v->cl + v->cl - 1));
		skl_dl_begin(v->dl, v->key, v->tip);
		snprintf(a, sizeof(a), "%llu", (unsigned long long)r);
		snprintf(b, sizeof(b), "%llu", (unsigned long long)(r * v->cl));
		if (hl)
			skl_dl_rect(v->dl, x - 6 * v->u, y, gutter_width(g) - 4 * v->u, v->bh, C_HL, 0, 0);
		else
			skl_dl_rect(v->dl, x - 6 * v->u, y, gutter_width(g) - 4 * v->u, v->bh, 0, 0, 0);
		if (v->bh >= 7) {
			skl__text(v->dl, x, y, g->c1, v->bh, a, g->gs, SKL_FONT_BOLD, SKL_ALIGN_RIGHT,
				  hl ? C_BG : C_INK);
			skl__text(v->dl, col2, y, g->c2, v->bh, b, g->gs, SKL_FONT_REGULAR, SKL_ALIGN_RIGHT,
				  hl ? C_BG : C_INK3);
		}
		skl_dl_end(v->dl);
	}
}

static void draw_ruler(lv *v)
{
	unsigned step = 4, b;
	float rs = skl__fs(v->dl, floorf(12 * v->u));
	float y = v->gy - 24 * v->u;
	float tw = skl_dl_text_width("000", rs) + 8;
	while (step < v->cl && (float)step * v->bw < tw + 6 * v->u)
		step *= 2;
	if (step > v->cl)
		step = v->cl;
	for (b = 0; b <= v->cl; b++) {
		float x = v->gx + (float)b * v->bw;
		int major = b % step == 0;
		if (!major && v->bw < 5)
			continue;
		skl_dl_line(v->dl, x, v->gy - (major ? 7 : 4) * v->u, x, v->gy - 2 * v->u, major ? C_INK3 : C_RULE, 1);
		if (major) {
			char t[16];
			snprintf(t, sizeof(t), "%u", b);
			float tx = b == 0 ? x : b == v->cl ? x - tw : x - tw / 2;
			skl__text(v->dl, tx, y, tw, 16 * v->u, t, rs, SKL_FONT_REGULAR,
				  b == 0       ? SKL_ALIGN_LEFT
				  : b == v->cl ? SKL_ALIGN_RIGHT
					       : SKL_ALIGN_CENTER,
				  C_INK3);
		}
	}
}

/* Row tracks behind the blocks, with word boundaries, and the struct's end. */
static void draw_tracks(lv *v)
{
	const skl_layout *l = v->l;
	unsigned word = l->abi ? l->abi->size[SKL_B_PTR] : 8, b;
	uint64_t r;
	for (r = 0; r < v->nrows; r++) {
		float y = v->ry[r];
		if (v->folded[r])
			continue;
		skl_dl_rect(v->dl, v->gx, y, v->gw, v->bh, C_TRACK, 0, 0);
		for (b = word; b < v->cl && v->bh > 4; b += word)
			skl_dl_line(v->dl, v->gx + (float)b * v->bw, y, v->gx + (float)b * v->bw, y + v->bh, C_RULE, 1);
	}
	if (l->size % v->cl && v->nrows) {
		uint64_t last = v->nrows - 1;
		float y = v->ry[last];
		float x = v->gx + (float)(l->size % v->cl) * v->bw;
		float w = v->gx + v->gw - x;
		skl_dl_begin(v->dl, NULL, NULL);
		skl_dl_rect(v->dl, x, y, w, v->bh, C_TRACK_END, C_RULE, 1);
		if (w > skl_dl_text_width("end of struct", v->fs_small) + 12 && v->bh > 10) {
			char t[64];
			snprintf(t, sizeof(t), "end of %s", l->name);
			if (skl_dl_text_width(t, v->fs_small) + 12 > w)
				snprintf(t, sizeof(t), "end of struct");
			skl__text(v->dl, x + 8 * v->u, y, w - 12 * v->u, v->bh, t, floorf(v->fs_small),
				  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
		}
		skl_dl_end(v->dl);
	}
}

static float legend_height(lv *v)
{
	return 34 * v->hu;
}

/* The heat scale: its label, an "untouched" swatch, and a ramp from the
 * coolest touched value to the hottest. */
static float draw_heat_legend(lv *v, float x, float y, float w)
{
	float ls = skl__fs(v->dl, floorf(15 * v->hu)), sh = 15 * v->hu, yy = y + (legend_height(v) - sh) / 2, cx = x,
	      rw;
	const char *label = v->heat->label[0] ? v->heat->label : "heat";
	char num[48], t[160];
	int k, steps = 32;

	heat_number(v->heat_max, num, sizeof(num));
	snprintf(v->key, sizeof(v->key), "%d:heat", v->o->obj);
	snprintf(v->tip, sizeof(v->tip), "heat: %s per member\ngrey: 0 (untouched); pale yellow to dark red: low to %s",
		 label, num);
	skl_dl_begin(v->dl, v->key, v->tip);
	skl__text(v->dl, cx, y, skl_dl_text_width(label, ls) + 4, legend_height(v), label, ls, SKL_FONT_BOLD,
		  SKL_ALIGN_LEFT, C_INK);
	cx += skl_dl_text_width(label, ls) + 16 * v->hu;
	skl_dl_rect(v->dl, cx, yy, 22 * v->hu, sh, skl__heat_color(0), C_RULE, 1);
	cx += 22 * v->hu + 6 * v->hu;
	snprintf(t, sizeof(t), "0 untouched");
	skl__text(v->dl, cx, y, skl_dl_text_width(t, ls) + 4, legend_height(v), t, ls, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
		  C_INK2);
	cx += skl_dl_text_width(t, ls) + 20 * v->hu;
	skl__text(v->dl, cx, y, skl_dl_text_width("low", ls) + 4, legend_height(v), "low", ls, SKL_FONT_REGULAR,
		  SKL_ALIGN_LEFT, C_INK2);
	cx += skl_dl_text_width("low", ls) + 8 * v->hu;
	/* a shorter ramp when the CPU cells' entries follow it */
	rw = fminf((v->cpus ? 150 : 260) * v->hu, x + w - cx - skl_dl_text_width(num, ls) - 12 * v->hu);
	if (rw > 40 * v->hu) {
		for (k = 0; k < steps; k++)
			skl_dl_rect(v->dl, cx + rw * (float)k / (float)steps, yy, rw / (float)steps + 0.5f, sh,
				    skl__heat_color((k + 0.5) / steps), 0, 0);
		skl_dl_rect(v->dl, cx, yy, rw, sh, 0, C_RULE, 1);
		cx += rw + 8 * v->hu;
	}
	skl__text(v->dl, cx, y, skl_dl_text_width(num, ls) + 4, legend_height(v), num, ls, SKL_FONT_BOLD,
		  SKL_ALIGN_LEFT, C_INK);
	skl_dl_end(v->dl);
	return cx + skl_dl_text_width(num, ls) + 24 * v->hu;
}

/* One swatch and its name at *cx, when it fits before xmax; 0 when not. */
static int legend_entry(lv *v, float *cx, float y, float xmax, skl_color fill, skl_color edge, const char *name,
			const char *key, const char *tip)
{
	float ls = skl__fs(v->dl, floorf(15 * v->hu)), sw = 22 * v->hu, sh = 15 * v->hu;
	float ew = sw + 7 * v->hu + skl_dl_text_width(name, ls) + 20 * v->hu, yy = y + (legend_height(v) - sh) / 2;
	if (*cx + ew > xmax)
		return 0;
	snprintf(v->key, sizeof(v->key), "%d:legend:%s", v->o->obj, key);
	skl_dl_begin(v->dl, v->key, tip);
	skl_dl_rect(v->dl, *cx, yy, sw, sh, fill, edge, 1);
	skl__text(v->dl, *cx + sw + 7 * v->hu, y, ew - sw, legend_height(v), name, ls, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
		  C_INK2);
	skl_dl_end(v->dl);
	*cx += ew;
	return 1;
}

/* The groups' tints (first, so they show however many kinds follow);
 * 0 when out of room. */
static int legend_groups(lv *v, float *cx, float y, float xmax)
{
	int used[3] = {0, 0, 0}, k;
	for (k = 0; k < v->ngroups; k++)
		used[v->groups[k].kind] = 1;
	for (k = 0; k < 3; k++) {
		char name[48];
		snprintf(name, sizeof(name), "%s group", group_kind_name(k));
		if (used[k] &&
		    !legend_entry(v, cx, y, xmax, skl_color_mix(SKL_HEX(group_hue[k]), C_BG, 0.3f),
				  SKL_HEX(group_hue[k]), k == G_OTHER ? "cache-line group" : name, group_kind_name(k),
				  "a cache-line group: the members between __cacheline_group_begin__G[0] "
				  "and __cacheline_group_end__G[0]"))
			return 0;
	}
	return 1;
}

/* After the heat scale: the groups' tints and the CPU cells. */
static void legend_extras(lv *v, float cx, float y, float xmax)
{
	if (!legend_groups(v, &cx, y, xmax) || !v->cpus)
		return;
	if (legend_entry(v, &cx, y, xmax, C_CPU_READ, C_CPU_READ, "CPU read", "cpu-read",
			 "the cells on a member, one per CPU from CPU 0: blue, that CPU read it"))
		legend_entry(v, &cx, y, xmax, C_CPU_WROTE, C_CPU_WROTE, "CPU wrote", "cpu-wrote",
			     "the cells on a member, one per CPU from CPU 0: dark, that CPU wrote it");
}

static void draw_legend(lv *v, float x, float y, float w)
{
	float ls = skl__fs(v->dl, floorf(15 * v->hu)), sw = 22 * v->hu, sh = 15 * v->hu, cx = x;
	int k;
	if (v->heat) {
		legend_extras(v, draw_heat_legend(v, x, y, w), y, x + w);
		return;
	}
	if (!legend_groups(v, &cx, y, x + w))
		return;
	for (k = 0; k < SKL_VK_COUNT_; k++) {
		const char *name = palette[k].name;
		float ew = sw + 7 * v->hu + skl_dl_text_width(name, ls) + 20 * v->hu;
		float yy = y + (legend_height(v) - sh) / 2;
		if (!v->used[k])
			continue;
		if (cx + ew > x + w)
			break;
		snprintf(v->key, sizeof(v->key), "%d:legend:%s", v->o->obj, name);
		skl_dl_begin(v->dl, v->key, NULL);
		if (k == SKL_VK_HOLE || k == SKL_VK_PAD)
			skl_dl_hatch(v->dl, cx, yy, sw, sh, SKL_HEX(palette[k].fill),
				     k == SKL_VK_PAD ? SKL_HEX(palette[k].hue)
						     : skl_color_mix(SKL_HEX(palette[k].hue), C_BG, 0.25f),
				     k == SKL_VK_PAD ? 4 : 5);
		else
			skl_dl_rect(v->dl, cx, yy, sw, sh, SKL_HEX(palette[k].fill), SKL_HEX(palette[k].hue), 1);
		if (k == SKL_VK_HOLE || k == SKL_VK_PAD)
			skl_dl_rect(v->dl, cx, yy, sw, sh, 0, SKL_HEX(palette[k].hue), 1);
		skl__text(v->dl, cx + sw + 7 * v->hu, y, ew - sw, legend_height(v), name, ls, SKL_FONT_REGULAR,
			  SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(v->dl);
		cx += ew;
	}
}

/* ---- folded rows ------------------------------------------------------------------------ */

/*
 * A long struct (today's tcp_sock is 36 lines) would leave every row too low
 * to read, and most of its height would be one embedded struct repeating
 * "↳ inet_conn". When rows are cramped, runs of three or more rows that one
 * member fills from edge to edge, having begun on an earlier row, keep their
 * first row and fold the rest into one low band that says what it holds.
 */
#define FOLD_SLOT 0.8f /* a fold band's height, in rows */
#define FOLD_RUN 3     /* rows in a run before it folds */

/* The leaf member that fills row r, began before it and leaves nothing
 * else to draw in it; -1 when there is none. */
static int row_fill(const lv *v, uint64_t r)
{
	uint64_t a = r * v->cl, b = a + v->cl;
	int i, leaf = -1;
	if (v->hl_line[r] || v->contended[r])
		return -1;
	for (i = 0; i < v->l->nfields; i++) {
		const skl_field *f = &v->l->fields[i];
		uint64_t lo = f->offset, hi = f->offset + f->size;
		if (hi <= a || lo >= b)
			continue;
		if (lo >= a || hi < b || f->bit_size)
			return -1;
		if (!f->expanded)
			leaf = i;
	}
	return leaf;
}

/* Marks the rows to fold; returns how many bands there are. */
static int fold_mark(lv *v)
{
	uint64_t r = 0, e;
	int bands = 0;
	/* the last row stays: it shows where the struct ends */
	while (r + 1 < v->nrows) {
		int leaf = row_fill(v, r);
		if (leaf < 0) {
			r++;
			continue;
		}
		for (e = r + 1; e + 1 < v->nrows && row_fill(v, e) == leaf; e++)
			;
		if (e - r >= FOLD_RUN) {
			memset(v->folded + r + 1, 1, (size_t)(e - r - 1));
			bands++;
		}
		r = e;
	}
	return bands;
}

/* Row tops: rows one pitch apart, a fold band FOLD_SLOT of one. */
static void place_rows(lv *v)
{
	float y = v->gy;
	uint64_t r;
	for (r = 0; r < v->nrows; r++) {
		if (v->folded[r] && r > 0 && v->folded[r - 1]) {
			v->ry[r] = v->ry[r - 1];
			continue;
		}
		v->ry[r] = y;
		y += v->folded[r] ? FOLD_SLOT * v->pitch : v->pitch;
	}
	v->ry[v->nrows] = y;
}

/* Each fold band: a torn strip in the member's colour naming what it holds,
 * hoverable, with the folded line numbers in the gutter. */
static void draw_folds(lv *v, float gutter_x, const gutter *g)
{
	uint64_t r = 0, e;
	while (r < v->nrows) {
		const skl_field *f;
		float y, h, x, zig, ts;
		char text[400], lines[64];
		int leaf, k, n;
		if (!v->folded[r]) {
			r++;
			continue;
		}
		for (e = r; e + 1 < v->nrows && v->folded[e + 1]; e++)
			;
		leaf = row_fill(v, r);
		f = &v->l->fields[leaf >= 0 ? leaf : 0];
		y = v->ry[r];
		h = FOLD_SLOT * v->pitch - (v->pitch - v->bh);
		if (h < 3)
			h = 3;
		snprintf(v->key, sizeof(v->key), "%d:fold:%llu", v->o->obj, (unsigned long long)r);
		snprintf(v->tip, sizeof(v->tip),
			 "cache lines %llu-%llu (bytes %llu-%llu) folded:\n%s fills them (%s, %llu bytes at offset "
			 "%llu)",
			 (unsigned long long)r, (unsigned long long)e, (unsigned long long)(r * v->cl),
			 (unsigned long long)((e + 1) * v->cl - 1), f->path, f->type_name, (unsigned long long)f->size,
			 (unsigned long long)f->offset);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, v->gx, y, v->gw, h,
			    skl_color_mix(SKL_HEX(palette[skl_view_field_kind(f)].fill), C_BG, 0.45f), 0, 0);
		/* torn edges: a zigzag along the top and the bottom */
		zig = fmaxf(10 * v->u, 6);
		n = (int)(v->gw / zig);
		for (k = 0; k < n; k++) {
			x = v->gx + (float)k * zig;
			skl_dl_line(v->dl, x, y + (k & 1 ? 3 * v->u : 0), x + zig, y + (k & 1 ? 0 : 3 * v->u), C_RULE,
				    1);
			skl_dl_line(v->dl, x, y + h - (k & 1 ? 3 * v->u : 0), x + zig, y + h - (k & 1 ? 0 : 3 * v->u),
				    C_RULE, 1);
		}
		snprintf(text, sizeof(text), "%llu more lines of %s, folded \xc2\xb7 bytes %llu\xe2\x80\x93%llu",
			 (unsigned long long)(e - r + 1), field_label(f), (unsigned long long)(r * v->cl),
			 (unsigned long long)((e + 1) * v->cl - 1));
		ts = floorf(skl__clampf(h * 0.6f, 8, v->fs_small));
		if (h >= 8)
			skl__text(v->dl, v->gx + 8 * v->u, y, v->gw - 16 * v->u, h, text, ts, SKL_FONT_REGULAR,
				  SKL_ALIGN_CENTER, C_INK2);
		snprintf(lines, sizeof(lines), "%llu\xe2\x80\x93%llu", (unsigned long long)r, (unsigned long long)e);
		if (h >= 8)
			skl__text(v->dl, gutter_x, y, g->c1 + g->gap + g->c2, h, lines, floorf(fminf(ts, g->gs)),
				  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
		skl_dl_end(v->dl);
		r = e + 1;
	}
}

/* ---- entry point ------------------------------------------------------------------------- */

static void free_lv(lv *v)
{
	skl_free(v->hl);
	skl_free(v->marker);
	skl_free(v->hl_line);
	skl_free(v->contended);
	skl_free(v->folded);
	skl_free(v->ry);
	skl_free(v->groups);
}

int skl_view_layout(skl_dl *dl, const skl_layout *l, const skl_view_layout_opts *opts)
{
	skl_view_layout_opts dflt;
	lv v;
	float x, y, w, h, head, legend, rows_h;
	gutter g;
	int i;

	if (!opts) {
		memset(&dflt, 0, sizeof(dflt));
		opts = &dflt;
	}
	memset(&v, 0, sizeof(v));
	v.dl = dl;
	v.l = l;
	v.o = opts;
	skl__view_box(dl, opts->x, opts->y, opts->w, opts->h, &x, &y, &w, &h);
	v.u = skl__view_scale(dl, opts->text_scale);
	v.cl = l->cacheline ? l->cacheline : 64;
	v.heat = opts->heat;
	for (i = 0; v.heat && i < l->nfields && i < v.heat->nvalues; i++)
		if (!l->fields[i].expanded && v.heat->value[i] > v.heat_max)
			v.heat_max = v.heat->value[i];
	v.nrows = l->size ? (l->size + v.cl - 1) / v.cl : 1;
	v.hl = skl_calloc((size_t)(l->nfields + 1), 1);
	v.marker = skl_calloc((size_t)(l->nfields + 1), 1);
	v.hl_line = skl_calloc((size_t)v.nrows + 1, 1);
	v.contended = skl_calloc((size_t)v.nrows + 1, 1);
	v.folded = skl_calloc((size_t)v.nrows + 1, 1);
	v.ry = skl_calloc((size_t)v.nrows + 1, sizeof(*v.ry));
	if (!v.hl || !v.marker || !v.hl_line || !v.contended || !v.folded || !v.ry || find_groups(&v) < 0) {
		free_lv(&v);
		return -1;
	}
	if (v.heat && v.heat->cpus && v.heat->ncpus) {
		uint64_t r;
		v.cpus = v.heat->cpus;
		v.ncpus = v.heat->ncpus;
		for (r = 0; v.heat->lines && r < v.nrows && r < (uint64_t)v.heat->nlines; r++)
			if (v.heat->lines[r].coherence || v.heat->lines[r].hitm)
				v.contended[r] = 1;
	}
	resolve_highlights(&v);

	v.hu = v.u;
	v.hdr_w = w;
	head = opts->no_header ? 0 : header_height(&v, l);
	legend = opts->no_legend ? 0 : legend_height(&v) + 6 * v.u;
	/* the block height first: the gutter's type size depends on it */
	rows_h = h - head - legend - 26 * v.u;
	v.pitch = rows_h / (float)v.nrows;
	/* the header keeps its size whatever the rows need: one struct reads
	 * the same from step to step; cramped rows fold instead */
	if (v.pitch < 22 * v.u && !opts->no_fold) {
		uint64_t r, nf = 0;
		int bands = fold_mark(&v);
		for (r = 0; r < v.nrows; r++)
			nf += v.folded[r];
		if (bands)
			v.pitch = rows_h / ((float)(v.nrows - nf) + FOLD_SLOT * (float)bands);
	}
	/* tall rows for a short struct (sock_common's three lines), so names
	 * wrap rather than shorten; not taller than that */
	if (v.pitch > (v.nrows <= 4 ? 170 : 110) * v.u)
		v.pitch = (v.nrows <= 4 ? 170 : 110) * v.u;
	v.bh = v.pitch - skl__clampf(v.pitch * 0.14f, 1, 10 * v.u);
	gutter_measure(&v, &g);
	for (i = 0; (uint64_t)i < v.nrows; i++)
		if (v.contended[i])
			v.cont_w = fminf(150 * v.u, w * 0.14f);
	/* the groups' labels take a column when the canvas is wide for its type
	 * (not in presentation, where the members need every pixel): else the
	 * bands and their tooltips show them */
	v.side_w = v.ngroups && w / v.u >= 1400 ? groups_width(&v, w) : 0;
	v.gx = x + v.cont_w + gutter_width(&g);
	v.gw = w - v.cont_w - gutter_width(&g) - 4 * v.u - (v.side_w ? v.side_w + 6 * v.u : 0);
	v.side_x = v.gx + v.gw + 6 * v.u;
	v.bw = v.gw / (float)v.cl;
	v.gy = y + head + 26 * v.u;
	place_rows(&v);
	v.fs = floorf(skl__clampf(v.bh * 0.58f, 8, 22 * v.u));
	v.fs_small = floorf(skl__clampf(v.fs * 0.85f, 8, 17 * v.u));

	if (!opts->no_header)
		draw_header(&v, x, y, w);
	draw_ruler(&v);
	draw_tracks(&v);
	draw_gutter(&v, x + v.cont_w, &g);
	draw_members(&v, -1, 0, 1);
	draw_folds(&v, x + v.cont_w, &g);
	if (l->padding) {
		uint64_t lo = l->size - l->padding;
		snprintf(v.key, sizeof(v.key), "%d:pad", opts->obj);
		snprintf(v.tip, sizeof(v.tip),
			 "padding: %llu %s at the end of %s (offset %llu)\nrounds the size up to a multiple of its "
			 "alignment (%u)",
			 (unsigned long long)l->padding, plural(l->padding, "byte", "bytes"), l->name,
			 (unsigned long long)lo, l->align);
		{
			char t[64];
			snprintf(t, sizeof(t), "padding %llu", (unsigned long long)l->padding);
			draw_hatch(&v, SKL_VK_PAD, lo * 8, l->size * 8, 0, 1, v.key, v.tip, t,
				   line_hl(&v, lo * 8, l->size * 8));
		}
	}
	/* highlighted cache lines get a frame over everything */
	for (i = 0; (uint64_t)i < v.nrows; i++) {
		if (v.hl_line[i] && !v.folded[i]) {
			float t = skl__clampf(3 * v.u, 2, 5);
			float yy = v.ry[i];
			skl_dl_rect(dl, v.gx - t, yy - t, v.gw + 2 * t, v.bh + 2 * t, 0, C_HL, t);
		}
	}
	draw_group_bands(&v);
	draw_group_column(&v);
	draw_contention(&v, x);
	if (!opts->no_legend)
		draw_legend(&v, v.gx, fminf(y + h - legend_height(&v), v.ry[v.nrows] + 8 * v.u),
			    v.gw + (v.side_w ? v.side_w + 6 * v.u : 0));
	free_lv(&v);
	return skl_dl_failed(dl) ? -1 : 0;
}
