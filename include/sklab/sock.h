/*
 * sock.h - socket memory accounting on the sk_buff model: what a socket
 * owes for the skbs it holds, as each era counted it. A socket (skl_sock)
 * lives in a machine's networking core (skl_net); it has the counters of
 * struct sock that decide whether the next packet fits: sk_rmem_alloc and
 * sk_wmem_alloc (bytes charged for queued receive and in-flight transmit
 * skbs), sk_forward_alloc (bytes scheduled ahead from the protocol's page
 * pool, 2.6.25+) against sk_rcvbuf and sk_sndbuf. The charge is always
 * skb->truesize, never the payload: a 1-byte datagram costs its sk_buff,
 * its head and skb_shared_info.
 *
 * Modelled, per era (sources in sock.c): the generic receive path
 * sock_queue_rcv_skb() (2.4, 2.6.31, 6.x; raw sockets and 2.4/2.6.31 UDP),
 * 6.x UDP's __udp_enqueue_schedule_skb() and udp_rmem_release(),
 * skb_set_owner_r/w with sock_rfree/sock_wfree as the skb's destructor,
 * sk_rmem_schedule/__sk_mem_schedule with SK_MEM_QUANTUM = PAGE_SIZE, the
 * reclaim on dequeue, sock_wmalloc() against sk_sndbuf, and SO_RCVBUF /
 * SO_SNDBUF (doubled, clamped to rmem_max/wmem_max, at least the era's
 * minimum). Not modelled: TCP's own receive accounting (tcp_rmem,
 * collapsing, pruning), the protocol's memory-pressure limits (udp_mem,
 * tcp_mem: memory_allocated is counted, never refused), socket filters,
 * the backlog, memcg.
 *
 * Nothing here prints or reads a clock; each operation appends an
 * SKL_EV_SKB_OP event with the counters. A socket is a handle: bindings
 * keep skl_sock_id() and resolve it with skl_net_sock().
 */
#ifndef SKLAB_SOCK_H
#define SKLAB_SOCK_H

#include "sklab/skb.h"

typedef struct skl_sock skl_sock;

typedef enum skl_sock_proto {
	SKL_SOCK_UDP = 0, /* UDP: memory accounted from 2.6.25 (udp_memory_allocated) */
	SKL_SOCK_RAW	  /* a raw IPv4 socket: sock_queue_rcv_skb, no sk_forward_alloc */
} skl_sock_proto;

/* What receive and send return besides SKL_SKB_OK / SKL_SKB_EINVAL. */
enum {
	SKL_SOCK_ENOMEM = -12,	 /* -ENOMEM: the receive buffer is full (sk_rcvbuf), the skb is dropped */
	SKL_SOCK_ENOBUFS = -105, /* -ENOBUFS: the protocol refused to schedule memory */
	SKL_SOCK_EAGAIN = -11	 /* sock_wmalloc: sk_wmem_alloc reached sk_sndbuf (the caller would sleep) */
};

typedef struct skl_sock_opts {
	skl_sock_proto proto;
	/* setsockopt(SO_RCVBUF / SO_SNDBUF, val): 0 = the era's default;
	 * sk_rcvbuf becomes max(2 * min(val, rmem_max), SOCK_MIN_RCVBUF) */
	int64_t so_rcvbuf, so_sndbuf;
	const char *name; /* for events; NULL = "sk" */
} skl_sock_opts;

typedef struct skl_sock_stats {
	int64_t rmem_alloc;	   /* sk_rmem_alloc */
	int64_t wmem_alloc;	   /* sk_wmem_alloc (6.x: a refcount that starts at 1) */
	int64_t forward_alloc;	   /* sk_forward_alloc (0 where not accounted) */
	int64_t rcvbuf, sndbuf;	   /* sk_rcvbuf, sk_sndbuf */
	int64_t forward_deficit;   /* 6.x UDP: bytes read but not yet released (udp_sock) */
	int64_t memory_allocated;  /* the protocol's pages, all sockets of this machine */
	int qlen;		   /* skbs on the receive queue */
	uint64_t drops;		   /* sk_drops: refused receives */
	uint64_t queued, received; /* skbs queued, skbs read */
} skl_sock_stats;

/* A socket with the era's defaults and the options' buffer sizes; NULL
 * with err set when the host is out of memory. */
skl_sock *skl_sock_new(skl_net *net, const skl_sock_opts *o, skl_error *err);
/* Closes it: the receive queue is purged (its skbs freed, their charges
 * returned), skbs it owns for transmit are let go of (they no longer
 * charge it), then the socket goes. NULL is fine. */
void skl_sock_free(skl_sock *sk);
uint64_t skl_sock_id(const skl_sock *sk);
skl_sock *skl_net_sock(const skl_net *net, uint64_t id); /* NULL once freed */
const char *skl_sock_name(const skl_sock *sk);
skl_sock_proto skl_sock_protocol(const skl_sock *sk);
void skl_sock_stats_get(const skl_sock *sk, skl_sock_stats *out);
/* The era's defaults of this machine: sysctl_rmem_default/wmem_default
 * (what a socket starts with) and rmem_max/wmem_max (SO_*BUF's clamp). */
void skl_sock_defaults(const skl_net *net, int64_t *rmem_default, int64_t *wmem_default, int64_t *rmem_max,
		       int64_t *wmem_max);

/* Receive: the protocol's queueing of skb on sk (sock_queue_rcv_skb, or
 * 6.x UDP's __udp_enqueue_schedule_skb). 0: the socket owns the skb (it is
 * on the receive queue, charged its truesize). SKL_SOCK_ENOMEM or
 * SKL_SOCK_ENOBUFS: dropped, sk_drops + 1, nothing charged; the skb stays
 * the caller's to free, as the kernel's caller frees it. SKL_SKB_EINVAL
 * with err set: the skb already belongs to a socket, or died in a BUG. */
int skl_sock_queue_rcv(skl_sock *sk, skl_skb *skb, skl_error *err);
/* The application reads the first queued skb (recvmsg): it is unlinked
 * and freed, its charge released the era's way. Returns its len, or
 * SKL_SKB_EINVAL when the queue is empty (err set). */
int64_t skl_sock_recv(skl_sock *sk, skl_error *err);
/* sock_wmalloc(sk, size, force): alloc_skb(size) charged to sk_wmem_alloc
 * (skb_set_owner_w; sock_wfree when it is freed). NULL with err set and
 * *rc = SKL_SOCK_EAGAIN when sk_wmem_alloc >= sk_sndbuf and not force, or
 * SKL_SKB_ENOMEM when the allocation failed. rc may be NULL. */
skl_skb *skl_sock_wmalloc(skl_sock *sk, uint32_t size, int force, int *rc, skl_error *err);
/* The socket an skb is charged to (NULL when none), and for which side:
 * 'r' (receive), 'w' (transmit), 0. */
skl_sock *skl_skb_sock(const skl_skb *skb, int *side);

#endif
