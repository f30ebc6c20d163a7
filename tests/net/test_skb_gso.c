/*
 * test_skb_gso.c - GSO/TSO and GRO on the sk_buff model (src/core/net/skb_gso.c)
 * against numbers worked by hand from the kernels' code: 2.6.31
 * net/core/skbuff.c skb_segment()/skb_gro_receive(), 6.18 net/core/skbuff.c
 * skb_segment() and net/core/gro.c skb_gro_receive().
 *
 * usage: test_skb_gso TEST   (TEST: tso, gro, linear, refuse)
 */
#include "check.h"

#include "net_machine.h"
#include "sklab/skb.h"

#include <stdlib.h>

#define MSS 1448
#define NSEG 44 /* 44 * 1448 = 63712 bytes: the largest multiple of the MSS under 64 KB with 66 of headers */

typedef skl_test_net machine;

static int boot(machine *m, skl_skb_era e)
{
	return skl_test_net_boot(m, e, NULL, 0, 0);
}

static void halt(machine *m)
{
	skl_test_net_halt(m);
}

/* ---- tso: a 64 KB TCP skb in page frags, cut by skb_segment ------------------------------ */

typedef struct tso_want {
	skl_skb_era era;
	uint32_t reserve;      /* sk_stream_alloc_skb reserves the tailroom; tcp_stream_alloc_skb MAX_TCP_HEADER */
	int nr_frags;	       /* 2.6.31: one page per frag; 6.x: 32 KiB sk_page_frag blocks */
	uint32_t truesize;     /* the empty head's + the payload */
	uint32_t mac;	       /* data after the Ethernet header */
	uint32_t seg_truesize; /* alloc_skb(doffset + headroom) + 1448 */
	int seg_frags;	       /* frags over all segments: one each, two where a segment spans a block */
	const char *seg_cache;
} tso_want;

static const tso_want tso_wants[] = {
    /* 2.6.31: alloc_skb_fclone(304): end 320, truesize 320 + 232 = 552; 63712 in 15 pages + 2272;
     * a segment: alloc_skb(0 + 66 + 254 = 320), end 320, truesize 552 + 1448; 4096j is never a
     * multiple of 1448 for j < 181, so 15 segments span two pages: 44 + 15 frags */
    {SKL_ERA_2_6_31, 320, 16, 552 + NSEG *MSS, 254, 552 + MSS, NSEG + 15, "kmalloc-1024"},
    /* 6.x: alloc_skb_fclone(192): skbuff_small_head, end 256, truesize 256 + 256 + 320 = 832;
     * 63712 = 32768 + 30944 in two blocks; a segment: __alloc_skb(0 + 66 + 126 = 192):
     * SKB_HEAD_ALIGN(192) = 512 fits the small head, truesize 832 + 1448; one segment spans
     * the block boundary at 32768 (segment 23) */
    {SKL_ERA_6_X, 192, 2, 832 + NSEG *MSS, 126, 832 + MSS, NSEG + 1, "skbuff_small_head"},
};

static skl_skb *tso_build(machine *m, const tso_want *w, skl_error *err)
{
	skl_skb_params prm;
	skl_flow f;
	skl_payload pl;
	skl_hdr h[4];
	skl_skb *s;
	int i;
	skl_net_params(m->net, &prm);
	s = skl_alloc_skb_fclone(m->net, prm.max_tcp_header, err);
	if (!s)
		return NULL;
	CHECK_INT(skl_skb_reserve(s, (int32_t)w->reserve, err), 0);
	memset(&pl, 0, sizeof(pl));
	pl.len = NSEG * MSS;
	for (i = 0; i < NSEG; i++) /* tcp_sendmsg: one MSS per write */
		CHECK(skl_skb_add_tx_frag(s, MSS, &pl, err) > 0);
	CHECK_INT(skl_skb_set_gso(s, MSS, 0, err), 0);
	skl_flow_default(&f);
	skl_flow_headers(&f, &pl, h);
	skl_skb_push_hdr(s, &h[2], 0, err);
	skl_skb_push_hdr(s, &h[1], 0, err);
	skl_skb_push_hdr(s, &h[0], 0, err);
	return s;
}

