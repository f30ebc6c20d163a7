-- Linux 4.4 kernel primitives that struct sock_common and the head of
-- struct sock embed (x86_64, SMP, no lock debugging).
--
-- include/linux/types.h (hlist_node, hlist_nulls_node in list_nulls.h,
-- atomic_t, atomic64_t), include/net/net_namespace.h (possible_net_t),
-- include/uapi/linux/in6.h (in6_addr), the queued spinlock x86_64 has used
-- since 4.2 (include/asm-generic/qspinlock_types.h: one atomic_t) and
-- include/linux/wait.h (__wait_queue_head). Typedefs of anonymous structs
-- are a record plus a typedef; the record's tag is sklab's.
--
-- The same file as linux-4.3/base.lua: nothing here changed between the
-- two releases. Checked against gcc: tests/data/check-linux-4.3-4.4.sh.

return {
  typedefs = {
    { "__u8", "unsigned char" },
    { "__u16", "unsigned short" },
    { "__u32", "unsigned int" },
    { "__u64", "unsigned long long" },
    { "__s64", "long long" },
    { "u16", "__u16" },
    { "u32", "__u32" },
    { "__be16", "__u16" },
    { "__be32", "__u32" },
    { "__addrpair", "__u64" },
    { "__portpair", "__u32" },
    { "atomic_t", "struct atomic_t" },
    { "atomic64_t", "struct atomic64_t" },
    { "possible_net_t", "struct possible_net_t" },
    { "arch_spinlock_t", "struct qspinlock" },
    { "raw_spinlock_t", "struct raw_spinlock" },
    { "spinlock_t", "struct spinlock" },
    { "wait_queue_head_t", "struct __wait_queue_head" },
    { "socket_lock_t", "struct socket_lock_t" },
  },

  records = {
    { "struct atomic_t", note = "atomic_t: an int changed only by atomic operations. 4 bytes.", {
        { "int counter" },
      } },
    { "struct atomic64_t", note = "atomic64_t: a 64-bit counter changed only by atomic operations. 8 bytes.", {
        { "long counter" },
      } },
    { "struct possible_net_t",
      note = "possible_net_t: the socket's network namespace; empty without CONFIG_NET_NS.", {
        { "struct net *net", config = "CONFIG_NET_NS" },
      } },
    { "struct in6_addr", note = "An IPv6 address: 16 bytes, read as bytes, 16-bit or 32-bit words.", {
        { union = {
            { "__u8 u6_addr8[16]" },
            { "__be16 u6_addr16[8]" },
            { "__be32 u6_addr32[4]" },
          }, name = "in6_u" },
      } },
    { "struct list_head", note = "Doubly linked circular list node. 16 bytes.", {
        { "struct list_head *next" },
        { "struct list_head *prev" },
      } },
    { "struct hlist_node", note = "A node of a hash chain (hlist): next and pprev. 16 bytes.", {
        { "struct hlist_node *next" },
        { "struct hlist_node **pprev" },
      } },
    { "struct hlist_nulls_node",
      note = "A node of an RCU hash chain ending in a 'nulls' marker instead of NULL: the TCP "
        .. "listening and established hashes of this era. 16 bytes.", {
        { "struct hlist_nulls_node *next" },
        { "struct hlist_nulls_node **pprev" },
      } },
    { "struct qspinlock", note = "arch_spinlock_t on x86_64 since 4.2: a queued spinlock, one atomic_t. 4 bytes.", {
        { "atomic_t val" },
      } },
    { "struct raw_spinlock", note = "raw_spinlock_t without CONFIG_DEBUG_SPINLOCK or lockdep. 4 bytes.", {
        { "arch_spinlock_t raw_lock" },
      } },
    { "struct spinlock", note = "spinlock_t: a raw_spinlock in a union (the union is for lockdep). 4 bytes.", {
        { union = {
            { "struct raw_spinlock rlock" },
          } },
      } },
    { "struct __wait_queue_head", note = "wait_queue_head_t: a lock and the sleeping tasks. 24 bytes.", {
        { "spinlock_t lock" },
        { "struct list_head task_list" },
      } },
    { "struct sk_buff_head", note = "A queue of sk_buffs: the ends, the length and the lock. 24 bytes.", {
        { "struct sk_buff *next" },
        { "struct sk_buff *prev" },
        { "__u32 qlen" },
        { "spinlock_t lock" },
      } },
    { "struct socket_lock_t",
      note = "socket_lock_t: the per-socket lock (spinlock for softirq, owned + wait queue for "
        .. "lock_sock()). Tag is sklab's. 32 bytes without CONFIG_DEBUG_LOCK_ALLOC.", {
        { "spinlock_t slock" },
        { "int owned" },
        { "wait_queue_head_t wq" },
      } },
  },
}
