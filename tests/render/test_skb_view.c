/*
 * test_skb_view.c - the skb view, headless, on synthetic sk_buff snapshots
 * whose numbers follow the kernels' rules (skb.md §3, §5, §6): a 6.x
 * alloc_skb(1000) with a reserve and pushed TCP/IP/Ethernet headers; a
 * 2.4 TCP segment in size-2048 with kmalloc slack after shinfo; a 6.x
 * TCP transmit clone pair sharing a small head with one paged frag; a 6.x
 * skb_put past end (skb_over_panic) and a 2.4 skb_push past head
 * (skb_under_panic); a 2.6.31 GSO skb with four frags; a 100-byte 2.4
 * buffer; an skb and its private copy (two buffers at one scale); and a
 * frame built from an event log. Checks the draw list (keys, colours,
 * tooltips, hit-testing, geometry, determinism), the PNG (size, not
 * blank, the data colour where the list puts data) and the SVG.
 *
 *   test_skb_view OUTDIR   (writes skb-*.png, skb-*.svg, *.dl.txt there)
 */
#include "check.h"
#include "dlist.h"
#include "image.h"
#include "sklab/render/sdl.h"
#include "sklab/render/export.h"
#include "sklab/render/svg.h"
#include "sklab/render/view_scene.h"
#include "view_skb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- building snapshots ------------------------------------------------------------- */

static void snap_init(skl_skb_snap *s, const char *name, const char *era, uint64_t head, uint64_t skb,
		      const char *cache, uint32_t buf_size, uint32_t shinfo, uint32_t end)
{
	memset(s, 0, sizeof(*s));
	snprintf(s->name, sizeof(s->name), "%s", name);
	snprintf(s->era, sizeof(s->era), "%s", era);
	snprintf(s->head_cache, sizeof(s->head_cache), "%s", cache);
	s->head_addr = head;
	s->skb_addr = skb;
	s->buf_size = buf_size;
	s->shinfo_size = shinfo;
	s->end = end;
	s->offsets = head > 0xffffffffull;
	s->users = 1;
	s->dataref = 1;
	s->shared_with = -1;
}

/* skb_reserve(skb, n) */
static void reserve(skl_skb_snap *s, uint32_t n)
{
	s->data += n;
	s->tail += n;
}

/* skb_put(skb, n) with a region for the new bytes */
static void put(skl_skb_snap *s, uint32_t n, const char *name, const char *detail)
{
	skl_skb_region *r = &s->regions[s->nregions++];
	snprintf(r->name, sizeof(r->name), "%s", name);
	snprintf(r->detail, sizeof(r->detail), "%s", detail);
	r->off = s->tail;
	r->len = n;
	s->tail += n;
	s->len += n;
	snprintf(s->last_op, sizeof(s->last_op), "skb_put(%s, %u)", s->name, n);
}

/* skb_push(skb, n) with a header region */
static void push(skl_skb_snap *s, uint32_t n, const char *name, const char *detail)
{
	skl_skb_region *r = &s->regions[s->nregions++];
	s->data -= n;
	s->len += n;
	snprintf(r->name, sizeof(r->name), "%s", name);
	snprintf(r->detail, sizeof(r->detail), "%s", detail);
	r->off = s->data;
	r->len = n;
	snprintf(s->last_op, sizeof(s->last_op), "skb_push(%s, %u)", s->name, n);
}

static void add_frag(skl_skb_snap *s, uint32_t n)
{
	s->frag_len[s->nr_frags++] = n;
	s->len += n;
	s->data_len += n;
	s->truesize += n;
}

/* 6.x alloc_skb(1000): SKB_HEAD_ALIGN = 1024 + 320 -> kmalloc-2048, end =
 * 2048 - 320 = 1728, truesize SKB_TRUESIZE(1728) = 2304; reserve 128,
 * 100 bytes of payload, then TCP, IP and Ethernet headers pushed. */
static void snap_6x_tx(skl_skb_snap *s)
{
	snap_init(s, "skb", "6.x", 0xffff888104a3c000ull, 0xffff888100e1a300ull, "kmalloc-2048", 2048, 320, 1728);
	s->truesize = 2304;
	reserve(s, 128);
	put(s, 100, "payload", "100 bytes copied from the socket's send buffer");
	push(s, 20, "tcphdr", "sport 80 dport 4242 seq 1 ack 1 flags PA win 502 doff 5");
	push(s, 20, "iphdr", "10.0.0.1 > 10.0.0.2 ttl 64 proto tcp tot_len 140 id 1 DF");
	push(s, 14, "ethhdr", "02:00:00:00:00:01 > 02:00:00:00:00:02 type 0x0800 (IPv4)");
}

/* 2.4 TCP segment (§6.2): alloc_skb(1448 + 160): data area 1632,
 * kmalloc(1692) from size-2048, leaving 356 B of slack after the 60-byte
 * shinfo; reserve 160, put 1448, push 32 + 20, hh copy, push 14. */
static void snap_24_tcp(skl_skb_snap *s)
{
	snap_init(s, "skb", "2.4", 0xc12f4800ull, 0xc11ab0a0ull, "size-2048", 2048, 60, 1632);
	s->truesize = 1632 + 160;
	reserve(s, 160);
	put(s, 1448, "payload", "1448 bytes of user data (one MSS)");
	push(s, 32, "tcphdr", "sport 22 dport 1023 seq 4000 flags P. doff 8 (timestamps)");
	push(s, 20, "iphdr", "192.168.0.1 > 192.168.0.2 ttl 64 proto tcp tot_len 1500");
	push(s, 14, "ethhdr", "copied from the hh cache (16 bytes at data - 16, then skb_push 14)");
}

/* 6.x TCP transmit (§6.2): alloc_skb_fclone(192) from skbuff_small_head
 * (576 B object, end 256, reserve 192); the payload in one page frag;
 * __tcp_transmit_skb clones it and pushes 32 + 20 + 14 into the shared
 * headroom. */
