/*
 * view_slab.c - the slab view and the compare layout (see view_slab.h):
 * turns a kernel snapshot into draw-list items. Pure geometry and text;
 * never calls SDL and never touches the machine the snapshot came from.
 *
 * One scale (pixels per page) serves every cache and both sides of a
 * compare, so widths compare honestly. It is the largest scale at which
 * everything fits: measured by the same packing code that draws (and that
 * skl_view_slab_locate() walks), so the three never disagree.
 */
#include "view_util.h"
#include "view_slab.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- palette ---------------------------------------------------------------
 * Okabe-Ito hues, as in the layout view. States differ by lightness as
 * well as hue (allocated dark, free pale, per-CPU mid), so they survive
 * colour-vision deficiencies and washed-out projectors; the areas that are
 * not objects are hatched, so they differ by texture too.
 */
static const struct {
	const char *name;
	uint32_t hue; /* outline, hatch lines */
	uint32_t fill;
} marks[SKL_SM_COUNT_] = {
    [SKL_SM_ALLOC] = {"allocated", 0x00466e, 0x0072b2},
    [SKL_SM_FREE] = {"free", 0x5b9bd0, 0xd3e6f5},
    [SKL_SM_CPU] = {"per-CPU cached", 0x00795a, 0x5cc3a0},
    [SKL_SM_BAD] = {"damaged (red zone / poison)", 0x8f3a00, 0xd55e00},
    [SKL_SM_COLOUR] = {"colour offset", 0xa3aab3, 0xf2f3f5},
    [SKL_SM_MGMT] = {"slab_t + bufctl", 0x9c4a80, 0xe2b5cf},
    [SKL_SM_REDZONE] = {"red zone", 0xd55e00, 0xec9c66},
    [SKL_SM_FREEPTR] = {"free pointer", 0x1b1f24, 0x1b1f24},
    [SKL_SM_TRACK] = {"alloc/free tracks", 0x7a7a7a, 0xcfcfcf},
    [SKL_SM_WASTE] = {"left-over / padding", 0xc47a4a, 0xfbeee4},
    /* allocated's dark blue under pale hatch lines: still held like an
     * allocated object, but no longer anyone's */
    [SKL_SM_QUARANTINE] = {"quarantined", 0x9fc4e4, 0x00466e},
};

#define C_SLAB_EDGE SKL_HEX(0x8a939d)
#define C_CHIP SKL_HEX(0xf4f5f7)

/* The mark of an object allocated through an alias (SLUB merging): a tag
 * in the cell's top-left corner (a strip along its top when the cell is
 * narrow), outlined in ink. Okabe-Ito yellow first: against the dark
 * allocated fill it stays distinct in every colour vision and on a
 * washed-out projector; further names take the next colours. */
static const uint32_t via_colours[] = {0xf0e442, 0xcc79a7, 0xe69f00, 0xffffff};
#define VIA_COLOURS 4
#define VIA_LEGEND 8 /* names the legend can list */

#define PW_MIN 1.5f   /* pixels per page below which slabs are clipped */
#define AGG_PX 6.0f   /* cells narrower than this are drawn as runs */
#define MARK_MIN 3.0f /* red-zone words and free pointers never get thinner */
#define OV_SLAB 12.0f /* slabs narrower than this at the best scale: an overview */

const char *skl_view_slab_mark_name(skl_slab_mark m)
{
	return m < SKL_SM_COUNT_ ? marks[m].name : "?";
}

skl_color skl_view_slab_fill(skl_slab_mark m)
{
	return m < SKL_SM_COUNT_ ? SKL_HEX(marks[m].fill) : C_BG;
}

skl_color skl_view_slab_stroke(skl_slab_mark m)
{
	return m < SKL_SM_COUNT_ ? SKL_HEX(marks[m].hue) : C_INK;
}

/* ---- small things -------------------------------------------------------------- */

