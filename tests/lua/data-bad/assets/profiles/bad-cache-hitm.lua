-- error: assets/profiles/bad-cache-hitm.lua:3: key 'hitm' must be an integer, not string
return { name = "bad-cache-hitm", kernel = "6.18", arch = "x86_64", layouts = "mini", page_size = 4096, cacheline = 64,
  cache = { cpu = "odd", memory = 100, hitm = "slow",
    { name = "L1d", size_kb = 32, assoc = 8, line = 64, latency = 4 } } }