static void snap_6x_clone(skl_skb_snap *s /* [2] */)
{
	snap_init(&s[0], "skb", "6.x", 0xffff888103d2a400ull, 0xffff888100f00000ull, "skbuff_small_head", 576, 320,
		  256);
	s[0].truesize = 832;
	reserve(&s[0], 192);
	add_frag(&s[0], 1448);
	s[0].cloned = 1;
	s[0].dataref = 2;
	s[0].shared_with = 1;
	snprintf(s[0].last_op, sizeof(s[0].last_op), "skb_clone(skb, GFP_ATOMIC)");
	s[1] = s[0];
	snprintf(s[1].name, sizeof(s[1].name), "clone");
	s[1].skb_addr = 0xffff888100f000e0ull; /* the fclone companion */
	s[1].shared_with = 0;
	push(&s[1], 32, "tcphdr", "sport 80 dport 4242 seq 1 flags P. doff 8 (timestamps)");
	push(&s[1], 20, "iphdr", "10.0.0.1 > 10.0.0.2 ttl 64 proto tcp tot_len 1500");
	push(&s[1], 14, "ethhdr", "neigh_hh_output: 16 bytes copied, then __skb_push(14)");
}

/* 6.x skb_put(skb, 100) with tail 0x100 and end 0x140 (§5): skbuff_small_head
 * of 640 B (MAX_TCP_HEADER 320), tail becomes 0x164 > end: skb_over_panic. */
static void snap_6x_panic(skl_skb_snap *s)
{
	snap_init(s, "skb", "6.x", 0xffff888104a3c000ull, 0xffff888100e1a300ull, "skbuff_small_head", 640, 320, 0x140);
	s->truesize = 320 + 256 + 320;
	reserve(s, 64);
	put(s, 192, "payload", "192 bytes");
	put(s, 100, "payload", "100 more bytes: past end");
	snprintf(s->panic, sizeof(s->panic),
		 "skbuff: skb_over_panic: text:ffffffff81a2b3c4 len:292 put:100 head:ffff888104a3c000 "
		 "data:ffff888104a3c040 tail:0x164 end:0x140 dev:eth0");
}

/* 2.4 skb_push past head: a 6-byte underrun. */
static void snap_24_under(skl_skb_snap *s)
{
	snap_init(s, "skb", "2.4", 0xc12f4000ull, 0xc11ab140ull, "size-256", 256, 60, 128);
	s->truesize = 128 + 160;
	reserve(s, 16);
	put(s, 60, "payload", "60 bytes");
	push(s, 8, "udphdr", "sport 53 dport 1024 len 68");
	push(s, 14, "ethhdr", "no room was reserved for it");
	snprintf(s->panic, sizeof(s->panic), "skput:under: c01e2f3a:82 put:14 dev:eth0");
}

/* 2.6.31 GSO (§6.2): alloc_skb_fclone(304): data 320, kmalloc(816) ->
 * kmalloc-1024 (shinfo 496, 208 B slack); all room is headroom; 15184
 * bytes in four page frags; then TCP, IP and Ethernet headers. */
static void snap_26_gso(skl_skb_snap *s)
{
	snap_init(s, "skb", "2.6.31", 0xffff88003e5f0400ull, 0xffff88003d811c00ull, "kmalloc-1024", 1024, 496, 320);
	s->truesize = 552;
	reserve(s, 320);
	add_frag(s, 4096);
	add_frag(s, 4096);
	add_frag(s, 4096);
	add_frag(s, 2896);
	push(s, 32, "tcphdr", "GSO: gso_size 1448, 11 segments");
	push(s, 20, "iphdr", "10.1.1.1 > 10.1.1.2 proto tcp");
	push(s, 14, "ethhdr", "");
}

/* 2.4 alloc_skb(100): data 128 (32-aligned), kmalloc(188) -> size-256;
 * a DNS answer: reserve 48, 52 bytes, UDP, IP, Ethernet. */
static void snap_24_small(skl_skb_snap *s)
{
	snap_init(s, "skb", "2.4", 0xc12f4100ull, 0xc11ab1e0ull, "size-256", 256, 60, 128);
	s->truesize = 128 + 160;
	reserve(s, 48);
	put(s, 52, "payload", "DNS answer, 52 bytes");
	push(s, 8, "udphdr", "sport 53 dport 33000 len 60");
	push(s, 20, "iphdr", "10.0.0.53 > 10.0.0.7 proto udp");
	push(s, 14, "ethhdr", "");
}

/* ---- reading the list ------------------------------------------------------------------- */

/* The first filled rectangle (or hatch) of key's group. */
static const skl_dl_item *box(const skl_dl *dl, const char *key)
{
	int i;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if ((it->kind == SKL_DL_RECT || it->kind == SKL_DL_HATCH) && SKL_A(it->fill) && it->key &&
		    !strcmp(it->key, key))
			return it;
	}
	return NULL;
}

/* Every box inside the canvas; pointer labels never overlap each other. */
static void check_geometry(const skl_dl *dl, const char *what)
{
	float W = skl_dl_width(dl), H = skl_dl_height(dl);
	int i, j, bad = 0, overlap = 0;
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *it = skl_dl_at(dl, i);
		if ((it->kind == SKL_DL_RECT || it->kind == SKL_DL_HATCH || it->kind == SKL_DL_TEXT) &&
		    (it->x < -0.5f || it->y < -0.5f || it->x + it->w > W + 0.5f || it->y + it->h > H + 0.5f)) {
			if (bad < 3)
				fprintf(stderr, "%s: outside: item %d key %s (%.1f %.1f %.1f %.1f)\n", what, i,
					it->key ? it->key : "-", (double)it->x, (double)it->y, (double)it->w,
					(double)it->h);
			bad++;
		}
	}
	/* the white boxes of pointer labels (first filled rect of each ptr group) */
	for (i = 0; i < skl_dl_count(dl); i++) {
		const skl_dl_item *a = skl_dl_at(dl, i);
		if (a->kind != SKL_DL_RECT || !a->key || !strstr(a->key, ":ptr:") || a->fill != SKL_HEX(0xffffff))
			continue;
		for (j = i + 1; j < skl_dl_count(dl); j++) {
			const skl_dl_item *b = skl_dl_at(dl, j);
			if (b->kind != SKL_DL_RECT || !b->key || !strstr(b->key, ":ptr:") ||
			    b->fill != SKL_HEX(0xffffff))
				continue;
			if (a->x < b->x + b->w - 0.5f && b->x < a->x + a->w - 0.5f && a->y < b->y + b->h - 0.5f &&
			    b->y < a->y + a->h - 0.5f) {
				fprintf(stderr, "%s: labels %s and %s overlap\n", what, a->key, b->key);
				overlap++;
			}
		}
	}
	CHECK(bad == 0 && overlap == 0);
}

