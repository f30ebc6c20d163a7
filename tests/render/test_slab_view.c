/*
 * test_slab_view.c - the slab view and its compare layout, headless, on
 * synthetic kernel snapshots (2.4 geometry from kmem_cache_create's rules,
 * SLUB debug geometry from calculate_sizes()): a 2.4 machine with coloured
 * on-slab caches, an off-slab cache, a red-zoned cache with a damaged
 * object and a typed cache; a SLUB machine with slab_debug=FZPU red zones,
 * free pointers, tracks and a per-CPU slab; 10,000 objects in 1,000 slabs
 * at 1920x1080; the Dec 2001 fat sock cache against the per-protocol
 * caches; SLUB caches merged as scenarios/slub_merge.lua merges them (the
 * objects that came through the alias marked). Checks the draw list (keys, geometry, tooltips, hit-testing,
 * text dump, size), the PNG (size, colours where the list says) and SVG.
 *
 *   test_slab_view OUTDIR   (writes slab-*.png, slab-*.svg, *.dl.txt there)
 */
#include "check.h"
#include "dlist.h"
#include "image.h"
#include "profile.h"
#include "sklab/render/sdl.h"
#include "sklab/render/export.h"
#include "sklab/render/svg.h"
#include "sklab/render/view_scene.h"
#include "view_slab.h"
#include "view_util.h"
#include "sample_structs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- synthetic snapshots ---------------------------------------------------------- */

typedef struct bld {
	skl_kernel_snap *k;
	skl_addr next; /* next free page address */
	unsigned rng;  /* deterministic pseudo-random numbers */
	int slub;
	unsigned line; /* L1 cache line (2.4) */
} bld;

static unsigned rnd(bld *b)
{
	b->rng = b->rng * 1103515245u + 12345u;
	return (b->rng >> 16) & 0x7fffu;
}

static void bld_init(bld *b, const char *profile, int slub, uint64_t ram_total)
{
	memset(b, 0, sizeof(*b));
	b->k = skl_calloc(1, sizeof(*b->k));
	snprintf(b->k->profile, sizeof(b->k->profile), "%s", profile);
	b->k->allocator = slub ? SKL_ALLOC_SLUB : SKL_ALLOC_SLAB;
	b->k->page_size = 4096;
	b->k->ram_total = ram_total;
	b->k->ram_used = 900 * 1024; /* kernel text and boot allocations */
	b->next = slub ? 0xffff888100200000ull : 0xc1200000ull;
	b->rng = 2001;
	b->slub = slub;
	b->line = 32;
}

static skl_cache_snap *bld_cache(bld *b)
{
	skl_cache_snap *c;
	b->k->caches = skl_realloc(b->k->caches, (size_t)(b->k->ncaches + 1) * sizeof(*b->k->caches));
	c = &b->k->caches[b->k->ncaches++];
	memset(c, 0, sizeof(*c));
	return c;
}

static size_t l1align(size_t x, size_t l1)
{
	return (x + l1 - 1) / l1 * l1;
}

/* models kmem_cache_create() of 2.4.16 with DEBUG_SLAB: objsize, order,
 * objects per slab, off-slab, management area, left-over and colours. */
static void geom24(size_t size, int hwalign, unsigned l1, skl_cache_info *in)
{
	size_t align, left = 0, mgmt;
	unsigned order = 0, num = 0;
	int rz = size < 512, offslab;
	in->object_size = size;
	in->flags = hwalign ? SKL_SLAB_HWCACHE_ALIGN : 0;
	size = (size + 3) & ~(size_t)3;
	if (rz) {
		hwalign = 0;
		size += 8;
		in->flags = SKL_SLAB_RED_ZONE | SKL_SLAB_POISON;
	}
	align = hwalign ? l1 : 4;
	offslab = size >= 512;
	if (hwalign) {
		while (size < align / 2)
			align /= 2;
		size = (size + align - 1) / align * align;
	}
	for (;;) {
		size_t t = (size_t)4096 << order, base = offslab ? 0 : 24, extra = offslab ? 0 : 4, i = 0;
		while ((i + 1) * size + l1align(base + (i + 1) * extra, l1) <= t)
			i++;
		num = (unsigned)i;
		left = t - i * size - l1align(base + i * extra, l1);
		if (order >= 5)
			break;
		if (num == 0) {
			order++;
			continue;
		}
		if (order >= 2) /* break_gfp_order with 128 MiB */
			break;
		if (left * 8 <= t)
			break;
		order++;
	}
	mgmt = l1align(num * 4 + 24, l1);
	if (offslab && left >= mgmt) {
		offslab = 0;
		left -= mgmt;
	}
	in->size = size;
	in->align = (unsigned)align;
	in->order = order;
	in->pages_per_slab = 1u << order;
	in->objs_per_slab = num;
	in->offslab = offslab;
	in->mgmt_size = mgmt;
	in->left_over = left;
	in->colour_off = l1;
	in->colour = (unsigned)(left / l1);
}

/* Fills slab s's states: inuse of its objects allocated, at scattered
 * places (frees and reallocations mix a real freelist), cpu more parked. */
static void fill_states(bld *b, skl_slab_snap *sl, unsigned inuse, unsigned cpu)
{
	unsigned i, placed = 0;
	sl->state = skl_calloc(sl->nobjs ? sl->nobjs : 1, 1);
	sl->bad = skl_calloc(sl->nobjs ? sl->nobjs : 1, 1);
	sl->inuse = inuse;
	/* the first ones in a block (a freelist hands them out in order), the rest scattered */
	for (i = 0; i < sl->nobjs && placed < inuse * 2 / 3; i++, placed++)
		sl->state[i] = SKL_OS_ALLOC;
	while (placed < inuse) {
		i = rnd(b) % sl->nobjs;
		if (sl->state[i] == SKL_OS_FREE) {
			sl->state[i] = SKL_OS_ALLOC;
			placed++;
		}
	}
	for (i = sl->nobjs; i-- > 0 && cpu > 0;)
		if (sl->state[i] == SKL_OS_FREE) {
			sl->state[i] = SKL_OS_CPU;
			cpu--;
		}
}

static void slabinfo24(skl_cache_snap *c)
{
	const skl_cache_info *in = &c->info;
	snprintf(c->slabinfo, sizeof(c->slabinfo), "%-17s %6lu %6lu %6u %4lu %4lu %4u : %6lu %7lu %5lu %4lu %4lu",
		 in->name, in->active_objs, in->num_objs, (unsigned)in->size, in->active_slabs, in->num_slabs,
		 in->pages_per_slab, in->high, in->allocs, in->grown, in->reaped, in->errors);
}

/* A 2.4 cache with one slab per entry of inuse[] (-1 ends it). */
static skl_cache_snap *add24(bld *b, const char *name, size_t size, int hwalign, const skl_layout *type,
			     const int *inuse, int nslabs)
{
	skl_cache_snap *c = bld_cache(b);
	skl_cache_info *in = &c->info;
	unsigned colour_next = 0;
	int s;
	snprintf(in->name, sizeof(in->name), "%s", name);
	geom24(size, hwalign, b->line, in);
	c->type = type ? skl_layout_clone(type) : NULL;
	c->nslabs = nslabs;
	c->slabs = nslabs ? skl_calloc((size_t)nslabs, sizeof(*c->slabs)) : NULL;
	for (s = 0; s < nslabs; s++) {
		skl_slab_snap *sl = &c->slabs[s];
		sl->base = b->next;
		sl->pages = in->pages_per_slab;
		b->next += (uint64_t)sl->pages * 4096 * (1 + (rnd(b) % 7 == 0)); /* an occasional gap */
		sl->colour_bytes = colour_next * in->colour_off;
		if (++colour_next >= in->colour)
			colour_next = 0;
		sl->mgmt_offset = sl->colour_bytes;
		sl->mgmt_size = in->offslab ? 0 : in->mgmt_size;
		sl->s_mem = sl->base + sl->colour_bytes + sl->mgmt_size;
		sl->nobjs = in->objs_per_slab;
		fill_states(b, sl, (unsigned)inuse[s], 0);
		sl->list = sl->inuse == sl->nobjs ? 0 : sl->inuse ? 1 : 2;
		in->active_objs += sl->inuse;
		in->num_objs += sl->nobjs;
		in->active_slabs += sl->inuse > 0;
		in->num_slabs++;
	}
	in->colour_next = colour_next;
	in->high = in->active_objs + 3;
	in->allocs = in->active_objs * 9 + 5;
	in->grown = in->num_slabs + 1;
	in->reaped = 1;
	slabinfo24(c);
	b->k->ram_used += (uint64_t)nslabs * in->pages_per_slab * 4096;
	return c;
}

/* SLUB kmalloc-64 with slab_debug=FZPU on x86_64 (slub.md 8.1): 64 B
 * left pad, 64 B object, 8 B right red zone, free pointer after it,
 * tracks, padding: 256 B slots, 16 per page. */
static skl_cache_snap *add_slub_debug(bld *b, const int *inuse, int nslabs)
{
	skl_cache_snap *c = bld_cache(b);
	skl_cache_info *in = &c->info;
	int s;
	snprintf(in->name, sizeof(in->name), "kmalloc-64");
	in->object_size = 64;
	in->size = 256;
	in->align = 64;
	in->flags = SKL_SLAB_RED_ZONE | SKL_SLAB_POISON | SKL_SLAB_STORE_USER | SKL_SLAB_CONSISTENCY | SKL_SLAB_KMALLOC;
	in->order = 0;
	in->pages_per_slab = 1;
	in->objs_per_slab = 16;
	in->inuse = 72;
	in->freeptr_offset = 72;
	in->red_left_pad = 64;
	c->nslabs = nslabs;
	c->slabs = skl_calloc((size_t)nslabs, sizeof(*c->slabs));
	for (s = 0; s < nslabs; s++) {
		skl_slab_snap *sl = &c->slabs[s];
		sl->base = sl->s_mem = b->next;
		b->next += 4096;
		sl->pages = 1;
		sl->nobjs = 16;
		fill_states(b, sl, (unsigned)inuse[s], s == 0 ? 3 : 0);
		sl->list = s == 0 ? 3 : 1;
		in->active_objs += sl->inuse;
		in->num_objs += 16;
	}
	in->active_slabs = in->num_slabs = (unsigned long)nslabs;
	snprintf(c->slabinfo, sizeof(c->slabinfo),
		 "%-17s %6lu %6lu %6u %4u %4d : tunables %4u %4u %4u : slabdata %6lu %6lu %6lu", in->name,
		 in->active_objs, in->num_objs, 256u, 16u, 1, 0u, 0u, 0u, in->num_slabs, in->num_slabs, 0ul);
	b->k->ram_used += (uint64_t)nslabs * 4096;
	return c;
}

