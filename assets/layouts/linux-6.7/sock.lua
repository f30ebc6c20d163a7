-- linux-6.7 set: this file is a copy of linux-6.18/sock.lua, not Linux
-- 6.7's own sock_common and struct sock. The set exists for struct
-- tcp_sock as it was before the 6.8 cache-line groups (tcp.lua, from the v6.7 source); the structs it
-- embeds are taken from 6.18 where 6.7 is identical or where their 6.7
-- form was not rebuilt. What that simplifies, and what it moves: see
-- tcp.lua's header and docs/data-format.md ("The linux-6.7 set").
--
-- struct sock_common and struct sock of Linux 6.18 (include/net/sock.h).
--
-- sock_common is the head shared by full, timewait and request sockets.
-- Miller's 2001 rule survives: the lookup identity (addresses, hash, ports,
-- bound device) opens the struct, so INET_MATCH compares skc_addrpair and
-- skc_portpair in the first cache line. The hash chain node
-- (skc_node/skc_nulls_node) now sits at offset 104, in the second 64-byte
-- line, after the IPv6 addresses.
--
-- In 6.18 struct sock follows in six cacheline groups (Eric Dumazet, 6.9,
-- 2024, commit 5d4cc87414c5), each between zero-size markers. Those groups
-- came after 6.7, so this copy leaves the markers out: they have no size,
-- and no member moves without them (none of them is aligned). The member
-- order is still 6.18's, not 6.7's; only its total size reaches tcp_sock.

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
        { "unsigned short skc_rx_queue_mapping", config = "CONFIG_SOCK_RX_QUEUE_MAPPING",
          note = "rx queue number for this connection" },
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

    { "struct socket_lock_t",
      note = "socket_lock_t: the per-socket lock. The spinlock serialises user context against "
        .. "softirq processing; 'owned' plus the wait queue make a mutex-like lock for process "
        .. "context (lock_sock()). Tag is sklab's; the kernel's struct has none. 32 bytes "
        .. "(CONFIG_DEBUG_LOCK_ALLOC adds a lockdep_map, not modelled).", {
        { "spinlock_t slock" },
        { "int owned", note = "a process holds the socket (lock_sock()); softirq input goes to the backlog" },
        { "wait_queue_head_t wq", note = "processes waiting for the owner to release the socket" },
      } },

    { "struct sock_cgroup_data",
      note = "The socket's cgroup: the v2 cgroup pointer, and the v1 net_cls classid and net_prio "
        .. "index. Empty without CONFIG_SOCK_CGROUP_DATA. 16 bytes, 2 of them padding.", {
        { "struct cgroup *cgroup", config = "CONFIG_SOCK_CGROUP_DATA" },
        { "u32 classid", config = "CONFIG_SOCK_CGROUP_DATA && CONFIG_CGROUP_NET_CLASSID" },
        { "u16 prioidx", config = "CONFIG_SOCK_CGROUP_DATA && CONFIG_CGROUP_NET_PRIO" },
      } },

    { "struct sock",
      note = "The network layer representation of sockets: sock_common, then six cacheline groups "
        .. "of fast-path fields (read-mostly apart from read-write), then the cold fields. "
        .. "784 bytes, 13 lines, with the profile's options.",
      {
        { "struct sock_common __sk_common",
          note = "shared layout with inet_timewait_sock and request_sock: identity, hash nodes, refcount" },

        { "atomic_t sk_drops", note = "raw/udp drops counter" },
        { "__s32 sk_peek_off", note = "current peek_offset value" },
        { "struct sk_buff_head sk_error_queue", note = "rarely used: MSG_ERRQUEUE, timestamps" },
        { "struct sk_buff_head sk_receive_queue", note = "incoming packets" },
        { struct = {
            { "atomic_t rmem_alloc", note = "receive queue bytes committed (here to fill a hole)" },
            { "int len" },
            { "struct sk_buff *head" },
            { "struct sk_buff *tail" },
          }, name = "sk_backlog",
          note = "packets that arrived while a process owned the socket; always used with the spinlock held" },

        { "struct dst_entry *sk_rx_dst", note = "receive input route used by early demux" },
        { "int sk_rx_dst_ifindex" },
        { "u32 sk_rx_dst_cookie" },
        { "unsigned int sk_ll_usec", config = "CONFIG_NET_RX_BUSY_POLL",
          note = "usecs to busypoll when there is no data" },
        { "unsigned int sk_napi_id", config = "CONFIG_NET_RX_BUSY_POLL",
          note = "id of the last napi context to receive data for sk" },
        { "u16 sk_busy_poll_budget", config = "CONFIG_NET_RX_BUSY_POLL" },
        { "u8 sk_prefer_busy_poll", config = "CONFIG_NET_RX_BUSY_POLL" },
        { "u8 sk_userlocks", note = "SO_SNDBUF and SO_RCVBUF settings" },
        { "int sk_rcvbuf", note = "size of receive buffer in bytes" },
        { "struct sk_filter *sk_filter", note = "socket filtering instructions (BPF)" },
        { union = {
            { "struct socket_wq *sk_wq", note = "sock wait queue and async head" },
            { "struct socket_wq *sk_wq_raw" },
          } },
        { "void (*sk_data_ready)(struct sock *)", note = "callback: there is data to be processed" },
        { "long sk_rcvtimeo", note = "SO_RCVTIMEO" },
        { "int sk_rcvlowat", note = "SO_RCVLOWAT" },

        { "int sk_err", note = "last error" },
        { "struct socket *sk_socket", note = "the BSD socket of the file" },
        { "struct mem_cgroup *sk_memcg", note = "this socket's memory cgroup association" },
        { "struct xfrm_policy *sk_policy[2]", config = "CONFIG_XFRM", note = "IPsec flow policy" },

        { "socket_lock_t sk_lock", note = "synchronizer" },
        { "u32 sk_reserved_mem", note = "space reserved and non-reclaimable for the socket" },
        { "int sk_forward_alloc", note = "space allocated forward" },
        { "u32 sk_tsflags", note = "SO_TIMESTAMPING flags" },

        { "int sk_write_pending", note = "a write to stream socket waits to start" },
        { "atomic_t sk_omem_alloc", note = "'o' is 'option' or 'other'" },
        { "int sk_err_soft", note = "errors that don't cause failure" },
        { "int sk_wmem_queued", note = "persistent queue size" },
        { "refcount_t sk_wmem_alloc", note = "transmit queue bytes committed" },
        { "unsigned long sk_tsq_flags", note = "TCP Small Queues flags" },
        { union = {
            { "struct sk_buff *sk_send_head", note = "front of stuff to transmit" },
            { "struct rb_root tcp_rtx_queue", note = "TCP re-transmit queue" },
          } },
        { "struct sk_buff_head sk_write_queue", note = "packet sending queue" },
        { "u32 sk_dst_pending_confirm", note = "need to confirm neighbour" },
        { "u32 sk_pacing_status", note = "pacing status (requested, handled by sch_fq)" },
        { "struct page_frag sk_frag", note = "cached page frag" },
        { "struct timer_list sk_timer", note = "sock cleanup timer (TCP: keepalive)" },
        { "unsigned long sk_pacing_rate", note = "bytes per second" },
        { "atomic_t sk_zckey", note = "counter to order MSG_ZEROCOPY notifications" },
        { "atomic_t sk_tskey", note = "counter to disambiguate concurrent tstamp requests" },

        { "unsigned long sk_max_pacing_rate", note = "SO_MAX_PACING_RATE" },
        { "long sk_sndtimeo", note = "SO_SNDTIMEO" },
        { "u32 sk_priority", note = "SO_PRIORITY" },
        { "u32 sk_mark", note = "generic packet mark" },
        { "kuid_t sk_uid", note = "user id of owner" },
        { "u16 sk_protocol", note = "which protocol this socket belongs in this network family" },
        { "u16 sk_type", note = "socket type (SOCK_STREAM, etc)" },
        { "struct dst_entry *sk_dst_cache", note = "destination cache" },
        { "netdev_features_t sk_route_caps", note = "route capabilities (e.g. NETIF_F_TSO)" },
        { "struct sk_buff *(*sk_validate_xmit_skb)(struct sock *, struct net_device *, struct sk_buff *)",
          config = "CONFIG_SOCK_VALIDATE_XMIT", note = "TLS device offload's check of each skb" },
        { "u16 sk_gso_type", note = "GSO type (e.g. SKB_GSO_TCPV4)" },
        { "u16 sk_gso_max_segs", note = "maximum number of GSO segments" },
        { "unsigned int sk_gso_max_size", note = "maximum GSO segment size to build" },
        { "gfp_t sk_allocation", note = "allocation mode" },
        { "u32 sk_txhash", note = "computed flow hash for use on transmit" },
        { "int sk_sndbuf", note = "size of send buffer in bytes" },
        { "u8 sk_pacing_shift", note = "scaling factor for TCP Small Queues" },
        { "bool sk_use_task_frag", note = "allow sk_page_frag() to use current->task_frag" },

        { "u8 sk_gso_disabled:1", note = "if set, NETIF_F_GSO_MASK is forbidden" },
        { "u8 sk_kern_sock:1", note = "true if sock is using kernel lock classes" },
        { "u8 sk_no_check_tx:1", note = "SO_NO_CHECK setting, set checksum in TX packets" },
        { "u8 sk_no_check_rx:1", note = "allow zero checksum in RX packets" },
        { "u8 sk_shutdown", note = "mask of SEND_SHUTDOWN and/or RCV_SHUTDOWN" },
        { "unsigned long sk_lingertime", note = "SO_LINGER l_linger setting" },
        { "struct proto *sk_prot_creator", note = "sk_prot of original sock creator" },
        { "rwlock_t sk_callback_lock", note = "used with the callbacks at the end of this struct" },
        { "u32 sk_ack_backlog", note = "current listen backlog" },
        { "u32 sk_max_ack_backlog", note = "listen backlog set in listen()" },
        { "unsigned long sk_ino", note = "inode number of the socket's file" },
        { "spinlock_t sk_peer_lock", note = "protects sk_peer_pid and sk_peer_cred" },
        { "int sk_bind_phc", note = "SO_TIMESTAMPING bind PHC index" },
        { "struct pid *sk_peer_pid", note = "struct pid for this socket's peer" },
        { "const struct cred *sk_peer_cred", note = "SO_PEERCRED setting" },
        { "ktime_t sk_stamp", note = "time stamp of last packet received (32-bit kernels add a seqlock)" },
        { "int sk_disconnects", note = "number of disconnect operations performed on this sock" },
        { union = {
            { "u8 sk_txrehash", note = "enable TX hash rethink" },
            { "u8 sk_scm_recv_flags" },
            { struct = {
                { "u8 sk_scm_credentials:1" },
                { "u8 sk_scm_security:1" },
                { "u8 sk_scm_pidfd:1" },
                { "u8 sk_scm_rights:1" },
                { "u8 sk_scm_unused:4" },
              } },
          } },
        { "u8 sk_clockid", note = "clockid used by time-based scheduling (SO_TXTIME)" },
        { "u8 sk_txtime_deadline_mode:1" },
        { "u8 sk_txtime_report_errors:1" },
        { "u8 sk_txtime_unused:6" },
        { "u8 sk_bpf_cb_flags", note = "BPF callbacks enabled on this socket (timestamping)" },
        { "void *sk_user_data", note = "RPC layer private data" },
        { "void *sk_security", config = "CONFIG_SECURITY", note = "used by security modules (LSM blob)" },
        { "struct sock_cgroup_data sk_cgrp_data", note = "cgroup data for this cgroup" },
        { "void (*sk_state_change)(struct sock *)", note = "callback: the state of the sock changed" },
        { "void (*sk_write_space)(struct sock *)", note = "callback: there is sending space available" },
        { "void (*sk_error_report)(struct sock *)", note = "callback: errors (e.g. MSG_ERRQUEUE)" },
        { "int (*sk_backlog_rcv)(struct sock *, struct sk_buff *)", note = "callback: process the backlog" },
        { "void (*sk_destruct)(struct sock *)", note = "called at sock freeing time" },
        { "struct sock_reuseport *sk_reuseport_cb", note = "reuseport group container" },
        { "struct bpf_local_storage *sk_bpf_storage", config = "CONFIG_BPF_SYSCALL",
          note = "cache and control for bpf_sk_storage" },
        { "struct numa_drop_counters *sk_drop_counters", note = "per-NUMA-node drop counters (UDP, raw)" },
        { "struct callback_head sk_rcu", note = "used during RCU grace period" },
        { "netns_tracker ns_tracker", note = "tracker for netns reference" },
        { "struct xarray sk_user_frags", note = "devmem TCP: user-held frags" },
      } },
  },
}