/* A scene of the snapshots with a caption bar, as a frame draws it. */
static skl_dl *scene(const skl_skb_snap *s, int n, int w, int h, const char *caption)
{
	skl_dl *dl = skl_dl_new((float)w, (float)h);
	skl_scene sc;
	memset(&sc, 0, sizeof(sc));
	sc.skbs = s;
	sc.nskbs = n;
	sc.title = "sk_buff geometry";
	sc.caption = caption;
	sc.step = 3;
	sc.nsteps = 7;
	CHECK(skl_view_scene(dl, &sc) == 0);
	return dl;
}

/* Renders dl at its size; checks the size and that it is no blank page. */
static SDL_Surface *render(skl_sdl *sdl, const skl_dl *dl)
{
	skl_error err;
	int w = (int)skl_dl_width(dl), h = (int)skl_dl_height(dl);
	SDL_Surface *img = skl_sdl_render_surface(sdl, dl, w, h, NULL, &err);
	CHECK(img != NULL);
	if (!img)
		return NULL;
	CHECK(img->w == w && img->h == h);
	CHECK(skl_test_distinct_colours(img) > 40);
	return img;
}

/* The colour in the middle of a block's lower edge (clear of its labels). */
static skl_color block_pixel(SDL_Surface *img, const skl_dl_item *it)
{
	return skl_test_pixel(img, (int)(it->x + it->w / 2), (int)(it->y + it->h - 5));
}

/* ---- the tests ------------------------------------------------------------------------ */

static void test_6x_tx(skl_sdl *sdl, const char *outdir)
{
	skl_skb_snap s;
	int sizes[2][2] = {{1920, 1080}, {1600, 900}}, k;
	snap_6x_tx(&s);
	for (k = 0; k < 2; k++) {
		skl_dl *dl =
		    scene(&s, 1, sizes[k][0], sizes[k][1], "alloc_skb(1000), reserve, put 100, push TCP/IP/Ethernet");
		const skl_dl_item *data = box(dl, "0:0:data"), *pay = box(dl, "0:0:region:0"), *eth;
		const skl_dl_item *z = box(dl, "0:0:zoom:region:3");
		SDL_Surface *img;
		int hit;
		char name[64];
		/* the parts and the pointers */
		CHECK(data && box(dl, "0:0:headroom") && box(dl, "0:0:tailroom") && box(dl, "0:0:shinfo"));
		CHECK(!box(dl, "0:0:slack")); /* 6.x: the slack is tailroom */
		CHECK(skl_test_item(dl, "0:0:ptr:head") && skl_test_item(dl, "0:0:ptr:data") &&
		      skl_test_item(dl, "0:0:ptr:tail") && skl_test_item(dl, "0:0:ptr:end"));
		CHECK(skl_test_has_text(dl, "0xffff888104a3c000") && skl_test_has_text(dl, "0xffff888104a3c04a"));
		CHECK(skl_test_has_text(dl, "+0xe4") &&
		      skl_test_has_text(dl, "+0x6c0")); /* tail 228, end 1728: offsets */
		CHECK(skl_test_has_text(dl, "kmalloc-2048") && skl_test_has_text(dl, "skb_push(skb, 14)"));
		CHECK(skl_test_item(dl, "0:0:fig:headroom") && skl_test_item(dl, "0:0:fig:truesize") &&
		      skl_test_item(dl, "0:0:fig:dataref"));
		CHECK(skl_test_has_text(dl, "2304") && skl_test_has_text(dl, "1500")); /* truesize, tailroom */
		CHECK(skl_test_item(dl, "0:0:skb") && skl_test_item(dl, "0:header") &&
		      skl_test_item(dl, "0:legend:headroom"));
		/* regions in order off the head: headroom < ethhdr < iphdr < tcphdr < payload < tailroom */
		eth = box(dl, "0:0:region:3");
		CHECK(eth && pay && box(dl, "0:0:region:2") && box(dl, "0:0:region:1"));
		if (eth && pay && data) {
			CHECK(eth->x < box(dl, "0:0:region:2")->x &&
			      box(dl, "0:0:region:2")->x < box(dl, "0:0:region:1")->x);
			CHECK(box(dl, "0:0:headroom")->x < eth->x && pay->x + pay->w <= box(dl, "0:0:tailroom")->x + 1);
			/* to scale: 14 bytes against 1728 */
			CHECK(eth->w < 14.5f * (box(dl, "0:0:shinfo")->w / 320.0f) + 2.5f);
		}
		/* the 14-byte header is magnified, and readable there */
		CHECK(skl_test_item(dl, "0:0:zoom") != NULL);
		CHECK(z && eth && z->w > 6 * eth->w && z->w >= 60);
		CHECK(skl_test_has_text(dl, "ethhdr") && skl_test_has_text(dl, "iphdr") &&
		      skl_test_has_text(dl, "tcphdr"));
		/* the data's colour where the list says data is */
		img = render(sdl, dl);
		if (img && data && pay) {
			CHECK(block_pixel(img, data) == skl_view_skb_fill(SKL_SKB_DATA));
			CHECK(block_pixel(img, pay) == skl_view_skb_fill(SKL_SKB_DATA));
			if (eth)
				CHECK(skl_test_pixel(img, (int)(z->x + z->w / 2), (int)(z->y + z->h - 5)) ==
				      skl_view_skb_region_fill(&s.regions[3]));
		}
		SDL_FreeSurface(img);
		/* hit-tests name offsets */
		if (z) {
			const skl_dl_item *it;
			hit = skl_dl_hit(dl, z->x + z->w / 2, z->y + 3);
			it = skl_dl_at(dl, hit);
			CHECK(it && it->key && !strcmp(it->key, "0:0:zoom:region:3"));
			CHECK(it && it->tooltip && strstr(it->tooltip, "ethhdr: 14 bytes at offset 74 from head") &&
			      strstr(it->tooltip, "(0x4a-0x57)") && strstr(it->tooltip, "type 0x0800"));
		}
		if (data) {
			const skl_dl_item *hr = box(dl, "0:0:headroom"), *it;
			hit = skl_dl_hit(dl, hr->x + hr->w / 2, hr->y + hr->h - 3);
			it = skl_dl_at(dl, hit);
			CHECK(it && it->tooltip && strstr(it->tooltip, "headroom: 74 bytes") &&
			      strstr(it->tooltip, "bytes 0-73"));
		}
		CHECK(skl_test_item(dl, "0:0:ptr:tail") &&
		      strstr(skl_test_item(dl, "0:0:ptr:tail")->tooltip, "offset 228 from head"));
		check_geometry(dl, "6x-tx");
		snprintf(name, sizeof(name), "skb-6x-tx-%d", sizes[k][0]);
		CHECK(skl_test_save(sdl, dl, outdir, name) == 0);
		skl_dl_free(dl);
	}
}

