/*
 * test_sock.c - socket memory accounting (src/core/net/sock.c) against the
 * kernels' own numbers: default buffer sizes, how many small skbs a
 * receive buffer takes before sock_queue_rcv_skb (or 6.x UDP's enqueue)
 * refuses, sk_forward_alloc in SK_MEM_QUANTUM pages, the release on
 * recvmsg, sock_wmalloc against sk_sndbuf, and closing with skbs queued.
 *
 * usage: test_sock
 */
#include "check.h"

#include "net_machine.h"
#include "sklab/sock.h"

typedef skl_test_net machine;

static int boot(machine *m, skl_skb_era e)
{
	return skl_test_net_boot(m, e, NULL, 0, 0);
}

static void halt(machine *m)
{
	skl_test_net_halt(m);
}

/* A received 1-byte UDP datagram in a driver buffer of buf bytes: the
 * 60-byte minimum frame, headers pulled, len 1. */
static skl_skb *datagram(machine *m, uint32_t buf)
{
	skl_error err;
	skl_skb_params p;
	skl_skb *s;
	skl_net_params(m->net, &p);
	s = p.era == SKL_ERA_2_4 ? skl_dev_alloc_skb(m->net, buf, &err)
				 : skl_netdev_alloc_skb(m->net, "eth0", buf, &err);
	if (!s)
		return NULL;
	skl_skb_put(s, 60, NULL, &err);
	skl_skb_pull(s, 14, &err);
	skl_skb_trim(s, 29, &err);
	skl_skb_pull(s, 28, &err);
	return s;
}

/* Queues datagrams until the socket refuses one; returns how many went in
 * and leaves the refused one's code in *rc. */
static int fill(machine *m, skl_sock *sk, uint32_t buf, int *rc, uint32_t *truesize)
{
	skl_error err;
	int n = 0;
	for (;;) {
		skl_skb *s = datagram(m, buf);
		int r;
		if (!s)
			return -1;
		*truesize = skl_skb_truesize(s);
		r = skl_sock_queue_rcv(sk, s, &err);
		if (r < 0) {
			*rc = r;
			skl_kfree_skb(s, &err); /* the caller frees a dropped skb */
			return n;
		}
		n++;
	}
}

static void test_defaults(void)
{
	machine m;
	int64_t rd, wd, rm, wm;
	/* 2.4.16 sk_init(): SK_RMEM_MAX 65535 on 128 MiB (32768 pages) */
	if (boot(&m, SKL_ERA_2_4) == 0) {
		skl_sock_defaults(m.net, &rd, &wd, &rm, &wm);
		CHECK_INT(rd, 65535);
		CHECK_INT(wd, 65535);
		CHECK_INT(rm, 65535);
		halt(&m);
	}
	/* 2.6.31: (sizeof(struct sk_buff) 232 + 256) * 256 */
	if (boot(&m, SKL_ERA_2_6_31) == 0) {
		skl_sock_defaults(m.net, &rd, &wd, &rm, &wm);
		CHECK_INT(rd, 124928);
		CHECK_INT(wm, 124928);
		halt(&m);
	}
	/* 6.x: SKB_TRUESIZE(256) * 256 = (256 + 256 + 320) * 256, the familiar rmem_default */
	if (boot(&m, SKL_ERA_6_X) == 0) {
		skl_sock_opts o;
		skl_sock_stats st;
		skl_error err;
		skl_sock *sk;
		skl_sock_defaults(m.net, &rd, &wd, &rm, &wm);
		CHECK_INT(rd, 212992);
		CHECK_INT(wd, 212992);
		memset(&o, 0, sizeof(o));
		o.so_rcvbuf = 4096; /* doubled */
		o.so_sndbuf = 1000; /* doubled, then SOCK_MIN_SNDBUF 2 * (2048 + 256) */
		sk = skl_sock_new(m.net, &o, &err);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.rcvbuf, 8192);
		CHECK_INT(st.sndbuf, 4608);
		CHECK_INT(st.wmem_alloc, 1); /* sk_alloc(): refcount_set(&sk->sk_wmem_alloc, 1) */
		o.so_rcvbuf = 1 << 30;	     /* clamped to rmem_max, then doubled */
		sk = skl_sock_new(m.net, &o, &err);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.rcvbuf, 2 * 212992);
		halt(&m);
	}
}