/* A SLUB cache without debugging, objects of a sample type. */
static skl_cache_snap *add_slub_typed(bld *b, const char *name, const skl_layout *type, const int *inuse, int nslabs)
{
	skl_cache_snap *c = bld_cache(b);
	skl_cache_info *in = &c->info;
	int s;
	snprintf(in->name, sizeof(in->name), "%s", name);
	in->object_size = type->size;
	in->size = (type->size + 63) / 64 * 64;
	in->align = 64;
	in->flags = SKL_SLAB_HWCACHE_ALIGN;
	in->order = in->size * 8 > 4096 ? 1 : 0;
	in->pages_per_slab = 1u << in->order;
	in->objs_per_slab = (unsigned)((4096u << in->order) / in->size);
	in->inuse = (type->size + 7) / 8 * 8;
	in->freeptr_offset = type->size / 2 / 8 * 8;
	c->type = skl_layout_clone(type);
	c->nslabs = nslabs;
	c->slabs = skl_calloc((size_t)nslabs, sizeof(*c->slabs));
	for (s = 0; s < nslabs; s++) {
		skl_slab_snap *sl = &c->slabs[s];
		sl->base = sl->s_mem = b->next;
		b->next += (uint64_t)in->pages_per_slab * 4096;
		sl->pages = in->pages_per_slab;
		sl->nobjs = in->objs_per_slab;
		fill_states(b, sl, (unsigned)inuse[s], 0);
		sl->list = sl->inuse == sl->nobjs ? 0 : 1;
		in->active_objs += sl->inuse;
		in->num_objs += sl->nobjs;
	}
	in->active_slabs = in->num_slabs = (unsigned long)nslabs;
	snprintf(c->slabinfo, sizeof(c->slabinfo),
		 "%-17s %6lu %6lu %6u %4u %4d : tunables %4u %4u %4u : slabdata %6lu %6lu %6lu", in->name,
		 in->active_objs, in->num_objs, (unsigned)in->size, in->objs_per_slab, 1 << in->order, 0u, 0u, 0u,
		 in->num_slabs, in->num_slabs, 0ul);
	b->k->ram_used += (uint64_t)nslabs * in->pages_per_slab * 4096;
	return c;
}

/* ---- reading the list ------------------------------------------------------------------------ */

/* The text of the first text item in key's group that holds needle. */
static const char *key_text(const skl_dl *dl, const char *key, const char *needle)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_TEXT && it->key && !strcmp(it->key, key) && strstr(it->text, needle))
			return it->text;
	}
	return NULL;
}

/* Every box inside the canvas, and no two object cells overlapping. */
static void check_geometry(const skl_dl *dl, const char *what)
{
	float W = skl_dl_width(dl), H = skl_dl_height(dl), prev_x1 = -1, prev_y = -1;
	int i, bad = 0, overlap = 0;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if ((it->kind == SKL_DL_RECT || it->kind == SKL_DL_HATCH || it->kind == SKL_DL_TEXT) &&
		    (it->x < -0.5f || it->y < -0.5f || it->x + it->w > W + 0.5f || it->y + it->h > H + 0.5f)) {
			if (!bad)
				fprintf(stderr, "%s: %s \"%s\" at %.1f,%.1f %.1fx%.1f is outside %gx%g\n", what,
					it->key ? it->key : "-", it->kind == SKL_DL_TEXT ? it->text : "", it->x, it->y,
					it->w, it->h, W, H);
			bad++;
		}
		/* cells of one slab follow each other left to right */
		if (it->key && (strstr(it->key, ":obj:") || strstr(it->key, ":objs:")) &&
		    (i == 0 || skl_dl_at(dl, i - 1)->id != it->id)) {
			if (it->y == prev_y && it->x < prev_x1 - 0.01f)
				overlap++;
			prev_x1 = it->x + it->w;
			prev_y = it->y;
		}
	}
	if (bad || overlap)
		fprintf(stderr, "%s: %d items outside the canvas, %d overlapping cells\n", what, bad, overlap);
	CHECK(bad == 0 && overlap == 0);
}

/* The tooltip of key's group, when it holds needle. */
static const char *key_tip(const skl_dl *dl, const char *key, const char *needle)
{
	const skl_dl_item *it = skl_test_item(dl, key);
	return it && it->tooltip && strstr(it->tooltip, needle) ? it->tooltip : NULL;
}

/* Slabs covered by the overview's cells of cache name: each slab once. */
static int ov_covered(const skl_dl *dl, const char *name, int nslabs)
{
	char prefix[96];
	unsigned char *seen = calloc((size_t)nslabs + 1, 1);
	int i, n = 0, bad = 0;
	snprintf(prefix, sizeof(prefix), "0:ov:%s:", name);
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		int a, b, j;
		if (!it->key || strncmp(it->key, prefix, strlen(prefix)) || (i && skl_dl_at(dl, i - 1)->id == it->id))
			continue;
		if (sscanf(it->key + strlen(prefix), "%d-%d", &a, &b) < 2)
			b = a;
		for (j = a; j <= b && j < nslabs; j++) {
			bad += seen[j];
			seen[j] = 1;
		}
	}
	for (i = 0; i < nslabs; i++)
		n += seen[i];
	free(seen);
	return bad ? -1 : n;
}

/* The region a scene gives the view on a w x h canvas (margins, no caption). */
static skl_view_slab_opts *framed(skl_view_slab_opts *o, float w, float h)
{
	float u = w / 1600 < h / 900 ? w / 1600 : h / 900;
	memset(o, 0, sizeof(*o));
	o->x = 28 * u;
	o->y = 22 * u;
	o->w = w - 56 * u;
	o->h = h - 36 * u;
	return o;
}

/* ---- the snapshots ------------------------------------------------------------------- */

/* Linux 2.4.16, i386, DEBUG_SLAB: a typed sock cache (812 -> 832 B, two
 * pages, on-slab, 20 colours), size-1024 (off-slab, management in
 * size-64), unix_sock (388 -> 396 B red-zoned, one object damaged), the
 * size-64 cache holding size-1024's slab_t, and two empty caches. */
static skl_kernel_snap *snap24(sample_types *t)
{
	static const int sock_inuse[] = {9, 9, 7, 3, 0};
	static const int k1024_inuse[] = {4, 2, 3};
	static const int unix_inuse[] = {10, 6, 1};
	static const int s64_inuse[] = {3};
	skl_error err;
	skl_layout *sock = sample_layout(t, "sock", "i386", "CONFIG_INET,CONFIG_FILTER", 32, &err);
	skl_cache_snap *c;
	bld b;
	bld_init(&b, "linux-2.4.16-i386", 0, (uint64_t)128 << 20);
	bld_cache(&b);
	snprintf(b.k->caches[0].info.name, 32, "kmem_cache"); /* empty here */
	geom24(244, 1, 32, &b.k->caches[0].info);
	snprintf(b.k->caches[0].slabinfo, sizeof(b.k->caches[0].slabinfo),
		 "kmem_cache             0      0    252    0    0    1 :      0       0     0    0    0");
	add24(&b, "sock", sock->size, 1, sock, sock_inuse, 5);
	add24(&b, "size-1024", 1024, 1, NULL, k1024_inuse, 3);
	c = add24(&b, "unix_sock", 388, 1, NULL, unix_inuse, 3);
	c->slabs[1].bad[2] = 1; /* an overrun into object 2's red zone */
	add24(&b, "size-64", 64, 1, NULL, s64_inuse, 1);
	add24(&b, "raw4_sock", 368, 1, NULL, NULL, 0);
	skl_layout_free(sock);
	return b.k;
}

static skl_kernel_snap *snap_slub(sample_types *t)
{
	static const int dbg_inuse[] = {9, 11, 16};
	static const int tcp_inuse[] = {3};
	skl_error err;
	skl_layout *sock = sample_layout(t, "sock", "x86_64", "CONFIG_INET,CONFIG_FILTER", 64, &err);
	bld b;
	bld_init(&b, "linux-6.18-x86_64", 1, (uint64_t)2 << 30);
	add_slub_debug(&b, dbg_inuse, 3);
	add_slub_typed(&b, "sock_inode_cache", sock, tcp_inuse, 1);
	skl_layout_free(sock);
	return b.k;
}

/* 10,000 red-zoned 396-byte objects in 1,000 one-page slabs. */
static skl_kernel_snap *snap_big(void)
{
	static int inuse[1000];
	bld b;
	int i;
	bld_init(&b, "linux-2.4.16-i386", 0, (uint64_t)128 << 20);
	for (i = 0; i < 1000; i++)
		inuse[i] = i < 700 ? 10 : i < 950 ? (int)(rnd(&b) % 10) : 0;
	add24(&b, "unix_sock", 388, 1, NULL, inuse, 1000);
	return b.k;
}

/* The seed's two machines: "brinquedo" (2.4.16-pre1, one fat sock cache:
 * 76 sockets in 12 two-page slabs of 1056-byte objects) and "rama2" (the
 * patched 2.5.x: one cache per protocol). */
static skl_kernel_snap *snap_fat(void)
{
	static const int inuse[] = {7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 6, 0};
	skl_cache_snap *c;
	bld b;
	bld_init(&b, "linux-2.4.16-i386", 0, (uint64_t)128 << 20);
	c = add24(&b, "sock", 1056, 1, NULL, inuse, 12);
	c->info.high = 87;
	c->info.allocs = 4730;
	c->info.grown = 19;
	c->info.reaped = 7;
	slabinfo24(c);
	return b.k;
}

static skl_kernel_snap *snap_split(void)
{
	static const int unix_inuse[] = {7, 0}, raw_inuse[] = {0}, udp_inuse[] = {6}, tcp_inuse[] = {5, 5, 3};
	bld b;
	bld_init(&b, "linux-2.4.16-i386", 0, (uint64_t)128 << 20);
	add24(&b, "unix_sock", 392, 1, NULL, unix_inuse, 2);
	add24(&b, "raw4_sock", 368, 1, NULL, raw_inuse, 1);
	add24(&b, "udp_sock", 364, 1, NULL, udp_inuse, 1);
	add24(&b, "tcp_sock", 788, 1, NULL, tcp_inuse, 3);
	add24(&b, "sock", 328, 1, NULL, NULL, 0);
	return b.k;
}

/* ---- tests --------------------------------------------------------------------------- */

static void test_geometry_model(void)
{
	skl_cache_info in;
	memset(&in, 0, sizeof(in));
	/* the reference's checks of the seed table */
	geom24(1056, 1, 32, &in);
	CHECK(in.size == 1056 && in.objs_per_slab == 7 && in.pages_per_slab == 2 && !in.offslab && in.colour == 23);
	geom24(388, 1, 32, &in);
	CHECK(in.size == 396 && in.objs_per_slab == 10 && in.pages_per_slab == 1 && in.colour == 2);
	geom24(788, 1, 32, &in);
	CHECK(in.size == 800 && in.objs_per_slab == 5 && !in.offslab);
	geom24(1024, 1, 32, &in);
	CHECK(in.size == 1024 && in.objs_per_slab == 4 && in.offslab && in.mgmt_size == 64);
}

