/*
 * test_diff_view.c - a layout diff's marks in the scene view
 * (skl_scene.links, src/render/view_scene.c): each link's outlines sit on
 * the rectangles the layout view drew for its members, a moved member's
 * line runs from the right edge of its block on the left to the left edge
 * of its block on the right, the outlines' tooltips say what changed and
 * then what the member's own say, added and removed members are outlined
 * alone, a member that was not drawn and a scene of one layout get no
 * mark, and the links stay above the caption bar.
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"

#include "sklab/abi.h"
#include "sklab/cparse.h"
#include "sklab/render/view_scene.h"

#include <math.h>
#include <stdlib.h>

static skl_layout *lay(skl_typedb *db, const char *name)
{
	skl_error err;
	skl_type *t = skl_typedb_find(db, name);
	skl_layout *l = t ? skl_layout_compute(t, skl_abi_find("x86_64"), NULL, 64, &err) : NULL;
	if (!l) {
		printf("cannot lay out %s\n", name);
		exit(1);
	}
	return l;
}

/* The first rectangle with this key, or NULL. */
static const skl_dl_item *rect_of(const skl_dl *dl, const char *key)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_RECT && it->key && !strcmp(it->key, key))
			return it;
	}
	return NULL;
}

static int count_kind(const skl_dl *dl, const char *key, skl_dl_kind kind)
{
	int i, n = 0;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		n += it->kind == kind && it->key && !strcmp(it->key, key);
	}
	return n;
}

static const skl_dl_item *first_of(const skl_dl *dl, const char *key, skl_dl_kind kind)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == kind && it->key && !strcmp(it->key, key))
			return it;
	}
	return NULL;
}

int main(void)
{
	static const char *src = "struct a { int fd; char state; long bytes; int port; char gone[12]; };\n"
				 "struct b { int fd; long bytes; char state; short family; int port; };\n";
	skl_typedb *db = skl_typedb_new();
	skl_error err;
	skl_layout *la, *lb;
	const skl_layout *ls[2];
	skl_scene sc;
	skl_dl *dl;
	const skl_scene_link links[] = {{"state", "state", SKL_LINK_MOVED, "state: 4 -> 16"},
					{NULL, "family", SKL_LINK_ADDED, NULL},
					{"gone", NULL, SKL_LINK_REMOVED, NULL},
					{"nosuch", "nosuch", SKL_LINK_MOVED, NULL}};
	const skl_dl_item *sa, *sb, *arrow, *ol;
	float H;
	int i;
	if (!db || skl_cparse(db, src, "test.h", &err) < 0) {
		printf("cannot read the structs\n");
		return 1;
	}
	la = lay(db, "a");
	lb = lay(db, "b");
	ls[0] = la;
	ls[1] = lb;
	memset(&sc, 0, sizeof(sc));
	sc.layouts = ls;
	sc.nlayouts = 2;
	sc.title = "diff";
	sc.caption = "a and b";
	sc.links = links;
	sc.nlinks = 4;
	dl = skl_dl_new(1600, 900);
	CHECK(dl != NULL);
	CHECK_INT(skl_view_scene(dl, &sc), 0);

	/* a moved member: two outlines on its blocks, a line from one to the other */
	sa = rect_of(dl, "0:field:state");
	sb = rect_of(dl, "1:field:state");
	CHECK(sa && sb);
	CHECK(sa && sb && sa->x + sa->w < sb->x); /* left column, right column */
	CHECK_INT(count_kind(dl, "link:0", SKL_DL_ARROW), 1);
	arrow = first_of(dl, "link:0", SKL_DL_ARROW);
	if (sa && sb && arrow) {
		CHECK(fabsf(arrow->x - (sa->x + sa->w)) < 0.5f);
		CHECK(fabsf(arrow->y - (sa->y + sa->h / 2)) < 0.5f);
		CHECK(fabsf(arrow->x + arrow->w - sb->x) < 0.5f);
		CHECK(fabsf(arrow->y + arrow->h - (sb->y + sb->h / 2)) < 0.5f);
		/* the change, then the member's own tooltip */
		CHECK(arrow->tooltip && !strncmp(arrow->tooltip, "state: 4 -> 16\n\nstate", 21));
		CHECK(arrow->tooltip && strstr(arrow->tooltip, "offset 16, size 1") != NULL);
	}
	/* two outlines and the dot where the line leaves */
	CHECK_INT(count_kind(dl, "link:0", SKL_DL_RECT), 3);
	ol = first_of(dl, "link:0", SKL_DL_RECT);
	CHECK(ol && sa && SKL_A(ol->fill) == 0 && ol->stroke_w > 0 && ol->x >= sa->x && ol->x + ol->w <= sa->x + sa->w);

	/* added and removed: one outline each, no line, on the right side */
	CHECK_INT(count_kind(dl, "link:1", SKL_DL_ARROW), 0);
	CHECK_INT(count_kind(dl, "link:1", SKL_DL_RECT), 1);
	ol = first_of(dl, "link:1", SKL_DL_RECT);
	sb = rect_of(dl, "1:field:family");
	CHECK(ol && sb && ol->x >= sb->x && ol->x + ol->w <= sb->x + sb->w + 0.01f);
	CHECK_INT(count_kind(dl, "link:2", SKL_DL_RECT), 1);
	ol = first_of(dl, "link:2", SKL_DL_RECT);
	sa = rect_of(dl, "0:field:gone");
	CHECK(ol && sa && ol->x >= sa->x && ol->y >= sa->y);
	/* a member that is not drawn: nothing */
	CHECK_INT(count_kind(dl, "link:3", SKL_DL_RECT) + count_kind(dl, "link:3", SKL_DL_ARROW), 0);

	/* nothing of the links reaches the caption bar */
	H = 900;
	{
		const skl_dl_item *bar = rect_of(dl, "scene:caption");
		CHECK(bar != NULL);
		if (bar)
			H = bar->y;
	}
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->key && !strncmp(it->key, "link:", 5))
			CHECK(it->y + (it->h > 0 ? it->h : 0) <= H && it->y + it->h <= H);
	}

	/* one layout: links are not drawn */
	sc.nlayouts = 1;
	skl_dl_clear(dl, 1600, 900);
	CHECK_INT(skl_view_scene(dl, &sc), 0);
	CHECK(skl_dl_find(dl, "link:0") < 0 && skl_dl_find(dl, "link:1") < 0);

	skl_dl_free(dl);
	skl_layout_free(la);
	skl_layout_free(lb);
	skl_typedb_free(db);
	return check_done("test_diff_view");
}
