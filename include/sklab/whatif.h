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

#include "sklab/kernel.h"
#include "sklab/layout.h"

/* ---- edits ----------------------------------------------------------------
 *
 * One edit is one line of text, easy to give as one shell argument:
 *
 *   add DECL [after M | before M | at start | at end]   (default: at end)
 *   remove M
 *   move M after A | move M before A | move M to start | move M to end
 *   resize M N          an array member's new element count ("[N]" too)
 *   resize M :N         a bitfield's new width
 *   resize M TYPE       the same as retype
 *   retype M TYPE       a new type, in place ("__u64", "void *", "char [16]")
 *
 * DECL is a C member declaration as the layout data writes it ("struct
 * ip_opt *opt", "unsigned int flag:1"); it may be quoted with ' or ".
 * M and A are member names or dotted paths ("tp_pinfo.af_tcp") into the
 * struct's unnamed nested structs and unions.
 */

typedef enum skl_edit_op { SKL_EDIT_ADD, SKL_EDIT_REMOVE, SKL_EDIT_MOVE, SKL_EDIT_RESIZE, SKL_EDIT_RETYPE } skl_edit_op;

typedef enum skl_edit_where { SKL_EDIT_AT_END, SKL_EDIT_AT_START, SKL_EDIT_AFTER, SKL_EDIT_BEFORE } skl_edit_where;

typedef struct skl_edit {
	skl_edit_op op;
	char member[128];     /* remove, move, resize, retype: the member */
	char arg[256];	      /* add: the declaration; resize and retype: what follows the member */
	skl_edit_where where; /* add, move */
	char anchor[128];     /* AFTER, BEFORE: the member it goes next to */
	char text[512];	      /* the edit as written, trimmed */
} skl_edit;

/* Parses one edit. -1 with err set ("edit 'mov x': unknown verb ..."). */
int skl_edit_parse(const char *text, skl_edit *out, skl_error *err);

/* A copy of struct or union t (or a typedef of one) in db for edits to
 * change: the same tag and attributes, its unnamed nested structs and
 * unions copied too, member types shared. NULL with err set when t is not
 * a complete struct or union, or out of memory. Freed with db. */
/* 1 when s is a member name or dotted path: C identifiers joined by dots. */
int skl_whatif_is_member_path(const char *s);

skl_type *skl_whatif_copy(skl_typedb *db, const skl_type *t, skl_error *err);

/* Applies e to a copy made by skl_whatif_copy(); declarations and type
 * names are read by the C declaration reader (cparse) into db. -1 with err
 * set for an unknown member (with the closest names), a duplicate name, a
 * declaration that does not parse, a move relative to itself or into
 * itself, a length given for a non-array, and so on; the copy is then
 * unchanged. */
int skl_whatif_apply(skl_typedb *db, skl_type *copy, const skl_edit *e, skl_error *err);

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
	char allocator[16]; /* "slab", "slub" */
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
} skl_whatif;

/* Copies t, applies the edits in order, lays out both and computes the
 * rest. t stays as it was. NULL with err set ("edit 2 'move next after
 * nxt': no member 'nxt' in struct sock (did you mean 'next'?)"). */
skl_whatif *skl_whatif_run(skl_typedb *db, const skl_type *t, const skl_whatif_opts *o, skl_error *err);
void skl_whatif_free(skl_whatif *w);

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
