-- struct tcp_sock of Linux 6.7 (include/linux/tcp.h): the layout just
-- before the 6.8 cache-line groups (Coco Li, "tcp: reorganize tcp_sock fast
-- path variables", commit d5fed5addb2b, Linux 6.8).
--
-- Source followed: the pre-image of that commit's diff (include/linux/tcp.h
-- blob 68f3d315d2e1, net-next of 29 Nov 2023; v6.7 itself was not read,
-- and no 6.7-rc change to tcp_sock is known to this data): every
-- line the patch moved is in its '-' and context lines; the stretches it
-- did not touch were read from a full copy of the file of the same weeks
-- (a TCP-AO development tree, github.com/0x7f454c46/linux, commit
-- 213ae83842b7), which differs from the pre-image in one place only: it
-- predates tcp_usec_ts, so its byte after dup_ack_counter reads
-- 'unused:5' where the pre-image has 'tcp_usec_ts:1, unused:4' (no member
-- moves). The member order, types and bitfields below are the source's;
-- the comments are the source's, shortened.
--
-- No cacheline markers: the fast-path fields (the TX and RX fast paths of
-- Documentation/networking/net_cachelines/tcp_sock.rst, added by commit
-- 14006f1d8fa2 with the patch) are spread over the struct, in the order
-- they were added over the years. The patch says they spanned 12 cache
-- lines; after it, 8.
--
-- SIMPLIFIED: what tcp_sock embeds. inet_connection_sock, inet_sock,
-- struct sock and sock_common in this set are 6.18's (sock.lua, inet.lua,
-- base.lua are copies of linux-6.18's, sock without its 6.9 group
-- markers), not 6.7's: their 6.7 forms were not rebuilt. So
-- inet_connection_sock is 1400 bytes here, as in 6.18 with the profile's
-- options, and tcp_sock's own members start at 1400. Every own member
-- sits at its v6.7 offset *relative to that start* (checked with gcc,
-- tests/data/check-linux-6.7.sh); on a real 6.7 kernel the whole block
-- moves by sizeof(6.7 inet_connection_sock) - 1400 for that build's
-- options (Coco Li's 6.5 build had 1368, commit 14006f1d8fa2's table),
-- and a move by other than a multiple of 64 can change how many lines a
-- path touches by one. scenarios/tcp_sock_groups.lua shows the count for
-- every 8-byte shift of the start.
--
-- The typedefs, and the records tcp_sock shares with 6.18 (list_head,
-- rb_root, hrtimer, sk_buff pointers), come from base.lua.