static void test_24_slack(skl_sdl *sdl, const char *outdir)
{
	skl_skb_snap s;
	skl_dl *dl;
	const skl_dl_item *sl, *sh, *tr;
	SDL_Surface *img;
	snap_24_tcp(&s);
	dl = scene(&s, 1, 1920, 1080, "2.4: tcp_alloc_pskb, then TCP, IP and the hh cache's Ethernet header");
	sl = skl_test_item(dl, "0:0:slack");
	sh = box(dl, "0:0:shinfo");
	tr = box(dl, "0:0:tailroom");
	CHECK(sl && sl->kind == SKL_DL_HATCH && sh && tr);
	CHECK(sl && strstr(sl->tooltip, "356 bytes wasted") && strstr(sl->tooltip, "size-2048"));
	if (sl && sh && tr)
		CHECK(tr->x < sh->x && sh->x + sh->w <= sl->x + 1); /* tailroom | shinfo | slack */
	CHECK(skl_test_has_text(dl, "0xc12f4800") &&
	      skl_test_has_text(dl, "0xc12f4e48")); /* 32-bit: tail is a pointer */
	CHECK(skl_test_has_text(dl, "0xc12f485e")); /* data = head + 94 */
	CHECK(skl_test_item(dl, "0:0:zoom") && box(dl, "0:0:zoom:region:3"));
	CHECK(skl_test_has_text(dl, "356 slack") && skl_test_has_text(dl, "tail/end are pointers"));
	img = render(sdl, dl);
	if (img && sl)
		CHECK(skl_test_pixel(img, (int)(sl->x + 2), (int)(sl->y + sl->h - 3)) != SKL_HEX(0xffffff));
	SDL_FreeSurface(img);
	check_geometry(dl, "24-slack");
	CHECK(skl_test_save(sdl, dl, outdir, "skb-24-slack") == 0);
	skl_dl_free(dl);
}

static void test_clone(skl_sdl *sdl, const char *outdir)
{
	skl_skb_snap s[2];
	skl_dl *dl;
	const skl_dl_item *a, *b;
	skl_buf svg;
	skl_sink sink;
	SDL_Surface *img;
	snap_6x_clone(s);
	CHECK(skl_view_skb_owner(s, 2, 1) == 0 && skl_view_skb_owner(s, 2, 0) == 0);
	dl = scene(s, 2, 1920, 1080, "__tcp_transmit_skb: the clone pushes headers into the shared headroom");
	/* two sk_buff boxes, one buffer */
	a = skl_test_item(dl, "0:0:skb");
	b = skl_test_item(dl, "0:1:skb");
	CHECK(a && b && a->y != b->y);
	CHECK(box(dl, "0:0:headroom") && box(dl, "0:0:shinfo") && !skl_test_item(dl, "0:1:headroom") &&
	      !skl_test_item(dl, "0:1:shinfo"));
	CHECK(skl_test_count_groups(dl, "0:0:shinfo") == 1 && skl_test_count_groups(dl, "0:0:alloc") == 1);
	/* each skb its own data pointer; head and end once */
	CHECK(skl_test_item(dl, "0:0:ptr:data") && skl_test_item(dl, "0:1:ptr:data") &&
	      skl_test_count_groups(dl, "0:0:ptr:head") == 1);
	CHECK(skl_test_has_text(dl, "skb.data") && skl_test_has_text(dl, "clone.data") &&
	      skl_test_has_text(dl, "dataref 2"));
	CHECK(skl_test_item(dl, "0:0:span") && skl_test_item(dl, "0:1:span"));
	CHECK(skl_test_item(dl, "0:0:fig:dataref") && skl_test_item(dl, "0:1:fig:dataref") &&
	      skl_test_item(dl, "0:1:fig:cloned"));
	CHECK(strstr(skl_test_item(dl, "0:0:skb")->tooltip, "dataref 2") != NULL);
	/* the clone's headers sit in the shared head, drawn once */
	CHECK(box(dl, "0:1:region:2") && skl_test_count_groups(dl, "0:1:region:2") == 1);
	/* nonlinear: one frag hanging off shinfo */
	CHECK(skl_test_item(dl, "0:0:frags") && box(dl, "0:0:frag:0") && skl_test_has_text(dl, "1448"));
	img = render(sdl, dl);
	SDL_FreeSurface(img);
	skl_buf_init(&svg);
	sink = skl_buf_sink(&svg);
	skl_svg_write(dl, &sink);
	CHECK(strstr(svg.data, ">ethhdr<") && strstr(svg.data, ">iphdr<") && strstr(svg.data, ">tcphdr<"));
	CHECK(strstr(svg.data, "data-key=\"0:1:skb\"") != NULL);
	skl_buf_free(&svg);
	check_geometry(dl, "clone");
	CHECK(skl_test_save(sdl, dl, outdir, "skb-6x-clone") == 0);
	skl_dl_free(dl);
	/* and at 1600x900 */
	dl = scene(s, 2, 1600, 900, "__tcp_transmit_skb: the clone pushes headers into the shared headroom");
	CHECK(skl_test_item(dl, "0:0:skb") && skl_test_item(dl, "0:1:skb") && box(dl, "0:0:frag:0"));
	check_geometry(dl, "clone-1600");
	CHECK(skl_test_save(sdl, dl, outdir, "skb-6x-clone-1600") == 0);
	skl_dl_free(dl);
}

