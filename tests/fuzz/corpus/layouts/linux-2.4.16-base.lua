-- Linux 2.4.16 kernel primitives, as the socket structs embed them (i386).
--
-- Locks follow the 2.4.16 headers. On SMP (CONFIG_SMP) spinlock_t and
-- rwlock_t hold one volatile unsigned int, plus a magic word with
-- CONFIG_DEBUG_SPINLOCK. On UP they hold one int when gcc 2.9x built the
-- kernel ("gcc_is_buggy": those compilers mishandled empty initializers) and
-- nothing at all when gcc 3 or later did. sklab's pseudo-option
-- SKLAB_GCC3_UP selects the gcc 3 UP form; it is ignored with CONFIG_SMP.
-- The Dec 2001 slabinfo figures need 4-byte locks: UP with gcc 2.9x (the
-- default here) or SMP.
--
-- Typedefs of anonymous structs (atomic_t, spinlock_t, rwlock_t,
-- socket_lock_t) are written as a record plus a typedef; the record's tag
-- ("struct atomic_t") is sklab's, the kernel's struct has none.

return {
  typedefs = {
    { "__u8", "unsigned char" },
    { "__u16", "unsigned short" },
    { "__u32", "unsigned int" },
    { "u8", "unsigned char" },
    { "u16", "unsigned short" },
    { "u32", "unsigned int" },
    { "__kernel_time_t", "long" },
    { "__kernel_suseconds_t", "long" },
    { "time_t", "__kernel_time_t" },
    { "suseconds_t", "__kernel_suseconds_t" },
    { "atomic_t", "struct atomic_t" },
    { "spinlock_t", "struct spinlock_t" },
    { "rwlock_t", "struct rwlock_t" },
    { "wait_queue_head_t", "struct __wait_queue_head" },
    { "socket_lock_t", "struct socket_lock_t" },
    { "kmem_cache_t", "struct kmem_cache_s" },
  },

  records = {
    { "struct atomic_t",
      note = "atomic_t (asm-i386/atomic.h): an int changed only by locked instructions. 4 bytes.",
      {
        { "volatile int counter" },
      } },

    { "struct spinlock_t",
      note = "spinlock_t: 4 bytes (UP with gcc 2.9x, or SMP), 8 with SMP and "
        .. "CONFIG_DEBUG_SPINLOCK, 0 on UP built by gcc 3 or later (SKLAB_GCC3_UP).",
      {
        { "volatile unsigned int lock", config = "CONFIG_SMP",
          note = "SMP lock byte word (asm-i386/spinlock.h): 1 = unlocked, decremented to take it" },
        { "unsigned int magic", config = "CONFIG_SMP && CONFIG_DEBUG_SPINLOCK",
          note = "0xdead4ead, checked on every lock and unlock when SPINLOCK_DEBUG is on" },
        { "int gcc_is_buggy", config = "!CONFIG_SMP && !SKLAB_GCC3_UP",
          note = "UP placeholder (linux/spinlock.h): gcc 2.9x could not take an empty struct initializer" },
      } },

    { "struct rwlock_t",
      note = "rwlock_t: same sizes as spinlock_t. On SMP a 32-bit counter biased by RW_LOCK_BIAS.",
      {
        { "volatile unsigned int lock", config = "CONFIG_SMP",
          note = "reader count below RW_LOCK_BIAS (0x01000000); a writer takes the whole bias" },
        { "unsigned int magic", config = "CONFIG_SMP && CONFIG_DEBUG_SPINLOCK",
          note = "0xdeaf1eed when SPINLOCK_DEBUG is on" },
        { "int gcc_is_buggy", config = "!CONFIG_SMP && !SKLAB_GCC3_UP",
          note = "UP placeholder for gcc 2.9x" },
      } },

    { "struct list_head",
      note = "Doubly linked list node (linux/list.h). 8 bytes.",
      {
        { "struct list_head *next" },
        { "struct list_head *prev" },
      } },

    { "struct __wait_queue_head",
      note = "wait_queue_head_t (linux/wait.h): 12 bytes with 4-byte locks. "
        .. "WAITQUEUE_DEBUG, which would add two longs, is hard-wired off in 2.4.16.",
      {
        { "spinlock_t lock", note = "wq_lock_t, a macro for spinlock_t (USE_RW_WAIT_QUEUE_SPINLOCK is 0)" },
        { "struct list_head task_list", note = "the sleeping tasks' wait_queue_t entries" },
      } },

    { "struct semaphore",
      note = "Sleeping lock (asm-i386/semaphore.h). 20 bytes with 4-byte locks.",
      {
        { "atomic_t count", note = "1 = free; down() decrements" },
        { "int sleepers" },
        { "wait_queue_head_t wait" },
      } },

    { "struct timer_list",
      note = "Kernel timer (linux/timer.h). 20 bytes.",
      {
        { "struct list_head list", note = "link in the timer wheel" },
        { "unsigned long expires", note = "jiffies at which it fires" },
        { "unsigned long data", note = "argument passed to function" },
        { "void (*function)(unsigned long)" },
      } },

    { "struct sk_buff_head",
      note = "Queue of sk_buffs (linux/skbuff.h). next and prev come first so "
        .. "the head can pose as an sk_buff in the ring. 16 bytes with 4-byte locks.",
      {
        { "struct sk_buff *next", note = "must be first: the head is cast to struct sk_buff *" },
        { "struct sk_buff *prev" },
        { "__u32 qlen", note = "number of buffers queued" },
        { "spinlock_t lock" },
      } },

    { "struct timeval",
      note = "Seconds and microseconds (linux/time.h). 8 bytes on i386.",
      {
        { "time_t tv_sec" },
        { "suseconds_t tv_usec" },
      } },

    { "struct ucred",
      note = "Peer credentials for SO_PEERCRED (linux/socket.h). 12 bytes.",
      {
        { "__u32 pid" },
        { "__u32 uid" },
        { "__u32 gid" },
      } },

    { "struct in6_addr",
      note = "IPv6 address (linux/in6.h). 16 bytes, 4-aligned.",
      {
        { union = {
            { "__u8 u6_addr8[16]" },
            { "__u16 u6_addr16[8]" },
            { "__u32 u6_addr32[4]" },
          }, name = "in6_u" },
      } },

    { "struct icmp_filter",
      note = "Raw ICMP type filter (linux/icmp.h): one bit per ICMP type. 4 bytes.",
      {
        { "__u32 data" },
      } },

    { "struct icmp6_filter",
      note = "Raw ICMPv6 type filter (linux/icmpv6.h): 256 bits. 32 bytes.",
      {
        { "__u32 data[8]" },
      } },

    { "struct socket_lock_t",
      note = "socket_lock_t (net/sock.h): the per-socket lock. The spinlock guards "
        .. "against softirqs; users is the owning process's mini-semaphore. "
        .. "20 bytes with 4-byte locks, 12 with empty ones.",
      {
        { "spinlock_t slock", note = "taken by bh_lock_sock() in softirq context" },
        { "unsigned int users", note = "1 while a process owns the socket (lock_sock())" },
        { "wait_queue_head_t wq", note = "processes waiting in lock_sock()" },
      } },
  },
}
