/*
 * linux-2.4.16-i386.h - the Linux 2.4.16 socket structs, and the slim
 * objects of the Dec 2001 struct sock cleanup, written as plain C.
 *
 * This is the independent cross-check of the Lua files in assets/layouts/linux-2.4.16/:
 * the same structs, members, types and order, compiled by gcc -m32 and read
 * back with pahole. It is test data, not part of the program.
 *
 * Pick the kernel configuration with -D, as the kernel's config.h would:
 *   -DCONFIG_INET -DCONFIG_FILTER -DCONFIG_IPV6 -DCONFIG_DECNET ...
 *   (a module, e.g. -DCONFIG_IPV6_MODULE, counts the same as built in)
 * and the lock model with:
 *   -DCONFIG_SMP                   SMP locks: one volatile unsigned int
 *   -DCONFIG_SMP -DCONFIG_DEBUG_SPINLOCK   SMP locks plus a magic word
 *   -DSKLAB_GCC3_UP                UP kernel built by gcc >= 3: empty locks
 * With none of the lock options the kernel is UP built by gcc 2.9x, whose
 * locks hold one int ("gcc_is_buggy"): 4 bytes, like SMP. That is what the
 * Dec 2001 slabinfo figures need.
 *
 * Field names, types and order follow the 2.4.16 headers (include/net/sock.h,
 * include/linux/{spinlock,wait,timer,skbuff,socket,in6,icmp,icmpv6,dn,atalk}.h,
 * include/net/{dn,ipx,spx}.h, include/asm-i386/{atomic,semaphore,spinlock}.h).
 * Typedefs of anonymous structs keep the kernel's form here; the Lua data
 * gives them a tag of the same name (struct atomic_t), which pahole does not
 * show in a member's type.
 */
#ifndef SKLAB_TEST_LINUX_2_4_16_I386_H
#define SKLAB_TEST_LINUX_2_4_16_I386_H

/* ==== base: kernel primitives ============================================ */

/* asm-i386/types.h, linux/types.h, asm-i386/posix_types.h */
typedef unsigned char __u8;
typedef unsigned short __u16;
typedef unsigned int __u32;
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef long __kernel_time_t;
typedef long __kernel_suseconds_t;
typedef __kernel_time_t time_t;
typedef __kernel_suseconds_t suseconds_t;

/* asm-i386/atomic.h */
typedef struct {
	volatile int counter;
} atomic_t;

/* linux/spinlock.h (UP) and asm-i386/spinlock.h (SMP) */
typedef struct {
#if defined(CONFIG_SMP)
	volatile unsigned int lock;
#if defined(CONFIG_DEBUG_SPINLOCK)
	unsigned int magic;
#endif
#elif !defined(SKLAB_GCC3_UP)
	int gcc_is_buggy;
#endif
} spinlock_t;

typedef struct {
#if defined(CONFIG_SMP)
	volatile unsigned int lock;
#if defined(CONFIG_DEBUG_SPINLOCK)
	unsigned int magic;
#endif
#elif !defined(SKLAB_GCC3_UP)
	int gcc_is_buggy;
#endif
} rwlock_t;

/* linux/list.h */
struct list_head {
	struct list_head *next;
	struct list_head *prev;
};

/* linux/wait.h: wq_lock_t is a macro for spinlock_t in 2.4.16 */
struct __wait_queue_head {
	spinlock_t lock;
	struct list_head task_list;
};
typedef struct __wait_queue_head wait_queue_head_t;

/* asm-i386/semaphore.h */
struct semaphore {
	atomic_t count;
	int sleepers;
	wait_queue_head_t wait;
};

/* linux/timer.h */
struct timer_list {
	struct list_head list;
	unsigned long expires;
	unsigned long data;
	void (*function)(unsigned long);
};

/* linux/skbuff.h */
struct sk_buff_head {
	struct sk_buff *next;
	struct sk_buff *prev;
	__u32 qlen;
	spinlock_t lock;
};

/* linux/time.h */
struct timeval {
	time_t tv_sec;
	suseconds_t tv_usec;
};

/* linux/socket.h */
struct ucred {
	__u32 pid;
	__u32 uid;
	__u32 gid;
};