static void test_panic(skl_sdl *sdl, const char *outdir)
{
	skl_skb_snap s;
	skl_dl *dl;
	const skl_dl_item *ov, *sh, *pb;
	SDL_Surface *img;
	snap_6x_panic(&s);
	dl = scene(&s, 1, 1920, 1080, "skb_put(skb, 100) with 64 bytes of tailroom");
	ov = box(dl, "0:0:overrun");
	sh = box(dl, "0:0:shinfo");
	pb = box(dl, "0:0:panic");
	CHECK(ov && sh && pb);
	CHECK(skl_test_has_text(dl, "skb_over_panic") && skl_test_has_text(dl, "tail:0x164 end:0x140") &&
	      skl_test_has_text(dl, "PANIC"));
	CHECK(skl_test_has_text(dl, "skb_put(skb, 100)"));
	if (ov && sh) {
		CHECK(ov->x >= sh->x - 1 && ov->x + ov->w <= sh->x + sh->w + 1); /* beyond end, over shinfo */
		CHECK(ov->w > 0.1f * sh->w && ov->w < 0.13f * sh->w);		 /* 36 of 320 bytes */
	}
	CHECK(skl_test_item(dl, "0:0:fig:tailroom") && skl_test_has_text(dl, "-36"));
	CHECK(strstr(skl_test_item(dl, "0:0:ptr:tail")->tooltip, "PAST END by 36") != NULL);
	img = render(sdl, dl);
	if (img && ov && pb) {
		skl_color c = block_pixel(img, ov);
		CHECK(SKL_R(c) > 180 && SKL_G(c) < 150 && SKL_B(c) < 120); /* red */
		c = skl_test_pixel(img, (int)pb->x + 4, (int)(pb->y + pb->h / 2));
		CHECK(SKL_R(c) > 180 && SKL_G(c) < 130);
	}
	SDL_FreeSurface(img);
	check_geometry(dl, "panic");
	CHECK(skl_test_save(sdl, dl, outdir, "skb-6x-panic") == 0);
	skl_dl_free(dl);

	snap_24_under(&s);
	dl = scene(&s, 1, 1600, 900, "skb_push(skb, 14) with 8 bytes of headroom");
	ov = box(dl, "0:0:underrun");
	CHECK(ov && box(dl, "0:0:panic") && skl_test_has_text(dl, "skput:under"));
	if (ov && box(dl, "0:0:headroom") == NULL) /* no headroom: data is before head */
		CHECK(ov->x < skl_test_item(dl, "0:0:ptr:head")->x + 1);
	CHECK(strstr(skl_test_item(dl, "0:0:ptr:data")->tooltip, "BEFORE HEAD by 6") != NULL);
	check_geometry(dl, "under");
	CHECK(skl_test_save(sdl, dl, outdir, "skb-24-under") == 0);
	skl_dl_free(dl);
}

static void test_frags(skl_sdl *sdl, const char *outdir)
{
	skl_skb_snap s;
	skl_dl *dl;
	int i;
	snap_26_gso(&s);
	dl = scene(&s, 1, 1920, 1080, "2.6.31 GSO: 66 bytes of headers in the head, 15184 in four page frags");
	for (i = 0; i < 4; i++) {
		char k[32];
		snprintf(k, sizeof(k), "0:0:frag:%d", i);
		CHECK(box(dl, k) != NULL);
	}
	CHECK(box(dl, "0:0:frag:0")->w > box(dl, "0:0:frag:3")->w); /* 4096 against 2896 */
	CHECK(skl_test_has_text(dl, "len 15250 = 66 in the head + 15184 paged"));
	CHECK(skl_test_item(dl, "0:0:fig:data_len") && skl_test_item(dl, "0:0:fig:nr_frags") &&
	      skl_test_has_text(dl, "15184"));
	CHECK(box(dl, "0:0:slack") && !skl_test_item(dl, "0:0:tailroom")); /* tail = end: no tailroom */
	CHECK(skl_test_has_text(dl, "+0x140"));				   /* end 320 as an offset */
	SDL_FreeSurface(render(sdl, dl));
	check_geometry(dl, "frags");
	CHECK(skl_test_save(sdl, dl, outdir, "skb-26-gso") == 0);
	skl_dl_free(dl);
}

/* GSO and GRO (skb_gso.c): the GSO skb above with gso_size 1448 and
 * gso_segs DIV_ROUND_UP(15184, 1448) = 11, its frags one page each; the
 * MSS boundaries 1448k (k = 1..10) all fall inside a frag (4096, 8192 and
 * 12288 are no multiples of 1448): 10 ticks, each drawn top and bottom.
 * Then a GRO packet with two skbs on its frag_list, and a segment, which
 * is no GSO skb (gso_size 0) and lists no GSO rows. */
static void test_gso(skl_sdl *sdl, const char *outdir)
{
	skl_skb_snap s, seg;
	const skl_dl_item *it;
	skl_dl *dl;
	int i, lines = 0;
	snap_26_gso(&s);
	s.gso_size = 1448;
	s.gso_segs = 11;
	s.gso_type = 1;
	for (i = 0; i < 4; i++) {
		s.frag_page[i] = 0xffff88003e600000ull + (uint64_t)i * 4096;
		s.frag_off[i] = 0;
	}
	dl = scene(&s, 1, 1600, 900, "2.6.31 GSO: 11 segments of 1448 bytes in four page frags");
	CHECK(skl_test_item(dl, "0:0:fig:gso_size") && skl_test_item(dl, "0:0:fig:gso_segs") &&
	      skl_test_item(dl, "0:0:fig:frag_list"));
	CHECK(skl_test_has_text(dl, "gso_size 1448: 11 segments, cut at the ticks"));
	for (i = 0; i < skl_dl_count(dl); i++) {
		it = skl_dl_at(dl, i);
		if (it->kind == SKL_DL_LINE && it->key && !strcmp(it->key, "0:0:gso"))
			lines++;
	}
	CHECK_INT(lines, 2 * 10);
	it = box(dl, "0:0:frag:1");
	CHECK(it && it->tooltip && strstr(it->tooltip, "bytes 0-4095 of the page block at 0xffff88003e601000"));
	check_geometry(dl, "gso");
	SDL_FreeSurface(render(sdl, dl));
	CHECK(skl_test_save(sdl, dl, outdir, "skb-26-gso-cuts") == 0);
	skl_dl_free(dl);

	/* GRO: 45 frames, 17 frags here and two skbs on frag_list */
	s.gso_segs = 0;
	s.gro_count = 45;
	s.frag_list_n = 2;
	s.frag_list_len = 40544;
	dl = scene(&s, 1, 1920, 1080, "GRO: frags, then frag_list");
	CHECK(skl_test_has_text(dl, "frag_list: 2 skbs, 40544 B more (GRO)"));
	it = skl_test_item(dl, "0:0:gso");
	CHECK(it && it->tooltip && strstr(it->tooltip, "45 frames merged"));
	check_geometry(dl, "gro");
	skl_dl_free(dl);

	/* a segment: one frag, gso_size 0: the panel ends at nr_frags */
	snap_26_gso(&seg);
	dl = scene(&seg, 1, 1600, 900, "a segment");
	CHECK(skl_test_item(dl, "0:0:fig:nr_frags") && !skl_test_item(dl, "0:0:fig:gso_size") &&
	      !skl_test_item(dl, "0:0:gso"));
	skl_dl_free(dl);
}

