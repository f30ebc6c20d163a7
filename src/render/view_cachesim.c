/*
 * view_cache.c - the cache view (see view_cache.h): turns a cache model's
 * snapshot into draw-list items: per level a grid of sets x ways, a table
 * of counters, a legend, misses by member and by object cache line; for a
 * coherent snapshot of several CPUs, a panel per CPU with its private
 * levels and their lines' MESI states, the shared levels once. Pure
 * geometry and text; never calls SDL and never touches the cache model.
 */
#include "view_util.h"
#include "view_cachesim.h"
#include "textfit.h"
#include "sklab/cachesim_smp.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define C_ZEBRA SKL_HEX(0xf4f6f8)
#define C_EMPTY SKL_HEX(0xeceef1)   /* an invalid way */
#define C_UNKNOWN SKL_HEX(0xa9b0b8) /* a valid line nobody claimed */
#define C_HIT SKL_HEX(0x009e73)	    /* Okabe-Ito bluish green */
#define C_MISS SKL_HEX(0xd55e00)    /* Okabe-Ito vermillion */
/* MESI badges: dark enough for a white letter, apart from the marks' hues */
#define C_MESI_M SKL_HEX(0xa50f3c) /* crimson: written, the only copy */
#define C_MESI_E SKL_HEX(0x6a3d9a) /* violet: the only copy, clean */
#define C_MESI_S SKL_HEX(0x1f5f99) /* blue: copies elsewhere too */
#define C_MESI_I SKL_HEX(0xffffff)
#define C_CURRENT SKL_HEX(0x1f5f99) /* the current CPU's panel */

#define PALE 0.62f /* how much a line not touched since the last snapshot is washed out */

skl_color skl_view_cachesim_hit_color(void)
{
	return C_HIT;
}

skl_color skl_view_cachesim_miss_color(void)
{
	return C_MISS;
}

/* ---- numbers and names ------------------------------------------------------------- */

/* 15504 as "15,504". */
static const char *count(uint64_t n, char *out, size_t outsz)
{
	return skl__thousands(n, out, outsz);
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

static const char *owner_name(const skl_cachesim_snap *s, int i)
{
	return i >= 0 && i < s->nowners && s->owners[i] ? s->owners[i] : "(unknown)";
}

/* "tcp_sock.daddr", or "tcp_sock" for the whole object. */
static void attr_name(const skl_cachesim_attr *a, char *out, size_t outsz)
{
	if (a->member[0])
		snprintf(out, outsz, "%s.%s", a->owner, a->member);
	else
		snprintf(out, outsz, "%s", a->owner);
}

static int find_owner(const skl_cachesim_snap *s, const char *name)
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
static void assign_colors(const skl_cachesim_snap *s, int upto, skl_color *out)
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

skl_color skl_view_cachesim_owner_color(const skl_cachesim_snap *s, int owner)
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

static skl_color attr_color_from(const skl_cachesim_snap *s, const skl_color *ocol, const skl_cachesim_attr *a)
{
	char name[160];
	int i;
	attr_name(a, name, sizeof(name));
	i = find_owner(s, name);
	if (i < 0)
		i = find_owner(s, a->owner);
	if (i >= 0)
		return ocol ? ocol[i] : skl_view_cachesim_owner_color(s, i);
	return skl__owner_color(skl__owner_slot(name));
}

skl_color skl_view_cachesim_attr_color(const skl_cachesim_snap *s, const skl_cachesim_attr *a)
{
	return attr_color_from(s, NULL, a);
}

int skl_view_cachesim_focus(const skl_cachesim_snap *s)
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

/* ---- MESI ------------------------------------------------------------------------------- */

/* A coherent snapshot of several CPUs: each CPU's private levels are drawn. */
static int is_smp(const skl_cachesim_snap *s)
{
	return s && s->ncpus > 1 && s->cpus && s->nprivate > 0;
}

static skl_color mesi_color(int m)
{
	switch (m) {
	case SKL_MESI_M:
		return C_MESI_M;
	case SKL_MESI_E:
		return C_MESI_E;
	case SKL_MESI_S:
		return C_MESI_S;
	default:
		return C_MESI_I;
	}
}

static const char *mesi_letter(int m)
{
	return m == SKL_MESI_M ? "M" : m == SKL_MESI_E ? "E" : m == SKL_MESI_S ? "S" : "I";
}

/* What each state means for the CPU holding the line (docs/smp.md). */
static const char *mesi_meaning(int m)
{
	switch (m) {
	case SKL_MESI_M:
		return "Modified: the only copy, written; memory is stale";
	case SKL_MESI_E:
		return "Exclusive: the only copy, clean; a write needs no bus traffic";
	case SKL_MESI_S:
		return "Shared: other CPUs may hold it too, clean; a write invalidates them";
	default:
		return "Invalid: no copy";
	}
}

/* CPU c's state of the line holding addr, from its private levels in the
 * snapshot (a line no private level of c holds is Invalid). */
static int cpu_state(const skl_cachesim_snap *s, int c, uint64_t addr)
{
	const skl_cachesim_snap_cpu *sc = &s->cpus[c];
	int l;
	for (l = 0; l < sc->nlevels; l++) {
		const skl_cachesim_snap_level *lv = &sc->levels[l];
		uint64_t base;
		unsigned set, way;
		if (!lv->lines || !lv->st.line || !lv->st.sets)
			continue;
		base = addr - addr % lv->st.line;
		set = (unsigned)((base / lv->st.line) % lv->st.sets);
		for (way = 0; way < lv->st.assoc; way++) {
			const skl_cachesim_snap_line *c2 = &lv->lines[(size_t)set * lv->st.assoc + way];
			if (c2->valid && c2->addr == base)
				return c2->mesi;
		}
	}
	return SKL_MESI_I;
}

/* "held by CPU 0 (S), CPU 1 (S); Invalid in CPU 2, CPU 3" */
static void holders_text(const skl_cachesim_snap *s, uint64_t addr, char *out, size_t outsz)
{
	int c, n = 0, none = 0;
	for (c = 0; c < s->ncpus; c++) {
		int m = cpu_state(s, c, addr);
		if (m == SKL_MESI_I)
			continue;
		skl__catf(out, outsz, "%sCPU %d (%s)", n++ ? ", " : "held by ", c, mesi_letter(m));
	}
	if (!n)
		skl__catf(out, outsz, "held by no CPU's private levels");
	for (c = 0; c < s->ncpus; c++) {
		if (cpu_state(s, c, addr) != SKL_MESI_I)
			continue;
		if (s->ncpus > 8 && none == 6) {
			skl__catf(out, outsz, ", ...");
			break;
		}
		skl__catf(out, outsz, "%sCPU %d", none++ ? ", " : "; Invalid in ", c);
	}
}

/* ---- tooltips --------------------------------------------------------------------------- */

/* One way of one set of lv, a level of s: cpu's private level (cpu >= 0)
 * or one of s->levels (-1). */
static void cell_tip(const skl_cachesim_snap *s, const skl_cachesim_snap_level *lv, int cpu, unsigned set, unsigned way,
		     char *out, size_t outsz)
{
	const skl_cachesim_snap_line *c;
	out[0] = 0;
	if (cpu >= 0)
		skl__catf(out, outsz, "CPU %d \xc2\xb7 ", cpu);
	skl__catf(out, outsz, "%s \xc2\xb7 set %u, way %u\n", lv->st.name, set, way);
	if (!lv->lines || set >= lv->st.sets || way >= lv->st.assoc)
		return;
	c = &lv->lines[(size_t)set * lv->st.assoc + way];
	if (!c->valid) {
		skl__catf(out, outsz, "empty (invalid): nothing cached in this way");
		if (cpu >= 0)
			skl__catf(out, outsz, "\nMESI I: never filled, evicted, or invalidated by another CPU's write");
		return;
	}
	skl__catf(out, outsz, "line 0x%llx (simulated), bytes 0x%llx-0x%llx\n", (unsigned long long)c->addr,
		  (unsigned long long)c->addr, (unsigned long long)(c->addr + lv->st.line - 1));
	if (lv->st.line && lv->st.sets)
		skl__catf(out, outsz, "set %u = (0x%llx / %u) mod %u\n", set, (unsigned long long)c->addr, lv->st.line,
			  lv->st.sets);
	skl__catf(out, outsz, "owner: %s\n", c->owner >= 0 ? owner_name(s, c->owner) : "(nothing known)");
	if (cpu >= 0)
		skl__catf(out, outsz, "MESI %s: %s\n", mesi_letter(c->mesi), mesi_meaning(c->mesi));
	if (is_smp(s)) {
		holders_text(s, c->addr, out, outsz);
		skl__catf(out, outsz, "\n");
	}
	skl__catf(out, outsz, "valid, %s\n", c->dirty ? "dirty (written, not yet written back)" : "clean");
	if (c->recent && c->missed)
		skl__catf(out, outsz, "this step: missed (a miss brought the line in)%s",
			  c->last_hit ? ", then hit" : "");
	else if (c->recent)
		skl__catf(out, outsz, "this step: hit (every access to it this step hit)");
	else
		skl__catf(out, outsz, "not touched this step; latest access: %s",
			  c->last_hit ? "hit" : "miss (the line was installed by it)");
}

void skl_view_cachesim_cell_tooltip(const skl_cachesim_snap *s, int l, unsigned set, unsigned way, char *out,
				    size_t outsz)
{
	out[0] = 0;
	if (!s || l < 0 || l >= s->nlevels)
		return;
	cell_tip(s, &s->levels[l], -1, set, way, out, outsz);
}

void skl_view_cachesim_cpu_cell_tooltip(const skl_cachesim_snap *s, int cpu, int l, unsigned set, unsigned way,
					char *out, size_t outsz)
{
	out[0] = 0;
	if (!is_smp(s) || cpu < 0 || cpu >= s->ncpus || l < 0 || l >= s->cpus[cpu].nlevels)
		return;
	cell_tip(s, &s->cpus[cpu].levels[l], cpu, set, way, out, outsz);
}

static void level_tip(const skl_cachesim_snap_level *lv, char *out, size_t outsz)
{
	const struct skl_cachesim_stats *st = &lv->st;
	char a[32], b[32], c[32], sz[32];
	uint64_t r = refs_of(st), m = misses_of(st);
	out[0] = 0;
	skl__catf(out, outsz, "%s: %s, %u-way, %u B lines, %u sets; %u cycles\n", st->name,
		  bytes(st->size, sz, sizeof(sz)), st->assoc, st->line, st->sets, lv->latency);
	skl__catf(out, outsz, "references %s: reads %s, writes %s", count(r, a, sizeof(a)),
		  count(st->refs[SKL_CACHESIM_READ], b, sizeof(b)), count(st->refs[SKL_CACHESIM_WRITE], c, sizeof(c)));
	if (st->refs[SKL_CACHESIM_IFETCH])
		skl__catf(out, outsz, ", fetches %s", count(st->refs[SKL_CACHESIM_IFETCH], a, sizeof(a)));
	skl__catf(out, outsz, "\nmisses %s: reads %s, writes %s", count(m, a, sizeof(a)),
		  count(st->misses[SKL_CACHESIM_READ], b, sizeof(b)),
		  count(st->misses[SKL_CACHESIM_WRITE], c, sizeof(c)));
	if (st->misses[SKL_CACHESIM_IFETCH])
		skl__catf(out, outsz, ", fetches %s", count(st->misses[SKL_CACHESIM_IFETCH], a, sizeof(a)));
	skl__catf(out, outsz, "\nmiss rate %.1f %%\n", r ? 100.0 * (double)m / (double)r : 0.0);
	skl__catf(out, outsz, "compulsory %s, capacity %s, conflict %s\n", count(st->compulsory, a, sizeof(a)),
		  count(st->capacity, b, sizeof(b)), count(st->conflict, c, sizeof(c)));
	skl__catf(out, outsz, "evictions %s (%s dirty), writebacks %s", count(st->evictions, a, sizeof(a)),
		  count(st->dirty_evictions, b, sizeof(b)), count(st->writebacks, c, sizeof(c)));
}

static void attr_tooltip(const skl_cachesim_snap *s, const skl_cachesim_attr *a, char *out, size_t outsz)
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
	for (l = 0; l < s->nlevels && l < SKL_CACHESIM_MAX_LEVELS; l++)
		skl__catf(out, outsz, "%s %s %s", l ? "," : "", s->levels[l].st.name,
			  count(a->misses[l], x, sizeof(x)));
	skl__catf(out, outsz, "\ncycles %s", count(a->cycles, x, sizeof(x)));
	if (acc)
		skl__catf(out, outsz, " (%.1f per access)", (double)a->cycles / (double)acc);
}

/* ---- the view's state ------------------------------------------------------------------- */

typedef struct cv {
	skl_dl *dl;
	const skl_cachesim_snap *s;
	const skl_view_cachesim_opts *o;
	float u;
	float pu; /* the right column's scale: u, or less when its rows need the room */
	int focus;
	int any_recent, any_old; /* lines touched since the last snapshot, and lines not */
	int any_dirty, any_empty, any_valid;
	int dry;	 /* 1 = measure, append nothing */
	int short_table; /* 1 = the table without its secondary rows */
	skl_color *ocol; /* per owner */
	int smp;	 /* a coherent snapshot of several CPUs: every CPU's private levels */
	int cpu;	 /* whose private levels the level drawing reads: -1 = s->levels */
	char key[200];
	char tip[4096];
} cv;

/* Level l as the drawing reads it: the CPU's private level, or s->levels[l]. */
static const skl_cachesim_snap_level *LV(const cv *v, int l)
{
	return v->cpu >= 0 ? &v->s->cpus[v->cpu].levels[l] : &v->s->levels[l];
}

/* The hover key of a part of a level: "<obj>:<kind>:<rest>", and for a
 * CPU's private level "<obj>:cpu<kind>:<cpu>:<rest>" ("0:cpucell:1:0:5:2"). */