return {
  records = {
    { "struct minmax_sample", note = "One sample of a windowed min/max filter: time and value. 8 bytes.", {
        { "u32 t" },
        { "u32 v" },
      } },

    { "struct minmax", note = "Kathleen Nichols' windowed min/max filter: the best three samples. 24 bytes.", {
        { "struct minmax_sample s[3]" },
      } },

    { "struct tcp_options_received",
      note = "TCP options seen from the peer: timestamps, SACK, window scale, MSS. 24 bytes "
        .. "(6.7: no AccECN bits yet, saw_unknown and 7 unused bits).", {
        { "int ts_recent_stamp", note = "time we stored ts_recent (for aging)" },
        { "u32 ts_recent", note = "time stamp to echo next" },
        { "u32 rcv_tsval", note = "time stamp value" },
        { "u32 rcv_tsecr", note = "time stamp echo reply" },
        { "u16 saw_tstamp:1", note = "saw TIMESTAMP on last packet" },
        { "u16 tstamp_ok:1", note = "TIMESTAMP seen on SYN packet" },
        { "u16 dsack:1", note = "D-SACK is scheduled" },
        { "u16 wscale_ok:1", note = "wscale seen on SYN packet" },
        { "u16 sack_ok:3", note = "SACK seen on SYN packet" },
        { "u16 smc_ok:1", note = "SMC seen on SYN packet" },
        { "u16 snd_wscale:4", note = "window scaling received from sender" },
        { "u16 rcv_wscale:4", note = "window scaling to send to receiver" },
        { "u8 saw_unknown:1", note = "received unknown option" },
        { "u8 unused:7" },
        { "u8 num_sacks", note = "number of SACK blocks" },
        { "u16 user_mss", note = "mss requested by user in ioctl" },
        { "u16 mss_clamp", note = "maximal mss, negotiated at connection setup" },
      } },

    { "struct tcp_rack",
      note = "RACK loss detection: send time and RTT of the most recently (s)acked skb. 24 bytes.", {
        { "u64 mstamp", note = "(re)sent time of the skb" },
        { "u32 rtt_us", note = "associated RTT" },
        { "u32 end_seq", note = "ending TCP sequence of the skb" },
        { "u32 last_delivered", note = "tp->delivered at last reo_wnd adj" },
        { "u8 reo_wnd_steps", note = "allowed reordering window" },
        { "u8 reo_wnd_persist:5", note = "no. of recovery since last adj" },
        { "u8 dsack_seen:1", note = "whether DSACK seen after last adj" },
        { "u8 advanced:1", note = "mstamp advanced since last lost marking" },
      } },

    { "struct tcp_sack_block", note = "One SACK block: start and end sequence. 8 bytes.", {
        { "u32 start_seq" },
        { "u32 end_seq" },
      } },

    { "struct tcp_sock",
      note = "The TCP socket of Linux 6.7: inet_connection_sock, then TCP's own fields in their "
        .. "historical order, before the 6.8 cache-line groups (inet_connection_sock here is "
        .. "6.18's, 1400 bytes: see the file's header).",
      {
        { "struct inet_connection_sock inet_conn",
          note = "inet_connection_sock has to be the first member of tcp_sock (6.18's in this set)" },
        { "u16 tcp_header_len", note = "bytes of tcp header to send" },
        { "u16 gso_segs", note = "max number of segs per GSO packet" },
        { "__be32 pred_flags", note = "header prediction flags: 0x5?10 << 16 + snd_wnd in net byte order" },
        { "u64 bytes_received", note = "RFC4898 tcpEStatsAppHCThruOctetsReceived" },
        { "u32 segs_in", note = "RFC4898 tcpEStatsPerfSegsIn" },
        { "u32 data_segs_in", note = "RFC4898 tcpEStatsPerfDataSegsIn" },
        { "u32 rcv_nxt", note = "what we want to receive next" },
        { "u32 copied_seq", note = "head of yet unread data" },
        { "u32 rcv_wup", note = "rcv_nxt on last window update sent" },
        { "u32 snd_nxt", note = "next sequence we send" },
        { "u32 segs_out", note = "RFC4898 tcpEStatsPerfSegsOut" },
        { "u32 data_segs_out", note = "RFC4898 tcpEStatsPerfDataSegsOut" },
        { "u64 bytes_sent", note = "RFC4898 tcpEStatsPerfHCDataOctetsOut" },
        { "u64 bytes_acked", note = "RFC4898 tcpEStatsAppHCThruOctetsAcked" },
        { "u32 dsack_dups", note = "RFC4898 tcpEStatsStackDSACKDups" },
        { "u32 snd_una", note = "first byte we want an ack for" },
        { "u32 snd_sml", note = "last byte of the most recently transmitted small packet" },
        { "u32 rcv_tstamp", note = "timestamp of last received ACK (for keepalives)" },
        { "u32 lsndtime", note = "timestamp of last sent data packet (for restart window)" },
        { "u32 last_oow_ack_time", note = "timestamp of last out-of-window ACK" },
        { "u32 compressed_ack_rcv_nxt" },
        { "u32 tsoffset", note = "timestamp offset" },
        { "struct list_head tsq_node", note = "anchor in tsq_tasklet.head list" },
        { "struct list_head tsorted_sent_queue", note = "time-sorted sent but un-SACKed skbs" },
        { "u32 snd_wl1", note = "sequence for window update" },
        { "u32 snd_wnd", note = "the window we expect to receive" },
        { "u32 max_window", note = "maximal window ever seen from peer" },
        { "u32 mss_cache", note = "cached effective mss, not including SACKS" },
        { "u32 window_clamp", note = "maximal window to advertise" },
        { "u32 rcv_ssthresh", note = "current window clamp" },
        { "u8 scaling_ratio", note = "see tcp_win_from_space()" },
        { "struct tcp_rack rack", note = "information of the most recently (s)acked skb" },
        { "u16 advmss", note = "advertised MSS" },
        { "u8 compressed_ack" },
        { "u8 dup_ack_counter:2" },
        { "u8 tlp_retrans:1", note = "TLP is a retransmission" },
        { "u8 tcp_usec_ts:1", note = "TSval values in usec" },
        { "u8 unused:4" },
        { "u32 chrono_start", note = "start time in jiffies of a TCP chrono" },
        { "u32 chrono_stat[3]", note = "time in jiffies for chrono_stat stats" },
        { "u8 chrono_type:2", note = "current chronograph type" },
        { "u8 rate_app_limited:1", note = "rate_{delivered,interval_us} limited?" },
        { "u8 fastopen_connect:1", note = "FASTOPEN_CONNECT sockopt" },
        { "u8 fastopen_no_cookie:1", note = "allow send/recv SYN+data without a cookie" },
        { "u8 is_sack_reneg:1", note = "in recovery from loss with SACK reneg?" },
        { "u8 fastopen_client_fail:2", note = "reason why fastopen failed" },
        { "u8 nonagle:4", note = "disable Nagle algorithm?" },
        { "u8 thin_lto:1", note = "use linear timeouts for thin streams" },
        { "u8 recvmsg_inq:1", note = "indicate # of bytes in queue upon recvmsg" },
        { "u8 repair:1" },
        { "u8 frto:1", note = "F-RTO (RFC5682) activated in CA_Loss" },
        { "u8 repair_queue" },
        { "u8 save_syn:2", note = "save headers of SYN packet" },
        { "u8 syn_data:1", note = "SYN includes data" },
        { "u8 syn_fastopen:1", note = "SYN includes Fast Open option" },
        { "u8 syn_fastopen_exp:1", note = "SYN includes Fast Open exp. option" },
        { "u8 syn_fastopen_ch:1", note = "active TFO re-enabling probe" },
        { "u8 syn_data_acked:1", note = "data in SYN is acked by SYN-ACK" },
        { "u8 is_cwnd_limited:1", note = "forward progress limited by snd_cwnd?" },
        { "u32 tlp_high_seq", note = "snd_nxt at the time of TLP" },
        { "u32 tcp_tx_delay", note = "delay (in usec) added to TX packets" },
        { "u64 tcp_wstamp_ns", note = "departure time for next sent data packet" },
        { "u64 tcp_clock_cache", note = "cache last tcp_clock_ns() (see tcp_mstamp_refresh())" },
        { "u64 tcp_mstamp", note = "most recent packet received/sent" },
        { "u32 srtt_us", note = "smoothed round trip time << 3 in usecs" },
        { "u32 mdev_us", note = "medium deviation" },
        { "u32 mdev_max_us", note = "maximal mdev for the last rtt period" },
        { "u32 rttvar_us", note = "smoothed mdev_max" },
        { "u32 rtt_seq", note = "sequence number to update rttvar" },
        { "struct minmax rtt_min" },
        { "u32 packets_out", note = "packets which are 'in flight'" },
        { "u32 retrans_out", note = "retransmitted packets out" },
        { "u32 max_packets_out", note = "max packets_out in last window" },
        { "u32 cwnd_usage_seq", note = "right edge of cwnd usage tracking flight" },
        { "u16 urg_data", note = "saved octet of OOB data and control flags" },
        { "u8 ecn_flags", note = "ECN status bits" },
        { "u8 keepalive_probes", note = "num of allowed keep alive probes" },
        { "u32 reordering", note = "packet reordering metric" },
        { "u32 reord_seen", note = "number of data packet reordering events" },
        { "u32 snd_up", note = "urgent pointer" },
        { "struct tcp_options_received rx_opt",
          note = "options received (usually on last packet, some only on SYN packets)" },
        { "u32 snd_ssthresh", note = "slow start size threshold" },
        { "u32 snd_cwnd", note = "sending congestion window" },
        { "u32 snd_cwnd_cnt", note = "linear increase counter" },
        { "u32 snd_cwnd_clamp", note = "do not allow snd_cwnd to grow above this" },
        { "u32 snd_cwnd_used" },
        { "u32 snd_cwnd_stamp" },
        { "u32 prior_cwnd", note = "cwnd right before starting loss recovery" },
        { "u32 prr_delivered", note = "number of newly delivered packets to receiver in Recovery" },
        { "u32 prr_out", note = "total number of pkts sent during Recovery" },
        { "u32 delivered", note = "total data packets delivered incl. rexmits" },
        { "u32 delivered_ce", note = "like the above but only ECE marked packets" },
        { "u32 lost", note = "total data packets lost incl. rexmits" },
        { "u32 app_limited", note = "limited until 'delivered' reaches this val" },
        { "u64 first_tx_mstamp", note = "start of window send phase" },
        { "u64 delivered_mstamp", note = "time we reached 'delivered'" },
        { "u32 rate_delivered", note = "saved rate sample: packets delivered" },
        { "u32 rate_interval_us", note = "saved rate sample: time elapsed" },
        { "u32 rcv_wnd", note = "current receiver window" },
        { "u32 write_seq", note = "tail(+1) of data held in tcp send buffer" },
        { "u32 notsent_lowat", note = "TCP_NOTSENT_LOWAT" },
        { "u32 pushed_seq", note = "last pushed seq, required to talk to windows" },
        { "u32 lost_out", note = "lost packets" },
        { "u32 sacked_out", note = "SACK'd packets" },
        { "struct hrtimer pacing_timer", note = "hrtimer of TCP pacing (when the qdisc does not pace)" },
        { "struct hrtimer compressed_ack_timer", note = "fires the ACK held back by ACK compression" },
        { "struct sk_buff *lost_skb_hint", note = "from STCP, retrans queue hinting" },
        { "struct sk_buff *retransmit_skb_hint" },
        { "struct rb_root out_of_order_queue", note = "OOO segments go in this rbtree; socket lock must be held" },
        { "struct sk_buff *ooo_last_skb", note = "cache rb_last(out_of_order_queue)" },
        { "struct tcp_sack_block duplicate_sack[1]", note = "D-SACK block" },
        { "struct tcp_sack_block selective_acks[4]", note = "the SACKS themselves" },
        { "struct tcp_sack_block recv_sack_cache[4]" },
        { "struct sk_buff *highest_sack", note = "skb just after the highest skb with SACKed bit set" },
        { "int lost_cnt_hint" },
        { "u32 prior_ssthresh", note = "ssthresh saved at recovery start" },
        { "u32 high_seq", note = "snd_nxt at onset of congestion" },
        { "u32 retrans_stamp", note = "timestamp of the last retransmit" },
        { "u32 undo_marker", note = "snd_una upon a new recovery episode" },
        { "int undo_retrans", note = "number of undoable retransmissions" },
        { "u64 bytes_retrans", note = "RFC4898 tcpEStatsPerfOctetsRetrans" },
        { "u32 total_retrans", note = "total retransmits for entire connection" },
        { "u32 urg_seq", note = "seq of received urgent pointer" },
        { "unsigned int keepalive_time", note = "time before keep alive takes place" },
        { "unsigned int keepalive_intvl", note = "time interval between keep alive probes" },
        { "int linger2" },
        { "u8 bpf_sock_ops_cb_flags", config = "CONFIG_BPF", note = "control calling BPF programs" },
        { "u8 bpf_chg_cc_inprogress:1", config = "CONFIG_BPF",
          note = "in the middle of bpf_setsockopt(TCP_CONGESTION)" },
        { "u16 timeout_rehash", note = "timeout-triggered rehash attempts" },
        { "u32 rcv_ooopack", note = "received out-of-order packets, for tcpinfo" },
        { "u32 rcv_rtt_last_tsecr", note = "receiver side RTT estimation" },
        { struct = {
            { "u32 rtt_us" },
            { "u32 seq" },
            { "u64 time" },
          }, name = "rcv_rtt_est" },
        { struct = {
            { "u32 space" },
            { "u32 seq" },
            { "u64 time" },
          }, name = "rcvq_space", note = "receiver queue space" },
        { struct = {
            { "u32 probe_seq_start" },
            { "u32 probe_seq_end" },
          }, name = "mtu_probe", note = "TCP-specific MTU probe information" },
        { "u32 plb_rehash", note = "PLB-triggered rehash attempts" },
        { "u32 mtu_info", note = "ICMP_FRAG_NEEDED / ICMPV6_PKT_TOOBIG received while owned by user" },
        { "bool is_mptcp", config = "CONFIG_MPTCP" },
        { "bool (*smc_hs_congested)(const struct sock *)", config = "CONFIG_SMC" },
        { "bool syn_smc", config = "CONFIG_SMC", note = "SYN includes SMC" },
        { "const struct tcp_sock_af_ops *af_specific", config = "CONFIG_TCP_MD5SIG || CONFIG_TCP_AO",
          note = "TCP AF-specific parts; only used by TCP-AO/MD5 signature support so far" },
        { "struct tcp_md5sig_info *md5sig_info", config = "CONFIG_TCP_MD5SIG" },
        { "struct tcp_ao_info *ao_info", config = "CONFIG_TCP_AO" },
        { "struct tcp_fastopen_request *fastopen_req", note = "fast open request sent with SYN" },
        { "struct request_sock *fastopen_rsk", note = "fast open request sock of the listener child" },
        { "struct saved_syn *saved_syn", note = "SYN headers saved for TCP_SAVED_SYN" },
      } },
  },
}