/* linux/in6.h */
struct in6_addr {
	union {
		__u8 u6_addr8[16];
		__u16 u6_addr16[8];
		__u32 u6_addr32[4];
	} in6_u;
};

/* linux/icmp.h, linux/icmpv6.h */
struct icmp_filter {
	__u32 data;
};

struct icmp6_filter {
	__u32 data[8];
};

/* net/sock.h */
typedef struct {
	spinlock_t slock;
	unsigned int users;
	wait_queue_head_t wq;
} socket_lock_t;

/* linux/slab.h */
typedef struct kmem_cache_s kmem_cache_t;

/* ==== proto: the per-protocol private areas ============================== */

/* net/sock.h */
struct unix_opt {
	struct unix_address *addr;
	struct dentry *dentry;
	struct vfsmount *mnt;
	struct semaphore readsem;
	struct sock *other;
	struct sock **list;
	struct sock *gc_tree;
	atomic_t inflight;
	rwlock_t lock;
	wait_queue_head_t peer_wait;
};

/* net/ipx.h (IPX_NODE_LEN is 6) */
typedef struct {
	__u32 net;
	__u8 node[6];
	__u16 sock;
} ipx_address;

typedef struct ipx_interface ipx_interface;

/* net/sock.h */
struct ipx_opt {
	ipx_address dest_addr;
	ipx_interface *intrfc;
	unsigned short port;
#if defined(CONFIG_IPX_INTERN)
	unsigned char node[6];
#endif
	unsigned short type;
	unsigned short ipx_ncp_conn;
};

struct ipv6_pinfo {
	struct in6_addr saddr;
	struct in6_addr rcv_saddr;
	struct in6_addr daddr;
	struct in6_addr *daddr_cache;
	__u32 flow_label;
	__u32 frag_size;
	int hop_limit;
	int mcast_hops;
	int mcast_oif;
	union {
		struct {
			__u8 srcrt:2;
			__u8 rxinfo:1;
			__u8 rxhlim:1;
			__u8 hopopts:1;
			__u8 dstopts:1;
			__u8 authhdr:1;
			__u8 rxflow:1;
		} bits;
		__u8 all;
	} rxopt;
	__u8 mc_loop:1;
	__u8 recverr:1;
	__u8 sndflow:1;
	__u8 pmtudisc:2;
	struct ipv6_mc_socklist *ipv6_mc_list;
	struct ipv6_fl_socklist *ipv6_fl_list;
	__u32 dst_cookie;
	struct ipv6_txoptions *opt;
	struct sk_buff *pktoptions;
};

struct raw6_opt {
	__u32 checksum;
	__u32 offset;
	struct icmp6_filter filter;
};

struct raw_opt {
	struct icmp_filter filter;
};

struct inet_opt {
	int ttl;
	int tos;
	unsigned int cmsg_flags;
	struct ip_options *opt;
	unsigned char hdrincl;
	__u8 mc_ttl;
	__u8 mc_loop;
	unsigned int recverr:1;
	unsigned int freebind:1;
	__u16 id;
	__u8 pmtudisc;
	int mc_index;
	__u32 mc_addr;
	struct ip_mc_socklist *mc_list;
};

struct tcp_sack_block {
	__u32 start_seq;
	__u32 end_seq;
};

