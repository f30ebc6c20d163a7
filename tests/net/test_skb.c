/*
 * test_skb.c - the sk_buff model (src/core/net/skb.c), packet headers (pkt.c)
 * and pcap files (pcap.c) against the reference's numbers and the kernels'
 * own texts.
 *
 * usage: test_skb TEST [GOLDEN_DIR]
 *        test_skb writepcap FILE   (frames for the tshark check)
 * TEST is one of alloc, ops, paths, panic, bugs, clone, frags, csum, pcap,
 * events, oom, allocfail. With SKLAB_UPDATE_GOLDEN=1 golden files are
 * written instead of compared.
 */
#include "check.h"
#include "fault.h"

#include "golden.h"
#include "net_machine.h"
#include "sklab/skb.h"

#include <stdlib.h>

static const char *golden_dir = ".";

/* ---- machines ------------------------------------------------------------------ */

typedef skl_test_net machine;

static int quiet;

/* ram 0 = the profile's */
static int boot(machine *m, skl_skb_era e, const skl_net_opts *no, uint64_t ram)
{
	return skl_test_net_boot(m, e, no, ram, quiet);
}

static void halt(machine *m)
{
	skl_test_net_halt(m);
}

static const skl_skb_era eras[3] = {SKL_ERA_2_4, SKL_ERA_2_6_31, SKL_ERA_6_X};

/* ---- golden files --------------------------------------------------------------- */

static void golden(const char *name, const char *text)
{
	check_failures += skl_test_golden(golden_dir, name, text);
}

/* Objects handed out (not free, not parked per CPU) in caches whose name
 * starts with prefix: what a leak would leave behind. */
/* Objects in use in the caches whose names start with prefix; a cache
 * merged into another (2.6.31's skbuff_head_cache into kmalloc-256) counts
 * as the cache it is an alias of. */
static unsigned long inuse(const machine *m, const char *prefix)
{
	skl_kernel_snap *sn = skl_kernel_snapshot(m->k);
	unsigned long n = 0;
	char target[64];
	int i, j;
	unsigned o;
	if (!sn)
		return (unsigned long)-1;
	target[0] = '\0';
	if (skl_kernel_find_cache(m->k, prefix)) {
		skl_cache_info in;
		skl_cache_get_info(skl_kernel_find_cache(m->k, prefix), &in);
		snprintf(target, sizeof(target), "%s", in.alias_of);
	}
	for (i = 0; i < sn->ncaches; i++) {
		const skl_cache_snap *c = &sn->caches[i];
		if (c->info.alias_of[0])
			continue;
		if (target[0] ? strcmp(c->info.name, target) : strncmp(c->info.name, prefix, strlen(prefix)))
			continue;
		for (j = 0; j < c->nslabs; j++)
			for (o = 0; o < c->slabs[j].nobjs; o++)
				n += c->slabs[j].state[o] == SKL_OS_ALLOC;
	}
	skl_kernel_snap_free(sn);
	return n;
}

#define active(m, cache) inuse((m), (cache))

/* Whether the slab object holding a is handed out. */
/* The size of the latest kmalloc_large event of this kind at a, 0 = none */
static uint64_t large_kmalloc_event(const machine *m, skl_event_kind kind, skl_addr a)
{
	int i;
	for (i = skl_events_count(m->log) - 1; i >= 0; i--) {
		const skl_event *e = skl_events_at(m->log, i);
		if (e->kind == kind && e->addr == a && e->text && !strcmp(e->text, "kmalloc_large"))
			return e->size;
	}
	return 0;
}

static int allocated(const machine *m, skl_addr a)
{
	skl_kernel_snap *sn;
	skl_cache *c;
	skl_cache_info ci;
	int idx, i, j, st = -1;
	c = skl_kernel_cache_of(m->k, a, &idx, NULL);
	if (!c)
		return 0; /* not in a slab page (freed pages, fragments) */
	skl_cache_get_info(c, &ci);
	sn = skl_kernel_snapshot(m->k);
	for (i = 0; sn && i < sn->ncaches; i++) {
		const skl_cache_snap *cs = &sn->caches[i];
		if (strcmp(cs->info.name, ci.alias_of[0] ? ci.alias_of : ci.name))
			continue;
		for (j = 0; j < cs->nslabs; j++)
			if (a >= cs->slabs[j].base && a < cs->slabs[j].base + (skl_addr)cs->slabs[j].pages * 4096 &&
			    idx < (int)cs->slabs[j].nobjs)
				st = cs->slabs[j].state[idx];
	}
	skl_kernel_snap_free(sn);
	return st == SKL_OS_ALLOC;
}

static void dump_events(const machine *m, skl_buf *b)
{
	skl_sink s = skl_buf_sink(b);
	skl_events_dump(m->log, &s);
}

/* ---- alloc: the reference's worked allocation numbers (§3, §8) -------------------- */

/* sizeof(struct sk_buff) follows the 2.4 profile's options: 2.4.16's
 * include/linux/skbuff.h on i386 is 144 bytes up to destructor, then
 * CONFIG_NETFILTER adds nfmark, nfcache and nfct (12; CONFIG_NETFILTER_DEBUG
 * nf_debug, 4 more), CONFIG_HIPPI private.ifield (4), CONFIG_NET_SCHED
 * tc_index (4). truesize = SKB_DATA_ALIGN(size) + sizeof(struct sk_buff)
 * (alloc_skb of 2.4.16's net/core/skbuff.c). */
static void test_skb_size_24(void)
{
	static const struct {
		const char *config;
		uint32_t size;
	} c[] = {{"", 144},
		 {"CONFIG_INET,CONFIG_FILTER", 144},
		 {"CONFIG_INET,CONFIG_NETFILTER", 156},
		 {"CONFIG_INET,CONFIG_NETFILTER,CONFIG_NETFILTER_DEBUG", 160},
		 {"CONFIG_NETFILTER, CONFIG_NET_SCHED", 160},
		 {"CONFIG_NET_SCHED,CONFIG_HIPPI", 152},
		 {"CONFIG_NETFILTER_DEBUG", 144}, /* nf_debug sits inside #ifdef CONFIG_NETFILTER */
		 {"CONFIG_NETFILTERX,CONFIG_NET_SCHEDULE", 144}};
	size_t i;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		skl_profile prof = skl_test_profile_2416((uint64_t)128 << 20);
		skl_kernel_opts o;
		skl_error err;
		skl_kernel *k;
		skl_net *net;
		skl_skb *s;
		skl_skb_params pa;
		skl_cache_info ci;
		snprintf(prof.config, sizeof(prof.config), "%s", c[i].config);
		memset(&o, 0, sizeof(o));
		o.profile = &prof;
		o.smp = -1;
		k = skl_kernel_new(&o, &err);
		CHECK(k != NULL);
		if (!k)
			continue;
		net = skl_net_new(k, NULL, &err);
		CHECK(net != NULL);
		if (net) {
			skl_net_params(net, &pa);
			CHECK_INT(pa.skb_size, c[i].size);
			s = skl_alloc_skb(net, 1000, &err);
			CHECK(s != NULL);
			if (s)
				CHECK_INT(skl_skb_truesize(s), 1024 + c[i].size);
			skl_cache_get_info(skl_kernel_find_cache(k, "skbuff_head_cache"), &ci);
			CHECK_INT(ci.object_size, c[i].size);
			skl_net_free(net);
		}
		skl_kernel_free(k);
	}
}

