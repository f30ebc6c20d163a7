/*
 * skb.h - the sk_buff model: struct sk_buff objects from the machine's
 * skbuff_head_cache, head buffers from kmalloc (or the 6.x small-head cache
 * or a page fragment), with head/data/tail/end, len/data_len, truesize,
 * users, dataref and clones as Linux kept them in three eras: 2.4 (i386),
 * 2.6.31 and 6.x (x86_64). Every operation checks what that era's kernel
 * checked and nothing more; overrunning the buffer produces the era's
 * skb_over_panic/skb_under_panic text (or the BUG_ON report of the Aug 2009
 * inlining patch) as an event and an error code, never a crash of sklab.
 *
 * A net (skl_net) is the networking core of one machine: its era, its skb
 * caches (created on first use), its page-fragment pools and options. An
 * skb (skl_skb) is a handle; kfree_skb invalidates it, so bindings should
 * keep skl_skb_id() and resolve it with skl_net_skb() on each call.
 *
 * Offsets ("off") are from head unless said otherwise. Nothing here reads a
 * clock or prints; host memory comes from skl_malloc & co.; packet bytes go
 * into the simulated machine's RAM through skl_kernel_bytes().
 */
#ifndef SKLAB_SKB_H
#define SKLAB_SKB_H

#include "sklab/kernel.h"
#include "sklab/pcap.h"
#include "sklab/pkt.h"
#include "sklab/skb_snap.h"

typedef struct skl_net skl_net;
typedef struct skl_skb skl_skb;

/* ---- eras and results ------------------------------------------------------ */

typedef enum skl_skb_era { SKL_ERA_AUTO = 0, SKL_ERA_2_4, SKL_ERA_2_6_31, SKL_ERA_6_X } skl_skb_era;

/* What every operation returns (>= 0 is success; some return a value). */
enum {
	SKL_SKB_OK = 0,
	SKL_SKB_ENOMEM = -1, /* the kernel returned NULL or -ENOMEM (simulated RAM, or the host, ran out) */
	SKL_SKB_EPANIC = -2, /* the kernel BUG()ed: err->msg holds the panic line, skl_skb_report() all of it */
	SKL_SKB_EINVAL = -3, /* sklab refused: bad argument, not in this era, or the skb died in a BUG() */
	SKL_SKB_E2BIG = -4   /* skb_gro_receive's -E2BIG: the merge would pass a limit (skb_gso.c) */
};

/* "2.4", "2.6.31", "6.x" ("auto" for SKL_ERA_AUTO). */
const char *skl_skb_era_name(skl_skb_era e);
/* Accepts the names above; -1 for anything else. */
int skl_skb_era_parse(const char *s, skl_skb_era *out);
/* The era that models a kernel version: 2.4.x -> 2.4, 2.6.x -> 2.6.31, else 6.x. */
skl_skb_era skl_skb_era_of_version(skl_kversion v);

/* ---- the networking core of a machine ------------------------------------------- */

typedef struct skl_net_opts {
	skl_skb_era era;	 /* AUTO = from the profile's kernel version */
	int bug_on;		 /* the Aug 2009 patch: skb_put/skb_push inline with BUG_ON (2.6.31 only) */
	uint32_t max_tcp_header; /* 0 = the era's (160, 304, 192) */
	uint32_t skb_size;	 /* sizeof(struct sk_buff); 0 = the era's (144*, 232, 224) */
	uint32_t shinfo_size;	 /* sizeof(struct skb_shared_info); 0 = the era's (60, 496, 320) */
	int hot_list_len;	 /* 2.4 sysctl_hot_list_len: -1 = 128, 0 = no per-CPU skb_head_pool */
	/* (*) 2.4: 144 plus the members under the profile's CONFIG_NETFILTER,
	 * CONFIG_NETFILTER_DEBUG, CONFIG_HIPPI and CONFIG_NET_SCHED (160 with
	 * NETFILTER + NET_SCHED). */
	/* struct sk_buff's layout, the type of skbuff_head_cache's objects (so
	 * views can open it); NULL = none. Used only when its size is the
	 * era's sizeof(struct sk_buff). Copied. */
	const skl_layout *skb_type;
} skl_net_opts;

