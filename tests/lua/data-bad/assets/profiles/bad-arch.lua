-- error: assets/profiles/bad-arch.lua:3: unknown arch 'm68k' (known: i386, x86_64)
return { name = "bad-arch", kernel = "2.4.16", layouts = "mini", page_size = 4096, cacheline = 32,
  arch = "m68k" }
