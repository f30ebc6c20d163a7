-- linux-6.7 set: this file is a copy of linux-6.18/base.lua, not Linux 6.7's
-- own primitives. The set exists for struct tcp_sock as it was before the
-- 6.8 cache-line groups (tcp.lua, from the v6.7 source); the structs it
-- embeds are taken from 6.18 where 6.7 is identical or where their 6.7
-- form was not rebuilt. What that simplifies, and what it moves: see
-- tcp.lua's header and docs/data-format.md ("The linux-6.7 set").
--
-- Linux 6.18 kernel primitives that the socket structs embed (x86_64).
--
-- Every typedef of the set is here, in the kernel's chains (u32 -> __u32 ->
-- unsigned int), so that the other files may use any of them. Typedefs of
-- anonymous structs (atomic_t, refcount_t, kuid_t, rwlock_t, ...) are
-- written as a record plus a typedef; the record's tag is sklab's, the
-- kernel's struct has none. Members print by their typedef names, as
-- pahole prints them from BTF.
--
-- The locks are those of an SMP x86_64 kernel without lock debugging:
-- spinlock_t is a 4-byte queued spinlock, rwlock_t an 8-byte queued rwlock.
-- CONFIG_DEBUG_SPINLOCK adds an owner and a magic number to every raw
-- spinlock. Not modelled: CONFIG_DEBUG_LOCK_ALLOC/CONFIG_LOCKDEP (a struct
-- lockdep_map in every lock, timer and socket_lock_t) and PREEMPT_RT (where
-- spinlock_t is an rt_mutex).
--
-- Checked against the BTF of a running 6.18 kernel: pahole -C NAME prints
-- the same layout (tests/data/check-linux-6.18.sh).

