-- struct udp_sock of Linux 6.18 (include/linux/udp.h).
--
-- inet_sock, then UDP's own state: flags, the corked-send length, the
-- encapsulation hooks (ESP-in-UDP, VXLAN, GUE, ...) and GRO hooks. The
-- receive side is on lines of its own: reader_queue, which udp_recvmsg()
-- drains before splicing the shared sk_receive_queue, starts a new line
-- (____cacheline_aligned_in_smp), and the per-NUMA-node drop counters take
-- two more, so that producers on many CPUs and the one reader do not
-- bounce a line between them.

return {
  records = {
    { "struct numa_drop_counters",
      note = "Two drop counters, each on its own line (____cacheline_aligned_in_smp): CPUs of even "
        .. "NUMA nodes add to one, odd nodes to the other, so a flood does not bounce one line "
        .. "across the machine. 128 bytes.", {
        { "atomic_t drops0", note = "aligned too in the source; at offset 0 that changes nothing" },
        { "atomic_t drops1 __attribute__((__aligned__(64)))" },
      } },

    { "struct udp_sock",
      note = "The UDP socket: inet_sock, UDP state, encapsulation hooks, then the reader queue and "
        .. "drop counters on lines of their own. 1344 bytes, 21 lines, with the profile's options.",
      {
        { "struct inet_sock inet", note = "inet_sock has to be the first member" },
        { "unsigned long udp_flags", note = "UDP_FLAGS_* bits: corked, no_check6, encap enabled, GRO, ..." },
        { "int pending", note = "any pending frames? (AF_INET or AF_INET6 while corked)" },
        { "__u8 encap_type", note = "is this an encapsulation socket?" },
        { "__u16 udp_lrpa_hash", config = "!CONFIG_BASE_SMALL",
          note = "4-tuple hash of a connected socket (local, remote port and address)" },
        { "struct hlist_nulls_node udp_lrpa_node", config = "!CONFIG_BASE_SMALL",
          note = "node in the 4-tuple hash table (hash4)" },
        { "__u16 len", note = "total length of pending frames" },
        { "__u16 gso_size" },
        { "__u16 pcslen", note = "UDP-Lite: checksum coverage, send" },
        { "__u16 pcrlen", note = "UDP-Lite: checksum coverage, receive" },
        { "int (*encap_rcv)(struct sock *, struct sk_buff *)", note = "receive hook of an encapsulation socket" },
        { "void (*encap_err_rcv)(struct sock *, struct sk_buff *, int, __be16, u32, u8 *)" },
        { "int (*encap_err_lookup)(struct sock *, struct sk_buff *)" },
        { "void (*encap_destroy)(struct sock *)" },
        { "struct sk_buff *(*gro_receive)(struct sock *, struct list_head *, struct sk_buff *)",
          note = "GRO functions for UDP socket" },
        { "int (*gro_complete)(struct sock *, struct sk_buff *, int)" },
        { "struct udp_prod_queue *udp_prod_queue", note = "per-node queues of producers of the receive path" },
        { "struct sk_buff_head reader_queue __attribute__((__aligned__(64)))",
          note = "udp_recvmsg() tries this before splicing sk_receive_queue; starts a line" },
        { "int forward_deficit", note = "receive memory freed but not yet returned to the socket" },
        { "int forward_threshold", note = "return it in batches past this" },
        { "bool peeking_with_offset", note = "SO_PEEK_OFF is in use" },
        { "struct hlist_node tunnel_list", note = "on the UDP tunnel GRO list" },
        { "struct numa_drop_counters drop_counters", note = "aligned to a line by its type" },
      } },
  },
}