static const char *plural(uint64_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* "812 B", "96 KiB", "2.5 KiB", "2672 KiB", "12.5 MiB": KiB below 10 MiB
 * (whole from 1 MiB on), the unit scenarios' captions count slab memory
 * in, so a figure of the picture and of the caption read alike */
static void fmt_bytes(uint64_t b, char *out, size_t outsz)
{
	if (b < 1024)
		snprintf(out, outsz, "%llu B", (unsigned long long)b);
	else if (b < 10 * 1024 * 1024) {
		if (b % 1024 == 0 || b >= 1024 * 1024)
			snprintf(out, outsz, "%llu KiB", (unsigned long long)((b + 512) / 1024));
		else
			snprintf(out, outsz, "%.1f KiB", (double)b / 1024.0);
	} else if (b < (uint64_t)1024 * 1024 * 1024) {
		if (b % (1024 * 1024) == 0)
			snprintf(out, outsz, "%llu MiB", (unsigned long long)(b >> 20));
		else
			snprintf(out, outsz, "%.1f MiB", (double)b / (1024.0 * 1024.0));
	} else
		snprintf(out, outsz, "%.1f GiB", (double)b / (1024.0 * 1024.0 * 1024.0));
}

/* "200,000": counts a reader compares at a glance */
static void fmt_count(uint64_t n, char *out, size_t outsz)
{
	skl__thousands(n, out, outsz);
}

static const char *state_name(int st)
{
	return st == SKL_OS_ALLOC	 ? "allocated"
	       : st == SKL_OS_CPU	 ? "free, in a per-CPU cache"
	       : st == SKL_OS_QUARANTINE ? "in KASAN's quarantine (freed, poisoned, not reusable yet)"
					 : "free";
}

static const char *list_name(int list)
{
	static const char *const names[] = {"full", "partial", "free", "cpu slab", "cpu partial"};
	return list >= 0 && list < 5 ? names[list] : "?";
}

static int is_slub(const skl_kernel_snap *k)
{
	return k->allocator == SKL_ALLOC_SLUB;
}

/* The target's word: from a type's ABI, else from the addresses. */
static unsigned word_size(const skl_kernel_snap *k)
{
	int i, j;
	for (i = 0; i < k->ncaches; i++)
		if (k->caches[i].type && k->caches[i].type->abi)
			return k->caches[i].type->abi->size[SKL_B_PTR];
	/* every slab of a machine lives in the same half of the address space
	 * (0xc... on i386, 0xffff888... on x86_64): the first one found says */
	for (i = 0; i < k->ncaches; i++)
		for (j = 0; j < k->caches[i].nslabs; j++)
			return k->caches[i].slabs[j].base > 0xffffffffull ? 8 : 4;
	/* no slabs yet: the profile's name says ("linux-6.18-x86_64") */
	return strstr(k->profile, "64") ? 8 : 4;
}

/* "struct tcp_sock" -> "tcp_sock" for cells, where room is short. */
static const char *short_type(const skl_layout *l)
{
	const char *n = l && l->name ? l->name : "";
	if (!strncmp(n, "struct ", 7))
		return n + 7;
	if (!strncmp(n, "union ", 6))
		return n + 6;
	return n;
}

static unsigned page_size(const skl_kernel_snap *k)
{
	return k->page_size ? k->page_size : 4096;
}

/* Where object 0's slot starts, from the slab's base. s_mem names the
 * first object; under SLUB with a left red zone that may be the pointer
 * handed out (the slot + red_left_pad), so step back over the pad. */
static uint64_t first_slot(const skl_cache_snap *cs, const skl_slab_snap *sl, int slub)
{
	uint64_t off = sl->s_mem >= sl->base ? sl->s_mem - sl->base : 0, rlp = cs->info.red_left_pad;
	if (slub && rlp && cs->info.size && off >= rlp && (off - rlp) % cs->info.size == 0)
		off -= rlp;
	return off;
}

/* ---- the parts of one object's slot ------------------------------------------------- */

typedef struct part {
	skl_slab_mark mark; /* SKL_SM_ALLOC stands for "the object body" */
	uint64_t off, len;
	const char *what;
} part;

typedef struct slot {
	part p[8];
	int n;
	uint64_t user; /* offset of the pointer handed out */
	int fp_inside; /* SLUB free pointer inside the object body */
	uint64_t fp, fp_len;
	int has_fp;
} slot;

static void slot_add(slot *s, skl_slab_mark m, uint64_t off, uint64_t len, uint64_t size, const char *what)
{
	if (off >= size || !len || s->n >= 8)
		return;
	if (off + len > size)
		len = size - off;
	s->p[s->n].mark = m;
	s->p[s->n].off = off;
	s->p[s->n].len = len;
	s->p[s->n].what = what;
	s->n++;
}

/* models the object layout of 2.4 kmem_cache_create() (DEBUG red-zone words)
 * and SLUB calculate_sizes() (left pad, right red zone, free pointer,
 * tracks, padding). */
static void slot_of(const skl_cache_snap *c, int slub, unsigned word, slot *s)
{
	const skl_cache_info *in = &c->info;
	uint64_t size = in->size ? in->size : in->object_size, osz = in->object_size;
	memset(s, 0, sizeof(*s));
	if (!size)
		return;
	if (osz > size)
		osz = size;
	if (!slub) {
		if ((in->flags & SKL_SLAB_RED_ZONE) && size >= osz + 2 * (uint64_t)word) {
			slot_add(s, SKL_SM_REDZONE, 0, word, size, "red-zone word");
			slot_add(s, SKL_SM_ALLOC, word, osz, size, NULL);
			slot_add(s, SKL_SM_WASTE, word + osz, size - 2 * word - osz, size, "alignment padding");
			slot_add(s, SKL_SM_REDZONE, size - word, word, size, "red-zone word");
			s->user = word;
		} else {
			slot_add(s, SKL_SM_ALLOC, 0, osz, size, NULL);
			slot_add(s, SKL_SM_WASTE, osz, size - osz, size, "alignment padding");
		}
		return;
	}
	{
		uint64_t rlp = in->red_left_pad, inuse = in->inuse ? in->inuse : osz, m, track;
		int rz = (in->flags & SKL_SLAB_RED_ZONE) != 0;
		if (rlp >= size)
			rlp = 0;
		if (inuse < osz)
			inuse = osz;
		slot_add(s, SKL_SM_REDZONE, 0, rlp, size, "left red zone (red_left_pad)");
		slot_add(s, SKL_SM_ALLOC, rlp, osz, size, NULL);
		slot_add(s, rz || in->kasan ? SKL_SM_REDZONE : SKL_SM_WASTE, rlp + osz, inuse - osz, size,
			 rz	     ? "right red zone"
			 : in->kasan ? "KASAN red zone"
				     : "word padding");
		s->user = rlp;
		m = rlp + inuse;
		s->has_fp = 1;
		s->fp = rlp + in->freeptr_offset;
		s->fp_len = word;
		s->fp_inside = in->freeptr_offset < inuse;
		if (!s->fp_inside) {
			slot_add(s, SKL_SM_FREEPTR, s->fp, word, size, "free pointer");
			if (s->fp + word > m)
				m = s->fp + word;
		}
		if (in->flags & SKL_SLAB_STORE_USER) {
			/* struct track: 32 bytes with STACKDEPOT on 64-bit, 20 on 32-bit */
			track = 2 * (word == 8 ? 32u : 20u);
			if (in->flags & SKL_SLAB_KMALLOC)
				track += 4; /* orig_size */
			if (m + track > size)
				track = m < size ? size - m : 0;
			slot_add(s, SKL_SM_TRACK, m, track, size, "alloc/free tracks");
			m += track;
		}
		if (in->kasan && m < size) {
			/* KASAN poisons the whole slot and unpoisons the object:
			 * to its shadow (0xfc) the rest is red zone, with the
			 * metadata kasan_cache_create() added kept inside */
			slot_add(s, SKL_SM_REDZONE, m, size - m, size,
				 "KASAN red zone (its alloc/free metadata inside)");
			m = size;
		}
		if (m < size)
			slot_add(s, SKL_SM_WASTE, m, size - m, size, "padding");
	}
}

/* ---- tooltips --------------------------------------------------------------------------- */

static const skl_cache_snap *cache_at(const skl_kernel_snap *k, int c)
{
	return c >= 0 && c < k->ncaches ? &k->caches[c] : NULL;
}

/* ---- names objects came through (SLUB merging) ------------------------------------------- */

/* The via of object i of slab sl: 0 = the cache's own name (free objects
 * always), n = cs->via_names[n - 1], SKL_VIA_UNLISTED = an alias past them. */
static int obj_via(const skl_slab_snap *sl, unsigned i)
{
	if (!sl->via || i >= sl->nobjs || !sl->state || sl->state[i] != SKL_OS_ALLOC)
		return 0;
	return sl->via[i];
}

/* Is via n of cs the name of an alias since destroyed? */
static int via_gone(const skl_cache_snap *cs, int n)
{
	return n >= 1 && n <= cs->nvia_names && n > cs->naliases;
}

/* What a via of cs names, for a tooltip or the legend: "alias sklab_b",
 * "sklab_b, an alias since destroyed", "another alias of sklab_a". */
static void via_text(const skl_cache_snap *cs, int n, char *out, size_t outsz)
{
	if (n >= 1 && n <= cs->nvia_names)
		snprintf(out, outsz, via_gone(cs, n) ? "%s, an alias since destroyed" : "alias %s",
			 cs->via_names[n - 1]);
	else
		snprintf(out, outsz, "another alias of %s", cs->info.name);
}

/* The head's words for the aliases of cs: "alias sklab_b", "aliases
 * sklab_b, sklab_f", "aliases sklab_b, sklab_f, sklab_g and 3 more";
 * "" when none. */
static void alias_words(const skl_cache_snap *cs, char *out, size_t outsz)
{
	int i, listed = cs->naliases < cs->nvia_names ? cs->naliases : cs->nvia_names, shown;
	out[0] = 0;
	if (cs->naliases <= 0)
		return;
	shown = listed > 3 && cs->naliases > 4 ? 3 : listed;
	skl__catf(out, outsz, "%s ", cs->naliases == 1 ? "alias" : "aliases");
	for (i = 0; i < shown; i++)
		skl__catf(out, outsz, "%s%s", i ? (i == cs->naliases - 1 ? " and " : ", ") : "", cs->via_names[i]);
	if (cs->naliases > shown)
		skl__catf(out, outsz, " and %d more", cs->naliases - shown);
}

/* A tooltip's first line: "CACHE: object I of N in slab 0xBASE", or
 * "objects I-J" for a run */
static void tip_objects(skl__sb *b, const skl_cache_snap *cs, const skl_slab_snap *sl, int i, int j)
{
	skl__sb_str(b, cs->info.name);
	skl__sb_str(b, j > i ? ": objects " : ": object ");
	skl__sb_i64(b, i);
	if (j > i) {
		skl__sb_str(b, "-");
		skl__sb_i64(b, j);
	}
	skl__sb_str(b, " of ");
	skl__sb_u64(b, sl->nobjs);
	skl__sb_str(b, " in slab 0x");
	skl__sb_hex(b, sl->base);
}

void skl_view_slab_object_tooltip(const skl_kernel_snap *k, int c, int s, int i, char *out, size_t outsz)
{
	const skl_cache_snap *cs = cache_at(k, c);
	const skl_slab_snap *sl;
	const skl_cache_info *in;
	skl_addr a;
	uint64_t off;
	slot sp;
	skl__sb b;
	int st, bad, slub = is_slub(k), j;
	unsigned word = word_size(k);
	out[0] = 0;
	if (!cs || s < 0 || s >= cs->nslabs)
		return;
	sl = &cs->slabs[s];
	if (i < 0 || (unsigned)i >= sl->nobjs)
		return;
	in = &cs->info;
	if (cs->kmalloc_large) {
		skl__sb_init(&b, out, outsz);
		skl__sb_str(&b, "kmalloc_large: ");
		skl__sb_u64(&b, in->size);
		skl__sb_str(&b, " B at 0x");
		skl__sb_hex(&b, sl->base);
		skl__sb_str(&b, "\n");
		skl__sb_u64(&b, sl->pages);
		skl__sb_str(&b, " pages (order ");
		skl__sb_u64(&b, in->order);
		skl__sb_str(&b, ") from the page allocator, no slab cache:\nkmalloc() above the largest class; "
				"kfree() gives the block back");
		return;
	}
	a = sl->base + first_slot(cs, sl, slub) + (uint64_t)i * in->size;
	off = a - sl->base;
	st = sl->state ? sl->state[i] : SKL_OS_FREE;
	bad = sl->bad ? sl->bad[i] : 0;
	slot_of(cs, slub, word, &sp);
	/* built without printf: a frame of the slab view makes one for every
	 * object it draws alone (10,000 in render/slab10k) */
	skl__sb_init(&b, out, outsz);
	tip_objects(&b, cs, sl, i, i);
	skl__sb_str(&b, "\naddress 0x");
	skl__sb_hex(&b, a);
	skl__sb_str(&b, " (slab + ");
	skl__sb_u64(&b, off);
	skl__sb_str(&b, ")\nstate: ");
	skl__sb_str(&b, state_name(st));
	skl__sb_str(&b, bad ? "; RED ZONE / POISON DAMAGED\n" : "\n");
	if (obj_via(sl, (unsigned)i)) {
		char vt[96];
		via_text(cs, obj_via(sl, (unsigned)i), vt, sizeof(vt));
		skl__sb_str(&b, "allocated through ");
		skl__sb_str(&b, vt);
		skl__sb_str(&b, " (kmem_cache_create() merged it into ");
		skl__sb_str(&b, in->name);
		skl__sb_str(&b, ")\n");
	}
	if (cs->type) {
		skl__sb_str(&b, "type: ");
		skl__sb_str(&b, cs->type->name);
		skl__sb_str(&b, " (");
		skl__sb_u64(&b, cs->type->size);
		skl__sb_str(&b, " B)\n");
	} else {
		skl__sb_str(&b, "type: (none given)\n");
	}
	skl__sb_str(&b, "slot ");
	skl__sb_u64(&b, in->size);
	skl__sb_str(&b, " B, object ");
	skl__sb_u64(&b, in->object_size);
	skl__sb_str(&b, " B");
	if (sp.user) {
		skl__sb_str(&b, "; caller gets 0x");
		skl__sb_hex(&b, a + sp.user);
	}
	for (j = 0; j < sp.n; j++) {
		const part *p = &sp.p[j];
		if (p->mark == SKL_SM_ALLOC || !p->what)
			continue;
		skl__sb_str(&b, "\n  +");
		skl__sb_u64(&b, p->off);
		skl__sb_str(&b, "..");
		skl__sb_u64(&b, p->off + p->len - 1);
		skl__sb_str(&b, " ");
		skl__sb_str(&b, p->what);
	}
	if (sp.has_fp && sp.fp_inside) {
		skl__sb_str(&b, "\n  +");
		skl__sb_u64(&b, sp.fp);
		skl__sb_str(&b, " free pointer (inside the object while it is free)");
	}
	skl__sb_str(&b, "\nslab: ");
	skl__sb_str(&b, list_name(sl->list));
	skl__sb_str(&b, ", ");
	skl__sb_u64(&b, sl->inuse);
	skl__sb_str(&b, " of ");
	skl__sb_u64(&b, sl->nobjs);
	skl__sb_str(&b, " in use, ");
	skl__sb_u64(&b, sl->pages);
	skl__sb_str(&b, plural(sl->pages, " page at 0x", " pages at 0x"));
	skl__sb_hex(&b, sl->base);
}

static void slab_tooltip(const skl_kernel_snap *k, const skl_cache_snap *cs, int s, char *out, size_t outsz)
{
	const skl_slab_snap *sl = &cs->slabs[s];
	uint64_t bytes = (uint64_t)sl->pages * page_size(k), s0 = first_slot(cs, sl, is_slub(k));
	uint64_t end = s0 + (uint64_t)sl->nobjs * cs->info.size;
	skl__sb b;
	/* one a slab, every frame: built without printf */
	skl__sb_init(&b, out, outsz);
	if (cs->kmalloc_large) {
		skl__sb_str(&b, "kmalloc_large block at 0x");
		skl__sb_hex(&b, sl->base);
		skl__sb_str(&b, "\n");
		skl__sb_u64(&b, sl->pages);
		skl__sb_str(&b, " pages from the page allocator, no slab");
		return;
	}
	skl__sb_str(&b, cs->info.name);
	skl__sb_str(&b, ": slab ");
	skl__sb_i64(&b, s);
	skl__sb_str(&b, " at 0x");
	skl__sb_hex(&b, sl->base);
	skl__sb_str(&b, "\n");
	skl__sb_u64(&b, sl->pages);
	skl__sb_str(&b, plural(sl->pages, " page (0x", " pages (0x"));
	skl__sb_hex(&b, sl->base);
	skl__sb_str(&b, "-0x");
	skl__sb_hex(&b, sl->base + bytes - 1);
	skl__sb_str(&b, "), ");
	skl__sb_str(&b, list_name(sl->list));
	skl__sb_str(&b, " list\n");
	skl__sb_u64(&b, sl->inuse);
	skl__sb_str(&b, " of ");
	skl__sb_u64(&b, sl->nobjs);
	skl__sb_str(&b, " objects in use; first object at slab + ");
	skl__sb_u64(&b, s0);
	if (sl->colour_bytes) {
		skl__sb_str(&b, "\ncolour offset ");
		skl__sb_u64(&b, sl->colour_bytes);
		skl__sb_str(&b, " B");
	}
	if (sl->mgmt_size) {
		skl__sb_str(&b, "\nslab_t + bufctl on-slab: ");
		skl__sb_u64(&b, sl->mgmt_size);
		skl__sb_str(&b, " B at + ");
		skl__sb_u64(&b, sl->mgmt_offset);
	}
	if (end < bytes) {
		skl__sb_str(&b, "\nleft-over at the tail: ");
		skl__sb_u64(&b, bytes - end);
		skl__sb_str(&b, " B");
	}
}

/* The general cache an off-slab slab_t + bufctl comes from (2.4
 * kmem_cache_create: the smallest size-N with N >= slab_size). */
static void offslab_home(const skl_kernel_snap *k, uint64_t mgmt, char *out, size_t outsz)
{
	unsigned long best = 0, n;
	int i;
	char extra;
	for (i = 0; i < k->ncaches; i++)
		if (sscanf(k->caches[i].info.name, "size-%lu%c", &n, &extra) == 1 && n >= mgmt && (!best || n < best))
			best = n;
	if (!best)
		for (best = 32; best < mgmt; best *= 2)
			;
	snprintf(out, outsz, "size-%lu", best);
}

static void cache_tooltip(const skl_kernel_snap *k, const skl_cache_snap *cs, char *out, size_t outsz)
{
	const skl_cache_info *in = &cs->info;
	char mg[32];
	out[0] = 0;
	if (cs->kmalloc_large) {
		skl__catf(out, outsz,
			  "%s: not a cache\nkmalloc() above the largest class, served by the page allocator "
			  "(kmalloc_large):\n%u pages (order %u) per allocation, %lu of them\n",
			  in->name, in->pages_per_slab, in->order, in->num_slabs);
		return;
	}
	skl__catf(out, outsz, "cache %s%s%s%s\n", in->name, in->alias_of[0] ? " (alias of " : "", in->alias_of,
		  in->alias_of[0] ? ")" : "");
	if (cs->naliases > 0) {
		char al[320];
		alias_words(cs, al, sizeof(al));
		skl__catf(out, outsz, "%s: kmem_cache_create() merged %s into it, so their objects share its slabs\n",
			  al, cs->naliases == 1 ? "that name" : "those names");
	}
	skl__catf(out, outsz, "object %llu B requested, %llu B slot, align %u\n", (unsigned long long)in->object_size,
		  (unsigned long long)in->size, in->align);
	skl__catf(out, outsz, "%u objects per slab of %u %s (order %u)\n", in->objs_per_slab, in->pages_per_slab,
		  plural(in->pages_per_slab, "page", "pages"), in->order);
	skl__catf(out, outsz, "%lu of %lu objects active, %lu of %lu slabs active\n", in->active_objs, in->num_objs,
		  in->active_slabs, in->num_slabs);
	if (!is_slub(k)) {
		if (in->offslab) {
			offslab_home(k, in->mgmt_size, mg, sizeof(mg));
			skl__catf(out, outsz, "slab_t + bufctl off-slab (%llu B, in %s)\n",
				  (unsigned long long)in->mgmt_size, mg);
		} else
			skl__catf(out, outsz, "slab_t + bufctl on-slab (%llu B)\n", (unsigned long long)in->mgmt_size);
		skl__catf(out, outsz, "left-over %llu B per slab: %u colours of %u B\n",
			  (unsigned long long)in->left_over, in->colour, in->colour_off);
		if (in->limit)
			skl__catf(out, outsz, "per-CPU arrays: limit %u, batchcount %u\n", in->limit, in->batchcount);
	} else {
		skl__catf(out, outsz, "inuse %llu, free pointer at +%llu, red_left_pad %llu\n",
			  (unsigned long long)in->inuse, (unsigned long long)in->freeptr_offset,
			  (unsigned long long)in->red_left_pad);
	}
	if (in->flags & SKL_SLAB_RED_ZONE)
		skl__catf(out, outsz, "red zone%s\n", in->flags & SKL_SLAB_POISON ? ", poison" : "");
	if (in->kasan) {
		skl__catf(out, outsz, "KASAN: +%llu B of red zone per slot", (unsigned long long)in->kasan_red);
		if (in->kasan_alloc_meta)
			skl__catf(out, outsz, ", alloc meta at +%llu", (unsigned long long)in->kasan_alloc_meta);
		if (in->kasan_free_meta != SIZE_MAX)
			skl__catf(out, outsz, ", free meta at +%llu", (unsigned long long)in->kasan_free_meta);
		skl__catf(out, outsz, "\n");
	}
	if (cs->type)
		skl__catf(out, outsz, "type %s (%llu B)\n", cs->type->name, (unsigned long long)cs->type->size);
	skl__catf(out, outsz, "high %lu, allocs %lu, grown %lu, reaped %lu", in->high, in->allocs, in->grown,
		  in->reaped);
}

/* ---- totals ------------------------------------------------------------------------------- */

static int wanted(const char *const *names, int n, const char *name)
{
	int i;
	if (!names || n <= 0)
		return 1;
	for (i = 0; i < n; i++)
		if (names[i] && !strcmp(names[i], name))
			return 1;
	return 0;
}

void skl_view_slab_totals(const skl_kernel_snap *k, const char *const *caches, int ncaches, skl_slab_totals *out)
{
	int i, j;
	unsigned o;
	memset(out, 0, sizeof(*out));
	if (!k)
		return;
	for (i = 0; i < k->ncaches; i++) {
		const skl_cache_snap *cs = &k->caches[i];
		if (!wanted(caches, ncaches, cs->info.name) || cs->nslabs <= 0 || cs->kmalloc_large)
			continue; /* kmalloc_large blocks are no slab memory */
		out->caches++;
		for (j = 0; j < cs->nslabs; j++) {
			const skl_slab_snap *sl = &cs->slabs[j];
			out->slabs++;
			out->pages += sl->pages;
			out->objs += sl->nobjs;
			out->active += sl->inuse;
			out->active_bytes += (uint64_t)sl->inuse * cs->info.object_size;
			for (o = 0; sl->state && o < sl->nobjs; o++)
				out->quarantined += sl->state[o] == SKL_OS_QUARANTINE;
		}
	}
	out->bytes = out->pages * page_size(k);
}

/* ---- the plan: columns, bands, scale -------------------------------------------------------- */

typedef struct scale {
	float pw;    /* pixels per page */
	float sh;    /* strip height */
	float gap;   /* between strips in a row */
	float lab;   /* address labels above strips (0 = none) */
	float rgap;  /* between rows */
	float lane;  /* off-slab tab under strips */
	int compact; /* no slabinfo lines */
} scale;

typedef struct col {
	const skl_kernel_snap *k;
	int obj;
	const char *const *names;
	int nnames;
	int empty_mode;
	float x, w;
	float top, bottom; /* bands go between */
	int *band;	   /* caches with slabs, drawn as bands */
	int nband;
	int *empty;
	int nempty;
	unsigned word;
	int slub;
	unsigned maxpages;
	/* band i's slabs as runs of equal size: run_pg[k] pages, run_n[k]
	 * slabs, for k in [run_at[i], run_at[i + 1]) (band_rows packs them) */
	unsigned *run_pg;
	int *run_n, *run_at;
	int ncols; /* sub-columns of bands */
	/* band heads for the current band width (col_heads): the name and
	 * facts lines, and the note under the slabinfo line (0 = none) */
	float *hh, *nh;
	float *ph; /* overview: each band's panel (totals, histogram) */
	/* a few empty caches are drawn with their slot's geometry (geo_h
	 * high in all) instead of being summed up in one line */
	int geo;
	float geo_h;
	/* drawing results */
	int clipped_slabs, clipped_caches;
	int ov_fit; /* overview: bands that fit (the rest are named in a line) */
} col;

/* The overview of a view too big to draw object by object: a cell per
 * slab (or per group of slabs), coloured by how full it is. */
typedef struct ovplan {
	float cell;   /* side of a cell */
	float cell_h; /* its height: the side, or more when rows have room to grow */
	float gap;    /* between cells */
	int group;    /* slabs per cell */
	int panel;    /* 2: totals, lesson, histogram; 1: no histogram; 0: the totals' first line */
} ovplan;

typedef struct sv {
	skl_dl *dl;
	float u;
	float floor; /* the list's text floor */
	int overview;
	ovplan ov;
	int used[SKL_SM_COUNT_];
	int ov_used[8]; /* overview fill classes drawn */
	/* names objects came through that the marks drawn stand for, in the
	 * order first drawn (the legend's entries; a mark's colour is
	 * via_colours[its index % VIA_COLOURS]) */
	char via[VIA_LEGEND][96];
	int nvia;
	char key[512];
	char tip[4096];
	int lazy; /* objects' tooltips made when first read (skl_view_slab_opts.lazy_tips) */
} sv;

static void col_free(col *c)
{
	skl_free(c->band);
	skl_free(c->empty);
	skl_free(c->hh);
	skl_free(c->run_pg);
	skl_free(c->run_n);
	skl_free(c->run_at);
	c->run_pg = NULL;
	c->run_n = c->run_at = NULL;
	c->band = c->empty = NULL;
	c->hh = c->nh = c->ph = NULL;
}

/* size, raised to the floor: what the text service will draw */
static float fsz(const sv *v, float size)
{
	return size > v->floor ? size : v->floor;
}

static unsigned slab_pages(const skl_slab_snap *sl)
{
	return sl->pages ? sl->pages : 1;
}

/* The bands' runs of slabs of equal size (see col). 0 or -1. */
static int col_runs(col *c)
{
	int i, j, n = 0;
	for (i = 0; i < c->nband; i++) {
		const skl_cache_snap *cs = &c->k->caches[c->band[i]];
		for (j = 0; j < cs->nslabs; j++)
			n += !j || slab_pages(&cs->slabs[j]) != slab_pages(&cs->slabs[j - 1]);
	}
	c->run_pg = skl_calloc((size_t)n + 1, sizeof(*c->run_pg));
	c->run_n = skl_calloc((size_t)n + 1, sizeof(*c->run_n));
	c->run_at = skl_calloc((size_t)c->nband + 1, sizeof(*c->run_at));
	if (!c->run_pg || !c->run_n || !c->run_at) {
		col_free(c);
		return -1;
	}
	n = 0;
	for (i = 0; i < c->nband; i++) {
		const skl_cache_snap *cs = &c->k->caches[c->band[i]];
		c->run_at[i] = n;
		for (j = 0; j < cs->nslabs; j++) {
			if (!j || slab_pages(&cs->slabs[j]) != slab_pages(&cs->slabs[j - 1])) {
				c->run_pg[n] = slab_pages(&cs->slabs[j]);
				n++;
			}
			c->run_n[n - 1]++;
		}
	}
	c->run_at[c->nband] = n;
	return 0;
}

/* Picks the caches: in the given order when names are given, else in
 * slabinfo order. -1 when out of memory. */
static int col_init(col *c, const skl_kernel_snap *k, const char *const *names, int nnames, int empty_mode)
{
	int i, j, n = k->ncaches;
	memset(c, 0, sizeof(*c));
	c->k = k;
	c->names = names;
	c->nnames = nnames;
	c->empty_mode = empty_mode;
	c->word = word_size(k);
	c->slub = is_slub(k);
	c->maxpages = 1;
	c->band = skl_calloc((size_t)n + 1, sizeof(int));
	c->empty = skl_calloc((size_t)n + 1, sizeof(int));
	c->hh = skl_calloc(3 * ((size_t)n + 1), sizeof(float));
	if (!c->band || !c->empty || !c->hh) {
		col_free(c);
		return -1;
	}
	if (names && nnames > 0) {
		for (j = 0; j < nnames; j++)
			for (i = 0; i < n; i++)
				if (names[j] && !strcmp(names[j], k->caches[i].info.name)) {
					if (k->caches[i].nslabs > 0)
						c->band[c->nband++] = i;
					else
						c->empty[c->nempty++] = i;
					break;
				}
	} else {
		for (i = 0; i < n; i++) {
			if (k->caches[i].nslabs > 0)
				c->band[c->nband++] = i;
			else
				c->empty[c->nempty++] = i;
		}
	}
	c->nh = c->hh + n + 1;
	c->ph = c->nh + n + 1;
	if (empty_mode == SKL_SLAB_EMPTY_HIDE)
		c->nempty = 0;
	/* a few empty caches (those a scene names, typically) show their
	 * geometry; more are summed up in a line */
	c->geo = empty_mode == SKL_SLAB_EMPTY_SUMMARY && c->nempty > 0 && c->nempty <= 4;
	for (i = 0; i < c->nband; i++) {
		const skl_cache_snap *cs = &k->caches[c->band[i]];
		for (j = 0; j < cs->nslabs; j++)
			if (cs->slabs[j].pages > c->maxpages)
				c->maxpages = cs->slabs[j].pages;
	}
	return col_runs(c);
}

/* ---- band heads: the facts, and why slabinfo's figure differs -------------------------------- */

/* The facts after a cache's name (aliases: its aliases first, when the
 * name's line has no room for them): requested size and slot, objects and
 * pages per slab, the 2.4 management area and colours, red zoning, the
 * type, and the slabs by list (or "no slabs yet"). */
static void cache_facts(const col *c, const skl_cache_snap *cs, int aliases, char *line, size_t n)
{
	const skl_cache_info *in = &cs->info;
	unsigned long full = 0, partial = 0, fr = 0, cpu = 0, pcp = 0;
	char mg[32];
	int j;
	for (j = 0; j < cs->nslabs; j++) {
		int l = cs->slabs[j].list;
		full += l == 0;
		partial += l == 1;
		fr += l == 2;
		cpu += l == 3;
		pcp += l == 4;
	}
	line[0] = 0;
	if (cs->kmalloc_large) { /* SLUB kmalloc_large(): no cache, one block of pages each */
		skl__catf(line, n, "kmalloc() above the largest class: %u %s from the page allocator each, no cache",
			  in->pages_per_slab, plural(in->pages_per_slab, "page", "pages"));
		skl__catf(line, n, " \xc2\xb7 %d %s", cs->nslabs,
			  plural((uint64_t)cs->nslabs, "allocation", "allocations"));
		return;
	}
	if (aliases && cs->naliases > 0) {
		alias_words(cs, line, n);
		skl__catf(line, n, " \xc2\xb7 ");
	}
	if (in->size != in->object_size)
		skl__catf(line, n, "%llu B \xe2\x86\x92 %llu B slot", (unsigned long long)in->object_size,
			  (unsigned long long)in->size);
	else
		skl__catf(line, n, "%llu B objects", (unsigned long long)in->object_size);
	skl__catf(line, n, " \xc2\xb7 %u per slab \xc2\xb7 %u %s per slab", in->objs_per_slab, in->pages_per_slab,
		  plural(in->pages_per_slab, "page", "pages"));
	if (!c->slub) {
		if (in->offslab) {
			offslab_home(c->k, in->mgmt_size, mg, sizeof(mg));
			skl__catf(line, n, " \xc2\xb7 slab_t off-slab in %s", mg);
		} else if (in->mgmt_size)
			skl__catf(line, n, " \xc2\xb7 slab_t+bufctl %llu B", (unsigned long long)in->mgmt_size);
		if (in->colour > 1)
			skl__catf(line, n, " \xc2\xb7 %u colours \xc3\x97 %u B", in->colour, in->colour_off);
	}
	if (in->flags & SKL_SLAB_RED_ZONE)
		skl__catf(line, n, " \xc2\xb7 red zone");
	if (cs->type)
		skl__catf(line, n, " \xc2\xb7 %s", cs->type->name);
	if (!cs->nslabs) {
		skl__catf(line, n, " \xc2\xb7 no slabs yet: the first allocation makes one");
		return;
	}
	/* the slabs last: the strips below show them too */
	skl__catf(line, n, " \xc2\xb7 %d %s", cs->nslabs, plural((uint64_t)cs->nslabs, "slab", "slabs"));
	if (cs->nslabs > 1) {
		skl__catf(line, n, " (");
		if (full)
			skl__catf(line, n, "%lu full, ", full);
		if (partial)
			skl__catf(line, n, "%lu partial, ", partial);
		if (fr)
			skl__catf(line, n, "%lu free, ", fr);
		if (cpu)
			skl__catf(line, n, "%lu cpu, ", cpu);
		if (pcp)
			skl__catf(line, n, "%lu cpu partial, ", pcp);
		line[strlen(line) - 2] = ')';
		line[strlen(line) - 1] = 0;
	}
}

/* Lines text takes at size (raised to the floor) in w, at most maxl, as
 * the text service breaks it; 1 when it fits one line. */
static int text_lines(const sv *v, const char *text, float size, float w, int maxl)
{
	static char buf[8 * 256]; /* views are drawn from one thread */
	float s = fsz(v, size);
	size_t cpl = skl_dl_fit_chars(w, s), len = skl_dl_utf8_len(text);
	if (len <= cpl || len <= skl_dl_fit_chars(w, fsz(v, floorf(s * 0.85f))))
		return 1;
	if (cpl < 2)
		return 1;
	return skl__wrap(text, cpl, buf, 256, maxl > 8 ? 8 : maxl, 0);
}

/* The height of n lines at size, as the text service spaces them. */
static float lines_h(const sv *v, int n, float size)
{
	float s = fsz(v, size);
	return s + (float)(n - 1) * s * 1.2f;
}

/* The name and facts lines of a band head w wide: the facts beside the
 * name, wrapped over as many lines as they take (up to 4), in the box
 * *fx (from the band's left), *fw, *fh (*fw 0: no room for them).
 * Returns the height of the lines, at least the name's 30 units. */
/* The aliases beside the name: ", alias sklab_b" into words and its
 * width, when name and aliases take at most 55% of w; else 0 (the facts
 * start with them). */
static float alias_beside(const sv *v, const skl_cache_snap *cs, float w, char *words, size_t n)
{
	float ns = fsz(v, floorf(20 * v->u)), aw;
	words[0] = 0;
	if (cs->naliases <= 0)
		return 0;
	snprintf(words, n, ", ");
	alias_words(cs, words + 2, n - 2);
	aw = skl_dl_text_width(words, ns) + 1;
	if (skl_dl_text_width(cs->info.name, ns) + aw > 0.55f * w) {
		words[0] = 0;
		return 0;
	}
	return aw;
}

static float head_text(const sv *v, const col *c, const skl_cache_snap *cs, float w, float *fx, float *fw, float *fh)
{
	char line[1024], words[400];
	float ns = fsz(v, floorf(20 * v->u)), ds = floorf(14 * v->u), row = floorf(30 * v->u);
	float aw = alias_beside(v, cs, w, words, sizeof(words));
	int n;
	*fx = fminf(skl_dl_text_width(cs->info.name, ns) + aw, w) + 14 * v->u;
	*fw = w - *fx;
	*fh = row - 2 * v->u;
	if (*fw <= 40 * v->u) {
		*fx = w;
		*fw = 0;
		return row;
	}
	cache_facts(c, cs, aw <= 0, line, sizeof(line));
	n = text_lines(v, line, ds, *fw, 6);
	if (n <= 1)
		return row;
	*fh = lines_h(v, n, ds) + 2;
	return fmaxf(row, 6 * v->u + *fh + 6 * v->u);
}

/* Where /proc/slabinfo's active objects differ from the objects in use
 * the picture shows, the sentence that says why into out: 1, or 0 when
 * they agree. SLUB's slabinfo subtracts only the free objects of partial
 * slabs (count_partial()), so a CPU slab's free objects count as active;
 * 2.4 counts an object parked in a per-CPU array as handed out. */
static int active_note(const col *c, const skl_cache_snap *cs, char *out, size_t outsz)
{
	unsigned long inuse = 0, cpu_free = 0, pcp_free = 0, parked = 0, act = cs->info.active_objs;
	unsigned i;
	int j;
	out[0] = 0;
	for (j = 0; j < cs->nslabs; j++) {
		const skl_slab_snap *sl = &cs->slabs[j];
		inuse += sl->inuse;
		if (sl->list == 3 && sl->nobjs > sl->inuse)
			cpu_free += sl->nobjs - sl->inuse;
		if (sl->list == 4 && sl->nobjs > sl->inuse)
			pcp_free += sl->nobjs - sl->inuse;
		if (sl->state)
			for (i = 0; i < sl->nobjs; i++)
				parked += sl->state[i] == SKL_OS_CPU;
	}
	if (!cs->nslabs || act == inuse)
		return 0;
	if (c->slub && pcp_free && cpu_free && act == inuse + cpu_free + pcp_free)
		snprintf(out, outsz,
			 "slabinfo's %lu active = %lu in use + %lu free in the CPU slab + %lu free on CPU partial "
			 "slabs: SLUB's slabinfo counts only the node's partial slabs' free objects as free",
			 act, inuse, cpu_free, pcp_free);
	else if (c->slub && pcp_free && act == inuse + pcp_free)
		snprintf(out, outsz,
			 "slabinfo's %lu active = %lu in use + %lu free on CPU partial slabs: SLUB's slabinfo counts "
			 "only the node's partial slabs' free objects as free",
			 act, inuse, pcp_free);
	else if (c->slub && act == inuse + cpu_free)
		snprintf(out, outsz,
			 "slabinfo's %lu active = %lu in use + %lu free in the CPU slab: SLUB's slabinfo counts "
			 "only partial slabs' free objects as free",
			 act, inuse, cpu_free);
	else if (!c->slub && act == inuse + parked)
		snprintf(out, outsz,
			 "slabinfo's %lu active = %lu in use + %lu free in per-CPU arrays: to its slab, an object "
			 "parked in a per-CPU array is handed out",
			 act, inuse, parked);
	else
		snprintf(out, outsz, "slabinfo counts %lu active; the slabs hold %lu in use", act, inuse);
	return 1;
}

static float chip_h(const sv *v)
{
	return floorf(22 * v->u);
}

/* A cache's /proc/slabinfo line for a band w wide into out, at *size:
 * as printed when it fits, else with its column padding squeezed (as
 * the 2001 mails did) and smaller type, and then over more lines.
 * Returns the lines it takes. */
static int slabinfo_text(const sv *v, const skl_cache_snap *cs, float w, char *out, size_t outsz, float *size)
{
	float ss = fsz(v, floorf(13 * v->u)), tw = w - 12 * v->u;
	snprintf(out, outsz, "%s", cs->slabinfo);
	if (skl_dl_utf8_len(out) > skl_dl_fit_chars(tw, ss)) {
		size_t o = 0;
		const char *q;
		for (q = cs->slabinfo; *q && o + 1 < outsz; q++)
			if (*q != ' ' || (o && out[o - 1] != ' '))
				out[o++] = *q;
		out[o] = 0;
		while (ss > fsz(v, floorf(10 * v->u)) && skl_dl_utf8_len(out) > skl_dl_fit_chars(tw, ss))
			ss -= 1;
	}
	*size = ss;
	return text_lines(v, out, ss, tw, 3);
}

/* What goes under a band's facts besides the slabinfo line's first row:
 * its further rows, and the note on its active objects (0: neither). */
static float note_height(const sv *v, const col *c, const skl_cache_snap *cs, float w)
{
	char line[512];
	float ss, h = 0;
	int nl;
	if (!cs->slabinfo[0])
		return 0;
	nl = slabinfo_text(v, cs, w, line, sizeof(line), &ss);
	h = (float)(nl - 1) * ss * 1.2f;
	if (active_note(c, cs, line, sizeof(line)))
		h += lines_h(v, text_lines(v, line, floorf(12 * v->u), w, 3), floorf(12 * v->u)) + 4 * v->u;
	return h;
}

static void make_scale(const sv *v, float pw, int compact, scale *sc)
{
	/* room for an address label: a short one ("0x…2a000") at the floor */
	float addr_w = skl_dl_text_width("0x\xe2\x80\xa6"
					 "12345",
					 v->floor) +
		       4;
	memset(sc, 0, sizeof(*sc));
	sc->pw = pw;
	sc->sh = floorf(skl__clampf(pw * 0.42f, 5, 110 * v->u));
	sc->gap = floorf(skl__clampf(pw * 0.1f, 2, 14 * v->u));
	sc->lab = pw >= addr_w ? floorf(18 * v->u) : 0;
	sc->rgap = floorf(skl__clampf(sc->sh * 0.3f, 2, 12 * v->u));
	sc->lane = pw >= 8 ? floorf(skl__clampf(sc->sh * 0.22f, 3, 9 * v->u)) : 0; /* off-slab tabs */
	sc->compact = compact;
}

/* Band i's head: its name and facts, its slabinfo line and note (not
 * when compact). */
static float band_head(const sv *v, const col *c, const scale *sc, int i)
{
	return c->hh[i] + (sc->compact ? 0 : chip_h(v) + c->nh[i]) + floorf(4 * v->u);
}

static float band_gap(const sv *v)
{
	return floorf(16 * v->u);
}

static float row_pitch(const scale *sc, int offslab)
{
	return sc->lab + sc->sh + (offslab && sc->lane > 0 ? sc->lane + 2 : 0) + sc->rgap;
}

/* Places strips left to right, wrapping into rows. */
typedef struct packer {
	float x0, w, gap, cx;
	int row;
} packer;

static void pack_init(packer *p, float x0, float w, float gap)
{
	p->x0 = x0;
	p->w = w;
	p->gap = gap;
	p->cx = 0;
	p->row = 0;
}

static float pack_place(packer *p, float sw)
{
	float x;
	if (p->cx > 0 && p->cx + sw > p->w + 0.01f) {
		p->cx = 0;
		p->row++;
	}
	x = p->x0 + p->cx;
	p->cx += sw + p->gap;
	return x;
}

static int cache_offslab(const col *c, const skl_cache_snap *cs)
{
	return !c->slub && cs->info.offslab;
}

/* The rows band i's slabs take, w wide: as many as packing them one by
 * one with pack_place() makes, found run by run. Every row that starts
 * empty holds the same number of strips of one size (the same sums of
 * the same floats), so a run of equal slabs costs a row's worth of steps,
 * not a step per slab: choosing the scale packs every band many times. */
static int band_rows(const col *c, int i, const scale *sc, float w)
{
	packer p;
	int k;
	pack_init(&p, 0, w, sc->gap);
	for (k = c->run_at[i]; k < c->run_at[i + 1]; k++) {
		float sw = (float)c->run_pg[k] * sc->pw, cx;
		int m = c->run_n[k], per = 0, rows, last, j;
		/* what fits in the row the run starts in, strip by strip */
		while (m > 0 && !(p.cx > 0 && p.cx + sw > p.w + 0.01f)) {
			pack_place(&p, sw);
			m--;
		}
		if (!m)
			continue;
		/* the rest, in rows of per strips from an empty row */
		cx = 0;
		do {
			per++;
			cx += sw + p.gap;
		} while (!(cx > 0 && cx + sw > p.w + 0.01f) && per < m);
		rows = (m + per - 1) / per;
		last = m - (rows - 1) * per;
		p.row += rows;
		p.cx = 0;
		for (j = 0; j < last; j++)
			p.cx += sw + p.gap;
	}
#ifndef NDEBUG
	{ /* the same as one by one */
		const skl_cache_snap *cs = &c->k->caches[c->band[i]];
		packer q;
		pack_init(&q, 0, w, sc->gap);
		for (k = 0; k < cs->nslabs; k++)
			pack_place(&q, (float)slab_pages(&cs->slabs[k]) * sc->pw);
		assert(q.row == p.row && q.cx == p.cx);
	}
#endif
	return p.row + 1;
}

/* Band i (an index into c->band) at scale sc, w wide. */
static float band_height(const sv *v, const col *c, int i, const scale *sc, float w)
{
	const skl_cache_snap *cs = &c->k->caches[c->band[i]];
	return band_head(v, c, sc, i) + (float)band_rows(c, i, sc, w) * row_pitch(sc, cache_offslab(c, cs)) +
	       band_gap(v);
}

/* An empty cache's slot drawn to scale: part names, the bar, bytes. */
static float slot_diagram_h(const sv *v)
{
	return floorf(20 * v->u) + floorf(40 * v->u) + floorf(20 * v->u) + floorf(4 * v->u);
}

/* The band of an empty cache named in caches=: its head and its slot. */
static float geo_height(const sv *v, const col *c, const skl_cache_snap *cs, float w)
{
	float fx, fw, fh;
	return head_text(v, c, cs, w, &fx, &fw, &fh) + (cs->slabinfo[0] ? chip_h(v) : 0) + note_height(v, c, cs, w) +
	       floorf(4 * v->u) + slot_diagram_h(v) + band_gap(v);
}

static float empty_height(const sv *v, const col *c)
{
	if (!c->nempty)
		return 0;
	if (c->geo)
		return c->geo_h;
	if (c->empty_mode == SKL_SLAB_EMPTY_LINES)
		return (float)c->nempty * floorf(22 * v->u) + 4 * v->u;
	return floorf(24 * v->u);
}

/* Bands sit in a grid of c->ncols sub-columns, in order, row by row. */
static float band_width(const sv *v, const col *c)
{
	return (c->w - (float)(c->ncols - 1) * floorf(32 * v->u)) / (float)c->ncols;
}

/* The heads of c's bands for its current grid (and its empty caches'
 * bands): measured once, not at every scale tried. */
static void col_heads(const sv *v, col *c)
{
	float bw = band_width(v, c), fx, fw, fh;
	int i;
	for (i = 0; i < c->nband; i++) {
		const skl_cache_snap *cs = &c->k->caches[c->band[i]];
		c->hh[i] = head_text(v, c, cs, bw, &fx, &fw, &fh);
		c->nh[i] = note_height(v, c, cs, bw);
	}
	c->geo_h = 0;
	if (c->geo)
		for (i = 0; i < c->nempty; i++)
			c->geo_h += geo_height(v, c, &c->k->caches[c->empty[i]], c->w);
	if (c->geo && c->nband > 0 && c->geo_h > 0.4f * (c->bottom - c->top)) {
		c->geo = 0; /* the slabs need the room */
		c->geo_h = 0;
	}
}

/* Places the bands (bx, by may be NULL) and returns the column's height;
 * *rows (may be NULL) gets the strip rows that decide it. */
static float place_bands(const sv *v, const col *c, const scale *sc, float *bx, float *by, int *rows)
{
	float bw = band_width(v, c), y = 0;
	int i, r, nrows = (c->nband + c->ncols - 1) / c->ncols;
	if (rows)
		*rows = 0;
	for (r = 0; r < nrows; r++) {
		float rh = 0;
		int rr = 0;
		for (i = r * c->ncols; i < c->nband && i < (r + 1) * c->ncols; i++) {
			float h = band_height(v, c, i, sc, bw);
			if (bx) {
				bx[i] = c->x + (float)(i % c->ncols) * (bw + floorf(32 * v->u));
				by[i] = c->top + y;
			}
			if (h > rh)
				rh = h;
			if (rows) {
				int n = band_rows(c, i, sc, bw);
				if (n > rr)
					rr = n;
			}
		}
		y += rh;
		if (rows)
			*rows += rr;
	}
	return y + empty_height(v, c);
}

static float col_height(const sv *v, const col *c, const scale *sc)
{
	return place_bands(v, c, sc, NULL, NULL, NULL);
}

static int cols_fit(const sv *v, col *cols, int n, const scale *sc)
{
	int i;
	for (i = 0; i < n; i++)
		if (col_height(v, &cols[i], sc) > cols[i].bottom - cols[i].top)
			return 0;
	return 1;
}

/* Height left over once the scale is chosen goes to the strips (up to
 * their cap), so few slabs get tall cells with room for labels. */
static void grow_strips(const sv *v, col *cols, int n, scale *sc)
{
	float cap = 200 * v->u, extra, sh = sc->sh;
	int i, j, rows;
	/* typed objects list their members: a taller strip lists more */
	for (i = 0; i < n; i++)
		for (j = 0; j < cols[i].nband; j++)
			if (cols[i].k->caches[cols[i].band[j]].type)
				cap = 240 * v->u;
	extra = floorf(cap) - sc->sh;
	for (i = 0; i < n; i++) {
		float slack = cols[i].bottom - cols[i].top - place_bands(v, &cols[i], sc, NULL, NULL, &rows);
		if (rows > 0 && slack / (float)rows < extra)
			extra = slack / (float)rows;
	}
	if (extra < 1)
		return;
	sc->sh = floorf(sh + extra);
	while (sc->sh > sh && !cols_fit(v, cols, n, sc))
		sc->sh -= 1;
}

/* The largest scale at which every column fits, for the columns' current
 * grids: 0 when none does. Full band headers unless dropping the slabinfo
 * lines buys a strip tall enough to read. */
static int best_scale(const sv *v, col *cols, int n, scale *out)
{
	float pwmax = 1e9f, pw;
	scale full, compact;
	int i, have_full = 0, have_compact = 0, nbands = 0;
	for (i = 0; i < n; i++) {
		float m = band_width(v, &cols[i]) / (float)cols[i].maxpages;
		if (m < pwmax)
			pwmax = m;
		nbands += cols[i].nband;
	}
	if (pwmax > 4000)
		pwmax = 4000;
	for (pw = pwmax; pw >= PW_MIN; pw *= 0.96f) {
		make_scale(v, floorf(pw * 4) / 4, 0, &full);
		if (cols_fit(v, cols, n, &full)) {
			have_full = 1;
			break;
		}
	}
	if (!have_full || (full.sh < 16 * v->u && nbands > 1)) {
		for (pw = pwmax; pw >= PW_MIN; pw *= 0.96f) {
			make_scale(v, floorf(pw * 4) / 4, 1, &compact);
			if (cols_fit(v, cols, n, &compact)) {
				have_compact = 1;
				break;
			}
		}
	}
	if (have_compact && (!have_full || compact.pw > full.pw * 1.15f))
		*out = compact;
	else if (have_full)
		*out = full;
	return have_full || have_compact;
}

/* Sets the grid of every column from combo (a number in mixed radix,
 * one digit per column: sub-columns - 1) and measures its heads. */
static void set_grid(const sv *v, col *cols, int n, int combo)
{
	int i;
	for (i = 0; i < n; i++) {
		int k = cols[i].nband >= 3 ? 3 : cols[i].nband >= 2 ? 2 : 1;
		cols[i].ncols = 1 + combo % k;
		combo /= k;
		col_heads(v, &cols[i]);
	}
}

static int grid_combos(const col *cols, int n)
{
	int i, ncombo = 1;
	for (i = 0; i < n; i++)
		ncombo *= cols[i].nband >= 3 ? 3 : cols[i].nband >= 2 ? 2 : 1;
	return ncombo;
}

/* 1 when the slabs do not fit, in any grid, even as strips OV_SLAB
 * pixels wide (the narrowest: too narrow to show how full they are): the
 * view becomes an overview. One packing per grid, so it stays cheap for
 * 10^5 slabs. */
static int needs_overview(const sv *v, col *cols, int n)
{
	int combo, ncombo = grid_combos(cols, n), i, j, k;
	unsigned minpages = 0;
	scale sc;
	for (i = 0; i < n; i++)
		for (j = 0; j < cols[i].nband; j++) {
			const skl_cache_snap *cs = &cols[i].k->caches[cols[i].band[j]];
			for (k = 0; k < cs->nslabs; k++) {
				unsigned pg = cs->slabs[k].pages ? cs->slabs[k].pages : 1;
				if (!minpages || pg < minpages)
					minpages = pg;
			}
		}
	if (!minpages)
		return 0;
	for (combo = 0; combo < ncombo; combo++) {
		set_grid(v, cols, n, combo);
		make_scale(v, OV_SLAB / (float)minpages, 1, &sc);
		if (cols_fit(v, cols, n, &sc))
			return 0;
	}
	return 1;
}

/* Scale and grids: one sub-column per column unless more (up to 3) buy a
 * clearly larger scale; the smallest scale (and clipping) when nothing
 * fits. Deterministic: candidates are tried in a fixed order. */
static void choose_scale(const sv *v, col *cols, int n, float forced, scale *out)
{
	int combo, ncombo = grid_combos(cols, n), best_combo = -1;
	scale best, sc;
	set_grid(v, cols, n, 0);
	if (forced > 0) {
		make_scale(v, forced, 0, out);
		if (!cols_fit(v, cols, n, out))
			make_scale(v, forced, 1, out);
		return;
	}
	memset(&best, 0, sizeof(best));
	for (combo = 0; combo < ncombo; combo++) {
		set_grid(v, cols, n, combo);
		if (best_scale(v, cols, n, &sc) && (best_combo < 0 || sc.pw > best.pw * 1.25f)) {
			best = sc;
			best_combo = combo;
		}
	}
	if (best_combo < 0) {
		set_grid(v, cols, n, 0);
		make_scale(v, PW_MIN, 1, out);
		return;
	}
	set_grid(v, cols, n, best_combo);
	*out = best;
	grow_strips(v, cols, n, out);
}

/* ---- drawing: text bits ------------------------------------------------------------------------- */

static void text_fit(sv *v, float x, float y, float w, float h, const char *s, float fs, int font, int align,
		     skl_color ink)
{
	skl__text(v->dl, x, y, w, h, s, fs, font, align, ink);
}

/* ---- drawing: one slab ------------------------------------------------------------------------------- */

typedef struct band_ctx {
	sv *v;
	const col *c;
	const scale *sc;
	int ci;
	const skl_cache_snap *cs;
	slot sp;
	float bpp;    /* pixels per byte */
	float cell_w; /* one slot */
	int agg;
	char name[64];
	/* slab address labels: whole, or (when a whole one is wider than a
	 * strip) "0x…" and the digits after what every slab shares, prefix */
	int digits, short_from; /* hex digits; 0 = whole labels */
	char prefix[40];	/* "0xffff8881000xxxxx" */
	int via_any;		/* an object of the band came through an alias */
} band_ctx;

static skl_slab_mark state_mark(int st)
{
	return st == SKL_OS_ALLOC	 ? SKL_SM_ALLOC
	       : st == SKL_OS_CPU	 ? SKL_SM_CPU
	       : st == SKL_OS_QUARANTINE ? SKL_SM_QUARANTINE
					 : SKL_SM_FREE;
}

static skl_color state_ink(skl_slab_mark m)
{
	return m == SKL_SM_ALLOC || m == SKL_SM_BAD || m == SKL_SM_QUARANTINE ? C_BG : C_INK;
}

/* The legend entry of via n of cs ("through alias sklab_b"), registered
 * when first drawn: its index (the mark's colour), -1 when the legend is
 * full (the mark then takes the last colour). */
static int via_entry(sv *v, const skl_cache_snap *cs, int n)
{
	char t[sizeof(v->via[0])], vt[80];
	int i;
	via_text(cs, n, vt, sizeof(vt));
	snprintf(t, sizeof(t), "through %s", vt);
	for (i = 0; i < v->nvia; i++)
		if (!strcmp(v->via[i], t))
			return i;
	if (v->nvia == VIA_LEGEND)
		return -1;
	snprintf(v->via[v->nvia], sizeof(v->via[0]), "%s", t);
	return v->nvia++;
}

static skl_color via_colour(int entry)
{
	return SKL_HEX(via_colours[entry < 0 ? VIA_COLOURS - 1 : entry % VIA_COLOURS]);
}

skl_color skl_view_slab_via_fill(int entry)
{
	return via_colour(entry);
}

/* The side of the corner tag of a w x h cell; 0: the cell is too narrow,
 * a strip along its top marks it instead. */
static float via_tag(const sv *v, float w, float h)
{
	if (w < 14 || h < 14)
		return 0;
	return floorf(skl__clampf(fminf(w, h) * 0.45f, 6, 22 * v->u));
}

/* The alias mark of a cell (or a run of cells w wide): the tag, or the strip. */
static void via_mark(sv *v, float x, float y, float w, float h, skl_color ink)
{
	float t = via_tag(v, w, h);
	if (t > 0)
		skl_dl_rect(v->dl, x, y, t, t, ink, C_INK, 1);
	else
		skl_dl_rect(v->dl, x, y, w, fmaxf(3, floorf(h * 0.15f)), ink, 0, 0);
}

/* Type name (or index) and the first members inside a cell, as room
 * allows: every word whole, or none (the band's head names the type);
 * members that do not fit are counted ("+12 more"). */
static void cell_label(band_ctx *b, float x, float y, float w, float h, int i, skl_color ink, skl_color bg)
{
	sv *v = b->v;
	const skl_layout *t = b->cs->type;
	char buf[128];
	float fs0 = floorf(fminf(14 * v->u, h * 0.3f)), fs, fsm, ly;
	float aw = w - 6;
	skl_color ink2;
	const char *name;
	size_t len, fitm;
	int j, lines, maxl, left;
	if (fs0 < v->floor) {
		if (h < v->floor * 1.3f)
			return;
		fs0 = v->floor;
	}
	if (aw < 8)
		return;
	ink2 = skl_color_mix(ink, bg, 0.25f);
	if (t)
		name = short_type(t);
	else {
		snprintf(buf, sizeof(buf), "#%d", i);
		name = buf;
	}
	len = skl_dl_utf8_len(name);
	for (fs = fs0; fs > v->floor && skl_dl_fit_chars(aw, fs) < len; fs -= 1)
		;
	if (skl_dl_fit_chars(aw, fs) < len)
		return; /* the band's head names the type; a stub or a mark in every cell would not add to it */
	fsm = floorf(fmaxf(fs * 0.8f, v->floor));
	fitm = skl_dl_fit_chars(aw, fsm);
	maxl = t ? (int)((h - fs * 1.5f - 6) / (fsm * 1.25f)) : 0;
	/* the name near the top when members follow, else centred */
	if (maxl <= 0 || fitm < 4) {
		text_fit(v, x + 3, y, aw, h, name, fs, SKL_FONT_BOLD, SKL_ALIGN_CENTER, ink);
		return;
	}
	ly = y + 3;
	text_fit(v, x + 3, ly, aw, fs * 1.4f, name, fs, SKL_FONT_BOLD, SKL_ALIGN_CENTER, ink);
	ly += fs * 1.4f;
	lines = 0;
	left = 0;
	for (j = 0; j < t->nfields; j++)
		left += t->fields[j].depth == 0;
	for (j = 0; j < t->nfields && left > 0; j++) {
		const skl_field *f = &t->fields[j];
		const char *m = f->name[0] ? f->name : "(anonymous)";
		int d;
		if (f->depth != 0)
			continue;
		/* an anonymous union or struct reads as its first named member
		 * (sk_buff's opening union as "next") */
		for (d = j + 1; !f->name[0] && d < t->nfields && t->fields[d].depth > 0; d++)
			if (t->fields[d].name[0] && !t->fields[d].expanded) {
				m = t->fields[d].name;
				break;
			}
		if ((lines == maxl - 1 && left > 1) || skl_dl_utf8_len(m) > fitm) {
			snprintf(buf, sizeof(buf), "+%d more", left);
			if (skl_dl_utf8_len(buf) <= fitm)
				text_fit(v, x + 3, ly, aw, fsm * 1.25f, buf, fsm, SKL_FONT_REGULAR, SKL_ALIGN_CENTER,
					 ink2);
			break;
		}
		text_fit(v, x + 3, ly, aw, fsm * 1.25f, m, fsm, SKL_FONT_REGULAR, SKL_ALIGN_CENTER, ink2);
		ly += fsm * 1.25f;
		lines++;
		left--;
	}
}

/* "OBJ:WHAT:CACHE:SLAB", a key of slab s, into v->key; the builder, for
 * what follows */
static void slab_key_sb(band_ctx *b, const char *what, int s, skl__sb *k)
{
	skl__sb_init(k, b->v->key, sizeof(b->v->key));
	skl__sb_i64(k, b->c->obj);
	skl__sb_str(k, ":");
	skl__sb_str(k, what);
	skl__sb_str(k, ":");
	skl__sb_str(k, b->name);
	skl__sb_str(k, ":");
	skl__sb_i64(k, s);
}

static void slab_key(band_ctx *b, const char *what, int s)
{
	skl__sb k;
	slab_key_sb(b, what, s, &k);
}

/* "OBJ:obj:CACHE:SLAB:INDEX", object i of slab s's key, into v->key */
static void object_key(band_ctx *b, int s, int i)
{
	skl__sb k;
	slab_key_sb(b, "obj", s, &k);
	skl__sb_str(&k, ":");
	skl__sb_i64(&k, i);
}

/* skl_dl_tip_fn of an object's group: skl_view_slab_object_tooltip() of
 * the snapshot ctx, cache arg[0], slab arg[1], object arg[2]. */
static void object_tip(const void *ctx, const int *arg, char *out, size_t outsz)
{
	skl_view_slab_object_tooltip(ctx, arg[0], arg[1], arg[2], out, outsz);
}

/* Opens object i of slab s's group: its key, and its tooltip now or (the
 * snapshot outliving the list) when first read. */
static void object_group(band_ctx *b, int s, int i)
{
	sv *v = b->v;
	object_key(b, s, i);
	if (v->lazy) {
		int arg[4] = {b->ci, s, i, 0};
		skl_dl_begin_lazy(v->dl, v->key, object_tip, b->c->k, arg);
		return;
	}
	skl_view_slab_object_tooltip(b->c->k, b->ci, s, i, v->tip, sizeof(v->tip));
	skl_dl_begin(v->dl, v->key, v->tip);
}

/* One object, cells wide enough to draw one by one. */
static void draw_cell(band_ctx *b, int s, int i, float x, float y, float h)
{
	sv *v = b->v;
	const skl_slab_snap *sl = &b->cs->slabs[s];
	int st = sl->state ? sl->state[i] : SKL_OS_FREE, bad = sl->bad ? sl->bad[i] : 0, j;
	int via = obj_via(sl, (unsigned)i);
	skl_slab_mark m = state_mark(st);
	float w = b->cell_w, edge_w = w >= 8 ? 1.0f : 0.0f, lx = x + 1, lw = w - 2, fp_h, rim, tag = 0;
	skl_color fill = skl_view_slab_fill(m), edge = skl_view_slab_stroke(m);
	int inner = w >= 8, fp_drawn = 0;

	v->used[m] = 1;
	object_group(b, s, i);
	if (bad && w < 30) {
		/* too small for an outline to show: the whole cell turns red */
		v->used[SKL_SM_BAD] = 1;
		skl_dl_rect(v->dl, x, y, w, h, skl_view_slab_fill(SKL_SM_BAD), skl_view_slab_stroke(SKL_SM_BAD),
			    edge_w);
		skl_dl_end(v->dl);
		return;
	}
	if (m == SKL_SM_QUARANTINE) { /* hatched: it differs from allocated by texture too */
		skl_dl_hatch(v->dl, x, y, w, h, fill, edge, skl__clampf(h * 0.12f, 3, 6 * v->u));
		if (edge_w > 0)
			skl_dl_rect(v->dl, x, y, w, h, 0, fill, edge_w);
	} else
		skl_dl_rect(v->dl, x, y, w, h, fill, edge, edge_w);
	/* the slot's parts sit inside a rim of the state colour, so the
	 * whole slot reads as one object in one state */
	rim = h >= 16 ? floorf(skl__clampf(h * 0.1f, 2, 7 * v->u)) : 0;
	fp_h = floorf(fmaxf((h - 2 * rim) * 0.2f, 4));
	if (inner) {
		/* the slot's other parts over the body: to scale, never thinner than MARK_MIN */
		for (j = 0; j < b->sp.n; j++) {
			const part *p = &b->sp.p[j];
			float px, pw;
			skl_color pf;
			if (p->mark == SKL_SM_ALLOC) {
				lx = x + (float)p->off * b->bpp;
				lw = (float)p->len * b->bpp;
				continue;
			}
			px = x + (float)p->off * b->bpp;
			pw = (float)p->len * b->bpp;
			if (p->mark == SKL_SM_WASTE) {
				if (pw < 1.5f)
					continue;
				/* padding inside the slot: hatched on the state colour, washed out */
				if (pw >= 4)
					skl_dl_hatch(
					    v->dl, px, y + rim, pw, h - 2 * rim, skl_color_mix(fill, C_BG, 0.6f),
					    skl_view_slab_stroke(SKL_SM_WASTE), skl__clampf(h * 0.12f, 3, 6 * v->u));
				else
					skl_dl_rect(v->dl, px, y + rim, pw, h - 2 * rim,
						    skl_color_mix(fill, C_BG, 0.6f), 0, 0);
				v->used[SKL_SM_WASTE] = 1;
				continue;
			}
			if (pw < MARK_MIN) {
				if (p->off == 0)
					pw = MARK_MIN;
				else {
					px = px + pw - MARK_MIN;
					pw = MARK_MIN;
				}
			}
			pf = skl_view_slab_fill(p->mark);
			if (p->mark == SKL_SM_REDZONE && bad)
				pf = skl_view_slab_fill(SKL_SM_BAD);
			if (p->mark == SKL_SM_FREEPTR) {
				/* a pointer, not a region: a short bar at the bottom */
				skl_dl_rect(v->dl, px, y + h - rim - fp_h - 1, pw, fp_h, pf, 0, 0);
				fp_drawn = 1;
			} else
				skl_dl_rect(v->dl, px, y + rim, pw, h - 2 * rim, pf, 0, 0);
			v->used[p->mark] = 1;
		}
		/* a quarantined object was never put on the freelist: no pointer in it */
		if (b->sp.has_fp && b->sp.fp_inside && st != SKL_OS_ALLOC && st != SKL_OS_QUARANTINE) {
			/* a free object's first word(s) of use: the free pointer inside it */
			float px = x + (float)b->sp.fp * b->bpp, pw = fmaxf((float)b->sp.fp_len * b->bpp, MARK_MIN);
			skl_dl_rect(v->dl, px, y + h - rim - fp_h - 1, pw, fp_h, skl_view_slab_fill(SKL_SM_FREEPTR), 0,
				    0);
			v->used[SKL_SM_FREEPTR] = 1;
			fp_drawn = 1;
		}
		if (edge_w > 0)
			skl_dl_rect(v->dl, x, y, w, h, 0, edge, 1);
	}
	if (bad) {
		float t = floorf(skl__clampf(3 * v->u, 2, 5));
		v->used[SKL_SM_BAD] = 1;
		skl_dl_rect(v->dl, x + t / 2, y + t / 2, w - t, h - t, 0, skl_view_slab_fill(SKL_SM_BAD), t);
	}
	if (via) /* allocated through an alias: the tag in the corner (the tooltip names it) */
		via_mark(v, x, y, w, h, via_colour(via_entry(v, b->cs, via)));
	if (b->via_any) { /* every label of the band clear of the tags, level with each other */
		tag = via_tag(v, w, h);
		tag = tag > 0 ? tag : fmaxf(3, floorf(h * 0.15f));
	}
	/* labels over the object's own bytes, clear of the free pointer and the tag */
	if (lw >= 20 && h >= 14)
		cell_label(b, lx + 1, y + tag, lw - 2, (fp_drawn ? h - rim - fp_h - 2 : h) - tag, i, state_ink(m),
			   fill);
	skl_dl_end(v->dl);
}

/* A run of equal objects i..j-1 when cells are too small to draw alone. */
static void draw_run(band_ctx *b, int s, int i, int j, float x, float y, float h)
{
	sv *v = b->v;
	const skl_slab_snap *sl = &b->cs->slabs[s];
	int st = sl->state ? sl->state[i] : SKL_OS_FREE, bad = sl->bad ? sl->bad[i] : 0;
	int via = obj_via(sl, (unsigned)i);
	skl_slab_mark m = bad ? SKL_SM_BAD : state_mark(st);
	skl_addr s0 = sl->base + first_slot(b->cs, sl, b->c->slub);
	skl_addr a0 = s0 + (uint64_t)i * b->cs->info.size, a1 = s0 + (uint64_t)(j - 1) * b->cs->info.size;
	v->used[m] = 1;
	if (j - i == 1) {
		object_group(b, s, i);
	} else {
		skl__sb t;
		slab_key_sb(b, "objs", s, &t);
		skl__sb_str(&t, ":");
		skl__sb_i64(&t, i);
		skl__sb_str(&t, "-");
		skl__sb_i64(&t, j - 1);
		/* "CACHE: objects I-J of N in slab 0xBASE\naddresses 0xA0-0xA1, every
		 * SIZE B (slab + O0..O1)\nstate: STATE, K objects\ntype: TYPE" */
		skl__sb_init(&t, v->tip, sizeof(v->tip));
		tip_objects(&t, b->cs, sl, i, j - 1);
		skl__sb_str(&t, "\naddresses 0x");
		skl__sb_hex(&t, a0);
		skl__sb_str(&t, "-0x");
		skl__sb_hex(&t, a1);
		skl__sb_str(&t, ", every ");
		skl__sb_u64(&t, b->cs->info.size);
		skl__sb_str(&t, " B (slab + ");
		skl__sb_u64(&t, a0 - sl->base);
		skl__sb_str(&t, "..");
		skl__sb_u64(&t, a1 - sl->base);
		skl__sb_str(&t, ")\nstate: ");
		skl__sb_str(&t, state_name(st));
		if (bad)
			skl__sb_str(&t, "; RED ZONE / POISON DAMAGED");
		skl__sb_str(&t, ", ");
		skl__sb_i64(&t, j - i);
		skl__sb_str(&t, " objects");
		if (via) {
			char vt[96];
			via_text(b->cs, via, vt, sizeof(vt));
			skl__sb_str(&t, ", allocated through ");
			skl__sb_str(&t, vt);
		}
		skl__sb_str(&t, "\ntype: ");
		skl__sb_str(&t, b->cs->type ? b->cs->type->name : "(none given)");
		skl_dl_begin(v->dl, v->key, v->tip);
	}
	if (m == SKL_SM_QUARANTINE)
		skl_dl_hatch(v->dl, x, y, (float)(j - i) * b->cell_w, h, skl_view_slab_fill(m), skl_view_slab_stroke(m),
			     skl__clampf(h * 0.12f, 3, 6 * v->u));
	else
		skl_dl_rect(v->dl, x, y, (float)(j - i) * b->cell_w, h, skl_view_slab_fill(m), 0, 0);
	if (via)
		via_mark(v, x, y, (float)(j - i) * b->cell_w, h, via_colour(via_entry(v, b->cs, via)));
	skl_dl_end(v->dl);
}

static void draw_slab(band_ctx *b, int s, float x, float y)
{
	sv *v = b->v;
	const scale *sc = b->sc;
	const skl_slab_snap *sl = &b->cs->slabs[s];
	unsigned pages = sl->pages ? sl->pages : 1, pg;
	uint64_t bytes = (uint64_t)pages * page_size(b->c->k);
	uint64_t smem = first_slot(b->cs, sl, b->c->slub), end;
	float sw = (float)pages * sc->pw, sy = y + sc->lab, sh = sc->sh, ox;
	unsigned i, n = sl->nobjs;
	char buf[96], mg[32];

	if (b->cs->info.size && smem + (uint64_t)n * b->cs->info.size > bytes) /* never past the slab */
		n = smem < bytes ? (unsigned)((bytes - smem) / b->cs->info.size) : 0;
	end = smem + (uint64_t)n * b->cs->info.size;
	/* the slab itself: its track, outline and address */
	slab_key(b, "slab", s);
	slab_tooltip(b->c->k, b->cs, s, v->tip, sizeof(v->tip));
	skl_dl_begin(v->dl, v->key, v->tip);
	skl_dl_rect(v->dl, x, sy, sw, sh, C_TRACK, 0, 0);
	if (sc->lab > 0) {
		float fs = fsz(v, floorf(12 * v->u)), aw;
		char hex[24];
		snprintf(hex, sizeof(hex), "%0*llx", b->digits, (unsigned long long)sl->base);
		if (b->short_from)
			snprintf(buf, sizeof(buf), "0x\xe2\x80\xa6%s", hex + b->short_from);
		else
			snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)sl->base);
		while (fs > v->floor && skl_dl_text_width(buf, fs) + 4 > sw)
			fs -= 1;
		aw = skl_dl_text_width(buf, fs);
		if (aw <= sw) {
			skl__text(v->dl, x, y, sw, sc->lab - 2, buf, fs, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK2);
			unsigned parked = 0, oi;
			/* 2.4 SMP: a slab's objects parked in per-CPU arrays are in
			 * use for its list (full, partial), free for the picture */
			for (oi = 0; !b->c->slub && sl->state && oi < sl->nobjs; oi++)
				parked += sl->state[oi] == SKL_OS_CPU;
			snprintf(buf, sizeof(buf), "%s %u/%u", list_name(sl->list), sl->inuse, n);
			if (parked) {
				char longer[96];
				snprintf(longer, sizeof(longer), "%s %u/%u, %u per-CPU", list_name(sl->list), sl->inuse,
					 n, parked);
				if (aw + skl_dl_text_width(longer, fsz(v, floorf(11 * v->u))) + 12 * v->u < sw)
					snprintf(buf, sizeof(buf), "%s", longer);
			}
			if (aw + skl_dl_text_width(buf, fsz(v, floorf(11 * v->u))) + 12 * v->u < sw)
				skl__text(v->dl, x, y, sw, sc->lab - 2, buf, floorf(11 * v->u), SKL_FONT_REGULAR,
					  SKL_ALIGN_RIGHT, C_INK3);
		}
	}
	skl_dl_end(v->dl);

	/* 2.4: colour offset, management area */
	if (sl->colour_bytes && !b->c->slub) {
		float cw = (float)sl->colour_bytes * b->bpp;
		slab_key(b, "colour", s);
		snprintf(
		    v->tip, sizeof(v->tip),
		    "colour offset: %u B at the start of slab 0x%llx\n(colour %u of %u, %u B each: successive slabs "
		    "start their objects at different cache-line offsets)",
		    sl->colour_bytes, (unsigned long long)sl->base,
		    b->cs->info.colour_off ? sl->colour_bytes / b->cs->info.colour_off : 0, b->cs->info.colour,
		    b->cs->info.colour_off);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_hatch(v->dl, x, sy, fmaxf(cw, 0.75f), sh, skl_view_slab_fill(SKL_SM_COLOUR),
			     skl_view_slab_stroke(SKL_SM_COLOUR), skl__clampf(sh * 0.2f, 3, 8 * v->u));
		skl_dl_end(v->dl);
		v->used[SKL_SM_COLOUR] = 1;
	}
	if (sl->mgmt_size && !b->c->slub) {
		float mx = x + (float)sl->mgmt_offset * b->bpp, mw = fmaxf((float)sl->mgmt_size * b->bpp, 0.75f);
		slab_key(b, "mgmt", s);
		snprintf(
		    v->tip, sizeof(v->tip),
		    "slab_t + bufctl[%u] on-slab: %llu B at slab + %llu (0x%llx)\nslab_t is 24 B, one 4-byte bufctl "
		    "entry per object, rounded up to a cache line",
		    n, (unsigned long long)sl->mgmt_size, (unsigned long long)sl->mgmt_offset,
		    (unsigned long long)(sl->base + sl->mgmt_offset));
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, mx, sy, mw, sh, skl_view_slab_fill(SKL_SM_MGMT), skl_view_slab_stroke(SKL_SM_MGMT),
			    mw >= 6 ? 1.0f : 0.0f);
		{
			float fs = floorf(fminf(12 * v->u, sh * 0.5f));
			const char *what =
			    mw >= skl_dl_text_width("slab_t+bufctl", fs) + 6 ? "slab_t+bufctl" : "slab_t";
			if (fs >= 9 && mw >= skl_dl_text_width(what, fs) + 6)
				skl__text(v->dl, mx + 3, sy, mw - 6, sh, what, fs, SKL_FONT_BOLD, SKL_ALIGN_CENTER,
					  C_INK);
		}
		skl_dl_end(v->dl);
		v->used[SKL_SM_MGMT] = 1;
	} else if (cache_offslab(b->c, b->cs) && sc->lane > 0) {
		/* off-slab: a tab under the strip, the management area's size to scale */
		float tw = fmaxf((float)b->cs->info.mgmt_size * b->bpp, 6 * v->u), ty = sy + sh + 2;
		offslab_home(b->c->k, b->cs->info.mgmt_size, mg, sizeof(mg));
		slab_key(b, "offslab", s);
		snprintf(
		    v->tip, sizeof(v->tip),
		    "off-slab: slab_t + bufctl[%u] for slab 0x%llx (%llu B) live in cache %s,\nnot in these pages: "
		    "the objects start at the slab's first byte (after the colour offset)",
		    n, (unsigned long long)sl->base, (unsigned long long)b->cs->info.mgmt_size, mg);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_hatch(v->dl, x, ty, fminf(tw, sw), sc->lane, skl_view_slab_fill(SKL_SM_MGMT),
			     skl_view_slab_stroke(SKL_SM_MGMT), 3);
		snprintf(buf, sizeof(buf), "off-slab \xe2\x86\x92 %s", mg);
		if (sc->lane >= 7 && skl_dl_text_width(buf, floorf(sc->lane + 2)) + tw + 8 < sw)
			skl__text(v->dl, x + fminf(tw, sw) + 4, ty - 2, sw - tw - 4, sc->lane + 4, buf,
				  floorf(fminf(sc->lane + 2, 12 * v->u)), SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
				  skl_view_slab_stroke(SKL_SM_MGMT));
		skl_dl_end(v->dl);
		v->used[SKL_SM_MGMT] = 1;
	}

	/* the objects */
	ox = x + (float)smem * b->bpp;
	if (!b->agg) {
		for (i = 0; i < n; i++)
			draw_cell(b, s, (int)i, ox + (float)i * b->cell_w, sy, sh);
	} else {
		unsigned a = 0;
		for (i = 1; i <= n; i++) {
			if (i < n && sl->state && sl->state[i] == sl->state[a] &&
			    (!sl->bad || (sl->bad[i] != 0) == (sl->bad[a] != 0)) && obj_via(sl, i) == obj_via(sl, a))
				continue;
			if (i < n && !sl->state)
				continue;
			draw_run(b, s, (int)a, (int)i, ox + (float)a * b->cell_w, sy, sh);
			a = i;
		}
	}

	/* the tail */
	if (end < bytes) {
		float tx = x + (float)end * b->bpp, tw = x + sw - tx;
		if (tw >= 0.5f) {
			slab_key(b, "tail", s);
			snprintf(
			    v->tip, sizeof(v->tip),
			    "left-over: %llu B at the end of slab 0x%llx (slab + %llu)\nunused: too small for another "
			    "%llu-byte object",
			    (unsigned long long)(bytes - end), (unsigned long long)sl->base, (unsigned long long)end,
			    (unsigned long long)b->cs->info.size);
			skl_dl_begin(v->dl, v->key, v->tip);
			if (tw >= 3)
				skl_dl_hatch(v->dl, tx, sy, tw, sh, skl_view_slab_fill(SKL_SM_WASTE),
					     skl_view_slab_stroke(SKL_SM_WASTE), skl__clampf(sh * 0.16f, 3, 6 * v->u));
			else
				skl_dl_rect(v->dl, tx, sy, tw, sh, skl_view_slab_fill(SKL_SM_WASTE), 0, 0);
			skl_dl_end(v->dl);
			v->used[SKL_SM_WASTE] = 1;
		}
	}

	/* the slab's edge and its page boundaries (ticks above and below) */
	if (sw >= 8)
		skl_dl_rect(v->dl, x, sy, sw, sh, 0, C_SLAB_EDGE, 1);
	if (sc->pw >= 6)
		for (pg = 1; pg < pages; pg++) {
			float px = x + (float)pg * sc->pw, t = skl__clampf(5 * v->u, 2, sc->rgap);
			skl_dl_line(v->dl, px, sy - t, px, sy + 1, C_INK2, fmaxf(1.5f * v->u, 1));
			skl_dl_line(v->dl, px, sy + sh - 1, px, sy + sh + t, C_INK2, fmaxf(1.5f * v->u, 1));
		}
}

