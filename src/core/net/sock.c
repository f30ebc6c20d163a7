/*
 * sock.c - socket memory accounting on the sk_buff model (sock.h): a
 * socket's receive queue and its counters, sk_rmem_alloc, sk_wmem_alloc
 * and sk_forward_alloc against sk_rcvbuf and sk_sndbuf, with each skb
 * charged its truesize while the socket holds it. Never allocates
 * simulated memory for the socket itself (struct sock is the layout
 * model's business); the skbs it holds are the sk_buff model's.
 *
 * Sources, per era:
 *   2.4.16  include/net/sock.h: skb_set_owner_r/w, sock_queue_rcv_skb
 *           ("rmem_alloc + truesize >= rcvbuf" is -ENOMEM); net/core/sock.c:
 *           sock_rfree, sock_wfree, sock_wmalloc, sk_init (SK_RMEM_MAX
 *           65535; 32767 at <= 4096 pages, where a doubled
 *           sysctl_wmem_default line leaves rmem_default at 65535; max
 *           131071 at >= 131072 pages), SO_SNDBUF/SO_RCVBUF (doubled,
 *           SOCK_MIN_SNDBUF 2048, SOCK_MIN_RCVBUF 256). No forward_alloc
 *           outside TCP (tcp_mem_schedule).
 *   2.6.31  net/core/sock.c: sock_queue_rcv_skb (the same check, then
 *           sk_rmem_schedule: -ENOBUFS), SK_RMEM_MAX = (sizeof(struct
 *           sk_buff) + 256) * 256 (124928 with a 232-byte sk_buff),
 *           __sk_mem_schedule (sk_mem_pages(size) quanta of PAGE_SIZE into
 *           sk_forward_alloc), __sk_mem_reclaim (whole quanta back, the
 *           rest stays); include/net/sock.h: sk_mem_charge/uncharge, UDP
 *           accounted (udp_memory_allocated), raw not; net/core/datagram.c:
 *           skb_free_datagram = kfree_skb + sk_mem_reclaim_partial.
 *   6.x     net/core/sock.c: __sock_queue_rcv_skb ("rmem_alloc >= rcvbuf"
 *           is -ENOMEM: the skb that crosses the limit still goes in),
 *           SK_RMEM_MAX = SKB_TRUESIZE(256) * 256 = 212992,
 *           SOCK_MIN_RCVBUF = 2048 + SKB_DATA_ALIGN(sizeof(struct sk_buff)),
 *           sk_alloc's refcount_set(&sk->sk_wmem_alloc, 1), sock_rfree /
 *           sk_mem_uncharge / sk_mem_reclaim (reclaim once a page is
 *           free); net/ipv4/udp.c: __udp_enqueue_schedule_skb (drop when
 *           rmem_alloc > rcvbuf, charge forward_alloc directly, no
 *           destructor) and udp_rmem_release (a forward_deficit released
 *           once it reaches rcvbuf / 4 or the reader queue is empty; one
 *           byte stays in forward_alloc with partial).
 * The protocol's pressure limits (udp_mem) are not modelled: scheduling
 * always succeeds, and memory_allocated is only counted.
 */
#include "sklab/sock.h"

#include <stdio.h>
#include <string.h>

#include "skb_impl.h"

struct skl_sock {
	skl_net *net;
	skl_sock *next;
	uint64_t id;
	char name[32];
	skl_sock_proto proto;
	int64_t rmem_alloc, wmem_alloc, forward_alloc, rcvbuf, sndbuf, forward_deficit;
	uint64_t drops, queued, received;
	skl_skb **q; /* the receive queue, oldest first */
	int qlen, qcap;
};

/* ---- the era's numbers ------------------------------------------------------------- */

static int64_t page_size(const skl_net *net)
{
	return skl_kernel_profile(net->k)->page_size;
}

/* SKB_DATA_ALIGN */
static int64_t data_align(const skl_net *net, int64_t v)
{
	int64_t a = net->p.smp_cache_bytes;
	return (v + a - 1) / a * a;
}

/* Is the protocol's memory accounted (sk_has_account(): prot->memory_allocated)? */
static int accounted(const skl_sock *sk)
{
	return sk->net->p.era != SKL_ERA_2_4 && sk->proto == SKL_SOCK_UDP;
}

