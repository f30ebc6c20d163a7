/*
 * slabinfo.h - a saved /proc/slabinfo or slabtop dump, read back: the
 * caches it lists with their counters, as the kernel or slabtop printed
 * them. Reads text only; models nothing (the geometry to compare with comes
 * from kernel.h and slub.h).
 *
 * Formats read:
 *   1.1  (2.4 and early 2.5, mm/slab.c s_show()/proc_getdata()): the header
 *        "slabinfo - version: 1.1" with " (statistics)" and " (SMP)" as
 *        configured; a line is "name active_objs num_objs objsize", then
 *        "active_slabs num_slabs pages_per_slab" (2.4.x prints them; a
 *        line may stop after objsize), then " : high allocs grown reaped
 *        errors" with statistics, " : limit batchcount" on SMP, and
 *        " : allochit allocmiss freehit freemiss" with both.
 *   2.1  (2.6.10 and later, mm/slab_common.c cache_show()): "# name ..."
 *        column line, then "name active_objs num_objs objsize objperslab
 *        pagesperslab : tunables limit batchcount sharedfactor : slabdata
 *        active_slabs num_slabs sharedavail", and the SLAB allocator's
 *        " : globalstat ..." and " : cpustat ..." groups with statistics
 *        (read and ignored).
 *   slabtop   procps slabtop -o: the optional "Active / Total ..." and
 *        "Minimum / Average / Maximum Object" lines, the column line
 *        "OBJS ACTIVE USE OBJ SIZE SLABS OBJ/SLAB CACHE SIZE NAME", then one
 *        row a cache. Sizes there are kibibytes with two decimals, so the
 *        object size is approximate and pages per slab is derived from
 *        CACHE SIZE / SLABS for a 4096-byte page.
 *
 * Strict: a line that does not fit its format fails the whole read with
 * the line number and what was expected there. Bounded: at most
 * SKL_SLABINFO_MAX_BYTES of text, SKL_SLABINFO_MAX_LINE bytes a line and
 * SKL_SLABINFO_MAX_CACHES caches.
 */
#ifndef SKLAB_SLABINFO_H
#define SKLAB_SLABINFO_H

#include "sklab/common.h"

#include <stddef.h>

#define SKL_SLABINFO_MAX_BYTES ((size_t)4 << 20)
#define SKL_SLABINFO_MAX_LINE 1024
#define SKL_SLABINFO_MAX_CACHES 65536
#define SKL_SLABINFO_NAME_MAX 64 /* bytes of a cache name, with its NUL */

typedef enum skl_slabinfo_format { SKL_SLABINFO_V1_1, SKL_SLABINFO_V2_1, SKL_SLABINFO_SLABTOP } skl_slabinfo_format;

/* One cache, as its line gave it. Counters a format does not carry are 0
 * with the has_* flag that would announce them clear. */
typedef struct skl_slabinfo_row {
	char name[SKL_SLABINFO_NAME_MAX];
	int line; /* 1-based line of the input */
	unsigned long active_objs, num_objs, objsize;
	/* 1.1 prints active_slabs, num_slabs, pages_per_slab (has_slabs);
	 * objperslab is num_objs / num_slabs there (0 with no slab). 2.1 and
	 * slabtop give objperslab themselves (slabtop: no active_slabs). */
	int has_slabs;
	unsigned long objperslab, pagesperslab, active_slabs, num_slabs;
	int has_stats; /* 1.1 statistics */
	unsigned long high, allocs, grown, reaped, errors;
	int has_tunables; /* 1.1 SMP, or 2.1 */
	unsigned long limit, batchcount, sharedfactor, sharedavail;
	int has_cpustats; /* 1.1 statistics and SMP */
	unsigned long allochit, allocmiss, freehit, freemiss;
	int objsize_approx; /* slabtop: objsize rounded from a K figure */
} skl_slabinfo_row;

typedef struct skl_slabinfo {
	skl_slabinfo_format format;
	int stats, smp; /* 1.1's header flags; 2.1: stats when "(statistics)" */
	skl_slabinfo_row *rows;
	int n;
} skl_slabinfo;

/* Reads text (len bytes; NULs refused) named name in errors. 0 with out
 * filled (free with skl_slabinfo_free), or -1 with err set (file, line and
 * what was expected) and out empty. */
int skl_slabinfo_parse(const char *text, size_t len, const char *name, skl_slabinfo *out, skl_error *err);
/* Reads the file at path (a regular file, as /proc's are; at most
 * SKL_SLABINFO_MAX_BYTES) and parses it. */
int skl_slabinfo_read_file(const char *path, skl_slabinfo *out, skl_error *err);
void skl_slabinfo_free(skl_slabinfo *s);

/* "1.1", "2.1", "slabtop". */
const char *skl_slabinfo_format_name(skl_slabinfo_format f);

#endif
