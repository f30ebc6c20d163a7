-- error: assets/profiles/bad-cache-geometry.lua:4: key 'cache': level 'L1d': 10240 bytes in 4-way sets of 32-byte lines is not a power-of-two number of sets
return { name = "bad-cache-geometry", kernel = "2.4.16", arch = "i386", layouts = "mini", page_size = 4096, cacheline = 32,
  cache = { cpu = "odd", memory = 80,
    { name = "L1d", size_kb = 10, assoc = 4, line = 32, latency = 3 } } }
