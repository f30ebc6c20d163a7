-- A small test profile: i386, 32-byte cache lines, like a 2001 Pentium III box.
return {
  name = "test-i386",
  kernel = "2.4.16",
  arch = "i386",
  layouts = "mini",
  allocator = "slab",
  page_size = 4096,
  cacheline = 32,
  cpus = 1,
  ram_mb = 128,
  config = { "CONFIG_INET", "CONFIG_FILTER" },
  description = "test fixture: i386, 32-byte lines",
  cache = {
    cpu = "test CPU",
    memory = 80,
    { name = "L1i", size_kb = 16, assoc = 4, line = 32, latency = 3 },
    { name = "L1d", size_kb = 16, assoc = 4, line = 32, latency = 3 },
    { name = "L2", size_kb = 256, assoc = 8, line = 32, latency = 7 },
  },
}