void skl_sock_defaults(const skl_net *net, int64_t *rmem_default, int64_t *wmem_default, int64_t *rmem_max,
		       int64_t *wmem_max)
{
	int64_t rd, wd, rm, wm;
	if (net->p.era == SKL_ERA_2_4) {
		uint64_t pages = skl_kernel_ram_total(net->k) / (uint64_t)page_size(net);
		rd = wd = rm = wm = 65535; /* SK_RMEM_MAX, SK_WMEM_MAX */
		if (pages <= 4096) {
			rm = wm = 32767;
			wd = 32767; /* sk_init() sets wmem_default twice, rmem_default never */
		} else if (pages >= 131072) {
			rm = wm = 131071;
		}
	} else if (net->p.era == SKL_ERA_2_6_31) {
		rd = wd = rm = wm = ((int64_t)net->p.skb_size + 256) * 256; /* _SK_MEM_OVERHEAD * _SK_MEM_PACKETS */
	} else {
		/* SKB_TRUESIZE(256) * 256 */
		rd = wd = rm = wm =
		    (256 + data_align(net, net->p.skb_size) + data_align(net, net->p.shinfo_size)) * 256;
	}
	if (rmem_default)
		*rmem_default = rd;
	if (wmem_default)
		*wmem_default = wd;
	if (rmem_max)
		*rmem_max = rm;
	if (wmem_max)
		*wmem_max = wm;
}

/* SOCK_MIN_RCVBUF and SOCK_MIN_SNDBUF */
static void min_bufs(const skl_net *net, int64_t *minr, int64_t *mins)
{
	if (net->p.era == SKL_ERA_6_X) {
		*minr = 2048 + data_align(net, net->p.skb_size); /* TCP_SKB_MIN_TRUESIZE */
		*mins = 2 * *minr;
	} else {
		*minr = 256;
		*mins = 2048;
	}
}

/* models sock_setsockopt(SO_RCVBUF/SO_SNDBUF): clamp to the max, double,
 * at least the minimum */
static int64_t so_buf(int64_t val, int64_t max, int64_t min)
{
	if (val > max)
		val = max;
	if (val < 0)
		val = 0;
	return val * 2 < min ? min : val * 2;
}

/* sk_mem_pages(): quanta of SK_MEM_QUANTUM (PAGE_SIZE) */
static int64_t mem_pages(const skl_net *net, int64_t size)
{
	return (size + page_size(net) - 1) / page_size(net);
}

/* ---- events ------------------------------------------------------------------------- */

static void counters(const skl_sock *sk, char *d, size_t n)
{
	if (accounted(sk))
		snprintf(d, n, "%s rmem_alloc %lld/%lld forward_alloc %lld", sk->name, (long long)sk->rmem_alloc,
			 (long long)sk->rcvbuf, (long long)sk->forward_alloc);
	else
		snprintf(d, n, "%s rmem_alloc %lld/%lld", sk->name, (long long)sk->rmem_alloc, (long long)sk->rcvbuf);
}

static void wcounters(const skl_sock *sk, char *d, size_t n)
{
	snprintf(d, n, "%s wmem_alloc %lld/%lld", sk->name, (long long)sk->wmem_alloc, (long long)sk->sndbuf);
}

/* ---- sockets ------------------------------------------------------------------------- */

skl_sock *skl_sock_new(skl_net *net, const skl_sock_opts *o, skl_error *err)
{
	int64_t rd, wd, rm, wm, minr, mins;
	skl_sock *sk;
	if (!net)
		return skl_errorf(err, "skl_sock_new: no networking core"), NULL;
	if (o && o->proto != SKL_SOCK_UDP && o->proto != SKL_SOCK_RAW)
		return skl_errorf(err, "skl_sock_new: unknown protocol %d", (int)o->proto), NULL;
	sk = skl_calloc(1, sizeof(*sk));
	if (!sk)
		return skl_errorf(err, "out of memory"), NULL;
	sk->net = net;
	sk->proto = o ? o->proto : SKL_SOCK_UDP;
	skl__net_copy_str(sk->name, sizeof(sk->name), o && o->name && *o->name ? o->name : "sk");
	skl_sock_defaults(net, &rd, &wd, &rm, &wm);
	min_bufs(net, &minr, &mins);
	sk->rcvbuf = o && o->so_rcvbuf ? so_buf(o->so_rcvbuf, rm, minr) : rd; /* sock_init_data() */
	sk->sndbuf = o && o->so_sndbuf ? so_buf(o->so_sndbuf, wm, mins) : wd;
	sk->wmem_alloc = net->p.era == SKL_ERA_6_X; /* sk_alloc(): refcount_set(&sk->sk_wmem_alloc, 1) */
	sk->id = ++net->sock_seq;
	sk->next = net->socks;
	net->socks = sk;
	return sk;
}