static void test_alloc(void)
{
	machine m;
	skl_error err;
	skl_skb *s;
	skl_cache_info ci;
	skl_net_opts no;

	test_skb_size_24();
	/* 2.4 i386, L1 32, shinfo 60; sk_buff 144: the profile's INET + FILTER
	 * leave out every #ifdef'd member of 2.4.16's struct sk_buff */
	if (boot(&m, SKL_ERA_2_4, NULL, 0) == 0) {
		s = skl_alloc_skb(m.net, 1000, &err);
		CHECK(s != NULL);
		if (s) {
			CHECK_INT(skl_skb_end_off(s), 1024);
			CHECK_STR(skl_skb_head_cache(s), "size-2048");
			CHECK_INT(skl_skb_buf_size(s), 2048);
			CHECK_INT(skl_skb_truesize(s), 1168); /* 2.4.16 alloc_skb: size + sizeof(struct sk_buff) */
			CHECK_INT(skl_skb_tailroom(s), 1024);
		}
		s = skl_dev_alloc_skb(m.net, 1516, &err); /* the RX buffer for a 1536-byte frame */
		CHECK(s != NULL);
		if (s) {
			CHECK_INT(skl_skb_end_off(s), 1536);
			CHECK_STR(skl_skb_head_cache(s), "size-2048");
			CHECK_INT(skl_skb_truesize(s), 1680);
			CHECK_INT(skl_skb_headroom(s), 16);
			CHECK_INT(skl_skb_reserve(s, 2, &err), 0);
			CHECK_INT(skl_skb_headroom(s), 18);
		}
		s = skl_alloc_skb(m.net, 1448 + 160, &err); /* tcp_alloc_pskb, §6.2 */
		CHECK(s != NULL);
		if (s) {
			CHECK_INT(skl_skb_end_off(s), 1632);
			CHECK_STR(skl_skb_head_cache(s), "size-2048");
		}
		/* skbuff_head_cache objects of 144 bytes, 160 with HWCACHE_ALIGN's 32-byte lines */
		skl_cache_get_info(skl_kernel_find_cache(m.k, "skbuff_head_cache"), &ci);
		CHECK_INT(ci.object_size, 144);
		CHECK_INT(ci.size, 160);
		CHECK(skl_alloc_skb_fclone(m.net, 100, &err) == NULL);
		CHECK_STR(err.msg, "alloc_skb_fclone does not exist in 2.4 (fast clones came with 2.6.13)");
		CHECK(skl_netdev_alloc_skb(m.net, "eth0", 100, &err) == NULL);
		CHECK(skl_alloc_skb(m.net, 200000, &err) == NULL); /* above size-131072 */
		CHECK_STR(
		    err.msg,
		    "alloc_skb(200000) returned NULL: kmalloc(200060): larger than the largest size class (NULL)");
		halt(&m);
	}

	/* 2.6.31 x86_64, L1 64, sk_buff 232, shinfo 496; kmalloc caches named in
	 * bytes (2.6.31 kmem_cache_init(): "kmalloc-%d") */
	if (boot(&m, SKL_ERA_2_6_31, NULL, 0) == 0) {
		s = skl_alloc_skb(m.net, 1000, &err);
		CHECK(s != NULL);
		if (s) {
			CHECK_INT(skl_skb_end_off(s), 1024);
			CHECK_STR(skl_skb_head_cache(s), "kmalloc-2048"); /* kmalloc(1520) */
			CHECK_INT(skl_skb_truesize(s), 1256);
		}
		s = skl_netdev_alloc_skb(m.net, "eth0", 1538, &err);
		CHECK(s != NULL);
		if (s) {
			CHECK_INT(skl_skb_end_off(s), 1600);
			CHECK_STR(skl_skb_head_cache(s), "kmalloc-4096"); /* kmalloc(2096) */
			CHECK_INT(skl_skb_truesize(s), 1832);
			CHECK_INT(skl_skb_headroom(s), 32);
		}
		s = skl_alloc_skb_fclone(m.net, 304, &err); /* TCP TX, empty head */
		CHECK(s != NULL);
		if (s) {
			CHECK_INT(skl_skb_end_off(s), 320);
			CHECK_STR(skl_skb_head_cache(s), "kmalloc-1024"); /* kmalloc(816) */
			CHECK_INT(skl_skb_truesize(s), 552);
		}
		s = skl_alloc_skb_fclone(m.net, 1752, &err); /* no SG */
		CHECK(s != NULL);
		if (s) {
			CHECK_INT(skl_skb_end_off(s), 1792);
			CHECK_STR(skl_skb_head_cache(s), "kmalloc-4096");
		}
		s = skl_dev_alloc_skb(m.net, 100, &err); /* alloc_skb(len + NET_SKB_PAD) */
		CHECK(s != NULL);
		if (s) {
			CHECK_INT(skl_skb_end_off(s), 192);
			CHECK_INT(skl_skb_headroom(s), 32);
		}
		skl_cache_get_info(skl_kernel_find_cache(m.k, "skbuff_head_cache"), &ci);
		CHECK_INT(ci.object_size, 232);
		CHECK_INT(ci.size, 256);
		skl_cache_get_info(skl_kernel_find_cache(m.k, "skbuff_fclone_cache"), &ci);
		CHECK_INT(ci.object_size, 468);
		CHECK_INT(ci.size, 512);
		s = skl_alloc_skb(m.net, 10000, &err); /* SLUB kmalloc_large: whole pages */
		CHECK(s != NULL);
		if (s) {
			/* 2.6.31 __alloc_skb(): kmalloc_node_track_caller(10048 +
			 * 496), past SLUB_MAX_SIZE: kmalloc_large(), order 2 */
			skl_addr h = skl_skb_head_addr(s);
			CHECK_STR(skl_skb_head_cache(s), "kmalloc_large");
			CHECK_INT(skl_skb_end_off(s), 10048);
			CHECK_INT(skl_skb_buf_size(s), 16384);
			CHECK_INT(skl_kmalloc_large_of(m.k, h, NULL, NULL), 16384);
			CHECK_INT(large_kmalloc_event(&m, SKL_EV_KMALLOC, h), 10544);
			CHECK_INT(skl_kfree_skb(s, &err), 1); /* skb_free_head(): kfree() */
			CHECK_INT(large_kmalloc_event(&m, SKL_EV_KFREE, h), 16384);
		}
		halt(&m);
	}

	/* 6.x x86_64, shinfo 320, SKB_DATA_ALIGN(sk_buff) 256, MAX_TCP_HEADER 192 */
	if (boot(&m, SKL_ERA_6_X, NULL, 0) == 0) {
		skl_skb_params p;
		skl_net_params(m.net, &p);
		CHECK_INT(p.small_head_size, 576);
		CHECK_INT(p.net_skb_pad, 64);
		CHECK_INT(p.net_ip_align, 0);
		s = skl_alloc_skb(m.net, 1000, &err);
		CHECK(s != NULL);
		if (s) {
			CHECK_STR(skl_skb_head_cache(s), "kmalloc-2k"); /* HEAD_ALIGN 1344 rounds up to 2048 */
			CHECK_INT(skl_skb_end_off(s), 1728);
			CHECK_INT(skl_skb_tailroom(s), 1728);
			CHECK_INT(skl_skb_truesize(s), 2304);
		}
		s = skl_netdev_alloc_skb_ip_align(m.net, "eth0", 1536, &err); /* page-frag head */
		CHECK(s != NULL);
		if (s) {
			skl_skb_snap sn;
			skl_skb_snapshot(s, &sn);
			CHECK_STR(skl_skb_head_cache(s), "page_frag");
			CHECK_INT(skl_skb_buf_size(s), 1920);
			CHECK_INT(skl_skb_end_off(s), 1600);
			CHECK_INT(skl_skb_truesize(s), 2176);
			CHECK_INT(skl_skb_headroom(s), 64);
			CHECK_INT(sn.head_frag, 1);
		}
		s = skl_alloc_skb_fclone(m.net, 192, &err);
		CHECK(s != NULL);
		if (s) {
			CHECK_STR(skl_skb_head_cache(s), "skbuff_small_head");
			CHECK_INT(skl_skb_buf_size(s), 576);
			CHECK_INT(skl_skb_end_off(s), 256);
			CHECK_INT(skl_skb_truesize(s), 832);
		}
		/* the thresholds of __netdev_alloc_skb: 704 = SKB_WITH_OVERHEAD(1024), 3776 = SKB_WITH_OVERHEAD(4096)
		 */
		s = skl_netdev_alloc_skb(m.net, "eth0", 640, &err);
		CHECK(s && strcmp(skl_skb_head_cache(s), "page_frag") != 0);
		s = skl_netdev_alloc_skb(m.net, "eth0", 641, &err);
		CHECK(s && !strcmp(skl_skb_head_cache(s), "page_frag"));
		s = skl_netdev_alloc_skb(m.net, "eth0", 3712, &err);
		CHECK(s && !strcmp(skl_skb_head_cache(s), "page_frag"));
		s = skl_netdev_alloc_skb(m.net, "eth0", 3713, &err);
		CHECK(s && !strcmp(skl_skb_head_cache(s), "kmalloc-8k"));
		s = skl_alloc_skb(m.net, 10000, &err); /* above KMALLOC_MAX_CACHE_SIZE: pages, shinfo at the end */
		CHECK(s != NULL);
		if (s) {
			/* 6.x kmalloc_reserve(): kmalloc_size_roundup(10368) is
			 * 16384, and kmalloc(16384) is kmalloc_large(), as
			 * k:kmalloc(16384) is; truesize SKB_TRUESIZE(16384 - 320) */
			skl_addr h = skl_skb_head_addr(s);
			CHECK_STR(skl_skb_head_cache(s), "kmalloc_large");
			CHECK_INT(skl_skb_end_off(s), 16384 - 320);
			CHECK_INT(skl_skb_truesize(s), 16384 + 256);
			CHECK_INT(skl_kmalloc_large_of(m.k, h, NULL, NULL), 16384);
			CHECK_INT(large_kmalloc_event(&m, SKL_EV_KMALLOC, h), 16384);
			CHECK_INT(skl_kfree_skb(s, &err), 1); /* skb_free_head(): kfree() */
			CHECK_INT(large_kmalloc_event(&m, SKL_EV_KFREE, h), 16384);
			CHECK_INT(skl_kmalloc_large_of(m.k, h, NULL, NULL), 0);
		}
		s = skl_dev_alloc_skb(m.net, 100, &err); /* netdev_alloc_skb(NULL, 100): small, __alloc_skb */
		CHECK(s != NULL);
		if (s) {
			CHECK_STR(skl_skb_head_cache(s), "skbuff_small_head");
			CHECK_INT(skl_skb_headroom(s), 64);
		}
		skl_cache_get_info(skl_kernel_find_cache(m.k, "skbuff_head_cache"), &ci);
		CHECK_INT(ci.object_size, 224);
		CHECK_INT(ci.size, 256);
		skl_cache_get_info(skl_kernel_find_cache(m.k, "skbuff_small_head"), &ci);
		CHECK_INT(ci.object_size, 576);
		skl_cache_get_info(skl_kernel_find_cache(m.k, "skbuff_fclone_cache"), &ci);
		CHECK_INT(ci.object_size, 456);
		halt(&m);
	}

	/* a distribution's MAX_TCP_HEADER of 320: the 640-byte small-head cache */
	memset(&no, 0, sizeof(no));
	no.max_tcp_header = 320;
	no.hot_list_len = -1;
	if (boot(&m, SKL_ERA_6_X, &no, 0) == 0) {
		s = skl_alloc_skb_fclone(m.net, 320, &err);
		CHECK(s != NULL);
		if (s) {
			CHECK_INT(skl_skb_buf_size(s), 640);
			CHECK_INT(skl_skb_end_off(s), 320);
			CHECK_INT(skl_skb_truesize(s), 896);
		}
		halt(&m);
	}

	/* era selection */
	{
		static const struct {
			const char *kernel;
			skl_skb_era era;
		} era_cases[] = {{"2.4.16", SKL_ERA_2_4},
				 {"2.6.31", SKL_ERA_2_6_31},
				 {"2.6", SKL_ERA_2_6_31},
				 {"6.18", SKL_ERA_6_X},
				 {"2.40", SKL_ERA_6_X}};
		skl_skb_era e;
		size_t i;
		for (i = 0; i < sizeof(era_cases) / sizeof(era_cases[0]); i++) {
			skl_kversion v;
			CHECK_INT(skl_kversion_parse(era_cases[i].kernel, &v), 0);
			CHECK_INT(skl_skb_era_of_version(v), era_cases[i].era);
		}
		CHECK_INT(skl_skb_era_parse("2.6.31", &e), 0);
		CHECK_INT(e, SKL_ERA_2_6_31);
		CHECK_INT(skl_skb_era_parse("3.0", &e), -1);
	}
	/* the era overrides the profile */
	memset(&no, 0, sizeof(no));
	no.era = SKL_ERA_6_X;
	no.hot_list_len = -1;
	if (boot(&m, SKL_ERA_2_6_31, &no, 0) == 0) {
		skl_skb_params p;
		skl_net_params(m.net, &p);
		CHECK_STR(p.name, "6.x");
		halt(&m);
	}
	/* the BUG_ON build exists only for 2.6.31 */
	memset(&no, 0, sizeof(no));
	no.bug_on = 1;
	no.hot_list_len = -1;
	quiet = 1;
	CHECK(boot(&m, SKL_ERA_6_X, &no, 0) < 0);
	quiet = 0;
}

/* ---- ops: a table of operation semantics per era -------------------------------------- */

enum { O_ALLOC, O_RESERVE, O_PUT, O_PUSH, O_PULL, O_TRIM, O_CLONE, O_EXPAND, O_FREE, O_COW, O_FRAG, O_COPY, O_GET };

/* One operation and every field of the skb it acted on afterwards (the
 * new one for alloc/clone/copy), plus skb_cloned() and the return value. */
typedef struct op_row {
	int op, on;   /* which skb (index in the test's array) */
	int32_t a, b; /* arguments */
	int rc;
	int32_t data, tail; /* offsets from head */
	uint32_t end, len, data_len, truesize, users, dataref;
	int cloned, skb_cloned;
} op_row;

#define ROW(op, on, a, b, rc, data, tail, end, len, dl, ts, users, dref, cl, scl)                                      \
	{                                                                                                              \
		op, on, a, b, rc, data, tail, end, len, dl, ts, users, dref, cl, scl                                   \
	}

/* Worked by hand from the formulas of the reference's §2 and §4:
 * alloc_skb(200); reserve 64; put 100; push 14; pull 4; pull 500 (NULL);
 * trim 80; trim 200 (no-op); clone; pskb_expand_head(orig, 32, 0); free
 * the clone; skb_cow(100); skb_cow(50) (no-op); a 1000-byte frag;
 * skb_copy; skb_get; kfree twice. */