struct tcp_opt {
	int tcp_header_len;
	__u32 pred_flags;
	__u32 rcv_nxt;
	__u32 snd_nxt;
	__u32 snd_una;
	__u32 snd_sml;
	__u32 rcv_tstamp;
	__u32 lsndtime;
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
	struct {
		struct sk_buff_head prequeue;
		int memory;
		struct task_struct *task;
		struct iovec *iov;
		int len;
	} ucopy;
	__u32 snd_wl1;
	__u32 snd_wnd;
	__u32 max_window;
	__u32 pmtu_cookie;
	__u16 mss_cache;
	__u16 mss_clamp;
	__u16 ext_header_len;
	__u8 ca_state;
	__u8 retransmits;
	__u8 reordering;
	__u8 queue_shrunk;
	__u8 defer_accept;
	__u8 backoff;
	__u32 srtt;
	__u32 mdev;
	__u32 mdev_max;
	__u32 rttvar;
	__u32 rtt_seq;
	__u32 rto;
	__u32 packets_out;
	__u32 left_out;
	__u32 retrans_out;
	__u32 snd_ssthresh;
	__u32 snd_cwnd;
	__u16 snd_cwnd_cnt;
	__u16 snd_cwnd_clamp;
	__u32 snd_cwnd_used;
	__u32 snd_cwnd_stamp;
	unsigned long timeout;
	struct timer_list retransmit_timer;
	struct timer_list delack_timer;
	struct sk_buff_head out_of_order_queue;
	struct tcp_func *af_specific;
	struct sk_buff *send_head;
	struct page *sndmsg_page;
	u32 sndmsg_off;
	__u32 rcv_wnd;
	__u32 rcv_wup;
	__u32 write_seq;
	__u32 pushed_seq;
	__u32 copied_seq;
	char tstamp_ok;
	char wscale_ok;
	char sack_ok;
	char saw_tstamp;
	__u8 snd_wscale;
	__u8 rcv_wscale;
	__u8 nonagle;
	__u8 keepalive_probes;
	__u32 rcv_tsval;
	__u32 rcv_tsecr;
	__u32 ts_recent;
	long ts_recent_stamp;
	__u16 user_mss;
	__u8 dsack;
	__u8 eff_sacks;
	struct tcp_sack_block duplicate_sack[1];
	struct tcp_sack_block selective_acks[4];
	__u32 window_clamp;
	__u32 rcv_ssthresh;
	__u8 probes_out;
	__u8 num_sacks;
	__u16 advmss;
	__u8 syn_retries;
	__u8 ecn_flags;
	__u16 prior_ssthresh;
	__u32 lost_out;
	__u32 sacked_out;
	__u32 fackets_out;
	__u32 high_seq;
	__u32 retrans_stamp;
	__u32 undo_marker;
	int undo_retrans;
	__u32 urg_seq;
	__u16 urg_data;
	__u8 pending;
	__u8 urg_mode;
	__u32 snd_up;
	rwlock_t syn_wait_lock;
	struct tcp_listen_opt *listen_opt;
	struct open_request *accept_queue;
	struct open_request *accept_queue_tail;
	int write_pending;
	unsigned int keepalive_time;
	unsigned int keepalive_intvl;
	int linger2;
	unsigned long last_synq_overflow;
};

/* linux/atalk.h */
struct atalk_sock {
	unsigned short dest_net;
	unsigned short src_net;
	unsigned char dest_node;
	unsigned char src_node;
	unsigned char dest_port;
	unsigned char src_port;
};

/* net/spx.h */
struct spx_opt {
	int state;
	int sndbuf;
	int retries;
	int retransmits;
	int max_retries;
	int wd_interval;
	void *owner;
	__u16 dest_connid;
	__u16 source_connid;
	__u16 sequence;
	__u16 alloc;
	__u16 rmt_ack;
	__u16 rmt_seq;
	__u16 acknowledge;
	__u16 rmt_alloc;
	ipx_address dest_addr;
	ipx_address source_addr;
	struct timer_list watchdog;
	struct timer_list retransmit;
	struct sk_buff_head rcv_queue;
	struct sk_buff_head transmit_queue;
	struct sk_buff_head retransmit_queue;
};

/* linux/dn.h (DN_MAXADDL 2, DN_MAXOBJL 16, DN_MAXACCL 40) */
struct dn_naddr {
	unsigned short a_len;
	unsigned char a_addr[2];
};

struct sockaddr_dn {
	unsigned short sdn_family;
	unsigned char sdn_flags;
	unsigned char sdn_objnum;
	unsigned short sdn_objnamel;
	unsigned char sdn_objname[16];
	struct dn_naddr sdn_add;
};

struct optdata_dn {
	unsigned short opt_status;
	unsigned short opt_optl;
	unsigned char opt_data[16];
};

struct accessdata_dn {
	unsigned char acc_accl;
	unsigned char acc_acc[40];
	unsigned char acc_passl;
	unsigned char acc_pass[40];
	unsigned char acc_userl;
	unsigned char acc_user[40];
};

