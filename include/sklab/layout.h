/*
 * layout.h - struct layout as gcc computes it for a target ABI: offsets,
 * sizes, alignment, bitfields, holes, padding and cache lines, for a set of
 * kernel config options.
 *
 * A layout is a snapshot: it owns its strings and outlives nothing but
 * itself; the types it came from may be freed after computing it, except for
 * the `type` back-pointers, which are valid only while the typedb lives.
 */
#ifndef SKLAB_LAYOUT_H
#define SKLAB_LAYOUT_H

#include "sklab/types.h"

typedef struct skl_field {
	char *name;	   /* "" when anonymous */
	char *path;	   /* dotted path from the outer struct: "tp_pinfo.af_tcp" */
	char *type_name;   /* "struct tcp_opt", "__u32" */
	char *decl_prefix; /* pahole's type column: "void", "struct sock *" */
	char *decl_suffix; /* pahole's name column: "(*fn)(int)", "arr[3]" */
	char *cond;	   /* config condition that kept it, NULL = always there */
	const skl_type *type;
	uint64_t offset; /* absolute bytes; for bitfields the storage unit */
	uint64_t size;	 /* bytes; for bitfields the storage unit's size */
	unsigned align;
	unsigned bit_size;	    /* 0 = not a bitfield */
	unsigned bit_offset;	    /* within the storage unit, counted from bit 0 (LSB) */
	uint64_t bit_pos;	    /* absolute bit position (bitfields and others) */
	int depth;		    /* 0 = member of the outer struct */
	int parent;		    /* index of the enclosing expanded field, -1 at top */
	int expanded;		    /* anonymous struct/union whose members follow inline */
	int is_union;		    /* expanded and a union */
	int nmembers;		    /* direct members when expanded */
	uint64_t hole_after;	    /* bytes of hole after it, inside its parent */
	unsigned bit_hole_after;    /* bits left unused in its storage unit */
	uint64_t padding;	    /* expanded records: trailing padding */
	unsigned bit_padding;	    /* expanded structs: unused bits after a trailing bitfield */
	uint64_t cl_first, cl_last; /* cache lines of its first and last byte */
	int force_align;	    /* pahole would print ":0" before it */
	unsigned user_align;	    /* gcc's DW_AT_alignment for the member (aligned() on it or
				     * on its type), 0 = none */
	unsigned rec_user_align;    /* expanded records: the same for the record type */
} skl_field;

typedef struct skl_layout {
	char *name; /* "struct sock" */
	char *note;
	const skl_abi *abi;
	char *config; /* options it was computed for, comma separated */
	int is_union;
	int packed;
	unsigned aligned_attr; /* 0 = none */
	uint64_t size;
	unsigned align;
	unsigned cacheline;
	skl_field *fields;
	int nfields;
	/* pahole's footer */
	int members;	      /* direct members */
	uint64_t sum_members; /* bytes of non-bitfield members */
	int holes;
	uint64_t sum_holes;
	unsigned sum_bitfield_bits;
	int bit_holes;
	unsigned sum_bit_holes;
	uint64_t padding;
	unsigned bit_padding; /* unused bits after a trailing bitfield */
	unsigned user_align;  /* gcc's DW_AT_alignment for the record, 0 = none */
	int paddings;	      /* members that are structs with padding */
	uint64_t sum_paddings;
	uint64_t cachelines;
	uint64_t last_cacheline; /* bytes used in the last line */
	/* Members inside named members (skl_layout_lookup): built on the first
	 * lookup that needs them, owned by the layout, freed with it, never
	 * copied by skl_layout_clone. NULL until then. */
	struct skl_layout_members *inner;
} skl_layout;

/* Lays out t (a struct, union or typedef of one) for abi with the given
 * options ("CONFIG_INET,CONFIG_FILTER"; NULL = none) and cache-line size
 * (0 = 64). NULL with err set on an incomplete or recursive type, a bad
 * condition, or a bitfield that gcc would reject. */
skl_layout *skl_layout_compute(const skl_type *t, const skl_abi *abi, const char *config, unsigned cacheline,
			       skl_error *err);
void skl_layout_free(skl_layout *l);
/* A deep copy (the type back-pointers are shared). NULL when out of memory. */
skl_layout *skl_layout_clone(const skl_layout *l);

/* Index of the field with this dotted path or plain (unique) name, or -1. */
int skl_layout_find(const skl_layout *l, const char *name);

/* A member found through skl_layout_lookup or skl_layout_member_at: in the
 * layout itself or inside the record a named member holds
 * ("__sk_common.skc_refcnt" inside struct sock). Offsets are from the start
 * of the outer struct. field points into the layout or into one of the
 * nested layouts it keeps: valid while the layout lives. */
typedef struct skl_member_ref {
	char path[128];	   /* full dotted path: "__sk_common.skc_refcnt" */
	uint64_t offset;   /* absolute bytes; for bitfields the storage unit */
	uint64_t size;	   /* bytes; for bitfields the storage unit's size */
	unsigned bit_size; /* 0 = not a bitfield */
	unsigned bit_offset;
	int nested; /* 0 = a field of the layout itself, else records entered */
	const skl_field *field;
} skl_member_ref;

/* Finds a member by name, reaching into named members declared as a struct
 * or union (not through a typedef such as refcount_t or spinlock_t, whose
 * insides the kernel treats as opaque; not arrays of records; not through
 * pointers), C's way of naming them:
 *   1. a path or unique plain name of the layout's own fields, as
 *      skl_layout_find (top level and expanded anonymous records);
 *   2. else a full path through named members: "__sk_common.skc_refcnt",
 *      "sk_lock.slock";
 *   3. else a name or a path's tail that ends exactly one path inside the
 *      nested records: "skc_refcnt", "skc_nulls_node.next".
 * 0 with *out filled; -1 when no member has that name (*matches 0) or
 * several do (*matches is how many; the caller asks for the path). A
 * plain name that the layout's own fields hold more than once is
 * ambiguous at step 1. The nested records are laid out once, on the first
 * call that needs them, for the layout's ABI, options and cache line. */
int skl_layout_lookup(const skl_layout *l, const char *name, skl_member_ref *out, int *matches);

/* The innermost member holding byte off, through named members as above
 * (a union's first member where its members overlap, the deepest field of
 * an expanded record): 0 with *out filled, -1 when no member holds it (a
 * hole, padding, past the end). */
int skl_layout_member_at(const skl_layout *l, uint64_t off, skl_member_ref *out);

/* The struct or union a member holds, for opening it by itself: the
 * member's own record type, an array's element record, or with
 * through_pointer the record a pointer member points to (typedefs
 * followed). NULL for anything else: a scalar, a function pointer, an
 * incomplete record, an expanded anonymous one (its members are already
 * in l), a bitfield. */
const skl_type *skl_field_record(const skl_field *f, int through_pointer);

/* size and alignment of a type by itself (not as a member). -1 on error. */
int skl_type_size_align(const skl_type *t, const skl_abi *abi, const char *config, uint64_t *size, unsigned *align,
			skl_error *err);

/* Evaluates a config condition ("A || (B && !C)") against a comma-separated
 * option list. 1 true, 0 false, -1 with err set on a syntax error. */
int skl_config_eval(const char *cond, const char *config, skl_error *err);

#endif