static const op_row rows_24[] = {
    /* SKB_DATA_ALIGN(200) = 224, kmalloc(284) from size-512, truesize 224 + 144 (INET + FILTER) */
    ROW(O_ALLOC, 0, 200, 0, 0, 0, 0, 224, 0, 0, 368, 1, 1, 0, 0),
    ROW(O_RESERVE, 0, 64, 0, 0, 64, 64, 224, 0, 0, 368, 1, 1, 0, 0),
    ROW(O_PUT, 0, 100, 0, 0, 64, 164, 224, 100, 0, 368, 1, 1, 0, 0),
    ROW(O_PUSH, 0, 14, 0, 0, 50, 164, 224, 114, 0, 368, 1, 1, 0, 0),
    ROW(O_PULL, 0, 4, 0, 1, 54, 164, 224, 110, 0, 368, 1, 1, 0, 0),
    ROW(O_PULL, 0, 500, 0, 0, 54, 164, 224, 110, 0, 368, 1, 1, 0, 0),
    ROW(O_TRIM, 0, 80, 0, 0, 54, 134, 224, 80, 0, 368, 1, 1, 0, 0),
    ROW(O_TRIM, 0, 200, 0, 0, 54, 134, 224, 80, 0, 368, 1, 1, 0, 0),
    ROW(O_CLONE, 0, 0, 0, 0, 54, 134, 224, 80, 0, 368, 1, 2, 1, 1), /* the new skb 1 */
    /* 32 + 224 = 256: kmalloc(316); data and tail move by 32; truesize unchanged */
    ROW(O_EXPAND, 0, 32, 0, 0, 86, 166, 256, 80, 0, 368, 1, 1, 0, 0),
    ROW(O_FREE, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    /* max(100, 16) - 86 = 14, rounded to 16: 16 + 256 = 272 -> 288 */
    ROW(O_COW, 0, 100, 0, 0, 102, 182, 288, 80, 0, 368, 1, 1, 0, 0),
    ROW(O_COW, 0, 50, 0, 0, 102, 182, 288, 80, 0, 368, 1, 1, 0, 0),
    ROW(O_FRAG, 0, 1000, 0, 0, 102, 182, 288, 1080, 1000, 1368, 1, 1, 0, 0),
    /* alloc_skb(288 + 1000) = 1312, same headroom, all 1080 bytes linear */
    ROW(O_COPY, 0, 0, 0, 0, 102, 1182, 1312, 1080, 0, 1456, 1, 1, 0, 0), /* the new skb 2 */
    ROW(O_GET, 0, 0, 0, 0, 102, 182, 288, 1080, 1000, 1368, 2, 1, 0, 0),
    ROW(O_FREE, 0, 0, 0, 0, 102, 182, 288, 1080, 1000, 1368, 1, 1, 0, 0),
    ROW(O_FREE, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    ROW(O_FREE, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
};

static const op_row rows_2631[] = {
    /* SKB_DATA_ALIGN(200) = 256, kmalloc(752) from kmalloc-1k, truesize 256 + 232 */
    ROW(O_ALLOC, 0, 200, 0, 0, 0, 0, 256, 0, 0, 488, 1, 1, 0, 0),
    ROW(O_RESERVE, 0, 64, 0, 0, 64, 64, 256, 0, 0, 488, 1, 1, 0, 0),
    ROW(O_PUT, 0, 100, 0, 0, 64, 164, 256, 100, 0, 488, 1, 1, 0, 0),
    ROW(O_PUSH, 0, 14, 0, 0, 50, 164, 256, 114, 0, 488, 1, 1, 0, 0),
    ROW(O_PULL, 0, 4, 0, 1, 54, 164, 256, 110, 0, 488, 1, 1, 0, 0),
    ROW(O_PULL, 0, 500, 0, 0, 54, 164, 256, 110, 0, 488, 1, 1, 0, 0),
    ROW(O_TRIM, 0, 80, 0, 0, 54, 134, 256, 80, 0, 488, 1, 1, 0, 0),
    ROW(O_TRIM, 0, 200, 0, 0, 54, 134, 256, 80, 0, 488, 1, 1, 0, 0),
    ROW(O_CLONE, 0, 0, 0, 0, 54, 134, 256, 80, 0, 488, 1, 2, 1, 1),
    /* 32 + 256 = 288 -> 320, kmalloc(816) */
    ROW(O_EXPAND, 0, 32, 0, 0, 86, 166, 320, 80, 0, 488, 1, 1, 0, 0),
    ROW(O_FREE, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    /* headroom 100 (>= NET_SKB_PAD): delta 14, ALIGN(14, 32) = 32: 32 + 320 = 352 -> 384 */
    ROW(O_COW, 0, 100, 0, 0, 118, 198, 384, 80, 0, 488, 1, 1, 0, 0),
    ROW(O_COW, 0, 50, 0, 0, 118, 198, 384, 80, 0, 488, 1, 1, 0, 0),
    ROW(O_FRAG, 0, 1000, 0, 0, 118, 198, 384, 1080, 1000, 1488, 1, 1, 0, 0),
    /* alloc_skb(384 + 1000) -> 1408, truesize 1408 + 232 */
    ROW(O_COPY, 0, 0, 0, 0, 118, 1198, 1408, 1080, 0, 1640, 1, 1, 0, 0),
    ROW(O_GET, 0, 0, 0, 0, 118, 198, 384, 1080, 1000, 1488, 2, 1, 0, 0),
    ROW(O_FREE, 0, 0, 0, 0, 118, 198, 384, 1080, 1000, 1488, 1, 1, 0, 0),
    ROW(O_FREE, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    ROW(O_FREE, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
};

static const op_row rows_6x[] = {
    /* SKB_HEAD_ALIGN(200) = 256 + 320 = 576: skbuff_small_head, end 256, SKB_TRUESIZE(256) */
    ROW(O_ALLOC, 0, 200, 0, 0, 0, 0, 256, 0, 0, 832, 1, 1, 0, 0),
    ROW(O_RESERVE, 0, 64, 0, 0, 64, 64, 256, 0, 0, 832, 1, 1, 0, 0),
    ROW(O_PUT, 0, 100, 0, 0, 64, 164, 256, 100, 0, 832, 1, 1, 0, 0),
    ROW(O_PUSH, 0, 14, 0, 0, 50, 164, 256, 114, 0, 832, 1, 1, 0, 0),
    ROW(O_PULL, 0, 4, 0, 1, 54, 164, 256, 110, 0, 832, 1, 1, 0, 0),
    ROW(O_PULL, 0, 500, 0, 0, 54, 164, 256, 110, 0, 832, 1, 1, 0, 0),
    ROW(O_TRIM, 0, 80, 0, 0, 54, 134, 256, 80, 0, 832, 1, 1, 0, 0),
    ROW(O_TRIM, 0, 200, 0, 0, 54, 134, 256, 80, 0, 832, 1, 1, 0, 0),
    ROW(O_CLONE, 0, 0, 0, 0, 54, 134, 256, 80, 0, 832, 1, 2, 1, 1),
    /* 256 + 32 = 288: HEAD_ALIGN 640 -> kmalloc-1k, end 704; no socket: truesize += 448 */
    ROW(O_EXPAND, 0, 32, 0, 0, 86, 166, 704, 80, 0, 1280, 1, 1, 0, 0),
    ROW(O_FREE, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    /* no floor: delta 14, ALIGN(14, 64) = 64: 704 + 64 = 768, HEAD_ALIGN 1088 -> 2k, end 1728 */
    ROW(O_COW, 0, 100, 0, 0, 150, 230, 1728, 80, 0, 2304, 1, 1, 0, 0),
    ROW(O_COW, 0, 50, 0, 0, 150, 230, 1728, 80, 0, 2304, 1, 1, 0, 0),
    ROW(O_FRAG, 0, 1000, 0, 0, 150, 230, 1728, 1080, 1000, 3304, 1, 1, 0, 0),
    /* __alloc_skb(1728 + 1000): HEAD_ALIGN 3072 -> 4k, end 3776, SKB_TRUESIZE(3776) */
    ROW(O_COPY, 0, 0, 0, 0, 150, 1230, 3776, 1080, 0, 4352, 1, 1, 0, 0),
    ROW(O_GET, 0, 0, 0, 0, 150, 230, 1728, 1080, 1000, 3304, 2, 1, 0, 0),
    ROW(O_FREE, 0, 0, 0, 0, 150, 230, 1728, 1080, 1000, 3304, 1, 1, 0, 0),
    ROW(O_FREE, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    ROW(O_FREE, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
};

static void run_rows(skl_skb_era e, const op_row *rows, int n)
{
	machine m;
	skl_skb *s[4] = {NULL, NULL, NULL, NULL};
	skl_error err;
	skl_addr heads[16], skbs[16];
	int i, nsk = 0, nheads = 0, nskbs = 0;
	if (boot(&m, e, NULL, 0) < 0) {
		check_failures++;
		return;
	}
	for (i = 0; i < n; i++) {
		const op_row *r = &rows[i];
		skl_skb *t = r->on < nsk ? s[r->on] : NULL, *nw = NULL;
		int rc = 0;
		switch (r->op) {
		case O_ALLOC:
			nw = skl_alloc_skb(m.net, (uint32_t)r->a, &err);
			break;
		case O_RESERVE:
			rc = skl_skb_reserve(t, r->a, &err);
			break;
		case O_PUT:
			rc = skl_skb_put(t, (uint32_t)r->a, NULL, &err);
			break;
		case O_PUSH:
			rc = skl_skb_push(t, (uint32_t)r->a, &err);
			break;
		case O_PULL:
			rc = skl_skb_pull(t, (uint32_t)r->a, &err);
			break;
		case O_TRIM:
			rc = skl_skb_trim(t, (uint32_t)r->a, &err);
			break;
		case O_CLONE:
			nw = skl_skb_clone(t, &err);
			break;
		case O_EXPAND:
			rc = skl_pskb_expand_head(t, r->a, r->b, &err);
			break;
		case O_COW:
			rc = skl_skb_cow(t, (uint32_t)r->a, &err);
			break;
		case O_FRAG:
			rc = skl_skb_add_rx_frag(t, (uint32_t)r->a, 0, NULL, &err);
			break;
		case O_COPY:
			nw = skl_skb_copy(t, &err);
			break;
		case O_GET:
			skl_skb_get(t);
			break;
		case O_FREE:
			rc = skl_kfree_skb(t, &err);
			if (rc == 1)
				s[r->on] = NULL;
			break;
		}
		if (nw) {
			s[nsk++] = nw;
			if (nheads < 16)
				heads[nheads++] = skl_skb_head_addr(nw);
			if (nskbs < 16)
				skbs[nskbs++] = skl_skb_addr(nw);
		} else if (r->op == O_ALLOC || r->op == O_CLONE || r->op == O_COPY)
			rc = -100;
		if ((r->op == O_EXPAND || r->op == O_COW) && nheads < 16)
			heads[nheads++] = skl_skb_head_addr(t);
		if (rc != r->rc) {
			printf("%s row %d: returned %d, want %d (%s)\n", skl_skb_era_name(e), i, rc, r->rc, err.msg);
			check_failures++;
			continue;
		}
		t = nw ? nw : (r->on < nsk ? s[r->on] : NULL);
		if (r->op == O_FREE && r->rc == 1)
			continue;
		if (!t) {
			check_failures++;
			continue;
		}
#define F(got, want)                                                                                                   \
	if ((long long)(got) != (long long)(want)) {                                                                   \
		printf("%s row %d: %s is %lld, want %lld\n", skl_skb_era_name(e), i, #want, (long long)(got),          \
		       (long long)(want));                                                                             \
		check_failures++;                                                                                      \
	}
		F(skl_skb_data_off(t), r->data);
		F(skl_skb_tail_off(t), r->tail);
		F(skl_skb_end_off(t), r->end);
		F(skl_skb_len(t), r->len);
		F(skl_skb_data_len(t), r->data_len);
		F(skl_skb_truesize(t), r->truesize);
		F(skl_skb_users(t), r->users);
		F(skl_skb_dataref(t), r->dataref);
		F(skl_skb_is_cloned(t), r->cloned);
		F(skl_skb_cloned(t), r->skb_cloned);
		F(skl_skb_headroom(t), r->data);
		F(skl_skb_tailroom(t), r->data_len ? 0 : (int64_t)r->end - r->tail);
		F(skl_skb_headlen(t), r->len - r->data_len);
#undef F
	}
	CHECK_INT(skl_net_nskbs(m.net), 0);
	/* everything went back: every head and sk_buff, except that 2.4 keeps
	 * freed sk_buffs on the per-CPU hot list */
	for (i = 0; i < nheads; i++)
		CHECK_INT(allocated(&m, heads[i]), 0);
	for (i = 0; i < nskbs; i++)
		CHECK_INT(allocated(&m, skbs[i]), e == SKL_ERA_2_4);
	CHECK_INT(inuse(&m, "skbuff_"), e == SKL_ERA_2_4 ? 2 : 0); /* the copy reused the clone's */
	halt(&m);
}

static void test_ops(void)
{
	machine m;
	skl_error err;
	skl_skb *s;
	int i;
	run_rows(SKL_ERA_2_4, rows_24, (int)(sizeof(rows_24) / sizeof(rows_24[0])));
	run_rows(SKL_ERA_2_6_31, rows_2631, (int)(sizeof(rows_2631) / sizeof(rows_2631[0])));
	run_rows(SKL_ERA_6_X, rows_6x, (int)(sizeof(rows_6x) / sizeof(rows_6x[0])));

	/* what is not checked, in every era */
	for (i = 0; i < 3; i++) {
		uint32_t start = 0;
		if (boot(&m, eras[i], NULL, 0) < 0)
			continue;
		s = skl_alloc_skb(m.net, 100, &err);
		/* skb_reserve: not checked, even past end */
		CHECK_INT(skl_skb_reserve(s, 1000, &err), 0);
		CHECK_INT(skl_skb_data_off(s), 1000);
		CHECK_INT(skl_skb_tailroom(s), (int64_t)skl_skb_end_off(s) - 1000);
		CHECK_INT(skl_skb_reserve(s, -1000, &err), 0);
		/* __skb_put: tail may pass end; __skb_push: data may go below head */
		CHECK_INT(skl_skb_put_unchecked(s, 4000, &start, &err), 0);
		CHECK_INT(start, 0);
		CHECK(skl_skb_tail_off(s) > skl_skb_end_off(s));
		CHECK_INT(skl_skb_panicked(s), 0);
		CHECK_INT(skl_skb_push_unchecked(s, 20, &err), 0);
		CHECK_INT(skl_skb_data_off(s), -20);
		CHECK_INT(skl_skb_len(s), 4020);
		/* skb_pull beyond len: NULL, nothing changes */
		CHECK_INT(skl_skb_pull(s, 5000, &err), 0);
		CHECK_INT(skl_skb_len(s), 4020);
		/* __skb_pull does not compare with len */
		CHECK_INT(skl_skb_pull_unchecked(s, 4020, &err), 1);
		CHECK_INT(skl_skb_len(s), 0);
		CHECK_INT(skl_skb_data_off(s), 4000);
		CHECK_INT(skl_kfree_skb(s, &err), 1);
		/* header marks */
		s = skl_alloc_skb(m.net, 200, &err);
		skl_skb_reserve(s, 50, &err);
		CHECK_INT(skl_skb_header(s, SKL_MARK_MAC), -1);
		CHECK_INT(skl_skb_set_header(s, SKL_MARK_NETWORK, 14, &err), 0);
		CHECK_INT(skl_skb_header(s, SKL_MARK_NETWORK), 64);
		CHECK(skl_skb_set_header(s, SKL_MARK_MAC, -60, &err) < 0);
		/* handles go stale */
		{
			uint64_t id = skl_skb_id(s);
			CHECK(skl_net_skb(m.net, id) == s);
			skl_kfree_skb(s, &err);
			CHECK(skl_net_skb(m.net, id) == NULL);
			s = skl_alloc_skb(m.net, 10, &err); /* reuses the slot with a new id */
			CHECK(skl_skb_id(s) != id);
			CHECK(skl_net_skb(m.net, id) == NULL);
			CHECK(skl_net_skb_at(m.net, 0) == s);
		}
		halt(&m);
	}
}

/* ---- paths: §6.2 and §7 ---------------------------------------------------------------------- */

/* data offsets after each step; -1 = the skb is gone */
typedef struct path_want {
	int32_t skb_data[8], clone_data[8];
} path_want;

static void run_path(skl_skb_era e, const skl_net_opts *no, int rx, int no_sg, const int32_t *want_skb,
		     const int32_t *want_clone, const char *name)
{
	machine m;
	skl_error err;
	skl_path_opts po;
	skl_skb_path *p;
	int i;
	if (boot(&m, e, no, 0) < 0) {
		check_failures++;
		return;
	}
	skl_path_opts_default(&po);
	po.no_sg = no_sg;
	p = rx ? skl_skb_rx_tcp_begin(m.net, &po, &err) : skl_skb_tx_tcp_begin(m.net, &po, &err);
	CHECK(p != NULL);
	for (i = 0; p && i < 8; i++) {
		skl_skb *s, *c;
		int rc = skl_skb_path_step(p, &err);
		if (rc != 1) {
			printf("%s %s step %d: %d %s\n", name, skl_skb_era_name(e), i, rc, err.msg);
			check_failures++;
			break;
		}
		s = skl_skb_path_skb(p);
		c = skl_skb_path_clone(p);
		if ((s ? skl_skb_data_off(s) : -1) != want_skb[i] ||
		    (want_clone && (c ? skl_skb_data_off(c) : -1) != want_clone[i])) {
			printf("%s %s after '%s': data at %d / clone %d, want %d / %d\n  %s\n", name,
			       skl_skb_era_name(e), skl_skb_path_step_name(p, i), s ? skl_skb_data_off(s) : -1,
			       c ? skl_skb_data_off(c) : -1, want_skb[i], want_clone ? want_clone[i] : -1,
			       skl_skb_path_caption(p));
			check_failures++;
		}
	}
	if (p) {
		CHECK_INT(skl_skb_path_step(p, &err), 0);
		CHECK_INT(skl_skb_path_ndone(p), 8);
	}
	CHECK_INT(skl_net_nskbs(m.net), 0);
	skl_skb_path_end(p);
	halt(&m);
}

static void test_paths(void)
{
	/* TX (§6.2): queued skb / clone data offsets after alloc, copy, clone, tcp, ip, eth, xmit, ack */
	static const int32_t tx24[8] = {160, 160, 160, 160, 160, 160, 160, -1};
	static const int32_t tx24c[8] = {-1, -1, 160, 128, 108, 94, -1, -1};
	static const int32_t tx2631[8] = {320, 320, 320, 320, 320, 320, 320, -1};
	static const int32_t tx2631c[8] = {-1, -1, 320, 288, 268, 254, -1, -1};
	static const int32_t tx2631nosg[8] = {344, 344, 344, 344, 344, 344, 344, -1};
	static const int32_t tx2631nosgc[8] = {-1, -1, 344, 312, 292, 278, -1, -1};
	static const int32_t tx6[8] = {192, 192, 192, 192, 192, 192, 192, -1};
	static const int32_t tx6c[8] = {-1, -1, 192, 160, 140, 126, -1, -1};
	static const int32_t tx6d[8] = {320, 320, 320, 320, 320, 320, 320, -1};
	static const int32_t tx6dc[8] = {-1, -1, 320, 288, 268, 254, -1, -1};
	/* RX (§7): after alloc, dma, eth, netif, ip, deliver, tcp, consume */
	static const int32_t rx24[8] = {18, 18, 32, 32, 32, 52, 84, -1};
	static const int32_t rx2631[8] = {34, 34, 48, 48, 48, 68, 100, -1};
	static const int32_t rx6[8] = {64, 64, 78, 78, 78, 98, 130, -1};
	skl_net_opts no;
	machine m;
	skl_error err;
	skl_path_opts po;
	skl_skb_path *p;

	run_path(SKL_ERA_2_4, NULL, 0, 0, tx24, tx24c, "tx");
	run_path(SKL_ERA_2_6_31, NULL, 0, 0, tx2631, tx2631c, "tx");
	run_path(SKL_ERA_2_6_31, NULL, 0, 1, tx2631nosg, tx2631nosgc, "tx no-sg");
	run_path(SKL_ERA_6_X, NULL, 0, 0, tx6, tx6c, "tx");
	memset(&no, 0, sizeof(no));
	no.max_tcp_header = 320;
	no.hot_list_len = -1;
	run_path(SKL_ERA_6_X, &no, 0, 0, tx6d, tx6dc, "tx distro");
	run_path(SKL_ERA_2_4, NULL, 1, 0, rx24, NULL, "rx");
	run_path(SKL_ERA_2_6_31, NULL, 1, 0, rx2631, NULL, "rx");
	run_path(SKL_ERA_6_X, NULL, 1, 0, rx6, NULL, "rx");

	/* the frames' other numbers: §6.2 "len 1514, data_len 1448, headlen 66", tailrooms of §7 */
	{
		static const struct {
			skl_skb_era e;
			uint32_t tailroom_after_alloc, tailroom_after_copy, headlen, data_len, truesize;
		} w[3] = {{SKL_ERA_2_4, 1472, 24, 1514, 0, 1776},
			  {SKL_ERA_2_6_31, 0, 0, 66, 1448, 2000},
			  {SKL_ERA_6_X, 64, 0, 66, 1448, 2280}};
		int i;
		for (i = 0; i < 3; i++) {
			skl_skb *c;
			if (boot(&m, w[i].e, NULL, 0) < 0)
				continue;
			skl_path_opts_default(&po);
			p = skl_skb_tx_tcp_begin(m.net, &po, &err);
			skl_skb_tx_tcp_alloc(p, &err);
			CHECK_INT(skl_skb_tailroom(skl_skb_path_skb(p)), w[i].tailroom_after_alloc);
			skl_skb_tx_tcp_copy(p, &err);
			CHECK_INT(skl_skb_tailroom(skl_skb_path_skb(p)), w[i].tailroom_after_copy);
			CHECK_INT(skl_skb_truesize(skl_skb_path_skb(p)), w[i].truesize);
			/* steps refuse to run out of order */
			CHECK(skl_skb_tx_tcp_push_ip(p, &err) == SKL_SKB_EINVAL);
			CHECK_STR(err.msg, "transmit step 'ip': the next step is 'clone'");
			CHECK(skl_skb_rx_tcp_eth(p, &err) == SKL_SKB_EINVAL);
			skl_skb_tx_tcp_clone(p, &err);
			skl_skb_tx_tcp_push_tcp(p, &err);
			skl_skb_tx_tcp_push_ip(p, &err);
			skl_skb_tx_tcp_push_eth(p, &err);
			c = skl_skb_path_clone(p);
			CHECK_INT(skl_skb_len(c), 1514);
			CHECK_INT(skl_skb_headlen(c), w[i].headlen);
			CHECK_INT(skl_skb_data_len(c), w[i].data_len);
			CHECK_INT(skl_skb_header(c, SKL_MARK_TRANSPORT), skl_skb_data_off(c) + 34);
			CHECK_INT(skl_skb_header(c, SKL_MARK_NETWORK), skl_skb_data_off(c) + 14);
			CHECK_INT(skl_skb_header(c, SKL_MARK_MAC), skl_skb_data_off(c));
			/* 2.6+: the header part was released by the queued skb; the clone may write it */
			if (w[i].e != SKL_ERA_2_4)
				CHECK_INT(skl_skb_dataref(c), 0x10002);
			skl_skb_path_end(p); /* the skbs stay */
			CHECK_INT(skl_net_nskbs(m.net), 2);
			halt(&m);
		}
	}
	/* RX tailrooms of §7 */
	{
		static const int32_t tr[3] = {4, 52, 22};
		int i;
		for (i = 0; i < 3; i++) {
			if (boot(&m, eras[i], NULL, 0) < 0)
				continue;
			skl_path_opts_default(&po);
			p = skl_skb_rx_tcp_begin(m.net, &po, &err);
			skl_skb_rx_tcp_alloc(p, &err);
			skl_skb_rx_tcp_dma(p, &err);
			CHECK_INT(skl_skb_tailroom(skl_skb_path_skb(p)), tr[i]);
			skl_skb_path_end(p);
			halt(&m);
		}
	}
	/* a driver buffer too small for the frame: the DMA step's skb_put panics */
	if (boot(&m, SKL_ERA_6_X, NULL, 0) == 0) {
		skl_path_opts_default(&po);
		po.rx_buf_len = 1000;
		p = skl_skb_rx_tcp_begin(m.net, &po, &err);
		CHECK_INT(skl_skb_rx_tcp_alloc(p, &err), 1);
		CHECK_INT(skl_skb_rx_tcp_dma(p, &err), SKL_SKB_EPANIC);
		CHECK(strstr(err.msg, "skbuff: skb_over_panic: text:") == err.msg);
		CHECK(strstr(err.msg, "len:1514 put:1514") != NULL);
		CHECK(strstr(err.msg, "dev:eth0") != NULL);
		CHECK_INT(skl_skb_path_ndone(p), 1);
		CHECK(skl_skb_rx_tcp_dma(p, &err) == SKL_SKB_EINVAL); /* the skb died */
		skl_skb_path_end(p);
		halt(&m);
	}
}

/* ---- panic: golden reports per era ------------------------------------------------------------- */

static void panic_case(machine *m, skl_buf *b, const char *title, int under, const char *dev)
{
	skl_error err;
	skl_skb *s = skl_alloc_skb(m->net, 100, &err);
	int rc;
	skl_skb_snap sn;
	if (!s) {
		check_failures++;
		return;
	}
	skl_skb_set_dev(s, dev);
	skl_skb_reserve(s, 16, &err);
	skl_skb_put(s, 40, NULL, &err);
	rc = under ? skl_skb_push(s, 20, &err) : skl_skb_put(s, 300, NULL, &err);
	CHECK_INT(rc, SKL_SKB_EPANIC);
	skl_skb_snapshot(s, &sn);
	CHECK_STR(sn.panic, err.msg);
	CHECK_INT(sn.panicked, 1);
	skl_buf_printf(b, "== %s\nerror: %s\nreport:\n%s", title, err.msg, skl_skb_report(s));
	skl_buf_printf(b, "after: data %d tail %u end %u len %u (fields updated before the check)\n", sn.data_signed,
		       sn.tail, sn.end, sn.len);
	/* the skb stays as the kernel left it; further work on it is refused, freeing is not */
	CHECK_INT(skl_skb_put(s, 1, NULL, &err), SKL_SKB_EINVAL);
	CHECK(strstr(err.msg, "died in a kernel BUG()") != NULL);
	CHECK(skl_skb_clone(s, &err) == NULL);
	CHECK_INT(skl_kfree_skb(s, &err), 1);
}

static void test_panic(void)
{
	static const char *const files[3] = {"panic-2.4.txt", "panic-2.6.31.txt", "panic-6.x.txt"};
	machine m;
	skl_net_opts no;
	skl_buf b;
	int i;
	for (i = 0; i < 3; i++) {
		uint64_t before;
		if (boot(&m, eras[i], NULL, 0) < 0)
			continue;
		skl_buf_init(&b);
		panic_case(&m, &b, "skb_put(300) past end", 0, NULL);
		panic_case(&m, &b, "skb_push(20) below head, dev eth0", 1, "eth0");
		before = skl_kernel_ram_used(m.k);
		skl_net_set_caller(m.net, "tcp_transmit_skb");
		panic_case(&m, &b, "skb_put(300) from tcp_transmit_skb", 0, "eth0");
		CHECK(skl_kernel_ram_used(m.k) <= before);
		skl_buf_printf(&b, "== events\n");
		dump_events(&m, &b);
		golden(files[i], b.data);
		skl_buf_free(&b);
		halt(&m);
	}
	/* the Aug 2009 patch: skb_put/skb_push inline with BUG_ON */
	memset(&no, 0, sizeof(no));
	no.bug_on = 1;
	no.hot_list_len = -1;
	if (boot(&m, SKL_ERA_2_6_31, &no, 0) == 0) {
		skl_buf_init(&b);
		panic_case(&m, &b, "BUG_ON build: skb_put(300) past end", 0, NULL);
		panic_case(&m, &b, "BUG_ON build: skb_push(20) below head", 1, "eth0");
		skl_buf_printf(&b, "== events\n");
		dump_events(&m, &b);
		golden("panic-2.6.31-bug_on.txt", b.data);
		skl_buf_free(&b);
		halt(&m);
	}
	/* the reference's 6.x example: tail 0x100, end 0x140, skb_put(100) prints tail:0x164 end:0x140 */
	memset(&no, 0, sizeof(no));
	no.max_tcp_header = 320; /* a 640-byte small head: end 0x140 */
	no.hot_list_len = -1;
	if (boot(&m, SKL_ERA_6_X, &no, 0) == 0) {
		skl_error err;
		skl_skb *s = skl_alloc_skb(m.net, 300, &err);
		CHECK_INT(skl_skb_end_off(s), 0x140);
		skl_skb_put(s, 0x100, NULL, &err);
		CHECK_INT(skl_skb_put(s, 100, NULL, &err), SKL_SKB_EPANIC);
		CHECK(strstr(err.msg, " len:356 put:100 ") != NULL);
		CHECK(strstr(err.msg, " tail:0x164 end:0x140 dev:<NULL>") != NULL);
		halt(&m);
	}
}

/* ---- bugs: the other checks each era made ------------------------------------------------------- */

static void test_bugs(void)
{
	machine m;
	skl_error err;
	skl_skb *s, *c;
	skl_buf b;
	int i;
	skl_buf_init(&b);
	for (i = 0; i < 3; i++) {
		skl_skb_era e = eras[i];
		if (boot(&m, e, NULL, 0) < 0)
			continue;
		skl_buf_printf(&b, "==== %s\n", skl_skb_era_name(e));
		/* skb_put on a nonlinear skb: SKB_LINEAR_ASSERT */
		s = skl_alloc_skb(m.net, 100, &err);
		skl_skb_add_rx_frag(s, 500, 0, NULL, &err);
		CHECK_INT(skl_skb_tailroom(s), 0);
		CHECK_INT(skl_skb_put(s, 10, NULL, &err), SKL_SKB_EPANIC);
		CHECK_INT(skl_skb_len(s), 500); /* the assert runs before anything moves */
		skl_buf_printf(&b, "-- skb_put on a nonlinear skb\n%s", skl_skb_report(s));
		skl_kfree_skb(s, &err);
		/* pulling into the paged part */
		s = skl_alloc_skb(m.net, 100, &err);
		skl_skb_put(s, 30, NULL, &err);
		skl_skb_add_rx_frag(s, 500, 0, NULL, &err);
		CHECK_INT(skl_skb_pull(s, 30, &err), 1);
		CHECK_INT(skl_skb_pull(s, 1, &err), SKL_SKB_EPANIC);
		skl_buf_printf(&b, "-- skb_pull past the linear part\n%s", skl_skb_report(s));
		skl_kfree_skb(s, &err);
		/* pskb_expand_head on a shared skb */
		s = skl_alloc_skb(m.net, 100, &err);
		skl_skb_get(s);
		CHECK_INT(skl_pskb_expand_head(s, 16, 0, &err), SKL_SKB_EPANIC);
		skl_buf_printf(&b, "-- pskb_expand_head on a shared skb\n%s", skl_skb_report(s));
		skl_kfree_skb(s, &err);
		skl_kfree_skb(s, &err);
		/* pskb_expand_head with nhead < 0: BUG_ON in 2.6+, unchecked in 2.4 */
		s = skl_alloc_skb(m.net, 100, &err);
		if (e == SKL_ERA_2_4) {
			CHECK_INT(skl_pskb_expand_head(s, -16, 0, &err), SKL_SKB_EINVAL);
			skl_buf_printf(&b, "-- pskb_expand_head(-16): %s\n", err.msg);
		} else {
			CHECK_INT(skl_pskb_expand_head(s, -16, 0, &err), SKL_SKB_EPANIC);
			skl_buf_printf(&b, "-- pskb_expand_head(-16)\n%s", skl_skb_report(s));
		}
		skl_kfree_skb(s, &err);
		/* skb_trim on a nonlinear skb: 2.4 trims the frags; 2.6+ WARN and nothing */
		s = skl_alloc_skb(m.net, 100, &err);
		skl_skb_put(s, 50, NULL, &err);
		skl_skb_add_rx_frag(s, 300, 0, NULL, &err);
		skl_skb_add_rx_frag(s, 300, 0, NULL, &err);
		CHECK_INT(skl_skb_trim(s, 200, &err), 0);
		if (e == SKL_ERA_2_4) {
			CHECK_INT(skl_skb_len(s), 200);
			CHECK_INT(skl_skb_data_len(s), 150);
			CHECK_INT(skl_skb_nr_frags(s), 1);
			CHECK_INT(skl_skb_trim(s, 20, &err), 0);
			CHECK_INT(skl_skb_len(s), 20);
			CHECK_INT(skl_skb_data_len(s), 0);
			CHECK_INT(skl_skb_nr_frags(s), 0);
			CHECK_INT(skl_skb_tail_off(s), 20);
			/* cloned: ___pskb_trim(realloc = 0) BUGs */
			skl_skb_add_rx_frag(s, 300, 0, NULL, &err);
			c = skl_skb_clone(s, &err);
			CHECK_INT(skl_skb_trim(s, 100, &err), SKL_SKB_EPANIC);
			skl_buf_printf(&b, "-- skb_trim of a cloned nonlinear skb\n%s", skl_skb_report(s));
			skl_kfree_skb(c, &err);
		} else {
			CHECK_INT(skl_skb_len(s), 650);
			skl_buf_printf(&b, "-- skb_trim of a nonlinear skb\n%s", skl_skb_report(s));
		}
		skl_kfree_skb(s, &err);
		/* skb_header_release: 2.6.31 BUG_ON(skb->nohdr); 2.4 has none */
		s = skl_alloc_skb(m.net, 100, &err);
		if (e == SKL_ERA_2_4) {
			CHECK_INT(skl_skb_header_release(s, &err), SKL_SKB_EINVAL);
		} else {
			CHECK_INT(skl_skb_header_release(s, &err), 0);
			CHECK_INT(skl_skb_dataref(s), 0x10001);
			CHECK_INT(skl_skb_header_release(s, &err), e == SKL_ERA_2_6_31 ? SKL_SKB_EPANIC : 0);
			if (e == SKL_ERA_2_6_31)
				skl_buf_printf(&b, "-- skb_header_release twice\n%s", skl_skb_report(s));
		}
		skl_kfree_skb(s, &err);
		/* MAX_SKB_FRAGS: sklab refuses what would overrun skb_shared_info */
		s = skl_alloc_skb(m.net, 100, &err);
		{
			skl_skb_params pp;
			uint32_t k;
			skl_net_params(m.net, &pp);
			for (k = 0; k < pp.max_skb_frags; k++)
				CHECK_INT(skl_skb_add_rx_frag(s, 64, 0, NULL, &err), 0);
			CHECK_INT(skl_skb_add_rx_frag(s, 64, 0, NULL, &err), SKL_SKB_EINVAL);
			skl_buf_printf(&b, "-- frag %lu: %s\n", (unsigned long)pp.max_skb_frags + 1, err.msg);
		}
		skl_kfree_skb(s, &err);
		CHECK_INT(skl_net_nskbs(m.net), 0);
		halt(&m);
	}
	golden("bugs.txt", b.data);
	skl_buf_free(&b);
}

/* ---- clone: fast clones, the 2.4 hot list, split dataref, copies ------------------------------- */

static void test_clone(void)
{
	machine m;
	skl_error err;
	skl_skb *s, *c1, *c2, *c3;
	skl_net_opts no;
	int i;

	/* 2.6.31 and 6.x fast clones: the first clone is the companion */
	for (i = 1; i < 3; i++) {
		skl_skb_params p;
		skl_skb_snap sn;
		if (boot(&m, eras[i], NULL, 0) < 0)
			continue;
		skl_net_params(m.net, &p);
		s = skl_alloc_skb_fclone(m.net, 100, &err);
		c1 = skl_skb_clone(s, &err);
		CHECK_INT(skl_skb_addr(c1), skl_skb_addr(s) + p.skb_size);
		skl_skb_snapshot(c1, &sn);
		CHECK_INT(sn.fclone, 2);
		c2 = skl_skb_clone(s, &err); /* the companion is busy: skbuff_head_cache */
		CHECK(skl_skb_addr(c2) != skl_skb_addr(s) + p.skb_size);
		CHECK_INT(active(&m, "skbuff_head_cache"), 1);
		CHECK_INT(skl_skb_dataref(s), 3);
		skl_kfree_skb(c1, &err);
		c3 = skl_skb_clone(s, &err); /* free again */
		CHECK_INT(skl_skb_addr(c3), skl_skb_addr(s) + p.skb_size);
		/* the original goes first: the fclone object stays for the clone */
		skl_kfree_skb(s, &err);
		CHECK_INT(active(&m, "skbuff_fclone_cache"), 1);
		CHECK_INT(skl_skb_dataref(c3), 2);
		skl_kfree_skb(c3, &err);
		CHECK_INT(active(&m, "skbuff_fclone_cache"), 0);
		CHECK_INT(skl_skb_dataref(c2), 1);
		CHECK_INT(skl_skb_cloned(c2), 0); /* cloned flag set, but alone now */
		CHECK_INT(skl_skb_is_cloned(c2), 1);
		skl_kfree_skb(c2, &err);
		/* split dataref: the clone may write headers, the queued skb may not */
		s = skl_alloc_skb_fclone(m.net, 100, &err);
		skl_skb_header_release(s, &err);
		c1 = skl_skb_clone(s, &err);
		CHECK_INT(skl_skb_dataref(s), 0x10002);
		CHECK_INT(skl_skb_cloned(c1), 1);
		skl_skb_snapshot(s, &sn);
		CHECK_INT(sn.dataref, 2);
		CHECK_INT(sn.dataref_raw, 0x10002);
		CHECK_INT(sn.nohdr, 1);
		skl_kfree_skb(s, &err); /* drops (1 << 16) + 1 */
		CHECK_INT(skl_skb_dataref(c1), 1);
		skl_kfree_skb(c1, &err);
		CHECK_INT(active(&m, "skbuff_fclone_cache"), 0);
		/* pskb_copy: a private linear part, shared frags */
		s = skl_alloc_skb(m.net, 300, &err);
		skl_skb_reserve(s, 40, &err);
		skl_skb_put(s, 60, NULL, &err);
		skl_skb_add_rx_frag(s, 700, 0, NULL, &err);
		c1 = skl_pskb_copy(s, &err);
		CHECK(c1 != NULL);
		if (c1) {
			uint8_t x[760], y[760];
			CHECK_INT(skl_skb_headroom(c1), 40);
			CHECK_INT(skl_skb_headlen(c1), 60);
			CHECK_INT(skl_skb_data_len(c1), 700);
			CHECK_INT(skl_skb_nr_frags(c1), 1);
			CHECK_INT(skl_skb_dataref(s), 1);
			/* 2.6.31 alloc_skb(end) = 320 (512 + 496); 6.x headroom + headlen = 100 -> small head, and
			 * truesize += data_len */
			if (eras[i] == SKL_ERA_2_6_31) {
				CHECK_INT(skl_skb_end_off(c1), 320);
				CHECK_INT(skl_skb_truesize(c1), 320 + 232);
			} else {
				CHECK_INT(skl_skb_end_off(c1), 256);
				CHECK_INT(skl_skb_truesize(c1), 832 + 700);
			}
			CHECK_INT(skl_skb_copy_bits(s, 0, x, 760), 0);
			CHECK_INT(skl_skb_copy_bits(c1, 0, y, 760), 0);
			CHECK(memcmp(x, y, 760) == 0);
			skl_kfree_skb(s, &err);
			CHECK_INT(skl_skb_copy_bits(c1, 0, y, 760), 0); /* the frag page is still there */
			skl_kfree_skb(c1, &err);
		}
		halt(&m);
	}

	/* 2.4: freed sk_buffs stay on the per-CPU hot list (allocated in the slab) */
	if (boot(&m, SKL_ERA_2_4, NULL, 0) == 0) {
		skl_addr a;
		s = skl_alloc_skb(m.net, 100, &err);
		a = skl_skb_addr(s);
		CHECK_INT(active(&m, "skbuff_head_cache"), 1);
		skl_kfree_skb(s, &err);
		CHECK_INT(active(&m, "skbuff_head_cache"), 1);
		s = skl_alloc_skb(m.net, 100, &err);
		CHECK_INT(skl_skb_addr(s), a);
		c1 = skl_skb_clone(s, &err); /* 2.4: plain dataref, no fast clones */
		CHECK_INT(skl_skb_dataref(s), 2);
		CHECK_INT(active(&m, "skbuff_head_cache"), 2);
		skl_kfree_skb(c1, &err);
		skl_kfree_skb(s, &err);
		halt(&m);
	}
	memset(&no, 0, sizeof(no));
	no.hot_list_len = 0;
	if (boot(&m, SKL_ERA_2_4, &no, 0) == 0) {
		s = skl_alloc_skb(m.net, 100, &err);
		skl_kfree_skb(s, &err);
		CHECK_INT(active(&m, "skbuff_head_cache"), 0);
		halt(&m);
	}

	/* skb_copy flattens frags; bytes survive pskb_expand_head */
	for (i = 0; i < 3; i++) {
		uint8_t a[1100], b2[1100];
		skl_payload pl;
		if (boot(&m, eras[i], NULL, 0) < 0)
			continue;
		memset(&pl, 0, sizeof(pl));
		pl.pattern = SKL_PAYLOAD_COUNT;
		pl.seed = 7;
		s = skl_alloc_skb(m.net, 200, &err);
		skl_skb_reserve(s, 32, &err);
		{
			skl_hdr h;
			memset(&h, 0, sizeof(h));
			h.kind = SKL_HDR_PAYLOAD;
			h.u.payload.len = 100;
			h.u.payload.pattern = SKL_PAYLOAD_TEXT;
			CHECK_INT(skl_skb_put_hdr(s, &h, 0, &err), 0);
		}
		skl_skb_add_rx_frag(s, 1000, 0, &pl, &err);
		CHECK_INT(skl_skb_copy_bits(s, 0, a, 1100), 0);
		c1 = skl_skb_copy(s, &err);
		CHECK_INT(skl_skb_nr_frags(c1), 0);
		CHECK_INT(skl_skb_headlen(c1), 1100);
		CHECK_INT(skl_skb_copy_bits(c1, 0, b2, 1100), 0);
		CHECK(memcmp(a, b2, 1100) == 0);
		CHECK_INT(skl_pskb_expand_head(s, 64, 0, &err), 0);
		CHECK_INT(skl_skb_headroom(s), 96);
		CHECK_INT(skl_skb_copy_bits(s, 0, b2, 1100), 0);
		CHECK(memcmp(a, b2, 1100) == 0);
		{ /* the payload region moved with the bytes */
			skl_skb_snap sn;
			skl_skb_snapshot(s, &sn);
			CHECK_INT(sn.nregions, 2);
			CHECK_STR(sn.regions[0].name, "payload");
			CHECK_INT(sn.regions[0].off, 96);
			CHECK_STR(sn.regions[1].name, "shinfo");
			CHECK_INT(sn.regions[1].off, sn.end);
		}
		CHECK_INT(skl_skb_copy_bits(s, -96, b2, 10), 0);
		CHECK_INT(skl_skb_copy_bits(s, -97, b2, 10), -1);
		CHECK_INT(skl_skb_copy_bits(s, 0, b2, 1101), -1);
		skl_kfree_skb(c1, &err);
		skl_kfree_skb(s, &err);
		halt(&m);
	}

	/* snapshots of a clone group */
	if (boot(&m, SKL_ERA_6_X, NULL, 0) == 0) {
		skl_skb_snap sn[3];
		const skl_skb *g[3];
		s = skl_alloc_skb(m.net, 100, &err);
		c1 = skl_skb_clone(s, &err);
		c2 = skl_alloc_skb(m.net, 100, &err);
		g[0] = s, g[1] = c1, g[2] = c2;
		CHECK_INT(skl_skb_snapshot_group(g, 3, sn), 0);
		CHECK_INT(sn[0].shared_with, 1);
		CHECK_INT(sn[1].shared_with, 0);
		CHECK_INT(sn[2].shared_with, -1);
		CHECK_STR(sn[1].name, "clone");
		CHECK_STR(sn[0].era, "6.x");
		CHECK_INT(sn[0].offsets, 1);
		CHECK_INT(sn[0].head_addr, sn[1].head_addr);
		halt(&m);
	}
}

/* ---- frags: page fragments and the memory they take ---------------------------------------------- */

static void test_frags(void)
{
	machine m;
	skl_error err;
	int i;
	for (i = 0; i < 3; i++) {
		skl_skb *s[40];
		uint64_t ram[3];
		int k, round;
		if (boot(&m, eras[i], NULL, 0) < 0)
			continue;
		/* the same work three times: RAM in use must come back to the same
		 * level (slabs grown in the first round may stay; frag pages go) */
		for (round = 0; round < 3; round++) {
			uint64_t before = skl_kernel_ram_used(m.k);
			for (k = 0; k < 40; k++) {
				s[k] = skl_alloc_skb(m.net, 100, &err);
				CHECK_INT(skl_skb_add_rx_frag(s[k], 3000, 4096, NULL, &err), 0);
				CHECK_INT(skl_skb_data_len(s[k]), 3000);
				CHECK_INT(skl_skb_truesize(s[k]) > 4096, 1);
			}
			CHECK(skl_kernel_ram_used(m.k) > before + 40 * 3000 / 2);
			for (k = 0; k < 40; k++)
				skl_kfree_skb(s[k], &err);
			ram[round] = skl_kernel_ram_used(m.k);
		}
		CHECK_INT(ram[1], ram[2]);
		CHECK(ram[2] <= ram[0]);
		/* a fragment larger than a page-frag block is refused */
		s[0] = skl_alloc_skb(m.net, 100, &err);
		CHECK_INT(skl_skb_add_rx_frag(s[0], 40000, 0, NULL, &err), SKL_SKB_EINVAL);
		skl_kfree_skb(s[0], &err);
		halt(&m);
	}
}

/* ---- csum: the Internet checksum against packets worked by hand --------------------------------- */

static void test_csum(void)
{
	static const uint8_t rfc1071[8] = {0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7};
	/* the IPv4 header of Wikipedia's checksum example (192.168.0.1 > 192.168.0.199, UDP) */
	static const uint8_t iph[20] = {0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
					0x00, 0x00, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7};
	uint8_t buf[256];
	skl_csum c;
	skl_hdr h[4];
	size_t n;
	int i;

	CHECK_INT(skl_ip_checksum(rfc1071, 8), 0x220d); /* RFC 1071 §3: sum ddf2 */
	CHECK_INT(skl_ip_checksum(iph, 20), 0xb861);
	/* pieces of odd length give the same sum */
	skl_csum_init(&c);
	skl_csum_add(&c, rfc1071, 3);
	skl_csum_add(&c, rfc1071 + 3, 1);
	skl_csum_add(&c, rfc1071 + 4, 3);
	skl_csum_add(&c, rfc1071 + 7, 1);
	CHECK_INT(skl_csum_fold(&c), 0x220d);

	/* an IPv4 header written by sklab has the same bytes and checksum */
	memset(h, 0, sizeof(h));
	h[0].kind = SKL_HDR_IPV4;
	h[0].u.ip.protocol = SKL_IPPROTO_UDP;
	h[0].u.ip.frag_off = SKL_IP_DF;
	h[0].u.ip.tot_len = 0x73;
	h[0].u.ip.saddr = 0xc0a80001;
	h[0].u.ip.daddr = 0xc0a800c7;
	skl_pkt_write_ipv4(buf, &h[0].u.ip, 0);
	CHECK(memcmp(buf, iph, 10) == 0 && memcmp(buf + 12, iph + 12, 8) == 0);
	CHECK_INT((buf[10] << 8) | buf[11], 0xb861);

	/* TCP SYN 192.168.0.1:1234 > 192.168.0.199:80 seq 0x01020304 win 65535: checksum 0x24a2 (by hand) */
	{
		skl_tcp_hdr t;
		memset(&t, 0, sizeof(t));
		t.sport = 1234;
		t.dport = 80;
		t.seq = 0x01020304;
		t.flags = SKL_TCP_SYN;
		t.window = 65535;
		t.saddr = 0xc0a80001;
		t.daddr = 0xc0a800c7;
		skl_pkt_write_tcp(buf, &t, NULL, 0);
		CHECK_INT((buf[16] << 8) | buf[17], 0x24a2);
		CHECK_INT(buf[12], 0x50);
	}
	/* TCP ACK|PSH with 13 bytes "hello, sklab\n": 0x3b9e (by hand); odd payload */
	{
		static const uint8_t pl[] = "hello, sklab\n";
		skl_tcp_hdr t;
		skl_piece pc;
		memset(&t, 0, sizeof(t));
		t.sport = 43210;
		t.dport = 80;
		t.seq = 1000;
		t.ack = 2000;
		t.flags = SKL_TCP_ACK | SKL_TCP_PSH;
		t.window = 502;
		t.saddr = 0xc0a80001;
		t.daddr = 0xc0a800c7;
		pc.p = pl;
		pc.n = 13;
		skl_pkt_write_tcp(buf, &t, &pc, 1);
		CHECK_INT((buf[16] << 8) | buf[17], 0x3b9e);
	}
	/* UDP 10.0.0.1:5353 > 224.0.0.251:5353 "sklab": 0xa938 (by hand) */
	{
		static const uint8_t pl[] = "sklab";
		skl_udp_hdr u;
		skl_piece pc;
		memset(&u, 0, sizeof(u));
		u.sport = 5353;
		u.dport = 5353;
		u.saddr = 0x0a000001;
		u.daddr = 0xe00000fb;
		pc.p = pl;
		pc.n = 5;
		skl_pkt_write_udp(buf, &u, &pc, 1);
		CHECK_INT((buf[4] << 8) | buf[5], 13);
		CHECK_INT((buf[6] << 8) | buf[7], 0xa938);
	}
	/* whole frames: every checksum verifies to zero over its span */
	for (i = 0; i < 2; i++) {
		skl_flow f;
		skl_payload pl;
		skl_csum v;
		uint32_t l4len;
		skl_flow_default(&f);
		f.protocol = i ? SKL_IPPROTO_UDP : SKL_IPPROTO_TCP;
		memset(&pl, 0, sizeof(pl));
		pl.len = 101;
		skl_flow_headers(&f, &pl, h);
		n = skl_pkt_build(buf, sizeof(buf), h, 4);
		CHECK_INT(n, 14 + 20 + (i ? 8 : 32) + 101);
		CHECK_INT(skl_ip_checksum(buf + 14, 20), 0);
		CHECK_INT((buf[16] << 8) | buf[17], n - 14);
		l4len = (uint32_t)n - 34;
		skl_csum_pseudo(&v, f.saddr, f.daddr, f.protocol, (uint16_t)l4len);
		skl_csum_add(&v, buf + 34, l4len);
		CHECK_INT(skl_csum_fold(&v), 0);
	}
	CHECK_INT(skl_pkt_build(buf, 10, h, 4), 0);
	/* payload patterns are random access */
	{
		skl_payload pl;
		uint8_t a[64], b2[64];
		memset(&pl, 0, sizeof(pl));
		pl.pattern = SKL_PAYLOAD_TEXT;
		skl_pkt_fill_payload(a, &pl, 0, 64);
		skl_pkt_fill_payload(b2, &pl, 0, 20);
		skl_pkt_fill_payload(b2 + 20, &pl, 20, 44);
		CHECK(memcmp(a, b2, 64) == 0);
		CHECK(memcmp(a, "sklab payload 00000\nsklab payload 00001\n", 40) == 0);
	}
	/* descriptions */
	{
		char d[160];
		skl_flow f;
		skl_flow_default(&f);
		skl_flow_headers(&f, NULL, h);
		h[3].u.payload.len = 0;
		n = skl_pkt_build(buf, sizeof(buf), h, 3);
		skl_hdr_describe(&h[0], buf, d, sizeof(d));
		CHECK_STR(d, "02:00:00:00:00:01 > 02:00:00:00:00:02 type 0x0800 (IPv4)");
		skl_hdr_describe(&h[1], buf + 14, d, sizeof(d));
		CHECK_STR(d, "10.0.0.1 > 10.0.0.2 proto 6 (TCP) ttl 64 id 1 len 52 DF csum 0x26c1"); /* by hand */
		skl_hdr_describe(&h[2], buf + 34, d, sizeof(d));
		CHECK(strstr(d, "43210 > 80 [P.] seq 1 ack 1 win 502 csum 0x") == d);
		CHECK(strstr(d, " TS val 1 ecr 1") != NULL);
	}
}

/* ---- pcap: the file's bytes ---------------------------------------------------------------------- */

static void hex(skl_buf *b, const uint8_t *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		skl_buf_printf(b, "%02x%s", p[i], (i + 1) % 16 == 0 || i + 1 == n ? "\n" : " ");
}

static void test_pcap(void)
{
	static const uint8_t header[24] = {0xd4, 0xc3, 0xb2, 0xa1, 2,	 0,    4, 0, 0, 0, 0, 0,
					   0,	 0,    0,    0,	   0xff, 0xff, 0, 0, 1, 0, 0, 0};
	skl_buf b, out;
	skl_sink s;
	skl_pcap p;
	uint8_t frame[60];
	machine m;
	skl_error err;
	memset(frame, 0xab, sizeof(frame));
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_pcap_begin(&p, &s, 0);
	CHECK_INT(b.len, 24);
	CHECK(memcmp(b.data, header, 24) == 0);
	skl_pcap_frame(&p, frame, 60);
	skl_pcap_frame(&p, frame, 60);
	CHECK_INT(b.len, 24 + 2 * (16 + 60));
	/* 1250544389 = 0x4a89cb05: 17 Aug 2009 21:26:29 UTC; the second frame 1 ms later */
	CHECK(memcmp(b.data + 24, "\x05\xcb\x89\x4a\x00\x00\x00\x00\x3c\x00\x00\x00\x3c\x00\x00\x00", 16) == 0);
	CHECK(memcmp(b.data + 100, "\x05\xcb\x89\x4a\xe8\x03\x00\x00", 8) == 0);
	skl_buf_free(&b);
	/* snaplen cuts, the original length stays */
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_pcap_begin(&p, &s, 32);
	skl_pcap_frame(&p, frame, 60);
	CHECK_INT(b.len, 24 + 16 + 32);
	CHECK(memcmp(b.data + 24 + 8, "\x20\x00\x00\x00\x3c\x00\x00\x00", 8) == 0);
	skl_buf_free(&b);
	/* a frame from an skb: the TX path's 6.x clone, frags included */
	if (boot(&m, SKL_ERA_6_X, NULL, 0) == 0) {
		skl_path_opts po;
		skl_skb_path *path;
		int i;
		skl_path_opts_default(&po);
		po.payload.len = 20;
		path = skl_skb_tx_tcp_begin(m.net, &po, &err);
		for (i = 0; i < 6; i++)
			skl_skb_path_step(path, &err);
		skl_buf_init(&b);
		s = skl_buf_sink(&b);
		skl_pcap_begin(&p, &s, 0);
		CHECK_INT(skl_skb_pcap(skl_skb_path_clone(path), &p, &err), 0);
		CHECK_INT(b.len, 24 + 16 + 14 + 20 + 32 + 20);
		skl_buf_init(&out);
		hex(&out, (const uint8_t *)b.data, b.len);
		golden("pcap-6.x-tcp.hex", out.data);
		skl_buf_free(&out);
		skl_buf_free(&b);
		skl_skb_path_end(path);
		halt(&m);
	}
}

/* ---- events: the log of a small run per era ------------------------------------------------------- */

static void test_events(void)
{
	static const char *const files[3] = {"events-2.4.txt", "events-2.6.31.txt", "events-6.x.txt"};
	int i;
	for (i = 0; i < 3; i++) {
		machine m;
		skl_error err;
		skl_path_opts po;
		skl_skb_path *p;
		skl_buf b;
		int rc, k = 0;
		if (boot(&m, eras[i], NULL, 0) < 0)
			continue;
		skl_buf_init(&b);
		skl_path_opts_default(&po);
		p = skl_skb_tx_tcp_begin(m.net, &po, &err);
		while ((rc = skl_skb_path_step(p, &err)) > 0) {
			skl_buf_printf(&b, "tx %d %s: %s\n", k, skl_skb_path_step_name(p, k), skl_skb_path_caption(p));
			k++;
		}
		CHECK_INT(rc, 0);
		skl_skb_path_end(p);
		k = 0;
		p = skl_skb_rx_tcp_begin(m.net, &po, &err);
		while ((rc = skl_skb_path_step(p, &err)) > 0) {
			skl_skb *s = skl_skb_path_skb(p);
			skl_buf_printf(&b, "rx %d %s: %s\n", k, skl_skb_path_step_name(p, k), skl_skb_path_caption(p));
			if (s && ++k == 2) { /* the regions of the received frame */
				skl_skb_snap sn;
				int r;
				skl_skb_snapshot(s, &sn);
				for (r = 0; r < sn.nregions; r++)
					skl_buf_printf(&b, "  region %s +%u %u: %s\n", sn.regions[r].name,
						       sn.regions[r].off, sn.regions[r].len, sn.regions[r].detail);
			}
		}
		CHECK_INT(rc, 0);
		skl_skb_path_end(p);
		skl_buf_printf(&b, "== events\n");
		dump_events(&m, &b);
		golden(files[i], b.data);
		skl_buf_free(&b);
		halt(&m);
	}
}

/* ---- oom: the simulated machine runs out ---------------------------------------------------------- */

static void test_oom(void)
{
	int i;
	for (i = 0; i < 3; i++) {
		machine m;
		skl_error err;
		skl_skb *s[4096];
		skl_path_opts po;
		skl_skb_path *p;
		int n = 0, k, rc;
		uint64_t used;
		if (boot(&m, eras[i], NULL, (uint64_t)2 << 20) < 0) { /* 2 MiB */
			check_failures++;
			continue;
		}
		used = skl_kernel_ram_used(m.k);
		while (n < 4096 && (s[n] = skl_alloc_skb(m.net, 1500, &err)) != NULL)
			n++;
		CHECK(n > 10 && n < 4096);
		CHECK(strstr(err.msg, "alloc_skb(1500) returned NULL: ") == err.msg);
		CHECK_INT(skl_net_nskbs(m.net), n);
		/* the path fails cleanly too */
		skl_path_opts_default(&po);
		p = skl_skb_rx_tcp_begin(m.net, &po, &err);
		rc = skl_skb_path_step(p, &err);
		CHECK_INT(rc, SKL_SKB_ENOMEM);
		CHECK_INT(skl_skb_path_ndone(p), 0);
		skl_skb_path_end(p);
		/* a bigger head cannot be had: -ENOMEM and the skb is unchanged */
		{
			uint32_t end = skl_skb_end_off(s[1]);
			skl_addr head = skl_skb_head_addr(s[1]);
			CHECK_INT(skl_pskb_expand_head(s[1], 1 << 20, 0, &err), SKL_SKB_ENOMEM);
			CHECK_INT(skl_skb_end_off(s[1]), end);
			CHECK_INT(skl_skb_head_addr(s[1]), head);
			CHECK_INT(skl_skb_panicked(s[1]), 0);
		}
		for (k = 0; k < n; k++)
			skl_kfree_skb(s[k], &err);
		while (skl_net_nskbs(m.net) > 0)
			skl_kfree_skb(skl_net_skb_at(m.net, 0), &err);
		/* after freeing, allocation works again */
		s[0] = skl_alloc_skb(m.net, 1500, &err);
		CHECK(s[0] != NULL);
		if (s[0])
			skl_kfree_skb(s[0], &err);
		CHECK(skl_kernel_ram_used(m.k) >= used);
		halt(&m);
	}
}

/* ---- allocfail: every host allocation failing in turn ------------------------------------------------ */

/* Everything the model does, tolerating failure anywhere; 0 when it all worked. */
static int failure_scenario(skl_skb_era e)
{
	machine m;
	skl_error err;
	skl_skb *s, *c, *d;
	skl_path_opts po;
	skl_skb_path *p;
	skl_buf b;
	skl_sink sk;
	skl_pcap pc;
	skl_skb_snap sn;
	int rc = 0, k;
	if (boot(&m, e, NULL, (uint64_t)8 << 20) < 0) /* small RAM: quick under sanitizers */
		return -1;
	s = skl_alloc_skb(m.net, 300, &err);
	if (!s) {
		rc = -1;
		goto out;
	}
	skl_skb_reserve(s, 100, &err);
	if (skl_skb_put(s, 50, NULL, &err) < 0 || skl_skb_push(s, 20, &err) < 0)
		rc = -1;
	if (skl_skb_add_rx_frag(s, 200, 0, NULL, &err) < 0)
		rc = -1;
	c = skl_skb_clone(s, &err);
	if (!c)
		rc = -1;
	d = skl_skb_copy(s, &err);
	if (!d)
		rc = -1;
	if (c && skl_kfree_skb(c, &err) < 0)
		rc = -1;
	if (skl_pskb_expand_head(s, 64, 64, &err) < 0)
		rc = -1;
	if (skl_skb_cow(s, 300, &err) < 0)
		rc = -1;
	d = d ? d : skl_pskb_copy(s, &err);
	if (skl_skb_put(s, 1, NULL, &err) != SKL_SKB_EPANIC) /* nonlinear: a BUG report */
		rc = -1;
	skl_skb_snapshot(s, &sn);
	skl_kfree_skb(s, &err);
	if (d)
		skl_kfree_skb(d, &err);
	for (k = 0; k < 2; k++) {
		int r;
		skl_path_opts_default(&po);
		p = k ? skl_skb_rx_tcp_begin(m.net, &po, &err) : skl_skb_tx_tcp_begin(m.net, &po, &err);
		if (!p) {
			rc = -1;
			continue;
		}
		while ((r = skl_skb_path_step(p, &err)) > 0) {
			if (!k && skl_skb_path_ndone(p) == 6) {
				skl_buf_init(&b);
				sk = skl_buf_sink(&b);
				skl_pcap_begin(&pc, &sk, 0);
				if (skl_skb_pcap(skl_skb_path_clone(p), &pc, &err) < 0)
					rc = -1;
				skl_buf_free(&b);
			}
		}
		if (r < 0)
			rc = -1;
		skl_skb_path_end(p);
	}
	while (skl_net_nskbs(m.net) > 0)
		skl_kfree_skb(skl_net_skb_at(m.net, 0), &err);
out:
	halt(&m);
	return rc;
}

static void test_allocfail(void)
{
	int i;
	quiet = 1;
	for (i = 0; i < 3; i++) {
		skl_fault f;
		long n;
		for (n = 0; n < 100000; n++) {
			int rc;
			skl_fault_arm(&f, n, SKL_FAULT_ONCE);
			rc = failure_scenario(eras[i]);
			skl_fault_disarm();
			if (rc == 0 && f.calls <= n) /* ran to the end without reaching the failure */
				break;
		}
		CHECK(n > 20 && n < 100000);
		CHECK_INT(failure_scenario(eras[i]), 0);
	}
	quiet = 0;
}

/* ---- frames for tshark ------------------------------------------------------------------------------ */

/* Four frames: the 6.x TX segment (header in the head, payload in a page
 * fragment), the 2.4 TX segment (all linear), a UDP datagram built with
 * skb_put/skb_push of layers, and the 2.6.31 received frame. */
static int write_pcap(const char *path)
{
	FILE *f = fopen(path, "wb");
	skl_sink sk;
	skl_pcap pc;
	skl_error err;
	int i;
	if (!f)
		return 1;
	sk = skl_file_sink(f);
	skl_pcap_begin(&pc, &sk, 0);
	for (i = 0; i < 2; i++) {
		machine m;
		skl_path_opts po;
		skl_skb_path *p;
		int k;
		if (boot(&m, i ? SKL_ERA_2_4 : SKL_ERA_6_X, NULL, 0) < 0)
			return 1;
		skl_path_opts_default(&po);
		po.flow.sport = i ? 1024 : 43210;
		p = skl_skb_tx_tcp_begin(m.net, &po, &err);
		for (k = 0; p && k < 6; k++)
			skl_skb_path_step(p, &err);
		if (p && skl_skb_pcap(skl_skb_path_clone(p), &pc, &err) < 0)
			printf("pcap: %s\n", err.msg);
		skl_skb_path_end(p);
		halt(&m);
	}
	{
		machine m;
		skl_skb *s;
		skl_flow fl;
		skl_hdr h[4];
		skl_payload pl;
		if (boot(&m, SKL_ERA_6_X, NULL, 0) < 0)
			return 1;
		skl_flow_default(&fl);
		fl.protocol = SKL_IPPROTO_UDP;
		fl.sport = 5353;
		fl.dport = 53;
		memset(&pl, 0, sizeof(pl));
		pl.len = 33; /* odd */
		skl_flow_headers(&fl, &pl, h);
		s = skl_alloc_skb(m.net, 128 + 33, &err);
		skl_skb_reserve(s, 128, &err);
		skl_skb_put_hdr(s, &h[3], 0, &err);
		skl_skb_push_hdr(s, &h[2], 0, &err);
		skl_skb_push_hdr(s, &h[1], 0, &err);
		skl_skb_push_hdr(s, &h[0], 0, &err);
		if (skl_skb_pcap(s, &pc, &err) < 0)
			printf("pcap: %s\n", err.msg);
		halt(&m);
	}
	{
		machine m;
		skl_path_opts po;
		skl_skb_path *p;
		if (boot(&m, SKL_ERA_2_6_31, NULL, 0) < 0)
			return 1;
		skl_path_opts_default(&po);
		po.flow.sport = 80;
		po.flow.dport = 43210;
		po.payload.len = 1000;
		p = skl_skb_rx_tcp_begin(m.net, &po, &err);
		skl_skb_rx_tcp_alloc(p, &err);
		skl_skb_rx_tcp_dma(p, &err);
		if (skl_skb_pcap(skl_skb_path_skb(p), &pc, &err) < 0)
			printf("pcap: %s\n", err.msg);
		skl_skb_path_end(p);
		halt(&m);
	}
	fclose(f);
	return 0;
}

/* ---- pcapread: the reader against files built byte by byte ----------------------------------------- */

static void put32(uint8_t *p, uint32_t v, int be)
{
	int i;
	for (i = 0; i < 4; i++)
		p[be ? 3 - i : i] = (uint8_t)(v >> (8 * i));
}

/* A file header then records {incl, orig, frac} with incl bytes of 0x40+i each */
static size_t mkfile(uint8_t *f, uint32_t magic, int be, uint32_t snap, uint32_t link, const uint32_t (*recs)[3], int n)
{
	size_t off = 24;
	int i;
	memset(f, 0, 24);
	put32(f, magic, be);
	f[be ? 5 : 4] = 2;
	f[be ? 7 : 6] = 4;
	put32(f + 16, snap, be);
	put32(f + 20, link, be);
	for (i = 0; i < n; i++) {
		put32(f + off, 1000u + (uint32_t)i, be);
		put32(f + off + 4, recs[i][2], be);
		put32(f + off + 8, recs[i][0], be);
		put32(f + off + 12, recs[i][1], be);
		memset(f + off + 16, 0x40 + i, recs[i][0]);
		off += 16 + recs[i][0];
	}
	return off;
}

static void expect_fail(const uint8_t *f, size_t n, size_t maxf, size_t maxb, const char *want)
{
	skl_pcap_file pf;
	skl_error err;
	skl_error_clear(&err);
	CHECK_INT(skl_pcap_read(f, n, "t.pcap", maxf, maxb, &pf, &err), -1);
	CHECK(pf.recs == NULL && pf.n == 0);
	if (!strstr(err.msg, want)) {
		printf("  message: %s\n  wanted:  %s\n", err.msg, want);
		CHECK(0);
	}
}

static void test_pcapread(void)
{
	static const uint32_t two[2][3] = {{60, 60, 5}, {20, 1514, 999999}};
	static uint8_t f[4096];
	skl_pcap_file pf;
	skl_error err;
	skl_buf b;
	skl_sink s;
	skl_pcap p;
	uint8_t frame[60];
	size_t n;
	int be;
	/* what our writer writes, read back */
	memset(frame, 0xab, sizeof(frame));
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_pcap_begin(&p, &s, 32);
	skl_pcap_frame(&p, frame, 60);
	skl_pcap_frame(&p, frame, 14);
	CHECK_INT(skl_pcap_read(b.data, b.len, "w.pcap", 0, 0, &pf, &err), 0);
	CHECK_INT(pf.n, 2);
	CHECK_INT(pf.swapped, 0);
	CHECK_INT(pf.nsec, 0);
	CHECK_INT(pf.snaplen, 32);
	CHECK_INT(pf.recs[0].caplen, 32);
	CHECK_INT(pf.recs[0].len, 60);
	CHECK_INT(pf.recs[0].ts_sec, SKL_PCAP_TS_BASE);
	CHECK_INT(pf.recs[1].ts_nsec, 1000000);
	CHECK_INT(pf.recs[1].offset, 24 + 16 + 32);
	CHECK(pf.recs[1].bytes == (const uint8_t *)b.data + 24 + 16 + 32 + 16);
	CHECK_INT(pf.bytes, 32 + 14);
	skl_pcap_file_free(&pf);
	skl_buf_free(&b);
	/* both byte orders, both magics */
	for (be = 0; be < 2; be++) {
		n = mkfile(f, SKL_PCAP_MAGIC_USEC, be, 65535, 1, two, 2);
		CHECK_INT(skl_pcap_read(f, n, "t.pcap", 0, 0, &pf, &err), 0);
		CHECK_INT(pf.swapped, be);
		CHECK_INT(pf.n, 2);
		CHECK_INT(pf.version_major, 2);
		CHECK_INT(pf.version_minor, 4);
		CHECK_INT(pf.recs[1].caplen, 20);
		CHECK_INT(pf.recs[1].len, 1514);
		CHECK_INT(pf.recs[1].ts_sec, 1001);
		CHECK_INT(pf.recs[1].ts_nsec, 999999000);
		CHECK_INT(pf.recs[1].bytes[19], 0x41);
		skl_pcap_file_free(&pf);
		n = mkfile(f, SKL_PCAP_MAGIC_NSEC, be, 65535, 1, two, 2);
		CHECK_INT(skl_pcap_read(f, n, "t.pcap", 0, 0, &pf, &err), 0);
		CHECK_INT(pf.nsec, 1);
		CHECK_INT(pf.recs[0].ts_nsec, 5);
		CHECK_INT(pf.recs[1].ts_nsec, 999999);
		skl_pcap_file_free(&pf);
	}
	/* an empty capture is fine */
	n = mkfile(f, SKL_PCAP_MAGIC_USEC, 0, 65535, 1, two, 0);
	CHECK_INT(skl_pcap_read(f, n, "t.pcap", 0, 0, &pf, &err), 0);
	CHECK_INT(pf.n, 0);
	/* refusals, each naming where */
	expect_fail(f, 10, 0, 0, "t.pcap: 10 bytes, shorter than a pcap file header");
	n = mkfile(f, 0x12345678u, 0, 65535, 1, two, 0);
	expect_fail(f, n, 0, 0, "bad magic 0x12345678 at offset 0");
	n = mkfile(f, 0x0a0d0d0au, 0, 65535, 1, two, 0);
	expect_fail(f, n, 0, 0, "pcapng");
	n = mkfile(f, SKL_PCAP_MAGIC_USEC, 1, 65535, 113, two, 2);
	expect_fail(f, n, 0, 0, "link type 113 at offset 20; only Ethernet");
	n = mkfile(f, SKL_PCAP_MAGIC_USEC, 0, 65535, 1, two, 2);
	expect_fail(f, n - 1, 0, 0, "record 2 at offset 100: incl_len 20 but only 19 bytes left");
	expect_fail(f, 24 + 76 + 7, 0, 0, "record 2 at offset 100: header cut short (7 of 16 bytes");
	expect_fail(f, n, 1, 0, "record 2 at offset 100: more than 1 frames");
	expect_fail(f, n, 0, 70, "record 2 at offset 100: frames past 70 bytes");
	{
		static const uint32_t bad[1][3] = {{60, 50, 0}};
		n = mkfile(f, SKL_PCAP_MAGIC_USEC, 0, 65535, 1, bad, 1);
		expect_fail(f, n, 0, 0, "record 1 at offset 24: incl_len 60 above orig_len 50");
		n = mkfile(f, SKL_PCAP_MAGIC_USEC, 0, 40, 1, bad, 1);
		expect_fail(f, n, 0, 0, "record 1 at offset 24: incl_len 60 above the snaplen 40");
	}
	{
		static const uint32_t bad[1][3] = {{4, 4, 1000000}};
		n = mkfile(f, SKL_PCAP_MAGIC_USEC, 0, 65535, 1, bad, 1);
		expect_fail(f, n, 0, 0, "record 1 at offset 24: ts_usec 1000000 out of range");
	}
	n = mkfile(f, SKL_PCAP_MAGIC_USEC, 0, 65535, 1, two, 0);
	f[4] = 1;
	expect_fail(f, n, 0, 0, "pcap version 1.4 at offset 4");
	/* a frame into each era's driver buffer: data after eth_type_trans is
	 * 2.4 16 + 2 + 14, 2.6.31 NET_SKB_PAD 32 + 2 + 14, 6.x 64 + 0 + 14 */
	{
		static const int32_t data[3] = {32, 48, 78};
		uint8_t fr[60];
		skl_skb *skb;
		machine m;
		char cap[512];
		int e;
		memset(fr, 0, sizeof(fr));
		fr[12] = 0x08; /* an IPv4 frame: 45 00, tot_len 46, TCP */
		fr[14] = 0x45;
		fr[17] = 46;
		fr[23] = SKL_IPPROTO_TCP;
		fr[14 + 20 + 12] = 5 << 4;
		for (e = 54; e < 60; e++) /* a payload that is not zeros */
			fr[e] = (uint8_t)('a' + e - 54);
		for (e = 0; e < 3; e++) {
			if (boot(&m, eras[e], NULL, 0) < 0) {
				CHECK(0);
				continue;
			}
			skb = skl_skb_from_frame(m.net, "eth0", fr, sizeof(fr), cap, sizeof(cap), &err);
			CHECK(skb != NULL);
			if (skb) {
				CHECK_INT(skl_skb_data_off(skb), data[e]);
				CHECK_INT(skl_skb_len(skb), 46);
				CHECK_INT(skl_skb_header(skb, SKL_MARK_MAC), data[e] - 14);
				CHECK_INT(skl_skb_protocol(skb), 0x0800);
				CHECK(strstr(cap, "eth_type_trans: skb_pull(14), protocol = 0x0800") != NULL);
				/* the snapshot keeps the frame as captured: from the mac header to tail */
				{
					static skl_skb_snap sn;
					CHECK(skl_skb_snapshot(skb, &sn) == 0);
					CHECK_INT(sn.bytes_from, data[e] - 14);
					CHECK_INT(sn.bytes_total, 60);
					CHECK_INT(sn.nbytes, 60);
					CHECK(!memcmp(sn.bytes, fr, sizeof(fr)));
				}
				/* without a mac header it starts at data; a 1514-byte frame
				 * keeps its first SKL_SKB_SNAP_BYTES */
				{
					static skl_skb_snap sn;
					static uint8_t big[1514];
					skl_skb *t = skl_alloc_skb(m.net, 2000, &err);
					uint32_t at = 0, i;
					for (i = 0; i < sizeof(big); i++)
						big[i] = (uint8_t)(i * 13 + 1);
					CHECK(t && skl_skb_reserve(t, 16, &err) == 0 &&
					      skl_skb_put(t, sizeof(big), &at, &err) == 0 &&
					      skl_skb_write(t, at, big, sizeof(big), &err) == 0);
					CHECK(t && skl_skb_header(t, SKL_MARK_MAC) < 0);
					CHECK(t && skl_skb_snapshot(t, &sn) == 0);
					CHECK_INT(sn.bytes_from, 16);
					CHECK_INT(sn.bytes_total, 1514);
					CHECK_INT(sn.nbytes, SKL_SKB_SNAP_BYTES);
					CHECK(!memcmp(sn.bytes, big, SKL_SKB_SNAP_BYTES));
					if (t)
						CHECK_INT(skl_kfree_skb(t, &err), 1);
				}
				CHECK_INT(skl_kfree_skb(skb, &err), 1);
			}
			CHECK(skl_skb_from_frame(m.net, "eth0", fr, 13, NULL, 0, &err) == NULL);
			CHECK(strstr(err.msg, "a frame of 13 bytes") != NULL);
			halt(&m);
		}
	}
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "alloc";
	if (argc > 2)
		golden_dir = argv[2];
	if (!strcmp(mode, "writepcap"))
		return argc > 2 ? write_pcap(argv[2]) : 2;
	if (!strcmp(mode, "alloc"))
		test_alloc();
	else if (!strcmp(mode, "ops"))
		test_ops();
	else if (!strcmp(mode, "paths"))
		test_paths();
	else if (!strcmp(mode, "panic"))
		test_panic();
	else if (!strcmp(mode, "bugs"))
		test_bugs();
	else if (!strcmp(mode, "clone"))
		test_clone();
	else if (!strcmp(mode, "frags"))
		test_frags();
	else if (!strcmp(mode, "csum"))
		test_csum();
	else if (!strcmp(mode, "pcap"))
		test_pcap();
	else if (!strcmp(mode, "pcapread"))
		test_pcapread();
	else if (!strcmp(mode, "events"))
		test_events();
	else if (!strcmp(mode, "oom"))
		test_oom();
	else if (!strcmp(mode, "allocfail"))
		test_allocfail();
	else {
		printf("unknown test %s\n", mode);
		return 2;
	}
	return check_done(mode);
}
