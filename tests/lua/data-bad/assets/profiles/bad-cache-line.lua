-- error: assets/profiles/bad-cache-line.lua:4: key 'line' is 48; it must be a power of two between 8 and 4096
return { name = "bad-cache-line", kernel = "2.4.16", arch = "i386", layouts = "mini", page_size = 4096, cacheline = 32,
  cache = { cpu = "odd", memory = 80,
    { name = "L1d", size_kb = 16, assoc = 4, line = 48, latency = 3 } } }
