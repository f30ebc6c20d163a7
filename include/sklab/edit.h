/*
 * edit.h - edits to a copy of a struct (add, remove, move, resize or
 * retype members), each written as one line of text. The copy carries the
 * same tag (so it prints as "struct sock") but skl_typedb_find() never
 * returns it; the type database's own record never changes. whatif.h
 * compares a struct before and after its edits.
 */
#ifndef SKLAB_EDIT_H
#define SKLAB_EDIT_H

#include "sklab/types.h"

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

/* 1 when s is a member name or dotted path: C identifiers joined by dots. */
int skl_edit_is_member_path(const char *s);

/* A copy of struct or union t (or a typedef of one) in db for edits to
 * change: the same tag and attributes, its unnamed nested structs and
 * unions copied too, member types shared. NULL with err set when t is not
 * a complete struct or union, or out of memory. Freed with db. */
skl_type *skl_edit_copy(skl_typedb *db, const skl_type *t, skl_error *err);

/* Applies e to a copy made by skl_edit_copy(); declarations and type
 * names are read by the C declaration reader (cparse) into db. -1 with err
 * set for an unknown member (with the closest names), a duplicate name, a
 * declaration that does not parse, a move relative to itself or into
 * itself, a length given for a non-array, and so on; the copy is then
 * unchanged. */
int skl_edit_apply(skl_typedb *db, skl_type *copy, const skl_edit *e, skl_error *err);

/* ---- reorganising ---------------------------------------------------------
 *
 * What `pahole --reorganize` does to a struct, on a copy: the top-level
 * members reordered so holes close (bitfield runs, unnamed structs and
 * unions move as units), and bitfields demoted to the smallest integer type
 * of their signedness that holds them. Several orders are laid out for real
 * (the original, members by decreasing alignment with the bitfield runs in
 * each alignment slot, each access path's members kept together) and the
 * best kept: the smallest size, then the fewest cache lines over all
 * paths, then the fewest moves. The original order is one candidate, so
 * the result is never larger than the struct itself.
 */

#define SKL_REORG_MAX_MOVES 512

typedef struct skl_reorg_opts {
	const skl_abi *abi;
	const char *config; /* NULL = none */
	unsigned cacheline; /* 0 = 64 */
	/* access paths: paths[i] holds npath_members[i] member names or dotted paths */
	const char *const *const *paths;
	const int *npath_members;
	int npaths;
} skl_reorg_opts;

typedef struct skl_reorg {
	skl_type *type;	 /* the reorganised copy, in db (freed with it) */
	char **moves;	 /* "move sk_state after daddr", "demote dead from unsigned int to unsigned char" */
	int nmoves;	 /* reorders */
	int ndemoted;	 /* bitfield demotions (after the moves in `moves`) */
	char method[64]; /* which candidate won: "original order", "by alignment" ... */
	int candidates;	 /* orders laid out */
} skl_reorg;

/* Reorganises struct t (or a typedef of one; a union is left as it is).
 * 0 with out filled; -1 with err set when t cannot be copied or laid out,
 * or a path names no top-level member. out must be cleared with
 * skl_reorg_clear() in both cases. */
int skl_edit_reorganize(skl_typedb *db, const skl_type *t, const skl_reorg_opts *o, skl_reorg *out, skl_error *err);
void skl_reorg_clear(skl_reorg *r);

#endif