/* What the model computes with (the era's constants after options). */
typedef struct skl_skb_params {
	skl_skb_era era;
	const char *name; /* "2.4", ... */
	uint32_t skb_size, shinfo_size;
	uint32_t fclone_size;	  /* 2.6+: the skbuff_fclone_cache object (2 sk_buffs + a refcount) */
	uint32_t small_head_size; /* 6.x: the skbuff_small_head object (SKB_SMALL_HEAD_CACHE_SIZE) */
	uint32_t max_skb_frags;	  /* 6, 18, 17 */
	uint32_t net_skb_pad;	  /* 16, 32, max(32, L1) */
	uint32_t net_ip_align;	  /* 2 (2.4 drivers by hand), 2, 0 on x86 */
	uint32_t max_tcp_header;
	uint32_t smp_cache_bytes; /* SKB_DATA_ALIGN's unit: the profile's L1 line */
	int offsets;		  /* tail/end are offsets from head (64-bit, 2.6.22+) */
	unsigned ptr_bytes;
	int bug_on;
	int hot_list_len;
} skl_skb_params;

skl_net *skl_net_new(skl_kernel *k, const skl_net_opts *o, skl_error *err);
/* Frees the model's host memory. The simulated objects stay allocated in the
 * machine (as a kernel's would): free the net before the kernel. */
void skl_net_free(skl_net *net);
skl_kernel *skl_net_kernel(const skl_net *net);
void skl_net_params(const skl_net *net, skl_skb_params *out);
/* The function panics name as "text:" (a simulated address inside it):
 * NULL = "sklab_scenario". The path helpers set the kernel's own callers. */
void skl_net_set_caller(skl_net *net, const char *fn);
/* struct sk_buff's layout, the type of skbuff_head_cache's objects, or
 * NULL (see skl_net_opts.skb_type). */
const skl_layout *skl_net_skb_type(const skl_net *net);
/* The last kernel report on this machine ("" when none). */
const char *skl_net_last_report(const skl_net *net);

/* ---- handles ---------------------------------------------------------------------- */

uint64_t skl_skb_id(const skl_skb *skb);
skl_skb *skl_net_skb(const skl_net *net, uint64_t id); /* NULL once freed */
int skl_net_nskbs(const skl_net *net);		       /* live sk_buffs */
skl_skb *skl_net_skb_at(const skl_net *net, int i);    /* in creation order */
skl_net *skl_skb_net(const skl_skb *skb);
void skl_skb_set_name(skl_skb *skb, const char *name); /* for views: "skb", "clone" */
const char *skl_skb_name(const skl_skb *skb);
void skl_skb_set_dev(skl_skb *skb, const char *dev); /* skb->dev; NULL = none ("<NULL>" in panics) */

/* ---- allocation and freeing --------------------------------------------------------- */

/* alloc_skb(size, GFP_KERNEL): NULL with err set when memory ran out. */
skl_skb *skl_alloc_skb(skl_net *net, uint32_t size, skl_error *err);
/* alloc_skb_fclone (2.6+): the sk_buff comes from skbuff_fclone_cache with
 * a free companion for the first clone. */
skl_skb *skl_alloc_skb_fclone(skl_net *net, uint32_t size, skl_error *err);
/* dev_alloc_skb(len): 2.4 alloc_skb(len + 16) + reserve 16; 2.6.31
 * alloc_skb(len + NET_SKB_PAD) + reserve; 6.x netdev_alloc_skb(NULL, len). */
skl_skb *skl_dev_alloc_skb(skl_net *net, uint32_t len, skl_error *err);
/* netdev_alloc_skb(dev, len) (2.6+): len + NET_SKB_PAD, reserve NET_SKB_PAD,
 * skb->dev = dev; 6.x takes a page-fragment head for mid-sized requests. */
skl_skb *skl_netdev_alloc_skb(skl_net *net, const char *dev, uint32_t len, skl_error *err);
/* netdev_alloc_skb_ip_align(dev, len): netdev_alloc_skb(len + NET_IP_ALIGN)
 * + reserve NET_IP_ALIGN (2.6+). */
skl_skb *skl_netdev_alloc_skb_ip_align(skl_net *net, const char *dev, uint32_t len, skl_error *err);
/* skb_clone: a new sk_buff sharing the head (dataref + 1, both cloned). */
skl_skb *skl_skb_clone(skl_skb *skb, skl_error *err);
/* skb_copy: a private linear copy (frags flattened), same headroom. */
skl_skb *skl_skb_copy(skl_skb *skb, skl_error *err);
/* pskb_copy: a private copy of the linear part; frags shared. */
skl_skb *skl_pskb_copy(skl_skb *skb, skl_error *err);
/* kfree_skb: drops one user; the last frees the sk_buff (the handle is then
 * gone) and drops a dataref, the last of which frees the head and frags.
 * Returns 1 when the sk_buff was freed, 0 when only users dropped. */
