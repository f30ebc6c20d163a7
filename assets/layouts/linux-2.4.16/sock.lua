-- struct sock of Linux 2.4.16 (include/net/sock.h), i386.
--
-- One struct for every protocol: the protocols' private areas sit inside it
-- in three unions (net_pinfo, tp_pinfo, protinfo), so each socket is as big
-- as the largest area that the configuration compiled in. With 4-byte locks
-- (base.lua) sizeof(struct sock) is 808 with CONFIG_INET, 812 with
-- CONFIG_INET + CONFIG_FILTER, 908 with CONFIG_IPV6 as well, 1172 with
-- CONFIG_DECNET instead of IPv6, and 1268 with IPv6 and DECnet (nothing else
-- in the tree grows it further). The `sock` slab cache rounds these up to
-- 32-byte lines: 832, 928, 1184, 1280.
--
-- The first 32 bytes hold the lookup identity and the hash links, exactly one
-- L1 line on the 32-byte-line CPUs of the time: the point David Miller made
-- in the Dec 2001 thread for keeping them first.

return {
  typedefs = {
    -- anonymous structs in the X.25, AX.25, NET/ROM and ROSE headers; only
    -- pointers to them appear here
    { "x25_cb", "struct x25_cb" },
    { "ax25_cb", "struct ax25_cb" },
    { "nr_cb", "struct nr_cb" },
    { "rose_cb", "struct rose_cb" },
  },

  records = {
    { "struct sock",
      note = "Linux 2.4.16 struct sock: one fat struct with every configured protocol's "
        .. "private area in unions. 812 bytes with CONFIG_INET + CONFIG_FILTER "
        .. "(832 in the sock slab cache), 1268 with IPv6 and DECnet as well (1280).",
      {
        { "__u32 daddr", note = "foreign IPv4 address (lookup identity)" },
        { "__u32 rcv_saddr", note = "bound local IPv4 address (lookup identity)" },
        { "__u16 dport", note = "destination port, network order (lookup identity)" },
        { "unsigned short num", note = "local port, host order (lookup identity)" },
        { "int bound_dev_if", note = "device the socket is bound to, 0 = any (lookup identity)" },
        { "struct sock *next", note = "main hash chain: next socket in the bucket" },
        { "struct sock **pprev", note = "main hash chain: the pointer that points here" },
        { "struct sock *bind_next", note = "bind (local port) hash chain" },
        { "struct sock **bind_pprev",
          note = "bind hash chain; ends byte 31: identity + hash links fill one 32-byte line" },
        { "volatile unsigned char state", note = "TCP_ESTABLISHED ... TCP_CLOSE" },
        { "volatile unsigned char zapped", note = "ax25/ipx: reset, must stay shut" },
        { "__u16 sport", note = "source port, network order" },
        { "unsigned short family", note = "address family (AF_INET, AF_UNIX ...)" },
        { "unsigned char reuse", note = "SO_REUSEADDR" },
        { "unsigned char shutdown", note = "RCV_SHUTDOWN | SEND_SHUTDOWN" },
        { "atomic_t refcnt", note = "sock_hold() / sock_put()" },
        { "socket_lock_t lock", note = "lock_sock() / bh_lock_sock()" },
        { "int rcvbuf", note = "receive buffer limit, bytes (SO_RCVBUF)" },
        { "wait_queue_head_t *sleep", note = "wait queue of the owning struct socket" },
        { "struct dst_entry *dst_cache", note = "cached route" },
        { "rwlock_t dst_lock" },
        { "atomic_t rmem_alloc", note = "bytes charged to the receive queue" },
        { "struct sk_buff_head receive_queue", note = "incoming packets" },
        { "atomic_t wmem_alloc", note = "bytes charged to transmission" },
        { "struct sk_buff_head write_queue", note = "packets to send" },
        { "atomic_t omem_alloc", note = "\"o\" is option or other" },
        { "int wmem_queued", note = "persistent send queue size" },
        { "int forward_alloc", note = "memory allocated ahead of use" },
        { "__u32 saddr", note = "source address to send from" },
        { "unsigned int allocation", note = "GFP mode for allocations" },
        { "int sndbuf", note = "send buffer limit, bytes (SO_SNDBUF)" },
        { "struct sock *prev" },
        { "volatile char dead", note = "\"XXX Make this a flag word\" (DaveM): nine chars follow" },
        { "volatile char done" },
        { "volatile char urginline", note = "SO_OOBINLINE" },
        { "volatile char keepopen", note = "SO_KEEPALIVE" },
        { "volatile char linger", note = "SO_LINGER on" },
        { "volatile char destroy" },
        { "volatile char no_check", note = "SO_NO_CHECK: no UDP checksum" },
        { "volatile char broadcast", note = "SO_BROADCAST" },
        { "volatile char bsdism", note = "SO_BSDCOMPAT" },
        { "unsigned char debug", note = "SO_DEBUG" },
        { "unsigned char rcvtstamp", note = "SO_TIMESTAMP" },
        { "unsigned char use_write_queue" },
        { "unsigned char userlocks", note = "SOCK_*_LOCK bits; the header notes a 3-byte hole after it" },
        { "int route_caps", note = "device offload capabilities of the route" },
        { "int proc", note = "pid or pgrp for SIGIO/SIGURG" },
        { "unsigned long lingertime", note = "SO_LINGER time" },
        { "int hashent", note = "hash bucket index" },
        { "struct sock *pair", note = "AF_UNIX peer (unix_peer())" },
        { struct = {
            { "struct sk_buff *head" },
            { "struct sk_buff *tail" },
          }, name = "backlog",
          note = "packets that arrived while a process owned the socket; always used under the spinlock" },
        { "rwlock_t callback_lock", note = "guards sleep, socket and the callbacks" },
        { "struct sk_buff_head error_queue", note = "IP_RECVERR errors, rarely used" },
        { "struct proto *prot", note = "transport operations (tcp_prot, udp_prot ...)" },
        { union = {
            { "struct ipv6_pinfo af_inet6" },
          }, name = "net_pinfo", config = "CONFIG_IPV6 || CONFIG_IPV6_MODULE",
          note = "network-layer private area: IPv6 only, since IPv6 sockets also speak IPv4" },
        { union = {
            { "struct tcp_opt af_tcp", note = "always compiled in: the union is never smaller than 424" },
            { "struct raw_opt tp_raw4", config = "CONFIG_INET || CONFIG_INET_MODULE" },
            { "struct raw6_opt tp_raw", config = "CONFIG_IPV6 || CONFIG_IPV6_MODULE" },
            { "struct spx_opt af_spx", config = "CONFIG_SPX || CONFIG_SPX_MODULE" },
          }, name = "tp_pinfo",
          note = "transport private area: 424 bytes (tcp_opt) in every socket, TCP or not" },
        { "int err", note = "last fatal error" },
        { "int err_soft", note = "soft error: not fatal, but the cause of a persistent failure" },
        { "unsigned short ack_backlog", note = "connections waiting in accept()" },
        { "unsigned short max_ack_backlog", note = "listen() backlog" },
        { "__u32 priority", note = "SO_PRIORITY" },
        { "unsigned short type", note = "SOCK_STREAM, SOCK_DGRAM ..." },
        { "unsigned char localroute", note = "SO_DONTROUTE: route locally only" },
        { "unsigned char protocol" },
        { "struct ucred peercred", note = "SO_PEERCRED" },
        { "int rcvlowat", note = "SO_RCVLOWAT" },
        { "long rcvtimeo", note = "SO_RCVTIMEO, jiffies" },
        { "long sndtimeo", note = "SO_SNDTIMEO, jiffies" },
        { "struct sk_filter *filter", config = "CONFIG_FILTER", note = "attached socket filter (SO_ATTACH_FILTER)" },
        { union = {
            { "void *destruct_hook" },
            { "struct unix_opt af_unix", note = "always compiled in: 64 bytes" },
            { "struct inet_opt af_inet", config = "CONFIG_INET || CONFIG_INET_MODULE" },
            { "struct atalk_sock af_at", config = "CONFIG_ATALK || CONFIG_ATALK_MODULE" },
            { "struct ipx_opt af_ipx", config = "CONFIG_IPX || CONFIG_IPX_MODULE" },
            { "struct dn_scp dn", config = "CONFIG_DECNET || CONFIG_DECNET_MODULE",
              note = "424 bytes: with DECnet the union grows from 64 to 424" },
            { "struct packet_opt *af_packet", config = "CONFIG_PACKET || CONFIG_PACKET_MODULE" },
            { "x25_cb *x25", config = "CONFIG_X25 || CONFIG_X25_MODULE" },
            { "ax25_cb *ax25", config = "CONFIG_AX25 || CONFIG_AX25_MODULE" },
            { "nr_cb *nr", config = "CONFIG_NETROM || CONFIG_NETROM_MODULE" },
            { "rose_cb *rose", config = "CONFIG_ROSE || CONFIG_ROSE_MODULE" },
            { "struct pppox_opt *pppox", config = "CONFIG_PPPOE || CONFIG_PPPOE_MODULE" },
            { "struct netlink_opt *af_netlink", config = "CONFIG_NETLINK" },
            { "struct econet_opt *af_econet", config = "CONFIG_ECONET || CONFIG_ECONET_MODULE" },
            { "struct atm_vcc *af_atm", config = "CONFIG_ATM || CONFIG_ATM_MODULE" },
            { "struct irda_sock *irda", config = "CONFIG_IRDA || CONFIG_IRDA_MODULE" },
            { "struct wanpipe_opt *af_wanpipe", config = "CONFIG_WAN_ROUTER || CONFIG_WAN_ROUTER_MODULE" },
          }, name = "protinfo",
          note = "every other private area: 64 bytes (unix_opt), 424 with DECnet" },
        { "struct timer_list timer", note = "sock cleanup timer (TCP keepalive and others)" },
        { "struct timeval stamp", note = "time of the last packet received" },
        { "struct socket *socket", note = "the VFS-side socket; identd and SIGIO" },
        { "void *user_data", note = "RPC layer private data" },
        { "void (*state_change)(struct sock *sk)", note = "callback: state changed" },
        { "void (*data_ready)(struct sock *sk, int bytes)", note = "callback: data arrived" },
        { "void (*write_space)(struct sock *sk)", note = "callback: send space freed" },
        { "void (*error_report)(struct sock *sk)", note = "callback: error queued" },
        { "int (*backlog_rcv)(struct sock *sk, struct sk_buff *skb)", note = "processes the backlog" },
        { "void (*destruct)(struct sock *sk)", note = "called by sk_free()" },
      } },
  },
}