/* net/dn.h */
struct dn_scp {
	unsigned char state;
	unsigned short addrloc;
	unsigned short addrrem;
	unsigned short numdat;
	unsigned short numoth;
	unsigned short numoth_rcv;
	unsigned short numdat_rcv;
	unsigned short ackxmt_dat;
	unsigned short ackxmt_oth;
	unsigned short ackrcv_dat;
	unsigned short ackrcv_oth;
	unsigned char flowrem_sw;
	unsigned char flowloc_sw;
	unsigned short flowrem_dat;
	unsigned short flowrem_oth;
	unsigned short flowloc_dat;
	unsigned short flowloc_oth;
	unsigned char services_rem;
	unsigned char services_loc;
	unsigned char info_rem;
	unsigned char info_loc;
	unsigned short segsize_rem;
	unsigned short segsize_loc;
	unsigned char nonagle;
	unsigned char multi_ireq;
	unsigned char accept_mode;
	unsigned long seg_total;
	struct optdata_dn conndata_in;
	struct optdata_dn conndata_out;
	struct optdata_dn discdata_in;
	struct optdata_dn discdata_out;
	struct accessdata_dn accessdata;
	struct sockaddr_dn addr;
	struct sockaddr_dn peer;
	unsigned long max_window;
	unsigned long snd_window;
	unsigned long nsp_srtt;
	unsigned long nsp_rttvar;
	unsigned long nsp_rxtshift;
	struct sk_buff_head data_xmit_queue;
	struct sk_buff_head other_xmit_queue;
	struct sk_buff_head other_receive_queue;
	int other_report;
	unsigned long stamp;
	unsigned long persist;
	int (*persist_fxn)(struct sock *sk);
	unsigned long keepalive;
	void (*keepalive_fxn)(struct sock *sk);
	struct timer_list delack_timer;
	int delack_pending;
	void (*delack_fxn)(struct sock *sk);
};

/* ==== sock: struct sock of Linux 2.4.16 ================================== */

/* The protinfo union names these through typedefs of anonymous structs. */
typedef struct x25_cb x25_cb;
typedef struct ax25_cb ax25_cb;
typedef struct nr_cb nr_cb;
typedef struct rose_cb rose_cb;

