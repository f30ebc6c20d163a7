/*
 * objnode.h - the hand-built struct node of the objview tests and a
 * machine with a node_cache of it, on 2.4 SLAB i386 or SLUB x86_64
 * (tests/mm/objview, tests/render/test_bytes_view.c). Static: each test
 * program includes it once.
 */
#ifndef SKLAB_TESTS_OBJNODE_H
#define SKLAB_TESTS_OBJNODE_H

#include "check.h"
#include "profile.h"
#include "sklab/kernel.h"
#include "sklab/types.h"

#include <stdio.h>
#include <string.h>

/* struct node {                 i386 offsets        x86_64 offsets
 *	struct node *next;       0  (4)              0  (8)
 *	struct node **pprev;     4  (4)              8  (8)
 *	int v;                   8  (4)              16 (4)
 *	unsigned int u:3;        12 bits 0-2         20 bits 0-2
 *	int s:4;                 12 bits 3-6         20 bits 3-6
 *	char name[8];            13 (in the unit's    21
 *	                            free bytes, as gcc)
 *	short sh;                22                  30
 *	unsigned char uc;        24                  32
 *	struct { int a, b; } in; 28                  36
 *	long arr[2];             36                  48
 * };                            size 44             size 64 */
static skl_layout *node_layout(skl_typedb *db, const skl_abi *abi)
{
	skl_error err;
	skl_type *n = skl_type_record(db, SKL_K_STRUCT, "node");
	skl_type *in = skl_type_record(db, SKL_K_STRUCT, "pair");
	skl_type *i = skl_type_base(db, "int"), *u = skl_type_base(db, "unsigned int");
	skl_type *np = skl_type_pointer(db, n);
	skl_layout *l;
	skl_record_add(in, "a", i, -1, 0, NULL, &err);
	skl_record_add(in, "b", i, -1, 0, NULL, &err);
	skl_record_set_complete(in);
	skl_record_add(n, "next", np, -1, 0, NULL, &err);
	skl_record_add(n, "pprev", skl_type_pointer(db, np), -1, 0, NULL, &err);
	skl_record_add(n, "v", i, -1, 0, NULL, &err);
	skl_record_add(n, "u", u, 3, 0, NULL, &err);
	skl_record_add(n, "s", i, 4, 0, NULL, &err);
	skl_record_add(n, "name", skl_type_array(db, skl_type_base(db, "char"), 8), -1, 0, NULL, &err);
	skl_record_add(n, "sh", skl_type_base(db, "short"), -1, 0, NULL, &err);
	skl_record_add(n, "uc", skl_type_base(db, "unsigned char"), -1, 0, NULL, &err);
	skl_record_add(n, "in", in, -1, 0, NULL, &err);
	skl_record_add(n, "arr", skl_type_array(db, skl_type_base(db, "long"), 2), -1, 0, NULL, &err);
	skl_record_set_complete(n);
	l = skl_layout_compute(n, abi, NULL, 0, &err);
	if (!l)
		printf("layout: %s\n", err.msg);
	return l;
}

typedef struct machine {
	skl_profile prof;
	skl_typedb *db;
	skl_layout *l;
	skl_kernel *k;
	skl_cache *c;
} machine;

static int boot(machine *m, int slub)
{
	skl_kernel_opts o;
	skl_cache_opts co;
	skl_error err;
	memset(m, 0, sizeof(*m));
	m->prof = slub ? skl_test_profile_618(1, (uint64_t)64 << 20) : skl_test_profile_2416((uint64_t)64 << 20);
	m->db = skl_typedb_new();
	m->l = node_layout(m->db, m->prof.abi);
	memset(&o, 0, sizeof(o));
	o.profile = &m->prof;
	m->k = skl_kernel_new(&o, &err);
	if (!m->l || !m->k) {
		printf("boot: %s\n", err.msg);
		return -1;
	}
	memset(&co, 0, sizeof(co));
	co.type = m->l;
	m->c = skl_cache_create(m->k, "node_cache", (size_t)m->l->size, &co, &err);
	if (!m->c)
		printf("cache: %s\n", err.msg);
	return m->c ? 0 : -1;
}

static void halt(machine *m)
{
	skl_kernel_free(m->k);
	skl_layout_free(m->l);
	skl_typedb_free(m->db);
}

#endif
