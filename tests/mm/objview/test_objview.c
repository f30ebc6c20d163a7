/*
 * test_objview.c - addresses resolved to (cache, object, offset, member)
 * and members decoded from an object's bytes (src/core/mm/objview.c), on
 * a 2.4 SLAB i386 machine and a SLUB x86_64 one, with a struct built by
 * hand whose offsets are worked out below.
 *
 * usage: test_objview resolve|decode|names|kept
 */
#include "check.h"
#include "profile.h"
#include "sklab/objview.h"
#include "sklab/types.h"
#include "objnode.h"

#include <stdlib.h>

static const skl_field *field(const skl_layout *l, const char *name)
{
	int i = skl_layout_find(l, name);
	return i < 0 ? NULL : &l->fields[i];
}

static void test_resolve(int slub)
{
	machine m;
	skl_addr a, b;
	skl_addr_info ai;
	skl_error err;
	uint64_t ptr = slub ? 8 : 4;
	if (boot(&m, slub) < 0) {
		check_failures++;
		return;
	}
	a = skl_cache_alloc(m.c, 1, &err);
	b = skl_cache_alloc(m.c, 1, &err);
	CHECK(a && b);
	CHECK_INT(skl_addr_resolve(m.k, b + 2 * ptr + 5, NULL, NULL, &ai), 0);
	CHECK(ai.cache == m.c);
	CHECK_STR(ai.cache_name, "node_cache");
	CHECK_INT(ai.obj, b);
	CHECK_INT(ai.offset, 2 * ptr + 5);
	CHECK(ai.type && !strcmp(ai.type->name, "struct node"));
	CHECK_INT(ai.has_member, 1);
	CHECK_STR(ai.member.path, "u"); /* byte 1 of the bitfields' unit: the first of them */
	CHECK_INT(skl_addr_resolve(m.k, a, NULL, NULL, &ai), 0);
	CHECK_STR(ai.member.path, "next");
	CHECK_INT(ai.offset, 0);
	/* inside the nested record: the innermost member */
	CHECK_INT(skl_addr_resolve(m.k, a + field(m.l, "in")->offset + 4, NULL, NULL, &ai), 0);
	CHECK_STR(ai.member.path, "in.b");
	/* the hole after uc (27 on i386, 35 on x86_64): no member */
	CHECK_INT(skl_addr_resolve(m.k, a + field(m.l, "uc")->offset + 1, NULL, NULL, &ai), 0);
	CHECK_INT(ai.has_member, 0);
	CHECK_INT(skl_addr_resolve(m.k, 0, NULL, NULL, &ai), -1);
	CHECK_INT(skl_addr_resolve(m.k, 0x1000, NULL, NULL, &ai), -1);
	halt(&m);
}