struct sock {
	__u32 daddr;
	__u32 rcv_saddr;
	__u16 dport;
	unsigned short num;
	int bound_dev_if;
	struct sock *next;
	struct sock **pprev;
	struct sock *bind_next;
	struct sock **bind_pprev;
	volatile unsigned char state;
	volatile unsigned char zapped;
	__u16 sport;
	unsigned short family;
	unsigned char reuse;
	unsigned char shutdown;
	atomic_t refcnt;
	socket_lock_t lock;
	int rcvbuf;
	wait_queue_head_t *sleep;
	struct dst_entry *dst_cache;
	rwlock_t dst_lock;
	atomic_t rmem_alloc;
	struct sk_buff_head receive_queue;
	atomic_t wmem_alloc;
	struct sk_buff_head write_queue;
	atomic_t omem_alloc;
	int wmem_queued;
	int forward_alloc;
	__u32 saddr;
	unsigned int allocation;
	int sndbuf;
	struct sock *prev;
	volatile char dead;
	volatile char done;
	volatile char urginline;
	volatile char keepopen;
	volatile char linger;
	volatile char destroy;
	volatile char no_check;
	volatile char broadcast;
	volatile char bsdism;
	unsigned char debug;
	unsigned char rcvtstamp;
	unsigned char use_write_queue;
	unsigned char userlocks;
	int route_caps;
	int proc;
	unsigned long lingertime;
	int hashent;
	struct sock *pair;
	struct {
		struct sk_buff *head;
		struct sk_buff *tail;
	} backlog;
	rwlock_t callback_lock;
	struct sk_buff_head error_queue;
	struct proto *prot;
#if defined(CONFIG_IPV6) || defined(CONFIG_IPV6_MODULE)
	union {
		struct ipv6_pinfo af_inet6;
	} net_pinfo;
#endif
	union {
		struct tcp_opt af_tcp;
#if defined(CONFIG_INET) || defined(CONFIG_INET_MODULE)
		struct raw_opt tp_raw4;
#endif
#if defined(CONFIG_IPV6) || defined(CONFIG_IPV6_MODULE)
		struct raw6_opt tp_raw;
#endif
#if defined(CONFIG_SPX) || defined(CONFIG_SPX_MODULE)
		struct spx_opt af_spx;
#endif
	} tp_pinfo;
	int err;
	int err_soft;
	unsigned short ack_backlog;
	unsigned short max_ack_backlog;
	__u32 priority;
	unsigned short type;
	unsigned char localroute;
	unsigned char protocol;
	struct ucred peercred;
	int rcvlowat;
	long rcvtimeo;
	long sndtimeo;
#if defined(CONFIG_FILTER)
	struct sk_filter *filter;
#endif
	union {
		void *destruct_hook;
		struct unix_opt af_unix;
#if defined(CONFIG_INET) || defined(CONFIG_INET_MODULE)
		struct inet_opt af_inet;
#endif
#if defined(CONFIG_ATALK) || defined(CONFIG_ATALK_MODULE)
		struct atalk_sock af_at;
#endif
#if defined(CONFIG_IPX) || defined(CONFIG_IPX_MODULE)
		struct ipx_opt af_ipx;
#endif
#if defined(CONFIG_DECNET) || defined(CONFIG_DECNET_MODULE)
		struct dn_scp dn;
#endif
#if defined(CONFIG_PACKET) || defined(CONFIG_PACKET_MODULE)
		struct packet_opt *af_packet;
#endif
#if defined(CONFIG_X25) || defined(CONFIG_X25_MODULE)
		x25_cb *x25;
#endif
#if defined(CONFIG_AX25) || defined(CONFIG_AX25_MODULE)
		ax25_cb *ax25;
#endif
#if defined(CONFIG_NETROM) || defined(CONFIG_NETROM_MODULE)
		nr_cb *nr;
#endif
#if defined(CONFIG_ROSE) || defined(CONFIG_ROSE_MODULE)
		rose_cb *rose;
#endif
#if defined(CONFIG_PPPOE) || defined(CONFIG_PPPOE_MODULE)
		struct pppox_opt *pppox;
#endif
#if defined(CONFIG_NETLINK)
		struct netlink_opt *af_netlink;
#endif
#if defined(CONFIG_ECONET) || defined(CONFIG_ECONET_MODULE)
		struct econet_opt *af_econet;
#endif
#if defined(CONFIG_ATM) || defined(CONFIG_ATM_MODULE)
		struct atm_vcc *af_atm;
#endif
#if defined(CONFIG_IRDA) || defined(CONFIG_IRDA_MODULE)
		struct irda_sock *irda;
#endif
#if defined(CONFIG_WAN_ROUTER) || defined(CONFIG_WAN_ROUTER_MODULE)
		struct wanpipe_opt *af_wanpipe;
#endif
	} protinfo;
	struct timer_list timer;
	struct timeval stamp;
	struct socket *socket;
	void *user_data;
	void (*state_change)(struct sock *sk);
	void (*data_ready)(struct sock *sk, int bytes);
	void (*write_space)(struct sock *sk);
	void (*error_report)(struct sock *sk);
	int (*backlog_rcv)(struct sock *sk, struct sk_buff *skb);
	void (*destruct)(struct sock *sk);
};

/* ==== cleanup: the objects of the Dec 2001 cleanup (sizes from slabinfo) ==
 *
 * The slim sock: 2.4.16's struct sock without net_pinfo, tp_pinfo and the
 * protinfo union, with "void *protinfo" in the union's place. Its exact
 * content is inferred: 324 = 808 - 424 - 64 + 4 needs struct sock as built
 * without CONFIG_FILTER, so the slim records carry no filter member whatever
 * the configuration (the patched box evidently had no socket filter, or the
 * patch dropped some other 4-byte field; the patch text was not found).
 */

