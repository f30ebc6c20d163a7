/* Sockets as Linux 2.4 and 2.6 laid them out, slimmed down: a common
 * head, per-protocol private areas in a union, and options. */
#ifndef CORPUS_KERNEL_SOCK_H
#define CORPUS_KERNEL_SOCK_H

typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef __u16 __be16;
typedef __u32 __be32;
typedef unsigned short sa_family_t;
typedef unsigned int socklen_t;
typedef struct { volatile int counter; } atomic_t;
typedef struct { volatile unsigned int lock; } spinlock_t;

struct sock;
struct proto;
struct dst_entry;

struct ip_options {
	__u32 faddr;
	unsigned char optlen;
	unsigned char srr;
	unsigned char rr;
	unsigned char ts;
	unsigned char is_setbyuser:1, is_data:1, is_strictroute:1, srr_is_hit:1, is_changed:1, rr_needaddr:1,
		ts_needtime:1, ts_needaddr:1;
	unsigned char router_alert;
	unsigned char __pad1;
	unsigned char __pad2;
	unsigned char __data[0];
};

struct tcp_opt {
	int tcp_header_len;
	__u32 pred_flags;
	__u32 rcv_nxt;
	__u32 snd_nxt;
	__u32 snd_una;
	__u32 snd_sml;
	__u32 rcv_tstamp;
	__u32 lrcvtime;
	struct {
		__u8 pending;
		__u8 quick;
		__u8 pingpong;
		__u8 blocked;
		__u32 ato;
		unsigned long timeout;
		__u32 lrcvtime;
		__u16 last_seg_size;
		__u16 rcv_mss;
	} ack;
	__u32 snd_wl1;
	__u32 snd_wnd;
	__u32 max_window;
	__u16 mss_cache;
	__u16 mss_clamp;
	__u8 ca_state;
	__u8 retransmits;
	__u8 reordering;
	__u8 queue_shrunk;
	__u8 defer_accept;
	__u8 backoff;
	__u32 srtt;
	__u32 mdev;
};

struct udp_opt {
	int pending;
	unsigned int corkflag;
	__u16 encap_type;
	__u16 len;
};

struct sock_common {
	unsigned short skc_family;
	volatile unsigned char skc_state;
	unsigned char skc_reuse;
	int skc_bound_dev_if;
	struct sock *skc_next;
	struct sock **skc_pprev;
	atomic_t skc_refcnt;
	unsigned int skc_hash;
	struct proto *skc_prot;
};

struct sock24 {
	__u32 daddr;
	__u32 rcv_saddr;
	__u16 dport;
	unsigned short num;
	int bound_dev_if;
	struct sock24 *next;
	struct sock24 **pprev;
	struct sock24 *bind_next;
	struct sock24 **bind_pprev;
	volatile unsigned char state, zapped;
	__u16 sport;
	unsigned short family;
	unsigned char reuse;
	unsigned char shutdown;
	atomic_t refcnt;
	spinlock_t lock;
	int rcvbuf;
	unsigned long lingertime;
	int sndbuf;
	struct ip_options *opt;
	unsigned char localroute;
	unsigned char protocol;
	union {
		struct tcp_opt af_tcp;
		struct udp_opt af_udp;
	} tp_pinfo;
	int err, err_soft;
	unsigned short ack_backlog;
	unsigned short max_ack_backlog;
	__u32 priority;
	unsigned short type;
	unsigned char bsdism;
	unsigned char debug;
	unsigned char rcvtstamp;
	unsigned char use_write_queue;
	unsigned char userlocks;
	int route_caps;
	void (*state_change)(struct sock24 *sk);
	void (*data_ready)(struct sock24 *sk, int bytes);
	void (*write_space)(struct sock24 *sk);
	void (*error_report)(struct sock24 *sk);
	int (*backlog_rcv)(struct sock24 *sk, void *skb);
	void (*destruct)(struct sock24 *sk);
};

struct sockaddr_in {
	sa_family_t sin_family;
	__be16 sin_port;
	struct { __be32 s_addr; } sin_addr;
	unsigned char __pad[16 - 2 - 2 - 4];
};

#endif
