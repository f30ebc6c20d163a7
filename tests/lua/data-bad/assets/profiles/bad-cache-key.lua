-- error: assets/profiles/bad-cache-key.lua:3: key 'cache': level 1: unknown key 'ways'
return { name = "bad-cache-key", kernel = "2.4.16", arch = "i386", layouts = "mini", page_size = 4096, cacheline = 32,
  cache = { cpu = "odd", memory = 80,
    { name = "L1d", size_kb = 16, ways = 4, line = 32, latency = 3 } } }