/* ---- drawing: bands ------------------------------------------------------------------------------------ */

static void band_setup(band_ctx *b, sv *v, const col *c, const scale *sc, int ci)
{
	unsigned i0;
	int j0;
	memset(b, 0, sizeof(*b));
	b->v = v;
	b->c = c;
	b->sc = sc;
	b->ci = ci;
	b->cs = &c->k->caches[ci];
	snprintf(b->name, sizeof(b->name), "%s", b->cs->info.name);
	slot_of(b->cs, c->slub, c->word, &b->sp);
	b->bpp = sc->pw / (float)page_size(c->k);
	b->cell_w = (float)b->cs->info.size * b->bpp;
	b->agg = b->cell_w < AGG_PX;
	b->digits = c->word == 8 ? 16 : 8;
	for (j0 = 0; j0 < b->cs->nslabs && !b->via_any; j0++)
		for (i0 = 0; b->cs->slabs[j0].via && i0 < b->cs->slabs[j0].nobjs && !b->via_any; i0++)
			b->via_any = obj_via(&b->cs->slabs[j0], i0) != 0;
	if (sc->lab > 0 && b->cs->nslabs > 1) {
		/* a whole address wider than the narrowest strip: the digits
		 * every slab shares go once into the head */
		float fs = fsz(v, floorf(12 * v->u)), sw = 1e9f;
		char first[24], hex[24];
		int j, common = b->digits, d;
		for (j = 0; j < b->cs->nslabs; j++) {
			unsigned pg = b->cs->slabs[j].pages ? b->cs->slabs[j].pages : 1;
			if ((float)pg * sc->pw < sw)
				sw = (float)pg * sc->pw;
		}
		fs = v->floor; /* labels shrink to the floor before they are shortened */
		if (skl_dl_text_width("0x", fs) + (float)b->digits * skl_dl_text_width("0", fs) + 4 > sw) {
			snprintf(first, sizeof(first), "%0*llx", b->digits, (unsigned long long)b->cs->slabs[0].base);
			for (j = 1; j < b->cs->nslabs; j++) {
				snprintf(hex, sizeof(hex), "%0*llx", b->digits,
					 (unsigned long long)b->cs->slabs[j].base);
				for (d = 0; d < common && hex[d] == first[d]; d++)
					;
				common = d;
			}
			if (common > 0 && common < b->digits) {
				b->short_from = common;
				snprintf(b->prefix, sizeof(b->prefix), "0x%.*s", common, first);
				for (d = common; d < b->digits; d++)
					skl__catf(b->prefix, sizeof(b->prefix), "x");
			}
		}
	}
}

