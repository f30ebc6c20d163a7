-- error: assets/profiles/bad-cache-empty.lua:3: key 'cache' lists 0 levels; it must list 1 to 6
return { name = "bad-cache-empty", kernel = "2.4.16", arch = "i386", layouts = "mini", page_size = 4096, cacheline = 32,
  cache = { cpu = "none", memory = 80 } }