static void keyf(cv *v, const char *kind, const char *fmt, ...)
{
	va_list ap;
	int n;
	if (v->cpu >= 0)
		n = snprintf(v->key, sizeof(v->key), "%d:cpu%s:%d:", v->o->obj, kind, v->cpu);
	else
		n = snprintf(v->key, sizeof(v->key), "%d:%s:", v->o->obj, kind);
	if (n < 0 || (size_t)n >= sizeof(v->key))
		return;
	va_start(ap, fmt);
	vsnprintf(v->key + n, sizeof(v->key) - (size_t)n, fmt, ap);
	va_end(ap);
}

static void text(cv *v, float x, float y, float w, float h, const char *t, float size, int font, int align,
		 skl_color ink)
{
	skl__text(v->dl, x, y, w, h, t, size, font, align, ink);
}

static skl_color line_fill(cv *v, const skl_cachesim_snap_line *c)
{
	skl_color base = c->owner >= 0 && c->owner < v->s->nowners ? v->ocol[c->owner] : C_UNKNOWN;
	return v->any_recent && !c->recent ? skl_color_mix(base, C_BG, PALE) : base;
}

/* The mark a valid line carries: 1 hit, -1 miss. This step's outcome for
 * a line touched this step (missed when a miss brought it in since the
 * previous snapshot, else hit); its latest access for the others (drawn
 * pale) and for every line when nothing was touched since the last look. */