static void draw_band_head(sv *v, const col *c, const scale *sc, const skl_cache_snap *cs, float x, float y, float w,
			   float nh, const char *addr_prefix)
{
	const skl_cache_info *in = &cs->info;
	char line[1024], words[400];
	float ns = floorf(20 * v->u), ds = floorf(14 * v->u), fx, fw, fh, th, aw, nw;
	th = head_text(v, c, cs, w, &fx, &fw, &fh);
	aw = alias_beside(v, cs, w, words, sizeof(words));
	nw = skl_dl_text_width(in->name, fsz(v, ns)) + 1;
	snprintf(v->key, sizeof(v->key), "%d:cache:%s", c->obj, in->name);
	cache_tooltip(c->k, cs, v->tip, sizeof(v->tip));
	if (v->overview && c->nband > 1)
		skl__catf(v->tip, sizeof(v->tip), "\nto see it alone: scene.show(k, { caches = { \"%s\" } })",
			  in->name);
	skl_dl_begin(v->dl, v->key, v->tip);
	if (aw > 0) {
		/* "sklab_a, alias sklab_b": the names objects of these slabs come through */
		text_fit(v, x, y, nw, floorf(30 * v->u), in->name, ns, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
		text_fit(v, x + nw, y, aw, floorf(30 * v->u), words, ns, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	} else
		text_fit(v, x, y, fx, floorf(30 * v->u), in->name, ns, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	if (fw > 0) {
		cache_facts(c, cs, aw <= 0, line, sizeof(line));
		text_fit(v, x + fx, fh > floorf(30 * v->u) - 2 * v->u ? y + 6 * v->u : y + 2 * v->u, fw, fh, line, ds,
			 SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	}
	skl_dl_end(v->dl);
	y += th - floorf(30 * v->u); /* the slabinfo line sits under the last facts line */
	if (!sc->compact && cs->slabinfo[0]) {
		float ss, ly = y + floorf(30 * v->u), lw, lh;
		char buf[300];
		int nl = slabinfo_text(v, cs, w, buf, sizeof(buf), &ss);
		lh = floorf(19 * v->u) + (float)(nl - 1) * ss * 1.2f;
		lw = (nl > 1 ? w - 12 * v->u : skl_dl_text_width(buf, ss)) + 12 * v->u;
		snprintf(v->key, sizeof(v->key), "%d:slabinfo:%s", c->obj, in->name);
		snprintf(v->tip, sizeof(v->tip), "/proc/slabinfo line of %s\n%s\n%s", in->name, cs->slabinfo,
			 c->slub
			     ? "name active_objs num_objs objsize objperslab pagesperslab : tunables limit batchcount "
			       "sharedfactor : slabdata active_slabs num_slabs sharedavail"
			     : "name active_objs num_objs objsize active_slabs num_slabs pages_per_slab [: high allocs "
			       "grown reaped errors] [: limit batchcount]");
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, x, ly, lw, lh, C_CHIP, 0, 0);
		skl__text(v->dl, x + 6 * v->u, ly, lw - 6 * v->u, lh, buf, ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
			  C_INK3);
		skl_dl_end(v->dl);
		ly += lh - floorf(19 * v->u); /* what follows sits under its last line */
		/* long addresses: the part every slab shares, once, right of the line */
		if (addr_prefix && addr_prefix[0]) {
			float as = fsz(v, floorf(12 * v->u));
			snprintf(line, sizeof(line), "slabs at %s", addr_prefix);
			if (lw + 16 * v->u + skl_dl_text_width(line, as) <= w) {
				snprintf(v->key, sizeof(v->key), "%d:addr:%s", c->obj, in->name);
				snprintf(v->tip, sizeof(v->tip),
					 "every slab of %s starts at %s (x: the hex digits each slab's label "
					 "gives)",
					 in->name, addr_prefix);
				skl_dl_begin(v->dl, v->key, v->tip);
				skl__text(v->dl, x + lw + 16 * v->u, ly, w - lw - 16 * v->u, floorf(19 * v->u), line,
					  as, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
				skl_dl_end(v->dl);
			}
		}
		/* where slabinfo's figure differs from the objects in use, why */
		if (nh > 0 && active_note(c, cs, line, sizeof(line))) {
			float lh2 = lines_h(v, text_lines(v, line, floorf(12 * v->u), w, 3), floorf(12 * v->u));
			snprintf(v->key, sizeof(v->key), "%d:active:%s", c->obj, in->name);
			skl_dl_begin(v->dl, v->key, line);
			skl__text(v->dl, x, ly + floorf(21 * v->u), w, lh2 + 2, line, floorf(12 * v->u),
				  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
			skl_dl_end(v->dl);
		}
	}
}

/* Draws one band at y; returns its height. Stops (and counts what it
 * left out) at c->bottom. */
static float draw_band(sv *v, col *c, const scale *sc, int bi, float x0, float y, float w)
{
	band_ctx b;
	packer p;
	float head = band_head(v, c, sc, bi), pitch, sy;
	int j, last_row = 0;
	band_setup(&b, v, c, sc, c->band[bi]);
	pitch = row_pitch(sc, cache_offslab(c, b.cs));
	if (y + head + sc->lab + sc->sh > c->bottom + 0.5f) {
		c->clipped_caches++;
		c->clipped_slabs += b.cs->nslabs;
		return c->bottom - y;
	}
	draw_band_head(v, c, sc, b.cs, x0, y, w, c->nh[bi], b.short_from ? b.prefix : NULL);
	sy = y + head;
	pack_init(&p, x0, w, sc->gap);
	for (j = 0; j < b.cs->nslabs; j++) {
		float sw = (float)(b.cs->slabs[j].pages ? b.cs->slabs[j].pages : 1) * sc->pw;
		float x = pack_place(&p, sw), ry = sy + (float)p.row * pitch;
		if (ry + sc->lab + sc->sh > c->bottom + 0.5f) {
			c->clipped_slabs += b.cs->nslabs - j;
			break;
		}
		last_row = p.row;
		draw_slab(&b, j, x, ry);
	}
	return head + (float)(last_row + 1) * pitch + band_gap(v);
}

/* A short name for a part of a slot, for its label. */
static const char *part_label(const part *p, int slub)
{
	switch (p->mark) {
	case SKL_SM_ALLOC:
		return "object";
	case SKL_SM_REDZONE:
		return slub && p->off == 0 ? "left red zone" : "red zone";
	case SKL_SM_FREEPTR:
		return "free pointer";
	case SKL_SM_TRACK:
		return "alloc/free tracks";
	case SKL_SM_WASTE:
		return "padding";
	default:
		return skl_view_slab_mark_name(p->mark);
	}
}

/* An empty cache's band: its head, then one slot to scale (bpx pixels a
 * byte): each part named above, its bytes under it, a mark where a name
 * cannot fit. Returns the height used. */
static float draw_geo_band(sv *v, col *c, const skl_cache_snap *cs, float x, float y, float w, float bpx)
{
	slot sp;
	float fx, fw, fh, ly, by, bh = floorf(40 * v->u), ls = floorf(13 * v->u), rh = floorf(20 * v->u);
	float nh = note_height(v, c, cs, w);
	float head = head_text(v, c, cs, w, &fx, &fw, &fh) + (cs->slabinfo[0] ? chip_h(v) : 0) + nh + floorf(4 * v->u);
	scale sc;
	char buf[160];
	int j;
	memset(&sc, 0, sizeof(sc));
	draw_band_head(v, c, &sc, cs, x, y, w, nh, NULL);
	slot_of(cs, c->slub, c->word, &sp);
	ly = y + head;
	by = ly + rh;
	for (j = 0; j < sp.n; j++) {
		const part *p = &sp.p[j];
		float px = x + (float)p->off * bpx, pw = fmaxf((float)p->len * bpx, MARK_MIN);
		skl_slab_mark m = p->mark == SKL_SM_ALLOC ? SKL_SM_FREE : p->mark;
		snprintf(v->key, sizeof(v->key), "%d:slot:%s:%d", c->obj, cs->info.name, j);
		snprintf(v->tip, sizeof(v->tip), "%s: slot bytes %llu..%llu, %llu B: %s", cs->info.name,
			 (unsigned long long)p->off, (unsigned long long)(p->off + p->len - 1),
			 (unsigned long long)p->len,
			 p->what    ? p->what
			 : cs->type ? cs->type->name
				    : "the object (what the caller may use)");
		skl_dl_begin(v->dl, v->key, v->tip);
		if (m == SKL_SM_WASTE)
			skl_dl_hatch(v->dl, px, by, pw, bh, skl_view_slab_fill(m), skl_view_slab_stroke(m), 5 * v->u);
		else if (m == SKL_SM_FREEPTR)
			skl_dl_rect(v->dl, px, by + bh * 0.55f, pw, bh * 0.45f, skl_view_slab_fill(m), 0, 0);
		else
			skl_dl_rect(v->dl, px, by, pw, bh, skl_view_slab_fill(m), 0, 0);
		skl_dl_rect(v->dl, px, by, pw, bh, 0, skl_view_slab_stroke(m == SKL_SM_FREEPTR ? SKL_SM_FREE : m), 1);
		v->used[m] = 1;
		{
			/* the name, or a shorter one, or a mark the key explains */
			const char *nm =
			    p->mark == SKL_SM_ALLOC && cs->type ? short_type(cs->type) : part_label(p, c->slub);
			const char *sh = p->mark == SKL_SM_REDZONE ? "RZ" : p->mark == SKL_SM_FREEPTR ? "FP" : NULL;
			if (skl_dl_text_width(nm, fsz(v, ls)) + 4 > pw && sh &&
			    skl_dl_text_width(sh, fsz(v, ls)) + 4 <= pw)
				nm = sh;
			if (skl_dl_text_width(nm, fsz(v, ls)) + 4 <= pw)
				skl__text(v->dl, px, ly, pw, rh, nm, ls, SKL_FONT_BOLD, SKL_ALIGN_CENTER, C_INK2);
			else if (skl_dl_note_room(v->dl, nm)) {
				const char *mk = skl_dl_add_note(v->dl, nm);
				if (mk && skl_dl_text_width(mk, fsz(v, ls)) <= pw + 8)
					skl__text(v->dl, px - 4, ly, pw + 8, rh, mk, ls, SKL_FONT_BOLD,
						  SKL_ALIGN_CENTER, C_INK2);
			}
		}
		snprintf(buf, sizeof(buf), "%llu B", (unsigned long long)p->len);
		if (skl_dl_text_width(buf, fsz(v, ls)) + 4 <= pw)
			skl__text(v->dl, px, by + bh, pw, rh, buf, ls, SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK3);
		skl_dl_end(v->dl);
	}
	if (sp.has_fp && sp.fp_inside) {
		/* free objects keep the free pointer inside: a bar at the bottom */
		float px = x + (float)sp.fp * bpx, pw = fmaxf((float)sp.fp_len * bpx, MARK_MIN);
		snprintf(v->key, sizeof(v->key), "%d:slot:%s:fp", c->obj, cs->info.name);
		snprintf(v->tip, sizeof(v->tip), "%s: the free pointer at +%llu, inside the object while it is free",
			 cs->info.name, (unsigned long long)sp.fp);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, px, by + bh * 0.7f, pw, bh * 0.3f - 1, skl_view_slab_fill(SKL_SM_FREEPTR), 0, 0);
		skl_dl_end(v->dl);
		v->used[SKL_SM_FREEPTR] = 1;
	}
	/* the slot's size after it, when there is room */
	snprintf(buf, sizeof(buf), "= %llu B slot", (unsigned long long)cs->info.size);
	{
		float ex = x + (float)cs->info.size * bpx + 10 * v->u;
		if (ex + skl_dl_text_width(buf, fsz(v, floorf(14 * v->u))) <= x + w)
			skl__text(v->dl, ex, by, x + w - ex, bh, buf, floorf(14 * v->u), SKL_FONT_BOLD, SKL_ALIGN_LEFT,
				  C_INK2);
	}
	return head + slot_diagram_h(v) + band_gap(v);
}

/* Pixels a byte for the slots of c's empty caches: the widest takes most
 * of the width, and all share the scale. */
static float geo_scale(const sv *v, const col *c)
{
	float bpx = 12 * v->u, room = c->w - skl_dl_text_width("= 4096 B slot", fsz(v, floorf(14 * v->u))) - 16 * v->u;
	int i;
	for (i = 0; i < c->nempty; i++) {
		size_t sz = c->k->caches[c->empty[i]].info.size;
		if (sz && room / (float)sz < bpx)
			bpx = room / (float)sz;
	}
	return bpx;
}

static void draw_empty(sv *v, col *c, float y)
{
	const skl_kernel_snap *k = c->k;
	char line[2048], one[640], buf[2048], al[320];
	float fs = floorf(14 * v->u);
	int i;
	if (c->geo) {
		float bpx = geo_scale(v, c);
		for (i = 0; i < c->nempty; i++) {
			const skl_cache_snap *cs = &k->caches[c->empty[i]];
			if (y + geo_height(v, c, cs, c->w) - band_gap(v) > c->bottom + 0.5f)
				break;
			y += draw_geo_band(v, c, cs, c->x, y, c->w, bpx);
		}
		return;
	}
	if (!c->nempty || y + 20 * v->u > c->bottom + 0.5f)
		return;
	if (c->empty_mode == SKL_SLAB_EMPTY_LINES) {
		for (i = 0; i < c->nempty; i++) {
			const skl_cache_snap *cs = &k->caches[c->empty[i]];
			float ly = y + (float)i * floorf(22 * v->u);
			if (ly + 20 * v->u > c->bottom + 0.5f)
				break;
			snprintf(v->key, sizeof(v->key), "%d:cache:%s", c->obj, cs->info.name);
			cache_tooltip(k, cs, v->tip, sizeof(v->tip));
			alias_words(cs, al, sizeof(al));
			snprintf(one, sizeof(one), "%s%s%s \xc2\xb7 empty \xc2\xb7 %llu B slot, %u per slab of %u %s",
				 cs->info.name, al[0] ? ", " : "", al, (unsigned long long)cs->info.size,
				 cs->info.objs_per_slab, cs->info.pages_per_slab,
				 plural(cs->info.pages_per_slab, "page", "pages"));
			skl_dl_begin(v->dl, v->key, v->tip);
			text_fit(v, c->x, ly, c->w, floorf(22 * v->u), one, fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
				 C_INK3);
			skl_dl_end(v->dl);
		}
		return;
	}
	snprintf(line, sizeof(line), "%d empty %s: ", c->nempty, plural((uint64_t)c->nempty, "cache", "caches"));
	v->tip[0] = 0;
	skl__catf(v->tip, sizeof(v->tip), "caches with no slabs:");
	for (i = 0; i < c->nempty; i++) {
		const skl_cache_snap *cs = &k->caches[c->empty[i]];
		alias_words(cs, al, sizeof(al));
		skl__catf(line, sizeof(line), "%s%s%s%s%s", i ? ", " : "", cs->info.name, al[0] ? " (" : "", al,
			  al[0] ? ")" : "");
		skl__catf(v->tip, sizeof(v->tip), "\n  %s: %llu B slot, %u per slab of %u %s%s%s", cs->info.name,
			  (unsigned long long)cs->info.size, cs->info.objs_per_slab, cs->info.pages_per_slab,
			  plural(cs->info.pages_per_slab, "page", "pages"), al[0] ? "; " : "", al);
	}
	snprintf(v->key, sizeof(v->key), "%d:empty", c->obj);
	skl_dl_begin(v->dl, v->key, v->tip);
	skl_dl_ellipsize(line, skl_dl_fit_chars(c->w, fs), buf, sizeof(buf));
	skl__text(v->dl, c->x, y, c->w, floorf(22 * v->u), buf, fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	skl_dl_end(v->dl);
}

/* 0, or -1 when out of memory. */
static int draw_bands(sv *v, col *c, const scale *sc)
{
	float *bx = skl_calloc((size_t)c->nband + 1, 2 * sizeof(float)), *by, y, bw = band_width(v, c);
	int i;
	if (!bx)
		return -1;
	by = bx + c->nband + 1;
	y = c->top + place_bands(v, c, sc, bx, by, NULL) - empty_height(v, c);
	for (i = 0; i < c->nband; i++)
		draw_band(v, c, sc, i, bx[i], by[i], bw);
	skl_free(bx);
	if (y < c->bottom)
		draw_empty(v, c, y);
	if (c->clipped_slabs) {
		char t[160];
		float fs = floorf(14 * v->u);
		snprintf(t, sizeof(t), "%d more %s in %d %s past the edge at this zoom: zoom out or choose caches",
			 c->clipped_slabs, plural((uint64_t)c->clipped_slabs, "slab", "slabs"),
			 c->clipped_caches ? c->clipped_caches : 1,
			 plural((uint64_t)(c->clipped_caches ? c->clipped_caches : 1), "cache", "caches"));
		snprintf(v->key, sizeof(v->key), "%d:more", c->obj);
		skl_dl_begin(v->dl, v->key, t);
		text_fit(v, c->x, c->bottom, c->w, floorf(20 * v->u), t, fs, SKL_FONT_BOLD, SKL_ALIGN_LEFT,
			 skl_view_slab_stroke(SKL_SM_BAD));
		skl_dl_end(v->dl);
	}
	return 0;
}

/* ---- the overview: a cell per slab, coloured by how full it is ------------------------------------ */

/* Empty, five steps of partial (1-20% ... 81-99% in use), full: pale to
 * dark as the slab fills, the partial steps in a hue of their own (amber
 * to brown) so that they stand out from full and empty slabs. */
static const uint32_t ov_fills[7] = {0xd3e6f5, 0xfbe3a0, 0xf6c35c, 0xeaa12c, 0xcf7d16, 0x9c5a0a, 0x0072b2};
#define OV_FULL 6
#define OV_MANY 8 /* partial slabs from which a band tells the lesson and draws the histogram */

/* 0 empty, 1..5 partial by fill, OV_FULL full */
static int fill_class(uint64_t inuse, uint64_t n)
{
	uint64_t k;
	if (!n || !inuse)
		return 0;
	if (inuse >= n)
		return OV_FULL;
	k = (inuse * 5 + n - 1) / n;
	return k < 1 ? 1 : k > 5 ? 5 : (int)k;
}

static skl_color ov_fill(int cls)
{
	return SKL_HEX(ov_fills[cls < 0 ? 0 : cls > OV_FULL ? OV_FULL : cls]);
}

typedef struct ovstat {
	unsigned long full, partial, empty, cpu;
	uint64_t objs, inuse, free_partial, bytes;
	unsigned per; /* objects a slab (the most any slab has) */
} ovstat;

static void ov_stats(const col *c, const skl_cache_snap *cs, ovstat *st)
{
	int j;
	memset(st, 0, sizeof(*st));
	for (j = 0; j < cs->nslabs; j++) {
		const skl_slab_snap *sl = &cs->slabs[j];
		st->objs += sl->nobjs;
		st->inuse += sl->inuse;
		st->bytes += (uint64_t)(sl->pages ? sl->pages : 1) * page_size(c->k);
		st->cpu += sl->list == 3;
		if (sl->nobjs > st->per)
			st->per = sl->nobjs;
		if (!sl->inuse)
			st->empty++;
		else if (sl->inuse >= sl->nobjs)
			st->full++;
		else {
			st->partial++;
			st->free_partial += sl->nobjs - sl->inuse;
		}
	}
}

/* The side panel's width beside the grid; 0 = the panel goes under it. */
static float ov_side(const sv *v, float w)
{
	return w >= 640 * v->u ? floorf(skl__clampf(w * 0.3f, 300 * v->u, 460 * v->u)) : 0;
}

static float ov_hist_h(const sv *v)
{
	return floorf(18 * v->u) + floorf(16 * v->u) + floorf(70 * v->u) + floorf(18 * v->u);
}

/* A band's panel w wide at x, y: the slabs by fill, the objects, the
 * lesson (free objects stranded in partial slabs) and a histogram of the
 * partial slabs' fill. Returns its height; with dry, draws nothing. */
static float ov_panel(sv *v, const col *c, const skl_cache_snap *cs, float x, float y, float w, int dry)
{
	ovstat st;
	char l1[256], l2[256], l3[512], a[32], b[32], d[32], e[32], bytes[32], fb[32];
	float s1 = floorf(15 * v->u), s2 = floorf(13 * v->u), h1, h2, h3 = 0, yy = y;
	ov_stats(c, cs, &st);
	fmt_count((uint64_t)cs->nslabs, a, sizeof(a));
	fmt_count(st.full, b, sizeof(b));
	fmt_count(st.partial, d, sizeof(d));
	fmt_count(st.empty, e, sizeof(e));
	snprintf(l1, sizeof(l1), "%s %s: %s full \xc2\xb7 %s partial \xc2\xb7 %s empty", a,
		 plural((uint64_t)cs->nslabs, "slab", "slabs"), b, d, e);
	if (st.cpu) {
		fmt_count(st.cpu, a, sizeof(a));
		skl__catf(l1, sizeof(l1), " (%s CPU)", a);
	}
	fmt_count(st.inuse, a, sizeof(a));
	fmt_count(st.objs, b, sizeof(b));
	fmt_bytes(st.bytes, bytes, sizeof(bytes));
	snprintf(l2, sizeof(l2), "%s of %s objects in use (%.0f%%) \xc2\xb7 %s in slabs", a, b,
		 st.objs ? 100.0 * (double)st.inuse / (double)st.objs : 0.0, bytes);
	l3[0] = 0;
	if (st.partial >= OV_MANY) {
		uint64_t fbytes = st.free_partial * cs->info.size;
		fmt_count(st.partial, a, sizeof(a));
		fmt_count(st.free_partial, b, sizeof(b));
		fmt_bytes(fbytes, fb, sizeof(fb));
		snprintf(l3, sizeof(l3),
			 "the %s partial %s hold %s free objects, %s (%.0f%% of the slabs' memory): a slab goes "
			 "back to the page allocator only when its last object is freed",
			 a, plural(st.partial, "slab", "slabs"), b, fb,
			 st.bytes ? 100.0 * (double)fbytes / (double)st.bytes : 0.0);
	}
	if (v->ov.panel < 1)
		l2[0] = l3[0] = 0;
	h1 = lines_h(v, text_lines(v, l1, s1, w, 2), s1) + 6 * v->u;
	h2 = l2[0] ? lines_h(v, text_lines(v, l2, s2, w, 2), s2) + 6 * v->u : 0;
	if (l3[0])
		h3 = lines_h(v, text_lines(v, l3, s2, w, 4), s2) + 8 * v->u;
	if (!dry) {
		snprintf(v->key, sizeof(v->key), "%d:ovtotal:%s", c->obj, cs->info.name);
		snprintf(v->tip, sizeof(v->tip), "%s\n%s%s%s", l1, l2, l3[0] ? "\n" : "", l3);
		skl_dl_begin(v->dl, v->key, v->tip);
		text_fit(v, x, yy, w, h1 - 6 * v->u, l1, s1, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
		if (l2[0])
			text_fit(v, x, yy + h1, w, h2 - 6 * v->u, l2, s2, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		if (l3[0])
			text_fit(v, x, yy + h1 + h2, w, h3 - 8 * v->u, l3, s2, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
				 C_INK2);
		skl_dl_end(v->dl);
	}
	yy += h1 + h2 + h3;
	if (st.partial >= OV_MANY && st.per >= 3 && v->ov.panel >= 2) {
		unsigned long cnt[24], mx = 0;
		int nb = st.per - 1 > 24 ? 24 : (int)st.per - 1, k, j, peak = 0;
		float ty = yy, bh = floorf(70 * v->u), bary = ty + floorf(18 * v->u) + floorf(16 * v->u);
		float bw = w / (float)nb, gap = bw >= 5 ? 1 : 0;
		if (dry)
			return yy - y + ov_hist_h(v);
		memset(cnt, 0, sizeof(cnt));
		for (j = 0; j < cs->nslabs; j++) {
			const skl_slab_snap *sl = &cs->slabs[j];
			if (sl->inuse && sl->inuse < sl->nobjs) {
				k = (int)((uint64_t)(sl->inuse - 1) * (uint64_t)nb / (st.per - 1));
				cnt[k < nb ? k : nb - 1]++;
			}
		}
		for (k = 0; k < nb; k++)
			if (cnt[k] > mx) {
				mx = cnt[k];
				peak = k;
			}
		snprintf(l1, sizeof(l1), "partial slabs by objects in use (of %u)", st.per);
		snprintf(v->key, sizeof(v->key), "%d:hist:%s", c->obj, cs->info.name);
		skl_dl_begin(v->dl, v->key, NULL);
		text_fit(v, x, ty, w, floorf(18 * v->u), l1, s2, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK2);
		skl_dl_rect(v->dl, x, bary + bh, w, 1, C_INK3, 0, 0);
		skl_dl_end(v->dl);
		for (k = 0; k < nb; k++) {
			unsigned lo = 1 + (unsigned)((uint64_t)k * (st.per - 1) / (unsigned)nb);
			unsigned hi = (unsigned)((uint64_t)(k + 1) * (st.per - 1) / (unsigned)nb);
			float hgt = cnt[k] ? fmaxf(2, bh * (float)cnt[k] / (float)mx) : 0;
			int cls = fill_class((lo + hi) / 2, st.per);
			if (hi < lo)
				hi = lo;
			fmt_count(cnt[k], a, sizeof(a));
			snprintf(v->key, sizeof(v->key), "%d:hist:%s:%d", c->obj, cs->info.name, k);
			if (lo == hi)
				snprintf(v->tip, sizeof(v->tip), "%s partial %s with %u of %u objects in use", a,
					 plural(cnt[k], "slab", "slabs"), lo, st.per);
			else
				snprintf(v->tip, sizeof(v->tip), "%s partial %s with %u-%u of %u objects in use", a,
					 plural(cnt[k], "slab", "slabs"), lo, hi, st.per);
			skl_dl_begin(v->dl, v->key, v->tip);
			/* the whole column hovers, the bar shows the count */
			skl_dl_rect(v->dl, x + (float)k * bw, bary, bw - gap, bh, C_BG, 0, 0);
			if (hgt > 0)
				skl_dl_rect(v->dl, x + (float)k * bw, bary + bh - hgt, bw - gap, hgt, ov_fill(cls),
					    cls >= 4 ? 0 : skl_view_slab_stroke(SKL_SM_WASTE), cls >= 4 ? 0 : 1);
			if (k == peak) { /* the peak's count, over its bar */
				float lw = skl_dl_text_width(a, fsz(v, s2)) + 4, lx;
				lx = skl__clampf(x + ((float)k + 0.5f) * bw - lw / 2, x, x + w - lw);
				skl__text(v->dl, lx, bary + bh - hgt - floorf(16 * v->u), lw, floorf(16 * v->u), a, s2,
					  SKL_FONT_BOLD, SKL_ALIGN_CENTER, C_INK);
			}
			skl_dl_end(v->dl);
			v->ov_used[cls] = 1;
		}
		/* the axis: its ends and what it counts */
		snprintf(v->key, sizeof(v->key), "%d:histaxis:%s", c->obj, cs->info.name);
		skl_dl_begin(v->dl, v->key, NULL);
		snprintf(l1, sizeof(l1), "%u", 1u);
		snprintf(l2, sizeof(l2), "%u", st.per - 1);
		skl__text(v->dl, x, bary + bh + 1, w / 4, floorf(17 * v->u), l1, s2, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
			  C_INK3);
		skl__text(v->dl, x + w * 0.75f, bary + bh + 1, w / 4, floorf(17 * v->u), l2, s2, SKL_FONT_REGULAR,
			  SKL_ALIGN_RIGHT, C_INK3);
		if (skl_dl_text_width("objects in use", fsz(v, s2)) <= w / 2)
			skl__text(v->dl, x + w / 4, bary + bh + 1, w / 2, floorf(17 * v->u), "objects in use", s2,
				  SKL_FONT_REGULAR, SKL_ALIGN_CENTER, C_INK3);
		skl_dl_end(v->dl);
		yy += ov_hist_h(v);
	}
	return yy - y;
}

/* Band i's grid: cells, cells a row, rows, for the plan in v->ov. */
static void ov_grid(const sv *v, const col *c, int i, float gw, int *cells, int *per_row, int *rows)
{
	const skl_cache_snap *cs = &c->k->caches[c->band[i]];
	float pitch = v->ov.cell + v->ov.gap;
	*cells = (cs->nslabs + v->ov.group - 1) / v->ov.group;
	*per_row = (int)floorf((gw + v->ov.gap) / pitch);
	if (*per_row < 1)
		*per_row = 1;
	*rows = (*cells + *per_row - 1) / *per_row;
}

static float ov_band_height(const sv *v, const col *c, int i)
{
	float side = ov_side(v, c->w), gw = side > 0 ? c->w - side - floorf(24 * v->u) : c->w, gh;
	float head = c->hh[i] + chip_h(v) + c->nh[i] + floorf(4 * v->u);
	int cells, per_row, rows;
	ov_grid(v, c, i, gw, &cells, &per_row, &rows);
	gh = (float)rows * (v->ov.cell_h + v->ov.gap) - v->ov.gap;
	return head + (side > 0 ? fmaxf(gh, c->ph[i]) : gh + floorf(10 * v->u) + c->ph[i]) + band_gap(v);
}

/* The height of c's first nb bands, its empty caches and (when some are
 * left out) the line naming them. */
static float ov_col_height(const sv *v, const col *c, int nb)
{
	float h = empty_height(v, c) + (nb < c->nband ? floorf(24 * v->u) : 0);
	int i;
	for (i = 0; i < nb; i++)
		h += ov_band_height(v, c, i);
	return h;
}

/* The overview's plan: the largest cells (one a slab) at which every
 * column fits; then cells of 2, 4, 8 ... slabs; and when even that does
 * not fit, the bands that do, the others named in a line. */
static void ov_choose(sv *v, col *cols, int n)
{
	float cell;
	int i, ok = 0, g;
	for (i = 0; i < n; i++) {
		cols[i].ncols = 1;
		col_heads(v, &cols[i]);
	}
#define OV_FITS()                                                                                                      \
	do {                                                                                                           \
		ok = 1;                                                                                                \
		for (i = 0; i < n && ok; i++)                                                                          \
			ok = ov_col_height(v, &cols[i], cols[i].nband) <= cols[i].bottom - cols[i].top;                \
	} while (0)
	/* the panel first (it carries the lesson), then the cells' size */
	for (v->ov.panel = 2; v->ov.panel >= 0 && !ok; v->ov.panel--) {
		for (i = 0; i < n; i++) {
			col *c = &cols[i];
			float side = ov_side(v, c->w);
			int j;
			for (j = 0; j < c->nband; j++)
				c->ph[j] = ov_panel(v, c, &c->k->caches[c->band[j]], 0, 0, side > 0 ? side : c->w, 1);
		}
		v->ov.group = 1;
		for (cell = floorf(22 * v->u); cell >= 2 && !ok; cell = cell > 6 ? floorf(cell * 0.85f) : cell - 1) {
			v->ov.cell = v->ov.cell_h = cell;
			v->ov.gap = cell >= 3 ? 1 : 0;
			OV_FITS();
		}
		for (g = 2; !ok && g <= (v->ov.panel ? 64 : 1 << 26); g *= 2) {
			v->ov.cell = v->ov.cell_h = 3;
			v->ov.gap = 0;
			v->ov.group = g;
			OV_FITS();
		}
		if (ok)
			break;
	}
	if (v->ov.panel < 0)
		v->ov.panel = 0;
	/* height left over: taller cells, up to twice their width */
	v->ov.cell_h = v->ov.cell;
	if (ok)
		while (ok && v->ov.cell_h < 2 * v->ov.cell) {
			v->ov.cell_h += 1;
			OV_FITS();
			if (!ok)
				v->ov.cell_h -= 1;
		}
#undef OV_FITS
	for (i = 0; i < n; i++) {
		col *c = &cols[i];
		c->ov_fit = c->nband;
		while (c->ov_fit > 0 && ov_col_height(v, c, c->ov_fit) > c->bottom - c->top)
			c->ov_fit--;
	}
}

/* The tooltip of the slabs a..b of a run of cells. */
static void ov_run_tip(const col *c, const skl_cache_snap *cs, int a, int b, char *out, size_t outsz)
{
	unsigned long full = 0, partial = 0, empty = 0;
	uint64_t inuse = 0, objs = 0;
	char n1[32], n2[32];
	int j;
	if (a == b) {
		slab_tooltip(c->k, cs, a, out, outsz);
		return;
	}
	for (j = a; j <= b; j++) {
		const skl_slab_snap *sl = &cs->slabs[j];
		inuse += sl->inuse;
		objs += sl->nobjs;
		full += sl->inuse && sl->inuse >= sl->nobjs;
		empty += !sl->inuse;
		partial += sl->inuse && sl->inuse < sl->nobjs;
	}
	fmt_count(inuse, n1, sizeof(n1));
	fmt_count(objs, n2, sizeof(n2));
	snprintf(out, outsz,
		 "%s: slabs %d-%d (%d slabs, 0x%llx ...)\n%lu full, %lu partial, %lu empty\n%s of %s objects in use "
		 "(%.0f%%)",
		 cs->info.name, a, b, b - a + 1, (unsigned long long)cs->slabs[a].base, full, partial, empty, n1, n2,
		 objs ? 100.0 * (double)inuse / (double)objs : 0.0);
}

/* The fill class of cell q: of its slab, or of its group of slabs
 * (full and empty only when every slab of it is). */
static int ov_class(const sv *v, const skl_cache_snap *cs, int q)
{
	uint64_t in = 0, no = 0;
	int a = q * v->ov.group, b = a + v->ov.group, j, allf = 1, alle = 1, cls;
	if (b > cs->nslabs)
		b = cs->nslabs;
	if (b - a == 1)
		return fill_class(cs->slabs[a].inuse, cs->slabs[a].nobjs);
	for (j = a; j < b; j++) {
		in += cs->slabs[j].inuse;
		no += cs->slabs[j].nobjs;
		allf &= cs->slabs[j].inuse >= cs->slabs[j].nobjs;
		alle &= !cs->slabs[j].inuse;
	}
	cls = allf ? OV_FULL : alle ? 0 : fill_class(in, no);
	return cls == OV_FULL && !allf ? 5 : cls == 0 && !alle ? 1 : cls;
}

/* The last slab of the cells before q. */
static int ov_last(const sv *v, const skl_cache_snap *cs, int q)
{
	int s = q * v->ov.group - 1;
	return s >= cs->nslabs ? cs->nslabs - 1 : s;
}

/* "OBJ:ov:CACHE:A-B" (or ":A" for one slab) into v->key */
static void ov_key(sv *v, const col *c, const skl_cache_snap *cs, int a, int b)
{
	skl__sb kb;
	if (b >= cs->nslabs)
		b = cs->nslabs - 1;
	skl__sb_init(&kb, v->key, sizeof(v->key));
	skl__sb_i64(&kb, c->obj);
	skl__sb_str(&kb, ":ov:");
	skl__sb_str(&kb, cs->info.name);
	skl__sb_str(&kb, ":");
	skl__sb_i64(&kb, a);
	if (b > a) {
		skl__sb_str(&kb, "-");
		skl__sb_i64(&kb, b);
	}
}

/* Band i of the overview at x, y: head, grid, panel; returns its height. */
static float draw_ov_band(sv *v, col *c, int i, float x, float y, float w)
{
	const skl_cache_snap *cs = &c->k->caches[c->band[i]];
	float side = ov_side(v, w), gw = side > 0 ? w - side - floorf(24 * v->u) : w, gy, pitch, gh;
	int cells, per_row, rows, q, r, row_group = v->ov.cell < 6;
	scale sc;
	memset(&sc, 0, sizeof(sc));
	draw_band_head(v, c, &sc, cs, x, y, w, c->nh[i], NULL);
	gy = y + c->hh[i] + chip_h(v) + c->nh[i] + floorf(4 * v->u);
	ov_grid(v, c, i, gw, &cells, &per_row, &rows);
	pitch = v->ov.cell + v->ov.gap;
	gh = (float)rows * (v->ov.cell_h + v->ov.gap) - v->ov.gap;
	/* runs of cells of one class in a row become one rectangle (cells
	 * apart: one each); a run is a hover group, or, when cells are too
	 * small to point at, the row is */
	for (r = 0; r < rows; r++) {
		int q0 = r * per_row, q1 = q0 + per_row < cells ? q0 + per_row : cells;
		float ry = gy + (float)r * (v->ov.cell_h + v->ov.gap);
		if (row_group) {
			ov_key(v, c, cs, q0 * v->ov.group, q1 * v->ov.group - 1);
			ov_run_tip(c, cs, q0 * v->ov.group, ov_last(v, cs, q1), v->tip, sizeof(v->tip));
			skl_dl_begin(v->dl, v->key, v->tip);
		}
		for (q = q0; q < q1;) {
			int cls = ov_class(v, cs, q), e, len;
			float rx = x + (float)(q - q0) * pitch;
			for (len = 1; q + len < q1 && ov_class(v, cs, q + len) == cls; len++)
				;
			if (!row_group) {
				ov_key(v, c, cs, q * v->ov.group, ov_last(v, cs, q + len));
				ov_run_tip(c, cs, q * v->ov.group, ov_last(v, cs, q + len), v->tip, sizeof(v->tip));
				skl_dl_begin(v->dl, v->key, v->tip);
			}
			if (v->ov.gap > 0)
				for (e = 0; e < len; e++)
					skl_dl_rect(v->dl, rx + (float)e * pitch, ry, v->ov.cell, v->ov.cell_h,
						    ov_fill(cls), 0, 0);
			else
				skl_dl_rect(v->dl, rx, ry, (float)len * pitch, v->ov.cell_h, ov_fill(cls), 0, 0);
			if (!row_group)
				skl_dl_end(v->dl);
			v->ov_used[cls] = 1;
			q += len;
		}
		if (row_group)
			skl_dl_end(v->dl);
	}
	if (side > 0)
		ov_panel(v, c, cs, x + gw + floorf(24 * v->u), gy, side, 0);
	else
		ov_panel(v, c, cs, x, gy + gh + floorf(10 * v->u), w, 0);
	return ov_band_height(v, c, i);
}

/* The overview of c: its bands, the caches left out (named), its empty
 * caches. */
static void draw_overview(sv *v, col *c)
{
	float y = c->top;
	int i;
	for (i = 0; i < c->ov_fit; i++)
		y += draw_ov_band(v, c, i, c->x, y, c->w);
	if (c->ov_fit < c->nband) {
		char t[2048];
		int n = c->nband - c->ov_fit;
		snprintf(t, sizeof(t), "%d more %s with slabs:", n, plural((uint64_t)n, "cache", "caches"));
		for (i = c->ov_fit; i < c->nband; i++) {
			const skl_cache_snap *cs = &c->k->caches[c->band[i]];
			char a[32];
			fmt_count((uint64_t)cs->nslabs, a, sizeof(a));
			skl__catf(t, sizeof(t), "%s %s (%s %s)", i > c->ov_fit ? "," : "", cs->info.name, a,
				  plural((uint64_t)cs->nslabs, "slab", "slabs"));
		}
		skl__catf(t, sizeof(t), "; show them with caches = {...}");
		snprintf(v->key, sizeof(v->key), "%d:more", c->obj);
		skl_dl_begin(v->dl, v->key, t);
		text_fit(v, c->x, y, c->w, floorf(22 * v->u), t, floorf(14 * v->u), SKL_FONT_BOLD, SKL_ALIGN_LEFT,
			 C_INK2);
		skl_dl_end(v->dl);
		y += floorf(24 * v->u);
	}
	if (y < c->bottom)
		draw_empty(v, c, y);
}

/* ---- header and legend --------------------------------------------------------------------------- */

static void alloc_text(const skl_kernel_snap *k, char *out, size_t outsz)
{
	snprintf(out, outsz, "%s", is_slub(k) ? "SLUB" : "SLAB (2.4)");
}

/* The header's text: the machine's facts (beside the title when they fit:
 * *beside) and the line of totals under it, which takes the facts too
 * when they are not beside. Returns the lines the totals take (1 or 2). */
static int header_text(const sv *v, const col *c, const char *title, char *facts, size_t fsz_, char *line, size_t lsz,
		       int *beside)
{
	const skl_kernel_snap *k = c->k;
	skl_slab_totals t;
	char al[32], used[32], total[32], ps[32], pb[32], n1[32], n2[32], n3[32], n4[32];
	float ts = fsz(v, floorf(28 * v->u)), ss = floorf(17 * v->u), tw;
	skl_view_slab_totals(k, c->names, c->nnames, &t);
	alloc_text(k, al, sizeof(al));
	fmt_bytes(k->ram_used, used, sizeof(used));
	fmt_bytes(k->ram_total, total, sizeof(total));
	fmt_bytes(page_size(k), ps, sizeof(ps));
	fmt_bytes(t.bytes, pb, sizeof(pb));
	tw = fminf(skl_dl_text_width(title, ts), c->w);
	facts[0] = 0;
	if (strcmp(title, k->profile))
		skl__catf(facts, fsz_, "%s \xc2\xb7 ", k->profile);
	skl__catf(facts, fsz_, "%s \xc2\xb7 %s pages \xc2\xb7 RAM %s used of %s", al, ps, used, total);
	*beside = tw + 20 * v->u + skl_dl_text_width(facts, fsz(v, ss)) <= c->w;
	line[0] = 0;
	if (!*beside)
		skl__catf(line, lsz, "%s \xc2\xb7 ", facts);
	fmt_count(t.slabs, n1, sizeof(n1));
	fmt_count(t.pages, n2, sizeof(n2));
	fmt_count(t.active, n3, sizeof(n3));
	fmt_count(t.objs, n4, sizeof(n4));
	skl__catf(line, lsz, "%d %s \xc2\xb7 %s %s \xc2\xb7 %s %s (%s) \xc2\xb7 %s of %s objects in use", t.caches,
		  plural((uint64_t)t.caches, "cache", "caches"), n1, plural(t.slabs, "slab", "slabs"), n2,
		  plural(t.pages, "page", "pages"), pb, n3, n4);
	if (t.quarantined) {
		fmt_count(t.quarantined, n1, sizeof(n1));
		skl__catf(line, lsz, " (%s in quarantine)", n1);
	}
	if (c->nempty)
		skl__catf(line, lsz, " \xc2\xb7 %d empty", c->nempty);
	return text_lines(v, line, floorf(ss * 0.88f), c->w, 2);
}

/* The header's height: the title row and the totals' lines. */
static float header_height(const sv *v, int lines)
{
	return floorf(34 * v->u) + floorf(24 * v->u) + (float)(lines - 1) * fsz(v, floorf(17 * v->u * 0.88f)) * 1.2f +
	       floorf(14 * v->u);
}

static void draw_header(sv *v, const col *c, float y, const char *title)
{
	const skl_kernel_snap *k = c->k;
	char facts[512], line[1024], al[32];
	float ts = floorf(28 * v->u), ss = floorf(17 * v->u), tw;
	int beside, nl;
	title = title && *title ? title : k->profile;
	nl = header_text(v, c, title, facts, sizeof(facts), line, sizeof(line), &beside);
	alloc_text(k, al, sizeof(al));
	snprintf(v->key, sizeof(v->key), "%d:header", c->obj);
	snprintf(v->tip, sizeof(v->tip),
		 "%s\nallocator %s, %u-byte pages\nsimulated RAM: %llu of %llu bytes in use\n%d caches in the snapshot",
		 k->profile, al, page_size(k), (unsigned long long)k->ram_used, (unsigned long long)k->ram_total,
		 k->ncaches);
	skl_dl_begin(v->dl, v->key, v->tip);
	text_fit(v, c->x, y, c->w, floorf(34 * v->u), title, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	tw = fminf(skl_dl_text_width(title, fsz(v, ts)), c->w);
	if (beside)
		skl__text(v->dl, c->x + tw + 18 * v->u, y + 3 * v->u, c->w - tw - 18 * v->u, floorf(34 * v->u), facts,
			  ss, SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
	y += floorf(34 * v->u);
	/* the second line: what follows, in numbers */
	text_fit(v, c->x, y, c->w, floorf(24 * v->u) + (float)(nl - 1) * fsz(v, floorf(ss * 0.88f)) * 1.2f, line,
		 floorf(ss * 0.88f), SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK3);
	skl_dl_end(v->dl);
}

static float legend_height(const sv *v)
{
	return floorf(34 * v->u);
}

static void legend_swatch(sv *v, skl_slab_mark m, float x, float y, float w, float h)
{
	skl_color fill = skl_view_slab_fill(m), hue = skl_view_slab_stroke(m);
	switch (m) {
	case SKL_SM_COLOUR:
	case SKL_SM_WASTE:
		skl_dl_hatch(v->dl, x, y, w, h, fill, hue, 4);
		skl_dl_rect(v->dl, x, y, w, h, 0, hue, 1);
		break;
	case SKL_SM_REDZONE:
		skl_dl_rect(v->dl, x, y, w, h, skl_view_slab_fill(SKL_SM_FREE), skl_view_slab_stroke(SKL_SM_FREE), 1);
		skl_dl_rect(v->dl, x, y, 4, h, fill, 0, 0);
		skl_dl_rect(v->dl, x + w - 4, y, 4, h, fill, 0, 0);
		break;
	case SKL_SM_FREEPTR:
		skl_dl_rect(v->dl, x, y, w, h, skl_view_slab_fill(SKL_SM_FREE), skl_view_slab_stroke(SKL_SM_FREE), 1);
		skl_dl_rect(v->dl, x + w * 0.4f, y + h * 0.25f, 3, h * 0.5f, fill, 0, 0);
		break;
	case SKL_SM_QUARANTINE:
		skl_dl_hatch(v->dl, x, y, w, h, fill, hue, 4);
		skl_dl_rect(v->dl, x, y, w, h, 0, fill, 1);
		break;
	case SKL_SM_BAD:
		skl_dl_rect(v->dl, x, y, w, h, fill, hue, 1);
		break;
	default:
		skl_dl_rect(v->dl, x, y, w, h, fill, hue, 1);
	}
}

/* The legend's entries for the alias marks drawn, after "allocated": an
 * allocated swatch with the tag, "through alias sklab_b". 0 when the row
 * ran out of room. */
static int via_legend(sv *v, const char *prefix, float *cx, float x, float y, float w, float ls, float gap)
{
	float sw = floorf(22 * v->u), sh = floorf(15 * v->u);
	float yy = y + (legend_height(v) - sh) / 2, t = floorf(fmaxf(sh * 0.7f, 6));
	int i;
	for (i = 0; i < v->nvia; i++) {
		float ew = sw + 7 * v->u + skl_dl_text_width(v->via[i], fsz(v, ls)) + gap;
		if (*cx + ew > x + w + gap)
			return 0;
		snprintf(v->key, sizeof(v->key), "%s:legend:via:%d", prefix, i);
		snprintf(v->tip, sizeof(v->tip),
			 "an object allocated %s: kmem_cache_create() merged that name into the cache drawn, so "
			 "its objects share the cache's slabs (the object's tooltip names it)",
			 v->via[i]);
		skl_dl_begin(v->dl, v->key, v->tip);
		skl_dl_rect(v->dl, *cx, yy, sw, sh, skl_view_slab_fill(SKL_SM_ALLOC),
			    skl_view_slab_stroke(SKL_SM_ALLOC), 1);
		skl_dl_rect(v->dl, *cx, yy, t, t, via_colour(i), C_INK, 1);
		skl__text(v->dl, *cx + sw + 7 * v->u, y, ew - sw, legend_height(v), v->via[i], ls, SKL_FONT_REGULAR,
			  SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(v->dl);
		*cx += ew;
	}
	return 1;
}

/* The row the legend's entries take at type size ls, gap between them. */
static float legend_width(const sv *v, float ls, float gap)
{
	float sw = floorf(22 * v->u), tw = 0;
	int m, i;
	for (m = 0; m < SKL_SM_COUNT_; m++)
		if (v->used[m])
			tw += sw + 7 * v->u + skl_dl_text_width(marks[m].name, ls) + gap;
	for (i = 0; v->used[SKL_SM_ALLOC] && i < v->nvia; i++)
		tw += sw + 7 * v->u + skl_dl_text_width(v->via[i], fsz(v, ls)) + gap;
	return tw;
}

static void draw_legend(sv *v, const char *prefix, float x, float y, float w)
{
	float ls = floorf(15 * v->u), sw = floorf(22 * v->u), sh = floorf(15 * v->u), cx = x, gap = 20 * v->u;
	int m;
	/* a row too long for the room (a KASAN slot's marks and the
	 * quarantine's) closes its gaps, then its type down to the floor,
	 * before entries are left off */
	if (legend_width(v, ls, gap) > w + gap)
		gap = 10 * v->u;
	while (legend_width(v, ls, gap) > w + gap && ls - 1 >= v->floor)
		ls -= 1;
	for (m = 0; m < SKL_SM_COUNT_; m++) {
		const char *name = marks[m].name;
		float ew = sw + 7 * v->u + skl_dl_text_width(name, ls) + gap;
		float yy = y + (legend_height(v) - sh) / 2;
		if (!v->used[m])
			continue;
		if (cx + ew > x + w + gap)
			break;
		snprintf(v->key, sizeof(v->key), "%s:legend:%s", prefix, name);
		skl_dl_begin(v->dl, v->key,
			     m == SKL_SM_QUARANTINE ? "an object in KASAN's quarantine (freed, poisoned, not reusable "
						      "yet): kfree() put it in the quarantine, not on the freelist, "
						      "so its slab still counts it in use"
						    : NULL);
		legend_swatch(v, (skl_slab_mark)m, cx, yy, sw, sh);
		skl__text(v->dl, cx + sw + 7 * v->u, y, ew - sw, legend_height(v), name, ls, SKL_FONT_REGULAR,
			  SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(v->dl);
		cx += ew;
		if (m == SKL_SM_ALLOC && !via_legend(v, prefix, &cx, x, y, w, ls, gap))
			break;
	}
}

/* The overview's legend: what a cell stands for, and its colours. */
static void draw_ov_legend(sv *v, const char *prefix, float x, float y, float w)
{
	float ls = floorf(15 * v->u), sw = floorf(22 * v->u), sh = floorf(15 * v->u), cx = x, ew;
	float yy = y + (legend_height(v) - sh) / 2;
	char t[96];
	int k, any_partial = 0;
	for (k = 1; k <= 5; k++)
		any_partial |= v->ov_used[k];
	if (v->ov.group > 1)
		snprintf(t, sizeof(t), "a cell: %d slabs", v->ov.group);
	else
		snprintf(t, sizeof(t), "a cell: one slab");
	ew = skl_dl_text_width(t, fsz(v, ls)) + 24 * v->u;
	snprintf(v->key, sizeof(v->key), "%s:legend:cell", prefix);
	skl_dl_begin(v->dl, v->key,
		     "the overview: each cell is a slab (or a run of slabs) in the cache's order, coloured by how "
		     "many of its objects are in use");
	skl__text(v->dl, cx, y, ew, legend_height(v), t, ls, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(v->dl);
	cx += ew;
	if (v->ov_used[OV_FULL]) {
		snprintf(v->key, sizeof(v->key), "%s:legend:full", prefix);
		skl_dl_begin(v->dl, v->key, "a full slab: every object in use");
		skl_dl_rect(v->dl, cx, yy, sw, sh, ov_fill(OV_FULL), 0, 0);
		skl__text(v->dl, cx + sw + 7 * v->u, y, x + w - cx - sw - 7 * v->u, legend_height(v), "full", ls,
			  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(v->dl);
		cx += sw + 7 * v->u + skl_dl_text_width("full", fsz(v, ls)) + 20 * v->u;
	}
	if (any_partial) {
		const char *pt = "partial: from 1-20% to 81-99% in use";
		float rw = floorf(12 * v->u);
		snprintf(v->key, sizeof(v->key), "%s:legend:partial", prefix);
		skl_dl_begin(v->dl, v->key,
			     "a partial slab, by the share of its objects in use: 1-20%, 21-40%, 41-60%, 61-80%, "
			     "81-99%");
		for (k = 1; k <= 5; k++)
			skl_dl_rect(v->dl, cx + (float)(k - 1) * rw, yy, rw, sh, ov_fill(k), 0, 0);
		skl__text(v->dl, cx + 5 * rw + 7 * v->u, y, x + w - cx - 5 * rw - 7 * v->u, legend_height(v), pt, ls,
			  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(v->dl);
		cx += 5 * rw + 7 * v->u + skl_dl_text_width(pt, fsz(v, ls)) + 20 * v->u;
	}
	if (v->ov_used[0] && cx + sw + skl_dl_text_width("empty", fsz(v, ls)) < x + w) {
		snprintf(v->key, sizeof(v->key), "%s:legend:empty", prefix);
		skl_dl_begin(v->dl, v->key, "an empty slab: no object in use");
		skl_dl_rect(v->dl, cx, yy, sw, sh, ov_fill(0), skl_view_slab_stroke(SKL_SM_FREE), 1);
		skl__text(v->dl, cx + sw + 7 * v->u, y, x + w - cx - sw - 7 * v->u, legend_height(v), "empty", ls,
			  SKL_FONT_REGULAR, SKL_ALIGN_LEFT, C_INK2);
		skl_dl_end(v->dl);
	}
}

/* ---- entry points ---------------------------------------------------------------------------------- */

static float auto_u(const skl_dl *dl, float text_scale)
{
	if (text_scale > 0)
		return text_scale;
	return skl__clampf(fminf(skl_dl_width(dl) / 1600, skl_dl_height(dl) / 900), 0.6f, 3);
}

/* Region, column and scale of the single view, shared by drawing and
 * locating. */
static int single_plan(sv *v, float cw, float ch, const skl_kernel_snap *k, const skl_view_slab_opts *o, col *c,
		       scale *sc, float *x, float *y, float *w, float *h)
{
	*x = o->x;
	*y = o->y;
	*w = o->w > 0 ? o->w : cw - *x;
	*h = o->h > 0 ? o->h : ch - *y;
	v->u = o->text_scale > 0 ? o->text_scale : skl__clampf(fminf(cw / 1600, ch / 900), 0.6f, 3);
	if (col_init(c, k, o->caches, o->ncaches, o->empty) < 0)
		return -1;
	c->obj = o->obj;
	c->x = *x;
	c->w = *w;
	c->top = *y;
	if (!o->no_header) {
		char facts[512], line[1024];
		int beside;
		c->top += header_height(v, header_text(v, c, o->title && *o->title ? o->title : k->profile, facts,
						       sizeof(facts), line, sizeof(line), &beside));
	}
	c->bottom = *y + *h - (o->no_legend ? 0 : legend_height(v) + 6 * v->u);
	memset(sc, 0, sizeof(*sc));
	if (o->page_px <= 0 && needs_overview(v, c, 1)) {
		v->overview = 1;
		ov_choose(v, c, 1);
		return 0;
	}
	choose_scale(v, c, 1, o->page_px, sc);
	if (!cols_fit(v, c, 1, sc))
		c->bottom -= floorf(20 * v->u); /* room for the "not shown" line */
	return 0;
}

int skl_view_slab(skl_dl *dl, const skl_kernel_snap *k, const skl_view_slab_opts *opts)
{
	skl_view_slab_opts dflt;
	sv v;
	col c;
	scale sc;
	float x, y, w, h;
	if (!opts) {
		memset(&dflt, 0, sizeof(dflt));
		opts = &dflt;
	}
	memset(&v, 0, sizeof(v));
	v.dl = dl;
	v.floor = skl_dl_text_floor(dl);
	v.lazy = opts->lazy_tips;
	if (single_plan(&v, skl_dl_width(dl), skl_dl_height(dl), k, opts, &c, &sc, &x, &y, &w, &h) < 0)
		return -1;
	if (!opts->no_header)
		draw_header(&v, &c, y, opts->title);
	if (v.overview)
		draw_overview(&v, &c);
	else if (draw_bands(&v, &c, &sc) < 0) {
		col_free(&c);
		return -1;
	}
	if (!opts->no_legend) {
		char prefix[16];
		snprintf(prefix, sizeof(prefix), "%d", opts->obj);
		if (v.overview)
			draw_ov_legend(&v, prefix, x, y + h - legend_height(&v), w);
		else
			draw_legend(&v, prefix, x, y + h - legend_height(&v), w);
	}
	col_free(&c);
	return skl_dl_failed(dl) ? -1 : 0;
}

int skl_view_slab_locate(float cw, float ch, const skl_kernel_snap *k, const skl_view_slab_opts *opts, float qx,
			 float qy, int *cache, int *slab, int *index)
{
	skl_view_slab_opts dflt;
	sv v;
	col c;
	scale sc;
	float x, y, w, h, *bx, *by, bw;
	int i, found = 0;
	if (!opts) {
		memset(&dflt, 0, sizeof(dflt));
		opts = &dflt;
	}
	memset(&v, 0, sizeof(v));
	v.floor = opts->text_floor; /* text decides the plan: the list's floor */
	if (single_plan(&v, cw, ch, k, opts, &c, &sc, &x, &y, &w, &h) < 0)
		return 0;
	if (v.overview) { /* cells are slabs, not objects */
		col_free(&c);
		return 0;
	}
	bx = skl_calloc((size_t)c.nband + 1, 2 * sizeof(float));
	if (!bx) {
		col_free(&c);
		return 0;
	}
	by = bx + c.nband + 1;
	bw = band_width(&v, &c);
	place_bands(&v, &c, &sc, bx, by, NULL);
	/* the walk draw_band() makes, without drawing */
	for (i = 0; i < c.nband && !found; i++) {
		int ci = c.band[i], j;
		const skl_cache_snap *cs = &k->caches[ci];
		float head = band_head(&v, &c, &sc, i), pitch = row_pitch(&sc, cache_offslab(&c, cs));
		float bpp = sc.pw / (float)page_size(k);
		packer p;
		if (by[i] + head + sc.lab + sc.sh > c.bottom + 0.5f)
			continue;
		pack_init(&p, bx[i], bw, sc.gap);
		for (j = 0; j < cs->nslabs; j++) {
			const skl_slab_snap *sl = &cs->slabs[j];
			float sw = (float)(sl->pages ? sl->pages : 1) * sc.pw, sx = pack_place(&p, sw);
			float sy = by[i] + head + (float)p.row * pitch + sc.lab, ox, cw1;
			if (sy + sc.sh > c.bottom + 0.5f)
				break;
			if (qy < sy || qy >= sy + sc.sh || qx < sx || qx >= sx + sw)
				continue;
			ox = sx + (float)first_slot(cs, sl, c.slub) * bpp;
			cw1 = (float)cs->info.size * bpp;
			if (qx >= ox && cw1 > 0) {
				long idx = (long)floorf((qx - ox) / cw1);
				if (idx >= 0 && (unsigned long)idx < sl->nobjs) {
					*cache = ci;
					*slab = j;
					*index = (int)idx;
					found = 1;
				}
			}
			break;
		}
	}
	skl_free(bx);
	col_free(&c);
	return found;
}

/* ---- compare -------------------------------------------------------------------------------------------- */

static void totals_text(const skl_kernel_snap *k, const skl_slab_totals *t, char *l1, size_t n1, char *l2, size_t n2)
{
	char b[32], ab[32];
	fmt_bytes(t->bytes, b, sizeof(b));
	fmt_bytes(t->active_bytes, ab, sizeof(ab));
	snprintf(l1, n1, "%llu %s \xc2\xb7 %s in %lu %s", (unsigned long long)t->pages,
		 plural(t->pages, "page", "pages"), b, t->slabs, plural(t->slabs, "slab", "slabs"));
	snprintf(l2, n2, "%lu of %lu objects in use \xc2\xb7 %s requested \xc2\xb7 %.0f%% of the slab bytes", t->active,
		 t->objs, ab, t->bytes ? 100.0 * (double)t->active_bytes / (double)t->bytes : 0.0);
	(void)k;
}

static void signed_text(long long d, const char *unit_one, const char *unit_many, char *out, size_t outsz)
{
	unsigned long long m = (unsigned long long)(d < 0 ? -d : d);
	snprintf(out, outsz, "%s%llu %s",
		 d < 0	 ? "\xe2\x88\x92"
		 : d > 0 ? "+"
			 : "\xc2\xb1",
		 m, m == 1 ? unit_one : unit_many);
}

static void signed_bytes(long long d, char *out, size_t outsz)
{
	char b[32];
	fmt_bytes((uint64_t)(d < 0 ? -d : d), b, sizeof(b));
	snprintf(out, outsz, "%s%s", d < 0 ? "\xe2\x88\x92" : d > 0 ? "+" : "\xc2\xb1", b);
}

static void draw_compare_head(sv *v, const col *c, float y, const char *title)
{
	const skl_kernel_snap *k = c->k;
	char line[512], al[32], ps[32], buf[512];
	float ts = floorf(24 * v->u), ss = floorf(15 * v->u);
	alloc_text(k, al, sizeof(al));
	fmt_bytes(page_size(k), ps, sizeof(ps));
	snprintf(v->key, sizeof(v->key), "%d:header", c->obj);
	snprintf(v->tip, sizeof(v->tip),
		 "%s\n%s\nallocator %s, %u-byte pages\nsimulated RAM: %llu of %llu bytes in use", title, k->profile, al,
		 page_size(k), (unsigned long long)k->ram_used, (unsigned long long)k->ram_total);
	skl_dl_begin(v->dl, v->key, v->tip);
	text_fit(v, c->x, y, c->w, floorf(32 * v->u), title, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
	snprintf(line, sizeof(line), "%s \xc2\xb7 %s \xc2\xb7 %s pages", k->profile, al, ps);
	skl_dl_ellipsize(line, skl_dl_fit_chars(c->w, ss), buf, sizeof(buf));
	skl__text(v->dl, c->x, y + floorf(32 * v->u), c->w, floorf(22 * v->u), buf, ss, SKL_FONT_REGULAR,
		  SKL_ALIGN_LEFT, C_INK2);
	skl_dl_end(v->dl);
}

/* A title for a side that was given none: its profile, or the caches that
 * hold slabs when both sides share a profile. */
static void derive_title(const col *c, const skl_kernel_snap *other, char *out, size_t outsz)
{
	int i;
	if (!other || strcmp(c->k->profile, other->profile)) {
		snprintf(out, outsz, "%s", c->k->profile);
		return;
	}
	out[0] = 0;
	for (i = 0; i < c->nband && i < 4; i++)
		skl__catf(out, outsz, "%s%s", i ? ", " : "", c->k->caches[c->band[i]].info.name);
	if (c->nband > 4)
		skl__catf(out, outsz, " +%d", c->nband - 4);
	if (!out[0])
		snprintf(out, outsz, "%s", c->k->profile);
}

int skl_view_slab_compare(skl_dl *dl, const skl_kernel_snap *a, const char *title_a, const skl_kernel_snap *b,
			  const char *title_b, const skl_view_compare_opts *opts)
{
	skl_view_compare_opts dflt;
	const skl_kernel_snap *ks[2];
	const char *titles[2];
	char derived[2][256];
	skl_slab_totals t[2];
	sv v;
	col c[2];
	scale sc;
	float x, y, w, h, gap, cw, head, foot, ts, fs, ty;
	char l1[256], l2[256], d1[64], d2[64], d3[64], line[512];
	int i;

	if (!opts) {
		memset(&dflt, 0, sizeof(dflt));
		opts = &dflt;
	}
	memset(&v, 0, sizeof(v));
	v.dl = dl;
	v.floor = skl_dl_text_floor(dl);
	ks[0] = a;
	ks[1] = b;
	x = opts->x;
	y = opts->y;
	w = opts->w > 0 ? opts->w : skl_dl_width(dl) - x;
	h = opts->h > 0 ? opts->h : skl_dl_height(dl) - y;
	v.u = auto_u(dl, opts->text_scale);
	gap = floorf(48 * v.u);
	cw = (w - gap) / 2;
	head = floorf(32 * v.u) + floorf(22 * v.u) + floorf(16 * v.u);
	ts = floorf(18 * v.u);
	fs = floorf(15 * v.u);
	foot = ts * 1.5f + fs * 1.5f + floorf(12 * v.u) + floorf(32 * v.u) +
	       (opts->no_legend ? 0 : legend_height(&v) + 4 * v.u);
	for (i = 0; i < 2; i++) {
		if (col_init(&c[i], ks[i], i ? opts->caches_b : opts->caches_a, i ? opts->ncaches_b : opts->ncaches_a,
			     opts->empty) < 0) {
			if (i)
				col_free(&c[0]);
			return -1;
		}
		c[i].obj = i;
		c[i].x = x + (float)i * (cw + gap);
		c[i].w = cw;
		c[i].top = y + head;
		c[i].bottom = y + h - foot;
		skl_view_slab_totals(ks[i], c[i].names, c[i].nnames, &t[i]);
	}
	for (i = 0; i < 2; i++) {
		derive_title(&c[i], ks[1 - i], derived[i], sizeof(derived[i]));
		titles[i] = (i ? title_b : title_a) ? (i ? title_b : title_a) : derived[i];
	}
	memset(&sc, 0, sizeof(sc));
	if (needs_overview(&v, c, 2)) {
		v.overview = 1;
		ov_choose(&v, c, 2);
	} else
		choose_scale(&v, c, 2, 0, &sc);

	/* the columns and the rule between them */
	skl_dl_line(dl, x + cw + gap / 2, y, x + cw + gap / 2, y + h - foot + ts * 1.5f + fs * 1.5f, C_RULE, 1);
	for (i = 0; i < 2; i++) {
		draw_compare_head(&v, &c[i], y, titles[i]);
		if (v.overview)
			draw_overview(&v, &c[i]);
		else if (draw_bands(&v, &c[i], &sc) < 0) {
			col_free(&c[0]);
			col_free(&c[1]);
			return -1;
		}
	}

	/* totals under each column, level with each other */
	ty = y + h - foot + floorf(8 * v.u);
	for (i = 0; i < 2; i++) {
		char key[32], tip[512];
		totals_text(ks[i], &t[i], l1, sizeof(l1), l2, sizeof(l2));
		snprintf(key, sizeof(key), "cmp:total:%d", i);
		snprintf(
		    tip, sizeof(tip),
		    "%s: %d %s with slabs, %lu slabs, %llu pages = %llu bytes\n%lu of %lu objects in use, %llu bytes "
		    "requested by them",
		    titles[i], t[i].caches, plural((uint64_t)t[i].caches, "cache", "caches"), t[i].slabs,
		    (unsigned long long)t[i].pages, (unsigned long long)t[i].bytes, t[i].active, t[i].objs,
		    (unsigned long long)t[i].active_bytes);
		skl_dl_begin(dl, key, tip);
		skl_dl_rect(dl, c[i].x, ty - 4 * v.u, c[i].w, 2, C_INK3, 0, 0);
		text_fit(&v, c[i].x, ty, c[i].w, ts * 1.5f, l1, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
		text_fit(&v, c[i].x, ty + ts * 1.5f, c[i].w, fs * 1.5f, l2, fs, SKL_FONT_REGULAR, SKL_ALIGN_LEFT,
			 C_INK2);
		skl_dl_end(dl);
	}

	/* the difference, b - a */
	{
		long long dp = (long long)t[1].pages - (long long)t[0].pages;
		long long db = (long long)t[1].bytes - (long long)t[0].bytes;
		long long da = (long long)t[1].active - (long long)t[0].active;
		char tip[512];
		float dy = ty + ts * 1.5f + fs * 1.5f + floorf(6 * v.u);
		signed_text(dp, "page", "pages", d1, sizeof(d1));
		signed_bytes(db, d2, sizeof(d2));
		signed_text(da, "object", "objects", d3, sizeof(d3));
		snprintf(line, sizeof(line), "difference (right \xe2\x88\x92 left): %s \xc2\xb7 %s", d1, d2);
		if (t[0].bytes)
			skl__catf(line, sizeof(line), " (%s%.1f%%)", db < 0 ? "\xe2\x88\x92" : "+",
				  fabs(100.0 * (double)db / (double)t[0].bytes));
		skl__catf(line, sizeof(line), " \xc2\xb7 %s in use", d3);
		snprintf(tip, sizeof(tip), "%s minus %s:\n%lld pages, %lld bytes, %lld objects in use", titles[1],
			 titles[0], dp, db, da);
		skl_dl_begin(dl, "cmp:diff", tip);
		text_fit(&v, x, dy, w, floorf(30 * v.u), line, ts, SKL_FONT_BOLD, SKL_ALIGN_LEFT, C_INK);
		skl_dl_end(dl);
	}
	if (!opts->no_legend) {
		if (v.overview)
			draw_ov_legend(&v, "cmp", x, y + h - legend_height(&v), w);
		else
			draw_legend(&v, "cmp", x, y + h - legend_height(&v), w);
	}
	col_free(&c[0]);
	col_free(&c[1]);
	return skl_dl_failed(dl) ? -1 : 0;
}