static void test_decode(int slub)
{
	machine m;
	skl_addr a, b;
	skl_error err;
	skl_value v;
	uint8_t *p;
	char text[128];
	unsigned psz = slub ? 8 : 4, i;
	if (boot(&m, slub) < 0) {
		check_failures++;
		return;
	}
	a = skl_cache_alloc(m.c, 1, &err);
	b = skl_cache_alloc(m.c, 1, &err);
	p = skl_kernel_bytes(m.k, a, (size_t)m.l->size);
	CHECK(p != NULL);
	if (!p)
		return;
	for (i = 0; i < psz; i++) /* a->next = b + 0 (little-endian) */
		p[i] = (uint8_t)(b >> (8 * i));
	p[field(m.l, "v")->offset] = 0xfd; /* v = -3 */
	memset(p + field(m.l, "v")->offset + 1, 0xff, 3);
	p[field(m.l, "u")->offset] = 5 | (0xc << 3); /* u = 5, s = 0b1100 = -4 */
	memcpy(p + field(m.l, "name")->offset, "eth\"0", 6);
	p[field(m.l, "sh")->offset] = 0x34;
	p[field(m.l, "sh")->offset + 1] = 0x12;
	p[field(m.l, "uc")->offset] = 200;

	CHECK_INT(skl_field_value(m.prof.abi, field(m.l, "next"), p, (size_t)m.l->size, &v), 0);
	CHECK_INT(v.kind, SKL_VAL_POINTER);
	CHECK_INT(v.u, b);
	skl_value_format(&v, m.k, NULL, NULL, text, sizeof(text));
	{
		char want[128];
		snprintf(want, sizeof(want), "0x%llx -> node#1", (unsigned long long)b);
		CHECK_STR(text, want);
	}
	skl_field_value(m.prof.abi, field(m.l, "pprev"), p, (size_t)m.l->size, &v);
	skl_value_format(&v, m.k, NULL, NULL, text, sizeof(text));
	CHECK_STR(text, "NULL");
	skl_field_value(m.prof.abi, field(m.l, "v"), p, (size_t)m.l->size, &v);
	CHECK_INT(v.kind, SKL_VAL_SIGNED);
	CHECK_INT(v.i, -3);
	skl_field_value(m.prof.abi, field(m.l, "u"), p, (size_t)m.l->size, &v);
	CHECK_INT(v.kind, SKL_VAL_UNSIGNED);
	CHECK_INT(v.u, 5);
	skl_field_value(m.prof.abi, field(m.l, "s"), p, (size_t)m.l->size, &v);
	CHECK_INT(v.kind, SKL_VAL_SIGNED);
	CHECK_INT(v.i, -4);
	skl_field_value(m.prof.abi, field(m.l, "name"), p, (size_t)m.l->size, &v);
	CHECK_INT(v.kind, SKL_VAL_STRING);
	skl_value_format(&v, m.k, NULL, NULL, text, sizeof(text));
	CHECK_STR(text, "\"eth\\\"0\"");
	skl_field_value(m.prof.abi, field(m.l, "sh"), p, (size_t)m.l->size, &v);
	skl_value_format(&v, m.k, NULL, NULL, text, sizeof(text));
	CHECK_STR(text, "4660");
	skl_field_value(m.prof.abi, field(m.l, "uc"), p, (size_t)m.l->size, &v);
	skl_value_format(&v, m.k, NULL, NULL, text, sizeof(text));
	CHECK_STR(text, "200 (0xc8)");
	skl_field_value(m.prof.abi, field(m.l, "in"), p, (size_t)m.l->size, &v);
	CHECK_INT(v.kind, SKL_VAL_RECORD);
	CHECK_STR(v.text, "{...} 8 bytes, all zero");
	skl_field_value(m.prof.abi, field(m.l, "arr"), p, (size_t)m.l->size, &v);
	CHECK_INT(v.kind, SKL_VAL_ARRAY);
	snprintf(text, sizeof(text), "[2] %u bytes", 2 * psz);
	CHECK_STR(v.text, text);
	/* past the bytes given: refused */
	CHECK_INT(skl_field_value(m.prof.abi, field(m.l, "arr"), p, 8, &v), -1);
	halt(&m);
}

static const skl_layout *other_type;
static const skl_layout *type_of(void *ud, skl_addr obj)
{
	return obj == *(skl_addr *)ud ? other_type : NULL;
}

static void test_names(void)
{
	machine m;
	skl_addr a, b;
	skl_error err;
	char text[64];
	if (boot(&m, 0) < 0) {
		check_failures++;
		return;
	}
	a = skl_cache_alloc(m.c, 1, &err);
	b = skl_cache_alloc(m.c, 1, &err);
	skl_addr_name(m.k, a, NULL, NULL, text, sizeof(text));
	CHECK_STR(text, "node#0");
	skl_addr_name(m.k, b + 0x10, NULL, NULL, text, sizeof(text));
	CHECK_STR(text, "node#1+0x10");
	skl_addr_name(m.k, 0, NULL, NULL, text, sizeof(text));
	CHECK_STR(text, "NULL");
	skl_addr_name(m.k, 0x1234, NULL, NULL, text, sizeof(text));
	CHECK_STR(text, "0x1234");
	/* a per-object type wins over the cache's */
	other_type = m.l;
	skl_addr_name(m.k, b, type_of, &b, text, sizeof(text));
	CHECK_STR(text, "node#1");
	halt(&m);
}

