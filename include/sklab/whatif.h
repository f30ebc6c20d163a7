/*
 * whatif.h - the question a kernel developer asks before sending a layout
 * patch: what does this change to a struct (add, remove, move, resize or
 * retype members) do to its size, holes, cache lines, the lines that named
 * access paths touch, and its slab cache?
 *
 * Edits change a copy of the struct, never the type database's own record:
 * the copy carries the same tag (so it prints as "struct sock") but
 * skl_typedb_find() never returns it. Before and after are laid out with
 * the same ABI, cache-line size and config, and the slab consequences come
 * from the profile allocator's geometry (skl_cache_geometry()).
 */
#ifndef SKLAB_WHATIF_H
#define SKLAB_WHATIF_H

#include "sklab/edit.h"
#include "sklab/kernel.h"
#include "sklab/layout.h"

/* ---- the comparison ------------------------------------------------------ */

typedef struct skl_whatif_opts {
	const skl_profile *profile; /* required: ABI, cache line, allocator, page size */
	const char *config;	    /* config options; NULL = the profile's */
	unsigned cacheline;	    /* 0 = the profile's */
	unsigned cpus;		    /* 0 = the profile's */
	int debug;		    /* 2.4: CONFIG_DEBUG_SLAB; SLUB: slab_debug=FZPU */
	const char *cache_name;	    /* NULL = the struct's tag */
	skl_cache_opts cache;	    /* flags (SKL_SLAB_HWCACHE_ALIGN...), align, ctor */
	const skl_edit *edits;
	int nedits;
	const char *const *paths; /* "NAME=m1,m2,..." */
	int npaths;
	uint64_t objects;  /* for the memory figure; 0 = 10000 */
	const char *label; /* how to name the struct in reports ("linux-2.4.16/sock"); NULL = its name */
	int reorganize;	   /* after = the struct reorganised (skl_edit_reorganize(), with the paths); no edits */
} skl_whatif_opts;

typedef struct skl_whatif_path {
	char name[64];
	char **members;
	int nmembers;
} skl_whatif_path;

/* One access path on one side. */
typedef struct skl_whatif_lines {
	uint64_t *lines; /* the cache lines it touches, ascending, from the struct's first byte */
	int nlines;
	uint64_t *first; /* per member: its first line, or UINT64_MAX when it is not in this layout */
	uint64_t *last;
	int missing; /* members not in this layout */
} skl_whatif_lines;

typedef struct skl_whatif_side {
	skl_layout *layout;
	skl_cache_info slab;
	uint64_t slabs;		 /* slabs holding `objects` objects */
	uint64_t bytes;		 /* their pages, in bytes */
	skl_whatif_lines *paths; /* npaths */
} skl_whatif_side;

typedef struct skl_whatif {
	char label[192];
	char profile[64];
	skl_allocator allocator;
	char cache_name[32];
	unsigned page_size;
	unsigned cpus;
	int debug;
	unsigned cache_flags, cache_align;
	uint64_t objects;
	skl_edit *edits;
	int nedits;
	skl_whatif_path *paths;
	int npaths;
	skl_whatif_side before, after;
	/* --reorganize: what was done ("move x after y", then "demote ..."), which order won */
	int reorganized;
	char **moves;
	int nmoves, ndemoted, candidates;
	char method[64];
} skl_whatif;

/* Copies t, applies the edits in order, lays out both and computes the
 * rest. t stays as it was. NULL with err set ("edit 2 'move next after
 * nxt': no member 'nxt' in struct sock (did you mean 'next'?)"). */
skl_whatif *skl_whatif_run(skl_typedb *db, const skl_type *t, const skl_whatif_opts *o, skl_error *err);
void skl_whatif_free(skl_whatif *w);

/* An access path "NAME=m1,m2,..." (NAME of letters, digits, _ and -;
 * members as names or dotted paths) into p, which owns the member names
 * until skl_whatif_path_clear(). -1 with err set on a malformed spec; p
 * may then hold some members and must still be cleared. */
int skl_whatif_path_parse(const char *spec, skl_whatif_path *p, skl_error *err);
void skl_whatif_path_clear(skl_whatif_path *p);

/* The cache lines p's members occupy in l (a member absent from l counts
 * in out->missing and has first = last = UINT64_MAX). out owns its arrays
 * until skl_whatif_lines_clear(), also after a failure (out of memory). */
int skl_whatif_path_lines(const skl_layout *l, const skl_whatif_path *p, skl_whatif_lines *out, skl_error *err);
void skl_whatif_lines_clear(skl_whatif_lines *x);

/* "0", "0-1", "0,3,5-7" into out. */
void skl_whatif_format_lines(const skl_whatif_lines *p, char *out, size_t outsz);

/* ---- writers -------------------------------------------------------------- */

typedef enum skl_whatif_show {
	SKL_WHATIF_SHOW_AFTER, /* the table, then the new layout's pahole text */
	SKL_WHATIF_SHOW_DIFF,  /* the table, then a unified diff of the pahole texts */
	SKL_WHATIF_SHOW_TABLE  /* the table alone */
} skl_whatif_show;

/* The before/after table (with deltas) and what show asks for. */
void skl_whatif_write_text(const skl_whatif *w, const skl_sink *out, skl_whatif_show show);
/* One JSON object: the settings, before, after, delta, and the new layout. */
void skl_whatif_write_json(const skl_whatif *w, const skl_sink *out);

/* A unified diff (diff -u style, `context` lines around each change) of
 * two texts, with "--- name_a" / "+++ name_b" headers; nothing when they
 * are equal. Returns the number of changed lines, -1 out of memory. */
int skl_text_diff(const char *a, const char *b, const char *name_a, const char *name_b, int context,
		  const skl_sink *out);

#endif
