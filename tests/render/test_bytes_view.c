/*
 * test_bytes_view.c - the bytes view and the slab view's pointer arrows
 * (src/render/view_bytes.c) on a real machine's snapshot: the draw list
 * holds a hover group per member with its decoded value, pointer values
 * as links, holes hatched, cache-line rules, and one arrow per pointer
 * between live objects (none once the target is freed).
 */
#include "check.h"
#include "profile.h"
#include "sklab/objview.h"
#include "sklab/types.h"
#include "view_bytes.h"
#include "view_slab.h"

#include <stdlib.h>

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

static const skl_dl_item *item(const skl_dl *dl, const char *key)
{
	int i = skl_dl_find(dl, key);
	return i < 0 ? NULL : skl_dl_at(dl, i);
}

/* Is there a text item in group key saying text? */
static const skl_dl_item *text_in(const skl_dl *dl, const char *key, const char *text)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_TEXT && it->key && !strcmp(it->key, key) && it->text && strstr(it->text, text))
			return it;
	}
	return NULL;
}

static int count_prefix(const skl_dl *dl, const char *prefix)
{
	int i, n = 0, last = -1;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->key && !strncmp(it->key, prefix, strlen(prefix)) && it->id != last) {
			n++;
			last = it->id;
		}
	}
	return n;
}

int main(void)
{
	machine m;
	skl_addr a, b;
	skl_error err;
	skl_obj_snap *os;
	skl_kernel_snap *ks;
	skl_dl *dl = skl_dl_new(1600, 900);
	const skl_dl_item *it;
	uint8_t *p;
	unsigned i;
	int more;
	char want[96];
	if (boot(&m, 0) < 0 || !dl)
		return 1;
	a = skl_cache_alloc(m.c, 1, &err);
	b = skl_cache_alloc(m.c, 1, &err);
	p = skl_kernel_bytes(m.k, a, (size_t)m.l->size);
	for (i = 0; i < 4; i++) /* a->next = b, i386 little-endian */
		p[i] = (uint8_t)(b >> (8 * i));
	p[8] = 7; /* v = 7 */
	memcpy(p + m.l->fields[skl_layout_find(m.l, "name")].offset, "eth0", 5);

	/* the bytes view of a */
	os = skl_obj_snapshot(m.k, a, NULL, NULL, NULL, &err);
	CHECK(os != NULL);
	if (!os)
		return 1;
	CHECK_STR(os->name, "node#0");
	CHECK_INT(skl_view_bytes(dl, os, NULL), 0);
	CHECK(item(dl, "0:bytes:header") != NULL);
	CHECK(text_in(dl, "0:bytes:member:v", "v = 7") != NULL);
	it = text_in(dl, "0:bytes:member:name", "name = ");
	CHECK(it && strstr(it->text, "eth0"));
	CHECK(text_in(dl, "0:bytes:member:pprev", "pprev = NULL") != NULL);
	it = text_in(dl, "0:bytes:member:next", "next \u2192 node#1");
	CHECK(it != NULL);
	CHECK(it && it->fill == SKL_HEX(0x0060a8)); /* a link */
	it = item(dl, "0:bytes:member:next");
	snprintf(want, sizeof(want), "points into node#1");
	CHECK(it && it->tooltip && strstr(it->tooltip, want));
	/* the hole after uc (byte 27) is hatched; the line rule at 32 */
	it = item(dl, "0:bytes:hole:27");
	CHECK(it && it->kind == SKL_DL_HATCH);
	CHECK(item(dl, "0:bytes:line:1") != NULL);
	/* the bytes themselves: byte 8 reads 07 */
	CHECK(text_in(dl, "0:bytes:member:v", "07") != NULL);
	skl_obj_snap_free(os);

	/* the slab view with its arrows: a -> b */
	ks = skl_kernel_snapshot(m.k);
	CHECK_INT(skl_kernel_pointers(m.k, ks, NULL, NULL, 16, &ks->links, &more), 1);
	ks->nlinks = 1;
	CHECK_STR(ks->links[0].from_name, "node#0");
	CHECK_STR(ks->links[0].to_name, "node#1");
	CHECK_STR(ks->links[0].member, "next");
	skl_dl_clear(dl, 1600, 900);
	CHECK_INT(skl_view_slab(dl, ks, NULL), 0);
	CHECK_INT(skl_view_slab_pointers(dl, ks, 0, 1), 0);
	CHECK_INT(count_prefix(dl, "0:ptr:"), 1);
	it = item(dl, "0:ptr:0");
	CHECK(it && it->tooltip && strstr(it->tooltip, "node#0->next = node#1"));
	skl_kernel_snap_free(ks);

	/* b freed: a's pointer dangles, no arrow, no link */
	skl_cache_free(m.c, b, &err);
	ks = skl_kernel_snapshot(m.k);
	CHECK_INT(skl_kernel_pointers(m.k, ks, NULL, NULL, 16, &ks->links, &more), 0);
	skl_kernel_snap_free(ks);
	os = skl_obj_snapshot(m.k, a, NULL, NULL, NULL, &err);
	CHECK(os && os->members[0].target == 0);
	skl_obj_snap_free(os);
	/* not an object's start: refused */
	CHECK(skl_obj_snapshot(m.k, a + 1, NULL, NULL, NULL, &err) == NULL);
	skl_dl_free(dl);
	halt(&m);
	return check_done("bytes_view");
}
