/*
 * cache_snap.h - what the cache views draw: a copy of a cache model's
 * lines (sets x ways, each with the struct member that owns it, hit or
 * miss, dirty), its counters, and the misses attributed to struct members
 * and to cache lines of objects. Plain data, deep-copied, owned by the
 * event log once shown; no pointers into the engine.
 */
#ifndef SKLAB_CACHE_SNAP_H
#define SKLAB_CACHE_SNAP_H

#include "sklab/cachesim.h"

/* One way of one set. */
typedef struct skl_cachesim_snap_line {
	uint64_t addr; /* simulated address of the line's first byte */
	uint8_t valid, dirty;
	uint8_t last_hit; /* the latest access hit; else it installed the line (a miss) */
	uint8_t recent;	  /* touched since the previous snapshot of this model (this step) */
	uint8_t missed;	  /* recent, and a miss brought it in since that snapshot (this step's
			   * first access missed); recent and not missed: every access hit */
	int owner;	  /* index into skl_cachesim_snap.owners, -1 = nothing known */
} skl_cachesim_snap_line;

/* One level: its geometry, counters, and (small levels only) its lines. */
typedef struct skl_cachesim_snap_level {
	struct skl_cachesim_stats st; /* name, size, assoc, line, sets, counters */
	unsigned latency;
	skl_cachesim_snap_line *lines; /* sets * assoc, set-major; NULL when too big to copy */
} skl_cachesim_snap_level;

/* Accesses and misses attributed to one member of one kind of object, or
 * to one cache line of it (member = "line N"). */
typedef struct skl_cachesim_attr {
	char owner[48];	       /* the object's type or cache: "tcp_sock", "slab_t", "size-2048" */
	char member[96];       /* "daddr", "sk_common.skc_hash", "line 3", "" = the whole object */
	unsigned offset, size; /* within the object */
	uint64_t reads, writes;
	uint64_t misses[SKL_CACHESIM_MAX_LEVELS]; /* by level index */
	uint64_t cycles;			  /* modelled latency summed */
} skl_cachesim_attr;

typedef struct skl_cachesim_snap {
	char title[128];  /* the machine: "Pentium III (Coppermine), 800 MHz" */
	char source[128]; /* where the figures come from */
	unsigned mem_latency;
	skl_cachesim_snap_level *levels;
	int nlevels;
	char **owners; /* "tcp_sock.daddr", "slab_t", "size-2048": line owners */
	int nowners;
	skl_cachesim_attr *members; /* per member, sorted by owner then offset */
	int nmembers;
	skl_cachesim_attr *lines; /* per object cache line, sorted by owner then line */
	int nlines;
	uint64_t accesses, cycles; /* totals fed so far */
} skl_cachesim_snap;

/* Frees a snapshot and everything in it (NULL is fine). */
void skl_cachesim_snap_free(skl_cachesim_snap *s);

/*
 * A heat overlay for the layout view: one value per field of a layout
 * (index as in skl_layout's fields), e.g. L1d misses per member.
 */
typedef struct skl_heat {
	char label[64]; /* "L1d misses", "cycles" */
	double *value;	/* nvalues entries, >= 0 */
	int nvalues;
} skl_heat;

void skl_heat_free(skl_heat *h);

#endif
