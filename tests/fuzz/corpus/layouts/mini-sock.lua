-- A cut-down 2.4-style struct sock: enough to show holes, bitfields, a
-- function pointer, config-dependent members and nested unions.
return {
  typedefs = {
    { "sock_cb_t", "void (*)(struct sock *)" },
  },
  records = {
    { "struct pair", note = "a char then an int: 3 bytes of hole", {
      { "char c" },
      { "int i" },
    } },
    { "struct tcp_opt", {
      { "int tcp_header_len" },
      { "__u32 rcv_nxt" },
      { "__u32 snd_nxt" },
      { "__u16 mss_cache" },
      { "__u8 ca_state" },
    } },
    { "struct raw_opt", {
      { "__u32 filter" },
    } },
    { "struct ipv6_pinfo", {
      { "__u8 saddr[16]" },
      { "__u8 daddr[16]" },
    } },
    { "struct sock", note = "test fixture, not the real 2.4.16 struct sock", {
      { "__u32 daddr", note = "foreign IPv4 address" },
      { "__u32 rcv_saddr" },
      { "__u16 dport" },
      { "unsigned short num" },
      { "int bound_dev_if" },
      { "struct sock *next" },
      { "struct sock **pprev" },
      { "volatile unsigned char state" },
      { "unsigned char zapped" },
      { "__u16 sport" },
      { "spinlock_t lock" },
      { "unsigned char recverr:1" },
      { "unsigned char bsdism:1" },
      { "__u64 stamp" },
      { "void (*state_change)(struct sock *sk)" },
      { "sock_cb_t data_ready" },
      { "struct ipv6_pinfo af_inet6", config = "CONFIG_IPV6 || CONFIG_IPV6_MODULE" },
      { union = {
          { "struct tcp_opt af_tcp" },
          { "struct raw_opt tp_raw4", config = "CONFIG_INET" },
        }, name = "tp_pinfo" },
      { struct = { { "__u32 pending" }, { "__u32 quick" } }, name = "ack" },
      { "struct list_head bind_list" },
    } },
  },
}
