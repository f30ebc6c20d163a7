-- linux-6.7 set: this file is a copy of linux-6.18/inet.lua, not Linux
-- 6.7's own inet_sock and inet_connection_sock. The set exists for struct
-- tcp_sock as it was before the 6.8 cache-line groups (tcp.lua, from the v6.7 source); the structs it
-- embeds are taken from 6.18 where 6.7 is identical or where their 6.7
-- form was not rebuilt. What that simplifies, and what it moves: see
-- tcp.lua's header and docs/data-format.md ("The linux-6.7 set").
--
-- The inet layer of Linux 6.18: struct inet_sock (include/net/inet_sock.h)
-- and struct inet_connection_sock (include/net/inet_connection_sock.h), with
-- what they embed: the cork of a pending UDP/raw send (with its flow key),
-- and the listener's accept queue.
--
-- The nesting is 2.6's, unchanged: tcp_sock starts with
-- inet_connection_sock, which starts with inet_sock, which starts with
-- struct sock. inet_daddr, inet_rcv_saddr, inet_dport and inet_num are
-- macros for sk.__sk_common.skc_*: the identity lives in sock_common, at
-- the front of the object, for every protocol.

return {
  records = {
    { "struct inet_cork",
      note = "What a corked send (UDP_CORK, MSG_MORE) remembers between calls: route, options, "
        .. "fragment size, length so far. 64 bytes.", {
        { "unsigned int flags" },
        { "__be32 addr" },
        { "struct ip_options *opt" },
        { "unsigned int fragsize" },
        { "int length" },
        { "struct dst_entry *dst" },
        { "u8 tx_flags" },
        { "__u8 ttl" },
        { "__s16 tos" },
        { "u32 priority" },
        { "__u16 gso_size" },
        { "u32 ts_opt_id" },
        { "u64 transmit_time" },
        { "u32 mark" },
      } },

    { "struct flowi_tunnel", {
        { "__be64 tun_id" },
      } },

    { "struct flowi_common",
      note = "The part of a flow key common to every family: interfaces, mark, DSCP, protocol, "
        .. "LSM id, uid, multipath hash, tunnel key.", {
        { "int flowic_oif" },
        { "int flowic_iif" },
        { "int flowic_l3mdev" },
        { "__u32 flowic_mark" },
        { "dscp_t flowic_dscp" },
        { "__u8 flowic_scope" },
        { "__u8 flowic_proto" },
        { "__u8 flowic_flags" },
        { "__u32 flowic_secid" },
        { "kuid_t flowic_uid" },
        { "__u32 flowic_multipath_hash" },
        { "struct flowi_tunnel flowic_tun_key" },
      } },

    { "union flowi_uli", note = "The upper-layer part of a flow key: ports, ICMP type/code, GRE key.", {
        { struct = {
            { "__be16 dport" },
            { "__be16 sport" },
          }, name = "ports" },
        { struct = {
            { "__u8 type" },
            { "__u8 code" },
          }, name = "icmpt" },
        { "__be32 gre_key" },
        { struct = {
            { "__u8 type" },
          }, name = "mht" },
      } },

    { "struct flowi4", {
        { "struct flowi_common __fl_common" },
        { "__be32 saddr" },
        { "__be32 daddr" },
        { "union flowi_uli uli" },
      } },

    { "struct flowi6", {
        { "struct flowi_common __fl_common" },
        { "struct in6_addr daddr" },
        { "struct in6_addr saddr" },
        { "__be32 flowlabel" },
        { "union flowi_uli uli" },
        { "__u32 mp_hash" },
      } },

    { "struct flowi", note = "A flow key for route and policy lookups, IPv4 or IPv6. 88 bytes.", {
        { union = {
            { "struct flowi_common __fl_common" },
            { "struct flowi4 ip4" },
            { "struct flowi6 ip6" },
          }, name = "u" },
      } },

    { "struct inet_cork_full", note = "The cork with its flow key. 152 bytes: most of inet_sock's own part.", {
        { "struct inet_cork base" },
        { "struct flowi fl" },
      } },

    { "struct inet_sock",
      note = "Representation of INET sockets: struct sock, then what every IPv4 (and v4-mapped IPv6) "
        .. "socket needs: source address and port, TTLs, TOS, multicast, the cork. "
        .. "1016 bytes with the profile's options.",
      {
        { "struct sock sk", note = "ancestor class; its sock_common holds daddr, rcv_saddr, dport, num" },
        { "struct ipv6_pinfo *pinet6", config = "CONFIG_IPV6",
          note = "pointer to the IPv6 control block, which follows the protocol's sock" },
        { "struct ipv6_fl_socklist *ipv6_fl_list", config = "CONFIG_IPV6",
          note = "IPv6 flow labels (moved here from ipv6_pinfo in 2025 to save tcp6/udp6 a line)" },
        { "unsigned long inet_flags", note = "the old 1-bit options (recverr, freebind, ...) as atomic bits" },
        { "__be32 inet_saddr", note = "sending source address" },
        { "__s16 uc_ttl", note = "unicast TTL" },
        { "__be16 inet_sport", note = "source port" },
        { "struct ip_options_rcu *inet_opt", note = "IP options" },
        { "atomic_t inet_id", note = "IP id counter for DF packets" },
        { "__u8 tos", note = "TOS" },
        { "__u8 min_ttl" },
        { "__u8 mc_ttl", note = "multicasting TTL" },
        { "__u8 pmtudisc" },
        { "__u8 rcv_tos" },
        { "__u8 convert_csum" },
        { "int uc_index" },
        { "int mc_index", note = "multicast device index" },
        { "__be32 mc_addr" },
        { "u32 local_port_range", note = "IP_LOCAL_PORT_RANGE: high << 16 | low" },
        { "struct ip_mc_socklist *mc_list", note = "group array" },
        { "struct inet_cork_full cork", note = "pending corked send: route, flow, length" },
      } },

    { "struct fastopen_queue",
      note = "TCP Fast Open state of a listener: the RST list, the limit and the key context. 40 bytes.", {
        { "struct request_sock *rskq_rst_head" },
        { "struct request_sock *rskq_rst_tail" },
        { "spinlock_t lock" },
        { "int qlen" },
        { "int max_qlen" },
        { "struct tcp_fastopen_context *ctx" },
      } },

    { "struct request_sock_queue",
      note = "A listener's queue of connections that finished the handshake and wait for accept(), "
        .. "with SYN-queue counters. 72 bytes.", {
        { "spinlock_t rskq_lock" },
        { "u8 rskq_defer_accept" },
        { "u8 synflood_warned" },
        { "atomic_t qlen", note = "requests in the SYN queue" },
        { "atomic_t young" },
        { "struct request_sock *rskq_accept_head" },
        { "struct request_sock *rskq_accept_tail" },
        { "struct fastopen_queue fastopenq" },
      } },

    { "struct inet_connection_sock",
      note = "INET connection-oriented sock: inet_sock plus what any connection protocol needs: "
        .. "accept queue, bind buckets, retransmit and delayed-ACK timers, RTO, congestion "
        .. "control ops and private area. 1400 bytes with the profile's options.",
      {
        { "struct inet_sock icsk_inet", note = "inet_sock has to be the first member" },
        { "struct request_sock_queue icsk_accept_queue", note = "FIFO of established children" },
        { "struct inet_bind_bucket *icsk_bind_hash", note = "bind node (port)" },
        { "struct inet_bind2_bucket *icsk_bind2_hash", note = "bind node in the bhash2 table (address, port)" },
        { "struct timer_list icsk_retransmit_timer", note = "resend (no ack)" },
        { "struct timer_list icsk_delack_timer", note = "delayed ACK" },
        { "__u32 icsk_rto", note = "retransmit timeout" },
        { "__u32 icsk_rto_min" },
        { "u32 icsk_rto_max" },
        { "__u32 icsk_delack_max" },
        { "__u32 icsk_pmtu_cookie", note = "last pmtu seen by socket" },
        { "const struct tcp_congestion_ops *icsk_ca_ops", note = "pluggable congestion control hook" },
        { "const struct inet_connection_sock_af_ops *icsk_af_ops", note = "IPv4/IPv6 specific operations" },
        { "const struct tcp_ulp_ops *icsk_ulp_ops", note = "upper layer protocol (TLS, MPTCP) ops" },
        { "void *icsk_ulp_data", note = "ULP private data" },
        { "unsigned int (*icsk_sync_mss)(struct sock *, u32)", note = "sync MSS with the path MTU" },
        { "__u8 icsk_ca_state:5", note = "congestion control state" },
        { "__u8 icsk_ca_initialized:1" },
        { "__u8 icsk_ca_setsockopt:1" },
        { "__u8 icsk_ca_dst_locked:1" },
        { "__u8 icsk_retransmits", note = "number of unrecovered RTO timeouts" },
        { "__u8 icsk_pending", note = "scheduled timer event" },
        { "__u8 icsk_backoff", note = "backoff" },
        { "__u8 icsk_syn_retries", note = "number of allowed SYN (or equivalent) retries" },
        { "__u8 icsk_probes_out", note = "unanswered 0 window probes" },
        { "__u16 icsk_ext_hdr_len", note = "network protocol overhead" },
        { struct = {
            { "__u8 pending", note = "ACK is pending" },
            { "__u8 quick", note = "scheduled number of quick acks" },
            { "__u8 pingpong", note = "the session is interactive" },
            { "__u8 retry", note = "number of attempts" },
            { "__u32 ato:8", note = "predicted tick of soft clock" },
            { "__u32 lrcv_flowlabel:20", note = "last received ipv6 flowlabel" },
            { "__u32 dst_quick_ack:1" },
            { "__u32 unused:3" },
            { "__u32 lrcvtime", note = "timestamp of last received data packet" },
            { "__u16 last_seg_size", note = "size of last incoming segment" },
            { "__u16 rcv_mss", note = "MSS used for delayed ACK decisions" },
          }, name = "icsk_ack", note = "delayed ACK control data" },
        { struct = {
            { "int search_high", note = "range of MTUs to search" },
            { "int search_low" },
            { "u32 probe_size:31", note = "current probe size, or 0" },
            { "u32 enabled:1", note = "is MTUP enabled" },
            { "u32 probe_timestamp" },
          }, name = "icsk_mtup", note = "MTU probing control data" },
        { "u32 icsk_probes_tstamp", note = "probe timestamp" },
        { "u32 icsk_user_timeout", note = "TCP_USER_TIMEOUT" },
        { "u64 icsk_ca_priv[13]", note = "congestion control private area (ICSK_CA_PRIV_SIZE, 104 bytes)" },
      } },
  },
}
