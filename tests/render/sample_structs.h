/*
 * sample_structs.h - structs the render tests draw, built with the core
 * type API: Linux 2.4.16's struct sock (i386, 4-byte locks, as in the
 * Dec 2001 thread), struct inet_opt (bitfields), a small struct with a hole
 * and padding, and a large synthetic struct for scaling.
 */
#ifndef SKLAB_TESTS_SAMPLE_STRUCTS_H
#define SKLAB_TESTS_SAMPLE_STRUCTS_H

#include "sklab/layout.h"

typedef struct sample_types {
	skl_typedb *db;
	skl_type *sock, *inet_opt, *small, *big;
} sample_types;

/* 0, or -1 with err set. Free with sample_types_free(). */
int sample_types_build(sample_types *t, skl_error *err);
void sample_types_free(sample_types *t);

/* A layout of the named sample ("sock", "inet_opt", "small", "big") for
 * abi ("i386", "x86_64"), config and cache-line size. NULL with err set. */
skl_layout *sample_layout(sample_types *t, const char *name, const char *abi, const char *config, unsigned cacheline,
			  skl_error *err);

#endif
