-- struct sock_common and the head of struct sock in Linux 4.4
-- (include/net/sock.h), x86_64, after Eric Dumazet's 8e5eb54d303b
-- "net: align sk_refcnt on 128 bytes boundary" and the rest of its series
-- (skc_incoming_cpu, skc_rxhash and the request/timewait sockets' fields
-- moved into sock_common's unions).
--
-- With CONFIG_IPV6 and CONFIG_NET_NS (offsets checked with gcc,
-- tests/data/check-linux-4.3-4.4.sh):
--   0-95 as in 4.3 (skc_daddr ... skc_cookie at 88)
--   96 skc_flags/skc_listener/skc_tw_dr, the place holder the commit adds
--   104 skc_node/skc_nulls_node  120 skc_tx_queue_mapping
--   124 skc_incoming_cpu/skc_rcv_wnd/skc_tw_rcv_nxt
--   128 skc_refcnt  132 skc_rxhash/skc_window_clamp/skc_tw_snd_nxt
--                                           sizeof(struct sock_common) 136
-- "offset(struct sock, sk_refcnt) == 128 on 64bit arches assuming IPV6 is
-- enabled": the first 128 bytes, every lookup key and the chain link,
-- are read-mostly; the reference count opens the third 64-byte line.
--
-- The members and their order are those of the 4.4-4.12 source and of the
-- DWARF of Ubuntu's 4.4.0-21 kernel (skc_portaddr_node is still an
-- hlist_nulls_node in 4.4). struct sock is given up to sk_txhash only:
-- __sk_common, sk_lock (136), sk_receive_queue (168), sk_backlog (192),
-- sk_forward_alloc (216), sk_txhash (220). The rest is left out: sizeof
-- here is that of the head, not the kernel's.

return {
  records = {
    { "struct sock_common",
      note = "The minimal network layer representation of sockets (Linux 4.4): 128 read-mostly bytes of "
        .. "lookup keys and links, then the reference count at 128.",
      {
        { union = {
            { "__addrpair skc_addrpair", note = "daddr and rcv_saddr as one 64-bit word (INET_MATCH)" },
            { struct = {
                { "__be32 skc_daddr", note = "foreign IPv4 address" },
                { "__be32 skc_rcv_saddr", note = "bound local IPv4 address: compute_score() compares it" },
              } },
          } },
        { union = {
            { "unsigned int skc_hash", note = "hash value used with the lookup tables" },
            { "__u16 skc_u16hashes[2]", note = "two u16 hash values used by UDP lookup tables" },
          } },
        { union = {
            { "__portpair skc_portpair", note = "dport and num as one 32-bit word" },
            { struct = {
                { "__be16 skc_dport", note = "placeholder for inet_dport/tw_dport" },
                { "__u16 skc_num", note = "placeholder for inet_num: the listener's port" },
              } },
          } },
        { "unsigned short skc_family", note = "network address family: PF_INET scores 2, PF_INET6 1" },
        { "volatile unsigned char skc_state", note = "connection state (TCP_LISTEN)" },
        { "unsigned char skc_reuse:4", note = "SO_REUSEADDR setting" },
        { "unsigned char skc_reuseport:1", note = "SO_REUSEPORT setting: the lookup picks among equal scores" },
        { "unsigned char skc_ipv6only:1", note = "IPV6_V6ONLY: compute_score() skips such a socket" },
        { "unsigned char skc_net_refcnt:1", note = "the socket holds a reference on its namespace" },
        { "int skc_bound_dev_if", note = "bound device index if != 0" },
        { union = {
            { "struct hlist_node skc_bind_node", note = "bind hash linkage" },
            { "struct hlist_nulls_node skc_portaddr_node", note = "second hash linkage for UDP/UDP-Lite" },
          } },
        { "struct proto *skc_prot", note = "protocol handlers inside a network family" },
        { "possible_net_t skc_net", note = "network namespace: the lookup's first compare" },
        { "struct in6_addr skc_v6_daddr", config = "CONFIG_IPV6", note = "IPv6 destination address" },
        { "struct in6_addr skc_v6_rcv_saddr", config = "CONFIG_IPV6", note = "IPv6 source address" },
        { "atomic64_t skc_cookie", note = "socket's cookie value" },
        { union = {
            { "unsigned long skc_flags", note = "place holder for sk_flags" },
            { "struct sock *skc_listener", note = "request_sock: the listener" },
            { "struct inet_timewait_death_row *skc_tw_dr", note = "inet_timewait_sock: its death row" },
          }, note = "padding that puts sk_refcnt at 128 (8e5eb54d303b), used differently by each kind of socket" },
        { "int skc_dontcopy_begin[0]", note = "fields from here to skc_dontcopy_end are not copied in sock_copy()" },
        { union = {
            { "struct hlist_node skc_node", note = "main hash linkage for various protocol lookup tables" },
            { "struct hlist_nulls_node skc_nulls_node",
              note = "main hash linkage for TCP: the listener lookup follows its next pointer" },
          } },
        { "int skc_tx_queue_mapping", note = "tx queue number for this connection" },
        { union = {
            { "int skc_incoming_cpu", note = "record/match cpu processing incoming packets (SO_INCOMING_CPU)" },
            { "u32 skc_rcv_wnd", note = "request_sock: the receive window" },
            { "u32 skc_tw_rcv_nxt", note = "tcp_timewait_sock: next expected sequence number" },
          } },
        { "atomic_t skc_refcnt", note = "reference count: at 128, the third line, away from the lookup keys" },
        { "int skc_dontcopy_end[0]" },
        { union = {
            { "u32 skc_rxhash", note = "flow hash received from netif layer" },
            { "u32 skc_window_clamp", note = "request_sock: the window clamp" },
            { "u32 skc_tw_snd_nxt", note = "tcp_timewait_sock: next sequence number to send" },
          } },
      } },

    { "struct sock",
      note = "The head of struct sock in Linux 4.4: sock_common, the socket lock, the receive queue, "
        .. "the backlog, sk_forward_alloc and sk_txhash. The rest of the struct is left out.",
      {
        { "struct sock_common __sk_common", note = "shared layout with inet_timewait_sock and request_sock" },
        { "socket_lock_t sk_lock", note = "synchronizer" },
        { "struct sk_buff_head sk_receive_queue", note = "incoming packets" },
        { struct = {
            { "atomic_t rmem_alloc", note = "receive queue bytes committed (here to fill a hole)" },
            { "int len" },
            { "struct sk_buff *head" },
            { "struct sk_buff *tail" },
          }, name = "sk_backlog", note = "always used with the per-socket spinlock held" },
        { "int sk_forward_alloc", note = "space allocated forward" },
        { "__u32 sk_txhash", note = "computed flow hash for use on transmit" },
      } },
  },
}
