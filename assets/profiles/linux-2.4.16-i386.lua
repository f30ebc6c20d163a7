-- Linux 2.4.16 on i386, as in the Dec 2001 "cleaning up struct sock" thread.
--
-- 32-byte L1 lines (CONFIG_X86_L1_CACHE_SHIFT=5: Pentium, Pentium MMX, PII,
-- PIII, K6; the thread's lat_unix_connect figures come from a Pentium 300
-- MMX notebook), uniprocessor, 4 KiB pages, the 2.4 SLAB allocator. The
-- thread's /proc/slabinfo lines carry the statistics columns and no SMP
-- columns, so those kernels were UP with CONFIG_DEBUG_SLAB (red zones) and
-- built by gcc 2.9x (4-byte locks). 128 MiB puts slab_break_gfp_order at 2
-- (more than 32 MiB).
--
-- config lists the options a layout is computed for unless a scenario
-- gives its own: with CONFIG_INET and CONFIG_FILTER, struct sock is 812
-- bytes (832 in the sock cache).

return {
  name = "linux-2.4.16-i386",
  kernel = "2.4.16",
  arch = "i386",
  layouts = "linux-2.4.16",
  allocator = "slab",
  page_size = 4096,
  cacheline = 32,
  cpus = 1,
  ram_mb = 128,
  config = { "CONFIG_INET", "CONFIG_FILTER" },
  description = "Linux 2.4.16 on a Pentium-class i386 (32-byte L1 lines), UP, "
    .. "as in the Dec 2001 struct sock thread",
}
