/*
 * types_impl.h - the inside of skl_type, shared by core modules that walk
 * types (layout, pahole, the C reader, the BTF importer). Not installed.
 */
#ifndef SKLAB_TYPES_IMPL_H
#define SKLAB_TYPES_IMPL_H

#include "sklab/types.h"

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
	int packed;
	unsigned aligned; /* record or typedef attribute */
	/* enum */
	skl_enumerator *enums;
	int nenums, capenums;
	unsigned enum_size; /* 0 = ABI default */
	/* layout recursion guard */
	int visiting;
	skl_type *next_all; /* every type, for freeing */
};

struct skl_typedb {
	skl_type *all;
	skl_type **records; /* tagged records and enums in creation order */
	int nrecords, caprecords;
	skl_type **typedefs;
	int ntypedefs, captypedefs;
	skl_type *bases[SKL_B_COUNT_][2];
};

#endif
