/*
 * types_impl.h - the inside of skl_type, shared by core modules that walk
 * types (layout, pahole, the C reader, the BTF importer). Not installed.
 */
#ifndef SKLAB_TYPES_IMPL_H
#define SKLAB_TYPES_IMPL_H

#include "sklab/types.h"

#include <stddef.h>

/*
 * The largest object the layout engine describes: sizes and offsets of
 * every type, record, member and array are checked against it, so that
 * offsets in bits (times 8) and sums of a few of them stay far inside
 * int64_t. 2^40 bytes (1 TiB) is far above any struct a kernel has and
 * far below 2^60. docs/limits.md.
 */
#define SKL__CTYPE_MAX_BYTES (1ull << 40)
/* Levels of typedefs, arrays and records one type may be built from (a
 * record holding a record holding ...): a chain deeper than this is refused
 * rather than run the stack out. */
#define SKL__CTYPE_MAX_DEPTH 256
/* Fields one layout may list (members of expanded anonymous records count). */
#define SKL__CTYPE_MAX_FIELDS (1 << 20)

/*
 * A hash map from (a name of len bytes, a kind) to a pointer and a number,
 * for lookups that must not scan: typedefs, tags, enumerators, macros,
 * member names. Keys are not copied: each must live as long as its entry.
 */
typedef struct skl__ctype_ent {
	const char *key; /* NULL = empty slot */
	size_t len;
	unsigned kind;
	void *val;
	int64_t num;
} skl__ctype_ent;

typedef struct skl__ctype_map {
	skl__ctype_ent *e;
	size_t cap, n; /* cap is 0 or a power of two */
} skl__ctype_map;

/* The entry for the key, or NULL. */
skl__ctype_ent *skl__ctype_map_get(const skl__ctype_map *m, const char *key, size_t len, unsigned kind);
/* The entry for the key, made empty (val NULL, num 0) when new; NULL when out of memory. */
skl__ctype_ent *skl__ctype_map_put(skl__ctype_map *m, const char *key, size_t len, unsigned kind);
void skl__ctype_map_clear(skl__ctype_map *m);

/* The same, keyed by a pointer (a type): memos of work done per type. */
skl__ctype_ent *skl__ctype_pmap_get(const skl__ctype_map *m, const void *p);
skl__ctype_ent *skl__ctype_pmap_put(skl__ctype_map *m, const void *p);

/* skl_layout_compute() without config and without what only printing
 * needs: the fields' positions, sizes, depths and types, but no names,
 * paths or declarations (NULL), and no "paddings" summary. For the BTF
 * importer, which lays a record out again after each change it tries. */
struct skl_layout;
struct skl_layout *skl__ctype_layout_bare(const skl_type *t, const skl_abi *abi, unsigned cacheline, skl_error *err);

/* The typedef of that name, without scanning. */
skl_type *skl__ctype_find_typedef(const skl_typedb *db, const char *name, size_t n);
/* The newest enumerator of that name in any enum: 1 and *v, or 0. */
int skl__ctype_find_enumerator(const skl_typedb *db, const char *name, size_t n, int64_t *v);
/* The struct, union or enum with that kind and tag. */
skl_type *skl__ctype_find_tag(const skl_typedb *db, skl_kind kind, const char *tag, size_t n);

typedef struct skl_member {
	char *name; /* NULL = anonymous */
	skl_type *type;
	int bits;	       /* < 0 = not a bitfield */
	unsigned aligned;      /* aligned(N) on the member, 0 = none */
	int packed;	       /* __attribute__((packed)) on the member */
	char *cond;	       /* config condition, NULL = always */
	int src_line, src_col; /* where it is written in its record's file, 0 = unknown */
} skl_member;

typedef struct skl_enumerator {
	char *name;
	int64_t value;
} skl_enumerator;

struct skl_type {
	skl_kind kind;
	char *tag; /* struct/union/enum tag, typedef name, base name */
	char *note;
	char *src_file; /* records: the file that defines it, or NULL */
	int src_line, src_col;
	/* base */
	skl_base base;
	int is_signed;
	/* pointer, array, typedef, func: the referenced type */
	skl_type *ref;
	uint64_t count; /* array */
	char *params;	/* func */
	/* struct, union */
	skl_member *members;
	int nmembers, capmembers;
	int complete;
	int weak; /* typedef: the C reader's prelude's; a definition of the name replaces it */
	int packed;
	unsigned aligned; /* record or typedef attribute */
	/* enum */
	skl_enumerator *enums;
	int nenums, capenums;
	unsigned enum_size; /* 0 = ABI default */
	/* layout recursion guard */
	int visiting;
	skl_type *ptr;		/* the pointer to this type, once made */
	skl__ctype_map *mnames; /* member name -> index, built when there are many */
	int mnames_n;		/* members the index was built for */
	skl_type *next_all;	/* every type, for freeing */
	skl_typedb *db;		/* the database it belongs to */
};

struct skl_typedb {
	skl_type *all;
	skl_type **records; /* tagged records and enums in creation order */
	int nrecords, caprecords;
	skl_type **typedefs;
	int ntypedefs, captypedefs;
	skl_type *bases[SKL_B_COUNT_][2];
	skl_type *chars[2];	/* signed char, unsigned char */
	skl__ctype_map tags;	/* records and enums by kind and tag */
	skl__ctype_map tdefs;	/* typedefs by name */
	skl__ctype_map enumers; /* enumerators by name: val the enum, num the value */
};

/* Frees a layout's table of nested members (layout_member.c); NULL is fine. */
struct skl_layout_members;
void skl__layout_members_free(struct skl_layout_members *m);

#endif
