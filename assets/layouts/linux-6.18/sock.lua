-- struct sock_common of Linux 6.18 (include/net/sock.h): the head shared
-- by full, timewait and request sockets. Miller's 2001 rule survives: the
-- lookup identity (addresses, hash, ports, bound device) opens the struct,
-- so INET_MATCH compares skc_addrpair and skc_portpair in the first cache
-- line. The hash chain node (skc_node/skc_nulls_node) now sits at offset
-- 104, in the second 64-byte line, after the IPv6 addresses.

return {
  records = {
    { "struct sock_common",
      note = "The minimal network layer representation of sockets: the lookup identity first, "
        .. "shared by struct sock, inet_timewait_sock and request_sock.",
      {
        { union = {
            { "__addrpair skc_addrpair", note = "daddr and rcv_saddr as one 64-bit word, for one compare" },
            { struct = {
                { "__be32 skc_daddr", note = "foreign IPv4 address" },
                { "__be32 skc_rcv_saddr", note = "bound local IPv4 address" },
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
                { "__u16 skc_num", note = "placeholder for inet_num/tw_num" },
              } },
          } },
        { "unsigned short skc_family", note = "network address family" },
        { "volatile unsigned char skc_state", note = "connection state" },
        { "unsigned char skc_reuse:4", note = "SO_REUSEADDR setting" },
        { "unsigned char skc_reuseport:1", note = "SO_REUSEPORT setting" },
        { "unsigned char skc_ipv6only:1" },
        { "unsigned char skc_net_refcnt:1", note = "the socket holds a reference on its namespace" },
        { "int skc_bound_dev_if", note = "bound device index if != 0" },
        { union = {
            { "struct hlist_node skc_bind_node", note = "bind hash linkage for various protocol lookup tables" },
            { "struct hlist_node skc_portaddr_node", note = "second hash linkage for UDP/UDP-Lite" },
          } },
        { "struct proto *skc_prot", note = "protocol handlers inside a network family" },
        { "possible_net_t skc_net", note = "reference to the network namespace of this socket" },
        { "struct in6_addr skc_v6_daddr", config = "CONFIG_IPV6", note = "IPV6 destination address" },
        { "struct in6_addr skc_v6_rcv_saddr", config = "CONFIG_IPV6", note = "IPV6 source address" },
        { "atomic64_t skc_cookie", note = "socket's cookie value" },
        { union = {
            { "unsigned long skc_flags", note = "place holder for sk_flags" },
            { "struct sock *skc_listener", note = "request_sock: the listener" },
            { "struct inet_timewait_death_row *skc_tw_dr", note = "timewait: the death row" },
          }, note = "fields between dontcopy_begin/dontcopy_end are not copied in sock_copy()" },
        { "int skc_dontcopy_begin[0]" },
        { union = {
            { "struct hlist_node skc_node", note = "main hash linkage for various protocol lookup tables" },
            { "struct hlist_nulls_node skc_nulls_node", note = "main hash linkage for TCP/UDP/UDP-Lite protocol" },
          } },
        { "unsigned short skc_tx_queue_mapping", note = "tx queue number for this connection" },
        { "unsigned short skc_rx_queue_mapping", note = "rx queue number for this connection" },
        { union = {
            { "int skc_incoming_cpu", note = "record/match cpu processing incoming packets" },
            { "u32 skc_rcv_wnd" },
            { "u32 skc_tw_rcv_nxt" },
          } },
        { "refcount_t skc_refcnt", note = "reference count" },
        { "int skc_dontcopy_end[0]" },
        { union = {
            { "u32 skc_rxhash" },
            { "u32 skc_window_clamp" },
            { "u32 skc_tw_snd_nxt" },
          } },
      } },
  },
}
