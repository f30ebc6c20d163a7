-- Linux 6.18 kernel primitives that struct sock_common embeds (x86_64).
--
-- Typedefs of anonymous structs (atomic64_t, refcount_t, possible_net_t)
-- are written as a record plus a typedef; the record's tag is sklab's, the
-- kernel's struct has none. Checked against the BTF of a running 6.18
-- kernel (pahole -C sock_common prints the same layout).

return {
  typedefs = {
    { "__u8", "unsigned char" },
    { "__u16", "unsigned short" },
    { "__u32", "unsigned int" },
    { "__u64", "unsigned long long" },
    { "u8", "unsigned char" },
    { "u16", "unsigned short" },
    { "u32", "unsigned int" },
    { "u64", "unsigned long long" },
    { "s64", "long long" },
    { "__be16", "__u16" },
    { "__be32", "__u32" },
    { "__addrpair", "__u64" },
    { "__portpair", "__u32" },
    { "atomic_t", "struct atomic_t" },
    { "atomic64_t", "struct atomic64_t" },
    { "refcount_t", "struct refcount_struct" },
    { "possible_net_t", "struct possible_net_t" },
  },

  records = {
    { "struct atomic_t", note = "atomic_t: an int changed only by atomic operations. 4 bytes.", {
        { "int counter" },
      } },

    { "struct atomic64_t", note = "atomic64_t: a 64-bit counter changed only by atomic operations. 8 bytes.", {
        { "s64 counter" },
      } },

    { "struct refcount_struct", note = "refcount_t: an atomic_t that saturates instead of wrapping. 4 bytes.", {
        { "atomic_t refs" },
      } },

    { "struct possible_net_t",
      note = "possible_net_t: the socket's network namespace; empty without CONFIG_NET_NS.", {
        { "struct net *net", config = "CONFIG_NET_NS" },
      } },

    { "struct hlist_node", note = "A node of a hash chain (hlist): next and pprev. 16 bytes.", {
        { "struct hlist_node *next" },
        { "struct hlist_node **pprev" },
      } },

    { "struct hlist_nulls_node",
      note = "A node of an RCU hash chain ending in a 'nulls' marker instead of NULL. 16 bytes.", {
        { "struct hlist_nulls_node *next" },
        { "struct hlist_nulls_node **pprev" },
      } },

    { "struct in6_addr", note = "An IPv6 address: 16 bytes, read as bytes, 16-bit or 32-bit words.", {
        { union = {
            { "__u8 u6_addr8[16]" },
            { "__be16 u6_addr16[8]" },
            { "__be32 u6_addr32[4]" },
          }, name = "in6_u" },
      } },
  },
}
