/*
 * layoutdiff.h - two layouts of a struct, compared member by member (what
 * `sklab layout --diff` prints), and groups of members that must stay in a
 * cache line (`sklab layout --check --keep`).
 *
 * The two layouts may come from anywhere (two kernel versions, two
 * configs, layout data against a C header or BTF) and may even be of
 * structs of different names. Members are matched by dotted path, then by
 * a plain name that is unique on both sides (a member that moved into or
 * out of a named union). A diff borrows its layouts: they must outlive it.
 * Nothing here prints but through a sink.
 */
#ifndef SKLAB_LAYOUTDIFF_H
#define SKLAB_LAYOUTDIFF_H

#include "sklab/layout.h"
#include "sklab/whatif.h"

/* ---- the diff -------------------------------------------------------------- */

/* What changed for one member; a matched member may have several. */
enum {
	SKL_LDIFF_ADDED = 1 << 0,   /* only in b */
	SKL_LDIFF_REMOVED = 1 << 1, /* only in a */
	SKL_LDIFF_MOVED = 1 << 2,   /* another offset (or bit offset) */
	SKL_LDIFF_LINE = 1 << 3,    /* its first or last cache line changed */
	SKL_LDIFF_RESIZED = 1 << 4, /* another size or bit width */
	SKL_LDIFF_RETYPED = 1 << 5  /* another type name */
};

typedef struct skl_ldiff_member {
	int a, b;      /* field indices in a and b; -1 when absent */
	unsigned what; /* SKL_LDIFF_* bits; 0 = the same */
} skl_ldiff_member;

typedef struct skl_ldiff {
	const skl_layout *a, *b; /* borrowed */
	/* every named member: a's in a's order (matched or removed), then
	 * those only in b, in b's order */
	skl_ldiff_member *members;
	int nmembers;
	int added, removed, moved, moved_line, resized, retyped, changed;
} skl_ldiff;

/* Compares a with b. NULL with err set when out of memory. */
skl_ldiff *skl_ldiff_new(const skl_layout *a, const skl_layout *b, skl_error *err);
void skl_ldiff_free(skl_ldiff *d);

/* "moved", "line", "resized"...: the name of one SKL_LDIFF_* bit. */
const char *skl_ldiff_what_name(unsigned bit);

/*
 * The diff as text, in the spirit of dwarves' codiff: a header naming both
 * sides ("# layout diff: A -> B"), codiff's "struct sock | +8" line, a
 * before/after table of the footer's figures, one row per changed member
 * (offset, size and cache line on each side) and a unified diff of the two
 * pahole texts with the offsets left out of the member comments, so that a
 * member that only shifted is not a change. label_a and label_b name the
 * sides ("linux-2.4.16/sock"); NULL = the struct's name.
 */
void skl_ldiff_write_text(const skl_ldiff *d, const char *label_a, const char *label_b, const skl_sink *out);
/* One JSON object (docs/layout.md): both sides with their figures and
 * layouts, the deltas, the counts and every member with its place on
 * each side. */
void skl_ldiff_write_json(const skl_ldiff *d, const char *label_a, const char *label_b, const skl_sink *out);

/* ---- groups that keep to a cache line ------------------------------------- */

typedef struct skl_keep {
	skl_whatif_path group; /* name and members */
	int64_t line;	       /* the cache line they must be in; -1 = any one line */
} skl_keep;

/* "NAME=m1,m2,...@LINE" (or without "@LINE") into k. -1 with err set on a
 * malformed spec; k is to be cleared either way. */
int skl_keep_parse(const char *spec, skl_keep *k, skl_error *err);
void skl_keep_clear(skl_keep *k);

/* Checks k against l and writes one line saying what it checked and how
 * that went ("keep lookup (daddr, next) in line 0 of struct sock: ok"),
 * with each stray member when it failed. 1 kept, 0 not, -1 with err set
 * when a member is not in l (the message names it, with the closest
 * names) or out of memory. */
int skl_keep_check(const skl_layout *l, const skl_keep *k, const skl_sink *out, skl_error *err);

#endif
