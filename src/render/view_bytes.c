/*
 * view_bytes.c - the bytes view of one object and the slab view's pointer
 * arrows (see view_bytes.h). Draws from the snapshot only: decoded values
 * and pointer targets were worked out when the scenario showed it.
 */
#include "view_bytes.h"

#include "view_util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* the layout view's kind palette (view_layout.c), by what the snapshot keeps */
#define C_INT_FILL SKL_HEX(0x9fdcc8)
#define C_INT_EDGE SKL_HEX(0x009e73)
#define C_PTR_FILL SKL_HEX(0xaed9f4)
#define C_PTR_EDGE SKL_HEX(0x3a9ad6)
#define C_ARR_FILL SKL_HEX(0xf6ef9c)
#define C_ARR_EDGE SKL_HEX(0xc9bb1a)
#define C_REC_FILL SKL_HEX(0xf5cf80)
#define C_REC_EDGE SKL_HEX(0xe69f00)
#define C_UNI_FILL SKL_HEX(0xe9c2d8)
#define C_UNI_EDGE SKL_HEX(0xcc79a7)
#define C_BIT_FILL SKL_HEX(0xf0b48a)
#define C_BIT_EDGE SKL_HEX(0xd55e00)
#define C_SYN_FILL SKL_HEX(0xcfcfcf)
#define C_SYN_EDGE SKL_HEX(0x7a7a7a)
#define C_HOLE_LINE SKL_HEX(0x9aa0a6)
#define C_PAD_FILL SKL_HEX(0xfbeee4)
#define C_PAD_LINE SKL_HEX(0xc47a4a)
#define C_LINE_RULE SKL_HEX(0xd55e00) /* cache-line boundaries */
#define C_LINK SKL_HEX(0x0060a8)      /* pointer values: links */
#define C_ARROW SKL_HEX(0xd55e00)     /* vermilion: reads on dark and pale cells */

static int has(const char *s, const char *w)
{
	return strstr(s, w) != NULL;
}

/* The colour band of a member: fill and edge. */
static void member_colours(const skl_obj_member *m, skl_color *fill, skl_color *edge)
{
	if (m->bit_size) {
		*fill = C_BIT_FILL, *edge = C_BIT_EDGE;
	} else if (m->kind == SKL_VAL_POINTER) {
		*fill = C_PTR_FILL, *edge = C_PTR_EDGE;
	} else if (has(m->decl, "lock") || has(m->decl, "atomic_t") || has(m->decl, "refcount_t")) {
		*fill = C_SYN_FILL, *edge = C_SYN_EDGE;
	} else if (m->kind == SKL_VAL_STRING || m->kind == SKL_VAL_ARRAY) {
		*fill = C_ARR_FILL, *edge = C_ARR_EDGE;
	} else if (m->kind == SKL_VAL_RECORD) {
		int u = !strncmp(m->decl, "union", 5);
		*fill = u ? C_UNI_FILL : C_REC_FILL, *edge = u ? C_UNI_EDGE : C_REC_EDGE;
	} else {
		*fill = C_INT_FILL, *edge = C_INT_EDGE;
	}
}

/* The member holding byte off (the first in layout order), or -1. */
static int member_at(const skl_obj_snap *s, uint64_t off)
{
	int i;
	for (i = 0; i < s->nmembers; i++)
		if (off >= s->members[i].offset && off < s->members[i].offset + s->members[i].size)
			return i;
	return -1;
}

/* Its name as the value column shows it: the path's last part. */
static const char *short_path(const char *p)
{
	const char *d = strrchr(p, '.');
	return d ? d + 1 : p;
}

static void member_tooltip(const skl_obj_snap *s, const skl_obj_member *m, char *out, size_t n)
{
	snprintf(out, n, "%s\n%s\noffset %llu (0x%llx), %llu byte%s", m->path, m->decl, (unsigned long long)m->offset,
		 (unsigned long long)m->offset, (unsigned long long)m->size, m->size == 1 ? "" : "s");
	if (m->bit_size)
		skl__catf(out, n, ", bits %u-%u of the unit", m->bit_offset, m->bit_offset + m->bit_size - 1);
	skl__catf(out, n, "\nat 0x%llx, cache line %llu\nvalue: %s", (unsigned long long)(s->addr + m->offset),
		  (unsigned long long)(m->offset / s->cacheline), m->value);
	if (m->target_name[0])
		skl__catf(out, n, "\npoints into %s (+0x%llx)", m->target_name, (unsigned long long)m->target_off);
}