static int line_mark(const cv *v, const skl_cachesim_snap_line *c)
{
	if (v->any_recent && c->recent)
		return c->missed ? -1 : 1;
	return c->last_hit ? 1 : -1;
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

/* The MESI badge of a CPU's line at the left of its cell: the state's
 * colour, its letter when the cell is big enough to read one; returns
 * its width (with the white rule after it). */
static float letter_fs(const cv *v, float h)
{
	return floorf(fminf(h * 0.78f, 13 * v->u));
}

/* Does a MESI letter read in a cell of w x h (at its size, not raised to
 * the floor, with room beside the badge for the owner's colour)? */
static int letter_fits(const cv *v, float w, float h)
{
	float fs = letter_fs(v, h);
	return fs >= 7 && skl__fs(v->dl, fs) <= fs && w >= 2.0f * (skl_dl_text_width("M", fs) + 2);
}

static float mesi_badge(cv *v, const skl_cachesim_snap_line *c, float x, float y, float w, float h)
{
	float fs = letter_fs(v, h), b = floorf(skl__clampf(w * 0.34f, 2, 18 * v->u));
	int letter = letter_fits(v, w, h);
	skl_color ink = mesi_color(c->mesi);
	if (letter)
		b = fmaxf(b, ceilf(skl_dl_text_width("M", fs) + 2));
	skl_dl_rect(v->dl, x, y, b, h, ink, c->mesi == SKL_MESI_I ? C_INK3 : 0, c->mesi == SKL_MESI_I ? 1 : 0);
	if (w >= 10)
		skl_dl_rect(v->dl, x + b, y, 1, h, C_BG, 0, 0);
	if (letter)
		skl__text(v->dl, x, y, b, h, mesi_letter(c->mesi), fs, SKL_FONT_BOLD, SKL_ALIGN_CENTER,
			  c->mesi == SKL_MESI_I ? C_INK : C_BG);
	return b + (w >= 10 ? 1 : 0);
}

/* One way of one set in the box x, y, w, h. */
static void draw_cell(cv *v, int l, unsigned set, unsigned way, float x, float y, float w, float h)
{
	const skl_cachesim_snap_level *lv = LV(v, l);
	const skl_cachesim_snap_line *c = &lv->lines[(size_t)set * lv->st.assoc + way];
	keyf(v, "cell", "%d:%u:%u", l, set, way);
	cell_tip(v->s, lv, v->cpu, set, way, v->tip, sizeof(v->tip));
	skl_dl_begin(v->dl, v->key, v->tip);
	if (!c->valid) {
		skl_dl_rect(v->dl, x, y, w, h, C_EMPTY, w > 5 && h > 5 ? C_RULE : 0, w > 5 && h > 5 ? 1 : 0);
	} else {
		/* marks of lines not touched lately are washed out with them */
		int old = v->any_recent && !c->recent;
		skl_color fill = line_fill(v, c);
		float m = floorf(skl__clampf(w * 0.2f, 2, 9 * v->u));
		skl_dl_rect(v->dl, x, y, w, h, fill, 0, 0);
		if (v->cpu >= 0) { /* the CPU's MESI state: a badge down the left edge */
			float b = mesi_badge(v, c, x, y, w, h);
			x += b;
			w -= b;
		}
		if (w >= 10)
			skl_dl_rect(v->dl, x + w - m - 1, y, 1, h, C_BG, 0, 0);
		if (line_mark(v, c) > 0)
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
	float sfs;	/* set-number size (at least the floor) */
} fold;

static float title_h(cv *v)
{
	return fmaxf(28 * v->u, skl__fs(v->dl, floorf(18 * v->u)) * 1.45f);
}

static float wayhead_h(cv *v)
{
	return fmaxf(18 * v->u, skl__fs(v->dl, floorf(11 * v->u)) * 1.35f);
}

/* Cells smaller than this are a texture, not a grid one can read. */
#define MIN_CW 6.0f
#define MIN_CH 5.0f

/* The folding with the biggest cells (about 2.6 times as wide as tall)
 * for sets x assoc in w x h; 0 when cells would be too small to read. */
static int choose_fold(cv *v, const skl_cachesim_snap_level *lv, float w, float h, fold *best)
{
	unsigned sets = lv->st.sets, assoc = lv->st.assoc;
	float best_score = 0, hs = skl__fs(v->dl, floorf(11 * v->u));
	int f;
	char num[32];
	snprintf(num, sizeof(num), "%u", sets ? sets - 1 : 0);
	memset(best, 0, sizeof(*best));
	if (!sets || !assoc || h <= 0)
		return 0;
	for (f = 1; f <= 64 && (unsigned)f <= sets; f++) {
		unsigned rows = (sets + (unsigned)f - 1) / (unsigned)f;
		float ch = h / (float)rows, sfs, gut, gap = 16 * v->u, cw, score;
		if (sets % (unsigned)f && f > 1)
			continue; /* columns of equal length only */
		sfs = skl__fs(v->dl, floorf(skl__clampf(ch * 0.8f, 8, 13 * v->u)));
		gut = fmaxf(skl_dl_text_width(num, sfs) + 8 * v->u, skl_dl_text_width("set", hs) + 8 * v->u);
		cw = (w - (float)f * gut - (float)(f - 1) * gap) / ((float)f * (float)assoc);
		if (cw < MIN_CW || ch < MIN_CH)
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

/* Lines valid, dirty, touched this step and missed this step in sets
 * [set0, set1) of a level with lines. */
typedef struct occ {
	uint64_t valid, dirty, recent, missed;
	uint64_t mesi[4]; /* valid lines by their CPU's MESI state (a CPU's private level) */
} occ;

static occ occupancy_of(const skl_cachesim_snap_level *lv, unsigned set0, unsigned set1)
{
	occ o;
	size_t i, n = (size_t)set1 * lv->st.assoc;
	memset(&o, 0, sizeof(o));
	for (i = (size_t)set0 * lv->st.assoc; lv->lines && i < n; i++) {
		const skl_cachesim_snap_line *c = &lv->lines[i];
		if (!c->valid)
			continue;
		o.valid++;
		o.dirty += c->dirty != 0;
		o.recent += c->recent != 0;
		o.missed += c->recent && c->missed;
		o.mesi[c->mesi & 3]++;
	}
	return o;
}

/* The level's name in bold, then the first of texts[0..n) that fits on
 * one line beside it (the last one wraps or shrinks when none does). */
static void level_title(cv *v, int l, float x, float y, float w, float h, const char *const *texts, int n)
{
	const struct skl_cachesim_stats *st = &LV(v, l)->st;
	float ts = floorf(18 * v->u), ss = skl__fs(v->dl, floorf(14 * v->u)), nw;
	int k;
	keyf(v, "level", "%d", l);
	level_tip(LV(v, l), v->tip, sizeof(v->tip));
	skl_dl_begin(v->dl, v->key, v->tip);
	nw = skl_dl_text_width(st->name, skl__fs(v->dl, ts)) + 12 * v->u;
	skl__text(v->dl, x, y, nw, fminf(h, title_h(v)), st->name, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	for (k = 0; k < n - 1; k++)
		if (skl_dl_text_width(texts[k], ss) <= w - nw)
			break;
	text(v, x + nw, y, w - nw, h, texts[k], ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(v->dl);
}

/* The geometry of level l, long and short: "16 KiB · 4-way · 32 B lines ·
 * 128 sets", "16 KiB · 128 × 4 × 32 B". */
static void geometry(const skl_cachesim_snap_level *lv, char *lng, size_t ln, char *shrt, size_t sn)
{
	char sz[32];
	bytes(lv->st.size, sz, sizeof(sz));
	snprintf(lng, ln, "%s \xc2\xb7 %u-way \xc2\xb7 %u B lines \xc2\xb7 %u sets", sz, lv->st.assoc, lv->st.line,
		 lv->st.sets);
	snprintf(shrt, sn, "%s \xc2\xb7 %u\xc3\x97%u\xc3\x97%u B", sz, lv->st.sets, lv->st.assoc, lv->st.line);
}

/* The title of a drawn level: geometry, then its occupancy. */
static void grid_title(cv *v, int l, float x, float y, float w)
{
	const skl_cachesim_snap_level *lv = LV(v, l);
	char lng[96], shrt[96], t[4][400], a[32], b[32], c[32];
	const char *texts[4];
	occ o = occupancy_of(lv, 0, lv->st.sets);
	geometry(lv, lng, sizeof(lng), shrt, sizeof(shrt));
	count(o.valid, a, sizeof(a));
	count((uint64_t)lv->st.sets * lv->st.assoc, b, sizeof(b));
	count(o.dirty, c, sizeof(c));
	texts[0] = t[0];
	texts[1] = t[1];
	texts[2] = t[2];
	texts[3] = t[3];
	if (v->cpu >= 0) { /* a CPU's private level: its lines by MESI state */
		char mesi[96];
		snprintf(mesi, sizeof(mesi), "M %llu, E %llu, S %llu", (unsigned long long)o.mesi[SKL_MESI_M],
			 (unsigned long long)o.mesi[SKL_MESI_E], (unsigned long long)o.mesi[SKL_MESI_S]);
		snprintf(t[0], sizeof(t[0]), "%s \xc2\xb7 %s of %s lines valid: %s", lng, a, b, mesi);
		snprintf(t[1], sizeof(t[1]), "%s \xc2\xb7 %s of %s valid: %s", shrt, a, b, mesi);
		snprintf(t[2], sizeof(t[2]), "%s valid: %s", a, mesi);
		snprintf(t[3], sizeof(t[3]), "%s", mesi);
		level_title(v, l, x, y, w, title_h(v), texts, 4);
		return;
	}
	snprintf(t[0], sizeof(t[0]), "%s \xc2\xb7 %s of %s lines valid, %s dirty", lng, a, b, c);
	snprintf(t[1], sizeof(t[1]), "%s \xc2\xb7 %s of %s valid, %s dirty", shrt, a, b, c);
	snprintf(t[2], sizeof(t[2]), "%s of %s valid", a, b);
	level_title(v, l, x, y, w, title_h(v), texts, 3);
}

/* The label and hover group of one set beside its ways. */
static void set_label(cv *v, int l, unsigned set, float x, float y, float w, float h, float fs, const char *fmt)
{
	const skl_cachesim_snap_level *lv = LV(v, l);
	char t[32];
	snprintf(t, sizeof(t), fmt, set);
	keyf(v, "set", "%d:%u", l, set);
	snprintf(v->tip, sizeof(v->tip),
		 "%s set %u: the lines whose address / %u mod %u is %u\n%u ways, drawn left to right", lv->st.name, set,
		 lv->st.line, lv->st.sets, set, lv->st.assoc);
	skl_dl_begin(v->dl, v->key, v->tip);
	skl__text(v->dl, x, y, w, h, t, fs, SKL_FONT_REGULAR, SKL_ALIGN_RIGHT, C_INK2);
	skl_dl_end(v->dl);
}

static float grid_h(cv *v, const fold *fd)
{
	return title_h(v) + wayhead_h(v) + (float)fd->rows * fd->ch;
}

static void draw_grid(cv *v, int l, float x, float y, float w, const fold *fd)
{
	const skl_cachesim_snap_level *lv = LV(v, l);
	unsigned sets = lv->st.sets, assoc = lv->st.assoc, set, way;
	float gy = y + title_h(v) + wayhead_h(v), hs = skl__fs(v->dl, floorf(11 * v->u));
	float colw = fd->gut + (float)assoc * fd->cw;
	float ix = fd->cw >= 8 ? 1 : fd->cw >= 4 ? 0.5f : 0, iy = fd->ch >= 8 ? 1 : fd->ch >= 4 ? 0.5f : 0;
	unsigned label_every = 1;
	int f;

	grid_title(v, l, x, y, w);
	while (label_every < sets && (float)label_every * fd->ch < fd->sfs * 1.15f)
		label_every *= 2;

	for (f = 0; f < fd->f; f++) {
		float fx = x + (float)f * (colw + fd->gap), cx = fx + fd->gut;
		unsigned r;
		char t[32];
		/* column heads: "set", then the way numbers */
		skl__text(v->dl, fx, gy - wayhead_h(v), fd->gut - 6 * v->u, wayhead_h(v), "set", hs, SKL_FONT_REGULAR,
			  SKL_ALIGN_RIGHT, C_INK3);
		snprintf(t, sizeof(t), "%u", assoc - 1);
		if (skl_dl_text_width(t, hs) + 2 <= fd->cw) {
			for (way = 0; way < assoc; way++) {
				snprintf(t, sizeof(t), "%u", way);
				skl__text(v->dl, cx + (float)way * fd->cw, gy - wayhead_h(v), fd->cw, wayhead_h(v), t,
					  hs, SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK3);
			}
		} else {
			snprintf(t, sizeof(t), "ways 0-%u", assoc - 1);
			if (skl_dl_text_width(t, hs) > (float)assoc * fd->cw)
				snprintf(t, sizeof(t), "0-%u", assoc - 1);
			if (skl_dl_text_width(t, hs) <= (float)assoc * fd->cw)
				text(v, cx, gy - wayhead_h(v), (float)assoc * fd->cw, wayhead_h(v), t, hs,
				     SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
		}
		for (r = 0; r < fd->rows; r++) {
			float ry = gy + (float)r * fd->ch;
			set = (unsigned)f * fd->rows + r;
			if (set >= sets)
				break;
			if (set % label_every == 0)
				set_label(v, l, set, fx, ry, fd->gut - 6 * v->u, fmaxf(fd->ch, fd->sfs * 1.15f),
					  fd->sfs, "%u");
			for (way = 0; way < assoc; way++)
				draw_cell(v, l, set, way, cx + (float)way * fd->cw, ry, fd->cw - ix, fd->ch - iy);
		}
	}
}

/* ---- a level as a strip of set bands and the sets touched this step ---------------------------- */

typedef struct strip {
	unsigned spb, nb; /* sets per band, bands */
	float bw;	  /* band pitch */
	float mk, bh, ah; /* mark track, band and axis heights */
	float th;	  /* the line over the touched sets */
	float lfs, rh;	  /* set labels' size, a touched set's row */
	float gut, cw, gap;
	int ntouched; /* sets touched this step */
	int shown;    /* of them drawn one by one */
	int cols, rows;
	float h; /* the whole */
} strip;

static int touched_sets(const skl_cachesim_snap_level *lv)
{
	unsigned set, way;
	int n = 0;
	for (set = 0; lv->lines && set < lv->st.sets; set++)
		for (way = 0; way < lv->st.assoc; way++) {
			const skl_cachesim_snap_line *c = &lv->lines[(size_t)set * lv->st.assoc + way];
			if (c->valid && c->recent) {
				n++;
				break;
			}
		}
	return n;
}

/* The strip of level lv in width w and at most h high (0: as high as it
 * wants); its natural height in st->h. */
static void plan_strip(cv *v, const skl_cachesim_snap_level *lv, float w, float h, strip *st)
{
	unsigned sets = lv->st.sets, assoc = lv->st.assoc;
	float room, lw;
	char num[32];
	int maxcols, rows;
	memset(st, 0, sizeof(*st));
	st->spb = 1;
	while (sets / st->spb > 1 && (float)(sets / st->spb) * 3 > w)
		st->spb *= 2;
	st->nb = (sets + st->spb - 1) / st->spb;
	st->bw = w / (float)(st->nb ? st->nb : 1);
	st->mk = floorf(6 * v->u);
	st->bh = floorf(16 * v->u);
	st->lfs = skl__fs(v->dl, floorf(11 * v->u));
	st->ah = st->lfs * 1.5f;
	st->th = skl__fs(v->dl, floorf(12 * v->u)) * 1.6f;
	st->rh = floorf(fmaxf(st->lfs * 1.3f, 12 * v->u));
	st->gap = 16 * v->u;
	snprintf(num, sizeof(num), "set %u", sets ? sets - 1 : 0);
	lw = skl_dl_text_width(num, st->lfs);
	st->gut = lw + 8 * v->u;
	st->ntouched = touched_sets(lv);
	st->h = title_h(v) + st->mk + st->bh + st->ah;
	if (st->ntouched == 0)
		return;
	maxcols = (int)((w + st->gap) / (st->gut + (float)assoc * MIN_CW + st->gap));
	if (maxcols < 1)
		maxcols = 1;
	rows = (st->ntouched + maxcols - 1) / maxcols;
	room = h > 0 ? h - st->h - st->th : 1e9f;
	if ((float)rows * st->rh > room) {
		rows = (int)(room / st->rh);
		if (rows < 0)
			rows = 0;
	}
	if (rows == 0)
		return; /* the marks over the bands say where */
	st->rows = rows;
	st->cols = rows ? (st->ntouched + rows - 1) / rows : 0;
	if (st->cols > maxcols)
		st->cols = maxcols;
	st->shown = st->rows * st->cols;
	if (st->shown > st->ntouched)
		st->shown = st->ntouched;
	if (st->shown < st->ntouched && st->shown > 0)
		st->shown--; /* the last place says how many more */
	if (st->cols) {
		float colw = (w - (float)(st->cols - 1) * st->gap) / (float)st->cols;
		st->cw = fminf((colw - st->gut) / (float)assoc, 3.2f * st->rh);
	}
	st->h += st->th + (float)st->rows * st->rh;
}

static void draw_strip(cv *v, int l, float x, float y, float w, const strip *st)
{
	const skl_cachesim_snap_level *lv = LV(v, l);
	unsigned sets = lv->st.sets, assoc = lv->st.assoc, b, set, way;
	float by = y + title_h(v) + st->mk, ay = by + st->bh, ty = ay + st->ah, tfs = skl__fs(v->dl, floorf(12 * v->u));
	skl_color occ_ink = SKL_HEX(0x56606b);
	float axis_right, axis_last;
	char t[256], a[32], c[32];
	int k, shown = 0;

	grid_title(v, l, x, y, w);
	/* the bands: occupancy as the depth of grey, this step above them */
	for (b = 0; b < st->nb; b++) {
		unsigned s0 = b * st->spb, s1 = s0 + st->spb > sets ? sets : s0 + st->spb;
		occ o = occupancy_of(lv, s0, s1);
		float bx = x + (float)b * st->bw, frac = (float)o.valid / (float)((s1 - s0) * assoc);
		keyf(v, "band", "%d:%u", l, b);
		if (s1 - s0 == 1)
			snprintf(v->tip, sizeof(v->tip), "%s set %u", lv->st.name, s0);
		else
			snprintf(v->tip, sizeof(v->tip), "%s sets %u-%u", lv->st.name, s0, s1 - 1);
		skl__catf(v->tip, sizeof(v->tip),
			  ": %s of %u lines valid, %s dirty\nthis step: ", count(o.valid, a, sizeof(a)),
			  (s1 - s0) * assoc, count(o.dirty, c, sizeof(c)));
		if (o.recent)
			skl__catf(v->tip, sizeof(v->tip), "%s missed, %s hit", count(o.missed, a, sizeof(a)),
				  count(o.recent - o.missed, c, sizeof(c)));
		else
			skl__catf(v->tip, sizeof(v->tip), "not touched");
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, bx, by, st->bw, st->bh,
			    o.valid ? skl_color_mix(occ_ink, C_EMPTY, 0.85f - 0.85f * frac) : C_EMPTY, 0, 0);
		if (o.recent)
			skl_dl_rect(v->dl, bx, by - st->mk, fmaxf(st->bw, 2), st->mk - 1, o.missed ? C_MISS : C_HIT, 0,
				    0);
		else
			skl_dl_rect(v->dl, bx, by - st->mk, st->bw, st->mk, 0, 0, 0);
		skl_dl_end(v->dl);
	}
	skl_dl_rect(v->dl, x, by, w, st->bh, 0, C_RULE, 1);
	/* the axis: first set, quarters, last set (a quarter only where it
	 * keeps clear of its neighbours: a narrow strip has fewer) */
	{
		float lastw;
		snprintf(t, sizeof(t), "%u", sets ? sets - 1 : 0);
		lastw = skl_dl_text_width(t, st->lfs) + 2;
		axis_right = x;
		axis_last = x + w - lastw;
	}
	for (k = 0; k <= 4; k++) {
		unsigned s = k == 4 ? sets - 1 : sets / 4 * (unsigned)k;
		float sx = x + w * (float)s / (float)sets, lw;
		snprintf(t, sizeof(t), k == 0 ? "set %u" : "%u", s);
		lw = skl_dl_text_width(t, st->lfs) + 2;
		if (k > 0 && k < 4 && sets < 8)
			continue;
		sx = k == 0 ? x : k == 4 ? x + w - lw : sx - lw / 2;
		if (k > 0 && k < 4 && (sx < axis_right + 6 * v->u || sx + lw > axis_last - 6 * v->u))
			continue;
		if (k == 4 && sx < axis_right + 2 * v->u)
			continue;
		axis_right = sx + lw;
		skl__text(v->dl, sx, ay, lw, st->ah, t, st->lfs, SKL_FONT_REGULAR,
			  k == 0   ? SKL_ALIGN_LEFT
			  : k == 4 ? SKL_ALIGN_RIGHT
				   : SKL_ALIGN_CENTER,
			  C_INK3);
	}
	/* the sets touched this step, one by one */
	if (st->rows == 0)
		return;
	if (st->shown == st->ntouched)
		snprintf(t, sizeof(t), "the %d %s touched this step, way by way (the strip: %u %s a band)",
			 st->ntouched, st->ntouched == 1 ? "set" : "sets", st->spb, st->spb == 1 ? "set" : "sets");
	else
		snprintf(t, sizeof(t), "%d of the %d sets touched this step, way by way (the strip: %u sets a band)",
			 st->shown, st->ntouched, st->spb);
	text(v, x, ty, w, st->th, t, tfs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	ty += st->th;
	for (set = 0; set < sets && shown < st->shown; set++) {
		int col = shown / (st->rows ? st->rows : 1), row = shown % (st->rows ? st->rows : 1);
		float sx = x + (float)col * (st->gut + (float)assoc * st->cw + st->gap), sy = ty + (float)row * st->rh;
		occ o = occupancy_of(lv, set, set + 1);
		if (!o.recent)
			continue;
		set_label(v, l, set, sx, sy, st->gut - 6 * v->u, st->rh, st->lfs, "set %u");
		for (way = 0; way < assoc; way++)
			draw_cell(v, l, set, way, sx + st->gut + (float)way * st->cw, sy + 1, st->cw - 1, st->rh - 2);
		shown++;
	}
	if (st->shown < st->ntouched && st->rows > 0) {
		int col = st->shown / st->rows, row = st->shown % st->rows;
		float sx = x + (float)col * (st->gut + (float)assoc * st->cw + st->gap), sy = ty + (float)row * st->rh;
		snprintf(t, sizeof(t), "+%d more", st->ntouched - st->shown);
		text(v, sx, sy, x + w - sx, st->rh, t, st->lfs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	}
}

/* ---- a level in one line ------------------------------------------------------------------------- */

/* The one line of a level drawn neither as a grid nor as a strip: empty,
 * or not copied line by line. */
static void one_line_texts(cv *v, int l, char t[3][400])
{
	const skl_cachesim_snap_level *lv = LV(v, l);
	uint64_t r = refs_of(&lv->st), m = misses_of(&lv->st);
	char lng[96], shrt[96], a[32], b[32];
	geometry(lv, lng, sizeof(lng), shrt, sizeof(shrt));
	count(m, a, sizeof(a));
	count(r, b, sizeof(b));
	if (lv->lines) {
		snprintf(t[0], 400, "%s \xc2\xb7 empty: no line cached \xc2\xb7 %s misses of %s", lng, a, b);
		snprintf(t[1], 400, "%s \xc2\xb7 empty \xc2\xb7 %s misses of %s", shrt, a, b);
		snprintf(t[2], 400, "empty");
	} else {
		snprintf(t[0], 400,
			 "%s \xc2\xb7 counters only (not copied line by line) \xc2\xb7 %s misses of %s (%.1f %%)", lng,
			 a, b, r ? 100.0 * (double)m / (double)r : 0.0);
		snprintf(t[1], 400, "%s \xc2\xb7 counters only \xc2\xb7 %s misses of %s", shrt, a, b);
		snprintf(t[2], 400, "counters only \xc2\xb7 %s misses of %s", a, b);
	}
}

static float one_line_h(cv *v, int l, float w)
{
	char t[3][400];
	skl_fit f;
	skl_fitted out;
	float nw = skl_dl_text_width(LV(v, l)->st.name, skl__fs(v->dl, floorf(18 * v->u))) + 12 * v->u;
	int k;
	one_line_texts(v, l, t);
	for (k = 0; k < 2; k++)
		if (skl_dl_text_width(t[k], skl__fs(v->dl, floorf(14 * v->u))) <= w - nw)
			return title_h(v);
	memset(&f, 0, sizeof(f));
	f.size = floorf(14 * v->u);
	f.font = SKL_FONT_REGULAR;
	f.flags = SKL_FIT_WRAP;
	skl_dl_fit_measure(v->dl, w - nw, 4 * title_h(v), t[1], &f, &out);
	return fmaxf(title_h(v), out.height + 10 * v->u);
}

static void draw_one_line(cv *v, int l, float x, float y, float w, float h)
{
	char t[3][400];
	const char *texts[3];
	one_line_texts(v, l, t);
	texts[0] = t[0];
	texts[1] = t[1];
	texts[2] = t[2];
	level_title(v, l, x, y, w, h, texts, 2);
	keyf(v, "summary", "%d", l);
	level_tip(LV(v, l), v->tip, sizeof(v->tip));
	skl__catf(v->tip, sizeof(v->tip), "\n%s",
		  LV(v, l)->lines ? "empty: no line of this level is cached"
				  : "not copied line by line: counters only (the level is too big to copy)");
	skl_dl_begin(v->dl, v->key, v->tip);
	skl_dl_rect(v->dl, x, y, w, h, 0, 0, 0);
	skl_dl_end(v->dl);
}

/* ---- the levels, planned --------------------------------------------------------------------------- */

enum { LK_GRID, LK_STRIP, LK_LINE };

typedef struct plan {
	int kind;
	fold fd;
	strip st;
	float h;
} plan;

/* Every level in the column x, y, w, h: the focus first; levels with
 * cached lines as grids when their cells can be read, else as strips of
 * set bands with the sets touched this step one by one; empty levels and
 * levels without lines in one line each. Returns the bottom. */
static float draw_levels(cv *v, float x, float y, float w, float h)
{
	const skl_cachesim_snap *s = v->s;
	int order[SKL_CACHESIM_MAX_LEVELS], n = 0, i, k, nfull = 0;
	plan pl[SKL_CACHESIM_MAX_LEVELS];
	float gap = 14 * v->u, cy = y, room = h;

	if (v->focus >= 0)
		order[n++] = v->focus;
	for (i = 0; i < s->nlevels && n < SKL_CACHESIM_MAX_LEVELS; i++)
		if (i != v->focus)
			order[n++] = i;
	memset(pl, 0, sizeof(pl));
	for (k = 0; k < n; k++) {
		const skl_cachesim_snap_level *lv = &s->levels[order[k]];
		if (!lv->lines || !occupancy_of(lv, 0, lv->st.sets).valid) {
			pl[k].kind = LK_LINE;
			pl[k].h = one_line_h(v, order[k], w);
			room -= pl[k].h + gap;
		} else {
			nfull++;
		}
	}
	/* the levels with lines, the focus first: a grid when it reads in
	 * what is left after the others' strips, else a strip */
	for (k = 0; k < n; k++) {
		const skl_cachesim_snap_level *lv = &s->levels[order[k]];
		float mine, others = 0;
		int j, later = 0;
		if (pl[k].kind == LK_LINE)
			continue;
		for (j = k + 1; j < n; j++)
			if (pl[j].kind != LK_LINE) {
				strip probe;
				plan_strip(v, &s->levels[order[j]], w, 0, &probe);
				others += title_h(v) + probe.mk + probe.bh + probe.ah + gap;
				later++;
			}
		mine = room - others - gap;
		if (later && k == 0)
			mine = fmaxf(mine, room * 0.6f);
		if (!later)
			mine = room - gap;
		if (choose_fold(v, lv, w, mine - title_h(v) - wayhead_h(v), &pl[k].fd)) {
			pl[k].kind = LK_GRID;
			pl[k].h = grid_h(v, &pl[k].fd);
		} else {
			strip probe;
			pl[k].kind = LK_STRIP;
			if (k > 0) { /* below the focus: a few rows of touched sets */
				plan_strip(v, lv, w, 0, &probe);
				mine =
				    fminf(mine, title_h(v) + probe.mk + probe.bh + probe.ah + probe.th + 4 * probe.rh);
			}
			plan_strip(v, lv, w, mine, &pl[k].st);
			pl[k].h = pl[k].st.h;
		}
		room -= pl[k].h + gap;
	}
	for (k = 0; k < n; k++) {
		if (cy + pl[k].h > y + h + 1)
			break;
		if (pl[k].kind == LK_GRID)
			draw_grid(v, order[k], x, cy, w, &pl[k].fd);
		else if (pl[k].kind == LK_STRIP)
			draw_strip(v, order[k], x, cy, w, &pl[k].st);
		else
			draw_one_line(v, order[k], x, cy, w, pl[k].h);
		cy += pl[k].h + gap;
	}
	(void)nfull;
	return cy;
}

/* ---- header ------------------------------------------------------------------------------- */

static float header_h(cv *v)
{
	return (34 + 24 + (v->s->source[0] ? 20 : 0) + (v->smp ? 22 : 0) + 12) * v->u;
}

static void latencies(const skl_cachesim_snap *s, char *out, size_t outsz)
{
	int l;
	out[0] = 0;
	for (l = 0; l < s->nlevels; l++)
		skl__catf(out, outsz, "%s%s %u%s", l ? ", " : "", s->levels[l].st.name, s->levels[l].latency,
			  l ? "" : " cycles");
	skl__catf(out, outsz, "%smemory %u%s", s->nlevels ? ", " : "", s->mem_latency, s->nlevels ? "" : " cycles");
}

/*
 * The accesses the table counts and the cycles they cost, from the levels'
 * counters, so the header always agrees with the table under it: every
 * access of a kind is a reference at the first level it reaches (the
 * level with the most references of that kind); each level it looks up
 * costs that level's latency, and the references the last level of its
 * path misses (the fewest misses of that kind) go on to memory.
 */
/* Level l's counters; of a coherent snapshot's private level, summed over
 * its CPUs (levels[] has the current CPU's only). */
static struct skl_cachesim_stats level_counts(const skl_cachesim_snap *s, int l)
{
	struct skl_cachesim_stats st = s->levels[l].st;
	int c, k;
	if (!is_smp(s) || l >= s->nprivate)
		return st;
	for (k = 0; k < 3; k++)
		st.refs[k] = st.misses[k] = 0;
	for (c = 0; c < s->ncpus; c++)
		if (l < s->cpus[c].nlevels)
			for (k = 0; k < 3; k++) {
				st.refs[k] += s->cpus[c].levels[l].st.refs[k];
				st.misses[k] += s->cpus[c].levels[l].st.misses[k];
			}
	return st;
}

static void fed_totals(const skl_cachesim_snap *s, uint64_t *accesses, uint64_t *cycles)
{
	int l, k;
	*accesses = *cycles = 0;
	for (k = 0; k < 3; k++) {
		uint64_t most = 0, fewest = UINT64_MAX;
		for (l = 0; l < s->nlevels; l++) {
			const struct skl_cachesim_stats stc = level_counts(s, l), *st = &stc;
			if (st->refs[k] > most)
				most = st->refs[k];
			if (st->refs[k] && st->misses[k] < fewest)
				fewest = st->misses[k];
		}
		*accesses += most;
		if (most)
			*cycles += fewest * s->mem_latency;
	}
	for (l = 0; l < s->nlevels; l++) {
		struct skl_cachesim_stats st = level_counts(s, l);
		*cycles += refs_of(&st) * s->levels[l].latency;
	}
}

static void draw_header(cv *v, float x, float y, float w)
{
	const skl_cachesim_snap *s = v->s;
	char title[300], line[600], lat[300], a[32], b[32];
	float ts = floorf(26 * v->u), ss = floorf(16 * v->u), xs = floorf(13 * v->u);
	uint64_t fed, cyc;
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
	fed_totals(s, &fed, &cyc);
	skl__catf(v->tip, sizeof(v->tip),
		  "memory: %u cycles\n%s accesses fed (the references at the first level of each kind), %s "
		  "cycles modelled",
		  s->mem_latency, count(fed, a, sizeof(a)), count(cyc, b, sizeof(b)));
	skl_dl_begin(v->dl, v->key, v->tip);
	text(v, x, y, w, 34 * v->u, title, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	y += 34 * v->u;
	snprintf(line, sizeof(line), "latency: %s \xc2\xb7 %s %s \xc2\xb7 %s cycles", lat, count(fed, a, sizeof(a)),
		 fed == 1 ? "access" : "accesses", count(cyc, b, sizeof(b)));
	text(v, x, y, w, 24 * v->u, line, ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	y += 24 * v->u;
	if (s->source[0]) {
		text(v, x, y, w, 20 * v->u, s->source, xs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
		y += 20 * v->u;
	}
	if (v->smp) {
		char t[3][300], priv[120], shared[120];
		int k;
		priv[0] = shared[0] = 0;
		for (l = 0; l < s->nlevels; l++)
			skl__catf(l < s->nprivate ? priv : shared, sizeof(priv), "%s%s",
				  (l < s->nprivate ? l : l - s->nprivate) ? ", " : "", s->levels[l].st.name);
		snprintf(t[0], sizeof(t[0]),
			 "%d CPUs kept coherent by MESI: %s private to each, %s shared \xc2\xb7 current CPU %d",
			 s->ncpus, priv, shared[0] ? shared : "nothing", s->cpu);
		snprintf(t[1], sizeof(t[1]), "%d CPUs (MESI): %s private, %s shared \xc2\xb7 current CPU %d", s->ncpus,
			 priv, shared[0] ? shared : "nothing", s->cpu);
		snprintf(t[2], sizeof(t[2]), "%d CPUs (MESI) \xc2\xb7 current CPU %d", s->ncpus, s->cpu);
		for (k = 0; k < 2; k++)
			if (skl_dl_text_width(t[k], skl__fs(v->dl, xs)) <= w)
				break;
		text(v, x, y, w, 22 * v->u, t[k], xs, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK2);
	}
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

static void cell_value(const skl_cachesim_snap *s, int l, int row, char *out, size_t outsz)
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
			 count(st->refs[SKL_CACHESIM_READ] + st->refs[SKL_CACHESIM_IFETCH], a, sizeof(a)),
			 count(st->refs[SKL_CACHESIM_WRITE], b, sizeof(b)));
		break;
	case ROW_MISS:
		count(m, out, outsz);
		break;
	case ROW_MISS_RW:
		snprintf(out, outsz, "%s / %s",
			 count(st->misses[SKL_CACHESIM_READ] + st->misses[SKL_CACHESIM_IFETCH], a, sizeof(a)),
			 count(st->misses[SKL_CACHESIM_WRITE], b, sizeof(b)));
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

/* The rows a short table leaves out: the geometry and latencies (the level
 * titles and the header state them) and the read / write splits. */
static int row_shown(const cv *v, int r)
{
	return !v->short_table || (r != ROW_GEOM && r != ROW_LAT && r != ROW_REFS_RW && r != ROW_MISS_RW);
}

static int table_rows(const cv *v)
{
	int r, n = 0;
	for (r = 0; r < ROW_COUNT_; r++)
		n += row_shown(v, r);
	return n;
}

/* The table's size for font size fs. */
static void table_measure(cv *v, float fs, float *labw, float *colw)
{
	char buf[64];
	int r, l;
	fs = skl__fs(v->dl, fs);
	*labw = 0;
	for (r = 0; r < ROW_COUNT_; r++)
		if (row_shown(v, r))
			*labw = fmaxf(*labw, skl_dl_text_width(rows[r].label, fs));
	*labw += 6 * v->pu;
	for (l = 0; l < v->s->nlevels; l++) {
		colw[l] = 0;
		for (r = 0; r < ROW_COUNT_; r++) {
			if (!row_shown(v, r))
				continue;
			cell_value(v->s, l, r, buf, sizeof(buf));
			colw[l] = fmaxf(colw[l], skl_dl_text_width(buf, fs));
		}
		colw[l] += 18 * v->pu;
	}
}

static float table_rh(cv *v, float fs)
{
	return floorf(skl__fs(v->dl, fs) * 1.38f);
}

static float table_h(cv *v, float fs)
{
	return (float)table_rows(v) * table_rh(v, fs) + 4 * v->pu;
}

/* The biggest size up to 15 (scaled) at which the table is w wide, never
 * under the floor. */
static float table_fs(cv *v, float w, float from)
{
	float fs = from, labw, colw[SKL_CACHESIM_MAX_LEVELS], tw;
	int l;
	for (;;) {
		table_measure(v, fs, &labw, colw);
		tw = labw;
		for (l = 0; l < v->s->nlevels; l++)
			tw += colw[l];
		if (tw <= w || fs <= skl__fs(v->dl, 9))
			return fs;
		fs -= 1;
	}
}

static void draw_table(cv *v, float x, float y, float w, float fs)
{
	const skl_cachesim_snap *s = v->s;
	float labw, colw[SKL_CACHESIM_MAX_LEVELS], rh = table_rh(v, fs), cx, tw = 0;
	char buf[64];
	int r, l, k;

	table_measure(v, fs, &labw, colw);
	tw = labw;
	for (l = 0; l < s->nlevels; l++)
		tw += colw[l];
	/* spread spare room over the columns */
	if (tw < w && s->nlevels > 0) {
		float extra = fminf((w - tw) / (float)s->nlevels, 60 * v->pu);
		for (l = 0; l < s->nlevels; l++)
			colw[l] += extra;
	}
	for (r = 0, k = 0; r < ROW_COUNT_; r++) {
		float ry = y + (float)k * rh;
		if (!row_shown(v, r))
			continue;
		if (k % 2 == 0 && k > 0)
			skl_dl_rect(v->dl, x, ry, w, rh, C_ZEBRA, 0, 0);
		k++;
		if (r > 0) {
			snprintf(v->key, sizeof(v->key), "%d:statrow:%d", v->o->obj, r);
			skl_dl_begin(v->dl, v->key, rows[r].help);
			skl__text(v->dl, x + 4 * v->pu, ry, labw, rh, rows[r].label, fs, SKL_FONT_REGULAR,
				  SKL_ALIGN_LEFT, C_INK2);
			skl_dl_end(v->dl);
		}
	}
	skl_dl_line(v->dl, x, y + rh, x + w, y + rh, C_INK3, 1);
	cx = x + labw + 4 * v->pu;
	for (l = 0; l < s->nlevels; l++) {
		snprintf(v->key, sizeof(v->key), "%d:stats:%d", v->o->obj, l);
		level_tip(&s->levels[l], v->tip, sizeof(v->tip));
		skl_dl_begin(v->dl, v->key, v->tip);
		/* an invisible box so the whole column hovers */
		skl_dl_rect(v->dl, cx, y, colw[l], rh * (float)table_rows(v), 0, 0, 0);
		for (r = 0, k = 0; r < ROW_COUNT_; r++) {
			int bold = r == ROW_HEAD || r == ROW_RATE;
			if (!row_shown(v, r))
				continue;
			cell_value(s, l, r, buf, sizeof(buf));
			skl__text(v->dl, cx, y + (float)(k++) * rh, colw[l] - 6 * v->pu, rh, buf, fs,
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
	float m = floorf(skl__clampf(w * 0.2f, 2, 9 * v->pu));
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

/* The legend at x, y in width w: the marks, then the owners with how
 * many lines each holds in the focus level. With v->dry it only
 * measures. Returns its bottom. */
static float draw_legend(cv *v, float x, float y, float w)
{
	const skl_cachesim_snap *s = v->s;
	float ls = skl__fs(v->dl, floorf(13 * v->pu)), sw = 34 * v->pu, sh = 15 * v->pu, ex, ey;
	int step = v->any_recent, dry = v->dry;
	flow fl;
	int i, *lines_of;
	/* with lines touched this step the marks are this step's, and the
	 * pale lines keep their latest access; else every mark is the latest */
	struct {
		const char *key, *label, *tip;
	} marks[] = {
	    {"hit", step ? "hit this step" : "latest access hit",
	     step ? "green corner: every access to the line this step hit"
		  : "green corner: the latest access to the line hit (nothing was touched since the last look)"},
	    {"miss", step ? "missed this step" : "latest access missed",
	     step ? "red edge: a miss brought the line in this step"
		  : "red edge: the line was installed by a miss, its latest access (nothing was touched since the "
		    "last look)"},
	    {"dirty", "dirty", "dog-ear: the line was written and not yet written back"},
	    {"recent", "pale: untouched this step (mark: its latest access)",
	     "pale lines were not touched since the previous snapshot; their mark is their latest access, in an "
	     "earlier step"},
	    {"empty", "empty way", "grey: an invalid way, nothing cached there"},
	};

	fl.x0 = fl.x = x;
	fl.y = y;
	fl.w = w;
	fl.rowh = fmaxf(22 * v->pu, ls * 1.45f);
	fl.rows = 0;
	fl.maxrows = 5;
	for (i = 0; i < (int)(sizeof(marks) / sizeof(marks[0])); i++) {
		float ew;
		skl_color grey = SKL_HEX(0xc3c8ce);
		if (i == 3 && sw + 6 * v->pu + skl_dl_text_width(marks[i].label, ls) > w)
			marks[i].label = "pale: untouched (latest access)";
		ew = sw + 6 * v->pu + skl_dl_text_width(marks[i].label, ls) + 16 * v->pu;
		if ((i == 2 && !v->any_dirty) || (i == 3 && !(v->any_recent && v->any_old)) ||
		    (i == 4 && !v->any_empty))
			continue;
		if (ew > w)
			ew = w;
		if (!flow_place(&fl, ew, &ex, &ey))
			break;
		if (dry)
			continue;
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
		skl__text(v->dl, ex + sw + 6 * v->pu, ey, ew - sw - 6 * v->pu, fl.rowh, marks[i].label, ls,
			  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(v->dl);
	}
	/* owners on a new row, with how many lines each holds in the focus level */
	lines_of = dry ? NULL : skl_calloc((size_t)s->nowners + 1, sizeof(int));
	if (lines_of && v->focus >= 0 && s->levels[v->focus].lines) {
		const skl_cachesim_snap_level *lv = &s->levels[v->focus];
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
		float ew = sh + 6 * v->pu + skl_dl_text_width(name, ls) + 16 * v->pu;
		if (ew > w)
			ew = w;
		if (!flow_place(&fl, ew, &ex, &ey)) {
			char t[64];
			snprintf(t, sizeof(t), "+%d more", s->nowners - i);
			if (!dry && x + w - fl.x >= skl_dl_text_width(t, ls))
				text(v, fl.x, fl.y, x + w - fl.x, fl.rowh, t, ls, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
				     C_INK3);
			break;
		}
		if (dry)
			continue;
		snprintf(v->key, sizeof(v->key), "%d:owner:%d", v->o->obj, i);
		snprintf(v->tip, sizeof(v->tip), "%s", name);
		if (lines_of && v->focus >= 0 && s->levels[v->focus].lines)
			skl__catf(v->tip, sizeof(v->tip), "\n%d %s in %s", lines_of[i],
				  lines_of[i] == 1 ? "line" : "lines", s->levels[v->focus].st.name);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, ex, ey + (fl.rowh - sh) / 2, sh, sh, v->ocol[i], 0, 0);
		text(v, ex + sh + 6 * v->pu, ey, ew - sh - 6 * v->pu, fl.rowh, name, ls, SKL_FONT_REGULAR,
		     SKL_ALIGN_LEFT, C_INK2);
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
	return fmaxf(26 * v->pu, skl__fs(v->dl, floorf(15 * v->pu)) * 1.6f);
}

/* Rows the member chart wants: its title, column heads, members with accesses. */
static int members_used(const skl_cachesim_snap *s)
{
	int i, n = 0;
	for (i = 0; i < s->nmembers; i++)
		n += s->members[i].reads + s->members[i].writes > 0;
	return n;
}

static float member_row_h(cv *v)
{
	return fmaxf(21 * v->pu, skl__fs(v->dl, floorf(13 * v->pu)) * 1.5f);
}

/* The member chart's columns in width w: names, bars, misses, cycles. */
typedef struct mcols {
	float fs, hs;	    /* names and numbers; column heads */
	float labw, mw, cw; /* name column, misses column, cycles column */
	float rh, rh2;	    /* a row of one line, of two */
	uint64_t maxm;
} mcols;

/* Members with accesses ranked by misses in the focus level (then
 * cycles), into rk (s->nmembers entries); returns how many. */
static int rank_members(cv *v, rank *rk)
{
	const skl_cachesim_snap *s = v->s;
	int i, n = 0;
	for (i = 0; i < s->nmembers; i++) {
		const skl_cachesim_attr *m = &s->members[i];
		if (m->reads + m->writes == 0)
			continue;
		rk[n].misses = v->focus >= 0 && v->focus < SKL_CACHESIM_MAX_LEVELS ? m->misses[v->focus] : 0;
		rk[n].cycles = m->cycles;
		rk[n].i = i;
		n++;
	}
	qsort(rk, (size_t)n, sizeof(*rk), rank_cmp);
	return n;
}

static void member_cols(cv *v, const rank *rk, int n, float w, mcols *mc)
{
	const skl_cachesim_snap *s = v->s;
	const char *lvl = v->focus >= 0 ? s->levels[v->focus].st.name : "";
	char buf[200], a[32], head[64];
	float namew = 0;
	int i;
	memset(mc, 0, sizeof(*mc));
	mc->fs = skl__fs(v->dl, floorf(13 * v->pu));
	mc->hs = skl__fs(v->dl, floorf(11 * v->pu));
	mc->rh = member_row_h(v);
	mc->rh2 = floorf(mc->fs * 1.2f * 2 + 6 * v->pu);
	for (i = 0; i < n; i++) {
		attr_name(&s->members[rk[i].i], buf, sizeof(buf));
		namew = fmaxf(namew, skl_dl_text_width(buf, mc->fs));
		mc->maxm = rk[i].misses > mc->maxm ? rk[i].misses : mc->maxm;
	}
	snprintf(head, sizeof(head), "%s misses", lvl);
	mc->mw = fmaxf(skl_dl_text_width(count(mc->maxm, a, sizeof(a)), mc->fs), skl_dl_text_width(head, mc->hs)) +
		 10 * v->pu;
	for (i = 0; i < n; i++)
		mc->cw = fmaxf(mc->cw, skl_dl_text_width(count(s->members[rk[i].i].cycles, a, sizeof(a)), mc->fs));
	mc->cw = fmaxf(mc->cw, skl_dl_text_width("cycles", mc->hs)) + 10 * v->pu;
	/* names get what they need, leaving the bars at least a fifth */
	mc->labw = fminf(namew + 12 * v->pu, fmaxf(w - mc->mw - mc->cw - w * 0.2f, w * 0.3f));
}

/* The height of member row i's name in the name column: one line, or two
 * when it has to wrap. */
static float member_h(cv *v, const mcols *mc, const skl_cachesim_attr *m)
{
	char buf[200];
	attr_name(m, buf, sizeof(buf));
	return skl_dl_text_width(buf, mc->fs) <= mc->labw - 8 * v->pu ? mc->rh : mc->rh2;
}

/* The height the chart wants in width w for all its members. */
static float members_want(cv *v, float w)
{
	const skl_cachesim_snap *s = v->s;
	rank *rk = skl_malloc((size_t)(s->nmembers ? s->nmembers : 1) * sizeof(*rk));
	mcols mc;
	float h;
	int n, i;
	if (!rk)
		return 0;
	n = rank_members(v, rk);
	member_cols(v, rk, n, w, &mc);
	h = chart_title_h(v) + mc.rh + 4 * v->pu;
	for (i = 0; i < n; i++)
		h += member_h(v, &mc, &s->members[rk[i].i]);
	skl_free(rk);
	return n ? h : 0;
}

static void draw_members(cv *v, float x, float y, float w, float h)
{
	const skl_cachesim_snap *s = v->s;
	const char *lvl = v->focus >= 0 ? s->levels[v->focus].st.name : "";
	rank *rk;
	mcols mc;
	int n = 0, i, shown;
	float bx, bw, ry, used;
	char buf[200], a[32], head[64];

	rk = skl_malloc((size_t)(s->nmembers ? s->nmembers : 1) * sizeof(*rk));
	if (!rk)
		return;
	n = rank_members(v, rk);
	member_cols(v, rk, n, w, &mc);
	snprintf(buf, sizeof(buf), "%s misses by member, and their cycles", lvl);
	if (skl_dl_text_width(buf, skl__fs(v->dl, floorf(15 * v->pu))) > w)
		snprintf(buf, sizeof(buf), "%s misses by member", lvl);
	text(v, x, y, w, chart_title_h(v), buf, floorf(15 * v->pu), SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	y += chart_title_h(v);
	h -= chart_title_h(v) + mc.rh;
	/* as many members as fit, keeping a row for the "more" line */
	for (shown = 0, used = 0; shown < n; shown++) {
		float rh = member_h(v, &mc, &s->members[rk[shown].i]);
		float more = shown + 1 < n ? mc.rh : 0;
		if (used + rh + more > h + 0.5f)
			break;
		used += rh;
	}
	if (shown <= 0) {
		skl_free(rk);
		return;
	}
	snprintf(head, sizeof(head), "%s misses", lvl);
	bx = x + mc.labw;
	bw = w - mc.labw - mc.mw - mc.cw - 6 * v->pu;
	/* column heads */
	skl__text(v->dl, x + w - mc.mw - mc.cw, y, mc.mw - 4 * v->pu, mc.rh, head, mc.hs, SKL_FONT_REGULAR,
		  SKL_ALIGN_RIGHT, C_INK3);
	skl__text(v->dl, x + w - mc.cw, y, mc.cw - 4 * v->pu, mc.rh, "cycles", mc.hs, SKL_FONT_REGULAR, SKL_ALIGN_RIGHT,
		  C_INK3);
	ry = y + mc.rh;
	for (i = 0; i < shown; i++) {
		const skl_cachesim_attr *m = &s->members[rk[i].i];
		skl_color c = attr_color_from(s, v->ocol, m);
		float len = mc.maxm ? bw * (float)rk[i].misses / (float)mc.maxm : 0, rh = member_h(v, &mc, m);
		snprintf(v->key, sizeof(v->key), "%d:member:%d", v->o->obj, rk[i].i);
		attr_tooltip(s, m, v->tip, sizeof(v->tip));
		skl_dl_begin(v->dl, v->key, v->tip);
		if (i % 2 == 0)
			skl_dl_rect(v->dl, x, ry, w, rh, C_ZEBRA, 0, 0);
		else
			skl_dl_rect(v->dl, x, ry, w, rh, 0, 0, 0);
		attr_name(m, buf, sizeof(buf));
		text(v, x + 4 * v->pu, ry, mc.labw - 8 * v->pu, rh, buf, mc.fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
		     C_INK);
		if (len > 0)
			skl_dl_rect(v->dl, bx, ry + rh / 2 - mc.rh * 0.32f, fmaxf(len, 2), mc.rh * 0.64f, c, 0, 0);
		skl__text(v->dl, x + w - mc.mw - mc.cw, ry, mc.mw - 4 * v->pu, rh, count(rk[i].misses, a, sizeof(a)),
			  mc.fs, SKL_FONT_BOLD, SKL_ALIGN_RIGHT, C_INK);
		skl__text(v->dl, x + w - mc.cw, ry, mc.cw - 4 * v->pu, rh, count(m->cycles, a, sizeof(a)), mc.fs,
			  SKL_FONT_REGULAR, SKL_ALIGN_RIGHT, C_INK2);
		skl_dl_end(v->dl);
		ry += rh;
	}
	if (shown < n) {
		snprintf(buf, sizeof(buf), "+ %d more %s with accesses (fewer misses)", n - shown,
			 n - shown == 1 ? "member" : "members");
		if (skl_dl_text_width(buf, skl__fs(v->dl, floorf(12 * v->pu))) > w - 4 * v->pu)
			snprintf(buf, sizeof(buf), "+ %d more", n - shown);
		text(v, x + 4 * v->pu, ry, w - 4 * v->pu, mc.rh, buf, floorf(12 * v->pu), SKL_FONT_REGULAR,
		     SKL_ALIGN_LEFT, C_INK3);
	}
	skl_free(rk);
}

/* ---- misses by object cache line --------------------------------------------------------------------- */

static void draw_objlines(cv *v, float x, float y, float w, float h)
{
	const skl_cachesim_snap *s = v->s;
	const char *lvl = v->focus >= 0 ? s->levels[v->focus].st.name : "";
	int i, groups = 1, every = 1;
	float fs = skl__fs(v->dl, floorf(11 * v->u)), slot, colw, base, top, cx, vh;
	uint64_t maxm = 0;
	char buf[200], a[32];

	if (s->nlines <= 0)
		return;
	for (i = 0; i < s->nlines; i++) {
		uint64_t m = v->focus >= 0 && v->focus < SKL_CACHESIM_MAX_LEVELS ? s->lines[i].misses[v->focus] : 0;
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
		const skl_cachesim_attr *ln = &s->lines[i];
		uint64_t m = v->focus >= 0 && v->focus < SKL_CACHESIM_MAX_LEVELS ? ln->misses[v->focus] : 0;
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

/* ---- several CPUs ------------------------------------------------------------------------------------- */

/*
 * A coherent snapshot of several CPUs: a panel per CPU ("CPU n", the
 * current one outlined) with its coherence counters and its private
 * levels, every line's MESI state a badge at the left of its cell; the
 * shared level(s) once under the panels; on the right the CPUs' counters
 * as a table, the MESI legend and the usual one, the misses by member.
 * When a CPU's focus level cannot be drawn way by way in its panel, every
 * panel shows the same few sets, those holding a Shared line (one other
 * CPUs may hold) or one touched this step, and a note over the panels
 * says so.
 */

enum { LK_ROWS = LK_LINE + 1, LK_NONE };

typedef struct cpuplan {
	int cols, rows;
	float pw, ph, pad, pgap; /* a panel, its padding, the gap between panels */
	float head;		 /* the panel's title and counters */
	int ctr;		 /* which counters text fits (0 long .. 3 two short lines) */
	int kind;		 /* how the focus level is drawn */
	fold fd;
	float fh;			   /* the focus level's height */
	float oh[SKL_CACHESIM_MAX_LEVELS]; /* the other private levels' heights (0: not drawn) */
	unsigned *sets;			   /* LK_ROWS: the sets drawn, ascending */
	int nsets, shown;		   /* sets worth drawing, of them drawn */
	float rh, cw, gut, lfs;		   /* LK_ROWS: a row, a way, the set labels */
	int letters;			   /* LK_ROWS: the MESI letters read in its cells */
} cpuplan;

static float cpu_title_h(cv *v)
{
	return fmaxf(26 * v->u, skl__fs(v->dl, floorf(16 * v->u)) * 1.5f);
}

static float ctr_row_h(cv *v)
{
	return fmaxf(19 * v->u, skl__fs(v->dl, floorf(12 * v->u)) * 1.45f);
}

static float note_h(cv *v)
{
	return fmaxf(22 * v->u, skl__fs(v->dl, floorf(13 * v->u)) * 1.5f);
}

/* The counters of CPU c as text variant k: 0 and 1 one line, 2 and 3 two. */
static void ctr_texts(const skl_cachesim_snap *s, int c, int k, char *l1, char *l2, size_t n)
{
	const skl_cachesim_snap_cpu *p = &s->cpus[c];
	char a[32], b[32], d[32], e[32];
	count(p->coherence, a, sizeof(a));
	count(p->hitm, b, sizeof(b));
	count(p->transfers, d, sizeof(d));
	count(p->invalidated, e, sizeof(e));
	l2[0] = 0;
	switch (k) {
	case 0:
		snprintf(l1, n, "coherence misses %s \xc2\xb7 HITM %s \xc2\xb7 transfers %s \xc2\xb7 invalidated %s", a,
			 b, d, e);
		break;
	case 1:
		snprintf(l1, n, "coherence %s \xc2\xb7 HITM %s \xc2\xb7 transfers %s \xc2\xb7 invalidated %s", a, b, d,
			 e);
		break;
	case 2:
		snprintf(l1, n, "coherence %s \xc2\xb7 HITM %s", a, b);
		snprintf(l2, n, "transfers %s \xc2\xb7 invalidated %s", d, e);
		break;
	default:
		snprintf(l1, n, "coh. %s \xc2\xb7 HITM %s", a, b);
		snprintf(l2, n, "xfer %s \xc2\xb7 inv. %s", d, e);
	}
}

/* The first counters variant every CPU's fits in width w. */
static int ctr_choice(cv *v, float w)
{
	float fs = skl__fs(v->dl, floorf(12 * v->u));
	char l1[200], l2[200];
	int k, c, ok;
	for (k = 0; k < 3; k++) {
		for (c = 0, ok = 1; c < v->s->ncpus && ok; c++) {
			ctr_texts(v->s, c, k, l1, l2, sizeof(l1));
			ok = skl_dl_text_width(l1, fs) <= w && skl_dl_text_width(l2, fs) <= w;
		}
		if (ok)
			return k;
	}
	return 3;
}

/* The sets of private level l worth drawing when not all fit: those where
 * some CPU holds a line Shared (held by several CPUs, or left alone by
 * evictions), then those where one touched a line this step; into out (the level's sets entries). Returns how many. */
static int worth_sets(const skl_cachesim_snap *s, int l, unsigned *out)
{
	const skl_cachesim_snap_level *l0 = &s->cpus[0].levels[l];
	unsigned set, way, pass;
	int c, n = 0;
	unsigned char *taken;
	if (!l0->lines || !l0->st.sets)
		return 0;
	taken = skl_calloc(l0->st.sets, 1);
	if (!taken)
		return 0;
	for (pass = 0; pass < 2; pass++)
		for (set = 0; set < l0->st.sets; set++) {
			int want = 0;
			if (taken[set])
				continue;
			for (c = 0; c < s->ncpus && !want; c++) {
				const skl_cachesim_snap_level *lv = &s->cpus[c].levels[l];
				if (!lv->lines || lv->st.sets != l0->st.sets || lv->st.assoc != l0->st.assoc)
					continue;
				for (way = 0; way < lv->st.assoc && !want; way++) {
					const skl_cachesim_snap_line *ln = &lv->lines[(size_t)set * lv->st.assoc + way];
					/* Shared: other CPUs may hold it (M and E are the only copy) */
					if (ln->valid)
						want = pass == 0 ? ln->mesi == SKL_MESI_S : ln->recent != 0;
				}
			}
			if (want) {
				taken[set] = 1;
				out[n++] = set;
			}
		}
	skl_free(taken);
	return n;
}

static int uint_cmp(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
	return x < y ? -1 : x > y;
}

static int private_levels(const skl_cachesim_snap *s)
{
	int np = s->nprivate, c;
	for (c = 0; c < s->ncpus; c++)
		if (s->cpus[c].nlevels < np)
			np = s->cpus[c].nlevels;
	return np < SKL_CACHESIM_MAX_LEVELS ? np : SKL_CACHESIM_MAX_LEVELS;
}

/* Does no CPU hold a line in its private level l? */
static int empty_everywhere(const skl_cachesim_snap *s, int l)
{
	int c;
	for (c = 0; c < s->ncpus; c++)
		if (l < s->cpus[c].nlevels && s->cpus[c].levels[l].lines &&
		    occupancy_of(&s->cpus[c].levels[l], 0, s->cpus[c].levels[l].st.sets).valid)
			return 0;
	return 1;
}

/* The mini strip (bands, no rows) of a private level, or one line (not
 * copied line by line, or empty in every CPU). */
static float other_h(cv *v, int l, float w)
{
	const skl_cachesim_snap_level *lv = LV(v, l);
	strip st;
	if (!lv->lines || empty_everywhere(v->s, l))
		return one_line_h(v, l, w);
	plan_strip(v, lv, w, title_h(v) + 6 * v->u + 16 * v->u + 20 * v->u, &st);
	return title_h(v) + st.mk + st.bh + st.ah;
}

/* The plan of the panels in cols columns of the area w x h; 0 when they
 * are too small for even their titles. */
static int plan_cpus(cv *v, int cols, float w, float h, cpuplan *p, int focus, int detail)
{
	const skl_cachesim_snap *s = v->s;
	int n = s->ncpus, np = private_levels(s), l;
	float iw, fa, gap = 10 * v->u;
	memset(p, 0, sizeof(*p));
	p->cols = cols;
	p->rows = (n + cols - 1) / cols;
	p->pad = floorf(8 * v->u);
	p->pgap = floorf(14 * v->u);
	p->pw = floorf((w - (float)(cols - 1) * p->pgap) / (float)cols);
	p->ph = floorf((h - (float)(p->rows - 1) * p->pgap) / (float)p->rows);
	iw = p->pw - 2 * p->pad;
	if (iw < 60 * v->u)
		return 0;
	/* less detail: the counters only in the table, no other private level */
	p->ctr = detail >= 1 ? 4 : ctr_choice(v, iw);
	p->head = cpu_title_h(v) + ctr_row_h(v) * (p->ctr == 4 ? 0 : p->ctr >= 2 ? 2 : 1) + 4 * v->u;
	fa = p->ph - 2 * p->pad - p->head;
	if (fa < 0)
		return 0;
	v->cpu = 0;
	for (l = 0; l < np && detail < 2; l++)
		if (l != focus) {
			p->oh[l] = other_h(v, l, iw);
			fa -= p->oh[l] + gap;
		}
	p->kind = LK_NONE;
	if (focus < 0 || focus >= np) {
		v->cpu = -1;
		return fa >= 0;
	}
	if (!s->cpus[0].levels[focus].lines) {
		p->kind = LK_LINE;
		p->fh = one_line_h(v, focus, iw);
	} else if (choose_fold(v, &s->cpus[0].levels[focus], iw, fa - title_h(v) - wayhead_h(v), &p->fd) &&
		   letter_fits(v, p->fd.cw - (p->fd.cw >= 8 ? 1 : 0.5f), p->fd.ch - (p->fd.ch >= 8 ? 1 : 0.5f))) {
		p->kind = LK_GRID;
		p->fh = grid_h(v, &p->fd);
	} else {
		const skl_cachesim_snap_level *lv = &s->cpus[0].levels[focus];
		char num[32];
		int fit;
		p->lfs = skl__fs(v->dl, floorf(11 * v->u));
		p->rh = floorf(fmaxf(p->lfs * 1.4f, 14 * v->u));
		snprintf(num, sizeof(num), "set %u", lv->st.sets ? lv->st.sets - 1 : 0);
		p->gut = skl_dl_text_width(num, p->lfs) + 8 * v->u;
		p->cw = fminf((iw - p->gut) / (float)lv->st.assoc, 3.2f * p->rh);
		fit = (int)((fa - ctr_row_h(v)) / p->rh);
		if (p->cw >= 4 && fit >= 1) {
			p->kind = LK_ROWS;
			p->letters = letter_fits(v, p->cw - 1, p->rh - 2);
			p->shown = fit; /* trimmed to the sets worth drawing by the caller */
			p->fh = ctr_row_h(v) + (float)fit * p->rh;
		} else if (fa >= other_h(v, focus, iw)) {
			p->kind = LK_STRIP;
			p->fh = other_h(v, focus, iw);
		}
	}
	v->cpu = -1;
	return 1;
}

/* The rows mode's sets: those worth drawing, as many as fit (the last row
 * says how many more), ascending. */
static void plan_rows(cv *v, cpuplan *p, int focus)
{
	const skl_cachesim_snap_level *lv = &v->s->cpus[0].levels[focus];
	int fit = p->shown;
	p->sets = skl_malloc((size_t)(lv->st.sets ? lv->st.sets : 1) * sizeof(*p->sets));
	p->nsets = p->sets ? worth_sets(v->s, focus, p->sets) : 0;
	p->shown = p->nsets <= fit ? p->nsets : fit;
	qsort(p->sets, (size_t)p->shown, sizeof(*p->sets), uint_cmp);
	if (p->shown > 0 && p->shown < fit) { /* room to spare: taller rows, bigger letters */
		float iw = p->pw - 2 * p->pad;
		p->rh = floorf(fminf(p->rh * 1.6f, (float)fit * p->rh / (float)p->shown));
		p->cw = fminf((iw - p->gut) / (float)lv->st.assoc, 3.2f * p->rh);
	}
	p->fh = ctr_row_h(v) + (float)p->shown * p->rh;
}

/* The height a panel's content needs (at most its plan's). */
static float panel_need(const cpuplan *p, const cv *v, int np, int focus)
{
	float need = 2 * p->pad + p->head, gap = 10 * v->u;
	int l;
	if (p->kind != LK_NONE && focus >= 0 && focus < np)
		need += p->fh + gap;
	for (l = 0; l < np; l++)
		if (l != focus && p->oh[l] > 0)
			need += p->oh[l] + gap;
	return fminf(p->ph, ceilf(need));
}

/* The rows of the sets worth drawing of CPU v->cpu's level l, under one
 * line naming the level and how many sets are shown. */
static void draw_rows(cv *v, int l, float x, float y, float w, const cpuplan *p)
{
	const skl_cachesim_snap_level *lv = LV(v, l);
	char t[3][256];
	float fs = floorf(12 * v->u);
	int i, k;
	unsigned way;
	occ o = occupancy_of(lv, 0, lv->st.sets);
	snprintf(t[0], sizeof(t[0]), "%s: %d of the %d sets worth showing (of %u) \xc2\xb7 M %llu, E %llu, S %llu",
		 lv->st.name, p->shown, p->nsets, lv->st.sets, (unsigned long long)o.mesi[SKL_MESI_M],
		 (unsigned long long)o.mesi[SKL_MESI_E], (unsigned long long)o.mesi[SKL_MESI_S]);
	snprintf(t[1], sizeof(t[1]), "%s: %d of %d sets worth showing", lv->st.name, p->shown, p->nsets);
	snprintf(t[2], sizeof(t[2]), "%s: %d of %d sets", lv->st.name, p->shown, p->nsets);
	for (k = 0; k < 2; k++)
		if (skl_dl_text_width(t[k], skl__fs(v->dl, fs)) <= w)
			break;
	keyf(v, "level", "%d", l);
	level_tip(lv, v->tip, sizeof(v->tip));
	skl__catf(v->tip, sizeof(v->tip),
		  "\ndrawn: the sets where a CPU holds a line Shared, then those touched this step");
	skl_dl_begin(v->dl, v->key, v->tip);
	text(v, x, y, w, ctr_row_h(v), t[k], fs, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(v->dl);
	y += ctr_row_h(v);
	for (i = 0; i < p->shown; i++) {
		unsigned set = p->sets[i];
		float ry = y + (float)i * p->rh;
		set_label(v, l, set, x, ry, p->gut - 6 * v->u, p->rh, p->lfs, "set %u");
		for (way = 0; way < lv->st.assoc; way++)
			draw_cell(v, l, set, way, x + p->gut + (float)way * p->cw, ry + 1, p->cw - 1, p->rh - 2);
	}
}

/* One CPU's panel at x, y. */
static void draw_cpu(cv *v, int c, float x, float y, const cpuplan *p, int focus)
{
	const skl_cachesim_snap *s = v->s;
	const skl_cachesim_snap_cpu *sc = &s->cpus[c];
	int cur = c == s->cpu, np = private_levels(s), l;
	float iw = p->pw - 2 * p->pad, ix = x + p->pad, iy = y + p->pad, ts = floorf(16 * v->u);
	float fs = floorf(12 * v->u), gap = 10 * v->u;
	char t[64], l1[200], l2[200], a[32], b[32], d[32], e[32];

	snprintf(v->key, sizeof(v->key), "%d:cpu:%d", v->o->obj, c);
	snprintf(v->tip, sizeof(v->tip), "CPU %d%s\n", c,
		 cur ? " (the current CPU: the kernel's accesses run here)" : "");
	skl__catf(v->tip, sizeof(v->tip),
		  "coherence misses %s: its copy was lost to another CPU's write\n"
		  "HITM %s: lines it took from another CPU's Modified copy\n"
		  "transfers %s: lines another CPU's cache supplied\n"
		  "invalidated %s: its copies other CPUs' writes took",
		  count(sc->coherence, a, sizeof(a)), count(sc->hitm, b, sizeof(b)), count(sc->transfers, d, sizeof(d)),
		  count(sc->invalidated, e, sizeof(e)));
	skl_dl_begin(v->dl, v->key, v->tip);
	skl_dl_rect(v->dl, x, y, p->pw, p->ph, cur ? skl_color_mix(C_CURRENT, C_BG, 0.93f) : 0,
		    cur ? C_CURRENT : C_RULE, cur ? 2 : 1);
	snprintf(t, sizeof(t), "CPU %d", c);
	text(v, ix, iy, iw, cpu_title_h(v), t, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, cur ? C_CURRENT : C_INK);
	if (cur) {
		float tw = skl_dl_text_width(t, skl__fs(v->dl, ts)) + 10 * v->u;
		const char *m =
		    skl_dl_text_width("current CPU", skl__fs(v->dl, fs)) <= iw - tw ? "current CPU" : "current";
		if (skl_dl_text_width(m, skl__fs(v->dl, fs)) <= iw - tw)
			text(v, ix + tw, iy, iw - tw, cpu_title_h(v), m, fs, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_CURRENT);
	}
	iy += cpu_title_h(v);
	ctr_texts(s, c, p->ctr, l1, l2, sizeof(l1));
	if (p->ctr != 4) {
		text(v, ix, iy, iw, ctr_row_h(v), l1, fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		iy += ctr_row_h(v);
	}
	if (p->ctr != 4 && l2[0]) {
		text(v, ix, iy, iw, ctr_row_h(v), l2, fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		iy += ctr_row_h(v);
	}
	skl_dl_end(v->dl);
	iy += 4 * v->u;
	v->cpu = c;
	if (p->kind != LK_NONE && focus >= 0 && focus < np) {
		if (p->kind == LK_GRID)
			draw_grid(v, focus, ix, iy, iw, &p->fd);
		else if (p->kind == LK_ROWS)
			draw_rows(v, focus, ix, iy, iw, p);
		else if (p->kind == LK_STRIP) {
			strip st;
			plan_strip(v, LV(v, focus), iw, p->fh, &st);
			st.rows = st.shown = 0;
			draw_strip(v, focus, ix, iy, iw, &st);
		} else if (p->kind == LK_LINE) {
			draw_one_line(v, focus, ix, iy, iw, p->fh);
		}
		iy += p->fh + gap;
	}
	for (l = 0; l < np; l++) {
		if (l == focus || p->oh[l] <= 0 || iy + p->oh[l] > y + p->ph - p->pad + 1)
			continue;
		if (LV(v, l)->lines && !empty_everywhere(s, l)) {
			strip st;
			plan_strip(v, LV(v, l), iw, p->oh[l], &st);
			st.rows = st.shown = 0;
			draw_strip(v, l, ix, iy, iw, &st);
		} else {
			draw_one_line(v, l, ix, iy, iw, p->oh[l]);
		}
		iy += p->oh[l] + gap;
	}
	v->cpu = -1;
}

/* The note over the panels: the first of texts that fits, in one line. */
static void note(cv *v, float x, float y, float w, const char *const *texts, int n, const char *key, const char *tip)
{
	float fs = floorf(13 * v->u);
	int k;
	for (k = 0; k < n - 1; k++)
		if (skl_dl_text_width(texts[k], skl__fs(v->dl, fs)) <= w)
			break;
	snprintf(v->key, sizeof(v->key), "%d:%s", v->o->obj, key);
	skl_dl_begin(v->dl, v->key, tip);
	text(v, x, y, w, note_h(v), texts[k], fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(v->dl);
}

/* The shared levels, as draw_levels plans them but in at most h. */
static float shared_h(cv *v, float w, float h, plan *pl, int detail)
{
	const skl_cachesim_snap *s = v->s;
	int l, np = private_levels(s);
	float gap = 14 * v->u, total = 0;
	for (l = np; l < s->nlevels && l < SKL_CACHESIM_MAX_LEVELS; l++) {
		const skl_cachesim_snap_level *lv = &s->levels[l];
		plan *q = &pl[l];
		memset(q, 0, sizeof(*q));
		if (!lv->lines || !occupancy_of(lv, 0, lv->st.sets).valid) {
			q->kind = LK_LINE;
			q->h = one_line_h(v, l, w);
		} else if (choose_fold(v, lv, w, h * 0.5f - title_h(v) - wayhead_h(v), &q->fd) &&
			   q->fd.ch >= 8 * v->u) {
			q->kind = LK_GRID;
			q->h = grid_h(v, &q->fd);
		} else {
			strip probe;
			q->kind = LK_STRIP;
			plan_strip(v, lv, w, 0, &probe);
			plan_strip(v, lv, w,
				   fminf(h, title_h(v) + probe.mk + probe.bh + probe.ah +
						(detail ? 0 : probe.th + 2 * probe.rh)),
				   &q->st);
			q->h = q->st.h;
		}
		total += q->h + gap;
	}
	return total;
}

/* The table of the CPUs' counters at x, y in width w and at most h high;
 * returns its bottom. */
static float draw_cpu_table(cv *v, float x, float y, float w, float h)
{
	const skl_cachesim_snap *s = v->s;
	static const char *const lng[] = {"CPU", "misses", "coherence", "HITM", "transfers", "invalidated"};
	static const char *const shrt[] = {"CPU", "miss", "coh.", "HITM", "xfer", "inval."};
	static const char *const help[] = {
	    "the CPU; the current one (where the kernel's accesses run) in bold",
	    "misses of the CPU's private focus level",
	    "coherence misses: misses on a line the CPU lost to another CPU's write (the fourth C)",
	    "lines supplied by another CPU's Modified copy (perf c2c's HITM): that CPU writes it back, both keep it "
	    "Shared",
	    "lines supplied by another CPU's private cache instead of the shared level or memory",
	    "the CPU's copies invalidated by other CPUs' writes"};
	const char *const *heads = lng;
	float fs = floorf(13 * v->pu), colw[6], tw, rh, ry;
	int focus = v->focus >= 0 && v->focus < private_levels(s) ? v->focus : -1;
	char buf[64], hb[64];
	int c, k, shown, nrows;

	for (;;) {
		float f = skl__fs(v->dl, fs);
		tw = 0;
		for (k = 0; k < 6; k++) {
			if (k == 1 && focus >= 0)
				snprintf(hb, sizeof(hb), "%s %s", s->cpus[0].levels[focus].st.name, heads[1]);
			else
				snprintf(hb, sizeof(hb), "%s", heads[k]);
			colw[k] = skl_dl_text_width(hb, skl__fs(v->dl, floorf(11 * v->pu)));
			for (c = 0; c < s->ncpus; c++) {
				const skl_cachesim_snap_cpu *p = &s->cpus[c];
				uint64_t val = k == 1	? (focus >= 0 ? misses_of(&p->levels[focus].st) : 0)
					       : k == 2 ? p->coherence
					       : k == 3 ? p->hitm
					       : k == 4 ? p->transfers
							: p->invalidated;
				if (k == 0)
					snprintf(buf, sizeof(buf), "CPU %d", c);
				else
					count(val, buf, sizeof(buf));
				colw[k] = fmaxf(colw[k], skl_dl_text_width(buf, f));
			}
			colw[k] += 12 * v->pu;
			tw += colw[k];
		}
		if (tw <= w)
			break;
		if (heads == lng) {
			heads = shrt;
			continue;
		}
		if (f <= skl__fs(v->dl, 9) || fs <= 9)
			break;
		fs -= 1;
	}
	fs = skl__fs(v->dl, fs);
	rh = floorf(fmaxf(fs * 1.45f, 18 * v->pu));
	if (tw < w)
		for (k = 1; k < 6; k++)
			colw[k] += (w - tw) / 5;
	nrows = (int)(h / rh) - 1;
	if (nrows < 1)
		return y;
	shown = s->ncpus <= nrows ? s->ncpus : nrows - 1;
	/* the heads */
	{
		float cx = x;
		for (k = 0; k < 6; k++) {
			if (k == 1 && focus >= 0)
				snprintf(hb, sizeof(hb), "%s %s", s->cpus[0].levels[focus].st.name, heads[1]);
			else
				snprintf(hb, sizeof(hb), "%s", heads[k]);
			snprintf(v->key, sizeof(v->key), "%d:cpuhead:%d", v->o->obj, k);
			skl_dl_begin(v->dl, v->key, help[k]);
			skl__text(v->dl, cx + (k ? 0 : 4 * v->pu), y, colw[k] - 6 * v->pu, rh, hb, floorf(11 * v->pu),
				  SKL_FONT_REGULAR, k ? SKL_ALIGN_RIGHT : SKL_ALIGN_LEFT, C_INK3);
			skl_dl_end(v->dl);
			cx += colw[k];
		}
	}
	skl_dl_line(v->dl, x, y + rh, x + w, y + rh, C_INK3, 1);
	ry = y + rh;
	for (c = 0; c < shown; c++) {
		const skl_cachesim_snap_cpu *p = &s->cpus[c];
		float cx = x;
		int cur = c == s->cpu;
		snprintf(v->key, sizeof(v->key), "%d:cpustats:%d", v->o->obj, c);
		snprintf(v->tip, sizeof(v->tip), "CPU %d%s", c, cur ? " (current)" : "");
		if (focus >= 0)
			skl__catf(v->tip, sizeof(v->tip), "\n%s: %s misses of %s references", p->levels[focus].st.name,
				  count(misses_of(&p->levels[focus].st), buf, sizeof(buf)),
				  count(refs_of(&p->levels[focus].st), hb, sizeof(hb)));
		skl__catf(v->tip, sizeof(v->tip), "\ncoherence misses %s, HITM %s",
			  count(p->coherence, buf, sizeof(buf)), count(p->hitm, hb, sizeof(hb)));
		skl__catf(v->tip, sizeof(v->tip), "\ntransfers %s, invalidated %s",
			  count(p->transfers, buf, sizeof(buf)), count(p->invalidated, hb, sizeof(hb)));
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, x, ry, w, rh, c % 2 ? C_ZEBRA : 0, 0, 0);
		for (k = 0; k < 6; k++) {
			uint64_t val = k == 1	? (focus >= 0 ? misses_of(&p->levels[focus].st) : 0)
				       : k == 2 ? p->coherence
				       : k == 3 ? p->hitm
				       : k == 4 ? p->transfers
						: p->invalidated;
			if (k == 0)
				snprintf(buf, sizeof(buf), "CPU %d", c);
			else
				count(val, buf, sizeof(buf));
			skl__text(v->dl, cx + (k ? 0 : 4 * v->pu), ry, colw[k] - 6 * v->pu, rh, buf, fs,
				  cur || (k == 3 && val) ? SKL_FONT_BOLD : SKL_FONT_REGULAR,
				  k ? SKL_ALIGN_RIGHT : SKL_ALIGN_LEFT, k == 0 && cur ? C_CURRENT : C_INK);
			cx += colw[k];
		}
		skl_dl_end(v->dl);
		ry += rh;
	}
	if (shown < s->ncpus) {
		snprintf(buf, sizeof(buf), "+ %d more CPUs", s->ncpus - shown);
		text(v, x + 4 * v->pu, ry, w - 4 * v->pu, rh, buf, fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
		ry += rh;
	}
	return ry;
}

/* The MESI states' legend at x, y in width w; returns its bottom. */
static float draw_mesi_legend(cv *v, float x, float y, float w)
{
	static const struct {
		int m;
		const char *label, *shrt;
	} st[] = {{SKL_MESI_M, "Modified", "M"},
		  {SKL_MESI_E, "Exclusive", "E"},
		  {SKL_MESI_S, "Shared", "S"},
		  {SKL_MESI_I, "Invalid: an empty way", "I"}};
	float ls = skl__fs(v->dl, floorf(13 * v->pu)), sh = floorf(fmaxf(18 * v->pu, ls * 1.25f)), ex, ey;
	flow fl;
	int i;
	fl.x0 = fl.x = x;
	fl.y = y;
	fl.w = w;
	fl.rowh = fmaxf(24 * v->pu, ls * 1.5f);
	fl.rows = 0;
	fl.maxrows = 4;
	for (i = 0; i < 4; i++) {
		const char *label = st[i].label;
		float ew;
		skl_dl_text_width(label, ls);
		if (i == 3 && sh + 6 * v->pu + skl_dl_text_width(label, ls) + 16 * v->pu > w)
			label = "Invalid";
		ew = sh + 6 * v->pu + skl_dl_text_width(label, ls) + 16 * v->pu;
		if (!flow_place(&fl, fminf(ew, w), &ex, &ey))
			break;
		snprintf(v->key, sizeof(v->key), "%d:legend:mesi-%s", v->o->obj, st[i].shrt);
		snprintf(v->tip, sizeof(v->tip), "%s (%s)%s", mesi_meaning(st[i].m), st[i].shrt,
			 st[i].m == SKL_MESI_I ? "; an invalidated or evicted copy leaves the way empty" : "");
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, ex, ey + (fl.rowh - sh) / 2, sh, sh, mesi_color(st[i].m),
			    st[i].m == SKL_MESI_I ? C_INK3 : 0, st[i].m == SKL_MESI_I ? 1 : 0);
		skl__text(v->dl, ex, ey + (fl.rowh - sh) / 2, sh, sh, st[i].shrt, floorf(fminf(sh * 0.78f, 13 * v->pu)),
			  SKL_FONT_BOLD, SKL_ALIGN_CENTER, st[i].m == SKL_MESI_I ? C_INK : C_BG);
		text(v, ex + sh + 6 * v->pu, ey, fminf(ew, w) - sh - 6 * v->pu, fl.rowh, label, ls, SKL_FONT_REGULAR,
		     SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(v->dl);
	}
	return fl.y + fl.rowh;
}

static float plan_score(const cpuplan *p)
{
	switch (p->kind) {
	case LK_GRID:
		return 1000 + fminf(p->fd.cw, p->fd.ch * 2.6f);
	case LK_ROWS: /* rows whose letters read first, then the most sets */
		return 500 + (p->letters ? 200 : 0) + (float)p->shown + p->cw / 100;
	case LK_NONE:
		return 0;
	default:
		return 100 + p->pw / 1e4f;
	}
}

static int count_worth(const skl_cachesim_snap *s, int l)
{
	unsigned *sets = skl_malloc((size_t)(s->cpus[0].levels[l].st.sets + 1) * sizeof(*sets));
	int n = sets ? worth_sets(s, l, sets) : 0;
	skl_free(sets);
	return n;
}

static void draw_smp(cv *v, float x, float y, float w, float h)
{
	const skl_cachesim_snap *s = v->s;
	int np = private_levels(s), focus = v->focus >= 0 && v->focus < np ? v->focus : -1, cols, l, c;
	float gap = 32 * v->u, pw, lw, px, py, ah, gy, cy;
	plan pl[SKL_CACHESIM_MAX_LEVELS];
	cpuplan best, p;
	int have = 0, detail, nworth;
	char t[4][400], names[160];
	const char *texts[4];

	/* the right column: the CPUs' counters, the legends, the members */
	pw = skl__clampf(w * 0.27f, fminf(330 * v->u, w * 0.4f), 560 * v->u);
	lw = w - pw - gap;
	px = x + lw + gap;
	v->pu = v->u;
	py = draw_cpu_table(v, px, y, pw, fminf(h * 0.6f, (float)(s->ncpus + 2) * 40 * v->u)) + 14 * v->pu;
	if (!v->o->no_legend) {
		py = draw_mesi_legend(v, px, py, pw) + 4 * v->pu;
		py = draw_legend(v, px, py, pw) + 12 * v->pu;
	}
	if (members_used(s) > 0 && y + h - py >= chart_title_h(v) + 3 * member_row_h(v))
		draw_members(v, px, py, pw, fminf(y + h - py, members_want(v, pw)));

	/* the panels and the shared levels under them: the columns that give
	 * the focus level the biggest cells, in as much detail as lets every
	 * CPU's lines be read (way by way, else the sets worth drawing) */
	nworth = focus >= 0 && s->cpus[0].levels[focus].lines ? count_worth(s, focus) : 0;
	for (detail = 0; detail < 3; detail++) {
		float dsh = shared_h(v, lw, h * 0.3f, pl, detail);
		int dhave = 0;
		cpuplan dbest;
		if (np < s->nlevels)
			dsh += note_h(v);
		ah = h - dsh - note_h(v) - (dsh > 0 ? 10 * v->u : 0);
		for (cols = s->ncpus; cols >= 1; cols--) {
			if (!plan_cpus(v, cols, lw, ah, &p, focus, detail))
				continue;
			if (!dhave || plan_score(&p) > plan_score(&dbest) + 0.01f) {
				dbest = p;
				dhave = 1;
			}
		}
		if (dhave) {
			best = dbest;
			have = 1;
		}
		if (have && (best.kind == LK_GRID || best.kind == LK_LINE ||
			     (best.kind == LK_ROWS && best.shown >= (nworth < 3 ? nworth : 3))))
			break;
	}
	if (detail == 3)
		detail = 2;
	shared_h(v, lw, h * 0.3f, pl, detail);
	names[0] = 0;
	for (l = 0; l < np; l++)
		skl__catf(names, sizeof(names), "%s%s", l ? (l == np - 1 ? " and " : ", ") : "",
			  s->cpus[0].levels[l].st.name);
	texts[0] = t[0];
	texts[1] = t[1];
	texts[2] = t[2];
	texts[3] = t[3];
	if (have && best.kind == LK_ROWS)
		plan_rows(v, &best, focus);
	if (have)
		best.ph = panel_need(&best, v, np, focus);
	if (have && best.kind == LK_ROWS) {
		snprintf(t[0], sizeof(t[0]),
			 "Compact: %d CPUs do not fit way by way; each %s shows the same %d of its %u sets, those "
			 "holding a Shared line or one touched this step",
			 s->ncpus, s->cpus[0].levels[focus].st.name, best.shown, s->cpus[0].levels[focus].st.sets);
		snprintf(t[1], sizeof(t[1]),
			 "Compact: each CPU's %s shows only the %d %s with Shared lines or lines touched this step",
			 s->cpus[0].levels[focus].st.name, best.shown, best.shown == 1 ? "set" : "sets");
		snprintf(t[2], sizeof(t[2]), "Compact: only sets with shared or this step's lines");
		snprintf(t[3], sizeof(t[3]), "Compact view");
	} else if (!have || best.kind == LK_NONE || best.kind == LK_STRIP) {
		snprintf(t[0], sizeof(t[0]),
			 "Summaries: %d CPUs are too many to draw their lines here; each panel sums its levels up",
			 s->ncpus);
		snprintf(t[1], sizeof(t[1]), "Summaries: too many CPUs to draw their lines here");
		snprintf(t[2], sizeof(t[2]), "Per-CPU summaries");
		snprintf(t[3], sizeof(t[3]), "Summaries");
	} else {
		snprintf(t[0], sizeof(t[0]),
			 "%d CPUs, each with its own %s; every line's badge is its MESI state there", s->ncpus, names);
		snprintf(t[1], sizeof(t[1]), "%d CPUs, their own %s; badges: MESI states", s->ncpus, names);
		snprintf(t[2], sizeof(t[2]), "%d CPUs, private %s", s->ncpus, names);
		snprintf(t[3], sizeof(t[3]), "%d CPUs", s->ncpus);
	}
	note(v, x, y, lw, texts, 4, "cpus",
	     "Each panel is one CPU's private caches: a line's colour is its owner, the badge at its left its MESI "
	     "state in that CPU (M, E, S; an empty way is I). A line several CPUs hold has the same owner colour in "
	     "each; hover a line for the CPUs holding it.");
	gy = y + note_h(v);
	if (have) {
		for (c = 0; c < s->ncpus; c++) {
			int col = c % best.cols, row = c / best.cols;
			draw_cpu(v, c, x + (float)col * (best.pw + best.pgap), gy + (float)row * (best.ph + best.pgap),
				 &best, focus);
		}
		gy += (float)best.rows * best.ph + (float)(best.rows - 1) * best.pgap;
		skl_free(best.sets);
	}
	/* the shared levels */
	if (np >= s->nlevels)
		return;
	cy = gy + 10 * v->u;
	names[0] = 0;
	for (l = np; l < s->nlevels; l++)
		skl__catf(names, sizeof(names), "%s%s", l > np ? (l == s->nlevels - 1 ? " and " : ", ") : "",
			  s->levels[l].st.name);
	snprintf(t[0], sizeof(t[0]), "Shared by the %d CPUs: %s (lines, not MESI states: the directory keeps those)",
		 s->ncpus, names);
	snprintf(t[1], sizeof(t[1]), "Shared by the %d CPUs: %s", s->ncpus, names);
	snprintf(t[2], sizeof(t[2]), "Shared: %s", names);
	snprintf(t[3], sizeof(t[3]), "Shared");
	note(v, x, cy, lw, texts, 4, "shared",
	     "The last level(s), one copy for every CPU; a private miss looks them up, and a transfer from another "
	     "CPU's cache replaces their latency");
	cy += note_h(v);
	for (l = np; l < s->nlevels && l < SKL_CACHESIM_MAX_LEVELS; l++) {
		if (cy + pl[l].h > y + h + 1)
			break;
		if (pl[l].kind == LK_GRID)
			draw_grid(v, l, x, cy, lw, &pl[l].fd);
		else if (pl[l].kind == LK_STRIP)
			draw_strip(v, l, x, cy, lw, &pl[l].st);
		else
			draw_one_line(v, l, x, cy, lw, pl[l].h);
		cy += pl[l].h + 14 * v->u;
	}
}

/* ---- entry point ---------------------------------------------------------------------------------------- */

/* Notes what kinds of lines lv holds (the legend shows the marks there are). */
static void scan_level(cv *v, const skl_cachesim_snap_level *lv)
{
	size_t k, n = (size_t)lv->st.sets * lv->st.assoc;
	for (k = 0; lv->lines && k < n; k++) {
		const skl_cachesim_snap_line *c = &lv->lines[k];
		v->any_empty |= !c->valid;
		v->any_valid |= c->valid != 0;
		v->any_dirty |= c->valid && c->dirty;
		v->any_recent |= c->valid && c->recent;
		v->any_old |= c->valid && !c->recent;
	}
}

int skl_view_cachesim(skl_dl *dl, const skl_cachesim_snap *s, const skl_view_cachesim_opts *opts)
{
	skl_view_cachesim_opts dflt;
	cv v;
	float x, y, w, h, pw, gap, lx, lw, px, py, tfs, lines_h, lines_min;
	int l, c, nm, lines_left;

	if (!opts) {
		memset(&dflt, 0, sizeof(dflt));
		opts = &dflt;
	}
	memset(&v, 0, sizeof(v));
	v.dl = dl;
	v.s = s;
	v.o = opts;
	skl__view_box(dl, opts->x, opts->y, opts->w, opts->h, &x, &y, &w, &h);
	v.u = skl__view_scale(dl, opts->text_scale);
	v.focus = skl_view_cachesim_focus(s);
	v.ocol = skl_malloc((size_t)(s->nowners + 1) * sizeof(*v.ocol));
	if (!v.ocol)
		return -1;
	assign_colors(s, s->nowners, v.ocol);
	v.cpu = -1;
	v.smp = is_smp(s);
	/* every level drawn: a coherent snapshot's CPUs' private ones and the shared */
	for (l = v.smp ? s->nprivate : 0; l < s->nlevels; l++)
		scan_level(&v, &s->levels[l]);
	for (c = 0; v.smp && c < s->ncpus; c++)
		for (l = 0; l < s->cpus[c].nlevels; l++)
			scan_level(&v, &s->cpus[c].levels[l]);

	if (!opts->no_header) {
		draw_header(&v, x, y, w);
		y += header_h(&v);
		h -= header_h(&v);
	}
	if (v.smp) {
		draw_smp(&v, x, y, w, h);
		skl_free(v.ocol);
		return skl_dl_failed(dl) ? -1 : 0;
	}
	/*
	 * The levels on the left; on the right the table, the legend and the
	 * misses by member, which keep every row: when the column cannot
	 * hold them, the table loses its secondary rows, then its type
	 * shrinks to the floor. The misses by object line go under them
	 * when there is room, else under the levels.
	 */
	gap = 36 * v.u;
	pw = skl__clampf(w * 0.4f, fminf(380 * v.u, w * 0.5f), 760 * v.u);
	lx = x;
	lw = w - pw - gap;
	px = x + lw + gap;
	py = y;
	nm = members_used(s);
	lines_h = fminf(150 * v.u, h * 0.3f);
	lines_min = fminf(80 * v.u, lines_h);
	v.pu = v.u;
	for (;;) {
		float need;
		tfs = table_fs(&v, pw, floorf(15 * v.pu));
		v.dry = 1;
		need = table_h(&v, tfs) + 14 * v.pu + (opts->no_legend ? 0 : draw_legend(&v, px, 0, pw) + 12 * v.pu) +
		       (nm ? members_want(&v, pw) + 10 * v.pu : 0);
		v.dry = 0;
		if (need <= h + 0.5f)
			break;
		if (!v.short_table) {
			v.short_table = 1;
			continue;
		}
		if (floorf(13 * v.pu) <= skl__fs(dl, 9) || v.pu < 0.5f)
			break; /* at the floor: the members chart says how many more */
		v.pu *= 0.92f;
	}
	draw_table(&v, px, py, pw, tfs);
	py += table_h(&v, tfs) + 14 * v.pu;
	if (!opts->no_legend)
		py = draw_legend(&v, px, py, pw) + 12 * v.pu;
	if (nm > 0) {
		float want = members_want(&v, pw);
		draw_members(&v, px, py, pw, fminf(y + h - py, want));
		py += fminf(y + h - py, want) + 10 * v.pu;
	}
	lines_left = s->nlines > 0 && y + h - py < lines_min;
	if (s->nlines > 0 && !lines_left)
		draw_objlines(&v, px, py, pw, fminf(lines_h, y + h - py));
	if (lines_left) {
		float keep = fmaxf(lines_min, fminf(lines_h, h * 0.25f));
		float bottom = draw_levels(&v, lx, y, lw, h - keep);
		draw_objlines(&v, lx, bottom, lw, fminf(lines_h, y + h - bottom));
	} else {
		draw_levels(&v, lx, y, lw, h);
	}
	skl_free(v.ocol);
	return skl_dl_failed(dl) ? -1 : 0;
}
