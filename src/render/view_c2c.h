/*
 * view_c2c.h - the c2c view: the picture of perf c2c report's shared cache
 * lines (skl_c2c, from skl_kernel_c2c) of a coherent cache model. The
 * lines are ranked as perf c2c ranks them (HITM, then coherence misses,
 * then address); each is a row:
 *   - on the left its rank, owner struct and line index, simulated address,
 *     records and CPUs, and its sharing as the text report says it
 *     ("false sharing", "true sharing", "true + false sharing", none);
 *   - in the middle its HITMs (with the share of all HITMs in the table,
 *     perf's "Tot Hitm" percentage) and coherence misses as bars scaled to
 *     the table's largest, with loads and stores;
 *   - on the right the line's bytes (the model's line size) as a strip:
 *     a ruler of byte offsets, each member a block at its offset within
 *     the line coloured by who touched it (written by one CPU alone,
 *     written and touched by another CPU: the member of a true sharing,
 *     read only), bytes no member touched hatched; under it a lane per
 *     CPU that touched the line (CPUs 0..7, as the data counts them) with
 *     an R or W cell (and counts) under each member that CPU read or
 *     wrote. A written member beside members other CPUs touch is false
 *     sharing: the lanes show whose.
 * The header names the machine, its CPUs, the line size and the trace's
 * totals (records, loads, stores, HITMs, coherence misses, lines touched
 * and shared), and a legend. Lines that do not fit (or past max_lines)
 * are counted under the last row.
 *
 * Model figures only: deterministic. Appends to a draw list and never
 * calls SDL. Hover groups and their keys:
 *   "<obj>:c2c"                  the header
 *   "<obj>:c2clegend:<k>"        legend entry k
 *   "<obj>:c2cline:<i>"          the label column of line i (as ranked)
 *   "<obj>:c2chitm:<i>"          its HITM bar, "<obj>:c2ccoh:<i>" its coherence bar
 *   "<obj>:c2cmember:<i>:<j>"    member j of line i in the strip
 *   "<obj>:c2cgap:<i>:<k>"       the k-th run of bytes of line i no member touched
 *   "<obj>:c2ccpu:<i>:<j>:<c>"   CPU c's R/W cell under member j of line i
 *   "<obj>:c2clane:<i>:<c>"      CPU c's lane label of line i
 *   "<obj>:c2cmore"              the count of lines left out
 *   "<obj>:c2cempty"             the note when no line was contended
 * A member's tooltip gives its name, offset in the object and in the line,
 * size, reads and writes per CPU, coherence misses and HITMs.
 */
#ifndef SKLAB_RENDER_VIEW_C2C_H
#define SKLAB_RENDER_VIEW_C2C_H

#include "sklab/render/drawlist.h"
#include "sklab/cachesim_snap.h"

typedef struct skl_view_c2c_opts {
	float x, y, w, h;  /* region of the canvas; w or h 0 = the whole canvas */
	int obj;	   /* object number used in keys */
	int max_lines;	   /* draw at most this many lines (0 = what fits) */
	int no_legend;	   /* 1 = leave the legend out */
	const char *title; /* header title; NULL = "perf c2c: shared cache lines" */
	float text_scale;  /* 0 = automatic (from the canvas size) */
} skl_view_c2c_opts;

/* Appends the view of c. 0, or -1 when the list ran out of memory. */
int skl_view_c2c(skl_dl *dl, const skl_c2c *c, const skl_view_c2c_opts *o);

/* How the text report names line l's sharing: "true+false", "true",
 * "false" or "-" (skl_c2c_write's Sharing column). */
const char *skl_view_c2c_sharing(const skl_c2c_line *l);

/* The tooltip of member j of line l into out. */
void skl_view_c2c_member_tooltip(const skl_c2c *c, const skl_c2c_line *l, int j, char *out, size_t outsz);

#endif
