-- The objects of the Dec 2001 struct sock cleanup (Arnaldo Carvalho de Melo,
-- David S. Miller; [PATCH][RFC 2..4] cleaning up struct sock), i386, laid
-- out as C lays them out, next to the pristine 2.4.16 struct sock (sock.lua)
-- so that one layout set can show both.
--
-- The patch text was not found, so the slim sock is inferred from the
-- thread's /proc/slabinfo figures (objsize - 8 bytes of DEBUG_SLAB red zone
-- = raw size): RFC 2's sock is 332 - 8 = 324 and the 2.5.x sock is
-- 336 - 8 = 328. The model: 2.4.16's struct sock without its three unions
-- (net_pinfo, tp_pinfo and the 64-byte protinfo), with "void *protinfo" in
-- protinfo's place, as RFC 2 says. That is 324 only without the 4-byte
-- filter pointer (808 - 424 - 64 + 4), so these records carry no `filter`
-- whatever the configuration: the patched box was evidently built without
-- CONFIG_FILTER, or the patch dropped some other 4-byte field. The 2.5.x
-- sock adds one pointer, taken to be the cache back-pointer that sk_free()
-- needs once sk_alloc() takes a kmem_cache_t (2.6.9 still has sk_protinfo
-- and sk_slab side by side).
--
-- Names: "struct sock_rfc2" and "struct sock_rfc4" are sklab's names for the
-- two slim socks (the kernel called both struct sock). The per-protocol
-- objects are named after their slab caches; their member names follow
-- Linux 2.6.9 (sk, inet, tcp, raw4) and 2.4's protinfo (af_unix).

-- struct sock up to the unions: unchanged by the patch. Miller asked to keep
-- the first cache line as it was: identity + hash links, bytes 0-31.
local head = {
  { "__u32 daddr", note = "foreign IPv4 address (lookup identity)" },
  { "__u32 rcv_saddr", note = "bound local IPv4 address (lookup identity)" },
  { "__u16 dport", note = "destination port (lookup identity)" },
  { "unsigned short num", note = "local port (lookup identity)" },
  { "int bound_dev_if", note = "bound device (lookup identity)" },
  { "struct sock *next", note = "main hash chain" },
  { "struct sock **pprev", note = "main hash chain" },
  { "struct sock *bind_next", note = "bind hash chain" },
  { "struct sock **bind_pprev", note = "bind hash chain; ends byte 31, as in 2.4.16" },
  { "volatile unsigned char state" },
  { "volatile unsigned char zapped" },
  { "__u16 sport" },
  { "unsigned short family" },
  { "unsigned char reuse" },
  { "unsigned char shutdown" },
  { "atomic_t refcnt" },
  { "socket_lock_t lock" },
  { "int rcvbuf" },
  { "wait_queue_head_t *sleep" },
  { "struct dst_entry *dst_cache" },
  { "rwlock_t dst_lock" },
  { "atomic_t rmem_alloc" },
  { "struct sk_buff_head receive_queue" },
  { "atomic_t wmem_alloc" },
  { "struct sk_buff_head write_queue" },
  { "atomic_t omem_alloc" },
  { "int wmem_queued" },
  { "int forward_alloc" },
  { "__u32 saddr" },
  { "unsigned int allocation" },
  { "int sndbuf" },
  { "struct sock *prev" },
  { "volatile char dead" },
  { "volatile char done" },
  { "volatile char urginline" },
  { "volatile char keepopen" },
  { "volatile char linger" },
  { "volatile char destroy" },
  { "volatile char no_check" },
  { "volatile char broadcast" },
  { "volatile char bsdism" },
  { "unsigned char debug" },
  { "unsigned char rcvtstamp" },
  { "unsigned char use_write_queue" },
  { "unsigned char userlocks" },
  { "int route_caps" },
  { "int proc" },
  { "unsigned long lingertime" },
  { "int hashent" },
  { "struct sock *pair" },
  { struct = {
      { "struct sk_buff *head" },
      { "struct sk_buff *tail" },
    }, name = "backlog" },
  { "rwlock_t callback_lock" },
  { "struct sk_buff_head error_queue" },
  { "struct proto *prot" },
  -- net_pinfo and tp_pinfo are gone: TCP_PINFO(sk) replaces sk->tp_pinfo.af_tcp
  { "int err" },
  { "int err_soft" },
  { "unsigned short ack_backlog" },
  { "unsigned short max_ack_backlog" },
  { "__u32 priority" },
  { "unsigned short type" },
  { "unsigned char localroute" },
  { "unsigned char protocol" },
  { "struct ucred peercred" },
  { "int rcvlowat" },
  { "long rcvtimeo" },
  { "long sndtimeo" },
  -- no filter: see the header comment
  { "void *protinfo",
    note = "RFC 2: \"sk->protinfo is just a void pointer now\"; the 64-byte union is gone" },
}

