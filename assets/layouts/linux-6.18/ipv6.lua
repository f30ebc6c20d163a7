-- IPv6 sockets of Linux 6.18 (include/linux/ipv6.h, include/net/ipv6.h).
--
-- Since 2.5 every IPv6 protocol has a socket type of its own: the IPv4
-- one with struct ipv6_pinfo appended (tcp6_sock, udp6_sock, raw6_sock),
-- and a cache of its own (TCPv6, UDPv6, RAWv6). inet_sock->pinet6 points
-- at the appended part, so IPv6 code finds it without knowing the
-- protocol. What every socket pays for IPv6 now is the two addresses in
-- sock_common (skc_v6_daddr, skc_v6_rcv_saddr) and that pointer.
--
-- Checked against the BTF of a running 6.18 kernel: pahole -C NAME prints
-- the same layout (tests/data/check-linux-6.18.sh).

return {
  typedefs = {
    { "s16", "__s16" },
  },
  records = {
    { "struct in6_pktinfo",
      note = "IPV6_PKTINFO: the source address and interface a socket's packets are sent from "
        .. "(sticky when set with setsockopt). 20 bytes.", {
        { "struct in6_addr ipi6_addr" },
        { "int ipi6_ifindex" },
      } },

    { "struct inet6_cork",
      note = "IPv6 options of a corked send (UDP_CORK, MSG_MORE) kept until the datagram goes out. "
        .. "16 bytes, 5 of them padding.", {
        { "struct ipv6_txoptions *opt" },
        { "u8 hop_limit" },
        { "u8 tclass" },
        { "u8 dontfrag:1" },
      } },

    { "struct ipv6_pinfo",
      note = "The IPv6 part of a socket, appended to the protocol's socket (tcp6_sock, udp6_sock, ...) "
        .. "and found through inet_sock->pinet6. 128 bytes: two cache lines.", {
        { "struct in6_addr saddr", note = "source address for sending (the bound one is skc_v6_rcv_saddr)" },
        { "__be32 flow_label" },
        { "u32 dst_cookie", note = "validates the cached route (sk_dst_cache)" },
        { "struct ipv6_txoptions *opt", note = "extension headers set with setsockopt" },
        { "s16 hop_limit", note = "unicast hop limit, -1 = the route's" },
        { "u8 pmtudisc", note = "IPV6_MTU_DISCOVER mode" },
        { "u8 tclass", note = "traffic class" },
        { "bool saddr_cache" },
        { "bool daddr_cache" },
        { "u8 mcast_hops" },
        { "u32 frag_size" },
        { "int ucast_oif" },
        { "int mcast_oif" },
        { name = "rxopt", union = {
            { name = "bits", struct = {
                { "u16 srcrt:1" },
                { "u16 osrcrt:1" },
                { "u16 rxinfo:1" },
                { "u16 rxoinfo:1" },
                { "u16 rxhlim:1" },
                { "u16 rxohlim:1" },
                { "u16 hopopts:1" },
                { "u16 ohopopts:1" },
                { "u16 dstopts:1" },
                { "u16 odstopts:1" },
                { "u16 rxflow:1" },
                { "u16 rxtclass:1" },
                { "u16 rxpmtu:1" },
                { "u16 rxorigdstaddr:1" },
                { "u16 recvfragsize:1" },
              } },
            { "u16 all" },
          }, note = "which ancillary data recvmsg() delivers" },
        { "u8 srcprefs", note = "IPV6_ADDR_PREFERENCES" },
        { "u8 min_hopcount" },
        { "__be32 rcv_flowinfo" },
        { "struct in6_pktinfo sticky_pktinfo" },
        { "struct sk_buff *pktoptions", note = "IPV6_PKTOPTIONS: the latest received options" },
        { "struct sk_buff *rxpmtu" },
        { "struct inet6_cork cork" },
        { "struct ipv6_mc_socklist *ipv6_mc_list", note = "multicast groups joined" },
        { "struct ipv6_ac_socklist *ipv6_ac_list", note = "anycast addresses joined" },
      } },

    { "struct tcp6_sock",
      note = "A TCP socket over IPv6: tcp_sock, then ipv6_pinfo, which must come last "
        .. "(inet_sock->pinet6 points at it). 2432 bytes; the TCPv6 cache's slots are 2496.", {
        { "struct tcp_sock tcp" },
        { "struct ipv6_pinfo inet6", note = "must be last" },
      } },

    { "struct udp6_sock",
      note = "A UDP socket over IPv6: udp_sock, then ipv6_pinfo (last). 1472 bytes, the UDPv6 "
        .. "cache's slot size.", {
        { "struct udp_sock udp" },
        { "struct ipv6_pinfo inet6", note = "must be last" },
      } },
  },
}
