/*
 * view_cache.c - the cache view (see view_cache.h): turns a cache model's
 * snapshot into draw-list items: per level a grid of sets x ways, a table
 * of counters, a legend, misses by member and by object cache line. Pure
 * geometry and text; never calls SDL and never touches the cache model.
 */
#include "render/view_util.h"
#include "render/view_cache.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define C_BG SKL_HEX(0xffffff)
#define C_INK SKL_HEX(0x1b1f24)
#define C_INK2 SKL_HEX(0x4a525c) /* secondary text */
#define C_INK3 SKL_HEX(0x67707a) /* tertiary text, rules */
#define C_RULE SKL_HEX(0xd5d9de)
#define C_ZEBRA SKL_HEX(0xf4f6f8)
#define C_EMPTY SKL_HEX(0xeceef1)   /* an invalid way */
#define C_UNKNOWN SKL_HEX(0xa9b0b8) /* a valid line nobody claimed */
#define C_HIT SKL_HEX(0x009e73)	    /* Okabe-Ito bluish green */
#define C_MISS SKL_HEX(0xd55e00)    /* Okabe-Ito vermillion */

#define PALE 0.62f /* how much a line not touched since the last snapshot is washed out */

skl_color skl_view_cache_hit_color(void)
{
	return C_HIT;
}

skl_color skl_view_cache_miss_color(void)
{
	return C_MISS;
}

/* ---- numbers and names ------------------------------------------------------------- */

