/*
 * struct tcp_sock of Linux 6.7 (include/linux/tcp.h) for x86_64, written by
 * hand as the kernel declares it (bitfields grouped as in the source), to
 * check assets/layouts/linux-6.7/tcp.lua with gcc and pahole
 * (check-linux-6.7.sh).
 *
 * Source: the pre-image of commit d5fed5addb2b ("tcp: reorganize tcp_sock
 * fast path variables", Linux 6.8): include/linux/tcp.h blob 68f3d315d2e1.
 *
 * inet_connection_sock is a stand-in of the size and alignment that the
 * layout set gives it (6.18's, 1400 bytes with the profile's options; see
 * the set's tcp.lua): this header checks tcp_sock's own members, relative
 * to where inet_connection_sock ends. -DSKLAB_ICSK_SIZE=N changes it.
 * -DCONFIG_BPF, -DCONFIG_MPTCP, -DCONFIG_SMC, -DCONFIG_TCP_MD5SIG and
 * -DCONFIG_TCP_AO select the configuration, as the kernel's #if lines do.
 */
#ifndef SKLAB_LINUX_6_7_TCP_H
#define SKLAB_LINUX_6_7_TCP_H

#ifndef SKLAB_ICSK_SIZE
#define SKLAB_ICSK_SIZE 1400
#endif

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef u32 __be32;
typedef _Bool bool;

struct sk_buff;
struct sock;
struct tcp_sock_af_ops;
struct tcp_md5sig_info;
struct tcp_ao_info;
struct tcp_fastopen_request;
struct request_sock;
struct saved_syn;

struct inet_connection_sock {
	unsigned long stand_in[SKLAB_ICSK_SIZE / 8];
};

struct list_head {
	struct list_head *next, *prev;
};

/* The kernel adds __attribute__((aligned(sizeof(long)))), which moves
 * nothing on x86_64; left out so that pahole prints no forced alignment
 * (neither BTF nor the layout data has it). */
struct rb_node {
	unsigned long __rb_parent_color;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
};

struct rb_root {
	struct rb_node *rb_node;
};

/* include/linux/hrtimer.h, include/linux/timerqueue.h: 64 bytes */
struct timerqueue_node {
	struct rb_node node;
	long long expires;
};

struct hrtimer {
	struct timerqueue_node node;
	long long _softexpires;
	int (*function)(struct hrtimer *);
	void *base;
	u8 state;
	u8 is_rel;
	u8 is_soft;
	u8 is_hard;
};

/* include/linux/win_minmax.h */
struct minmax_sample {
	u32 t;
	u32 v;
};

struct minmax {
	struct minmax_sample s[3];
};

struct tcp_sack_block {
	u32 start_seq;
	u32 end_seq;
};

struct tcp_options_received {
	int ts_recent_stamp;
	u32 ts_recent;
	u32 rcv_tsval;
	u32 rcv_tsecr;
	u16 saw_tstamp : 1,
	    tstamp_ok : 1,
	    dsack : 1,
	    wscale_ok : 1,
	    sack_ok : 3,
	    smc_ok : 1,
	    snd_wscale : 4,
	    rcv_wscale : 4;
	u8 saw_unknown:1,
	   unused:7;
	u8 num_sacks;
	u16 user_mss;
	u16 mss_clamp;
};

struct tcp_sock {
	struct inet_connection_sock inet_conn;
	u16 tcp_header_len;
	u16 gso_segs;
	__be32 pred_flags;
	u64 bytes_received;
	u32 segs_in;
	u32 data_segs_in;
	u32 rcv_nxt;
	u32 copied_seq;
	u32 rcv_wup;
	u32 snd_nxt;
	u32 segs_out;
	u32 data_segs_out;
	u64 bytes_sent;
	u64 bytes_acked;
	u32 dsack_dups;
	u32 snd_una;
	u32 snd_sml;
	u32 rcv_tstamp;
	u32 lsndtime;
	u32 last_oow_ack_time;
	u32 compressed_ack_rcv_nxt;
	u32 tsoffset;
	struct list_head tsq_node;
	struct list_head tsorted_sent_queue;
	u32 snd_wl1;
	u32 snd_wnd;
	u32 max_window;
	u32 mss_cache;
	u32 window_clamp;
	u32 rcv_ssthresh;
	u8 scaling_ratio;
	struct tcp_rack {
		u64 mstamp;
		u32 rtt_us;
		u32 end_seq;
		u32 last_delivered;
		u8 reo_wnd_steps;
		u8 reo_wnd_persist:5,
		   dsack_seen:1,
		   advanced:1;
	} rack;
	u16 advmss;
	u8 compressed_ack;
	u8 dup_ack_counter:2,
	   tlp_retrans:1,
	   tcp_usec_ts:1,
	   unused:4;
	u32 chrono_start;
	u32 chrono_stat[3];
	u8 chrono_type:2,
	   rate_app_limited:1,
	   fastopen_connect:1,
	   fastopen_no_cookie:1,
	   is_sack_reneg:1,
	   fastopen_client_fail:2;
	u8 nonagle : 4,
	   thin_lto : 1,
	   recvmsg_inq : 1,
	   repair : 1,
	   frto : 1;
	u8 repair_queue;
	u8 save_syn:2,
	   syn_data:1,
	   syn_fastopen:1,
	   syn_fastopen_exp:1,
	   syn_fastopen_ch:1,
	   syn_data_acked:1,
	   is_cwnd_limited:1;
	u32 tlp_high_seq;