uint64_t skl_sock_id(const skl_sock *sk)
{
	return sk->id;
}

skl_sock *skl_net_sock(const skl_net *net, uint64_t id)
{
	skl_sock *sk;
	for (sk = net->socks; sk; sk = sk->next)
		if (sk->id == id)
			return sk;
	return NULL;
}

const char *skl_sock_name(const skl_sock *sk)
{
	return sk->name;
}

skl_sock_proto skl_sock_protocol(const skl_sock *sk)
{
	return sk->proto;
}

void skl_sock_stats_get(const skl_sock *sk, skl_sock_stats *out)
{
	memset(out, 0, sizeof(*out));
	out->rmem_alloc = sk->rmem_alloc;
	out->wmem_alloc = sk->wmem_alloc;
	out->forward_alloc = sk->forward_alloc;
	out->rcvbuf = sk->rcvbuf;
	out->sndbuf = sk->sndbuf;
	out->forward_deficit = sk->forward_deficit;
	out->memory_allocated = sk->net->sock_mem_pages[sk->proto];
	out->qlen = sk->qlen;
	out->drops = sk->drops;
	out->queued = sk->queued;
	out->received = sk->received;
}

skl_sock *skl_skb_sock(const skl_skb *skb, int *side)
{
	if (side)
		*side = skb->sk ? skb->sk_side : 0;
	return skb->sk;
}

/* ---- memory scheduling ------------------------------------------------------------------ */

/* models __sk_mem_schedule(sk, size, SK_MEM_RECV) without the limits:
 * sk_mem_pages(size) quanta into sk_forward_alloc */
static void mem_schedule(skl_sock *sk, int64_t size)
{
	int64_t amt = mem_pages(sk->net, size);
	sk->forward_alloc += amt * page_size(sk->net);
	sk->net->sock_mem_pages[sk->proto] += amt;
}

/* models __sk_mem_reclaim(): 2.6.31 gives back every whole quantum (the
 * rest stays forward); 6.x (sk_mem_reclaim) the reclaimable bytes' whole
 * pages, once there is at least one */
static void mem_reclaim(skl_sock *sk)
{
	int64_t pages = sk->forward_alloc / page_size(sk->net);
	if (!accounted(sk) || pages <= 0)
		return;
	sk->forward_alloc -= pages * page_size(sk->net);
	sk->net->sock_mem_pages[sk->proto] -= pages;
}

/* models 6.x udp_rmem_release(sk, size, partial): the deficit waits until
 * it reaches rcvbuf / 4 or the reader queue is empty; then the forward
 * memory's whole pages (keeping partial bytes) go back, and rmem_alloc
 * drops by all of it at once */
static void udp_rmem_release(skl_sock *sk, int64_t size, int partial)
{
	int64_t amt;
	if (partial) {
		sk->forward_deficit += size;
		size = sk->forward_deficit;
		if (size < (sk->rcvbuf >> 2) && sk->qlen > 0)
			return;
	} else {
		size += sk->forward_deficit;
	}
	sk->forward_deficit = 0;
	sk->forward_alloc += size;
	amt = (sk->forward_alloc - partial) & ~(page_size(sk->net) - 1);
	sk->forward_alloc -= amt;
	sk->net->sock_mem_pages[sk->proto] -= amt / page_size(sk->net);
	sk->rmem_alloc -= size;
}

static int udp6(const skl_sock *sk)
{
	return sk->net->p.era == SKL_ERA_6_X && sk->proto == SKL_SOCK_UDP;
}

/* ---- the receive queue ------------------------------------------------------------------- */

static void unlink_skb(skl_sock *sk, const skl_skb *skb)
{
	int i;
	for (i = 0; i < sk->qlen && sk->q[i] != skb; i++)
		;
	if (i == sk->qlen)
		return;
	memmove(sk->q + i, sk->q + i + 1, (size_t)(sk->qlen - i - 1) * sizeof(*sk->q));
	sk->qlen--;
}