static void test_24(sample_types *t, skl_sdl *sdl, const char *outdir)
{
	skl_kernel_snap *k = snap24(t);
	skl_dl *dl = skl_dl_new(1600, 900);
	const skl_cache_snap *sock = &k->caches[1], *k1024 = &k->caches[2], *unx = &k->caches[3];
	const skl_dl_item *it, *h;
	SDL_Surface *img;
	skl_error err;
	char want[64], line[2048];
	skl_buf dump;
	skl_sink sink;
	skl_view_slab_opts fo;
	int ci, si, oi;

	CHECK(sock->info.size == 832 && sock->info.pages_per_slab == 2 && sock->info.objs_per_slab == 9);
	CHECK(!sock->info.offslab && sock->info.colour == 20);
	CHECK(skl_view_slab(dl, k, framed(&fo, 1600, 900)) == 0);
	check_geometry(dl, "2.4");

	/* header, bands, slabinfo lines */
	CHECK(skl_test_item(dl, "0:header") && skl_test_has_text(dl, "linux-2.4.16-i386") &&
	      skl_test_has_text(dl, "SLAB (2.4)"));
	CHECK(skl_test_has_text(dl, "4 KiB pages") && skl_test_has_text(dl, "RAM "));
	CHECK(skl_test_item(dl, "0:cache:sock") && skl_test_item(dl, "0:cache:size-1024") &&
	      skl_test_item(dl, "0:cache:unix_sock"));
	CHECK(key_text(dl, "0:cache:sock", "812 B \xe2\x86\x92 832 B slot") != NULL);
	CHECK(key_text(dl, "0:cache:sock", "9 per slab") && key_text(dl, "0:cache:sock", "2 pages per slab"));
	CHECK(key_text(dl, "0:slabinfo:sock", "sock ") && key_text(dl, "0:slabinfo:sock", "    832 "));
	CHECK(skl_test_item(dl, "0:empty") && key_text(dl, "0:empty", "raw4_sock") &&
	      key_text(dl, "0:empty", "kmem_cache"));

	/* slabs: address labels, colour offsets cycling, management on-slab */
	snprintf(want, sizeof(want), "0x%llx", (unsigned long long)sock->slabs[0].base);
	CHECK(key_text(dl, "0:slab:sock:0", want) != NULL);
	CHECK(!skl_test_item(dl, "0:colour:sock:0") && skl_test_item(dl, "0:colour:sock:1") &&
	      skl_test_item(dl, "0:colour:sock:2"));
	CHECK(skl_test_item(dl, "0:colour:sock:1")->kind == SKL_DL_HATCH);
	CHECK(skl_test_item(dl, "0:colour:sock:2")->w > skl_test_item(dl, "0:colour:sock:1")->w * 1.9f);
	CHECK(skl_test_item(dl, "0:mgmt:sock:0") &&
	      skl_test_item(dl, "0:mgmt:sock:0")->fill == skl_view_slab_fill(SKL_SM_MGMT));
	CHECK(skl_test_item(dl, "0:tail:sock:0") && skl_test_item(dl, "0:tail:sock:0")->kind == SKL_DL_HATCH);
	/* to scale: the slab is two pages, the cell 832/8192 of it */
	{
		const skl_dl_item *slab = skl_test_item(dl, "0:slab:sock:0"), *o0 = skl_test_item(dl, "0:obj:sock:0:0"),
				  *o1 = skl_test_item(dl, "0:obj:sock:0:1");
		CHECK(slab && o0 && o1);
		if (slab && o0 && o1) {
			CHECK(o0->w > slab->w * 832 / 8192 - 0.5f && o0->w < slab->w * 832 / 8192 + 0.5f);
			CHECK(o1->x > o0->x + o0->w - 0.5f);
			/* slab 0 has no colour: objects start after the 64-byte management area */
			CHECK(o0->x > slab->x + slab->w * 64 / 8192 - 0.5f &&
			      o0->x < slab->x + slab->w * 64 / 8192 + 0.5f);
		}
	}
	/* off-slab: no management area in the pages, a tab naming size-64 */
	CHECK(!skl_test_item(dl, "0:mgmt:size-1024:0") && skl_test_item(dl, "0:offslab:size-1024:0"));
	CHECK(skl_test_item(dl, "0:offslab:size-1024:0")->tooltip &&
	      strstr(skl_test_item(dl, "0:offslab:size-1024:0")->tooltip, "size-64"));
	CHECK(key_text(dl, "0:cache:size-1024", "off-slab in size-64") != NULL);

	/* states: allocated saturated, free pale, damaged red */
	CHECK(k1024->slabs[1].state[0] == SKL_OS_ALLOC && k1024->slabs[1].state[3] == SKL_OS_FREE);
	CHECK(skl_test_item(dl, "0:obj:size-1024:1:0")->fill == skl_view_slab_fill(SKL_SM_ALLOC));
	CHECK(skl_test_item(dl, "0:obj:size-1024:1:3")->fill == skl_view_slab_fill(SKL_SM_FREE));
	/* an object's whole tooltip, to the character */
	it = skl_test_item(dl, "0:obj:unix_sock:0:0");
	CHECK(it && it->tooltip &&
	      !strcmp(it->tooltip, "unix_sock: object 0 of 10 in slab 0xc120e000\naddress 0xc120e040 (slab + 64)\n"
				   "state: allocated\ntype: (none given)\nslot 396 B, object 388 B; caller gets "
				   "0xc120e044\n  +0..3 red-zone word\n  +392..395 red-zone word\nslab: full, 10 of 10 "
				   "in use, 1 page at 0xc120e000"));
	{
		/* the damaged object: a small cell turns red */
		int i, red = 0;
		it = skl_test_item(dl, "0:obj:unix_sock:1:2");
		CHECK(it && it->w < 30 && it->fill == skl_view_slab_fill(SKL_SM_BAD));
		CHECK(it && it->tooltip && strstr(it->tooltip, "DAMAGED"));
		/* red-zone words on an intact red-zoned object */
		red = 0;
		for (i = 0; i < skl_dl_count(dl); i++) {
			it = skl_dl_at(dl, i);
			if (it->key && !strcmp(it->key, "0:obj:unix_sock:0:0") &&
			    it->fill == skl_view_slab_fill(SKL_SM_REDZONE))
				red++;
		}
		CHECK(red == 2);
	}
	CHECK(skl_test_item(dl, "0:legend:allocated") && skl_test_item(dl, "0:legend:free") &&
	      skl_test_item(dl, "0:legend:colour offset"));
	CHECK(skl_test_item(dl, "0:legend:slab_t + bufctl") && skl_test_item(dl, "0:legend:red zone") &&
	      skl_test_item(dl, "0:legend:damaged (red zone / poison)"));

	/* tooltips and hit-testing name the object and its address */
	it = skl_test_item(dl, "0:obj:size-1024:1:2");
	CHECK(it != NULL);
	if (it) {
		skl_addr a = k1024->slabs[1].s_mem + 2 * 1024;
		h = skl_dl_at(dl, skl_dl_hit(dl, it->x + it->w / 2, it->y + it->h / 2));
		CHECK(h && h->key && !strcmp(h->key, "0:obj:size-1024:1:2"));
		snprintf(want, sizeof(want), "address 0x%llx", (unsigned long long)a);
		CHECK(h && h->tooltip && strstr(h->tooltip, want));
		snprintf(want, sizeof(want), "slab 0x%llx", (unsigned long long)k1024->slabs[1].base);
		CHECK(h && h->tooltip && strstr(h->tooltip, want) && strstr(h->tooltip, "size-1024: object 2") &&
		      strstr(h->tooltip, "slab + 2048") && strstr(h->tooltip, "state: ") &&
		      strstr(h->tooltip, "type: "));
		/* locating gives the same object */
		CHECK(skl_view_slab_locate(1600, 900, k, &fo, it->x + it->w / 2, it->y + it->h / 2, &ci, &si, &oi) ==
		      1);
		CHECK(ci == 2 && si == 1 && oi == 2);
	}
	it = skl_test_item(dl, "0:obj:sock:1:4");
	CHECK(it && it->tooltip && strstr(it->tooltip, "type: struct sock (812 B)"));
	snprintf(want, sizeof(want), "address 0x%llx", (unsigned long long)(unx->slabs[0].s_mem + 396));
	it = skl_test_item(dl, "0:obj:unix_sock:0:1");
	CHECK(it && it->tooltip && strstr(it->tooltip, want) && strstr(it->tooltip, "red-zone word"));
	it = skl_test_item(dl, "0:colour:sock:1");
	h = it ? skl_dl_at(dl, skl_dl_hit(dl, it->x + it->w / 2, it->y + 2)) : NULL;
	CHECK(h && h->tooltip && strstr(h->tooltip, "colour offset: 32 B"));
	CHECK(skl_dl_hit(dl, 2, 2) < 0);
	CHECK(skl_view_slab_locate(1600, 900, k, &fo, 2, 2, &ci, &si, &oi) == 0);

	/* the text dump's key lines */
	skl_buf_init(&dump);
	sink = skl_buf_sink(&dump);
	skl_dl_dump(dl, &sink);
	CHECK(!strncmp(dump.data, "drawlist 1600x900 items ", 24));
	CHECK(skl_test_dump_line(dump.data, " rect ", "0:obj:size-1024:1:0", line, sizeof(line)) &&
	      strstr(line, "fill=#0072b2ff"));
	CHECK(skl_test_dump_line(dump.data, " rect ", "0:obj:size-1024:1:3", line, sizeof(line)) &&
	      strstr(line, "fill=#d3e6f5ff"));
	CHECK(skl_test_dump_line(dump.data, " hatch ", "0:colour:sock:1", line, sizeof(line)) &&
	      strstr(line, "tip=\"colour offset: 32 B"));
	CHECK(skl_test_dump_line(dump.data, " rect ", "0:mgmt:sock:0", line, sizeof(line)) &&
	      strstr(line, "tip=\"slab_t + bufctl[9] on-slab: 64 B"));
	snprintf(want, sizeof(want), "\"0x%llx\"", (unsigned long long)sock->slabs[0].base);
	CHECK(skl_test_dump_line(dump.data, " text ", "0:slab:sock:0", line, sizeof(line)) && strstr(line, want));
	CHECK(skl_test_dump_line(dump.data, " hatch ", "0:offslab:size-1024:0", line, sizeof(line)) != NULL);
	{
		/* deterministic */
		skl_dl *again = skl_dl_new(1600, 900);
		skl_buf d2;
		skl_buf_init(&d2);
		skl_view_slab(again, k, &fo);
		sink = skl_buf_sink(&d2);
		skl_dl_dump(again, &sink);
		CHECK(d2.len == dump.len && !memcmp(d2.data, dump.data, dump.len));
		skl_buf_free(&d2);
		skl_dl_free(again);
	}
	skl_buf_free(&dump);

	/* the image: size, colours where the list says */
	img = skl_sdl_render_surface(sdl, dl, 1600, 900, NULL, &err);
	CHECK(img && img->w == 1600 && img->h == 900);
	if (img) {
		CHECK(skl_test_distinct_colours(img) > 30);
		CHECK(skl_test_pixel(img, 2, 2) == SKL_HEX(0xffffff));
		it = skl_test_item(dl, "0:obj:size-1024:1:0");
		CHECK(it && skl_test_pixel(img, (int)(it->x + it->w / 2), (int)(it->y + it->h - 4)) ==
				skl_view_slab_fill(SKL_SM_ALLOC));
		it = skl_test_item(dl, "0:obj:size-1024:1:3");
		CHECK(it && skl_test_pixel(img, (int)(it->x + it->w / 2), (int)(it->y + it->h - 4)) ==
				skl_view_slab_fill(SKL_SM_FREE));
		SDL_FreeSurface(img);
	}
	CHECK(skl_test_save(sdl, dl, outdir, "slab-2.4") == 0);

	/* a chosen list of caches, empty ones one line each, at projector size */
	{
		static const char *const only[] = {"unix_sock", "raw4_sock", "nonexistent"};
		skl_view_slab_opts o;
		skl_dl_clear(dl, 1920, 1080);
		framed(&o, 1920, 1080);
		o.caches = only;
		o.ncaches = 3;
		o.empty = SKL_SLAB_EMPTY_LINES;
		CHECK(skl_view_slab(dl, k, &o) == 0);
		check_geometry(dl, "2.4 unix_sock");
		CHECK(skl_test_item(dl, "0:cache:unix_sock") && skl_test_item(dl, "0:cache:raw4_sock") &&
		      !skl_test_item(dl, "0:cache:sock"));
		CHECK(!skl_test_item(dl, "0:empty") && key_text(dl, "0:cache:raw4_sock", "empty"));
		/* few objects: cells are wide and show their index */
		it = skl_test_item(dl, "0:obj:unix_sock:0:3");
		CHECK(it && it->w > 100);
		CHECK(key_text(dl, "0:obj:unix_sock:0:3", "#3") != NULL);
		{
			/* a damaged big cell keeps its state, framed in red, its red-zone words solid red */
			int i, red = 0;
			it = skl_test_item(dl, "0:obj:unix_sock:1:2");
			CHECK(it && it->fill == skl_view_slab_fill(SKL_SM_ALLOC));
			for (i = 0; i < skl_dl_count(dl); i++) {
				const skl_dl_item *r = skl_dl_at(dl, i);
				if (r->kind == SKL_DL_RECT && r->key && !strcmp(r->key, "0:obj:unix_sock:1:2") &&
				    (r->fill == skl_view_slab_fill(SKL_SM_BAD) ||
				     (r->stroke_w >= 2 && r->stroke == skl_view_slab_fill(SKL_SM_BAD))))
					red++;
			}
			CHECK(red == 3);
		}
		CHECK(skl_test_save(sdl, dl, outdir, "slab-2.4-unix") == 0);
	}
	/* one typed cache: cells wide enough for the type and its first members */
	{
		static const char *const only[] = {"sock"};
		skl_view_slab_opts o;
		skl_dl_clear(dl, 1920, 1080);
		framed(&o, 1920, 1080);
		o.caches = only;
		o.ncaches = 1;
		CHECK(skl_view_slab(dl, k, &o) == 0);
		check_geometry(dl, "2.4 sock");
		CHECK(key_text(dl, "0:obj:sock:0:0", "sock") && key_text(dl, "0:obj:sock:0:0", "daddr"));
		CHECK(!skl_test_item(dl, "0:empty"));
		img = skl_sdl_render_surface(sdl, dl, 1920, 1080, NULL, &err);
		CHECK(img != NULL);
		if (img) {
			it = skl_test_item(dl, "0:mgmt:sock:0");
			CHECK(it && it->w > 4 &&
			      skl_test_pixel(img, (int)(it->x + it->w / 2), (int)(it->y + it->h - 3)) ==
				  skl_view_slab_fill(SKL_SM_MGMT));
			it = skl_test_item(dl, "0:obj:sock:4:8");
			CHECK(it && skl_test_pixel(img, (int)(it->x + it->w / 2), (int)(it->y + it->h - 3)) ==
					skl_view_slab_fill(SKL_SM_FREE));
			SDL_FreeSurface(img);
		}
		CHECK(skl_test_save(sdl, dl, outdir, "slab-2.4-sock") == 0);
	}
	skl_dl_free(dl);
	skl_kernel_snap_free(k);
}

