-- Linux 2.6.31 on x86_64: the kernel of the Aug 2009 skb inlining thread
-- (skb_put/skb_push out of line since 2.6.26; Heiko Carstens's patch, an
-- experiment in the thread, made them inline again with BUG_ON, and it was
-- not merged: skb_put stayed out of line).
--
-- 64-byte cache lines, two CPUs, 4 KiB pages. The allocator is SLUB, the
-- default since 2.6.23 and what the sk_buff notes' kmalloc-2048/-4096 buckets
-- assume. Its cache layout is 2.6.31's own calculate_sizes() and
-- kmem_cache_open(): the free pointer in the object's first word unless
-- RCU, poison or a constructor move it after the object, no left red zone,
-- kmalloc caches aligned to 8, min_partial = ilog2(size) clamped to 5..10,
-- no per-CPU partial lists, the pre-6.7 calculate_order(), kmalloc caches
-- named in bytes (kmalloc-2048) that other caches merge into, and no
-- kmem_cache or kmem_cache_node cache: without CONFIG_NUMA a cache's struct
-- kmem_cache is kmalloc()ed and holds its node (docs/slabinfo.md, "2.6.31's
-- SLUB"). The 2.6 SLAB allocator is not modelled: sklab's SLAB is 2.4's,
-- whose 20-byte cache names cannot hold "skbuff_fclone_cache". The layout
-- set it names is not written yet.
--
-- config lists what a 2009 distribution build set for struct sk_buff's
-- 232 bytes: SMP, 64-bit, IPv4/IPv6, netfilter with conntrack and the
-- bridge, traffic control with actions, XFRM, SECMARK and NET_DMA.

return {
  name = "linux-2.6.31-x86_64",
  kernel = "2.6.31",
  arch = "x86_64",
  layouts = "linux-2.6.31",
  allocator = "slub",
  page_size = 4096,
  cacheline = 64,
  cpus = 2,
  ram_mb = 512,
  config = {
    "CONFIG_SMP", "CONFIG_64BIT", "CONFIG_INET", "CONFIG_IPV6", "CONFIG_NETFILTER",
    "CONFIG_NF_CONNTRACK", "CONFIG_BRIDGE_NETFILTER", "CONFIG_NET_SCHED", "CONFIG_NET_CLS_ACT",
    "CONFIG_XFRM", "CONFIG_NETWORK_SECMARK", "CONFIG_NET_DMA",
  },
  description = "Linux 2.6.31 on x86_64 (64-byte lines), 2 CPUs, SLUB: the kernel of the Aug 2009 skb inlining thread",
  -- The era's machine for the cache model: the Core 2 Duo T7600 (Merom,
  -- 2.33 GHz, 4096 KB cache) of Heiko Carstens' lat_tcp and perf stat runs
  -- in the Aug 2009 thread: split 32 KiB 8-way L1 caches and a 4 MiB 16-way
  -- shared L2, 64-byte lines. Latencies are typical load-to-use figures for
  -- that core; memory about 100 ns. (Heiko booted a 32-bit kernel; the
  -- profile keeps x86_64, the thread's other measurements.)
  cache = {
    cpu = "Core 2 Duo T7600 (Merom), 2.33 GHz",
    memory = 230,
    { name = "L1i", size_kb = 32, assoc = 8, line = 64, latency = 3 },
    { name = "L1d", size_kb = 32, assoc = 8, line = 64, latency = 3 },
    { name = "L2", size_kb = 4096, assoc = 16, line = 64, latency = 14 },
  },
}