/* RFC 2, 18 Dec 2001, on 2.4.16 (sock.cleanup-5): slabinfo "sock 332". */
struct sock_rfc2 {
	__u32 daddr;
	__u32 rcv_saddr;
	__u16 dport;
	unsigned short num;
	int bound_dev_if;
	struct sock *next;
	struct sock **pprev;
	struct sock *bind_next;
	struct sock **bind_pprev;
	volatile unsigned char state;
	volatile unsigned char zapped;
	__u16 sport;
	unsigned short family;
	unsigned char reuse;
	unsigned char shutdown;
	atomic_t refcnt;
	socket_lock_t lock;
	int rcvbuf;
	wait_queue_head_t *sleep;
	struct dst_entry *dst_cache;
	rwlock_t dst_lock;
	atomic_t rmem_alloc;
	struct sk_buff_head receive_queue;
	atomic_t wmem_alloc;
	struct sk_buff_head write_queue;
	atomic_t omem_alloc;
	int wmem_queued;
	int forward_alloc;
	__u32 saddr;
	unsigned int allocation;
	int sndbuf;
	struct sock *prev;
	volatile char dead;
	volatile char done;
	volatile char urginline;
	volatile char keepopen;
	volatile char linger;
	volatile char destroy;
	volatile char no_check;
	volatile char broadcast;
	volatile char bsdism;
	unsigned char debug;
	unsigned char rcvtstamp;
	unsigned char use_write_queue;
	unsigned char userlocks;
	int route_caps;
	int proc;
	unsigned long lingertime;
	int hashent;
	struct sock *pair;
	struct {
		struct sk_buff *head;
		struct sk_buff *tail;
	} backlog;
	rwlock_t callback_lock;
	struct sk_buff_head error_queue;
	struct proto *prot;
	int err;
	int err_soft;
	unsigned short ack_backlog;
	unsigned short max_ack_backlog;
	__u32 priority;
	unsigned short type;
	unsigned char localroute;
	unsigned char protocol;
	struct ucred peercred;
	int rcvlowat;
	long rcvtimeo;
	long sndtimeo;
	void *protinfo;
	struct timer_list timer;
	struct timeval stamp;
	struct socket *socket;
	void *user_data;
	void (*state_change)(struct sock *sk);
	void (*data_ready)(struct sock *sk, int bytes);
	void (*write_space)(struct sock *sk);
	void (*error_report)(struct sock *sk);
	int (*backlog_rcv)(struct sock *sk, struct sk_buff *skb);
	void (*destruct)(struct sock *sk);
};

/* 2.5.1 (21 Dec) and RFC 4 on 2.5.2-pre1 (22 Dec): slabinfo "sock 336";
 * RFC 2's sock plus the cache back-pointer that sk_free needs. */
struct sock_rfc4 {
	__u32 daddr;
	__u32 rcv_saddr;
	__u16 dport;
	unsigned short num;
	int bound_dev_if;
	struct sock *next;
	struct sock **pprev;
	struct sock *bind_next;
	struct sock **bind_pprev;
	volatile unsigned char state;
	volatile unsigned char zapped;
	__u16 sport;
	unsigned short family;
	unsigned char reuse;
	unsigned char shutdown;
	atomic_t refcnt;
	socket_lock_t lock;
	int rcvbuf;
	wait_queue_head_t *sleep;
	struct dst_entry *dst_cache;
	rwlock_t dst_lock;
	atomic_t rmem_alloc;
	struct sk_buff_head receive_queue;
	atomic_t wmem_alloc;
	struct sk_buff_head write_queue;
	atomic_t omem_alloc;
	int wmem_queued;
	int forward_alloc;
	__u32 saddr;
	unsigned int allocation;
	int sndbuf;
	struct sock *prev;
	volatile char dead;
	volatile char done;
	volatile char urginline;
	volatile char keepopen;
	volatile char linger;
	volatile char destroy;
	volatile char no_check;
	volatile char broadcast;
	volatile char bsdism;
	unsigned char debug;
	unsigned char rcvtstamp;
	unsigned char use_write_queue;
	unsigned char userlocks;
	int route_caps;
	int proc;
	unsigned long lingertime;
	int hashent;
	struct sock *pair;
	struct {
		struct sk_buff *head;
		struct sk_buff *tail;
	} backlog;
	rwlock_t callback_lock;
	struct sk_buff_head error_queue;
	struct proto *prot;
	int err;
	int err_soft;
	unsigned short ack_backlog;
	unsigned short max_ack_backlog;
	__u32 priority;
	unsigned short type;
	unsigned char localroute;
	unsigned char protocol;
	struct ucred peercred;
	int rcvlowat;
	long rcvtimeo;
	long sndtimeo;
	void *protinfo;
	kmem_cache_t *slab;
	struct timer_list timer;
	struct timeval stamp;
	struct socket *socket;
	void *user_data;
	void (*state_change)(struct sock *sk);
	void (*data_ready)(struct sock *sk, int bytes);
	void (*write_space)(struct sock *sk);
	void (*error_report)(struct sock *sk);
	int (*backlog_rcv)(struct sock *sk, struct sk_buff *skb);
	void (*destruct)(struct sock *sk);
};

