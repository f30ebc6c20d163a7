/*
 * skb_snap.h - a snapshot of one sk_buff as views draw it: the head buffer
 * from head to end plus skb_shared_info, the data/tail pointers, the headers
 * pushed into it, clones sharing it, and a panic if the last operation hit
 * one. Plain values; the event log owns snapshots it is given.
 */
#ifndef SKLAB_SKB_SNAP_H
#define SKLAB_SKB_SNAP_H

#include "sklab/common.h"

#define SKL_SKB_SNAP_BYTES 256 /* packet bytes a snapshot keeps */

typedef struct skl_skb_region {
	char name[24];	   /* "ethhdr", "iphdr", "tcphdr", "payload", "shinfo" */
	uint32_t off, len; /* offset from head */
	uint32_t color;	   /* 0xRRGGBB suggestion, 0 = by name */
	char detail[160];  /* tooltip: "sport 80 dport 4242 seq 1 flags SA" */
} skl_skb_region;

typedef struct skl_skb_snap {
	char name[32];		  /* the scenario's name for it, "skb", "clone" */
	char era[16];		  /* "2.4", "2.6.31", "6.x" */
	uint64_t head_addr;	  /* simulated address of head */
	uint64_t skb_addr;	  /* simulated address of the struct sk_buff */
	uint32_t data, tail, end; /* offsets from head */
	uint32_t buf_size;	  /* bytes of the head allocation (kmalloc bucket or cache object) */
	uint32_t shinfo_size;
	uint32_t len, data_len, truesize;
	uint32_t users, dataref;
	int cloned;
	int offsets;	     /* 1 when tail/end are offsets in this era (64-bit 2.6.22+) */
	char head_cache[32]; /* "size-2048", "kmalloc-2048", "skbuff_small_head" */
	int nr_frags;
	uint32_t frag_len[17];
	skl_skb_region regions[16];
	int nregions;
	char last_op[64]; /* "skb_push(skb, 20)" */
	char panic[256];  /* the panic line when last_op panicked, "" otherwise */
	int shared_with;  /* index of another snapshot in the same SHOW sharing the head, -1 */
	/* Added with the sk_buff model (skb.h); appended so the fields above keep their places. */
	int32_t data_signed; /* data - head; below 0 after skb_under_panic, when data above reads 0 */
	int32_t mac_header, network_header, transport_header; /* offsets from head, -1 = not set */
	uint32_t headroom, tailroom, headlen; /* skb_headroom/skb_tailroom/skb_headlen (0 when negative) */
	uint32_t dataref_raw;	/* shinfo->dataref as stored: 2.6+ keeps payload-only refs << 16 | all refs */
	int nohdr;		/* 2.6+: the header part belongs to the clones (skb_header_release) */
	int head_frag;		/* 6.x: head is a page fragment (build_skb), not kmalloc */
	int fclone;		/* 0 = SKB_FCLONE_UNAVAILABLE, 1 = ORIG, 2 = CLONE (2.6+) */
	int panicked;		/* the kernel BUG()ed on this skb; it stays as it was left */
	uint64_t id;		/* the model's handle for it */
	char dev[16];		/* skb->dev's name, "" = none */
	uint32_t frag_size[18]; /* every frag's size when nr_frags exceeds frag_len's 17 */
	/* Added with GSO and GRO (skb_gso.c): skb_shared_info's gso fields, its
	 * frag_list, and where each frag lies (skb_frag_t's page and offset). */
	uint32_t gso_size, gso_segs, gso_type; /* 0 = not a GSO skb */
	int frag_list_n;		       /* skbs on frag_list */
	uint32_t frag_list_len;		       /* their bytes (part of data_len) */
	int gro_count;			       /* frames GRO merged into it, 0 = none */
	uint64_t frag_page[18];		       /* simulated address of each frag's page block */
	uint32_t frag_off[18];		       /* each frag's offset in that block */
	/* Added with the skb view's bytes pane: the linear packet's first
	 * bytes as the head buffer holds them, from the mac header (data
	 * when none is set) up to tail; at most SKL_SKB_SNAP_BYTES of them. */
	uint32_t bytes_from;  /* offset from head of bytes[0] */
	uint32_t bytes_total; /* bytes from there to tail (all of them, shown or not) */
	uint32_t nbytes;      /* of them in bytes[] */
	uint8_t bytes[SKL_SKB_SNAP_BYTES];
} skl_skb_snap;

#endif
