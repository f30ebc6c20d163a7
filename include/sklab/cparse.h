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