static void test_slub(sample_types *t, skl_sdl *sdl, const char *outdir)
{
	skl_kernel_snap *k = snap_slub(t);
	skl_dl *dl = skl_dl_new(1600, 900);
	const skl_dl_item *it;
	char want[64];
	skl_view_slab_opts fo;
	int i, n_rz = 0, n_fp = 0, n_trk = 0;
	CHECK(skl_view_slab(dl, k, framed(&fo, 1600, 900)) == 0);
	check_geometry(dl, "slub");
	CHECK(skl_test_has_text(dl, "SLUB") && skl_test_has_text(dl, "linux-6.18-x86_64"));
	CHECK(key_text(dl, "0:cache:kmalloc-64", "64 B \xe2\x86\x92 256 B slot") != NULL);
	CHECK(key_text(dl, "0:slabinfo:kmalloc-64", ": tunables    0    0    0") != NULL);
	/* slot 0 of a free object: left pad, right red zone, free pointer after it, tracks */
	for (i = 0; i < skl_dl_count(dl); i++) {
		it = skl_dl_at(dl, i);
		if (!it->key || strcmp(it->key, "0:obj:kmalloc-64:1:15"))
			continue;
		if (it->kind != SKL_DL_RECT)
			continue;
		n_rz += it->fill == skl_view_slab_fill(SKL_SM_REDZONE);
		n_fp += it->fill == skl_view_slab_fill(SKL_SM_FREEPTR);
		n_trk += it->fill == skl_view_slab_fill(SKL_SM_TRACK);
	}
	CHECK(n_rz == 2 && n_fp == 1 && n_trk == 1);
	it = skl_test_item(dl, "0:obj:kmalloc-64:1:15");
	CHECK(it && it->tooltip && strstr(it->tooltip, "left red zone") && strstr(it->tooltip, "free pointer") &&
	      strstr(it->tooltip, "tracks"));
	snprintf(want, sizeof(want), "caller gets 0x%llx",
		 (unsigned long long)(k->caches[0].slabs[1].s_mem + 15 * 256 + 64));
	CHECK(it && strstr(it->tooltip, want));
	/* the per-CPU slab's parked objects */
	{
		int cpu = 0;
		for (i = 0; i < 16; i++)
			if (k->caches[0].slabs[0].state[i] == SKL_OS_CPU) {
				char key[64];
				snprintf(key, sizeof(key), "0:obj:kmalloc-64:0:%d", i);
				CHECK(skl_test_item(dl, key) &&
				      skl_test_item(dl, key)->fill == skl_view_slab_fill(SKL_SM_CPU));
				cpu++;
			}
		CHECK(cpu == 3);
		CHECK(key_text(dl, "0:slab:kmalloc-64:0", "cpu slab") != NULL);
	}
	CHECK(skl_test_item(dl, "0:legend:per-CPU cached") && skl_test_item(dl, "0:legend:free pointer") &&
	      skl_test_item(dl, "0:legend:alloc/free tracks"));
	/* the typed cache lists its first members when cells are big */
	CHECK(key_text(dl, "0:obj:sock_inode_cache:0:0", "sock") != NULL);
	CHECK(key_text(dl, "0:obj:sock_inode_cache:0:0", "daddr") != NULL);
	snprintf(want, sizeof(want), "0x%llx", (unsigned long long)k->caches[0].slabs[0].base);
	CHECK(strlen(want) == 18 && key_text(dl, "0:slab:kmalloc-64:0", want));
	CHECK(skl_test_save(sdl, dl, outdir, "slab-slub") == 0);
	{
		/* s_mem naming the first object as handed out (slot + red_left_pad)
		 * draws the same slots */
		const skl_dl_item *before = skl_test_item(dl, "0:obj:kmalloc-64:1:15");
		float bx = before ? before->x : -1;
		char tip[2048];
		for (i = 0; i < k->caches[0].nslabs; i++)
			k->caches[0].slabs[i].s_mem += 64;
		skl_dl_clear(dl, 1600, 900);
		CHECK(skl_view_slab(dl, k, &fo) == 0);
		it = skl_test_item(dl, "0:obj:kmalloc-64:1:15");
		CHECK(it && it->x == bx);
		skl_view_slab_object_tooltip(k, 0, 1, 15, tip, sizeof(tip));
		snprintf(want, sizeof(want), "address 0x%llx",
			 (unsigned long long)(k->caches[0].slabs[1].base + 15 * 256));
		CHECK(strstr(tip, want) != NULL);
	}
	skl_dl_free(dl);
	skl_kernel_snap_free(k);
}

/* A KASAN machine (generic KASAN on SLUB): what kasan_cache_create() adds
 * to every slot is drawn as red zone, and the cache's tooltip says how much. */
static void test_kasan(skl_sdl *sdl, const char *outdir)
{
	skl_profile p;
	skl_kernel_opts o;
	skl_kernel *k;
	skl_kernel_snap *snap;
	skl_dl *dl = skl_dl_new(1600, 900);
	skl_view_slab_opts fo;
	skl_error err;
	const skl_dl_item *it;
	char tip[2048], key[64];
	int ci, found = -1, i, n_rz = 0;
	p = skl_test_profile_618(1, (uint64_t)64 << 20);
	memset(&o, 0, sizeof(o));
	o.profile = &p;
	o.kasan = 1;
	k = skl_kernel_new(&o, &err);
	CHECK(k != NULL);
	if (!k) {
		skl_dl_free(dl);
		return;
	}
	CHECK(skl_kmalloc(k, 100, &err) != 0);
	snap = skl_kernel_snapshot(k);
	for (ci = 0; snap && ci < snap->ncaches; ci++)
		if (!strcmp(snap->caches[ci].info.name, "kmalloc-128") && snap->caches[ci].nslabs > 0)
			found = ci;
	CHECK(found >= 0);
	if (found >= 0) {
		const skl_cache_info *in = &snap->caches[found].info;
		const char *names[1];
		CHECK(in->kasan && in->kasan_red > 0 && in->size > in->object_size);
		names[0] = "kmalloc-128";
		framed(&fo, 1600, 900);
		fo.caches = names;
		fo.ncaches = 1;
		CHECK(skl_view_slab(dl, snap, &fo) == 0);
		/* an object's slot: the object, then red zone to its end */
		snprintf(key, sizeof(key), "0:obj:kmalloc-128:0:1");
		for (i = 0; i < skl_dl_count(dl); i++) {
			it = skl_dl_at(dl, i);
			if (it->kind == SKL_DL_RECT && it->key && !strcmp(it->key, key))
				n_rz += it->fill == skl_view_slab_fill(SKL_SM_REDZONE);
		}
		CHECK(n_rz >= 1);
		it = skl_test_item(dl, key);
		CHECK(it && it->tooltip && strstr(it->tooltip, "KASAN red zone"));
		snprintf(key, sizeof(key), "0:cache:kmalloc-128");
		it = skl_test_item(dl, key);
		CHECK(it && it->tooltip && strstr(it->tooltip, "KASAN: +"));
		skl_view_slab_object_tooltip(snap, found, 0, 1, tip, sizeof(tip));
		CHECK(strstr(tip, "KASAN red zone") != NULL);
		CHECK(skl_test_save(sdl, dl, outdir, "slab-kasan") == 0);
	}
	skl_kernel_snap_free(snap);
	skl_kernel_free(k);
	skl_dl_free(dl);
}

