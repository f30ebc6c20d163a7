/* struct sk_buff and skb_shared_info roughly as Linux 2.6.31 had them
 * (the kernel of seed thread 003), with their config options.
 * sklab-config: CONFIG_NET_SCHED CONFIG_XFRM CONFIG_NETWORK_SECMARK
 */
#ifndef CORPUS_SK_BUFF_H
#define CORPUS_SK_BUFF_H

typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned long long __u64;
typedef __u16 __be16;
typedef __u32 __wsum;
typedef unsigned int sk_buff_data_t;
typedef struct { int counter; } atomic_t;
typedef __u64 ktime_t;

struct sock;
struct net_device;
struct dst_entry;
struct rtable;
struct sec_path;
struct nf_conntrack;
struct page;

#define MAX_SKB_FRAGS 18

struct skb_frag_struct {
	struct page *page;
	__u32 page_offset;
	__u32 size;
};

struct skb_shared_info {
	atomic_t dataref;
	unsigned short nr_frags;
	unsigned short gso_size;
	unsigned short gso_segs;
	unsigned short gso_type;
	unsigned int ip6_frag_id;
	union {
		struct {
			__u8 tx_flags;
		};
		__u8 flags;
	};
	struct sk_buff *frag_list;
	struct skb_frag_struct frags[MAX_SKB_FRAGS];
	void *destructor_arg;
};

struct sk_buff {
	struct sk_buff *next;
	struct sk_buff *prev;
	struct sock *sk;
	ktime_t tstamp;
	struct net_device *dev;
	unsigned long _skb_dst;
#ifdef CONFIG_XFRM
	struct sec_path *sp;
#endif
	char cb[48] __attribute__((aligned(8)));
	unsigned int len, data_len;
	__u16 mac_len, hdr_len;
	union {
		__wsum csum;
		struct {
			__u16 csum_start;
			__u16 csum_offset;
		};
	};
	__u32 priority;
	__u8 local_df:1, cloned:1, ip_summed:2, nohdr:1, nfctinfo:3;
	__u8 pkt_type:3, fclone:2, ipvs_property:1, peeked:1, nf_trace:1;
	__be16 protocol;
	void (*destructor)(struct sk_buff *skb);
#if defined(CONFIG_NF_CONNTRACK) || defined(CONFIG_NF_CONNTRACK_MODULE)
	struct nf_conntrack *nfct;
	struct sk_buff *nfct_reasm;
#endif
	int iif;
	__u16 queue_mapping;
#ifdef CONFIG_NET_SCHED
	__u16 tc_index;
#ifdef CONFIG_NET_CLS_ACT
	__u16 tc_verd;
#endif
#endif
	__u8 ndisc_nodetype:2;
	__u8 do_not_encrypt:1;
	__u8 requeue:1;
#ifdef CONFIG_NET_DMA
	unsigned int dma_cookie;
#endif
#ifdef CONFIG_NETWORK_SECMARK
	__u32 secmark;
#endif
	__u32 mark;
	__u16 vlan_tci;
	sk_buff_data_t transport_header;
	sk_buff_data_t network_header;
	sk_buff_data_t mac_header;
	sk_buff_data_t tail;
	sk_buff_data_t end;
	unsigned char *head, *data;
	unsigned int truesize;
	atomic_t users;
};

#endif