static void test_small(skl_sdl *sdl, const char *outdir)
{
	skl_skb_snap s;
	skl_dl *dl;
	int k, sizes[2][2] = {{1600, 900}, {1920, 1080}};
	snap_24_small(&s);
	for (k = 0; k < 2; k++) {
		char name[64];
		dl = scene(&s, 1, sizes[k][0], sizes[k][1],
			   "alloc_skb(100): a DNS answer in a 256-byte size-256 object");
		/* big enough for the Ethernet header's name in the bar itself;
		 * the 8-byte UDP header gets the zoom strip */
		CHECK(box(dl, "0:0:region:3") && box(dl, "0:0:region:3")->w >= 50);
		CHECK(skl_test_has_text(dl, "ethhdr") && skl_test_item(dl, "0:0:zoom") && box(dl, "0:0:zoom:region:1"));
		CHECK(box(dl, "0:0:slack") && skl_test_has_text(dl, "udphdr"));
		SDL_FreeSurface(render(sdl, dl));
		check_geometry(dl, "small");
		snprintf(name, sizeof(name), "skb-24-small-%d", sizes[k][0]);
		CHECK(skl_test_save(sdl, dl, outdir, name) == 0);
		skl_dl_free(dl);
	}
}

/* An skb and a private copy: two buffers, one scale. */
static void test_two_buffers(skl_sdl *sdl, const char *outdir)
{
	skl_skb_snap s[2];
	skl_dl *dl;
	const skl_dl_item *a, *b;
	snap_24_small(&s[0]);
	snap_24_tcp(&s[1]);
	snprintf(s[1].name, sizeof(s[1].name), "copy");
	dl = scene(s, 2, 1920, 1080, "two heads at one scale: 256 bytes against 2048");
	a = skl_test_item(dl, "0:0:alloc");
	b = skl_test_item(dl, "0:1:alloc");
	CHECK(a && b && b->y > a->y);
	if (a && b) {
		/* the 256-byte head is an eighth as wide as the 2048-byte one */
		float wa = a->w, wb = b->w, r = wa / wb;
		CHECK(r > 0.11f && r < 0.14f);
	}
	CHECK(skl_test_item(dl, "0:0:title") && skl_test_item(dl, "0:1:title"));
	check_geometry(dl, "two");
	CHECK(skl_test_save(sdl, dl, outdir, "skb-two-buffers") == 0);
	skl_dl_free(dl);
}

/* The frame a run draws: SHOW of skb snapshots in an event log. */
static void test_frame(skl_sdl *sdl, const char *outdir)
{
	skl_events *log = skl_events_new(0);
	skl_skb_snap s[2], one;
	skl_frame *frames = NULL;
	skl_dl *dl = skl_dl_new(1920, 1080), *again = skl_dl_new(1920, 1080);
	skl_buf d1, d2;
	skl_sink sink;
	skl_render_opts ro;
	skl_error err;
	char path[2048];
	int n;
	snap_6x_clone(s);
	snap_6x_tx(&one);
	CHECK(skl_events_scenario(log, "sk_buff clones", "one head, two sk_buffs", "linux-6.x-x86_64", "t.lua:1") == 0);
	CHECK(skl_events_show(log, &(skl_show){.kind = SKL_SHOW_SKBS, .skbs = &one, .n = 1}, "t.lua:3") == 0);
	CHECK(skl_events_step(log, "alloc_skb, reserve, put, push", "t.lua:4") == 0);
	CHECK(skl_events_show(log, &(skl_show){.kind = SKL_SHOW_SKBS, .skbs = s, .n = 2}, "t.lua:6") == 0);
	CHECK(skl_events_step(log, "skb_clone: dataref 2", "t.lua:7") == 0);
	n = skl_events_frames(log, &frames);
	CHECK(n == 2);
	CHECK(skl_view_frame(dl, log, frames, n, 1, NULL) == 0);
	CHECK(skl_test_item(dl, "0:0:skb") && skl_test_item(dl, "0:1:skb") && skl_test_item(dl, "scene:caption") &&
	      skl_test_has_text(dl, "2 / 2"));
	CHECK(skl_test_has_text(dl, "sk_buff clones") && skl_test_has_text(dl, "skb_clone: dataref 2"));
	CHECK(box(dl, "0:1:region:2") != NULL); /* shared_with survived the copy */
	/* deterministic */
	CHECK(skl_view_frame(again, log, frames, n, 1, NULL) == 0);
	skl_buf_init(&d1);
	skl_buf_init(&d2);
	sink = skl_buf_sink(&d1);
	skl_dl_dump(dl, &sink);
	sink = skl_buf_sink(&d2);
	skl_dl_dump(again, &sink);
	CHECK(d1.len == d2.len && !memcmp(d1.data, d2.data, d1.len));
	skl_buf_free(&d1);
	skl_buf_free(&d2);
	CHECK(skl_test_save(sdl, dl, outdir, "skb-frame") == 0);
	/* through the exporter, both formats */
	memset(&ro, 0, sizeof(ro));
	ro.width = 1600;
	ro.height = 900;
	ro.font_dir = SKLAB_TEST_FONT_DIR;
	snprintf(path, sizeof(path), "%s/skb-frame-export.png", outdir);
	CHECK(skl_render_frame_file(log, frames, n, 0, path, NULL, &ro, &err) == 0);
	snprintf(path, sizeof(path), "%s/skb-frame-export.svg", outdir);
	CHECK(skl_render_frame_file(log, frames, n, 0, path, NULL, &ro, &err) == 0);
	{
		FILE *f = fopen(path, "rb");
		char buf[1 << 16];
		size_t len = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
		if (f)
			fclose(f);
		buf[len] = 0;
		CHECK(len > 1000 && strstr(buf, "ethhdr") && strstr(buf, "tcphdr"));
	}
	skl_free(frames);
	skl_dl_free(dl);
	skl_dl_free(again);
	skl_events_free(log);
}