/* The destructor of an skb charged to a socket, from __kfree_skb. */
void skl__sock_skb_destruct(skl_skb *skb)
{
	skl_sock *sk = skb->sk;
	int64_t ts = skb->sk_charge;
	char d[160];
	skb->sk = NULL;
	if (skb->sk_side == 'w') {
		sk->wmem_alloc -= ts; /* sock_wfree() */
		wcounters(sk, d, sizeof(d));
		skl__net_op_event(skb, "sock_wfree", (uint64_t)ts, d);
		return;
	}
	unlink_skb(sk, skb);
	if (udp6(sk)) {
		/* freed without recvmsg (a close, or the scenario): all of it goes back */
		udp_rmem_release(sk, ts, 0);
	} else {
		sk->rmem_alloc -= ts; /* sock_rfree() */
		if (accounted(sk)) {
			sk->forward_alloc += ts; /* sk_mem_uncharge() */
			if (sk->net->p.era == SKL_ERA_6_X)
				mem_reclaim(sk); /* 6.x sk_mem_uncharge() reclaims at once */
		}
	}
	counters(sk, d, sizeof(d));
	skl__net_op_event(skb, "sock_rfree", (uint64_t)ts, d);
}

int skl_sock_queue_rcv(skl_sock *sk, skl_skb *skb, skl_error *err)
{
	skl_net *net = sk->net;
	int64_t ts = skb->truesize;
	char d[256], c[160];
	const char *fn = udp6(sk) ? "__udp_enqueue_schedule_skb" : "sock_queue_rcv_skb";
	int drop = 0;
	if (skb->net != net)
		return skl_errorf(err, "%s: the skb belongs to another machine", fn), SKL_SKB_EINVAL;
	if (skb->sk)
		return skl_errorf(err, "%s: %s is already charged to %s", fn, skb->name, skb->sk->name), SKL_SKB_EINVAL;
	if (skb->panicked)
		return skl_errorf(err, "%s: %s died in a kernel BUG()", fn, skb->name), SKL_SKB_EINVAL;
	if (sk->qlen == sk->qcap) {
		int cap = sk->qcap ? sk->qcap * 2 : 16;
		skl_skb **q = skl_realloc(sk->q, (size_t)cap * sizeof(*q));
		if (!q)
			return skl_errorf(err, "out of memory"), SKL_SKB_ENOMEM;
		sk->q = q;
		sk->qcap = cap;
	}
	if (net->p.era == SKL_ERA_2_4 || net->p.era == SKL_ERA_2_6_31)
		drop = sk->rmem_alloc + ts >= sk->rcvbuf; /* 2.4, 2.6.31 sock_queue_rcv_skb() */
	else if (!udp6(sk))
		drop = sk->rmem_alloc >= sk->rcvbuf; /* 6.x __sock_queue_rcv_skb() */
	else /* 6.x UDP: rmem_alloc > rcvbuf; its second test (rmem_alloc + size > size + rcvbuf)
	      * only catches concurrent enqueues, which one CPU's model has none of */
		drop = sk->rmem_alloc > sk->rcvbuf;
	if (drop) {
		sk->drops++;
		counters(sk, c, sizeof(c));
		snprintf(d, sizeof(d), "-ENOMEM, dropped: truesize %lld, %s", (long long)ts, c);
		skl__net_op_event(skb, fn, (uint64_t)ts, d);
		skl_errorf(err, "%s: -ENOMEM: %s rmem_alloc %lld %s rcvbuf %lld (truesize %lld)", fn, sk->name,
			   (long long)sk->rmem_alloc,
			   net->p.era == SKL_ERA_6_X ? (udp6(sk) ? ">" : ">=") : "+ truesize >=", (long long)sk->rcvbuf,
			   (long long)ts);
		return SKL_SOCK_ENOMEM;
	}
	if (udp6(sk)) {
		sk->rmem_alloc += ts;
		if (ts >= sk->forward_alloc)
			mem_schedule(sk, ts);
		sk->forward_alloc -= ts;
	} else {
		/* sk_rmem_schedule(): 2.6.31 schedules size, 6.x only what forward_alloc lacks */
		if (accounted(sk) && ts > sk->forward_alloc)
			mem_schedule(sk, net->p.era == SKL_ERA_6_X ? ts - sk->forward_alloc : ts);
		sk->rmem_alloc += ts; /* skb_set_owner_r() */
		if (accounted(sk))
			sk->forward_alloc -= ts; /* sk_mem_charge() */
	}
	skb->sk = sk;
	skb->sk_side = 'r';
	skb->sk_charge = (uint32_t)ts;
	if (!udp6(sk))
		skl__net_copy_str(skb->dev, sizeof(skb->dev), NULL); /* sock_queue_rcv_skb: skb->dev = NULL */
	sk->q[sk->qlen++] = skb;
	sk->queued++;
	counters(sk, c, sizeof(c));
	snprintf(d, sizeof(d), "queued, truesize %lld charged: %s", (long long)ts, c);
	skl__net_op_event(skb, fn, (uint64_t)ts, d);
	return 0;
}

