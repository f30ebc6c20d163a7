-- error: assets/profiles/bad-config.lua:3: key 'config': entry 2 is number, not a string
return { name = "bad-config", kernel = "2.4.16", arch = "i386", layouts = "mini", page_size = 4096, cacheline = 32,
  config = { "CONFIG_INET", 5 } }
