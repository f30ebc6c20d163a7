/*
 * view_slab.h - the slab view: a kernel snapshot drawn as caches -> slabs ->
 * pages -> objects, to scale. Each cache is a labelled band (name, object
 * and slot size, objects and pages per slab, its /proc/slabinfo line); each
 * slab a strip of its pages with the base address above it; inside, to
 * scale, the 2.4 colour offset (hatched), the management area (slab_t +
 * bufctl; or an "off-slab" tab saying which cache holds it), the objects as
 * cells coloured by state, red-zone words, SLUB's left pad, right red zone,
 * free pointer and tracks, and the left-over at the tail (hatched). A
 * header names the profile, allocator, page size and RAM; a legend names the
 * marks in use. Also the compare layout: two snapshots side by side at one
 * scale, with pages and bytes per side and the difference.
 *
 * Appends to a draw list and never calls SDL. Strips wrap into rows and the
 * scale (pixels per page, shared by every cache and by both sides of a
 * compare) is the largest that fits, so 10,000 objects still fit 1920x1080;
 * when cells get narrower than a few pixels, runs of equal cells become one
 * rectangle and labels are left out. When even strips 12 pixels wide do not
 * fit (10^5 objects and more), the view is an overview: each slab a cell
 * coloured by how full it is, a histogram of the partial slabs' fill and
 * the totals (the free objects partial slabs hold), never a "not shown".
 * A few empty caches are drawn with their slot's geometry. Hover groups
 * and their keys:
 *   "<obj>:header"                      the header
 *   "<obj>:cache:<name>"                a cache's title line
 *   "<obj>:slabinfo:<name>"             its /proc/slabinfo line
 *   "<obj>:slab:<name>:<s>"             slab s (its strip, address label)
 *   "<obj>:colour:<name>:<s>"           its colour offset (2.4)
 *   "<obj>:mgmt:<name>:<s>"             its on-slab slab_t + bufctl (2.4)
 *   "<obj>:offslab:<name>:<s>"          the tab of an off-slab one (2.4)
 *   "<obj>:tail:<name>:<s>"             its left-over bytes
 *   "<obj>:obj:<name>:<s>:<i>"          object i of slab s
 *   "<obj>:objs:<name>:<s>:<i>-<j>"     a run of equal objects (small cells)
 *   "<obj>:addr:<name>"                 the address digits its slabs share
 *   "<obj>:active:<name>"               why slabinfo's active objects differ
 *   "<obj>:empty" / "<obj>:cache:<name>"  empty caches (summary / one line each)
 *   "<obj>:slot:<name>:<j>"             part j of an empty cache's slot
 *   "<obj>:ov:<name>:<a>-<b>"           overview: cells of slabs a..b (":<a>": one)
 *   "<obj>:ovtotal:<name>"              overview: a band's totals
 *   "<obj>:hist:<name>:<k>"             overview: bar k of the partial slabs' fill
 *   "<obj>:more"                        caches past the overview's room; slabs
 *                                       past the edge at a chosen page_px
 *   "<obj>:legend:<mark>"               a legend entry ("allocated", ...; in the
 *                                       overview "cell", "full", "partial", "empty")
 *   "<obj>:legend:via:<n>"              the mark of objects allocated through an
 *                                       alias ("through alias sklab_b"), n-th name
 *   "cmp:total:0", "cmp:total:1", "cmp:diff", "cmp:legend:<mark>"  compare
 * Every object (or run) tooltip names the cache, object index, simulated
 * address, state, slab base, offset in the slab and type. SLUB merging: an
 * object allocated through an alias carries a tag in its cell's top-left
 * corner (a strip along the top of a narrow cell or run) and its tooltip
 * names the alias; the legend says "through alias NAME" and a cache's head
 * names its aliases ("sklab_a, alias sklab_b").
 */
#ifndef SKLAB_RENDER_VIEW_SLAB_H
#define SKLAB_RENDER_VIEW_SLAB_H

#include "sklab/render/drawlist.h"
#include "sklab/kernel.h"

/* What empty caches (no slabs) become. */
enum {
	SKL_SLAB_EMPTY_SUMMARY = 0, /* one line naming them all (default) */
	SKL_SLAB_EMPTY_LINES = 1,   /* one line each */
	SKL_SLAB_EMPTY_HIDE = 2	    /* left out */
};