int64_t skl_sock_recv(skl_sock *sk, skl_error *err)
{
	skl_skb *skb;
	int64_t len, ts;
	if (!sk->qlen)
		return skl_errorf(err, "recvmsg: %s has nothing queued (-EAGAIN)", sk->name), SKL_SKB_EINVAL;
	skb = sk->q[0];
	len = skb->len;
	ts = skb->sk_charge;
	unlink_skb(sk, skb);
	sk->received++;
	if (udp6(sk)) {
		/* skb_consume_udp(): udp_rmem_release(sk, truesize, 1), then the skb goes, no destructor */
		char d[160];
		skb->sk = NULL;
		udp_rmem_release(sk, ts, 1);
		counters(sk, d, sizeof(d));
		skl__net_op_event(skb, "udp_rmem_release", (uint64_t)ts, d);
		skl_kfree_skb(skb, err);
		return len;
	}
	skl_kfree_skb(skb, err); /* sock_rfree() as the destructor */
	if (sk->net->p.era == SKL_ERA_2_6_31 && accounted(sk) && sk->forward_alloc > page_size(sk->net))
		mem_reclaim(sk); /* skb_free_datagram(): sk_mem_reclaim_partial() */
	return len;
}

skl_skb *skl_sock_wmalloc(skl_sock *sk, uint32_t size, int force, int *rc, skl_error *err)
{
	skl_skb *skb;
	char d[256], c[160];
	if (rc)
		*rc = 0;
	if (!force && sk->wmem_alloc >= sk->sndbuf) {
		if (rc)
			*rc = SKL_SOCK_EAGAIN;
		skl_errorf(err, "sock_wmalloc: %s wmem_alloc %lld >= sndbuf %lld (the sender waits)", sk->name,
			   (long long)sk->wmem_alloc, (long long)sk->sndbuf);
		return NULL;
	}
	skb = skl_alloc_skb(sk->net, size, err);
	if (!skb) {
		if (rc)
			*rc = SKL_SKB_ENOMEM;
		return NULL;
	}
	sk->wmem_alloc += skb->truesize; /* skb_set_owner_w() */
	skb->sk = sk;
	skb->sk_side = 'w';
	skb->sk_charge = skb->truesize;
	wcounters(sk, c, sizeof(c));
	snprintf(d, sizeof(d), "skb_set_owner_w, truesize %lu charged: %s", (unsigned long)skb->truesize, c);
	skl__net_op_event(skb, "sock_wmalloc", size, d);
	return skb;
}

void skl_sock_free(skl_sock *sk)
{
	skl_net *net;
	skl_sock **pp;
	int i;
	if (!sk)
		return;
	net = sk->net;
	while (sk->qlen) { /* skb_queue_purge(&sk->sk_receive_queue) */
		skl_skb *skb = sk->q[0];
		unlink_skb(sk, skb); /* first: an skb with other users stays allocated */
		skl_kfree_skb(skb, NULL);
	}
	for (i = 0; i < net->nslots; i++) /* skbs in flight no longer charge it */
		if (net->slots[i] && net->slots[i]->sk == sk)
			net->slots[i]->sk = NULL;
	for (pp = &net->socks; *pp && *pp != sk; pp = &(*pp)->next)
		;
	if (*pp)
		*pp = sk->next;
	skl_free(sk->q);
	skl_free(sk);
}

void skl__net_socks_free(skl_net *net)
{
	while (net->socks) {
		skl_sock *sk = net->socks;
		net->socks = sk->next;
		skl_free(sk->q);
		skl_free(sk);
	}
}
