/*
 * slabtab.h - what `sklab slabinfo --file` and `sklab top` share: caches
 * with their counters (from a slabinfo, a slabtop dump or sysfs), the
 * model's geometry beside each and whether they agree, the slabtop-style
 * text table, JSON, and the summary chart the pictures draw.
 */
#ifndef SKLAB_APP_SLABTAB_H
#define SKLAB_APP_SLABTAB_H

#include "sklab/json.h"
#include "sklab/slabinfo.h"
#include "sklab/types.h"

#include <stdio.h>

struct skl_chart;

/* One cache and the model's view of it. */
typedef struct slabtab_row {
	skl_slabinfo_row si;
	unsigned long bytes; /* memory of its slabs: num_slabs * pages * page size */
	/* sysfs (top): -1 when not read */
	long object_size, align;
	int hw, rcu, ctor, debug;
	int ufo; /* an RCU cache made with kmem_cache_args.freeptr_offset */
	/* the model */
	int checked;	 /* the model ran on it */
	int agree;	 /* every figure compared agrees */
	int cmp_objsize; /* which figures could be compared */
	int cmp_per, cmp_pages;
	unsigned long m_objsize, m_per, m_pages;
	char why[200]; /* what differs, or why it was not checked */
	/* history (top): memory samples since start */
	double *hist;
	int nhist, caphist;
} slabtab_row;

enum { SLABTAB_SORT_MEMORY, SLABTAB_SORT_OBJECTS, SLABTAB_SORT_SLABS, SLABTAB_SORT_NAME };

/* "memory" ... into *key: 0, or -1 for none of them. */
int slabtab_sort_key(const char *s, int *key);
/* Sorts rows by key, largest first (name: a to z), name breaking ties. */
void slabtab_sort(slabtab_row *rows, int n, int key);
/* Fills bytes of every row for pages of page_size bytes. */
void slabtab_bytes(slabtab_row *rows, int n, unsigned page_size);

/* The model's geometry for each row's objsize (or sysfs object_size and
 * flags when read) on prof with cpus (0: the profile's), compared with what
 * the row says. Returns how many rows agree. */
int slabtab_check(slabtab_row *rows, int n, const skl_profile *prof, unsigned cpus);

/* slabtop's summary lines and table for the first count rows (0 = all);
 * with model, the model's objsize/per/pages and agreement beside each;
 * spark, a sparkline of each row's history. */
void slabtab_print(FILE *fp, const slabtab_row *rows, int n, int count, int model, int spark);

/* A JSON array of the first count rows (0 = all). NULL when out of memory. */
json_t *slabtab_json(const slabtab_row *rows, int n, int count, int model);

/* A bar chart of the first count rows: memory of their slabs and of their
 * active objects (KiB), or with history, one line a cache of what its memory grew by
 * since the first sample (seconds apart). NULL when out of memory; free
 * with skl_chart_free. */
struct skl_chart *slabtab_chart(const slabtab_row *rows, int n, int count, const char *title, int history,
				double interval);

void slabtab_free(slabtab_row *rows, int n);

/* ---- what `slabinfo --live` and `top` read from sysfs and proc ------------- */

/* A small sysfs or proc file into buf (at most n - 1 bytes, trailing
 * newlines and blanks cut): 0, or -1 when it cannot be read. */
int slabtab_read_small(const char *path, char *buf, size_t n);
/* /sys/kernel/slab's attribute attr of cache under sys (the directory,
 * "/sys/kernel/slab" or a test's fake one): its first number into *val
 * ("slabs" reads "N N0=..."), its text into txt when given. 0, or -1 when
 * it cannot be read (*val untouched). */
int slabtab_sysfs_attr(const char *sys, const char *cache, const char *attr, long *val, char *txt, size_t txtsz);
/* A kmalloc cache's name: kmalloc-N, kmalloc-Nk, with dma-, rcl-, cg- or
 * rnd-K- as mm/slab_common.c's kmalloc_info[] names them. */
int slabtab_kmalloc_name(const char *name);
/* A cache that 6.12+ creates with kmem_cache_args.freeptr_offset, which
 * sysfs does not show (reference slub.md 7). */
int slabtab_freeptr_offset_cache(const char *name);

#endif