static void test_fill(void)
{
	machine m;
	skl_error err;
	skl_sock *sk;
	skl_sock_stats st;
	skl_sock_opts o;
	int rc = 0;
	uint32_t ts = 0;
	memset(&o, 0, sizeof(o));

	/* 2.4: dev_alloc_skb(1536) = alloc_skb(1552): 1568 + sizeof(struct sk_buff) 144 = 1712;
	 * sock_queue_rcv_skb refuses when rmem_alloc + 1712 >= 65535: 38 fit (38 * 1712 = 65056) */
	if (boot(&m, SKL_ERA_2_4) == 0) {
		sk = skl_sock_new(m.net, &o, &err);
		CHECK_INT(fill(&m, sk, 1536, &rc, &ts), 38);
		CHECK_INT(ts, 1712);
		CHECK_INT(rc, SKL_SOCK_ENOMEM);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.rmem_alloc, 38 * 1712);
		CHECK_INT(st.forward_alloc, 0); /* no forward allocation outside TCP in 2.4 */
		CHECK_INT(st.drops, 1);
		CHECK_INT(st.qlen, 38);
		/* recvmsg frees one: sock_rfree gives its truesize back, and the next one fits */
		CHECK_INT(skl_sock_recv(sk, &err), 1);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.rmem_alloc, 37 * 1712);
		CHECK_INT(skl_sock_queue_rcv(sk, datagram(&m, 1536), &err), 0);
		skl_sock_free(sk); /* purges the queue */
		CHECK_INT(skl_net_nskbs(m.net), 0);
		halt(&m);
	}

	/* 2.6.31 UDP: netdev_alloc_skb(60): 60 + 32 = 92 -> 128 + 496 = kmalloc(624), truesize 128 + 232 = 360;
	 * 124928 / 360: refused when rmem_alloc + 360 >= 124928, so 347 fit (347 * 360 = 124920) */
	if (boot(&m, SKL_ERA_2_6_31) == 0) {
		sk = skl_sock_new(m.net, &o, &err);
		CHECK_INT(fill(&m, sk, 60, &rc, &ts), 347);
		CHECK_INT(ts, 360);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.rmem_alloc, 347 * 360);
		/* __sk_mem_schedule(size = 360) takes a page whenever forward_alloc is short:
		 * forward_alloc + rmem_alloc is whole pages */
		CHECK_INT((st.forward_alloc + st.rmem_alloc) % 4096, 0);
		CHECK_INT(st.memory_allocated, (st.forward_alloc + st.rmem_alloc) / 4096);
		CHECK(st.forward_alloc >= 0 && st.forward_alloc < 4096);
		/* skb_free_datagram: sock_rfree's uncharge, then sk_mem_reclaim_partial
		 * keeps less than one quantum forward */
		skl_sock_recv(sk, &err);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.rmem_alloc, 346 * 360);
		CHECK(st.forward_alloc <= 4096);
		skl_sock_free(sk);
		CHECK_INT(skl_net_nskbs(m.net), 0);
		halt(&m);
	}

	/* 6.x UDP: netdev_alloc_skb(60): 60 + 64 = 124 <= SKB_WITH_OVERHEAD(576), the small
	 * head: truesize SKB_TRUESIZE(256) = 832. __udp_enqueue_schedule_skb drops only
	 * once rmem_alloc > rcvbuf: 256 fill it to exactly 212992, the 257th still goes in */
	if (boot(&m, SKL_ERA_6_X) == 0) {
		sk = skl_sock_new(m.net, &o, &err);
		CHECK_INT(fill(&m, sk, 60, &rc, &ts), 257);
		CHECK_INT(ts, 832);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.rmem_alloc, 257 * 832);
		CHECK_INT((st.forward_alloc + st.rmem_alloc) % 4096, 0);
		/* udp_rmem_release: the first reads only add to forward_deficit (below rcvbuf / 4
		 * and more queued): rmem_alloc stays where it was */
		skl_sock_recv(sk, &err);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.rmem_alloc, 257 * 832);
		CHECK_INT(st.forward_deficit, 832);
		/* 64 reads make 53248 >= 212992 / 4: all of it released at once */
		while (st.forward_deficit && st.received < 64) {
			skl_sock_recv(sk, &err);
			skl_sock_stats_get(sk, &st);
		}
		CHECK_INT(st.received, 64);
		CHECK_INT(st.rmem_alloc, (257 - 64) * 832);
		CHECK_INT(st.forward_deficit, 0);
		CHECK(st.forward_alloc >= 1 && st.forward_alloc <= 4096); /* partial: one byte stays */
		skl_sock_free(sk);
		CHECK_INT(skl_net_nskbs(m.net), 0);
		halt(&m);
	}

	/* 6.x raw: __sock_queue_rcv_skb refuses once rmem_alloc >= rcvbuf: 256 go in, and
	 * raw sockets are not accounted (no forward_alloc) */
	if (boot(&m, SKL_ERA_6_X) == 0) {
		o.proto = SKL_SOCK_RAW;
		sk = skl_sock_new(m.net, &o, &err);
		CHECK_INT(fill(&m, sk, 60, &rc, &ts), 256);
		CHECK_INT(rc, SKL_SOCK_ENOMEM);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.rmem_alloc, 212992);
		CHECK_INT(st.forward_alloc, 0);
		CHECK_INT(st.memory_allocated, 0);
		/* a full-size driver buffer: netdev_alloc_skb(1536) is a 1920-byte fragment, truesize 2176 */
		skl_sock_free(sk);
		sk = skl_sock_new(m.net, &o, &err);
		CHECK_INT(fill(&m, sk, 1536, &rc, &ts), 98); /* 97 * 2176 = 211072 < 212992 */
		CHECK_INT(ts, 2176);
		skl_sock_free(sk);
		CHECK_INT(skl_net_nskbs(m.net), 0);
		o.proto = SKL_SOCK_UDP;
		halt(&m);
	}
}