/* KASAN's quarantine (mm/kasan/quarantine.c, kasan_quarantine_put()): a
 * kfree()d object stays poisoned and off its slab's freelist until the
 * quarantine is reduced. The slab still counts it in use (inuse, as
 * slab_free_hook() in mm/slub.c, 6.x, returning true leaves it), the snapshot marks
 * it SKL_OS_QUARANTINE, and the view hatches it, names it in the legend,
 * its tooltip and the header's totals. */
static void test_kasan_quarantine(skl_sdl *sdl, const char *outdir)
{
	skl_profile p;
	skl_kernel_opts o;
	skl_kernel *k;
	skl_kernel_snap *snap;
	skl_dl *dl = skl_dl_new(1600, 900);
	skl_view_slab_opts fo;
	skl_error err;
	const skl_dl_item *it;
	const char *names[1] = {"kmalloc-128"};
	skl_addr a[3];
	char key[64];
	int ci, found = -1, s, i, hatched = 0, nq = 0;
	p = skl_test_profile_618(1, (uint64_t)64 << 20);
	memset(&o, 0, sizeof(o));
	o.profile = &p;
	o.kasan = 1;
	k = skl_kernel_new(&o, &err);
	CHECK(k != NULL);
	if (!k) {
		skl_dl_free(dl);
		return;
	}
	for (i = 0; i < 3; i++)
		CHECK((a[i] = skl_kmalloc(k, 100, &err)) != 0);
	/* before any free: nothing quarantined, nothing in the legend */
	snap = skl_kernel_snapshot(k);
	framed(&fo, 1600, 900);
	fo.caches = names;
	fo.ncaches = 1;
	CHECK(snap && skl_view_slab(dl, snap, &fo) == 0);
	CHECK(!skl_test_item(dl, "0:legend:quarantined"));
	CHECK(!skl_test_has_text(dl, "in quarantine"));
	skl_kernel_snap_free(snap);
	skl_dl_clear(dl, 1600, 900);

	CHECK(skl_kfree(k, a[1], &err) == 0);
	snap = skl_kernel_snapshot(k);
	for (ci = 0; snap && ci < snap->ncaches; ci++)
		if (!strcmp(snap->caches[ci].info.name, "kmalloc-128") && snap->caches[ci].nslabs > 0)
			found = ci;
	CHECK(found >= 0);
	if (found >= 0) {
		const skl_cache_snap *cs = &snap->caches[found];
		int qs = -1, qi = -1;
		for (s = 0; s < cs->nslabs; s++)
			for (i = 0; i < (int)cs->slabs[s].nobjs; i++) {
				if (cs->slabs[s].state[i] != SKL_OS_QUARANTINE)
					continue;
				nq++;
				qs = s;
				qi = i;
			}
		CHECK_INT(nq, 1);
		CHECK(qs >= 0 && cs->slabs[qs].s_mem + (uint64_t)qi * cs->info.size == a[1]);
		/* still counted in use by its slab, as SLUB counts it */
		CHECK(qs >= 0 && cs->slabs[qs].inuse >= 3);
		CHECK(skl_view_slab(dl, snap, &fo) == 0);
		snprintf(key, sizeof(key), "0:obj:kmalloc-128:%d:%d", qs, qi);
		for (i = 0; i < skl_dl_count(dl); i++) {
			it = skl_dl_at(dl, i);
			if (it->kind == SKL_DL_HATCH && it->key && !strcmp(it->key, key))
				hatched += it->fill == skl_view_slab_fill(SKL_SM_QUARANTINE);
		}
		CHECK(hatched == 1);
		it = skl_test_item(dl, key);
		CHECK(it && it->tooltip &&
		      strstr(it->tooltip, "state: in KASAN's quarantine (freed, poisoned, not reusable yet)"));
		CHECK(skl_test_item(dl, "0:legend:quarantined") != NULL);
		CHECK(skl_test_has_text(dl, "(1 in quarantine)"));
		CHECK(skl_test_save(sdl, dl, outdir, "slab-kasan-quarantine") == 0);
	}
	skl_kernel_snap_free(snap);
	skl_kernel_free(k);
	skl_dl_free(dl);
}

/* SLUB kmalloc above the largest class (kmalloc_large): the snapshot
 * lists the blocks by order after the caches, and the view draws each as
 * one allocated block of whole pages that no cache owns. */
static void test_kmalloc_large(skl_sdl *sdl, const char *outdir)
{
	skl_profile p;
	skl_kernel_opts o;
	skl_kernel *k;
	skl_kernel_snap *snap;
	skl_dl *dl = skl_dl_new(1600, 900);
	skl_view_slab_opts fo;
	skl_slab_totals t;
	skl_error err;
	const skl_dl_item *it;
	char tip[2048];
	skl_addr a;
	int ci, found = -1;
	p = skl_test_profile_618(1, (uint64_t)64 << 20);
	memset(&o, 0, sizeof(o));
	o.profile = &p;
	k = skl_kernel_new(&o, &err);
	CHECK(k != NULL);
	if (!k) {
		skl_dl_free(dl);
		return;
	}
	a = skl_kmalloc(k, 16000, &err);
	CHECK(a != 0 && skl_kmalloc(k, 100, &err) != 0);
	snap = skl_kernel_snapshot(k);
	for (ci = 0; snap && ci < snap->ncaches; ci++)
		if (!strcmp(snap->caches[ci].info.name, "kmalloc_large-16k"))
			found = ci;
	CHECK(found == (snap ? snap->ncaches - 1 : -2));
	if (found >= 0) {
		const skl_cache_snap *cs = &snap->caches[found];
		CHECK(cs->kmalloc_large && cs->nslabs == 1 && cs->slabs[0].base == a && cs->slabs[0].pages == 4);
		CHECK(cs->slabs[0].nobjs == 1 && cs->slabs[0].state[0] == SKL_OS_ALLOC);
		skl_view_slab_totals(snap, NULL, 0, &t);
		CHECK_INT(t.caches, 3); /* kmalloc-128, kmem_cache_node, kmem_cache: the block is no slab */
		framed(&fo, 1600, 900);
		CHECK(skl_view_slab(dl, snap, &fo) == 0);
		it = skl_test_item(dl, "0:cache:kmalloc_large-16k");
		CHECK(it && it->tooltip && strstr(it->tooltip, "not a cache"));
		skl_view_slab_object_tooltip(snap, found, 0, 0, tip, sizeof(tip));
		CHECK(strstr(tip, "16384 B at 0x") && strstr(tip, "4 pages (order 2) from the page allocator"));
		CHECK(skl_test_save(sdl, dl, outdir, "slab-kmalloc-large") == 0);
	}
	skl_kernel_snap_free(snap);
	skl_kernel_free(k);
	skl_dl_free(dl);
}

/* The rects of key's group filled with fill. */
static int count_fill(const skl_dl *dl, const char *key, skl_color fill)
{
	int i, n = 0;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		n += it->kind == SKL_DL_RECT && it->key && !strcmp(it->key, key) && it->fill == fill;
	}
	return n;
}

/* A SLUB machine as scenarios/slub_merge.lua builds it: sklab_b (116 B)
 * merged into sklab_a (120 B), three objects from each, alternating, in
 * one slab; drawn as scene.show(k, {caches = {"sklab_a"}}) draws it. */
static skl_kernel *merged_machine(skl_cache **a, skl_cache **b, skl_addr *obj)
{
	static skl_profile p;
	skl_kernel_opts o;
	skl_cache_opts co;
	skl_kernel *k;
	skl_error err;
	int i;
	p = skl_test_profile_618(1, (uint64_t)64 << 20);
	memset(&o, 0, sizeof(o));
	o.profile = &p;
	memset(&co, 0, sizeof(co));
	k = skl_kernel_new(&o, &err);
	if (!k)
		return NULL;
	*a = skl_cache_create(k, "sklab_a", 120, &co, &err);
	*b = skl_cache_create(k, "sklab_b", 116, &co, &err);
	if (!*a || !*b) {
		skl_kernel_free(k);
		return NULL;
	}
	for (i = 0; i < 6; i++)
		obj[i] = skl_cache_alloc(i % 2 ? *b : *a, 0, &err);
	return k;
}

static int draw_merged(skl_dl *dl, skl_kernel *k, float w, float h, float page_px)
{
	static const char *const names[] = {"sklab_a"};
	skl_kernel_snap *snap = skl_kernel_snapshot(k);
	skl_view_slab_opts fo;
	int rc;
	if (!snap)
		return -1;
	skl_dl_clear(dl, w, h);
	framed(&fo, w, h);
	fo.caches = names;
	fo.ncaches = 1;
	fo.page_px = page_px;
	rc = skl_view_slab(dl, snap, &fo);
	skl_kernel_snap_free(snap);
	return rc;
}

/* Merged caches: the objects that came through the alias carry the tag,
 * their tooltips name the alias, the legend says what the tag means and
 * the head names the alias; a free forgets it, a destroyed alias's name
 * stays with its objects. At every size the lint checks, and as runs. */
