/*
 * skb_impl.h - the inside of the sk_buff model, shared by the model
 * (skb.c) and the TCP paths built on it (skb_path.c). Not installed.
 */
#ifndef SKLAB_SKB_IMPL_H
#define SKLAB_SKB_IMPL_H

#include "sklab/skb.h"

#include <stddef.h>
#include <stdint.h>

#define MAX_FRAGS 18 /* the largest MAX_SKB_FRAGS of the three eras */
#define MAX_REGIONS 16
#define HOT_LIST_LEN 128 /* 2.4 sysctl_hot_list_len */
#define DATAREF_SHIFT 16 /* 2.6+: SKB_DATAREF_SHIFT */
#define DATAREF_MASK 0xffffu

enum { HEAD_KMALLOC, HEAD_SMALL, HEAD_FRAG };
enum { FCLONE_UNAVAILABLE, FCLONE_ORIG, FCLONE_CLONE };

/* ---- types ---------------------------------------------------------------------- */

/* A block of pages a page-fragment allocator carves (page_frag_cache,
 * sk_sndmsg_page, sk_page_frag); freed when its last fragment goes. */
typedef struct frag_block frag_block;
struct frag_block {
	skl_addr addr;
	unsigned order;
	uint32_t size, used;
	int refs; /* fragments and heads in it, plus one while it is a pool's current block */
	frag_block *prev, *next;
};

typedef struct frag_pool {
	const char *name;
	unsigned order; /* preferred; falls back to a single page */
	frag_block *cur;
} frag_pool;

typedef struct skb_frag {
	frag_block *blk;
	uint32_t off, size;
} skb_frag;

/* A named range of the head buffer, with what the model needs to keep the
 * layer's lengths and checksums right. */
typedef struct hregion {
	skl_skb_region r;
	int layer; /* written by push_hdr/put_hdr: kind is meaningful */
	skl_hdr_kind kind;
	int auto_len; /* IPv4 tot_len / UDP len follow what comes after */
	uint32_t saddr, daddr;
} hregion;

/* The head buffer and its skb_shared_info: shared by clones. */
typedef struct skb_head {
	skl_addr addr;
	uint32_t req; /* bytes asked for: writes stay inside */
	uint32_t obj; /* bytes of the object that holds them */
	int kind;
	char cache[32];
	frag_block *blk; /* HEAD_FRAG */
	uint32_t dataref;
	int nr_frags;
	skb_frag frags[MAX_FRAGS];
	hregion regions[MAX_REGIONS];
	int nregions;
	int hostrefs; /* skl_skb structs pointing here */
	/* skb_shared_info's GSO fields and frag_list (skb_gso.c) */
	uint32_t gso_size, gso_segs, gso_type;
	skl_skb **frag_list; /* owned: freed with the last dataref */
	int nfrag_list, capfrag_list;
} skb_head;

/* An skbuff_fclone_cache object: two sk_buffs and fclone_ref. */
typedef struct fclone_grp {
	skl_addr addr;
	int ref;
	int companion_busy;
} fclone_grp;

struct skl_skb {
	skl_net *net;
	uint64_t id;
	int slot;
	char name[32], dev[16];
	skl_addr addr;
	int fclone;
	fclone_grp *fc;
	skb_head *h;
	int64_t data, tail; /* offsets from head (data < 0 after skb_under_panic) */
	uint32_t end, len, data_len, truesize, users;
	int cloned, nohdr, head_frag, sk_owned;
	struct skl_sock *sk; /* the socket it is charged to (sock.c), NULL = none */
	int sk_side;	     /* 'r': skb_set_owner_r, 'w': skb_set_owner_w */
	uint32_t sk_charge;  /* the truesize charged (released whole, whatever truesize became) */
	int32_t mark[3];
	uint16_t protocol;
	char last_op[96];
	char panic[256];
	char *report;
	int panicked;
	/* GRO (skb_gso.c): NAPI_GRO_CB(skb)->last and ->count, and the skb
	 * whose frag_list holds this one (NULL = none) */
	skl_skb *gro_last;
	int gro_count;
	skl_skb *fl_owner;
};

struct skl_net {
	skl_kernel *k;
	skl_skb_params p;
	skl_cache *head_cache, *fclone_cache, *small_cache;
	skl_layout *skb_type; /* skbuff_head_cache's type, or NULL */
	skl_skb **slots;
	uint32_t *gen;
	int nslots, capslots, nlive;
	skl_addr **hot; /* 2.4 skb_head_pool per CPU */
	int *nhot;
	unsigned ncpu;
	frag_pool rx, tx;
	frag_block *blocks;
	char caller[48];
	int die_counter;
	struct skl_sock *socks;	   /* sock.c: the machine's sockets, newest first */
	uint64_t sock_seq;	   /* ids handed out */
	int64_t sock_mem_pages[2]; /* memory_allocated of UDP and raw (SK_MEM_QUANTUM pages) */
	char last_report[1024];
};

/* ---- skb.c services for the paths --------------------------------------------- */

/* strlcpy: src (NULL = "") into dst of n bytes, cut quietly to fit. */
void skl__net_copy_str(char *dst, size_t n, const char *src);
/* A page fragment of size bytes from fp added to skb, its bytes from fill
 * at fill_off (skb_fill_page_desc and the len/truesize updates of
 * skb_add_rx_frag and tcp_sendmsg). 0, or an SKL_SKB_E* code with err set. */
int skl__net_frag_add(skl_skb *skb, frag_pool *fp, uint32_t size, uint32_t truesize, const skl_payload *fill,
		      uint32_t fill_off, skl_error *err);
/* An SKL_EV_SKB_OP event: op, its argument, the skb's fields and extra. */
void skl__net_op_event(skl_skb *skb, const char *op, uint64_t arg, const char *extra);
/* A named region of h's bytes (a header, the payload) for views; regions
 * it overwrites are dropped. NULL when off < 0 or len is 0. */
hregion *skl__net_region_add(skb_head *h, const char *name, int64_t off, uint32_t len, const char *detail);
/* "op(name, arg)" as the skb's last operation, for panic reports. */
void skl__net_set_last_op(skl_skb *skb, const char *op, int has_arg, long long arg);

/* ---- skb_gso.c services for skb.c ----------------------------------------------- */

/* Frees h's frag_list members (skb_drop_fraglist) when its data goes. */
void skl__net_fraglist_drop(skb_head *h);
/* skb_copy_bits' walk over the frag_list: len bytes from pos (an offset
 * into the frag_list's bytes). 0 or -1. */
int skl__net_fraglist_copy(const skb_head *h, uint64_t pos, uint8_t *to, uint32_t len);
/* layers_fix() of skb.c: the lengths and checksums of the layers in the
 * linear data brought up to date. */
void skl__net_layers_fix(skl_skb *skb);

/* ---- sock.c services for the sk_buff model ------------------------------------- */

/* The skb's destructor (sock_rfree, sock_wfree, 6.x UDP's release): called
 * by __kfree_skb before anything is freed, when skb->sk is set. */
void skl__sock_skb_destruct(skl_skb *skb);
/* Frees the net's sockets' host memory (skl_net_free). */
void skl__net_socks_free(skl_net *net);

#endif