int skl_kfree_skb(skl_skb *skb, skl_error *err);
/* skb_get: users + 1. */
void skl_skb_get(skl_skb *skb);

/* ---- operations ---------------------------------------------------------------------- */

/* skb_reserve (unchecked; 2.4 takes it unsigned, 2.6+ as int). */
int skl_skb_reserve(skl_skb *skb, int32_t len, skl_error *err);
/* skb_put: *start (may be NULL) = offset of the new area; panics past end. */
int skl_skb_put(skl_skb *skb, uint32_t len, uint32_t *start, skl_error *err);
/* __skb_put: no bounds check (the linear assert stays). */
int skl_skb_put_unchecked(skl_skb *skb, uint32_t len, uint32_t *start, skl_error *err);
/* skb_push: panics below head. */
int skl_skb_push(skl_skb *skb, uint32_t len, skl_error *err);
/* __skb_push: no check. */
int skl_skb_push_unchecked(skl_skb *skb, uint32_t len, skl_error *err);
/* skb_pull: 1 = pulled, 0 = the kernel returned NULL (len > skb->len, nothing
 * changed); BUG when the linear part would go negative. */
int skl_skb_pull(skl_skb *skb, uint32_t len, skl_error *err);
/* __skb_pull: no len check (the linear BUG stays). */
int skl_skb_pull_unchecked(skl_skb *skb, uint32_t len, skl_error *err);
/* skb_trim(skb, len): acts only when len < skb->len. */
int skl_skb_trim(skl_skb *skb, uint32_t len, skl_error *err);
/* pskb_expand_head(skb, nhead, ntail, GFP_ATOMIC): 0 or SKL_SKB_ENOMEM (skb unchanged). */
int skl_pskb_expand_head(skl_skb *skb, int32_t nhead, int32_t ntail, skl_error *err);
/* skb_cow(skb, headroom). */
int skl_skb_cow(skl_skb *skb, uint32_t headroom, skl_error *err);
/* skb->sk = sk: the pointer skb_set_owner_r/w store (include/net/sock.h),
 * written into the struct sk_buff object's own bytes at its sk member (a
 * write the cache model sees), so views draw the skb's arrow to the sock
 * object it belongs to; 0 = NULL. The accounting of an owner is the
 * socket model's (sock.h). Needs the profile's layout set to have struct
 * sk_buff (linux-6.18's does) and the skb in skbuff_head_cache. */
int skl_skb_set_sk(skl_skb *skb, skl_addr sk, skl_error *err);
/* skb_header_release (2.6+): nohdr = 1, dataref += 1 << 16. */
int skl_skb_header_release(skl_skb *skb, skl_error *err);
/* skb_add_rx_frag: a page fragment of size bytes (filled from `fill`, or
 * zeros) from the machine's page-fragment pool; len, data_len += size,
 * truesize += truesize (0 = size). */
int skl_skb_add_rx_frag(skl_skb *skb, uint32_t size, uint32_t truesize, const skl_payload *fill, skl_error *err);

/* Header marks: skb_reset_mac_header etc. set the mark at data + delta. */
typedef enum skl_skb_mark { SKL_MARK_MAC, SKL_MARK_NETWORK, SKL_MARK_TRANSPORT } skl_skb_mark;
int skl_skb_set_header(skl_skb *skb, skl_skb_mark m, int32_t delta_from_data, skl_error *err);
int32_t skl_skb_header(const skl_skb *skb, skl_skb_mark m); /* offset from head, -1 = not set */

/* ---- queries ------------------------------------------------------------------------- */

int32_t skl_skb_headroom(const skl_skb *skb);
int32_t skl_skb_tailroom(const skl_skb *skb); /* 0 when nonlinear */
uint32_t skl_skb_headlen(const skl_skb *skb);
int32_t skl_skb_data_off(const skl_skb *skb);
int64_t skl_skb_tail_off(const skl_skb *skb);
uint32_t skl_skb_end_off(const skl_skb *skb);
uint32_t skl_skb_len(const skl_skb *skb);
uint32_t skl_skb_data_len(const skl_skb *skb);
uint32_t skl_skb_truesize(const skl_skb *skb);
uint32_t skl_skb_users(const skl_skb *skb);
uint32_t skl_skb_dataref(const skl_skb *skb); /* as stored (2.6+: split) */
int skl_skb_nr_frags(const skl_skb *skb);
int skl_skb_is_cloned(const skl_skb *skb); /* skb->cloned */
int skl_skb_cloned(const skl_skb *skb);	   /* the kernel's skb_cloned() */
int skl_skb_shared(const skl_skb *skb);	   /* users != 1 */
skl_addr skl_skb_addr(const skl_skb *skb); /* the struct sk_buff */
skl_addr skl_skb_head_addr(const skl_skb *skb);
/* The head buffer's size and where it came from ("size-2048", "kmalloc-2k",
 * "skbuff_small_head", "page_frag", "pages"). */