static void test_tso(void)
{
	size_t t;
	for (t = 0; t < sizeof(tso_wants) / sizeof(tso_wants[0]); t++) {
		const tso_want *w = &tso_wants[t];
		skl_skb *segs[64], *s;
		skl_error err;
		machine m;
		uint64_t ram0;
		uint8_t *a, *b;
		int n, i, frags = 0;
		printf("tso %s\n", skl_skb_era_name(w->era));
		if (boot(&m, w->era) < 0) {
			check_failures++;
			continue;
		}
		ram0 = skl_kernel_ram_used(m.k);
		s = tso_build(&m, w, &err);
		CHECK(s != NULL);
		if (!s) {
			halt(&m);
			continue;
		}
		CHECK_INT(skl_skb_nr_frags(s), w->nr_frags);
		CHECK_INT(skl_skb_len(s), 66 + NSEG * MSS);
		CHECK_INT(skl_skb_data_len(s), NSEG * MSS);
		CHECK_INT(skl_skb_truesize(s), w->truesize);
		CHECK_INT(skl_skb_data_off(s), w->mac);
		CHECK_INT(skl_skb_gso_size(s), MSS);
		CHECK_INT(skl_skb_gso_segs(s), NSEG); /* DIV_ROUND_UP(63712, 1448) */
		CHECK_INT(skl_skb_gso_type(s), SKL_GSO_TCPV4);

		n = skl_skb_segment(s, 1, segs, 64, &err);
		CHECK_INT(n, NSEG);
		a = malloc(NSEG * MSS);
		b = malloc(1600);
		skl_skb_copy_bits(s, 66, a, NSEG * MSS);
		for (i = 0; i < n; i++) {
			uint32_t seq;
			CHECK_INT(skl_skb_len(segs[i]), 66 + MSS);
			CHECK_INT(skl_skb_data_len(segs[i]), MSS);
			CHECK_INT(skl_skb_headlen(segs[i]), 66);
			CHECK_INT(skl_skb_data_off(segs[i]), w->mac); /* the same headroom */
			CHECK_INT(skl_skb_truesize(segs[i]), w->seg_truesize);
			CHECK_STR(skl_skb_head_cache(segs[i]), w->seg_cache);
			CHECK_INT(skl_skb_gso_size(segs[i]), 0);
			frags += skl_skb_nr_frags(segs[i]);
			/* the bytes: the same payload slice, the sequence number and IP id moved on */
			CHECK_INT(skl_skb_copy_bits(segs[i], 0, b, 66 + MSS), 0);
			CHECK(memcmp(b + 66, a + i * MSS, MSS) == 0);
			seq = ((uint32_t)b[38] << 24) | ((uint32_t)b[39] << 16) | ((uint32_t)b[40] << 8) | b[41];
			CHECK_INT(seq, 1 + (uint32_t)i * MSS);
			CHECK_INT(((uint32_t)b[16] << 8 | b[17]), 1500);  /* tot_len */
			CHECK_INT(((uint32_t)b[18] << 8 | b[19]), 1 + i); /* id */
			CHECK_INT(b[47] & 0x08, i == n - 1 ? 0x08 : 0);	  /* PSH on the last only */
		}
		CHECK_INT(frags, w->seg_frags);
		free(a);
		free(b);
		/* the pages are shared: freeing the GSO skb leaves the segments whole */
		CHECK_INT(skl_kfree_skb(s, &err), 1);
		for (i = 0; i < n; i++)
			CHECK_INT(skl_skb_len(segs[i]), 66 + MSS);
		for (i = 0; i < n; i++)
			skl_kfree_skb(segs[i], &err);
		CHECK_INT(skl_net_nskbs(m.net), 0);
		/* the same again: RAM must come back to the level the first round left
		 * (its slabs stay; every frag page went) */
		{
			uint64_t ram1 = skl_kernel_ram_used(m.k);
			CHECK(ram1 > ram0);
			s = tso_build(&m, w, &err);
			n = s ? skl_skb_segment(s, 1, segs, 64, &err) : 0;
			CHECK_INT(n, NSEG);
			if (s)
				skl_kfree_skb(s, &err);
			for (i = 0; i < n; i++)
				skl_kfree_skb(segs[i], &err);
			CHECK_INT(skl_kernel_ram_used(m.k), ram1);
		}
		halt(&m);
	}
}

/* ---- gro: frames with the payload in a page frag, merged ------------------------------------ */

/* A driver's frame: headers in a small linear head, 1448 bytes in a page
 * frag, eth_type_trans done (data at the IPv4 header). */