static void test_merged(skl_sdl *sdl, const char *outdir)
{
	static const float sizes[][2] = {{1600, 900}, {1280, 720}, {1920, 1080}};
	skl_dl *dl = skl_dl_new(1600, 900);
	skl_cache *a, *b;
	skl_addr obj[40];
	skl_kernel *k = merged_machine(&a, &b, obj);
	skl_color tag = skl_view_slab_via_fill(0);
	const skl_dl_item *it;
	skl_error err;
	char key[64];
	int i, z;
	CHECK(k != NULL);
	if (!k) {
		skl_dl_free(dl);
		return;
	}
	for (z = 0; z < 3; z++) {
		float w = sizes[z][0], h = sizes[z][1];
		if (z == 2)
			skl_dl_set_text_floor(dl, 14); /* presenting */
		CHECK(draw_merged(dl, k, w, h, 0) == 0);
		check_geometry(dl, "merged");
		for (i = 0; i < 6; i++) {
			snprintf(key, sizeof(key), "0:obj:sklab_a:0:%d", i);
			it = skl_test_item(dl, key);
			CHECK(it && it->fill == skl_view_slab_fill(SKL_SM_ALLOC));
			/* sklab_b's objects (1, 3, 5): one tag each; sklab_a's none */
			CHECK(count_fill(dl, key, tag) == (i % 2));
			CHECK(it && it->tooltip &&
			      (strstr(it->tooltip, "allocated through alias sklab_b") != NULL) == (i % 2));
		}
		CHECK(count_fill(dl, "0:obj:sklab_a:0:6", tag) == 0);
		it = skl_test_item(dl, "0:legend:via:0");
		CHECK(it && key_text(dl, "0:legend:via:0", "through alias sklab_b"));
		CHECK(count_fill(dl, "0:legend:via:0", tag) == 1);
		CHECK(!skl_test_item(dl, "0:legend:via:1"));
		/* the head: "sklab_a, alias sklab_b" */
		CHECK(key_text(dl, "0:cache:sklab_a", "sklab_a") && key_text(dl, "0:cache:sklab_a", ", alias sklab_b"));
		it = skl_test_item(dl, "0:cache:sklab_a");
		CHECK(it && it->tooltip && strstr(it->tooltip, "alias sklab_b: kmem_cache_create() merged"));
		/* the tag's pixels: yellow at the corner of object 1, none at object 0's */
		if (z == 0) {
			SDL_Surface *img = skl_sdl_render_surface(sdl, dl, 1600, 900, NULL, &err);
			const skl_dl_item *o0 = skl_test_item(dl, "0:obj:sklab_a:0:0"),
					  *o1 = skl_test_item(dl, "0:obj:sklab_a:0:1");
			CHECK(img != NULL);
			if (img && o0 && o1) {
				CHECK(skl_test_pixel(img, (int)o1->x + 4, (int)o1->y + 4) == tag);
				CHECK(skl_test_pixel(img, (int)o0->x + 4, (int)o0->y + 4) ==
				      skl_view_slab_fill(SKL_SM_ALLOC));
			}
			if (img)
				SDL_FreeSurface(img);
			CHECK(skl_test_save(sdl, dl, outdir, "slab-merged") == 0);
		}
	}
	skl_dl_set_text_floor(dl, 0);
	/* the freed sklab_b slot goes to sklab_a: no tag any more */
	CHECK(skl_cache_free(b, obj[1], &err) == 0);
	CHECK(skl_cache_alloc(a, 0, &err) == obj[1]);
	CHECK(draw_merged(dl, k, 1600, 900, 0) == 0);
	CHECK(count_fill(dl, "0:obj:sklab_a:0:1", tag) == 0 && count_fill(dl, "0:obj:sklab_a:0:3", tag) == 1);
	it = skl_test_item(dl, "0:obj:sklab_a:0:1");
	CHECK(it && it->tooltip && !strstr(it->tooltip, "through"));
	/* small cells: runs of objects from one name, the tag a strip along the top
	 * (the slab full, still the only one) */
	for (i = 6; i < 34; i++)
		obj[i] = skl_cache_alloc(i < 20 ? a : b, 0, &err);
	CHECK(draw_merged(dl, k, 1600, 900, 150) == 0);
	check_geometry(dl, "merged runs");
	it = skl_test_item(dl, "0:objs:sklab_a:0:20-33");
	CHECK(it && it->tooltip && strstr(it->tooltip, "allocated through alias sklab_b"));
	CHECK(count_fill(dl, "0:objs:sklab_a:0:20-33", tag) == 1);
	it = skl_test_item(dl, "0:objs:sklab_a:0:6-19");
	CHECK(it && it->tooltip && !strstr(it->tooltip, "through"));
	CHECK(count_fill(dl, "0:objs:sklab_a:0:6-19", tag) == 0);
	/* the alias destroyed, its objects stay: named so, no longer in the head */
	for (i = 20; i < 34; i++)
		CHECK(skl_cache_free(b, obj[i], &err) == 0);
	CHECK(skl_cache_destroy(b, &err) == 0);
	CHECK(draw_merged(dl, k, 1600, 900, 0) == 0);
	it = skl_test_item(dl, "0:obj:sklab_a:0:3");
	CHECK(it && it->tooltip && strstr(it->tooltip, "allocated through sklab_b, an alias since destroyed"));
	CHECK(key_text(dl, "0:legend:via:0", "through sklab_b, an alias since destroyed"));
	CHECK(!key_text(dl, "0:cache:sklab_a", "alias sklab_b"));
	skl_kernel_free(k);
	skl_dl_free(dl);
}

/* The text builder of the tooltips against snprintf: the same characters,
 * and the same truncation in a small buffer. */
static void test_text_builder(void)
{
	static const unsigned long long vals[] = {
	    0, 1, 9, 10, 255, 4096, 0xc120e044ull, 0xffff888100003000ull, 18446744073709551615ull};
	char got[64], want[64];
	size_t i, cap;
	for (i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		for (cap = 1; cap <= sizeof(got); cap += 7) {
			skl__sb b;
			long long sv = (long long)vals[i] * (i % 2 ? -1 : 1);
			skl__sb_init(&b, got, cap);
			skl__sb_str(&b, "at 0x");
			skl__sb_hex(&b, vals[i]);
			skl__sb_str(&b, " +");
			skl__sb_u64(&b, vals[i]);
			skl__sb_str(&b, " ");
			skl__sb_i64(&b, sv);
			snprintf(want, cap, "at 0x%llx +%llu %lld", vals[i], vals[i], sv);
			if (strcmp(got, want)) {
				fprintf(stderr, "text builder, capacity %zu: \"%s\", snprintf \"%s\"\n", cap, got,
					want);
				check_failures++;
			}
		}
	}
}

static void test_big(skl_sdl *sdl, const char *outdir)
{
	skl_kernel_snap *k = snap_big();
	skl_dl *dl = skl_dl_new(1920, 1080);
	const skl_dl_item *it;
	SDL_Surface *img;
	skl_error err;
	char want[64];
	size_t tips = 0;
	skl_view_slab_opts fo;
	int i, ci, si, oi, found = 0;
	CHECK(k->caches[0].nslabs == 1000 && k->caches[0].info.num_objs == 10000);
	CHECK(skl_view_slab(dl, k, framed(&fo, 1920, 1080)) == 0);
	check_geometry(dl, "10,000 objects");
	/* everything drawn, nothing left out */
	CHECK(skl_test_item(dl, "0:slab:unix_sock:0") && skl_test_item(dl, "0:slab:unix_sock:999") &&
	      !skl_test_item(dl, "0:more"));
	CHECK(skl_test_count_groups(dl, "0:slab:unix_sock:") == 1000);
	/* a small draw list: runs of equal cells, one tooltip per run */
	for (i = 0; i < skl_dl_count(dl); i++) {
		it = skl_dl_at(dl, i);
		if (it->tooltip && (i == 0 || skl_dl_at(dl, i - 1)->tooltip != it->tooltip))
			tips += strlen(it->tooltip);
	}
	printf("test_slab_view: 10,000 objects: %d items, %zu bytes of tooltips\n", skl_dl_count(dl), tips);
	CHECK(skl_dl_count(dl) < 9000);
	CHECK(tips < 3u * 1024 * 1024);
	/* full slabs are one run */
	it = skl_test_item(dl, "0:objs:unix_sock:5:0-9");
	CHECK(it && it->fill == skl_view_slab_fill(SKL_SM_ALLOC));
	CHECK(it && it->tooltip && strstr(it->tooltip, "objects 0-9") && strstr(it->tooltip, "addresses 0x"));
	/* slabs do not overlap and stay in rows */
	{
		const skl_dl_item *a = skl_test_item(dl, "0:slab:unix_sock:0"),
				  *b = skl_test_item(dl, "0:slab:unix_sock:1");
		CHECK(a && b && (b->x >= a->x + a->w || b->y >= a->y + a->h));
	}
	/* the exact object under a point, even inside a run */
	it = skl_test_item(dl, "0:objs:unix_sock:5:0-9");
	if (it) {
		CHECK(skl_view_slab_locate(1920, 1080, k, &fo, it->x + it->w * 0.75f, it->y + it->h / 2, &ci, &si,
					   &oi) == 1);
		CHECK(ci == 0 && si == 5 && oi == 7);
		if (ci == 0 && si == 5 && oi >= 0) {
			char tip[2048];
			skl_view_slab_object_tooltip(k, ci, si, oi, tip, sizeof(tip));
			snprintf(want, sizeof(want), "address 0x%llx",
				 (unsigned long long)(k->caches[0].slabs[5].s_mem + (uint64_t)oi * 396));
			CHECK(strstr(tip, want) != NULL);
		}
		found = 1;
	}
	CHECK(found);
	img = skl_sdl_render_surface(sdl, dl, 1920, 1080, NULL, &err);
	CHECK(img && img->w == 1920 && img->h == 1080);
	if (img) {
		CHECK(skl_test_distinct_colours(img) > 10);
		it = skl_test_item(dl, "0:objs:unix_sock:5:0-9");
		CHECK(it && skl_test_pixel(img, (int)(it->x + it->w / 2), (int)(it->y + it->h / 2)) ==
				skl_view_slab_fill(SKL_SM_ALLOC));
		SDL_FreeSurface(img);
	}
	CHECK(skl_test_save(sdl, dl, outdir, "slab-10000") == 0);
	/* a thumbnail: still inside the canvas; every slab drawn, as a strip
	 * or, too small for strips, as a cell of the overview */
	skl_dl_clear(dl, 480, 270);
	CHECK(skl_view_slab(dl, k, framed(&fo, 480, 270)) == 0);
	check_geometry(dl, "10,000 objects, 480x270");
	CHECK(skl_test_count_groups(dl, "0:slab:unix_sock:") == 1000 || ov_covered(dl, "unix_sock", 1000) == 1000);
	CHECK(!skl_test_item(dl, "0:more") && !skl_test_has_text(dl, "not shown"));
	CHECK(skl_test_save(sdl, dl, outdir, "slab-10000-small") == 0);
	/* a chosen scale (a window zoomed in): the slabs that fit, and a note */
	skl_dl_clear(dl, 1920, 1080);
	framed(&fo, 1920, 1080);
	fo.page_px = 300;
	CHECK(skl_view_slab(dl, k, &fo) == 0);
	check_geometry(dl, "10,000 objects at 300 px a page");
	CHECK(skl_test_item(dl, "0:slab:unix_sock:0") && skl_test_item(dl, "0:more"));
	it = skl_test_item(dl, "0:slab:unix_sock:0");
	CHECK(it && it->w == 300);
	it = skl_test_item(dl, "0:obj:unix_sock:0:0");
	CHECK(it && it->tooltip && strstr(it->tooltip, "unix_sock: object 0 of 10"));
	skl_dl_free(dl);
	skl_kernel_snap_free(k);
}