uint32_t skl_skb_buf_size(const skl_skb *skb);
/* skb->protocol in host order (eth_type_trans sets it; 0 until then). */
uint16_t skl_skb_protocol(const skl_skb *skb);
const char *skl_skb_head_cache(const skl_skb *skb);
int skl_skb_panicked(const skl_skb *skb);
/* The last kernel report about this skb (panic, BUG, WARN), "" when none. */
const char *skl_skb_report(const skl_skb *skb);

/* ---- bytes and regions ------------------------------------------------------------------ */

/* Real bytes of the head buffer; off may be anywhere in the allocation
 * (headroom, data, tailroom, even over skb_shared_info as a buggy driver
 * would). -1 outside the allocation (nothing is written then). */
int skl_skb_write(skl_skb *skb, int64_t off, const void *p, uint32_t n, skl_error *err);
int skl_skb_read(const skl_skb *skb, int64_t off, void *p, uint32_t n);
/* skb_copy_bits: len bytes from data + offset (offset may be negative, into
 * the headroom), the linear part then the frags. 0 or -1 (out of range). */
int skl_skb_copy_bits(const skl_skb *skb, int32_t offset, void *to, uint32_t len);
/* Names bytes of the head buffer for views (replaces regions it overlaps). */
int skl_skb_mark_region(skl_skb *skb, const char *name, int64_t off, uint32_t len, const char *detail);

/* A layer pushed in front of data (skb_push) or put at tail (skb_put): its
 * bytes are written, checksums and IPv4/UDP lengths of the layers in the
 * linear data are brought up to date, the region recorded, and the header
 * mark set (ethhdr: mac, iphdr: network, tcphdr/udphdr: transport). The
 * unchecked flag uses __skb_push/__skb_put. */
int skl_skb_push_hdr(skl_skb *skb, const skl_hdr *h, int unchecked, skl_error *err);
int skl_skb_put_hdr(skl_skb *skb, const skl_hdr *h, int unchecked, skl_error *err);

/* ---- views and captures --------------------------------------------------------------------- */

/* What views draw. 0, or -1 when out is NULL. shared_with is -1. */
int skl_skb_snapshot(const skl_skb *skb, skl_skb_snap *out);
/* n snapshots at once; shared_with links those sharing a head buffer. */
int skl_skb_snapshot_group(const skl_skb *const *skbs, int n, skl_skb_snap *out);
/* The frame from data (skb->len bytes, frags included) as one pcap record. */
int skl_skb_pcap(const skl_skb *skb, skl_pcap *p, skl_error *err);

/* ---- paths: an outgoing TCP segment and an incoming frame, step by step ----------------------- */

typedef struct skl_path_opts {
	skl_flow flow;	     /* addresses, ports, sequence numbers */
	skl_payload payload; /* len 0 = 1448 (one MSS with timestamps) */
	int no_sg;	     /* 2.6.31: a route without scatter-gather: payload linear */
	uint32_t rx_buf_len; /* RX: the driver's buffer (2.6.31, 6.x); 0 = 1536 */
	const char *dev;     /* NULL = "eth0" */
} skl_path_opts;

void skl_path_opts_default(skl_path_opts *o);

typedef struct skl_skb_path skl_skb_path;

/* TX steps: alloc (tcp_alloc_pskb / sk_stream_alloc_skb / tcp_stream_alloc_skb:
 * reserve MAX_TCP_HEADER), copy (the payload: linear or page frags), clone
 * (tcp_transmit_skb), tcp (push the TCP header), ip (push IPv4), eth
 * (neigh_hh_output: 16 bytes of hh_data, push 14), xmit (the driver sends
 * and frees the clone), ack (the ACK frees the queued skb). */