static skl_skb *rx_frame(machine *m, int i, skl_error *err)
{
	skl_flow f;
	skl_payload pl;
	skl_hdr h[4];
	skl_skb *s = skl_netdev_alloc_skb_ip_align(m->net, "eth0", 128, err);
	if (!s)
		return NULL;
	skl_flow_default(&f);
	f.seq = 1 + (uint32_t)i * MSS;
	f.ip_id = (uint16_t)(1 + i);
	memset(&pl, 0, sizeof(pl));
	pl.len = MSS;
	skl_flow_headers(&f, &pl, h);
	skl_skb_put_hdr(s, &h[0], 0, err);
	skl_skb_put_hdr(s, &h[1], 0, err);
	skl_skb_put_hdr(s, &h[2], 0, err);
	skl_skb_add_rx_frag(s, MSS, 0, &pl, err);
	skl_skb_pull(s, 14, err);
	skl_skb_set_header(s, SKL_MARK_NETWORK, 0, err);
	return s;
}

typedef struct gro_want {
	skl_skb_era era;
	int count;	   /* frames merged before -E2BIG */
	int nr_frags;	   /* in the held packet */
	int frag_list;	   /* skbs on its frag_list */
	uint32_t truesize; /* of the held packet */
} gro_want;

static const gro_want gro_wants[] = {
    /* 2.6.31: frags only while they fit MAX_SKB_FRAGS (18), then -E2BIG;
     * netdev_alloc_skb(130): alloc_skb(162): end 192, truesize 192 + 232 = 424 (+1448 of frag);
     * each merged frame adds len (1448) */
    {SKL_ERA_2_6_31, 18, 18, 0, 424 + 18 * MSS},
    /* 6.x: frags until 17, then the frame itself to frag_list, whose frags then take the next
     * ones: 17 + 17 + 11 frames = 45, stopped by gro_max_size 65536 (52 + 45 * 1448 = 65212);
     * frags cost 1448 each, the 3 whole skbs their head too (SKB_TRUESIZE(256) = 832) */
    {SKL_ERA_6_X, 45, 17, 2, 3 * 832 + 45 * MSS},
};

static void test_gro(void)
{
	size_t t;
	for (t = 0; t < sizeof(gro_wants) / sizeof(gro_wants[0]); t++) {
		const gro_want *w = &gro_wants[t];
		skl_skb *p, *s;
		skl_error err;
		machine m;
		uint8_t *buf;
		int i, rc = 0;
		printf("gro %s\n", skl_skb_era_name(w->era));
		if (boot(&m, w->era) < 0) {
			check_failures++;
			continue;
		}
		p = rx_frame(&m, 0, &err);
		CHECK(p != NULL);
		for (i = 1; i < 64; i++) {
			s = rx_frame(&m, i, &err);
			rc = skl_skb_gro_receive(&p, s, &err);
			if (rc < 0)
				break;
		}
		CHECK_INT(rc, SKL_SKB_E2BIG);
		CHECK_INT(i, w->count);
		CHECK_INT(skl_skb_gro_count(p), w->count);
		CHECK_INT(skl_skb_len(p), 52 + w->count * MSS);
		CHECK_INT(skl_skb_nr_frags(p), w->nr_frags);
		CHECK_INT(skl_skb_frag_list_len(p), w->frag_list);
		CHECK_INT(skl_skb_truesize(p), w->truesize);
		CHECK_INT(skl_skb_gso_size(p), MSS);
		if (w->frag_list == 2) {
			CHECK_INT(skl_skb_nr_frags(skl_skb_frag_list_at(p, 0)), 17);
			CHECK_INT(skl_skb_nr_frags(skl_skb_frag_list_at(p, 1)), 11);
			CHECK_INT(skl_skb_len(skl_skb_frag_list_at(p, 1)), 11 * MSS);
		}
		/* the bytes of the whole packet, frag_list included, read back in order */
		buf = malloc(skl_skb_len(p));
		CHECK_INT(skl_skb_copy_bits(p, 0, buf, skl_skb_len(p)), 0);
		free(buf);
		CHECK_INT(skl_skb_gro_complete(p, &err), w->count);
		CHECK_INT(skl_skb_gso_segs(p), w->count);
		/* the frame that did not fit is held next; everything goes with two frees */
		CHECK_INT(skl_kfree_skb(s, &err), 1);
		CHECK_INT(skl_kfree_skb(p, &err), 1);
		CHECK_INT(skl_net_nskbs(m.net), 0);
		halt(&m);
	}
}

/* ---- linear: frames without frags (2.6.31 header skb, 6.x stolen page-frag heads) ----------- */

