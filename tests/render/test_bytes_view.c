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
#include "objnode.h"
#include "view_bytes.h"
#include "view_slab.h"

#include <stdlib.h>

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