/* RFC 2 objects: "unix_sock 396" and "inet_sock 800" (one cache for all of
 * IPv4; TCP_PINFO(sk) == (struct tcp_opt *)(sk + 1) puts tcp_opt first). */
struct unix_sock_rfc2 {
	struct sock_rfc2 sk;
	struct unix_opt af_unix;
};

struct inet_sock_rfc2 {
	struct sock_rfc2 sk;
	struct tcp_opt tcp;
	struct inet_opt inet;
};

/* RFC 4 objects, Miller's layout: sock, then ip_opt, then {tcp,raw4}_opt,
 * one cache each: "unix_sock 400", "udp_sock 372", "raw4_sock 376",
 * "tcp_sock 800". Member names as in 2.6.9. */
struct unix_sock {
	struct sock_rfc4 sk;
	struct unix_opt af_unix;
};

struct udp_sock {
	struct sock_rfc4 sk;
	struct inet_opt inet;
};

struct raw4_sock {
	struct sock_rfc4 sk;
	struct inet_opt inet;
	struct raw_opt raw4;
};

struct tcp_sock {
	struct sock_rfc4 sk;
	struct inet_opt inet;
	struct tcp_opt tcp;
};

/* struct sk_buff as include/linux/skbuff.h of 2.4.16 declares it, with
 * its #ifdef'd members: 144 bytes with none of CONFIG_NETFILTER,
 * CONFIG_HIPPI, CONFIG_NET_SCHED; 160 with NETFILTER + NET_SCHED. */
struct sk_buff {
	struct sk_buff *next;
	struct sk_buff *prev;
	struct sk_buff_head *list;
	struct sock *sk;
	struct timeval stamp;
	struct net_device *dev;
	union {
		struct tcphdr *th;
		struct udphdr *uh;
		struct icmphdr *icmph;
		struct igmphdr *igmph;
		struct iphdr *ipiph;
		struct spxhdr *spxh;
		unsigned char *raw;
	} h;
	union {
		struct iphdr *iph;
		struct ipv6hdr *ipv6h;
		struct arphdr *arph;
		struct ipxhdr *ipxh;
		unsigned char *raw;
	} nh;
	union {
		struct ethhdr *ethernet;
		unsigned char *raw;
	} mac;
	struct dst_entry *dst;
	char cb[48];
	unsigned int len;
	unsigned int data_len;
	unsigned int csum;
	unsigned char __unused;
	unsigned char cloned;
	unsigned char pkt_type;
	unsigned char ip_summed;
	__u32 priority;
	atomic_t users;
	unsigned short protocol;
	unsigned short security;
	unsigned int truesize;
	unsigned char *head;
	unsigned char *data;
	unsigned char *tail;
	unsigned char *end;
	void (*destructor)(struct sk_buff *);
#if defined(CONFIG_NETFILTER)
	unsigned long nfmark;
	__u32 nfcache;
	struct nf_ct_info *nfct;
#if defined(CONFIG_NETFILTER_DEBUG)
	unsigned int nf_debug;
#endif
#endif
#if defined(CONFIG_HIPPI)
	union {
		__u32 ifield;
	} private;
#endif
#if defined(CONFIG_NET_SCHED)
	__u32 tc_index;
#endif
};

#endif
