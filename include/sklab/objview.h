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

/* ---- snapshots for views -------------------------------------------------- */

/* One member of an object as the bytes view draws it: a leaf of its
 * layout (expanded anonymous records give their members; named records,
 * arrays and typedefs of records are one member, summarised). */
typedef struct skl_obj_member {
	char path[128];	   /* "next", "tp_pinfo.af_tcp" */
	char decl[96];	   /* pahole's declaration: "struct sock * next" */
	uint64_t offset;   /* bytes from the object's start; bitfields: the unit */
	uint64_t size;	   /* bytes; bitfields: the unit's */
	unsigned bit_size; /* 0 = not a bitfield */
	unsigned bit_offset;
	skl_value_kind kind;
	char value[128];      /* skl_value_format's text */
	skl_addr target;      /* a pointer into a live object: that object's first byte, else 0 */
	uint64_t target_off;  /* and where in it the pointer points */
	char target_name[64]; /* "sock#1", "" */
	uint64_t hole_after;  /* bytes of hole after it (pahole's) */
} skl_obj_member;

typedef struct skl_obj_snap {
	char name[64]; /* "sock#0", the cache's name when untyped */
	char type[64]; /* "struct sock", "" */
	char cache[32];
	char abi[16];
	skl_addr addr;
	uint64_t size;	    /* bytes copied: the object size */
	unsigned cacheline; /* the profile's line size */
	uint8_t *bytes;	    /* size bytes, as the object holds them now */
	skl_obj_member *members;
	int nmembers;
	uint64_t padding; /* the layout's trailing padding */
} skl_obj_snap;

/* A copy of the object at obj (its first byte) with its members decoded by
 * l (NULL: untyped, bytes only): NULL with err set when obj is no slab
 * object's start, or out of memory. type_of names the objects pointers
 * point into. Reads only. */
skl_obj_snap *skl_obj_snapshot(skl_kernel *k, skl_addr obj, const skl_layout *l, skl_type_of_fn type_of, void *ud,
			       skl_error *err);
void skl_obj_snap_free(skl_obj_snap *s);

/* A pointer member of one live object that holds an address inside
 * another live object (or itself): what the slab view draws as an arrow. */
typedef struct skl_ptr_link {
	skl_addr from;	    /* the object holding the pointer (its first byte) */
	uint64_t from_off;  /* the member's offset */
	skl_addr to;	    /* the object pointed into (its first byte) */
	uint64_t to_off;    /* where in it */
	char member[64];    /* "next" */
	char from_name[48]; /* "sock#0" */
	char to_name[48];   /* "sock#1" */
} skl_ptr_link;

/* The pointer links among the live objects of snap (taken from k just
 * now): every pointer member of every allocated typed object whose value
 * lies in an allocated object; at most max of them (the rest counted in
 * *more). With type_of NULL, only caches created with a type are read.
 * *out allocated (skl_free); the count, -1 out of memory. */
int skl_kernel_pointers(skl_kernel *k, const skl_kernel_snap *snap, skl_type_of_fn type_of, void *ud, int max,
			skl_ptr_link **out, int *more);

/* Copies of the live typed objects of snap (taken from k just now), as
 * skl_obj_snapshot makes them, in the snapshot's order: at most max of
 * them and about budget bytes (the copies' bytes and members); the rest
 * counted in *more. With type_of NULL, only caches created with a type.
 * *out allocated (skl_free it and each copy); the count, -1 out of memory. */
int skl_kernel_objects(skl_kernel *k, const skl_kernel_snap *snap, skl_type_of_fn type_of, void *ud, int max,
		       size_t budget, skl_obj_snap ***out, int *more);
/* The bytes a copy holds beyond its own struct: its bytes and members. */
size_t skl_obj_snap_bytes(const skl_obj_snap *s);

#endif