skl_skb_path *skl_skb_tx_tcp_begin(skl_net *net, const skl_path_opts *o, skl_error *err);
int skl_skb_tx_tcp_alloc(skl_skb_path *p, skl_error *err);
int skl_skb_tx_tcp_copy(skl_skb_path *p, skl_error *err);
int skl_skb_tx_tcp_clone(skl_skb_path *p, skl_error *err);
int skl_skb_tx_tcp_push_tcp(skl_skb_path *p, skl_error *err);
int skl_skb_tx_tcp_push_ip(skl_skb_path *p, skl_error *err);
int skl_skb_tx_tcp_push_eth(skl_skb_path *p, skl_error *err);
int skl_skb_tx_tcp_xmit(skl_skb_path *p, skl_error *err);
int skl_skb_tx_tcp_ack(skl_skb_path *p, skl_error *err);

/* RX steps: alloc (the driver's buffer with NET_SKB_PAD and NET_IP_ALIGN),
 * dma (skb_put of the frame), eth (eth_type_trans pulls 14), netif
 * (netif_receive_skb sets the network header), ip (ip_rcv: may_pull,
 * trim to tot_len, transport header), deliver (ip_local_deliver_finish
 * pulls ihl*4), tcp (tcp_data_queue pulls doff*4), consume (kfree_skb). */
skl_skb_path *skl_skb_rx_tcp_begin(skl_net *net, const skl_path_opts *o, skl_error *err);
int skl_skb_rx_tcp_alloc(skl_skb_path *p, skl_error *err);
int skl_skb_rx_tcp_dma(skl_skb_path *p, skl_error *err);
int skl_skb_rx_tcp_eth(skl_skb_path *p, skl_error *err);
int skl_skb_rx_tcp_netif(skl_skb_path *p, skl_error *err);
int skl_skb_rx_tcp_ip(skl_skb_path *p, skl_error *err);
int skl_skb_rx_tcp_deliver(skl_skb_path *p, skl_error *err);
int skl_skb_rx_tcp_tcp(skl_skb_path *p, skl_error *err);
int skl_skb_rx_tcp_consume(skl_skb_path *p, skl_error *err);

/* One captured frame into a driver's buffer as the RX path's first three
 * steps put it: the era's allocation for len bytes (2.4 dev_alloc_skb(len
 * + 2) and skb_reserve(2); 2.6.31 netdev_alloc_skb(len + NET_IP_ALIGN) and
 * skb_reserve(NET_IP_ALIGN); 6.x napi_alloc_skb(len), which reserves
 * NET_SKB_PAD + NET_IP_ALIGN), skb_put(len), the bytes copied, the headers
 * present (Ethernet, IPv4, TCP or UDP, payload) decoded into regions as the
 * TX path's pushes name them, then eth_type_trans: mac header = data,
 * skb_pull(14), skb->protocol from the EtherType. len is 14 to 65535 bytes;
 * fewer than 14 is an error. caption (when non-NULL) says what was done.
 * The new skb, or NULL with err set. */
skl_skb *skl_skb_from_frame(skl_net *net, const char *dev, const uint8_t *frame, uint32_t len, char *caption,
			    size_t capsz, skl_error *err);

/* The next step, whatever it is: 1 = done one, 0 = none left, < 0 = error. */
int skl_skb_path_step(skl_skb_path *p, skl_error *err);
int skl_skb_path_nsteps(const skl_skb_path *p);
int skl_skb_path_ndone(const skl_skb_path *p);
const char *skl_skb_path_step_name(const skl_skb_path *p, int i); /* "alloc", "copy", ... NULL past the end */
/* What the last step did, with the offsets: "ip_queue_xmit: skb_push(clone, 20): data at +108". */
const char *skl_skb_path_caption(const skl_skb_path *p);
/* The queued (TX) or received (RX) skb, and the TX clone; NULL before they
 * exist and after they were freed. */
skl_skb *skl_skb_path_skb(const skl_skb_path *p);
skl_skb *skl_skb_path_clone(const skl_skb_path *p);
/* Frees the path; its skbs stay (free them or let the path's last steps do it). */
void skl_skb_path_end(skl_skb_path *p);

/* ---- GSO/TSO and GRO (2.6.31 and 6.x; skb_gso.c) --------------------------------------------- */

/* One sk_buff carrying up to 64 KB of TCP payload in page frags, with
 * skb_shared_info's gso_size (the MSS), gso_segs and gso_type, cut into
 * MSS-sized frames on transmit (skb_segment) and built from them on
 * receive (skb_gro_receive). 2.4 has none of it (GSO came in 2.6.18, GRO
 * in 2.6.29): every call below refuses a 2.4 net with SKL_SKB_EINVAL and
 * says so. */