static void test_send(void)
{
	machine m;
	skl_error err;
	skl_sock_opts o;
	skl_sock *sk;
	skl_sock_stats st;
	skl_skb *s[8];
	int rc, i;
	memset(&o, 0, sizeof(o));
	/* 6.x: sock_wmalloc(sk, 1000) = alloc_skb(1000): kmalloc-2k, truesize 2304; sndbuf
	 * SO_SNDBUF 4096 -> 8192: wmem_alloc 1 + 3 * 2304 = 6913 < 8192, the fifth waits */
	if (boot(&m, SKL_ERA_6_X) == 0) {
		o.so_sndbuf = 4096;
		sk = skl_sock_new(m.net, &o, &err);
		for (i = 0; i < 8; i++) {
			s[i] = skl_sock_wmalloc(sk, 1000, 0, &rc, &err);
			if (!s[i])
				break;
		}
		CHECK_INT(i, 4);
		CHECK_INT(rc, SKL_SOCK_EAGAIN);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.wmem_alloc, 1 + 4 * 2304);
		/* TX completion frees one: sock_wfree */
		skl_kfree_skb(s[0], &err);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.wmem_alloc, 1 + 3 * 2304);
		CHECK(skl_sock_wmalloc(sk, 1000, 0, &rc, &err) != NULL);
		/* a skb in flight outlives the socket's accounting */
		skl_sock_free(sk);
		CHECK_INT(skl_kfree_skb(s[1], &err), 1);
		halt(&m);
	}
	/* 2.4: wmem_alloc starts at 0 */
	if (boot(&m, SKL_ERA_2_4) == 0) {
		sk = skl_sock_new(m.net, NULL, &err);
		s[0] = skl_sock_wmalloc(sk, 1000, 0, &rc, &err);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.wmem_alloc, 1024 + 144);
		CHECK(skl_skb_sock(s[0], &i) == sk && i == 'w');
		skl_kfree_skb(s[0], &err);
		skl_sock_stats_get(sk, &st);
		CHECK_INT(st.wmem_alloc, 0);
		halt(&m);
	}
}

static void test_errors(void)
{
	machine m;
	skl_error err;
	if (boot(&m, SKL_ERA_6_X) == 0) {
		skl_sock *a = skl_sock_new(m.net, NULL, &err), *b = skl_sock_new(m.net, NULL, &err);
		skl_skb *s = datagram(&m, 60);
		CHECK_INT(skl_sock_queue_rcv(a, s, &err), 0);
		CHECK_INT(skl_sock_queue_rcv(b, s, &err), SKL_SKB_EINVAL);
		CHECK_STR(err.msg, "__udp_enqueue_schedule_skb: skb is already charged to sk");
		CHECK_INT(skl_sock_recv(b, &err), SKL_SKB_EINVAL);
		CHECK(skl_net_sock(m.net, skl_sock_id(a)) == a);
		skl_skb_get(s); /* another user: the purge on close leaves it allocated, no longer charged */
		skl_sock_free(a);
		CHECK_INT(skl_net_nskbs(m.net), 1);
		CHECK(skl_skb_sock(s, NULL) == NULL);
		CHECK_INT(skl_kfree_skb(s, &err), 1);
		CHECK(skl_net_sock(m.net, 1) == NULL);
		CHECK_INT(skl_net_nskbs(m.net), 0);
		halt(&m); /* b goes with the net */
	}
}

int main(void)
{
	test_defaults();
	test_fill();
	test_send();
	test_errors();
	return check_done("sock");
}