/* 15504 as "15,504". */
static const char *count(uint64_t n, char *out, size_t outsz)
{
	char raw[32];
	size_t len, i, o = 0;
	snprintf(raw, sizeof(raw), "%llu", (unsigned long long)n);
	len = strlen(raw);
	for (i = 0; i < len && o + 2 < outsz; i++) {
		if (i && (len - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = raw[i];
	}
	out[o] = 0;
	return out;
}

/* 16384 as "16 KiB", 262144 as "256 KiB", 3145728 as "3 MiB". */
static const char *bytes(uint64_t n, char *out, size_t outsz)
{
	if (n >= (1u << 20) && n % (1u << 20) == 0)
		snprintf(out, outsz, "%llu MiB", (unsigned long long)(n >> 20));
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(out, outsz, "%llu KiB", (unsigned long long)(n >> 10));
	else
		snprintf(out, outsz, "%llu B", (unsigned long long)n);
	return out;
}

static uint64_t refs_of(const struct skl_cachesim_stats *st)
{
	return st->refs[0] + st->refs[1] + st->refs[2];
}

static uint64_t misses_of(const struct skl_cachesim_stats *st)
{
	return st->misses[0] + st->misses[1] + st->misses[2];
}

static const char *owner_name(const skl_cgrid_snap *s, int i)
{
	return i >= 0 && i < s->nowners && s->owners[i] ? s->owners[i] : "(unknown)";
}

/* "tcp_sock.daddr", or "tcp_sock" for the whole object. */
static void attr_name(const skl_cache_attr *a, char *out, size_t outsz)
{
	if (a->member[0])
		snprintf(out, outsz, "%s.%s", a->owner, a->member);
	else
		snprintf(out, outsz, "%s", a->owner);
}

static int find_owner(const skl_cgrid_snap *s, const char *name)
{
	int i;
	for (i = 0; i < s->nowners; i++)
		if (s->owners[i] && !strcmp(s->owners[i], name))
			return i;
	return -1;
}

/* ---- colours ------------------------------------------------------------------------ */

/* Each owner its name's palette slot, or the next free one (in owner
 * order); when every slot is taken they are handed out again. */
static void assign_colors(const skl_cgrid_snap *s, int upto, skl_color *out)
{
	unsigned char used[SKL__OWNER_COLORS];
	int i, nused = 0;
	memset(used, 0, sizeof(used));
	for (i = 0; i < upto && i < s->nowners; i++) {
		int slot = skl__owner_slot(owner_name(s, i)), k = 0;
		if (nused == SKL__OWNER_COLORS) {
			memset(used, 0, sizeof(used));
			nused = 0;
		}
		while (k < SKL__OWNER_COLORS && used[(slot + k) % SKL__OWNER_COLORS])
			k++;
		slot = (slot + k) % SKL__OWNER_COLORS;
		used[slot] = 1;
		nused++;
		if (out)
			out[i] = skl__owner_color(slot);
		else if (i == upto - 1)
			return;
	}
}

skl_color skl_view_cache_owner_color(const skl_cgrid_snap *s, int owner)
{
	skl_color *all, c;
	if (!s || owner < 0 || owner >= s->nowners)
		return C_UNKNOWN;
	all = skl_malloc((size_t)(owner + 1) * sizeof(*all));
	if (!all)
		return skl__owner_color(skl__owner_slot(owner_name(s, owner)));
	assign_colors(s, owner + 1, all);
	c = all[owner];
	skl_free(all);
	return c;
}

static skl_color attr_color_from(const skl_cgrid_snap *s, const skl_color *ocol, const skl_cache_attr *a)
{
	char name[160];
	int i;
	attr_name(a, name, sizeof(name));
	i = find_owner(s, name);
	if (i < 0)
		i = find_owner(s, a->owner);
	if (i >= 0)
		return ocol ? ocol[i] : skl_view_cache_owner_color(s, i);
	return skl__owner_color(skl__owner_slot(name));
}

skl_color skl_view_cache_attr_color(const skl_cgrid_snap *s, const skl_cache_attr *a)
{
	return attr_color_from(s, NULL, a);
}

int skl_view_cache_focus(const skl_cgrid_snap *s)
{
	int i;
	if (!s || s->nlevels <= 0)
		return -1;
	for (i = 0; i < s->nlevels; i++)
		if (s->levels[i].lines && !strcmp(s->levels[i].st.name, "L1d"))
			return i;
	for (i = 0; i < s->nlevels; i++)
		if (s->levels[i].lines)
			return i;
	return 0;
}

/* ---- tooltips --------------------------------------------------------------------------- */

void skl_view_cache_cell_tooltip(const skl_cgrid_snap *s, int l, unsigned set, unsigned way, char *out, size_t outsz)
{
	const skl_cgrid_level *lv;
	const skl_cgrid_line *c;
	out[0] = 0;
	if (!s || l < 0 || l >= s->nlevels)
		return;
	lv = &s->levels[l];
	skl__catf(out, outsz, "%s \xc2\xb7 set %u, way %u\n", lv->st.name, set, way);
	if (!lv->lines || set >= lv->st.sets || way >= lv->st.assoc)
		return;
	c = &lv->lines[(size_t)set * lv->st.assoc + way];
	if (!c->valid) {
		skl__catf(out, outsz, "empty (invalid): nothing cached in this way");
		return;
	}
	skl__catf(out, outsz, "line 0x%llx (simulated), bytes 0x%llx-0x%llx\n", (unsigned long long)c->addr,
		  (unsigned long long)c->addr, (unsigned long long)(c->addr + lv->st.line - 1));
	if (lv->st.line && lv->st.sets)
		skl__catf(out, outsz, "set %u = (0x%llx / %u) mod %u\n", set, (unsigned long long)c->addr, lv->st.line,
			  lv->st.sets);
	skl__catf(out, outsz, "owner: %s\n", c->owner >= 0 ? owner_name(s, c->owner) : "(nothing known)");
	skl__catf(out, outsz, "valid, %s\n", c->dirty ? "dirty (written, not yet written back)" : "clean");
	skl__catf(out, outsz, "latest access: %s", c->last_hit ? "hit" : "miss (the line was installed by it)");
	if (c->recent)
		skl__catf(out, outsz, "\ntouched since the previous snapshot");
}

static void level_tooltip(const skl_cgrid_snap *s, int l, char *out, size_t outsz)
{
	const struct skl_cachesim_stats *st = &s->levels[l].st;
	char a[32], b[32], c[32], sz[32];
	uint64_t r = refs_of(st), m = misses_of(st);
	out[0] = 0;
	skl__catf(out, outsz, "%s: %s, %u-way, %u B lines, %u sets; %u cycles\n", st->name,
		  bytes(st->size, sz, sizeof(sz)), st->assoc, st->line, st->sets, s->levels[l].latency);
	skl__catf(out, outsz, "references %s: reads %s, writes %s", count(r, a, sizeof(a)),
		  count(st->refs[SKL_CACHE_READ], b, sizeof(b)), count(st->refs[SKL_CACHE_WRITE], c, sizeof(c)));
	if (st->refs[SKL_CACHE_IFETCH])
		skl__catf(out, outsz, ", fetches %s", count(st->refs[SKL_CACHE_IFETCH], a, sizeof(a)));
	skl__catf(out, outsz, "\nmisses %s: reads %s, writes %s", count(m, a, sizeof(a)),
		  count(st->misses[SKL_CACHE_READ], b, sizeof(b)), count(st->misses[SKL_CACHE_WRITE], c, sizeof(c)));
	if (st->misses[SKL_CACHE_IFETCH])
		skl__catf(out, outsz, ", fetches %s", count(st->misses[SKL_CACHE_IFETCH], a, sizeof(a)));
	skl__catf(out, outsz, "\nmiss rate %.1f %%\n", r ? 100.0 * (double)m / (double)r : 0.0);
	skl__catf(out, outsz, "compulsory %s, capacity %s, conflict %s\n", count(st->compulsory, a, sizeof(a)),
		  count(st->capacity, b, sizeof(b)), count(st->conflict, c, sizeof(c)));
	skl__catf(out, outsz, "evictions %s (%s dirty), writebacks %s", count(st->evictions, a, sizeof(a)),
		  count(st->dirty_evictions, b, sizeof(b)), count(st->writebacks, c, sizeof(c)));
}

static void attr_tooltip(const skl_cgrid_snap *s, const skl_cache_attr *a, char *out, size_t outsz)
{
	char name[160], x[32], y[32];
	uint64_t acc = a->reads + a->writes;
	int l;
	out[0] = 0;
	attr_name(a, name, sizeof(name));
	skl__catf(out, outsz, "%s\n", name);
	if (a->size)
		skl__catf(out, outsz, "offset %u, %u %s (bytes %u-%u of the object)\n", a->offset, a->size,
			  a->size == 1 ? "byte" : "bytes", a->offset, a->offset + a->size - 1);
	skl__catf(out, outsz, "reads %s, writes %s\n", count(a->reads, x, sizeof(x)), count(a->writes, y, sizeof(y)));
	skl__catf(out, outsz, "misses:");
	for (l = 0; l < s->nlevels && l < SKL_CACHE_MAX_LEVELS; l++)
		skl__catf(out, outsz, "%s %s %s", l ? "," : "", s->levels[l].st.name,
			  count(a->misses[l], x, sizeof(x)));
	skl__catf(out, outsz, "\ncycles %s", count(a->cycles, x, sizeof(x)));
	if (acc)
		skl__catf(out, outsz, " (%.1f per access)", (double)a->cycles / (double)acc);
}

/* ---- the view's state ------------------------------------------------------------------- */

typedef struct cv {
	skl_dl *dl;
	const skl_cgrid_snap *s;
	const skl_view_cache_opts *o;
	float u;
	int focus;
	int any_recent, any_old; /* lines touched since the last snapshot, and lines not */
	int any_dirty, any_empty, any_valid;
	skl_color *ocol; /* per owner */
	char key[200];
	char tip[4096];
} cv;

static void text(cv *v, float x, float y, float w, float h, const char *t, float size, int font, int align,
		 skl_color ink)
{
	skl__text(v->dl, x, y, w, h, t, size, font, align, ink);
}

static skl_color line_fill(cv *v, const skl_cgrid_line *c)
{
	skl_color base = c->owner >= 0 && c->owner < v->s->nowners ? v->ocol[c->owner] : C_UNKNOWN;
	return v->any_recent && !c->recent ? skl_color_mix(base, C_BG, PALE) : base;
}

/* A dog-ear: a right triangle in the bottom-left corner, as a stair of
 * one-pixel rows. */
static void dog_ear(cv *v, float x, float y, float t, skl_color ink)
{
	int n = (int)ceilf(t), k;
	if (n < 2)
		n = 2;
	for (k = 0; k < n; k++) {
		float rh = t / (float)n;
		skl_dl_rect(v->dl, x, y - t + (float)k * rh, t * (float)(k + 1) / (float)n, rh, ink, 0, 0);
	}
}

/* One way of one set in the box x, y, w, h. */
static void draw_cell(cv *v, int l, unsigned set, unsigned way, float x, float y, float w, float h)
{
	const skl_cgrid_level *lv = &v->s->levels[l];
	const skl_cgrid_line *c = &lv->lines[(size_t)set * lv->st.assoc + way];
	snprintf(v->key, sizeof(v->key), "%d:cell:%d:%u:%u", v->o->obj, l, set, way);
	skl_view_cache_cell_tooltip(v->s, l, set, way, v->tip, sizeof(v->tip));
	skl_dl_begin(v->dl, v->key, v->tip);
	if (!c->valid) {
		skl_dl_rect(v->dl, x, y, w, h, C_EMPTY, w > 5 && h > 5 ? C_RULE : 0, w > 5 && h > 5 ? 1 : 0);
	} else {
		/* marks of lines not touched lately are washed out with them */
		int old = v->any_recent && !c->recent;
		skl_color fill = line_fill(v, c);
		float m = floorf(skl__clampf(w * 0.2f, 2, 9 * v->u));
		skl_dl_rect(v->dl, x, y, w, h, fill, 0, 0);
		if (w >= 10)
			skl_dl_rect(v->dl, x + w - m - 1, y, 1, h, C_BG, 0, 0);
		if (c->last_hit)
			skl_dl_rect(v->dl, x + w - m, y, m, fminf(m, h),
				    old ? skl_color_mix(C_HIT, C_BG, 0.45f) : C_HIT, 0, 0);
		else
			skl_dl_rect(v->dl, x + w - m, y, m, h, old ? skl_color_mix(C_MISS, C_BG, 0.45f) : C_MISS, 0, 0);
		if (c->dirty && w >= 6 && h >= 5) {
			float t = floorf(fminf(fminf(h * 0.55f, (w - m) * 0.4f), 10 * v->u));
			skl_color ink = skl__is_dark(fill) ? C_BG : C_INK;
			dog_ear(v, x, y + h, t, old ? skl_color_mix(ink, fill, 0.45f) : ink);
		}
	}
	skl_dl_end(v->dl);
}

/* ---- a level as a grid -------------------------------------------------------------------- */

typedef struct fold {
	int f;		/* columns of sets */
	unsigned rows;	/* sets per column */
	float cw, ch;	/* cell pitch */
	float gut, gap; /* set-number gutter, gap between columns */
	float sfs;	/* set-number size */
} fold;

static float title_h(cv *v)
{
	return 28 * v->u;
}

static float wayhead_h(cv *v)
{
	return 18 * v->u;
}

/* The folding with the biggest cells (about 2.6 times as wide as tall)
 * for sets x assoc in w x h; 0 when cells would be under 3 pixels. */
static int choose_fold(cv *v, const skl_cgrid_level *lv, float w, float h, fold *best)
{
	unsigned sets = lv->st.sets, assoc = lv->st.assoc;
	float best_score = 0;
	int f;
	char num[32];
	snprintf(num, sizeof(num), "%u", sets ? sets - 1 : 0);
	memset(best, 0, sizeof(*best));
	if (!sets || !assoc)
		return 0;
	for (f = 1; f <= 64 && (unsigned)f <= sets; f++) {
		unsigned rows = (sets + (unsigned)f - 1) / (unsigned)f;
		float ch = h / (float)rows, sfs, gut, gap = 16 * v->u, cw, score;
		if (sets % (unsigned)f && f > 1)
			continue; /* columns of equal length only */
		sfs = floorf(skl__clampf(ch * 0.8f, 8, 13 * v->u));
		gut = skl_dl_text_width(num, sfs) + 8 * v->u;
		if (gut < skl_dl_text_width("set", floorf(11 * v->u)) + 6 * v->u)
			gut = skl_dl_text_width("set", floorf(11 * v->u)) + 6 * v->u;
		cw = (w - (float)f * gut - (float)(f - 1) * gap) / ((float)f * (float)assoc);
		if (cw < 3 || ch < 3)
			continue;
		if (ch > 30 * v->u)
			ch = 30 * v->u;
		if (cw > ch * 4.5f)
			cw = ch * 4.5f;
		score = fminf(cw, ch * 2.6f);
		if (score > best_score + 0.01f) {
			best_score = score;
			best->f = f;
			best->rows = rows;
			best->cw = cw;
			best->ch = ch;
			best->gut = gut;
			best->gap = gap;
			best->sfs = sfs;
		}
	}
	return best->f > 0;
}

static void level_title(cv *v, int l, float x, float y, float w, float h, const char *extra)
{
	const struct skl_cachesim_stats *st = &v->s->levels[l].st;
	char line[256], sz[32];
	float ts = floorf(18 * v->u), ss = floorf(14 * v->u), nw;
	snprintf(v->key, sizeof(v->key), "%d:level:%d", v->o->obj, l);
	level_tooltip(v->s, l, v->tip, sizeof(v->tip));
	skl_dl_begin(v->dl, v->key, v->tip);
	nw = skl_dl_text_width(st->name, ts) + 12 * v->u;
	skl__text(v->dl, x, y, nw, h, st->name, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	snprintf(line, sizeof(line), "%s \xc2\xb7 %u-way \xc2\xb7 %u B lines \xc2\xb7 %u sets \xc3\x97 %u ways%s%s",
		 bytes(st->size, sz, sizeof(sz)), st->assoc, st->line, st->sets, st->assoc, extra ? " \xc2\xb7 " : "",
		 extra ? extra : "");
	text(v, x + nw, y, w - nw, h, line, ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(v->dl);
}

/* Lines valid, dirty and recent in level l. */
static void occupancy(const skl_cgrid_level *lv, uint64_t *valid, uint64_t *dirty, uint64_t *recent)
{
	size_t i, n = (size_t)lv->st.sets * lv->st.assoc;
	*valid = *dirty = *recent = 0;
	for (i = 0; lv->lines && i < n; i++) {
		*valid += lv->lines[i].valid != 0;
		*dirty += lv->lines[i].valid && lv->lines[i].dirty;
		*recent += lv->lines[i].valid && lv->lines[i].recent;
	}
}

static void draw_grid(cv *v, int l, float x, float y, float w, const fold *fd)
{
	const skl_cgrid_level *lv = &v->s->levels[l];
	unsigned sets = lv->st.sets, assoc = lv->st.assoc, set, way;
	float gy = y + title_h(v) + wayhead_h(v), hs = floorf(11 * v->u);
	float colw = fd->gut + (float)assoc * fd->cw;
	float ix = fd->cw >= 8 ? 1 : fd->cw >= 4 ? 0.5f : 0, iy = fd->ch >= 8 ? 1 : fd->ch >= 4 ? 0.5f : 0;
	unsigned label_every = 1;
	uint64_t valid, dirty, recent;
	char extra[160], a[32], b[32], c[32];
	int f;

	occupancy(lv, &valid, &dirty, &recent);
	snprintf(extra, sizeof(extra), "%s of %s lines valid, %s dirty", count(valid, a, sizeof(a)),
		 count((uint64_t)sets * assoc, b, sizeof(b)), count(dirty, c, sizeof(c)));
	level_title(v, l, x, y, w, title_h(v), extra);
	while (label_every < sets && (float)label_every * fd->ch < fd->sfs * 1.15f)
		label_every *= 2;

	for (f = 0; f < fd->f; f++) {
		float fx = x + (float)f * (colw + fd->gap), cx = fx + fd->gut;
		unsigned r;
		/* column heads: "set", then the way numbers */
		skl__text(v->dl, fx, gy - wayhead_h(v), fd->gut - 6 * v->u, wayhead_h(v), "set", hs, SKL_FONT_REGULAR,
			  SKL_ALIGN_RIGHT, C_INK3);
		if (skl_dl_text_width("00", hs) + 2 <= fd->cw) {
			for (way = 0; way < assoc; way++) {
				char t[16];
				snprintf(t, sizeof(t), "%u", way);
				skl__text(v->dl, cx + (float)way * fd->cw, gy - wayhead_h(v), fd->cw, wayhead_h(v), t,
					  hs, SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK3);
			}
		} else {
			char t[32];
			snprintf(t, sizeof(t), "ways 0-%u", assoc - 1);
			text(v, cx, gy - wayhead_h(v), (float)assoc * fd->cw, wayhead_h(v), t, hs, SKL_FONT_REGULAR,
			     SKL_ALIGN_LEFT, C_INK3);
		}
		for (r = 0; r < fd->rows; r++) {
			float ry = gy + (float)r * fd->ch;
			set = (unsigned)f * fd->rows + r;
			if (set >= sets)
				break;
			if (set % label_every == 0) {
				char t[16];
				snprintf(t, sizeof(t), "%u", set);
				snprintf(v->key, sizeof(v->key), "%d:set:%d:%u", v->o->obj, l, set);
				snprintf(v->tip, sizeof(v->tip),
					 "%s set %u: the lines whose address / %u mod %u is %u\n%u ways, drawn left to "
					 "right",
					 lv->st.name, set, lv->st.line, sets, set, assoc);
				skl_dl_begin(v->dl, v->key, v->tip);
				skl__text(v->dl, fx, ry, fd->gut - 6 * v->u, fminf(fd->ch, fd->sfs * 1.3f), t, fd->sfs,
					  SKL_FONT_REGULAR, SKL_ALIGN_RIGHT, C_INK2);
				skl_dl_end(v->dl);
			}
			for (way = 0; way < assoc; way++)
				draw_cell(v, l, set, way, cx + (float)way * fd->cw, ry, fd->cw - ix, fd->ch - iy);
		}
	}
}

/* A level summed up: its geometry, and when its lines were copied, its
 * occupancy as a bar split by owner. */
static void draw_summary(cv *v, int l, float x, float y, float w, float h, const char *why)
{
	const skl_cgrid_level *lv = &v->s->levels[l];
	float ss = floorf(14 * v->u), by;
	char line[512], a[32], b[32], c[32], d[32];
	uint64_t r = refs_of(&lv->st), m = misses_of(&lv->st);

	if (!lv->lines) {
		/* one line: the geometry and why there is no grid */
		snprintf(line, sizeof(line), "%s \xc2\xb7 %s misses of %s (%.1f %%)", why, count(m, a, sizeof(a)),
			 count(r, b, sizeof(b)), r ? 100.0 * (double)m / (double)r : 0.0);
		level_title(v, l, x, y, w, h, line);
		snprintf(v->key, sizeof(v->key), "%d:summary:%d", v->o->obj, l);
		level_tooltip(v->s, l, v->tip, sizeof(v->tip));
		skl__catf(v->tip, sizeof(v->tip), "\n%s (the level is too big to copy)", why);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, x, y, w, h, 0, 0, 0);
		skl_dl_end(v->dl);
		return;
	}
	level_title(v, l, x, y, w, title_h(v), NULL);
	snprintf(v->key, sizeof(v->key), "%d:summary:%d", v->o->obj, l);
	level_tooltip(v->s, l, v->tip, sizeof(v->tip));
	skl__catf(v->tip, sizeof(v->tip), "\n%s", why);
	skl_dl_begin(v->dl, v->key, v->tip);
	by = y + title_h(v);
	skl_dl_rect(v->dl, x, by, w, h - title_h(v), C_ZEBRA, C_RULE, 1);
	x += 10 * v->u;
	w -= 20 * v->u;
	by += 5 * v->u;
	{
		uint64_t valid, dirty, recent, total = (uint64_t)lv->st.sets * lv->st.assoc, *per;
		size_t i, n = (size_t)total;
		float bx = x, bh = 14 * v->u;
		int k;
		occupancy(lv, &valid, &dirty, &recent);
		per = skl_calloc((size_t)v->s->nowners + 1, sizeof(*per));
		if (per) {
			for (i = 0; i < n; i++)
				if (lv->lines[i].valid) {
					int o = lv->lines[i].owner;
					per[o >= 0 && o < v->s->nowners ? o : v->s->nowners]++;
				}
			for (k = 0; k <= v->s->nowners; k++) {
				float bw = total ? w * (float)per[k] / (float)total : 0;
				if (bw <= 0)
					continue;
				skl_dl_rect(v->dl, bx, by, bw, bh, k < v->s->nowners ? v->ocol[k] : C_UNKNOWN, 0, 0);
				bx += bw;
			}
			skl_free(per);
		}
		if (bx < x + w)
			skl_dl_rect(v->dl, bx, by, x + w - bx, bh, C_EMPTY, 0, 0);
		skl_dl_rect(v->dl, x, by, w, bh, 0, C_RULE, 1);
		by += bh + 3 * v->u;
		snprintf(line, sizeof(line),
			 "%s of %s lines valid \xc2\xb7 %s dirty \xc2\xb7 %s touched this step \xc2\xb7 %s",
			 count(valid, a, sizeof(a)), count(total, b, sizeof(b)), count(dirty, c, sizeof(c)),
			 count(recent, d, sizeof(d)), why);
	}
	text(v, x, by, w, ss * 1.5f, line, ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(v->dl);
}

static float summary_h(cv *v, int l)
{
	return v->s->levels[l].lines ? title_h(v) + 48 * v->u : title_h(v);
}

/* Every level in the column x, y, w, h: the focus first, levels with lines
 * as grids, the rest summed up under them. */
static float draw_levels(cv *v, float x, float y, float w, float h)
{
	const skl_cgrid_snap *s = v->s;
	int order[SKL_CACHE_MAX_LEVELS], n = 0, ngrid, i, k, pass, first;
	unsigned char grid[SKL_CACHE_MAX_LEVELS];
	fold fd[SKL_CACHE_MAX_LEVELS];
	float gap = 14 * v->u, cy = y;

	if (v->focus >= 0)
		order[n++] = v->focus;
	for (i = 0; i < s->nlevels && n < SKL_CACHE_MAX_LEVELS; i++)
		if (i != v->focus)
			order[n++] = i;
	for (k = 0; k < n; k++)
		grid[k] = s->levels[order[k]].lines != NULL;
	/* levels whose cells would be too small become summaries, which
	 * leaves more room for the others: settle that first */
	for (pass = 0; pass <= n; pass++) {
		float sum_h = 0, gh;
		int changed = 0;
		ngrid = 0;
		first = -1;
		for (k = 0; k < n; k++) {
			if (grid[k]) {
				ngrid++;
				if (first < 0)
					first = k;
			} else {
				sum_h += summary_h(v, order[k]) + gap;
			}
		}
		gh = h - sum_h;
		for (k = 0; k < n && !changed; k++) {
			/* the first grid (the focus) gets most of the room when others share it */
			float lh;
			if (!grid[k])
				continue;
			lh = ngrid == 1 ? gh : k == first ? gh * 0.56f : (gh * 0.44f) / (float)(ngrid - 1);
			lh -= gap;
			if (!choose_fold(v, &s->levels[order[k]], w, lh - title_h(v) - wayhead_h(v), &fd[k])) {
				grid[k] = 0;
				changed = 1;
			}
		}
		if (!changed)
			break;
	}
	for (k = 0; k < n; k++) {
		if (!grid[k])
			continue;
		draw_grid(v, order[k], x, cy, w, &fd[k]);
		cy += title_h(v) + wayhead_h(v) + (float)fd[k].rows * fd[k].ch + gap;
	}
	for (k = 0; k < n; k++) {
		int l = order[k];
		if (grid[k])
			continue;
		if (cy + summary_h(v, l) > y + h + 1)
			break;
		draw_summary(v, l, x, cy, w, summary_h(v, l),
			     s->levels[l].lines ? "too many lines to draw at this size"
						: "not copied line by line: counters only");
		cy += summary_h(v, l) + gap;
	}
	return cy;
}

/* ---- header ------------------------------------------------------------------------------- */

static float header_h(cv *v)
{
	return (34 + 24 + (v->s->source[0] ? 20 : 0) + 12) * v->u;
}

static void latencies(const skl_cgrid_snap *s, char *out, size_t outsz)
{
	int l;
	out[0] = 0;
	for (l = 0; l < s->nlevels; l++)
		skl__catf(out, outsz, "%s%s %u%s", l ? ", " : "", s->levels[l].st.name, s->levels[l].latency,
			  l ? "" : " cycles");
	skl__catf(out, outsz, "%smemory %u%s", s->nlevels ? ", " : "", s->mem_latency, s->nlevels ? "" : " cycles");
}

static void draw_header(cv *v, float x, float y, float w)
{
	const skl_cgrid_snap *s = v->s;
	char title[300], line[600], lat[300], a[32], b[32];
	float ts = floorf(26 * v->u), ss = floorf(16 * v->u), xs = floorf(13 * v->u);
	int l;

	if (v->o->title)
		snprintf(title, sizeof(title), "%s", v->o->title);
	else
		snprintf(title, sizeof(title), "Cache: %s", s->title[0] ? s->title : "a cache model");
	latencies(s, lat, sizeof(lat));
	snprintf(v->key, sizeof(v->key), "%d:cache", v->o->obj);
	snprintf(v->tip, sizeof(v->tip), "%s\n%s%s", s->title, s->source, s->source[0] ? "\n" : "");
	for (l = 0; l < s->nlevels; l++) {
		char sz[32];
		const struct skl_cachesim_stats *st = &s->levels[l].st;
		skl__catf(v->tip, sizeof(v->tip), "%s: %s, %u-way, %u B lines, %u sets, %u cycles\n", st->name,
			  bytes(st->size, sz, sizeof(sz)), st->assoc, st->line, st->sets, s->levels[l].latency);
	}
	skl__catf(v->tip, sizeof(v->tip), "memory: %u cycles\n%s accesses fed, %s cycles modelled", s->mem_latency,
		  count(s->accesses, a, sizeof(a)), count(s->cycles, b, sizeof(b)));
	skl_dl_begin(v->dl, v->key, v->tip);
	text(v, x, y, w, 34 * v->u, title, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	y += 34 * v->u;
	snprintf(line, sizeof(line), "latency: %s \xc2\xb7 %s accesses \xc2\xb7 %s cycles", lat,
		 count(s->accesses, a, sizeof(a)), count(s->cycles, b, sizeof(b)));
	text(v, x, y, w, 24 * v->u, line, ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	y += 24 * v->u;
	if (s->source[0])
		text(v, x, y, w, 20 * v->u, s->source, xs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	skl_dl_end(v->dl);
}

/* ---- the table of counters ------------------------------------------------------------------ */

enum {
	ROW_HEAD,
	ROW_GEOM,
	ROW_LAT,
	ROW_REFS,
	ROW_REFS_RW,
	ROW_MISS,
	ROW_MISS_RW,
	ROW_RATE,
	ROW_COMP,
	ROW_CAP,
	ROW_CONF,
	ROW_EVICT,
	ROW_WB,
	ROW_COUNT_
};

static const struct {
	const char *label, *help;
} rows[ROW_COUNT_] = {
    [ROW_HEAD] = {"", NULL},
    [ROW_GEOM] = {"sets\xc3\x97ways\xc3\x97line", "sets x ways x bytes per line = the level's size"},
    [ROW_LAT] = {"latency", "cycles to look the level up; a miss goes on to the next level"},
    [ROW_REFS] = {"references", "accesses that reached this level"},
    [ROW_REFS_RW] = {"  read / write", "references by kind (instruction fetches are counted as reads here)"},
    [ROW_MISS] = {"misses", "references this level could not serve"},
    [ROW_MISS_RW] = {"  read / write", "misses by kind (instruction fetches are counted as reads here)"},
    [ROW_RATE] = {"miss rate", "misses / references"},
    [ROW_COMP] = {"compulsory", "first reference to a line: would miss in any cache"},
    [ROW_CAP] = {"capacity", "would miss even in a fully associative cache of this size"},
    [ROW_CONF] = {"conflict", "the rest: too many lines mapping to the same set"},
    [ROW_EVICT] = {"evictions", "valid lines replaced (dirty ones in brackets)"},
    [ROW_WB] = {"writebacks", "writes sent to the level below"},
};

static void cell_value(const skl_cgrid_snap *s, int l, int row, char *out, size_t outsz)
{
	const struct skl_cachesim_stats *st = &s->levels[l].st;
	char a[32], b[32];
	uint64_t r = refs_of(st), m = misses_of(st);
	switch (row) {
	case ROW_HEAD:
		snprintf(out, outsz, "%s %s", st->name, bytes(st->size, a, sizeof(a)));
		break;
	case ROW_GEOM:
		snprintf(out, outsz, "%u\xc3\x97%u\xc3\x97%u B", st->sets, st->assoc, st->line);
		break;
	case ROW_LAT:
		snprintf(out, outsz, "%u cycles", s->levels[l].latency);
		break;
	case ROW_REFS:
		count(r, out, outsz);
		break;
	case ROW_REFS_RW:
		snprintf(out, outsz, "%s / %s",
			 count(st->refs[SKL_CACHE_READ] + st->refs[SKL_CACHE_IFETCH], a, sizeof(a)),
			 count(st->refs[SKL_CACHE_WRITE], b, sizeof(b)));
		break;
	case ROW_MISS:
		count(m, out, outsz);
		break;
	case ROW_MISS_RW:
		snprintf(out, outsz, "%s / %s",
			 count(st->misses[SKL_CACHE_READ] + st->misses[SKL_CACHE_IFETCH], a, sizeof(a)),
			 count(st->misses[SKL_CACHE_WRITE], b, sizeof(b)));
		break;
	case ROW_RATE:
		snprintf(out, outsz, "%.1f %%", r ? 100.0 * (double)m / (double)r : 0.0);
		break;
	case ROW_COMP:
		count(st->compulsory, out, outsz);
		break;
	case ROW_CAP:
		count(st->capacity, out, outsz);
		break;
	case ROW_CONF:
		count(st->conflict, out, outsz);
		break;
	case ROW_EVICT:
		if (st->dirty_evictions)
			snprintf(out, outsz, "%s (%s)", count(st->evictions, a, sizeof(a)),
				 count(st->dirty_evictions, b, sizeof(b)));
		else
			count(st->evictions, out, outsz);
		break;
	case ROW_WB:
		count(st->writebacks, out, outsz);
		break;
	default:
		out[0] = 0;
	}
}

/* The table's size for font size fs. */
static void table_measure(cv *v, float fs, float *labw, float *colw)
{
	char buf[64];
	int r, l;
	*labw = 0;
	for (r = 0; r < ROW_COUNT_; r++)
		*labw = fmaxf(*labw, skl_dl_text_width(rows[r].label, fs));
	for (l = 0; l < v->s->nlevels; l++) {
		colw[l] = 0;
		for (r = 0; r < ROW_COUNT_; r++) {
			cell_value(v->s, l, r, buf, sizeof(buf));
			colw[l] = fmaxf(colw[l], skl_dl_text_width(buf, fs));
		}
		colw[l] += 18 * v->u;
	}
}

static float table_h(cv *v, float fs)
{
	return (float)ROW_COUNT_ * floorf(fs * 1.38f) + 4 * v->u;
}

static float table_fs(cv *v, float w)
{
	float fs = floorf(15 * v->u), labw, colw[SKL_CACHE_MAX_LEVELS], tw;
	int l;
	for (;;) {
		table_measure(v, fs, &labw, colw);
		tw = labw;
		for (l = 0; l < v->s->nlevels; l++)
			tw += colw[l];
		if (tw <= w || fs <= 9)
			return fs;
		fs -= 1;
	}
}

static void draw_table(cv *v, float x, float y, float w, float fs)
{
	const skl_cgrid_snap *s = v->s;
	float labw, colw[SKL_CACHE_MAX_LEVELS], rh = floorf(fs * 1.38f), cx, tw = 0;
	char buf[64];
	int r, l;

	table_measure(v, fs, &labw, colw);
	tw = labw;
	for (l = 0; l < s->nlevels; l++)
		tw += colw[l];
	/* spread spare room over the columns */
	if (tw < w && s->nlevels > 0) {
		float extra = fminf((w - tw) / (float)s->nlevels, 60 * v->u);
		for (l = 0; l < s->nlevels; l++)
			colw[l] += extra;
	}
	for (r = 0; r < ROW_COUNT_; r++) {
		float ry = y + (float)r * rh;
		if (r % 2 == 0 && r > 0)
			skl_dl_rect(v->dl, x, ry, w, rh, C_ZEBRA, 0, 0);
		if (r > 0) {
			snprintf(v->key, sizeof(v->key), "%d:statrow:%d", v->o->obj, r);
			skl_dl_begin(v->dl, v->key, rows[r].help);
			skl__text(v->dl, x + 4 * v->u, ry, labw, rh, rows[r].label, fs, SKL_FONT_REGULAR,
				  SKL_ALIGN_LEFT, C_INK2);
			skl_dl_end(v->dl);
		}
	}
	skl_dl_line(v->dl, x, y + rh, x + w, y + rh, C_INK3, 1);
	cx = x + labw + 4 * v->u;
	for (l = 0; l < s->nlevels; l++) {
		snprintf(v->key, sizeof(v->key), "%d:stats:%d", v->o->obj, l);
		level_tooltip(s, l, v->tip, sizeof(v->tip));
		skl_dl_begin(v->dl, v->key, v->tip);
		/* an invisible box so the whole column hovers */
		skl_dl_rect(v->dl, cx, y, colw[l], rh * ROW_COUNT_, 0, 0, 0);
		for (r = 0; r < ROW_COUNT_; r++) {
			int bold = r == ROW_HEAD || r == ROW_RATE;
			cell_value(s, l, r, buf, sizeof(buf));
			skl__text(v->dl, cx, y + (float)r * rh, colw[l] - 6 * v->u, rh, buf, fs,
				  bold ? SKL_FONT_BOLD : SKL_FONT_REGULAR, SKL_ALIGN_RIGHT,
				  r == ROW_HEAD && l == v->focus ? C_INK
				  : r == ROW_HEAD		 ? C_INK2
								 : C_INK);
		}
		skl_dl_end(v->dl);
		cx += colw[l];
	}
}

/* ---- legend ----------------------------------------------------------------------------------- */

typedef struct flow {
	float x0, x, y, w, rowh;
	int rows, maxrows;
} flow;

/* Room for an entry of width ew; 0 when the rows are used up. */
static int flow_place(flow *fl, float ew, float *ex, float *ey)
{
	if (fl->x + ew > fl->x0 + fl->w && fl->x > fl->x0) {
		if (fl->rows + 1 >= fl->maxrows)
			return 0;
		fl->rows++;
		fl->x = fl->x0;
		fl->y += fl->rowh;
	}
	*ex = fl->x;
	*ey = fl->y;
	fl->x += ew;
	return 1;
}

static void sample_cell(cv *v, float x, float y, float w, float h, skl_color fill, int mark, int dirty)
{
	float m = floorf(skl__clampf(w * 0.2f, 2, 9 * v->u));
	skl_dl_rect(v->dl, x, y, w, h, fill, fill == C_EMPTY ? C_RULE : 0, fill == C_EMPTY ? 1 : 0);
	if (mark) {
		skl_dl_rect(v->dl, x + w - m - 1, y, 1, h, C_BG, 0, 0);
		if (mark > 0)
			skl_dl_rect(v->dl, x + w - m, y, m, m, C_HIT, 0, 0);
		else
			skl_dl_rect(v->dl, x + w - m, y, m, h, C_MISS, 0, 0);
	}
	if (dirty)
		dog_ear(v, x, y + h, floorf(h * 0.62f), C_INK);
}

/* Returns the bottom of the legend. */
static float draw_legend(cv *v, float x, float y, float w)
{
	const skl_cgrid_snap *s = v->s;
	float ls = floorf(13 * v->u), sw = 34 * v->u, sh = 15 * v->u, ex, ey;
	flow fl;
	int i, *lines_of;
	static const struct {
		const char *key, *label, *tip;
	} marks[] = {
	    {"hit", "hit", "green corner: the latest access to the line hit"},
	    {"miss", "miss", "red edge: the line was installed by a miss (its latest access)"},
	    {"dirty", "dirty", "dog-ear: the line was written and not yet written back"},
	    {"recent", "pale: not touched this step", "pale lines were not touched since the previous snapshot"},
	    {"empty", "empty way", "grey: an invalid way, nothing cached there"},
	};

	fl.x0 = fl.x = x;
	fl.y = y;
	fl.w = w;
	fl.rowh = 22 * v->u;
	fl.rows = 0;
	fl.maxrows = 4;
	for (i = 0; i < (int)(sizeof(marks) / sizeof(marks[0])); i++) {
		float ew = sw + 6 * v->u + skl_dl_text_width(marks[i].label, ls) + 16 * v->u;
		skl_color grey = SKL_HEX(0xc3c8ce);
		if ((i == 2 && !v->any_dirty) || (i == 3 && !(v->any_recent && v->any_old)) ||
		    (i == 4 && !v->any_empty))
			continue;
		if (!flow_place(&fl, ew, &ex, &ey))
			break;
		snprintf(v->key, sizeof(v->key), "%d:legend:%s", v->o->obj, marks[i].key);
		skl_dl_begin(v->dl, v->key, marks[i].tip);
		switch (i) {
		case 0:
			sample_cell(v, ex, ey + (fl.rowh - sh) / 2, sw, sh, grey, 1, 0);
			break;
		case 1:
			sample_cell(v, ex, ey + (fl.rowh - sh) / 2, sw, sh, grey, -1, 0);
			break;
		case 2:
			sample_cell(v, ex, ey + (fl.rowh - sh) / 2, sw, sh, grey, 0, 1);
			break;
		case 3:
			sample_cell(v, ex, ey + (fl.rowh - sh) / 2, sw / 2, sh, grey, 0, 0);
			sample_cell(v, ex + sw / 2, ey + (fl.rowh - sh) / 2, sw / 2, sh,
				    skl_color_mix(grey, C_BG, PALE), 0, 0);
			break;
		default:
			sample_cell(v, ex, ey + (fl.rowh - sh) / 2, sw, sh, C_EMPTY, 0, 0);
		}
		skl__text(v->dl, ex + sw + 6 * v->u, ey, ew - sw, fl.rowh, marks[i].label, ls, SKL_FONT_REGULAR,
			  SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(v->dl);
	}
	/* owners on a new row, with how many lines each holds in the focus level */
	lines_of = skl_calloc((size_t)s->nowners + 1, sizeof(int));
	if (lines_of && v->focus >= 0 && s->levels[v->focus].lines) {
		const skl_cgrid_level *lv = &s->levels[v->focus];
		size_t k, n = (size_t)lv->st.sets * lv->st.assoc;
		for (k = 0; k < n; k++)
			if (lv->lines[k].valid && lv->lines[k].owner >= 0 && lv->lines[k].owner < s->nowners)
				lines_of[lv->lines[k].owner]++;
	}
	if (fl.x > fl.x0) {
		fl.rows++;
		fl.x = fl.x0;
		fl.y += fl.rowh;
	}
	for (i = 0; i < s->nowners; i++) {
		const char *name = owner_name(s, i);
		float ew = sh + 6 * v->u + skl_dl_text_width(name, ls) + 16 * v->u;
		if (ew > w)
			ew = w;
		if (!flow_place(&fl, ew, &ex, &ey)) {
			char t[64];
			snprintf(t, sizeof(t), "+%d more", s->nowners - i);
			if (x + w - fl.x >= skl_dl_text_width(t, ls))
				text(v, fl.x, fl.y, x + w - fl.x, fl.rowh, t, ls, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
				     C_INK3);
			break;
		}
		snprintf(v->key, sizeof(v->key), "%d:owner:%d", v->o->obj, i);
		snprintf(v->tip, sizeof(v->tip), "%s", name);
		if (lines_of && v->focus >= 0 && s->levels[v->focus].lines)
			skl__catf(v->tip, sizeof(v->tip), "\n%d %s in %s", lines_of[i],
				  lines_of[i] == 1 ? "line" : "lines", s->levels[v->focus].st.name);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, ex, ey + (fl.rowh - sh) / 2, sh, sh, v->ocol[i], 0, 0);
		text(v, ex + sh + 6 * v->u, ey, ew - sh - 6 * v->u, fl.rowh, name, ls, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
		     C_INK2);
		skl_dl_end(v->dl);
	}
	skl_free(lines_of);
	return fl.y + fl.rowh;
}

/* ---- misses by member ---------------------------------------------------------------------------- */

typedef struct rank {
	uint64_t misses, cycles;
	int i;
} rank;

static int rank_cmp(const void *pa, const void *pb)
{
	const rank *a = pa, *b = pb;
	if (a->misses != b->misses)
		return a->misses > b->misses ? -1 : 1;
	if (a->cycles != b->cycles)
		return a->cycles > b->cycles ? -1 : 1;
	return a->i - b->i;
}

static float chart_title_h(cv *v)
{
	return 26 * v->u;
}

/* Rows the member chart wants: its title, column heads, members with accesses. */
static int members_used(const skl_cgrid_snap *s)
{
	int i, n = 0;
	for (i = 0; i < s->nmembers; i++)
		n += s->members[i].reads + s->members[i].writes > 0;
	return n;
}

static float member_row_h(cv *v)
{
	return 21 * v->u;
}

static void draw_members(cv *v, float x, float y, float w, float h)
{
	const skl_cgrid_snap *s = v->s;
	const char *lvl = v->focus >= 0 ? s->levels[v->focus].st.name : "";
	rank *rk;
	int n = 0, i, shown;
	float fs = floorf(13 * v->u), rh = member_row_h(v), labw = 0, mw, cw, bx, bw, ry;
	uint64_t maxm = 0;
	char buf[200], a[32], head[64];

	rk = skl_malloc((size_t)(s->nmembers ? s->nmembers : 1) * sizeof(*rk));
	if (!rk)
		return;
	for (i = 0; i < s->nmembers; i++) {
		const skl_cache_attr *m = &s->members[i];
		if (m->reads + m->writes == 0)
			continue;
		rk[n].misses = v->focus >= 0 && v->focus < SKL_CACHE_MAX_LEVELS ? m->misses[v->focus] : 0;
		rk[n].cycles = m->cycles;
		rk[n].i = i;
		n++;
	}
	qsort(rk, (size_t)n, sizeof(*rk), rank_cmp);
	snprintf(buf, sizeof(buf), "%s misses by member, and their cycles", lvl);
	text(v, x, y, w, chart_title_h(v), buf, floorf(15 * v->u), SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	y += chart_title_h(v);
	h -= chart_title_h(v);
	shown = (int)((h - rh) / rh);
	if (shown > n)
		shown = n;
	if (shown < n && shown > 0)
		shown--; /* room for the "more" line */
	if (shown <= 0) {
		skl_free(rk);
		return;
	}
	for (i = 0; i < shown; i++) {
		attr_name(&s->members[rk[i].i], buf, sizeof(buf));
		labw = fmaxf(labw, skl_dl_text_width(buf, fs));
		maxm = rk[i].misses > maxm ? rk[i].misses : maxm;
	}
	labw = fminf(labw + 8 * v->u, w * 0.42f);
	snprintf(head, sizeof(head), "%s misses", lvl);
	mw = fmaxf(skl_dl_text_width(count(maxm, a, sizeof(a)), fs), skl_dl_text_width(head, floorf(11 * v->u))) +
	     10 * v->u;
	cw = 0;
	for (i = 0; i < shown; i++)
		cw = fmaxf(cw, skl_dl_text_width(count(s->members[rk[i].i].cycles, a, sizeof(a)), fs));
	cw = fmaxf(cw, skl_dl_text_width("cycles", floorf(11 * v->u))) + 10 * v->u;
	bx = x + labw;
	bw = w - labw - mw - cw - 6 * v->u;
	/* column heads */
	skl__text(v->dl, x + w - mw - cw, y, mw - 4 * v->u, rh, head, floorf(11 * v->u), SKL_FONT_REGULAR,
		  SKL_ALIGN_RIGHT, C_INK3);
	skl__text(v->dl, x + w - cw, y, cw - 4 * v->u, rh, "cycles", floorf(11 * v->u), SKL_FONT_REGULAR,
		  SKL_ALIGN_RIGHT, C_INK3);
	ry = y + rh;
	for (i = 0; i < shown; i++) {
		const skl_cache_attr *m = &s->members[rk[i].i];
		skl_color c = attr_color_from(s, v->ocol, m);
		float len = maxm ? bw * (float)rk[i].misses / (float)maxm : 0;
		snprintf(v->key, sizeof(v->key), "%d:member:%d", v->o->obj, rk[i].i);
		attr_tooltip(s, m, v->tip, sizeof(v->tip));
		skl_dl_begin(v->dl, v->key, v->tip);
		if (i % 2 == 0)
			skl_dl_rect(v->dl, x, ry, w, rh, C_ZEBRA, 0, 0);
		else
			skl_dl_rect(v->dl, x, ry, w, rh, 0, 0, 0);
		attr_name(m, buf, sizeof(buf));
		text(v, x + 4 * v->u, ry, labw - 8 * v->u, rh, buf, fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK);
		if (len > 0)
			skl_dl_rect(v->dl, bx, ry + rh * 0.18f, fmaxf(len, 2), rh * 0.64f, c, 0, 0);
		skl__text(v->dl, x + w - mw - cw, ry, mw - 4 * v->u, rh, count(rk[i].misses, a, sizeof(a)), fs,
			  SKL_FONT_BOLD, SKL_ALIGN_RIGHT, C_INK);
		skl__text(v->dl, x + w - cw, ry, cw - 4 * v->u, rh, count(m->cycles, a, sizeof(a)), fs,
			  SKL_FONT_REGULAR, SKL_ALIGN_RIGHT, C_INK2);
		skl_dl_end(v->dl);
		ry += rh;
	}
	if (shown < n) {
		snprintf(buf, sizeof(buf), "+ %d more %s with accesses (fewer misses)", n - shown,
			 n - shown == 1 ? "member" : "members");
		text(v, x + 4 * v->u, ry, w, rh, buf, floorf(12 * v->u), SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	}
	skl_free(rk);
}

/* ---- misses by object cache line --------------------------------------------------------------------- */

static void draw_objlines(cv *v, float x, float y, float w, float h)
{
	const skl_cgrid_snap *s = v->s;
	const char *lvl = v->focus >= 0 ? s->levels[v->focus].st.name : "";
	int i, groups = 1, every = 1;
	float fs = floorf(11 * v->u), slot, colw, base, top, cx, vh;
	uint64_t maxm = 0;
	char buf[200], a[32];

	if (s->nlines <= 0)
		return;
	for (i = 0; i < s->nlines; i++) {
		uint64_t m = v->focus >= 0 && v->focus < SKL_CACHE_MAX_LEVELS ? s->lines[i].misses[v->focus] : 0;
		maxm = m > maxm ? m : maxm;
		if (i && strcmp(s->lines[i].owner, s->lines[i - 1].owner))
			groups++;
	}
	snprintf(buf, sizeof(buf), "%s misses by cache line of the object", lvl);
	text(v, x, y, w, chart_title_h(v), buf, floorf(15 * v->u), SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	y += chart_title_h(v);
	h -= chart_title_h(v);
	slot = w / (float)(s->nlines + groups - 1);
	colw = fmaxf(slot * 0.78f, 1);
	vh = fs * 1.3f;
	base = y + h - 2 * fs * 1.4f;
	top = y + vh;
	while (every < s->nlines && (float)every * slot < skl_dl_text_width("00", fs) + 4 * v->u)
		every = every < 5 ? 5 : every * 2;
	skl_dl_line(v->dl, x, base, x + w, base, C_INK3, 1);
	cx = x;
	for (i = 0; i < s->nlines; i++) {
		const skl_cache_attr *ln = &s->lines[i];
		uint64_t m = v->focus >= 0 && v->focus < SKL_CACHE_MAX_LEVELS ? ln->misses[v->focus] : 0;
		float ch = maxm ? (base - top) * (float)m / (float)maxm : 0;
		const char *num = ln->member + strcspn(ln->member, "0123456789");
		int first = i == 0 || strcmp(ln->owner, s->lines[i - 1].owner) != 0;
		long idx = *num ? strtol(num, NULL, 10) : i;
		if (first && i > 0)
			cx += slot;
		if (first) {
			/* the owner's name under its group */
			int j = i;
			float gw;
			while (j < s->nlines && !strcmp(s->lines[j].owner, ln->owner))
				j++;
			gw = fminf(fmaxf((float)(j - i) * slot, skl_dl_text_width(ln->owner, fs) + 2), x + w - cx);
			text(v, cx, base + fs * 1.4f, gw, fs * 1.4f, ln->owner, fs, SKL_FONT_BOLD, SKL_ALIGN_LEFT,
			     attr_color_from(s, v->ocol, ln));
		}
		snprintf(v->key, sizeof(v->key), "%d:objline:%d", v->o->obj, i);
		attr_tooltip(s, ln, v->tip, sizeof(v->tip));
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, cx, top, slot, base - top, 0, 0, 0);
		if (ch > 0)
			skl_dl_rect(v->dl, cx + (slot - colw) / 2, base - fmaxf(ch, 1.5f), colw, fmaxf(ch, 1.5f),
				    attr_color_from(s, v->ocol, ln), 0, 0);
		if (m && skl_dl_text_width(count(m, a, sizeof(a)), fs) <= slot + 2)
			skl__text(v->dl, cx - 1, base - ch - vh, slot + 2, vh, a, fs, SKL_FONT_REGULAR,
				  SKL_ALIGN_CENTER, C_INK2);
		if (idx % every == 0) {
			float lw = fmaxf(slot, skl_dl_text_width("000", fs)), lx = cx + slot / 2 - lw / 2;
			snprintf(buf, sizeof(buf), "%ld", idx);
			lx = skl__clampf(lx, x, x + w - lw);
			skl__text(v->dl, lx, base, lw, fs * 1.4f, buf, fs, SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK3);
		}
		skl_dl_end(v->dl);
		cx += slot;
	}
}

/* ---- entry point ---------------------------------------------------------------------------------------- */

int skl_view_cache(skl_dl *dl, const skl_cgrid_snap *s, const skl_view_cache_opts *opts)
{
	skl_view_cache_opts dflt;
	cv v;
	float x, y, w, h, pw, gap, lx, lw, px, py, tfs, rest, lines_h;
	int l, nm, lines_left;

	if (!opts) {
		memset(&dflt, 0, sizeof(dflt));
		opts = &dflt;
	}
	memset(&v, 0, sizeof(v));
	v.dl = dl;
	v.s = s;
	v.o = opts;
	x = opts->x;
	y = opts->y;
	w = opts->w > 0 ? opts->w : skl_dl_width(dl) - x;
	h = opts->h > 0 ? opts->h : skl_dl_height(dl) - y;
	v.u = opts->text_scale > 0 ? opts->text_scale
				   : skl__clampf(fminf(skl_dl_width(dl) / 1600, skl_dl_height(dl) / 900), 0.6f, 3);
	v.focus = skl_view_cache_focus(s);
	v.ocol = skl_malloc((size_t)(s->nowners + 1) * sizeof(*v.ocol));
	if (!v.ocol)
		return -1;
	assign_colors(s, s->nowners, v.ocol);
	for (l = 0; l < s->nlevels; l++) {
		const skl_cgrid_level *lv = &s->levels[l];
		size_t k, n = (size_t)lv->st.sets * lv->st.assoc;
		for (k = 0; lv->lines && k < n; k++) {
			const skl_cgrid_line *c = &lv->lines[k];
			v.any_empty |= !c->valid;
			v.any_valid |= c->valid != 0;
			v.any_dirty |= c->valid && c->dirty;
			v.any_recent |= c->valid && c->recent;
			v.any_old |= c->valid && !c->recent;
		}
	}

	if (!opts->no_header) {
		draw_header(&v, x, y, w);
		y += header_h(&v);
		h -= header_h(&v);
	}
	/* the grids on the left, the numbers on the right; the misses by
	 * object line under the numbers, or under the grids when the numbers
	 * leave too little room */
	gap = 36 * v.u;
	pw = skl__clampf(w * 0.4f, fminf(380 * v.u, w * 0.5f), 760 * v.u);
	lx = x;
	lw = w - pw - gap;
	px = x + lw + gap;
	py = y;
	tfs = table_fs(&v, pw);
	draw_table(&v, px, py, pw, tfs);
	py += table_h(&v, tfs) + 14 * v.u;
	if (!opts->no_legend)
		py = draw_legend(&v, px, py, pw) + 12 * v.u;
	rest = y + h - py;
	nm = members_used(s);
	lines_h = fminf(150 * v.u, h * 0.3f);
	lines_left = 0;
	if (s->nlines > 0) {
		float members_min = nm ? chart_title_h(&v) + member_row_h(&v) * (float)(nm < 5 ? nm + 1 : 6) : 0;
		lines_left = rest < members_min + lines_h + 10 * v.u;
	}
	if (lines_left) {
		float bottom = draw_levels(&v, lx, y, lw, h - lines_h - 6 * v.u);
		draw_objlines(&v, lx, bottom, lw, lines_h);
	} else {
		draw_levels(&v, lx, y, lw, h);
	}
	if (nm > 0) {
		float mh = rest - (s->nlines > 0 && !lines_left ? lines_h + 10 * v.u : 0);
		float want = chart_title_h(&v) + member_row_h(&v) * (float)(nm + 1) + 4 * v.u;
		draw_members(&v, px, py, pw, fminf(mh, want));
		py += fminf(mh, want) + 10 * v.u;
	}
	if (s->nlines > 0 && !lines_left)
		draw_objlines(&v, px, py, pw, fminf(lines_h, y + h - py));
	skl_free(v.ocol);
	return skl_dl_failed(dl) ? -1 : 0;
}