/* The copies a slab view keeps for the window: every live typed object up
 * to max, in address order, each as skl_obj_snapshot makes it (bytes,
 * members, pointer targets judged against the snapshot), the rest
 * counted; a freed object is not one of them. */
static void test_kept(int slub)
{
	machine m;
	skl_addr a, b, c;
	skl_error err;
	skl_kernel_snap *ks;
	skl_obj_snap **objs = NULL;
	uint8_t *p;
	unsigned psz = slub ? 8 : 4, i;
	int n, more, j, next = -1;
	if (boot(&m, slub) < 0) {
		check_failures++;
		return;
	}
	a = skl_cache_alloc(m.c, 1, &err);
	b = skl_cache_alloc(m.c, 1, &err);
	c = skl_cache_alloc(m.c, 1, &err);
	CHECK(a && b && c);
	p = skl_kernel_bytes(m.k, b, (size_t)m.l->size);
	CHECK(p != NULL);
	if (!p)
		return;
	for (i = 0; i < psz; i++) /* b->next = a */
		p[i] = (uint8_t)(a >> (8 * i));
	p[field(m.l, "uc")->offset] = 0x5a;
	CHECK_INT(skl_cache_free(m.c, c, &err), 0);
	ks = skl_kernel_snapshot(m.k);
	CHECK(ks != NULL);
	n = skl_kernel_objects(m.k, ks, NULL, NULL, 8, 1 << 20, &objs, &more);
	CHECK_INT(n, 2); /* a and b; c is free */
	CHECK_INT(more, 0);
	for (j = 0; j < n; j++)
		CHECK_STR(objs[j]->type, "struct node");
	if (n == 2) {
		const skl_obj_snap *ob = objs[0]->addr == b ? objs[0] : objs[1];
		CHECK_INT(ob->addr, b);
		CHECK_INT(ob->size, m.l->size);
		CHECK_INT(ob->bytes[field(m.l, "uc")->offset], 0x5a);
		CHECK(skl_obj_snap_bytes(ob) >= ob->size + (size_t)ob->nmembers * sizeof(skl_obj_member));
		for (j = 0; j < ob->nmembers; j++)
			if (!strcmp(ob->members[j].path, "next"))
				next = j;
		CHECK(next >= 0);
		if (next >= 0) {
			CHECK_INT(ob->members[next].target, a);
			CHECK_STR(ob->members[next].target_name, "node#0");
		}
	}
	for (j = 0; j < n; j++)
		skl_obj_snap_free(objs[j]);
	skl_free(objs);
	/* max 1: one kept, one counted */
	n = skl_kernel_objects(m.k, ks, NULL, NULL, 1, 1 << 20, &objs, &more);
	CHECK_INT(n, 1);
	CHECK_INT(more, 1);
	for (j = 0; j < n; j++)
		skl_obj_snap_free(objs[j]);
	skl_free(objs);
	/* a budget the first copy uses up: the second is counted */
	n = skl_kernel_objects(m.k, ks, NULL, NULL, 8, 1, &objs, &more);
	CHECK_INT(n, 1);
	CHECK_INT(more, 1);
	for (j = 0; j < n; j++)
		skl_obj_snap_free(objs[j]);
	skl_free(objs);
	skl_kernel_snap_free(ks);
	halt(&m);
}

int main(int argc, char **argv)
{
	const char *t = argc > 1 ? argv[1] : "";
	if (!strcmp(t, "resolve")) {
		test_resolve(0);
		test_resolve(1);
	} else if (!strcmp(t, "decode")) {
		test_decode(0);
		test_decode(1);
	} else if (!strcmp(t, "names")) {
		test_names();
	} else if (!strcmp(t, "kept")) {
		test_kept(0);
		test_kept(1);
	} else {
		fprintf(stderr, "usage: test_objview resolve|decode|names|kept\n");
		return 2;
	}
	return check_done(t);
}
