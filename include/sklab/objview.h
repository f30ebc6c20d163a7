/*
 * objview.h - what is in an object: a simulated kernel address resolved to
 * the cache, object and member that hold it, and a member's value read
 * from the object's real bytes and decoded by its type (integers of each
 * size and sign, bitfields, pointers named by the object they point into,
 * char arrays as text, records and arrays summarised).
 *
 * Nothing here allocates, writes the machine's bytes or feeds the cache
 * model: reading a value for a view is not a memory access of the
 * simulated kernel. Objects a scenario typed one by one (c:alloc{type=})
 * carry their type outside the machine: the caller hands a lookup that
 * returns it (NULL: the cache's own type, if any).
 */
#ifndef SKLAB_OBJVIEW_H
#define SKLAB_OBJVIEW_H

#include "sklab/kernel.h"
#include "sklab/layout.h"

/* The type of the object starting at obj, or NULL for the cache's. */
typedef const skl_layout *(*skl_type_of_fn)(void *ud, skl_addr obj);

typedef struct skl_addr_info {
	skl_cache *cache;	/* the cache holding the address */
	char cache_name[32];	/* its name */
	int index;		/* the object's index in its slab */
	skl_addr obj;		/* the object's first byte */
	uint64_t offset;	/* the address less obj */
	size_t size;		/* the cache's object size */
	const skl_layout *type; /* the object's type, or NULL */
	int has_member;		/* member below is filled */
	skl_member_ref member;	/* the innermost member holding the byte */
} skl_addr_info;

/* Resolves a to the object slot holding it: 0 with *out filled, -1 when no
 * slab object holds a (NULL, page allocator memory, management areas,
 * free pages). type_of may be NULL. */
int skl_addr_resolve(skl_kernel *k, skl_addr a, skl_type_of_fn type_of, void *ud, skl_addr_info *out);

/* a as people read it: "tcp_sock#3+0x10" (type name without "struct ",
 * else the cache's name; the object's index in its slab; "+0x.." when not
 * its first byte), "NULL" for 0, else the hex address. */
void skl_addr_name(skl_kernel *k, skl_addr a, skl_type_of_fn type_of, void *ud, char *out, size_t outsz);

typedef enum skl_value_kind {
	SKL_VAL_SIGNED,	  /* i: integers, enums, signed bitfields */
	SKL_VAL_UNSIGNED, /* u: unsigned integers, _Bool, unsigned bitfields */
	SKL_VAL_POINTER,  /* u: the simulated address */
	SKL_VAL_STRING,	  /* text: a char array up to its first NUL */
	SKL_VAL_RECORD,	  /* a struct or union: summarised */
	SKL_VAL_ARRAY,	  /* an array of anything but char: summarised */
	SKL_VAL_BYTES	  /* anything else (floats, functions): hex */
} skl_value_kind;

typedef struct skl_value {
	skl_value_kind kind;
	int64_t i;
	uint64_t u;
	char text[96]; /* STRING: the text (escaped, cut with "..."); else a summary */
} skl_value;

/* Decodes member f of the object whose bytes (objlen of them) are at obj,
 * for abi's byte order: 0, or -1 when the member lies past objlen. */
int skl_field_value(const skl_abi *abi, const skl_field *f, const uint8_t *obj, size_t objlen, skl_value *out);

/* The value as a view prints it: "-3", "42 (0x2a)", "0xc1002040 ->
 * tcp_sock#3", "NULL", "\"eth0\"", "{...} 32 bytes", "[4] 16 bytes". k
 * (may be NULL) names pointers by the object they point into. */
void skl_value_format(const skl_value *v, skl_kernel *k, skl_type_of_fn type_of, void *ud, char *out, size_t outsz);

#endif
