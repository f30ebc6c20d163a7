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
  -- The era's machine for the cache model: a Pentium III (Coppermine,
  -- 2000): split 16 KiB 4-way L1 caches and a 256 KiB 8-way on-die L2, all
  -- with 32-byte lines. Latencies are load-to-use cycles as Intel's
  -- optimisation manual of the time gives them; memory is PC133 SDRAM seen
  -- from an 800 MHz core (about 100 ns).
  cache = {
    cpu = "Pentium III (Coppermine), 800 MHz",
    memory = 80,
    { name = "L1i", size_kb = 16, assoc = 4, line = 32, latency = 3 },
    { name = "L1d", size_kb = 16, assoc = 4, line = 32, latency = 3 },
    { name = "L2", size_kb = 256, assoc = 8, line = 32, latency = 7 },
  },
}