/* What the value column says for m. */
static void member_text(const skl_obj_member *m, char *out, size_t n)
{
	if (m->kind == SKL_VAL_POINTER && m->target_name[0])
		snprintf(out, n, "%s \u2192 %s%s", short_path(m->path), m->target_name, m->target_off ? "+" : "");
	else
		snprintf(out, n, "%s = %s", short_path(m->path), m->value);
	if (m->kind == SKL_VAL_POINTER && m->target_name[0] && m->target_off) {
		size_t l = strlen(out);
		snprintf(out + l, n - l, "0x%llx", (unsigned long long)m->target_off);
	}
}

int skl_view_bytes(skl_dl *dl, const skl_obj_snap *s, const skl_view_bytes_opts *o)
{
	skl_view_bytes_opts dflt;
	float x, y, w, h, u, hs, vs, ts, rh, cw, offw, hexw, vx, vw, cy, bottom;
	uint64_t first, row, nrows, lastrow;
	char key[200], tip[640], text[320];
	int i;
	if (!o) {
		memset(&dflt, 0, sizeof(dflt));
		o = &dflt;
	}
	skl__view_box(dl, o->x, o->y, o->w, o->h, &x, &y, &w, &h);
	u = skl__view_scale(dl, o->text_scale);
	hs = skl__fs(dl, floorf(15 * u)); /* hex digits */
	vs = skl__fs(dl, floorf(15 * u)); /* values */
	ts = skl__fs(dl, floorf(19 * u)); /* title */
	rh = ceilf(hs * 1.55f);
	cw = ceilf(skl_dl_text_width("00", hs) + 0.45f * hs);
	offw = ceilf(skl_dl_text_width("+0x000", hs) + 0.6f * hs);
	hexw = 16 * cw + 0.5f * cw; /* a gap after byte 7 */
	vx = x + offw + hexw + 1.2f * hs;
	vw = x + w - vx;
	bottom = y + h;

	/* the title: which object, what type, where */
	snprintf(key, sizeof(key), "%d:bytes:header", o->obj);
	snprintf(tip, sizeof(tip), "%s: %s in cache %s\nat 0x%llx, %llu bytes, %u-byte cache lines (%s)", s->name,
		 s->type[0] ? s->type : "untyped", s->cache, (unsigned long long)s->addr, (unsigned long long)s->size,
		 s->cacheline, s->abi);
	skl_dl_begin(dl, key, tip);
	snprintf(text, sizeof(text), "%s  %s  at 0x%llx  %llu bytes", s->name, s->type[0] ? s->type : "(untyped)",
		 (unsigned long long)s->addr, (unsigned long long)s->size);
	if (skl__text(dl, x, y, w, ts * 1.5f, text, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK) < 0)
		return -1;
	skl_dl_end(dl);
	cy = y + ts * 1.7f;
	/* column heads */
	skl__text(dl, x, cy, offw, rh, "offset", skl__fs(dl, floorf(12 * u)), SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	for (i = 0; i < 16; i++) {
		char hx[4];
		snprintf(hx, sizeof(hx), "%x", i);
		skl__text(dl, x + offw + i * cw + (i >= 8 ? 0.5f * cw : 0), cy, cw, rh, hx, skl__fs(dl, floorf(12 * u)),
			  SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK3);
	}
	skl__text(dl, vx, cy, vw, rh, "members starting in the row, decoded", skl__fs(dl, floorf(12 * u)),
		  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	cy += rh;

	first = o->first & ~(uint64_t)15;
	nrows = (s->size + 15) / 16;
	lastrow = nrows;
	for (row = first / 16; row < nrows; row++) {
		uint64_t b0 = row * 16, b;
		float lines_x = vx, lines_y = cy, rowh = rh, lh = ceilf(vs * 1.45f);
		int nvals = 0, j;
		/* the values first, to know the row's height: members starting here */
		float tx = vx;
		int nl = 1;
		for (j = 0; j < s->nmembers; j++) {
			const skl_obj_member *m = &s->members[j];
			float tw;
			if (m->offset < b0 || m->offset >= b0 + 16)
				continue;
			if (j > 0 && m->offset == s->members[j - 1].offset && m->bit_size &&
			    s->members[j - 1].bit_size && 0)
				continue;
			member_text(m, text, sizeof(text));
			tw = skl_dl_text_width(text, vs) + 1.2f * vs;
			if (tx > vx && tx + tw > vx + vw) {
				tx = vx;
				nl++;
			}
			tx += tw;
			nvals++;
		}
		rowh = fmaxf(rh, nl * lh + (rh - lh));
		if (cy + rowh > bottom - rh * 1.2f && row > first / 16) {
			lastrow = row;
			break;
		}
		/* a cache line starts here: a rule across the dump */
		if (b0 % s->cacheline == 0) {
			snprintf(key, sizeof(key), "%d:bytes:line:%llu", o->obj,
				 (unsigned long long)(b0 / s->cacheline));
			snprintf(tip, sizeof(tip), "cache line %llu: bytes %llu-%llu (%u-byte lines)",
				 (unsigned long long)(b0 / s->cacheline), (unsigned long long)b0,
				 (unsigned long long)(b0 + s->cacheline - 1), s->cacheline);
			skl_dl_begin(dl, key, tip);
			skl_dl_line(dl, x, cy, x + offw + hexw, cy, C_LINE_RULE, fmaxf(2, 2 * u));
			skl_dl_end(dl);
		}
		snprintf(text, sizeof(text), "+0x%03llx", (unsigned long long)b0);
		skl__text(dl, x, cy, offw, rh, text, hs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
			  b0 % s->cacheline == 0 ? C_LINE_RULE : C_INK2);
		/* the bytes, each in its member's band */
		for (b = b0; b < b0 + 16 && b < s->size; b++) {
			float bx = x + offw + (float)(b - b0) * cw + (b - b0 >= 8 ? 0.5f * cw : 0);
			int mi = member_at(s, b);
			char hx[4];
			snprintf(hx, sizeof(hx), "%02x", s->bytes[b]);
			if (mi >= 0) {
				const skl_obj_member *m = &s->members[mi];
				skl_color fill, edge;
				member_colours(m, &fill, &edge);
				snprintf(key, sizeof(key), "%d:bytes:member:%s", o->obj, m->path);
				member_tooltip(s, m, tip, sizeof(tip));
				skl_dl_begin(dl, key, tip);
				skl_dl_rect(dl, bx, cy + 1, cw, rh - 2, fill, 0, 0);
				/* the band's ends: an edge where the member starts and ends */
				if (b == m->offset || b == b0)
					skl_dl_line(dl, bx, cy + 1, bx, cy + rh - 1, edge, b == m->offset ? 2 : 1);
				if (b + 1 == m->offset + m->size)
					skl_dl_line(dl, bx + cw, cy + 1, bx + cw, cy + rh - 1, edge, 2);
			} else {
				int pad = !s->nmembers || b >= s->size - s->padding;
				snprintf(key, sizeof(key), "%d:bytes:hole:%llu", o->obj, (unsigned long long)b);
				snprintf(tip, sizeof(tip), "%s at offset %llu (0x%llx)",
					 !s->nmembers ? "byte"
					 : pad	      ? "padding"
						      : "hole",
					 (unsigned long long)b, (unsigned long long)b);
				skl_dl_begin(dl, key, tip);
				skl_dl_hatch(dl, bx, cy + 1, cw, rh - 2, pad ? C_PAD_FILL : C_BG,
					     pad ? C_PAD_LINE : C_HOLE_LINE, fmaxf(5, 6 * u));
			}
			skl_dl_text(dl, bx, cy, cw, rh, hx, hs, SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK);
			skl_dl_end(dl);
		}
		/* the values: each member its own hover group, pointers as links */
		tx = lines_x;
		for (j = 0; j < s->nmembers; j++) {
			const skl_obj_member *m = &s->members[j];
			float tw;
			skl_color ink = C_INK;
			if (m->offset < b0 || m->offset >= b0 + 16)
				continue;
			member_text(m, text, sizeof(text));
			tw = skl_dl_text_width(text, vs);
			if (tx > vx && tx + tw > vx + vw) {
				tx = vx;
				lines_y += lh;
			}
			snprintf(key, sizeof(key), "%d:bytes:member:%s", o->obj, m->path);
			member_tooltip(s, m, tip, sizeof(tip));
			skl_dl_begin(dl, key, tip);
			if (m->kind == SKL_VAL_POINTER && m->target_name[0]) {
				ink = C_LINK;
				skl_dl_line(dl, tx, lines_y + lh - 2, tx + fminf(tw, vx + vw - tx), lines_y + lh - 2,
					    C_LINK, fmaxf(1, u));
			}
			if (skl__text(dl, tx, lines_y, fminf(tw + 2, vx + vw - tx), lh, text, vs, SKL_FONT_REGULAR,
				      SKL_ALIGN_LEFT, ink) < 0)
				return -1;
			skl_dl_end(dl);
			tx += tw + 1.2f * vs;
		}
		(void)nvals;
		cy += rowh;
	}
	if (lastrow < nrows) {
		snprintf(key, sizeof(key), "%d:bytes:more", o->obj);
		snprintf(text, sizeof(text),
			 "bytes 0x%llx-0x%llx of %llu shown; the rest from offset 0x%llx: "
			 "scene.show(obj, {view = \"bytes\", from = 0x%llx})",
			 (unsigned long long)first, (unsigned long long)(lastrow * 16 - 1), (unsigned long long)s->size,
			 (unsigned long long)(lastrow * 16), (unsigned long long)(lastrow * 16));
		skl_dl_begin(dl, key, text);
		skl__text(dl, x, cy + 0.2f * rh, w, rh, text, skl__fs(dl, floorf(13 * u)), SKL_FONT_REGULAR,
			  SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(dl);
	}
	return skl_dl_failed(dl) ? -1 : 0;
}

/* ---- the slab view's pointer arrows ------------------------------------------------ */

/* The slab and index of the object at a in k, for its cell's key. */
static int cell_key(const skl_kernel_snap *k, int obj, skl_addr a, char *out, size_t n)
{
	int ci, si;
	for (ci = 0; ci < k->ncaches; ci++) {
		const skl_cache_snap *c = &k->caches[ci];
		for (si = 0; si < c->nslabs; si++) {
			const skl_slab_snap *sl = &c->slabs[si];
			if (a >= sl->s_mem && a < sl->base + (uint64_t)sl->pages * k->page_size && c->info.size) {
				uint64_t i = (a - sl->s_mem) / c->info.size;
				snprintf(out, n, "%d:obj:%s:%d:%llu", obj, c->info.name, si, (unsigned long long)i);
				return 0;
			}
		}
	}
	return -1;
}

int skl_view_slab_pointers(skl_dl *dl, const skl_kernel_snap *k, int obj, float u)
{
	int i;
	for (i = 0; i < k->nlinks; i++) {
		const skl_ptr_link *L = &k->links[i];
		char ka[160], kb[160], key[64], tip[256];
		const skl_dl_item *a, *b;
		float ax, ay, bx, by, lift, wd;
		int ia, ib;
		if (cell_key(k, obj, L->from, ka, sizeof(ka)) < 0 || cell_key(k, obj, L->to, kb, sizeof(kb)) < 0)
			continue;
		ia = skl_dl_find(dl, ka);
		ib = skl_dl_find(dl, kb);
		if (ia < 0 || ib < 0)
			continue;
		a = skl_dl_at(dl, ia);
		ax = a->x + a->w / 2;
		ay = a->y;
		b = skl_dl_at(dl, ib);
		bx = b->x + b->w / 2;
		by = b->y;
		snprintf(key, sizeof(key), "%d:ptr:%d", obj, i);
		snprintf(tip, sizeof(tip), "%s->%s = %s%s%s\n(pointer at offset %llu)", L->from_name, L->member,
			 L->to_name, L->to_off ? "+" : "", "", (unsigned long long)L->from_off);
		if (L->to_off)
			skl__catf(tip, sizeof(tip), "\npoints %llu bytes into it", (unsigned long long)L->to_off);
		skl_dl_begin(dl, key, tip);
		/* inside the cells, below their labels, each link at its own
		 * height so a pointer and the one back do not overlap; a white
		 * halo under a vermilion line reads on allocated and free cells */
		lift = 0.5f + 0.1f * (float)(i % 4);
		ay += a->h * lift;
		by += b->h * lift;
		wd = fmaxf(2, 2.5f * u);
		if (ia == ib) { /* a pointer into itself: a small loop */
			float r = fmaxf(a->w * 0.3f, 4);
			skl_dl_line(dl, ax - r, ay, ax - r, ay - 2 * r, C_ARROW, wd);
			skl_dl_line(dl, ax - r, ay - 2 * r, ax + r, ay - 2 * r, C_ARROW, wd);
			skl_dl_arrow(dl, ax + r, ay - 2 * r, ax + r, ay, C_ARROW, wd);
		} else {
			skl_dl_line(dl, ax, ay, bx, by, C_BG, wd + 3);
			skl_dl_rect(dl, ax - wd, ay - wd, 2 * wd, 2 * wd, C_ARROW, C_BG, 1); /* where it starts */
			skl_dl_arrow(dl, ax, ay, bx, by, C_ARROW, wd);
		}
		skl_dl_end(dl);
	}
	return skl_dl_failed(dl) ? -1 : 0;
}