return {
  typedefs = {
    { "__u8", "unsigned char" },
    { "__u16", "unsigned short" },
    { "__u32", "unsigned int" },
    { "__u64", "unsigned long long" },
    { "__s16", "short" },
    { "__s32", "int" },
    { "__s64", "long long" },
    { "u8", "__u8" },
    { "u16", "__u16" },
    { "u32", "__u32" },
    { "u64", "__u64" },
    { "s64", "__s64" },
    { "bool", "_Bool" },
    { "__be16", "__u16" },
    { "__be32", "__u32" },
    { "__be64", "__u64" },
    { "__addrpair", "__u64" },
    { "__portpair", "__u32" },
    { "dscp_t", "u8" },
    { "gfp_t", "unsigned int" },
    { "ktime_t", "s64" },
    { "netdev_features_t", "u64" },
    { "__kernel_uid32_t", "unsigned int" },
    { "uid_t", "__kernel_uid32_t" },
    { "kuid_t", "struct kuid_t" },
    { "atomic_t", "struct atomic_t" },
    { "atomic64_t", "struct atomic64_t" },
    { "refcount_t", "struct refcount_struct" },
    { "possible_net_t", "struct possible_net_t" },
    { "netns_tracker", "struct netns_tracker" },
    { "arch_spinlock_t", "struct qspinlock" },
    { "spinlock_t", "struct spinlock" },
    { "arch_rwlock_t", "struct qrwlock" },
    { "rwlock_t", "struct rwlock_t" },
    { "wait_queue_head_t", "struct wait_queue_head" },
    { "socket_lock_t", "struct socket_lock_t" },
  },

  records = {
    -- ---- counters and identities ----------------------------------------

    { "struct atomic_t", note = "atomic_t: an int changed only by atomic operations. 4 bytes.", {
        { "int counter" },
      } },

    { "struct atomic64_t", note = "atomic64_t: a 64-bit counter changed only by atomic operations. 8 bytes.", {
        { "s64 counter" },
      } },

    { "struct refcount_struct", note = "refcount_t: an atomic_t that saturates instead of wrapping. 4 bytes.", {
        { "atomic_t refs" },
      } },

    { "struct kuid_t", note = "kuid_t: a user id as the kernel sees it (mapped through user namespaces). 4 bytes.", {
        { "uid_t val" },
      } },

    { "struct possible_net_t",
      note = "possible_net_t: the socket's network namespace; empty without CONFIG_NET_NS.", {
        { "struct net *net", config = "CONFIG_NET_NS" },
      } },

    { "struct netns_tracker",
      note = "netns_tracker: empty unless CONFIG_NET_NS_REFCNT_TRACKER, where the kernel makes it a "
        .. "struct ref_tracker * that records who holds the namespace. 0 bytes here.", {
      } },

    { "struct in6_addr", note = "An IPv6 address: 16 bytes, read as bytes, 16-bit or 32-bit words.", {
        { union = {
            { "__u8 u6_addr8[16]" },
            { "__be16 u6_addr16[8]" },
            { "__be32 u6_addr32[4]" },
          }, name = "in6_u" },
      } },

    -- ---- lists, trees and RCU -------------------------------------------

    { "struct list_head", note = "Doubly linked circular list node. 16 bytes.", {
        { "struct list_head *next" },
        { "struct list_head *prev" },
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

    { "struct rb_node",
      note = "A red-black tree node; the parent pointer carries the colour in its low bit. 24 bytes.", {
        { "unsigned long __rb_parent_color" },
        { "struct rb_node *rb_right" },
        { "struct rb_node *rb_left" },
      } },

    { "struct rb_root", note = "The root of a red-black tree (TCP's out-of-order and retransmit queues). 8 bytes.", {
        { "struct rb_node *rb_node" },
      } },

    { "struct callback_head",
      note = "rcu_head: links an object into RCU's list of callbacks to free it after a grace period. 16 bytes.", {
        { "struct callback_head *next" },
        { "void (*func)(struct callback_head *)" },
      } },

    -- ---- locks ---------------------------------------------------------

    { "struct qspinlock",
      note = "arch_spinlock_t on x86: the queued spinlock, one 32-bit word (little-endian layout): "
        .. "locked byte, pending byte, 16-bit tail of the MCS queue of waiters. 4 bytes.", {
        { union = {
            { "atomic_t val" },
            { struct = {
                { "u8 locked" },
                { "u8 pending" },
              } },
            { struct = {
                { "u16 locked_pending" },
                { "u16 tail" },
              } },
          } },
      } },

    { "struct raw_spinlock",
      note = "A spinlock that never sleeps, even on PREEMPT_RT. 4 bytes without lock debugging.", {
        { "arch_spinlock_t raw_lock" },
        { "unsigned int magic", config = "CONFIG_DEBUG_SPINLOCK" },
        { "unsigned int owner_cpu", config = "CONFIG_DEBUG_SPINLOCK" },
        { "void *owner", config = "CONFIG_DEBUG_SPINLOCK" },
      } },

    { "struct spinlock",
      note = "spinlock_t: a raw_spinlock in a union (the union is for lockdep's view of it). "
        .. "4 bytes on SMP x86_64 without debugging: 2001's 4-byte lock again.", {
        { union = {
            { "struct raw_spinlock rlock" },
          } },
      } },

    { "struct qrwlock",
      note = "arch_rwlock_t on x86: the queued rwlock, a reader count with a writer byte, "
        .. "and a spinlock that queues the waiters. 8 bytes.", {
        { union = {
            { "atomic_t cnts" },
            { struct = {
                { "u8 wlocked" },
                { "u8 __lstate[3]" },
              } },
          } },
        { "arch_spinlock_t wait_lock" },
      } },

    { "struct rwlock_t", note = "rwlock_t: readers share it, a writer excludes all. 8 bytes.", {
        { "arch_rwlock_t raw_lock" },
      } },

    { "struct wait_queue_head",
      note = "wait_queue_head_t: a lock and the list of tasks sleeping on an event. 24 bytes.", {
        { "spinlock_t lock" },
        { "struct list_head head" },
      } },

    -- ---- buffers and time ----------------------------------------------

    { "struct sk_buff_list", note = "The next/prev pair of an sk_buff_head, as a named struct. 16 bytes.", {
        { "struct sk_buff *next" },
        { "struct sk_buff *prev" },
      } },

    { "struct sk_buff_head",
      note = "A queue of sk_buffs: the list ends, the length and the lock that guards them. "
        .. "24 bytes: 2.4's 16 plus 8 for the wider pointers.", {
        { union = {
            { struct = {
                { "struct sk_buff *next" },
                { "struct sk_buff *prev" },
              } },
            { "struct sk_buff_list list" },
          } },
        { "__u32 qlen" },
        { "spinlock_t lock" },
      } },

    { "struct page_frag", note = "A piece of a page: the socket's cache for copying user data into skbs. 16 bytes.", {
        { "struct page *page" },
        { "__u32 offset" },
        { "__u32 size" },
      } },

    { "struct timer_list",
      note = "A timer wheel timer: hash node in the wheel, expiry in jiffies, callback, flags (CPU, "
        .. "deferrable, pinned). 40 bytes, 4 of them padding; CONFIG_LOCKDEP adds a lockdep_map.", {
        { "struct hlist_node entry" },
        { "unsigned long expires" },
        { "void (*function)(struct timer_list *)" },
        { "u32 flags" },
      } },

    { "struct timerqueue_node", note = "A node of a time-ordered rbtree of hrtimers. 32 bytes.", {
        { "struct rb_node node" },
        { "ktime_t expires" },
      } },

    { "struct hrtimer",
      note = "A high-resolution timer (TCP pacing, compressed ACKs): expiry in ns, callback, base. "
        .. "64 bytes, a whole line.", {
        { "struct timerqueue_node node" },
        { "ktime_t _softexpires" },
        { "enum hrtimer_restart (*function)(struct hrtimer *)" },
        { "struct hrtimer_clock_base *base" },
        { "u8 state" },
        { "u8 is_rel" },
        { "u8 is_soft" },
        { "u8 is_hard" },
      } },

    { "struct xarray",
      note = "An xarray (radix tree with a lock): here the socket's user frags for devmem TCP. 16 bytes.", {
        { "spinlock_t xa_lock" },
        { "gfp_t xa_flags" },
        { "void *xa_head" },
      } },
  },
}
