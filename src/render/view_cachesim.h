/*
 * view_cache.h - the cache view: a cache model's snapshot (skl_cachesim_snap)
 * drawn per level as a grid of sets x ways, every valid line filled with
 * the colour of the member or object that owns it, a red (missed this
 * step: a miss brought it in since the previous snapshot) or green (hit
 * this step) marker, a dog-ear for dirty lines; lines not touched this
 * step pale, their marker their latest access; empty ways grey; set
 * numbers down each column of the grid (sets are folded into columns so
 * 128 or 512 sets fit the canvas). A level whose cells would not read (under
 * 6 x 5 pixels) becomes a strip: its sets folded into bands shaded by
 * occupancy, a tick over each band touched this step (red: a miss, green:
 * hits only), and under it the sets touched this step drawn way by way.
 * Levels with no line cached, or not copied line by line, get one line.
 * On the right: the counters of every level as a table (references and
 * misses by read and write, miss rate, the 3C breakdown, evictions,
 * writebacks, latency), the legend, the misses charged to each struct
 * member as horizontal bars with their cycles (every member with accesses
 * when the column can hold them: the table gives up rows and type size
 * first), and the misses of each cache line of the objects as columns.
 * The header names the machine and where its figures come from, states
 * the latencies ("L1d 3 cycles, L2 7, memory 80") and the accesses and
 * cycles the table's counters add up to.
 *
 * The focus level (the charts count its misses) is the first level named
 * "L1d" that has lines, else the first level with lines, else level 0.
 *
 * Appends to a draw list and never calls SDL. Hover groups and their keys:
 *   "<obj>:cache"                  the header
 *   "<obj>:level:<l>"              the title of level l's grid
 *   "<obj>:cell:<l>:<set>:<way>"   one way of one set
 *   "<obj>:set:<l>:<set>"          a set number beside the grid
 *   "<obj>:band:<l>:<b>"           band b of level l's strip
 *   "<obj>:summary:<l>"            a level in one line (empty, or counters only)
 *   "<obj>:stats:<l>"              level l's column of the table
 *   "<obj>:legend:<mark>"          "hit", "miss", "dirty", "recent", "empty"
 *   "<obj>:owner:<i>"              owner i in the legend
 *   "<obj>:member:<i>"             the bar of members[i]
 *   "<obj>:objline:<i>"            the column of lines[i]
 * Cell tooltips give the level, set and way, the line's simulated address
 * (and how it maps to the set), its owner, valid and dirty, and this
 * step's outcome (or, untouched this step, its latest access).
 *
 * A coherent snapshot of several CPUs (ncpus > 1, cpus set) is drawn per
 * CPU instead: a panel "CPU n" for each (the current CPU outlined) with
 * its coherence counters and its private levels, every valid line a MESI
 * badge (M, E, S; the letter when it reads) at the left of its cell; the
 * shared levels once under the panels; on the right the CPUs' counters,
 * a MESI legend, the legend and the misses by member. When the focus
 * level cannot be drawn way by way with readable letters, every panel
 * draws the same sets (those holding a line several CPUs hold, then those
 * touched this step) and a note over the panels says "Compact: ...".
 * Its keys, besides the header, legend, member and shared levels' above:
 *   "<obj>:cpu:<c>"                         CPU c's panel (its counters)
 *   "<obj>:cpucell:<c>:<l>:<set>:<way>"     a way of CPU c's private level l
 *   "<obj>:cpuset:<c>:<l>:<set>", "<obj>:cpulevel:<c>:<l>",
 *   "<obj>:cpuband:<c>:<l>:<b>", "<obj>:cpusummary:<c>:<l>"
 *   "<obj>:cpustats:<c>", "<obj>:cpuhead:<k>"  the CPUs' table: a row, a head
 *   "<obj>:legend:mesi-<M|E|S|I>", "<obj>:cpus", "<obj>:shared"  legend, notes
 * Their cell tooltips add the line's MESI state in that CPU and which CPUs
 * hold it. A plain snapshot (ncpus 1) is drawn as above.
 */
#ifndef SKLAB_RENDER_VIEW_CACHE_H
#define SKLAB_RENDER_VIEW_CACHE_H

#include "sklab/render/drawlist.h"
#include "sklab/cachesim_snap.h"

typedef struct skl_view_cachesim_opts {
	float x, y, w, h;  /* region of the canvas; w or h 0 = the whole canvas */
	int obj;	   /* object number used in keys */
	int no_header;	   /* 1 = leave the header out */
	int no_legend;	   /* 1 = leave the legend out */
	const char *title; /* header title; NULL = the machine's */
	float text_scale;  /* 0 = automatic (from the canvas size) */
} skl_view_cachesim_opts;

/* Appends the view of s. 0, or -1 when out of memory. */
int skl_view_cachesim(skl_dl *dl, const skl_cachesim_snap *s, const skl_view_cachesim_opts *o);

/* The level the charts count (see above); -1 when s has no levels. */
int skl_view_cachesim_focus(const skl_cachesim_snap *s);

/*
 * The colour of owner i of s as the view draws it: the palette slot its
 * name hashes to, moved on to the next free slot when an earlier owner of
 * s took it (see skl__owner_slot). -1 (nothing known) is grey.
 */
skl_color skl_view_cachesim_owner_color(const skl_cachesim_snap *s, int owner);

/* The colour of a member row: the owner named "owner.member" when s has
 * one, else the owner named "owner", else the name's own slot. */
skl_color skl_view_cachesim_attr_color(const skl_cachesim_snap *s, const skl_cachesim_attr *a);

/* The hit and miss marks' colours. */
skl_color skl_view_cachesim_hit_color(void);
skl_color skl_view_cachesim_miss_color(void);

/* The tooltip of one way of one set of level l into out. */
void skl_view_cachesim_cell_tooltip(const skl_cachesim_snap *s, int l, unsigned set, unsigned way, char *out,
				    size_t outsz);

/* The tooltip of one way of one set of CPU cpu's private level l of a
 * coherent snapshot (ncpus > 1): as above, with the line's MESI state in
 * that CPU and which CPUs hold it ("held by CPU 0 (S), CPU 1 (S);
 * Invalid in CPU 2, CPU 3"). Empty when s has no such CPU or level. */
void skl_view_cachesim_cpu_cell_tooltip(const skl_cachesim_snap *s, int cpu, int l, unsigned set, unsigned way,
					char *out, size_t outsz);

#endif
