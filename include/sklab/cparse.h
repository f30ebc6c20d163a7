/*
 * cparse.h - a reader for C declarations: struct, union, enum and typedef
 * definitions as kernel headers write them, into a type database.
 *
 * Preprocessor conditionals around members (#ifdef CONFIG_X, #if
 * defined(CONFIG_X) || defined(CONFIG_X_MODULE), #else, #endif) become
 * member conditions evaluated at layout time. Errors carry file, line and
 * column. The subset it takes is documented in docs/c-input.md.
 */
#ifndef SKLAB_CPARSE_H
#define SKLAB_CPARSE_H

#include "sklab/types.h"

/* Reads every declaration in text (filename is used in errors). 0 or -1.
 * On an error, what was read before it stays in db. */
int skl_cparse(skl_typedb *db, const char *text, const char *filename, skl_error *err);
/* The same, with macros defined before the text: "SMP_CACHE_BYTES=32,X"
 * (comma separated NAME or NAME=VALUE; NULL = none). */
int skl_cparse_defines(skl_typedb *db, const char *text, const char *filename, const char *defines, skl_error *err);

/* The types every header may use without defining them, as the kernel
 * and the C library define them (include/uapi/asm-generic/int-ll64.h,
 * include/uapi/linux/types.h, include/linux/types.h, <stdint.h>,
 * <stddef.h>): u8..u64, s8..s64, __u8..__u64, __s8..__s64,
 * __le16/32/64, __be16/32/64, __sum16, __wsum, uint8_t..uint64_t,
 * int8_t..int64_t, uintptr_t, intptr_t, size_t, ssize_t, ptrdiff_t. Each
 * is laid out by the ABI's own base types, so one prelude serves i386 and
 * x86_64. Names db already has are left alone, and a later typedef of a
 * prelude name replaces it (a header's own "typedef unsigned int u32;").
 * skl_cparse and skl_cparse_defines add it first. 0, or -1 out of memory. */
int skl_cparse_prelude(skl_typedb *db, skl_error *err);

/* One member declaration, without or with its ';':
 * "unsigned long (*fn)(int)", "int x:3", "u32 a __attribute__((aligned(8)))",
 * "struct sock *next". Struct tags it names become forward declarations.
 * name may come back "" (unnamed bitfield). bits is -1 when not a bitfield. */
int skl_cparse_member(skl_typedb *db, const char *text, char *name, size_t namesz, skl_type **type, int *bits,
		      unsigned *aligned, skl_error *err);

/* One member declaration, with everything it says. */
typedef struct skl_cmember {
	char name[128]; /* "" for an unnamed bitfield or anonymous struct/union */
	skl_type *type;
	int bits;	  /* -1 when not a bitfield */
	unsigned aligned; /* aligned(N) on the member, 0 = none */
	int packed;	  /* __attribute__((packed)) on the member */
} skl_cmember;

/* Like skl_cparse_member, and also reports packed. 0 or -1. A member with
 * packed is refused by skl_cparse_member, which cannot report it. */
int skl_cparse_member_decl(skl_typedb *db, const char *text, skl_cmember *out, skl_error *err);

/* A type name (abstract declarator): "struct sock *", "char [16]",
 * "void (*)(int)". NULL with err set when it does not parse. */
skl_type *skl_cparse_typename(skl_typedb *db, const char *text, skl_error *err);

#endif
