-- struct sk_buff of Linux 2.4.16 (include/linux/skbuff.h), i386.
--
-- The socket buffer's descriptor, from skbuff_head_cache: list links, the
-- owning socket, the arrival time, the device, the transport, network and
-- link header pointers (unions of pointers), the route, the 48-byte control
-- block cb[], the lengths, checksum and flags, users, truesize, then head,
-- data, tail and end (pointers in every 2.4 kernel) and the destructor.
-- 144 bytes up to destructor; the members after it exist only under their
-- options: CONFIG_NETFILTER (nfmark, nfcache, nfct: 12 bytes, nf_debug 4
-- more with CONFIG_NETFILTER_DEBUG), CONFIG_HIPPI (private.ifield, 4) and
-- CONFIG_NET_SCHED (tc_index, 4). With the profile's INET + FILTER it is 144
-- bytes, in 160-byte slots (SLAB_HWCACHE_ALIGN, 32-byte lines); a kernel
-- with NETFILTER + NET_SCHED has 160. The sk_buff model (src/core/net/skb.c)
-- computes the same size from the same options.

return {
  records = {
    { "struct sk_buff",
      note = "The socket buffer descriptor (linux/skbuff.h): links, socket, headers, cb[48], lengths, "
        .. "truesize, head/data/tail/end pointers, destructor. 144 bytes with INET + FILTER; netfilter, "
        .. "HIPPI and traffic-control members follow under their options.", {
        { "struct sk_buff *next", note = "must be first: the queue head is cast to struct sk_buff *" },
        { "struct sk_buff *prev" },
        { "struct sk_buff_head *list", note = "the queue it is on" },
        { "struct sock *sk", note = "the socket that owns it: skb_set_owner_r/w charge truesize to it" },
        { "struct timeval stamp", note = "when it arrived" },
        { "struct net_device *dev", note = "the device it arrived on or leaves by" },
        { union = {
            { "struct tcphdr *th" },
            { "struct udphdr *uh" },
            { "struct icmphdr *icmph" },
            { "struct igmphdr *igmph" },
            { "struct iphdr *ipiph" },
            { "struct spxhdr *spxh" },
            { "unsigned char *raw" },
          }, name = "h", note = "the transport header" },
        { union = {
            { "struct iphdr *iph" },
            { "struct ipv6hdr *ipv6h" },
            { "struct arphdr *arph" },
            { "struct ipxhdr *ipxh" },
            { "unsigned char *raw" },
          }, name = "nh", note = "the network header" },
        { union = {
            { "struct ethhdr *ethernet" },
            { "unsigned char *raw" },
          }, name = "mac", note = "the link-layer header" },
        { "struct dst_entry *dst", note = "the route" },
        { "char cb[48]", note = "the control buffer, each layer's own while it holds the skb" },
        { "unsigned int len", note = "bytes of data, linear and paged" },
        { "unsigned int data_len", note = "the paged bytes" },
        { "unsigned int csum" },
        { "unsigned char __unused" },
        { "unsigned char cloned", note = "the head may be shared with a clone" },
        { "unsigned char pkt_type" },
        { "unsigned char ip_summed" },
        { "__u32 priority" },
        { "atomic_t users" },
        { "unsigned short protocol" },
        { "unsigned short security" },
        { "unsigned int truesize", note = "what the socket is charged: SKB_DATA_ALIGN(size) + sizeof(struct sk_buff)" },
        { "unsigned char *head" },
        { "unsigned char *data" },
        { "unsigned char *tail" },
        { "unsigned char *end", note = "skb_shared_info starts here" },
        { "void (*destructor)(struct sk_buff *)", note = "sock_rfree or sock_wfree when a socket owns it" },
        { "unsigned long nfmark", config = "CONFIG_NETFILTER" },
        { "__u32 nfcache", config = "CONFIG_NETFILTER" },
        { "struct nf_ct_info *nfct", config = "CONFIG_NETFILTER" },
        { "unsigned int nf_debug", config = "CONFIG_NETFILTER && CONFIG_NETFILTER_DEBUG" },
        { union = {
            { "__u32 ifield" },
          }, name = "private", config = "CONFIG_HIPPI" },
        { "__u32 tc_index", config = "CONFIG_NET_SCHED", note = "traffic control index" },
      } },
  },
}
