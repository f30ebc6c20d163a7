-- A small test profile: x86_64, 64-byte cache lines, IPv6 built in.
return {
  name = "test-x86_64",
  kernel = "2.6.31",
  arch = "x86_64",
  layouts = "mini",
  allocator = "slub",
  page_size = 4096,
  cacheline = 64,
  cpus = 2,
  ram_mb = 512,
  config = { "CONFIG_INET", "CONFIG_IPV6" },
  description = "test fixture: x86_64, 64-byte lines",
}