local slab = {
  { "kmem_cache_t *slab",
    note = "inferred: the cache the sock came from, for sk_free(); sk_alloc() takes a "
      .. "kmem_cache_t since 21 Dec 2001 (2.6.9: sk_slab)" },
}

local tail = {
  { "struct timer_list timer" },
  { "struct timeval stamp" },
  { "struct socket *socket" },
  { "void *user_data" },
  { "void (*state_change)(struct sock *sk)" },
  { "void (*data_ready)(struct sock *sk, int bytes)" },
  { "void (*write_space)(struct sock *sk)" },
  { "void (*error_report)(struct sock *sk)" },
  { "int (*backlog_rcv)(struct sock *sk, struct sk_buff *skb)" },
  { "void (*destruct)(struct sock *sk)" },
}

-- Joins member lists (plain loops: no library needed).
local function join(...)
  local parts, out = { ... }, {}
  for p = 1, #parts do
    for i = 1, #parts[p] do
      out[#out + 1] = parts[p][i]
    end
  end
  return out
end

return {
  records = {
    { "struct sock_rfc2",
      note = "Slim struct sock of RFC 2 (18 Dec 2001, sock.cleanup-5 on 2.4.16): 324 bytes, "
        .. "slabinfo \"sock 332\" on the patched box (324 + 8 red zone). Content inferred "
        .. "from that figure: 2.4.16's sock minus net_pinfo, tp_pinfo and protinfo "
        .. "(-488), plus void *protinfo, without the filter pointer.",
      join(head, tail) },

    { "struct sock_rfc4",
      note = "Slim struct sock of 2.5.1 (21 Dec) and RFC 4 (22 Dec 2001, 2.5.2-pre1): "
        .. "328 bytes, slabinfo \"sock 336\". RFC 2's sock plus one pointer, taken to be "
        .. "the slab back-pointer (inferred; 2.6.9 has sk_protinfo and sk_slab).",
      join(head, slab, tail) },

    { "struct unix_sock_rfc2",
      note = "RFC 2 AF_UNIX object: sock 324 + unix_opt 64 = 388; slabinfo "
        .. "\"unix_sock 396\" (388 + 8 red zone), 10 per page.",
      {
        { "struct sock_rfc2 sk" },
        { "struct unix_opt af_unix", note = "was sk->protinfo.af_unix" },
      } },

    { "struct inet_sock_rfc2",
      note = "RFC 2 IPv4 object, one cache for every IPv4 protocol: 324 + tcp_opt 424 + "
        .. "inet_opt 36 = 784; slabinfo \"inet_sock 800\" (over 512 bytes: no red zone, "
        .. "32-byte aligned), 5 per page. Order inferred from "
        .. "TCP_PINFO(sk) == (struct tcp_opt *)((sk) + 1). Miller: \"RAW/UDP sockets "
        .. "waste a lot of space with your current layout\".",
      {
        { "struct sock_rfc2 sk" },
        { "struct tcp_opt tcp", note = "TCP_PINFO(sk): right after the sock" },
        { "struct inet_opt inet", note = "IP_SK(sk)" },
      } },

    { "struct unix_sock",
      note = "AF_UNIX object after RFC 3/4: sock 328 + unix_opt 64 = 392; slabinfo "
        .. "\"unix_sock 400\". About 400 bytes against about 1200 for a pristine "
        .. "all-protocols sock (RFC 3).",
      {
        { "struct sock_rfc4 sk" },
        { "struct unix_opt af_unix" },
      } },

    { "struct udp_sock",
      note = "UDP object (21 Dec 2001, first protocol converted): sock 328 + inet_opt 36 = 364; "
        .. "slabinfo \"udp_sock 372\", 10 per page, \"372 bytes while in the stock kernel "
        .. "it uses 1280 bytes when all the protocols are selected\". No udp_opt yet.",
      {
        { "struct sock_rfc4 sk" },
        { "struct inet_opt inet", note = "Miller's layout: struct sock, then the IP options" },
      } },

    { "struct raw4_sock",
      note = "Raw IPv4 object (RFC 4, 2.5.2-pre1): sock 328 + inet_opt 36 + raw_opt 4 = 368; "
        .. "slabinfo \"raw4_sock 376\". 2.6.9 calls it struct raw_sock.",
      {
        { "struct sock_rfc4 sk" },
        { "struct inet_opt inet" },
        { "struct raw_opt raw4" },
      } },

    { "struct tcp_sock",
      note = "TCP object (21 Dec 2001, RFC 4): sock 328 + inet_opt 36 + tcp_opt 424 = 788; "
        .. "slabinfo \"tcp_sock 800\" (32-byte aligned), 5 per page. Miller's layout: "
        .. "struct sock, struct ip_opt, struct tcp_opt, one cache per protocol. "
        .. "2.6.9 has the same shape (plus pinet6 with IPv6).",
      {
        { "struct sock_rfc4 sk" },
        { "struct inet_opt inet" },
        { "struct tcp_opt tcp", note = "tcp_sk(sk) = &((struct tcp_sock *)sk)->tcp" },
      } },
  },
}
