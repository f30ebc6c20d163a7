-- Linux 6.18 on x86_64: the "now" side of the then-and-now comparison.
--
-- 64-byte cache lines, two CPUs, 4 KiB pages, the SLUB allocator (SLAB was
-- removed in 6.8). Its layout set, linux-6.18, holds sock_common, sock,
-- inet_sock, inet_connection_sock, tcp_sock and udp_sock as this kernel's BTF
-- has them.
--
-- config lists the options of a typical distribution build that change the
-- layouts of struct sock and its protocol structs: SMP, 64-bit, IPv4 and
-- IPv6, network namespaces, IPsec (XFRM), LSM security blobs, and the
-- socket RX queue mapping and cgroup data fields.

return {
  name = "linux-6.18-x86_64",
  kernel = "6.18",
  arch = "x86_64",
  layouts = "linux-6.18",
  allocator = "slub",
  page_size = 4096,
  cacheline = 64,
  cpus = 2,
  ram_mb = 512,
  config = {
    "CONFIG_SMP", "CONFIG_64BIT", "CONFIG_INET", "CONFIG_IPV6", "CONFIG_NET_NS",
    "CONFIG_XFRM", "CONFIG_SECURITY", "CONFIG_SOCK_RX_QUEUE_MAPPING", "CONFIG_SOCK_CGROUP_DATA",
    "CONFIG_CGROUP_NET_CLASSID", "CONFIG_CGROUP_NET_PRIO", "CONFIG_NET_RX_BUSY_POLL",
    "CONFIG_BPF", "CONFIG_BPF_SYSCALL", "CONFIG_MPTCP", "CONFIG_TCP_MD5SIG", "SKLAB_PAHOLE_BTF",
  },
  description = "Linux 6.18 on x86_64 (64-byte lines), 2 CPUs, SLUB: a modern distribution kernel",
  -- The era's machine for the cache model: a recent server core (Sapphire
  -- Rapids class): 32 KiB 8-way L1i, 48 KiB 12-way L1d, 2 MiB 16-way L2
  -- per core and a shared 30 MiB 15-way L3, 64-byte lines. Latencies are
  -- typical load-to-use cycles; memory about 110 ns at 3 GHz.
  cache = {
    cpu = "Xeon (Sapphire Rapids class), 3 GHz",
    memory = 330,
    { name = "L1i", size_kb = 32, assoc = 8, line = 64, latency = 5 },
    { name = "L1d", size_kb = 48, assoc = 12, line = 64, latency = 5 },
    { name = "L2", size_kb = 2048, assoc = 16, line = 64, latency = 16 },
    { name = "L3", size_kb = 30720, assoc = 15, line = 64, latency = 60 },
  },
}