/* 200,000 objects, every other one freed: the fragmentation a slab view
 * at scale must show. 13 objects a slab, so 15,385 slabs all partial,
 * about half empty each. The view becomes an overview: a cell a slab,
 * coloured by fill, a histogram of the partial slabs' fill, the totals,
 * and never a "not shown". */
static void test_overview(skl_sdl *sdl, const char *outdir)
{
	static int inuse[80000];
	skl_view_slab_opts fo;
	skl_dl *dl = skl_dl_new(1600, 900);
	const char *only[] = {"filp"};
	const skl_dl_item *it;
	skl_cache_snap *c;
	SDL_Surface *img;
	skl_error err;
	bld b;
	int i, s, ci, si, oi, nslabs;
	unsigned long in = 0;
	bld_init(&b, "linux-2.4.16-i386", 0, (uint64_t)1 << 30);
	nslabs = (200000 + 12) / 13;
	for (i = 0; i < nslabs; i++)
		inuse[i] = 0;
	c = add24(&b, "filp", 290, 0, NULL, inuse, nslabs);
	CHECK(c->info.objs_per_slab == 13 && c->nslabs == 15385);
	/* allocated in order, then every other object freed */
	for (s = 0; s < c->nslabs; s++) {
		skl_slab_snap *sl = &c->slabs[s];
		sl->inuse = 0;
		for (i = 0; i < (int)sl->nobjs; i++) {
			long g = (long)s * 13 + i;
			sl->state[i] = g < 200000 && g % 2 == 0 ? SKL_OS_ALLOC : SKL_OS_FREE;
			sl->inuse += sl->state[i] == SKL_OS_ALLOC;
		}
		sl->list = sl->inuse == sl->nobjs ? 0 : sl->inuse ? 1 : 2;
		in += sl->inuse;
	}
	CHECK(in == 100000);
	c->info.active_objs = in;
	slabinfo24(c);
	/* and a small cache beside it */
	{
		static const int few[] = {10, 4, 0};
		add24(&b, "size-32", 32, 1, NULL, few, 3);
	}

	CHECK(skl_view_slab(dl, b.k, framed(&fo, 1600, 900)) == 0);
	check_geometry(dl, "200,000 objects");
	/* the lesson in numbers, never a "not shown" */
	CHECK(!skl_test_item(dl, "0:more") && !skl_test_has_text(dl, "not shown"));
	CHECK(key_text(dl, "0:ovtotal:filp", "15,385 slabs: 0 full \xc2\xb7 15,385 partial \xc2\xb7 0 empty") != NULL);
	CHECK(key_text(dl, "0:ovtotal:filp", "100,000 of 200,005 objects in use (50%)") != NULL);
	CHECK(key_text(dl, "0:ovtotal:filp", "the 15,385 partial slabs hold 100,005 free objects") != NULL);
	/* the histogram: 7,692 slabs with 6 in use, 7,692 with 7, the last with 4 */
	it = skl_test_item(dl, "0:hist:filp:5");
	CHECK(it && it->tooltip && strstr(it->tooltip, "7,692 partial slabs with 6 of 13 objects in use"));
	it = skl_test_item(dl, "0:hist:filp:6");
	CHECK(it && it->tooltip && strstr(it->tooltip, "7,692 partial slabs with 7 of 13 objects in use"));
	it = skl_test_item(dl, "0:hist:filp:3");
	CHECK(it && it->tooltip && strstr(it->tooltip, "1 partial slab with 4 of 13"));
	CHECK(skl_test_has_text(dl, "7,692"));
	/* every slab in a cell, once; the small cache in its own band */
	CHECK(ov_covered(dl, "filp", 15385) == 15385);
	CHECK(ov_covered(dl, "size-32", 3) == 3);
	CHECK(skl_test_item(dl, "0:cache:filp") && skl_test_item(dl, "0:cache:size-32") &&
	      skl_test_item(dl, "0:slabinfo:filp"));
	CHECK(key_tip(dl, "0:cache:filp", "scene.show(k, { caches = { \"filp\" } })") != NULL);
	CHECK(skl_test_item(dl, "0:legend:partial") && skl_test_item(dl, "0:legend:cell") &&
	      skl_test_item(dl, "0:legend:empty"));
	CHECK(!skl_test_item(dl, "0:legend:full") && !skl_test_item(dl, "0:legend:allocated"));
	/* no slab strips or object cells at this scale */
	CHECK(skl_test_count_groups(dl, "0:slab:") == 0 && skl_test_count_groups(dl, "0:obj") == 0);
	CHECK(skl_view_slab_locate(1600, 900, b.k, &fo, 800, 450, &ci, &si, &oi) == 0);
	printf("test_slab_view: 200,000 objects as an overview: %d items\n", skl_dl_count(dl));
	CHECK(skl_dl_count(dl) < 15385 + 1000); /* at most a rectangle a slab */
	img = skl_sdl_render_surface(sdl, dl, 1600, 900, NULL, &err);
	CHECK(img != NULL);
	if (img) {
		/* a cell of a slab half in use has the 41-60% colour */
		for (i = 0, it = NULL; i < skl_dl_count(dl) && !it; i++)
			if (skl_dl_at(dl, i)->key && !strncmp(skl_dl_at(dl, i)->key, "0:ov:filp:0", 11))
				it = skl_dl_at(dl, i);
		CHECK(it != NULL);
		if (it)
			CHECK(skl_test_pixel(img, (int)(it->x + 1), (int)(it->y + it->h / 2)) == SKL_HEX(0xeaa12c));
		SDL_FreeSurface(img);
	}
	CHECK(skl_test_save(sdl, dl, outdir, "slab-200000") == 0);

	/* drilling into one cache: caches = { "filp" } */
	skl_dl_clear(dl, 1600, 900);
	framed(&fo, 1600, 900);
	fo.caches = only;
	fo.ncaches = 1;
	CHECK(skl_view_slab(dl, b.k, &fo) == 0);
	CHECK(skl_test_item(dl, "0:cache:filp") && !skl_test_item(dl, "0:cache:size-32"));
	CHECK(ov_covered(dl, "filp", 15385) == 15385);

	/* the other sizes: present type, a thumbnail, and a compare of two */
	skl_dl_clear(dl, 1920, 1080);
	skl_dl_set_text_floor(dl, 14);
	CHECK(skl_view_slab(dl, b.k, framed(&fo, 1920, 1080)) == 0);
	check_geometry(dl, "200,000 objects, 1920x1080, floor 14");
	CHECK(ov_covered(dl, "filp", 15385) == 15385 && !skl_test_item(dl, "0:more"));
	CHECK(skl_test_save(sdl, dl, outdir, "slab-200000-present") == 0);
	skl_dl_free(dl);
	dl = skl_dl_new(480, 270);
	CHECK(skl_view_slab(dl, b.k, framed(&fo, 480, 270)) == 0);
	check_geometry(dl, "200,000 objects, 480x270");
	CHECK(ov_covered(dl, "filp", 15385) == 15385 && !skl_test_has_text(dl, "not shown"));
	CHECK(skl_test_save(sdl, dl, outdir, "slab-200000-small") == 0);
	skl_dl_clear(dl, 1600, 900);
	{
		skl_view_compare_opts co;
		memset(&co, 0, sizeof(co));
		CHECK(skl_view_slab_compare(dl, b.k, "before", b.k, "after", &co) == 0);
		check_geometry(dl, "200,000 objects, compare");
		CHECK(skl_test_item(dl, "0:ovtotal:filp") && skl_test_item(dl, "1:ovtotal:filp") &&
		      skl_test_item(dl, "cmp:legend:partial"));
		CHECK(skl_test_save(sdl, dl, outdir, "slab-200000-compare") == 0);
	}
	skl_dl_free(dl);
	skl_kernel_snap_free(b.k);
}

/* A million objects, in 76,924 slabs: still an overview, each slab in a
 * cell, or cells of several slabs when the canvas has too few pixels. */
static void test_million(skl_sdl *sdl, const char *outdir)
{
	static int inuse[80000];
	skl_view_slab_opts fo;
	skl_dl *dl = skl_dl_new(1280, 720);
	skl_cache_snap *c;
	bld b;
	int i, n;
	bld_init(&b, "linux-2.4.16-i386", 0, (uint64_t)4 << 30);
	n = (1000000 + 12) / 13;
	for (i = 0; i < n; i++)
		inuse[i] = i % 5 == 0 ? 13 : i % 5 == 1 ? 0 : 1 + (int)(rnd(&b) % 12);
	c = add24(&b, "dentry", 290, 0, NULL, inuse, n);
	CHECK(c->nslabs == 76924);
	CHECK(skl_view_slab(dl, b.k, framed(&fo, 1280, 720)) == 0);
	check_geometry(dl, "1,000,000 objects");
	CHECK(ov_covered(dl, "dentry", n) == n && !skl_test_has_text(dl, "not shown"));
	CHECK(key_text(dl, "0:ovtotal:dentry", "76,924 slabs: 15,385 full") != NULL);
	printf("test_slab_view: 1,000,000 objects as an overview: %d items\n", skl_dl_count(dl));
	CHECK(skl_test_save(sdl, dl, outdir, "slab-1000000") == 0);
	skl_dl_free(dl);
	skl_kernel_snap_free(b.k);
}

/* Nothing to draw: a header, no bands, no crash. */
static void test_empty(void)
{
	skl_dl *dl = skl_dl_new(800, 450);
	skl_view_slab_opts fo;
	bld b;
	int ci, si, oi;
	bld_init(&b, "linux-6.18-x86_64", 1, (uint64_t)1 << 30);
	CHECK(skl_view_slab(dl, b.k, framed(&fo, 800, 450)) == 0);
	CHECK(skl_test_item(dl, "0:header") && skl_test_has_text(dl, "0 caches"));
	CHECK(skl_view_slab_locate(800, 450, b.k, &fo, 400, 200, &ci, &si, &oi) == 0);
	add24(&b, "empty_cache", 100, 1, NULL, NULL, 0);
	skl_dl_clear(dl, 800, 450);
	CHECK(skl_view_slab(dl, b.k, framed(&fo, 800, 450)) == 0);
	/* a few empty caches: each its head and its slot's geometry */
	CHECK(skl_test_item(dl, "0:cache:empty_cache") && !skl_test_item(dl, "0:empty"));
	CHECK(key_text(dl, "0:cache:empty_cache", "no slabs yet") != NULL);
	CHECK(skl_test_item(dl, "0:slot:empty_cache:0") && key_text(dl, "0:slot:empty_cache:0", "object") != NULL);
	CHECK(key_text(dl, "0:slot:empty_cache:0", "100 B") != NULL);
	/* many: summed up in a line */
	add24(&b, "empty_2", 200, 1, NULL, NULL, 0);
	add24(&b, "empty_3", 300, 1, NULL, NULL, 0);
	add24(&b, "empty_4", 400, 1, NULL, NULL, 0);
	add24(&b, "empty_5", 500, 1, NULL, NULL, 0);
	skl_dl_clear(dl, 800, 450);
	CHECK(skl_view_slab(dl, b.k, framed(&fo, 800, 450)) == 0);
	CHECK(key_text(dl, "0:empty", "empty_cache") != NULL && !skl_test_item(dl, "0:slot:empty_cache:0"));
	skl_dl_free(dl);
	skl_kernel_snap_free(b.k);
}