/* ---- the packet-bytes pane ------------------------------------------------------------- */

/* The 6.x transmit skb's 154 bytes from the mac header (head + 74): an
 * Ethernet header (type 0x0800), an IPv4 header (0x45 ...), TCP, and a
 * payload of printable letters. */
static void fill_bytes(skl_skb_snap *s)
{
	static const uint8_t eth_ip[] = {0x02, 0x00, 0x00, 0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x01,
					 0x08, 0x00, 0x45, 0x00, 0x00, 0x8c, 0x00, 0x01, 0x40, 0x00, 0x40, 0x06};
	uint32_t i;
	s->mac_header = 74;
	s->bytes_from = 74;
	s->bytes_total = s->tail - 74;
	s->nbytes = s->bytes_total < SKL_SKB_SNAP_BYTES ? s->bytes_total : SKL_SKB_SNAP_BYTES;
	for (i = 0; i < s->nbytes; i++)
		s->bytes[i] = i < sizeof(eth_ip) ? eth_ip[i] : i >= 54 ? (uint8_t)('a' + i % 26) : (uint8_t)(i * 7);
}

/* The hex pairs of the pane's key prefix, in reading order (rows, then x):
 * their byte values into out, their items into at (either may be NULL). */
static int pane_hex(const skl_dl *dl, const char *prefix, int *out, const skl_dl_item **at, int max)
{
	const skl_dl_item *it[512];
	int n = 0, i, j;
	for (i = 0; i < skl_dl_count(dl) && n < 512; i++) {
		const skl_dl_item *t = skl_dl_at(dl, i);
		if (t->kind == SKL_DL_TEXT && t->key && !strncmp(t->key, prefix, strlen(prefix)) &&
		    strlen(t->text) == 2 && strspn(t->text, "0123456789abcdef") == 2)
			it[n++] = t;
	}
	for (i = 1; i < n; i++) /* by row, then by x */
		for (j = i; j > 0 && (it[j]->y < it[j - 1]->y - 0.5f ||
				      (it[j]->y < it[j - 1]->y + 0.5f && it[j]->x < it[j - 1]->x));
		     j--) {
			const skl_dl_item *t = it[j];
			it[j] = it[j - 1];
			it[j - 1] = t;
		}
	for (i = 0; i < n && i < max; i++) {
		if (out)
			out[i] = (int)strtol(it[i]->text, NULL, 16);
		if (at)
			at[i] = it[i];
	}
	return n;
}

/* The first filled rect of key's group (a band). */
static const skl_dl_item *band(const skl_dl *dl, const char *key)
{
	return box(dl, key);
}