#define SKL_GSO_TCPV4 1u       /* SKB_GSO_TCPV4 = 1 << 0 in 2.6.31 and 6.x */
#define SKL_GSO_MAX_SIZE 65536 /* 2.6.31 GSO_MAX_SIZE; 6.x GSO_LEGACY_MAX_SIZE */
#define SKL_GRO_MAX_SIZE 65536 /* 2.6.31's literal 65536; 6.x gro_max_size's default, GRO_LEGACY_MAX_SIZE */

/* tcp_sendmsg's copy of size bytes into the socket's page frag (6.x
 * sk_page_frag, 32 KiB blocks; 2.6.31 sk_sndmsg_page, one page), piece by
 * piece as the kernel's loop goes: each piece fills what is left of the
 * current block (or a fresh one), onto the last frag when it follows it
 * in the same block (skb_can_coalesce), else as a new frag. len,
 * data_len and truesize grow by size. Returns nr_frags; past
 * MAX_SKB_FRAGS it stops with SKL_SKB_EINVAL (the pieces before stay). */
int skl_skb_add_tx_frag(skl_skb *skb, uint32_t size, const skl_payload *fill, skl_error *err);
/* tcp_set_skb_tso_segs(): gso_size = mss, gso_segs = DIV_ROUND_UP(payload,
 * mss), gso_type = type (0 = SKL_GSO_TCPV4). payload is len less the
 * headers in front of the TCP payload when the transport header is set
 * (the kernel counts skb->len before pushing them). mss 0 clears all three. */
int skl_skb_set_gso(skl_skb *skb, uint32_t mss, uint32_t type, skl_error *err);
uint32_t skl_skb_gso_size(const skl_skb *skb);
uint32_t skl_skb_gso_segs(const skl_skb *skb);
uint32_t skl_skb_gso_type(const skl_skb *skb);
/* skb_segment() under tcp_tso_segment/inet_gso_segment: skb is the frame
 * as the device sees it (data at the mac header, Ethernet + IPv4 + TCP
 * linear, gso_size set). Each segment is a new skb: alloc_skb(hsize +
 * doffset + headroom) with the same headroom, the doffset header bytes
 * copied, the payload's page frags referenced (get_page, split where a
 * segment boundary falls inside one), truesize += data_len; then the TCP
 * sequence number, PSH/FIN, the IPv4 id, lengths and checksums of each.
 * sg = 0: the payload is copied linear (a device without NETIF_F_SG).
 * Up to max segments go to segs; returns their number, or < 0 with err
 * set and nothing allocated. skb is left as it was. */
int skl_skb_segment(skl_skb *skb, int sg, skl_skb **segs, int max, skl_error *err);
/* skb_gro_receive() for one TCP flow: *head is the packet GRO holds (the
 * first call makes it so: NAPI_GRO_CB count 1, gso_size = its payload),
 * skb the next frame, both with data at the IPv4 header (after
 * eth_type_trans). Returns SKL_GRO_MERGED (skb now on head's frag_list),
 * SKL_GRO_MERGED_FREE (its frags, or its page-fragment head, moved into
 * the held packet and skb freed: its handle is gone), or SKL_SKB_E2BIG
 * (past SKL_GRO_MAX_SIZE, or 2.6.31 out of frags: complete *head and hold
 * skb instead). 2.6.31 may replace *head with a new header skb whose
 * frag_list holds the old one. */
enum { SKL_GRO_MERGED = 0, SKL_GRO_MERGED_FREE = 1 };
int skl_skb_gro_receive(skl_skb **head, skl_skb *skb, skl_error *err);
/* napi_gro_complete() + inet/tcp_gro_complete(): gso_segs = the frames
 * merged, gso_type TCPV4 (count 1: gso_size 0), IPv4 tot_len and
 * checksum for the whole packet. Returns the frames merged. */
int skl_skb_gro_complete(skl_skb *skb, skl_error *err);
/* Frames GRO merged into skb so far (NAPI_GRO_CB(skb)->count), 0 = none. */
int skl_skb_gro_count(const skl_skb *skb);
/* skb_shinfo(skb)->frag_list: its length and its members in order. */
int skl_skb_frag_list_len(const skl_skb *skb);
skl_skb *skl_skb_frag_list_at(const skl_skb *skb, int i);

#endif