	u32 tcp_tx_delay;
	u64 tcp_wstamp_ns;
	u64 tcp_clock_cache;

	u64 tcp_mstamp;
	u32 srtt_us;
	u32 mdev_us;
	u32 mdev_max_us;
	u32 rttvar_us;
	u32 rtt_seq;
	struct minmax rtt_min;

	u32 packets_out;
	u32 retrans_out;
	u32 max_packets_out;
	u32 cwnd_usage_seq;

	u16 urg_data;
	u8 ecn_flags;
	u8 keepalive_probes;
	u32 reordering;
	u32 reord_seen;
	u32 snd_up;

	struct tcp_options_received rx_opt;

	u32 snd_ssthresh;
	u32 snd_cwnd;
	u32 snd_cwnd_cnt;
	u32 snd_cwnd_clamp;
	u32 snd_cwnd_used;
	u32 snd_cwnd_stamp;
	u32 prior_cwnd;
	u32 prr_delivered;
	u32 prr_out;
	u32 delivered;
	u32 delivered_ce;
	u32 lost;
	u32 app_limited;
	u64 first_tx_mstamp;
	u64 delivered_mstamp;
	u32 rate_delivered;
	u32 rate_interval_us;

	u32 rcv_wnd;
	u32 write_seq;
	u32 notsent_lowat;
	u32 pushed_seq;
	u32 lost_out;
	u32 sacked_out;

	struct hrtimer pacing_timer;
	struct hrtimer compressed_ack_timer;

	struct sk_buff *lost_skb_hint;
	struct sk_buff *retransmit_skb_hint;

	struct rb_root out_of_order_queue;
	struct sk_buff *ooo_last_skb;

	struct tcp_sack_block duplicate_sack[1];
	struct tcp_sack_block selective_acks[4];

	struct tcp_sack_block recv_sack_cache[4];

	struct sk_buff *highest_sack;

	int lost_cnt_hint;

	u32 prior_ssthresh;
	u32 high_seq;

	u32 retrans_stamp;
	u32 undo_marker;
	int undo_retrans;
	u64 bytes_retrans;
	u32 total_retrans;

	u32 urg_seq;
	unsigned int keepalive_time;
	unsigned int keepalive_intvl;

	int linger2;

#ifdef CONFIG_BPF
	u8 bpf_sock_ops_cb_flags;
	u8 bpf_chg_cc_inprogress:1;
#endif

	u16 timeout_rehash;

	u32 rcv_ooopack;

	u32 rcv_rtt_last_tsecr;
	struct {
		u32 rtt_us;
		u32 seq;
		u64 time;
	} rcv_rtt_est;

	struct {
		u32 space;
		u32 seq;
		u64 time;
	} rcvq_space;

	struct {
		u32 probe_seq_start;
		u32 probe_seq_end;
	} mtu_probe;
	u32 plb_rehash;
	u32 mtu_info;
#if defined(CONFIG_MPTCP)
	bool is_mptcp;
#endif
#if defined(CONFIG_SMC)
	bool (*smc_hs_congested)(const struct sock *sk);
	bool syn_smc;
#endif

#if defined(CONFIG_TCP_MD5SIG) || defined(CONFIG_TCP_AO)
	const struct tcp_sock_af_ops *af_specific;

#ifdef CONFIG_TCP_MD5SIG
	struct tcp_md5sig_info *md5sig_info;
#endif
#ifdef CONFIG_TCP_AO
	struct tcp_ao_info *ao_info;
#endif
#endif

	struct tcp_fastopen_request *fastopen_req;
	struct request_sock *fastopen_rsk;
	struct saved_syn *saved_syn;
};

#endif /* SKLAB_LINUX_6_7_TCP_H */
