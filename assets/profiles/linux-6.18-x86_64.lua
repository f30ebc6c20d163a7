-- Linux 6.18 on x86_64: the "now" side of the then-and-now comparison.
--
-- 64-byte cache lines, two CPUs, 4 KiB pages, the SLUB allocator (SLAB was
-- removed in 6.8). The layout set it names, linux-6.18, is not written yet.
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
  },
  description = "Linux 6.18 on x86_64 (64-byte lines), 2 CPUs, SLUB: a modern distribution kernel",
}
