/* Typedef'd members: of base types, structs, anonymous structs, unions,
 * arrays and pointers; structs whose member types have holes. */
#ifndef CORPUS_TYPEDEFS_H
#define CORPUS_TYPEDEFS_H

typedef unsigned long size_t_like;
typedef struct { int a; char b; } td_anon_t;
typedef struct td_named { long x; char y; } td_named_t;
typedef union { int i; float f; } td_union_t;
typedef char td_name_t[10];
typedef struct td_named *td_ptr_t;
typedef td_named_t td_again_t;

struct td_user {
	size_t_like len;
	td_anon_t anon;
	td_named_t named;
	td_union_t un;
	td_name_t name;
	td_ptr_t ptr;
	td_again_t again;
	char last;
};

struct td_hole {
	char a;
	int b;
	char c;
};

struct td_has_holey_member {
	struct td_hole h;
	struct td_named n;
	char z;
};

#endif