static void test_linear(void)
{
	int e;
	for (e = 0; e < 2; e++) {
		skl_skb_era era = e ? SKL_ERA_6_X : SKL_ERA_2_6_31;
		skl_skb *p = NULL, *s, *first;
		skl_error err;
		machine m;
		int i;
		printf("linear %s\n", skl_skb_era_name(era));
		if (boot(&m, era) < 0) {
			check_failures++;
			continue;
		}
		for (i = 0; i < 20; i++) {
			skl_flow f;
			skl_payload pl;
			skl_hdr h[4];
			s = skl_netdev_alloc_skb_ip_align(m.net, "eth0", 1536, &err);
			skl_flow_default(&f);
			memset(&pl, 0, sizeof(pl));
			pl.len = MSS;
			skl_flow_headers(&f, &pl, h);
			skl_skb_put_hdr(s, &h[0], 0, &err);
			skl_skb_put_hdr(s, &h[1], 0, &err);
			skl_skb_put_hdr(s, &h[2], 0, &err);
			skl_skb_put_hdr(s, &h[3], 0, &err);
			skl_skb_pull(s, 14, &err);
			if (!p) {
				p = s;
				continue;
			}
			first = p;
			CHECK(skl_skb_gro_receive(&p, s, &err) >= 0);
			if (i == 1 && era == SKL_ERA_2_6_31) {
				/* a new skb holds the headers; the first frame is frag_list[0], pulled to its payload
				 */
				CHECK(p != first);
				CHECK_INT(skl_skb_frag_list_len(p), 2);
				CHECK_INT(skl_skb_len(skl_skb_frag_list_at(p, 0)), MSS);
				CHECK_INT(skl_skb_headlen(p), 52);
			}
		}
		CHECK_INT(skl_skb_len(p), 52 + 20 * MSS);
		if (era == SKL_ERA_2_6_31) {
			CHECK_INT(skl_skb_frag_list_len(p), 20);
			CHECK_INT(skl_skb_nr_frags(p), 0);
		} else {
			/* 6.x: each head is a page fragment: it becomes a frag (17), then frag_list */
			CHECK_INT(skl_skb_nr_frags(p), 17);
			CHECK_INT(skl_skb_frag_list_len(p), 1);
			CHECK_INT(skl_skb_headlen(p), 1500);
		}
		{
			uint8_t *buf = malloc(skl_skb_len(p));
			CHECK_INT(skl_skb_copy_bits(p, 0, buf, skl_skb_len(p)), 0);
			free(buf);
		}
		CHECK_INT(skl_kfree_skb(p, &err), 1);
		CHECK_INT(skl_net_nskbs(m.net), 0);
		halt(&m);
	}
}

/* ---- refuse: 2.4 has no GSO; misuse is refused ------------------------------------------------ */

static void test_refuse(void)
{
	skl_error err;
	machine m;
	skl_skb *s, *t, *segs[4];
	if (boot(&m, SKL_ERA_2_4) == 0) {
		s = skl_alloc_skb(m.net, 200, &err);
		CHECK_INT(skl_skb_set_gso(s, MSS, 0, &err), SKL_SKB_EINVAL);
		CHECK(strstr(err.msg, "not in 2.4") != NULL);
		CHECK_INT(skl_skb_segment(s, 1, segs, 4, &err), SKL_SKB_EINVAL);
		CHECK_INT(skl_skb_add_tx_frag(s, 100, NULL, &err), SKL_SKB_EINVAL);
		t = skl_alloc_skb(m.net, 200, &err);
		CHECK_INT(skl_skb_gro_receive(&s, t, &err), SKL_SKB_EINVAL);
		skl_kfree_skb(t, &err);
		skl_kfree_skb(s, &err);
		halt(&m);
	}
	if (boot(&m, SKL_ERA_6_X) == 0) {
		s = skl_alloc_skb(m.net, 200, &err);
		CHECK_INT(skl_skb_segment(s, 1, segs, 4, &err), SKL_SKB_EINVAL); /* gso_size 0 */
		CHECK_INT(skl_skb_set_gso(s, 70000, 0, &err), SKL_SKB_EINVAL);
		t = skl_alloc_skb(m.net, 200, &err);
		CHECK_INT(skl_skb_gro_receive(&s, t, &err), SKL_SKB_EINVAL); /* not TCP/IPv4 */
		skl_kfree_skb(t, &err);
		skl_kfree_skb(s, &err);
		halt(&m);
	}
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "tso";
	if (!strcmp(mode, "tso"))
		test_tso();
	else if (!strcmp(mode, "gro"))
		test_gro();
	else if (!strcmp(mode, "linear"))
		test_linear();
	else if (!strcmp(mode, "refuse"))
		test_refuse();
	else {
		printf("unknown test %s\n", mode);
		return 2;
	}
	return check_done(mode);
}
