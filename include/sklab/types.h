/*
 * types.h - a database of C types described independently of any ABI:
 * base types, pointers, arrays, functions, typedefs, structs, unions and
 * enums, with gcc attributes (packed, aligned) and members that exist only
 * under a kernel config condition.
 *
 * Types live as long as their database; every pointer handed out belongs to
 * it. Building never lays anything out: see layout.h for that.
 */
#ifndef SKLAB_TYPES_H
#define SKLAB_TYPES_H

#include "sklab/abi.h"

typedef struct skl_typedb skl_typedb;
typedef struct skl_type skl_type;

typedef enum skl_kind {
	SKL_K_BASE,
	SKL_K_POINTER,
	SKL_K_ARRAY,
	SKL_K_FUNC,
	SKL_K_TYPEDEF,
	SKL_K_STRUCT,
	SKL_K_UNION,
	SKL_K_ENUM
} skl_kind;

skl_typedb *skl_typedb_new(void);
void skl_typedb_free(skl_typedb *db);

/* ---- building ---------------------------------------------------------- */

/* A base type from its C spelling ("unsigned long", "long long int",
 * "_Bool", "double", "void", "__int128"...). NULL when it is not one. The
 * type's printed name is gcc's canonical one ("long unsigned int"). */
skl_type *skl_type_base(skl_typedb *db, const char *spelling);
skl_type *skl_type_pointer(skl_typedb *db, skl_type *to);
/* count 0 gives a flexible or zero-length array. */
skl_type *skl_type_array(skl_typedb *db, skl_type *elem, uint64_t count);
/* A function type; params is its printed parameter list, e.g. "int, void *". */
skl_type *skl_type_func(skl_typedb *db, skl_type *ret, const char *params);
/* NULL with err set when name is already a typedef of a different type. */
skl_type *skl_type_typedef(skl_typedb *db, const char *name, skl_type *target, skl_error *err);
/* A name used only for printing: laid out exactly as target, printed as
 * display ("const struct sock ", "ssizetype"). Unlike a typedef it is not
 * found by skl_typedb_find() and never clashes with one. */
skl_type *skl_type_alias(skl_typedb *db, skl_type *target, const char *display);
/* A struct or union. With a tag that exists, returns the existing one (a
 * forward declaration completed later); tag NULL makes an anonymous one. */
skl_type *skl_type_record(skl_typedb *db, skl_kind kind, const char *tag);
skl_type *skl_type_enum(skl_typedb *db, const char *tag);
void skl_enum_set_size(skl_type *e, unsigned size);
int skl_enum_add(skl_type *e, const char *name, int64_t value, skl_error *err);

/* Adds a member. name NULL = anonymous (for an anonymous struct/union or an
 * unnamed bitfield). bits < 0 = not a bitfield. aligned 0 = no attribute.
 * cond = config condition such as "CONFIG_IPV6 || CONFIG_IPV6_MODULE", or
 * NULL. Fails on a duplicate name or a bad bitfield width. */
int skl_record_add(skl_type *rec, const char *name, skl_type *type, int bits, unsigned aligned, const char *cond,
		   skl_error *err);
void skl_record_set_packed(skl_type *rec, int packed);
/* aligned(N) on a record or typedef. */
void skl_type_set_aligned(skl_type *t, unsigned aligned);
void skl_record_set_complete(skl_type *rec);
/* A free-text note carried to views (e.g. where a figure comes from). */
void skl_type_set_note(skl_type *t, const char *note);
/* Where a record is written (file copied; line and col 1-based, 0 =
 * unknown), and where its latest added member is: errors found only when
 * it is laid out (a bitfield wider than its type on this ABI, a struct
 * that contains itself) then point there. */
void skl_type_set_source(skl_type *rec, const char *file, int line, int col);
void skl_record_set_member_source(skl_type *rec, int line, int col);
/* __attribute__((packed)) on the record's latest added member. */
void skl_record_set_member_packed(skl_type *rec, int packed);

/* ---- looking up -------------------------------------------------------- */

/* "struct sock", "union x", "enum e", a typedef name, or a bare tag (tried as
 * struct, union, then typedef). NULL when absent. */
skl_type *skl_typedb_find(const skl_typedb *db, const char *name);
/* Records with a tag, in the order they were created. */
int skl_typedb_count_records(const skl_typedb *db);
skl_type *skl_typedb_record_at(const skl_typedb *db, int i);

/* 1 when a member condition of some record in db names the config option
 * name ("CONFIG_IPV6") as a whole identifier, else 0: what a --config
 * name that no layout uses (a typo, another era's option) is told by. */
int skl_typedb_config_used(const skl_typedb *db, const char *name);

skl_kind skl_type_kind(const skl_type *t);
const char *skl_type_tag(const skl_type *t); /* tag or typedef name; NULL if anonymous */
const char *skl_type_note(const skl_type *t);
int skl_type_is_complete(const skl_type *t);
/* Follows typedefs. */
const skl_type *skl_type_resolve(const skl_type *t);
/* "struct sock", "long unsigned int", "__u32"... as pahole prints it. */
void skl_type_name(const skl_type *t, char *out, size_t outsz);
/* The two halves of a declaration as pahole prints them: prefix "void",
 * suffix "(*fn)(int)"; prefix "char", suffix "name[3][2]". */
void skl_type_declare(const skl_type *t, const char *name, char *prefix, size_t prefixsz, char *suffix,
		      size_t suffixsz);

#endif