static void test_bytes(skl_sdl *sdl, const char *outdir)
{
	skl_skb_snap s, big;
	int sizes[2][2] = {{1600, 900}, {1920, 1080}}, k;
	snap_6x_tx(&s);
	fill_bytes(&s);
	for (k = 0; k < 2; k++) {
		skl_dl *dl = scene(&s, 1, sizes[k][0], sizes[k][1], "the transmit skb's bytes");
		const skl_dl_item *hex[256], *ip = band(dl, "0:0:bytes:region:2"), *ipb = box(dl, "0:0:region:2");
		const skl_dl_item *title = skl_test_item(dl, "0:0:bytes"),
				  *leg = skl_test_item(dl, "0:legend:headroom");
		int vals[256], n, i, ok = 1, r, shown;
		char name[64];
		/* every byte once, in order: the first row is the frame's first 16 */
		n = pane_hex(dl, "0:0:bytes:", vals, hex, 256);
		snprintf(name, sizeof(name), "first %d of 154 bytes shown", n);
		CHECK(title != NULL && (n == 154 || (n >= 64 && n % 16 == 0 && skl_test_has_text(dl, name))));
		shown = n;
		for (i = 0; i < n && i < 154; i++)
			ok &= vals[i] == s.bytes[i];
		CHECK(ok);
		CHECK(n >= 17 && hex[0]->y == hex[15]->y && hex[16]->y > hex[0]->y && hex[15]->x > hex[0]->x);
		snprintf(name, sizeof(name), "%04x", (shown - 1) / 16 * 16);
		CHECK(skl_test_has_text_exact(dl, "0000") && skl_test_has_text_exact(dl, "0010") &&
		      skl_test_has_text_exact(dl, name));
		/* iphdr's band holds bytes 14..33 and nothing else */
		n = pane_hex(dl, "0:0:bytes:region:2", vals, hex, 256);
		CHECK(n == 20);
		ok = 1;
		for (i = 0; i < n && i < 20; i++)
			ok &= vals[i] == s.bytes[14 + i];
		CHECK(ok && n == 20 && vals[0] == 0x45);
		CHECK(pane_hex(dl, "0:0:bytes:region:3", NULL, NULL, 0) == 14); /* ethhdr 0..13 */
		CHECK(pane_hex(dl, "0:0:bytes:region:1", NULL, NULL, 0) == 20); /* tcphdr 34..53 */
		CHECK(pane_hex(dl, "0:0:bytes:region:0", NULL, NULL, 0) == shown - 54);
		CHECK(skl_test_has_text(dl, "iphdr 14-33") && skl_test_has_text(dl, "ethhdr 0-13") &&
		      skl_test_has_text(dl, "payload 54-153"));
		/* its band: behind byte 14's pair (row 0, column 14), in the block's colour, with the block's id */
		CHECK(ip && ipb && hex[0]);
		if (ip && ipb && n == 20) {
			CHECK(ip->x <= hex[0]->x && ip->x + ip->w >= hex[1]->x + hex[1]->w - 2 &&
			      ip->y <= hex[0]->y + 1 && ip->y + ip->h >= hex[0]->y + hex[0]->h - 1);
			CHECK(ip->fill == ipb->fill && ip->fill == skl_view_skb_region_fill(&s.regions[2]));
			CHECK(ip->id == ipb->id && ip->id > 0);
		}
		for (r = 0; r < 4; r++) { /* every region: band colour and id are its block's */
			char kb[64], kr[64];
			const skl_dl_item *a, *b;
			snprintf(kb, sizeof(kb), "0:0:bytes:region:%d", r);
			snprintf(kr, sizeof(kr), "0:0:region:%d", r);
			a = band(dl, kb);
			b = box(dl, kr);
			CHECK(a && b && a->fill == b->fill && a->id == b->id);
		}
		/* the zoom copy of the ethhdr block shares the id too */
		if (box(dl, "0:0:zoom:region:3"))
			CHECK(box(dl, "0:0:zoom:region:3")->id == box(dl, "0:0:region:3")->id);
		/* hovering the bytes names the header and the packet's byte range */
		if (ip) {
			const skl_dl_item *h = skl_dl_at(dl, skl_dl_hit(dl, ip->x + ip->w / 2, ip->y + ip->h / 2));
			CHECK(h && h->key && !strcmp(h->key, "0:0:bytes:region:2") && h->id == ipb->id &&
			      strstr(h->tooltip, "iphdr: 20 bytes") && strstr(h->tooltip, "packet bytes 14-33"));
		}
		/* under the legend, inside the canvas, the rest of the view above it */
		CHECK(title && leg && title->y >= leg->y + leg->h - 1);
		check_geometry(dl, "bytes");
		{
			const skl_dl_item *cap = box(dl, "scene:caption");
			if (cap && hex[0])
				for (i = 0; i < skl_dl_count(dl); i++) {
					const skl_dl_item *t = skl_dl_at(dl, i);
					if (t->key && !strncmp(t->key, "0:0:bytes", 9) && t->y + t->h > cap->y + 0.5f)
						ok = 0;
				}
			CHECK(ok);
		}
		/* the SVG carries the pane: its groups and the bytes */
		{
			char *svg = skl_test_svg_text(dl);
			CHECK(svg && strstr(svg, "data-key=\"0:0:bytes:region:2\"") && strstr(svg, ">45<") &&
			      strstr(svg, "iphdr 14-33"));
			skl_free(svg);
		}
		snprintf(name, sizeof(name), "skb-bytes-%d", sizes[k][0]);
		CHECK(skl_test_save(sdl, dl, outdir, name) == 0);
		skl_dl_free(dl);
	}
	/* bytes = false, or no bytes kept: no pane, and the bar keeps its place */
	{
		skl_dl *dl = skl_dl_new(1600, 900);
		skl_scene sc;
		skl_skb_snap plain;
		memset(&sc, 0, sizeof(sc));
		sc.skbs = &s;
		sc.nskbs = 1;
		sc.skb_no_bytes = 1;
		CHECK(skl_view_scene(dl, &sc) == 0);
		CHECK(!skl_test_item(dl, "0:0:bytes") && pane_hex(dl, "0:0:bytes", NULL, NULL, 0) == 0);
		CHECK(box(dl, "0:0:region:2") != NULL);
		skl_dl_free(dl);
		snap_6x_tx(&plain);
		dl = scene(&plain, 1, 1600, 900, "no bytes");
		CHECK(!skl_test_item(dl, "0:0:bytes"));
		skl_dl_free(dl);
	}
	/* a full-size frame: the snapshot keeps 256 of 1514 bytes, the pane says how many it shows */
	snap_6x_tx(&big);
	big.tail = 74 + 1514;
	big.len = 1500;
	big.regions[0].len = 1460;
	fill_bytes(&big);
	big.bytes_total = 1514;
	big.nbytes = SKL_SKB_SNAP_BYTES;
	{
		skl_dl *dl = scene(&big, 1, 1600, 900, "a full-size frame");
		int n = pane_hex(dl, "0:0:bytes:", NULL, NULL, 0);
		char want[96];
		snprintf(want, sizeof(want), "first %d of 1514 bytes shown", n);
		CHECK(n >= 32 && n <= 256 && n % 16 == 0 && skl_test_has_text(dl, want));
		CHECK(skl_test_has_text(dl, "payload 54-1513"));
		check_geometry(dl, "bytes capped");
		CHECK(skl_test_save(sdl, dl, outdir, "skb-bytes-capped") == 0);
		skl_dl_free(dl);
	}
}

/* No snapshots, odd values: nothing crashes, nothing leaves the canvas. */
static void test_edges(void)
{
	skl_skb_snap s[5];
	skl_dl *dl = skl_dl_new(800, 450);
	int i;
	CHECK(skl_view_skb(dl, NULL, 0, NULL) == 0 && skl_dl_count(dl) == 0);
	memset(s, 0, sizeof(s));
	for (i = 0; i < 5; i++)
		s[i].shared_with = (i + 1) % 5; /* a ring: one buffer */
	CHECK(skl_view_skb(dl, s, 5, NULL) == 0);
	CHECK(skl_view_skb_owner(s, 5, 4) == 0);
	check_geometry(dl, "empty snapshots");
	skl_dl_clear(dl, 800, 450);
	snap_6x_tx(&s[0]);
	s[0].tail = 0x7fffffff; /* nonsense */
	s[0].regions[0].off = 0xfffff000u;
	CHECK(skl_view_skb(dl, s, 1, NULL) == 0);
	check_geometry(dl, "nonsense");
	skl_dl_free(dl);
}

int main(int argc, char **argv)
{
	const char *outdir = argc > 1 ? argv[1] : ".";
	skl_error err;
	skl_sdl *sdl;

	skl_error_clear(&err);
	mkdir(outdir, 0777);
	sdl = skl_sdl_new(SKLAB_TEST_FONT_DIR, &err);
	if (!sdl) {
		fprintf(stderr, "test_skb_view: %s\n", err.msg);
		return 1;
	}
	test_6x_tx(sdl, outdir);
	test_24_slack(sdl, outdir);
	test_clone(sdl, outdir);
	test_panic(sdl, outdir);
	test_frags(sdl, outdir);
	test_gso(sdl, outdir);
	test_small(sdl, outdir);
	test_two_buffers(sdl, outdir);
	test_frame(sdl, outdir);
	test_bytes(sdl, outdir);
	test_edges();
	skl_sdl_free(sdl);
	if (check_failures) {
		fprintf(stderr, "test_skb_view: %d checks failed\n", check_failures);
		return 1;
	}
	printf("test_skb_view: ok\n");
	return 0;
}