static void test_compare(skl_sdl *sdl, const char *outdir)
{
	skl_kernel_snap *fat = snap_fat(), *split = snap_split();
	skl_dl *dl = skl_dl_new(1600, 900);
	skl_slab_totals ta, tb;
	const char *s;
	skl_scene sc;
	const struct skl_kernel_snap *ks[2];
	const char *titles[2] = {"2.4.16-pre1: one fat sock cache", "2.5.2-pre1: a cache per protocol"};
	skl_render_opts ro;
	skl_error err;
	char path[2048];

	skl_view_slab_totals(fat, NULL, 0, &ta);
	skl_view_slab_totals(split, NULL, 0, &tb);
	CHECK(ta.pages == 24 && ta.bytes == 98304 && ta.active == 76 && ta.objs == 84 && ta.slabs == 12);
	CHECK(tb.pages == 7 && tb.bytes == 28672 && tb.active == 26 && tb.caches == 4);
	/* the seed's line, rebuilt */
	CHECK(!strncmp(fat->caches[0].slabinfo,
		       "sock                  76     84   1056   11   12    2 :     87    4730    19    7    0", 86));

	{
		skl_view_compare_opts co;
		memset(&co, 0, sizeof(co));
		co.x = 28;
		co.y = 22;
		co.w = 1600 - 56;
		co.h = 900 - 36;
		CHECK(skl_view_slab_compare(dl, fat, titles[0], split, titles[1], &co) == 0);
	}
	check_geometry(dl, "compare");
	CHECK(skl_test_item(dl, "0:header") && skl_test_item(dl, "1:header") && skl_test_has_text(dl, titles[0]) &&
	      skl_test_has_text(dl, titles[1]));
	CHECK(skl_test_item(dl, "0:cache:sock") && skl_test_item(dl, "1:cache:tcp_sock") &&
	      skl_test_item(dl, "1:cache:sock"));
	CHECK(key_text(dl, "1:cache:sock", "no slabs yet") && skl_test_item(dl, "1:slot:sock:0"));
	s = key_text(dl, "cmp:total:0", "pages");
	CHECK(s && strstr(s, "24 pages") && strstr(s, "96 KiB") && strstr(s, "12 slabs"));
	s = key_text(dl, "cmp:total:0", "objects");
	CHECK(s && strstr(s, "76 of 84 objects in use"));
	s = key_text(dl, "cmp:total:1", "pages");
	CHECK(s && strstr(s, "7 pages") && strstr(s, "28 KiB"));
	s = key_text(dl, "cmp:diff", "difference");
	CHECK(s &&
	      strstr(s, "\xe2\x88\x92"
			"17 pages") &&
	      strstr(s, "\xe2\x88\x92"
			"68 KiB") &&
	      strstr(s, "(\xe2\x88\x92"
			"70.8%)") &&
	      strstr(s, "\xe2\x88\x92"
			"50 objects"));
	/* one scale for both sides: a page is as wide on the left as on the right */
	{
		const skl_dl_item *a = skl_test_item(dl, "0:slab:sock:0"), *b = skl_test_item(dl, "1:slab:tcp_sock:0");
		CHECK(a && b && a->w > 2 * b->w - 0.5f && a->w < 2 * b->w + 0.5f);
		CHECK(a && b && b->x > a->x + a->w);
	}
	CHECK(skl_test_save(sdl, dl, outdir, "slab-compare") == 0);

	/* the same through a scene (two kernels in one frame) */
	memset(&sc, 0, sizeof(sc));
	ks[0] = fat;
	ks[1] = split;
	sc.kernels = ks;
	sc.nkernels = 2;
	sc.kernel_titles = titles;
	sc.title = "The struct sock cleanup (LKML, Dec 2001)";
	sc.caption = "76 sockets cost 12 two-page slabs of 1056-byte socks; per-protocol caches size each socket to "
		     "its protocol.";
	sc.step = 5;
	sc.nsteps = 7;
	skl_dl_clear(dl, 1920, 1080);
	CHECK(skl_view_scene(dl, &sc) == 0);
	check_geometry(dl, "compare scene");
	CHECK(skl_test_item(dl, "cmp:diff") && skl_test_item(dl, "scene:caption") && skl_test_has_text(dl, "5 / 7"));
	memset(&ro, 0, sizeof(ro));
	ro.width = 1920;
	ro.height = 1080;
	ro.font_dir = SKLAB_TEST_FONT_DIR;
	snprintf(path, sizeof(path), "%s/slab-compare-scene.png", outdir);
	CHECK(skl_render_scene_file(&sc, path, NULL, &ro, &err) == 0);
	CHECK(skl_test_png_is(path, 1920, 1080));
	snprintf(path, sizeof(path), "%s/slab-compare-scene.svg", outdir);
	CHECK(skl_render_scene_file(&sc, path, NULL, &ro, &err) == 0);
	skl_dl_free(dl);
	skl_kernel_snap_free(fat);
	skl_kernel_snap_free(split);
}

/* A SHOW of a kernel in an event log becomes a slab-view frame; layouts
 * still draw as before next to it. */
static void test_frames(sample_types *t, skl_sdl *sdl, const char *outdir)
{
	skl_events *log = skl_events_new(0);
	skl_error err;
	skl_layout *l = sample_layout(t, "inet_opt", "i386", NULL, 32, &err);
	skl_frame *frames = NULL;
	skl_dl *dl = skl_dl_new(1600, 900);
	skl_buf svg;
	skl_sink sink;
	int n;
	CHECK(log && l && dl);
	skl_events_scenario(log, "Slab view test", "see a kernel", "linux-2.4.16-i386", "t.lua:1");
	{
		skl_kernel_snap *fat = snap_fat();
		skl_events_show(log, &(skl_show){.kind = SKL_SHOW_KERNELS, .kernels = &fat, .n = 1, .view = "slab"},
				"t.lua:2");
	}
	skl_events_step(log, "76 sockets cost 12 two-page slabs", "t.lua:3");
	skl_events_show(log, &(skl_show){.kind = SKL_SHOW_LAYOUTS, .layouts = &l, .n = 1}, "t.lua:4");
	skl_events_step(log, "a layout again", "t.lua:5");
	n = skl_events_frames(log, &frames);
	CHECK(n == 2);
	CHECK(skl_view_frame(dl, log, frames, n, 0, NULL) == 0);
	CHECK(skl_test_item(dl, "0:header") && skl_test_item(dl, "0:cache:sock") &&
	      skl_test_item(dl, "0:obj:sock:0:0"));
	CHECK(skl_test_item(dl, "scene:caption") && skl_test_has_text(dl, "1 / 2") &&
	      skl_test_has_text(dl, "Slab view test"));
	check_geometry(dl, "frame");
	skl_buf_init(&svg);
	sink = skl_buf_sink(&svg);
	skl_svg_write(dl, &sink);
	CHECK(!strncmp(svg.data, "<svg ", 5) && strstr(svg.data, "data-key=\"0:obj:sock:0:0\""));
	CHECK(strstr(svg.data, "<title>sock: object 0 of 7 in slab 0x") != NULL);
	CHECK(strstr(svg.data, "url(#hatch") != NULL);
	skl_buf_free(&svg);
	CHECK(skl_test_save(sdl, dl, outdir, "slab-frame") == 0);
	CHECK(skl_view_frame(dl, log, frames, n, 1, NULL) == 0);
	CHECK(skl_test_item(dl, "0:field:ttl") && !skl_test_item(dl, "0:header"));
	{
		/* a layout and a kernel at one step: the layout on the left third */
		const skl_obj *lo = skl_events_obj(log, frames[1].objs[0]);
		const skl_obj *ko = skl_events_obj(log, frames[0].objs[0]);
		const skl_layout *ls[1];
		const struct skl_kernel_snap *ks[1];
		skl_scene sc;
		CHECK(lo && ko && lo->kind == SKL_OBJ_LAYOUT && ko->kind == SKL_OBJ_KERNEL);
		memset(&sc, 0, sizeof(sc));
		ls[0] = lo->layout;
		ks[0] = ko->kernel;
		sc.layouts = ls;
		sc.nlayouts = 1;
		sc.kernels = ks;
		sc.nkernels = 1;
		sc.caption = "struct inet_opt next to the sock cache";
		skl_dl_clear(dl, 1920, 1080);
		CHECK(skl_view_scene(dl, &sc) == 0);
		check_geometry(dl, "layout and kernel");
		CHECK(skl_test_item(dl, "0:field:ttl") && skl_test_item(dl, "1:header") &&
		      skl_test_item(dl, "1:obj:sock:0:0"));
		CHECK(skl_test_item(dl, "0:field:ttl")->x + skl_test_item(dl, "0:field:ttl")->w <
		      skl_test_item(dl, "1:obj:sock:0:0")->x);
		CHECK(skl_test_save(sdl, dl, outdir, "slab-with-layout") == 0);
	}
	skl_free(frames);
	skl_dl_free(dl);
	skl_events_free(log);
}

int main(int argc, char **argv)
{
	const char *outdir = argc > 1 ? argv[1] : ".";
	sample_types t;
	skl_error err;
	skl_sdl *sdl;

	skl_error_clear(&err);
	mkdir(outdir, 0777);
	if (sample_types_build(&t, &err) < 0) {
		fprintf(stderr, "test_slab_view: %s\n", err.msg);
		return 1;
	}
	sdl = skl_sdl_new(SKLAB_TEST_FONT_DIR, &err);
	if (!sdl) {
		fprintf(stderr, "test_slab_view: %s\n", err.msg);
		return 1;
	}
	test_geometry_model();
	test_text_builder();
	test_24(&t, sdl, outdir);
	test_slub(&t, sdl, outdir);
	test_kasan(sdl, outdir);
	test_kasan_quarantine(sdl, outdir);
	test_kmalloc_large(sdl, outdir);
	test_merged(sdl, outdir);
	test_big(sdl, outdir);
	test_overview(sdl, outdir);
	test_million(sdl, outdir);
	test_empty();
	test_compare(sdl, outdir);
	test_frames(&t, sdl, outdir);
	skl_sdl_free(sdl);
	sample_types_free(&t);
	if (check_failures) {
		fprintf(stderr, "test_slab_view: %d checks failed\n", check_failures);
		return 1;
	}
	printf("test_slab_view: ok\n");
	return 0;
}
