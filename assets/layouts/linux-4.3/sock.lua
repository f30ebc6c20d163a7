-- struct sock_common and the head of struct sock in Linux 4.3
-- (include/net/sock.h), x86_64, before Eric Dumazet's 8e5eb54d303b
-- "net: align sk_refcnt on 128 bytes boundary" (4.4 merge window,
-- October 2015).
--
-- With CONFIG_IPV6 and CONFIG_NET_NS (offsets checked with gcc,
-- tests/data/check-linux-4.3-4.4.sh):
--   0 skc_daddr  4 skc_rcv_saddr  8 skc_hash  12 skc_dport  14 skc_num
--   16 skc_family  18 skc_state  19 skc_reuse/reuseport/ipv6only bits
--   20 skc_bound_dev_if  24 skc_bind_node  40 skc_prot  48 skc_net
--   56 skc_v6_daddr  72 skc_v6_rcv_saddr  88 skc_cookie
--   96 skc_node/skc_nulls_node  112 skc_tx_queue_mapping
--   116 skc_refcnt                          sizeof(struct sock_common) 120
-- So the reference count that every SYN to a listener takes and drops
-- shares the 64-byte line 64-127 with the hash-chain link the listener
-- lookup follows (skc_nulls_node) and the IPv6 lookup keys, and the
-- 128-byte pair 0-127 with all the other keys.
--
-- The pseudo-option SKLAB_SO_INCOMING_CPU gives the kernel the commit
-- measured, its parent in net-next: v4.3 plus 70da268b569d ("net:
-- SO_INCOMING_CPU setsockopt() support"), which moved sk_incoming_cpu
-- out of struct sock into sock_common, "int skc_incoming_cpu" between
-- skc_tx_queue_mapping and skc_refcnt, so that compute_score() can match
-- it: skc_incoming_cpu at 116, skc_refcnt at 120, sock_common 128 bytes.
-- From there 8e5eb54d303b's 8-byte union moves sk_refcnt "8 bytes
-- further", to 128 (linux-4.4/sock.lua).
--
-- struct sock is given up to sk_txhash only: __sk_common, then sk_lock,
-- sk_receive_queue, sk_backlog, sk_forward_alloc, sk_rxhash (CONFIG_RPS)
-- and, in v4.3 itself, u16 sk_incoming_cpu (208). The rest of struct sock
-- is left out: sizeof here is that of the head, not the kernel's.
--
-- What the data rests on: the 4.4 struct (linux-4.4/sock.lua) is the
-- source of 4.4-4.12 and the DWARF of Ubuntu's 4.4.0-21 kernel (members
-- in this order); 4.1-4.3's sock.h has skc_tx_queue_mapping directly
-- followed by skc_refcnt and skc_dontcopy_end, no skc_flags union, and
-- sk_rxhash and u16 sk_incoming_cpu in struct sock; 70da268b569d's diff
-- adds skc_incoming_cpu before skc_refcnt.

return {
  records = {
    { "struct sock_common",
      note = "The minimal network layer representation of sockets (Linux 4.3): lookup keys first, "
        .. "then the hash-chain link, the TX queue and the reference count, all in the first 128 bytes.",
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
        { "int skc_dontcopy_begin[0]", note = "fields from here to skc_dontcopy_end are not copied in sock_copy()" },
        { union = {
            { "struct hlist_node skc_node", note = "main hash linkage for various protocol lookup tables" },
            { "struct hlist_nulls_node skc_nulls_node",
              note = "main hash linkage for TCP: the listener lookup follows its next pointer" },
          } },
        { "int skc_tx_queue_mapping", note = "tx queue number for this connection" },
        { "int skc_incoming_cpu", config = "SKLAB_SO_INCOMING_CPU",
          note = "record/match cpu processing incoming packets: 70da268b569d, the commit's parent" },
        { "atomic_t skc_refcnt", note = "reference count: every SYN takes and drops one on the listener" },
        { "int skc_dontcopy_end[0]" },
      } },

    { "struct sock",
      note = "The head of struct sock in Linux 4.3: sock_common, the socket lock, the receive queue, "
        .. "the backlog and the receive-side words up to sk_txhash. The rest of the struct is left out.",
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
        { "__u32 sk_rxhash", config = "CONFIG_RPS", note = "flow hash received from netif layer" },
        { "u16 sk_incoming_cpu", config = "!SKLAB_SO_INCOMING_CPU",
          note = "record cpu processing incoming packets (getsockopt SO_INCOMING_CPU); in sock_common "
            .. "from 70da268b569d on" },
        { "__u32 sk_txhash", note = "computed flow hash for use on transmit" },
      } },
  },
}