typedef struct skl_view_slab_opts {
	float x, y, w, h; /* region of the canvas; w or h 0 = the whole canvas */
	int obj;	  /* object number used in keys */
	/* Only these caches, in this order (names that are not in the
	 * snapshot are skipped); NULL or 0 = every cache, in slabinfo order. */
	const char *const *caches;
	int ncaches;
	int empty;	   /* SKL_SLAB_EMPTY_* */
	int no_header;	   /* 1 = leave the header out */
	int no_legend;	   /* 1 = leave the legend out */
	const char *title; /* header title; NULL = the profile name */
	float text_scale;  /* 0 = automatic (from the canvas size) */
	float page_px;	   /* pixels per page; 0 = the largest that fits */
	float text_floor;  /* skl_view_slab_locate() only: the floor of the
			      list the view is drawn into (0 = none, as a new list) */
	int lazy_tips;	   /* 1: k outlives the list, so an object's tooltip is made
			      when it is first read (skl_dl_begin_lazy) */
} skl_view_slab_opts;

/* Appends the view of k. 0, or -1 when the list ran out of memory. */
int skl_view_slab(skl_dl *dl, const skl_kernel_snap *k, const skl_view_slab_opts *o);

/* Marks the view draws; the legend names these. */
typedef enum skl_slab_mark {
	SKL_SM_ALLOC,	   /* allocated object */
	SKL_SM_FREE,	   /* free object */
	SKL_SM_CPU,	   /* free, parked in a per-CPU array / CPU slab */
	SKL_SM_BAD,	   /* red zone or poison damaged */
	SKL_SM_COLOUR,	   /* 2.4 colour offset */
	SKL_SM_MGMT,	   /* 2.4 slab_t + bufctl */
	SKL_SM_REDZONE,	   /* red-zone words, SLUB left pad and right red zone */
	SKL_SM_FREEPTR,	   /* SLUB free pointer */
	SKL_SM_TRACK,	   /* SLUB alloc/free tracks */
	SKL_SM_WASTE,	   /* left-over at a slab's tail, padding in a slot */
	SKL_SM_QUARANTINE, /* freed, held poisoned in KASAN's quarantine */
	SKL_SM_COUNT_
} skl_slab_mark;

const char *skl_view_slab_mark_name(skl_slab_mark m); /* "allocated", ... */
skl_color skl_view_slab_fill(skl_slab_mark m);
skl_color skl_view_slab_stroke(skl_slab_mark m);
/* The colour of the tag that marks an object allocated through an alias
 * (SLUB merging): entry is its legend entry, "<obj>:legend:via:<entry>",
 * in the order the view first drew each name (colours repeat after four). */
skl_color skl_view_slab_via_fill(int entry);

/* The tooltip of object i of slab s of cache c of k into out. */
void skl_view_slab_object_tooltip(const skl_kernel_snap *k, int c, int s, int i, char *out, size_t outsz);

/*
 * Which object is at canvas point (x, y) of the view skl_view_slab would
 * draw for k with o on a w x h canvas: 1 with *cache, *slab, *index set,
 * or 0 when the point is on no object (always in the overview). Works when cells are too small to
 * be hover groups of their own (a window can give the exact object).
 */
int skl_view_slab_locate(float w, float h, const skl_kernel_snap *k, const skl_view_slab_opts *o, float x, float y,
			 int *cache, int *slab, int *index);

/* ---- totals and the compare layout -------------------------------------- */

typedef struct skl_slab_totals {
	int caches; /* caches with at least one slab */
	unsigned long slabs;
	uint64_t pages, bytes;	    /* pages in slabs, and their bytes */
	unsigned long objs, active; /* object slots, and those in use */
	unsigned long quarantined;  /* of active: freed, in KASAN's quarantine */
	uint64_t active_bytes;	    /* in-use objects at their requested size */
} skl_slab_totals;

/* Totals over the given caches of k (NULL or 0 = every cache). */
void skl_view_slab_totals(const skl_kernel_snap *k, const char *const *caches, int ncaches, skl_slab_totals *out);

typedef struct skl_view_compare_opts {
	float x, y, w, h;	     /* region; w or h 0 = the whole canvas */
	const char *const *caches_a; /* caches of each side; NULL = all */
	int ncaches_a;
	const char *const *caches_b;
	int ncaches_b;
	int empty; /* SKL_SLAB_EMPTY_* */
	int no_legend;
	float text_scale; /* 0 = automatic */
} skl_view_compare_opts;

/*
 * Two snapshots side by side at one scale (a page is as wide on both
 * sides): each with its title, header line and caches, its totals
 * (pages, bytes, objects in use) under it, and the difference b - a across
 * the bottom. The sides use 0 and 1 as <obj> in keys. Titles NULL = the
 * profile names. 0, or -1 when out of memory.
 */
int skl_view_slab_compare(skl_dl *dl, const skl_kernel_snap *a, const char *title_a, const skl_kernel_snap *b,
			  const char *title_b, const skl_view_compare_opts *o);

#endif
