-- error: assets/profiles/bad-slob.lua:3: key 'allocator': allocator 'slob' is not modelled: sklab has the 2.4 SLAB ('slab') and SLUB ('slub'); SLOB, for tiny machines, left Linux in 6.4
return { name = "bad-slob", kernel = "2.6.31", arch = "x86_64", layouts = "mini", page_size = 4096, cacheline = 64,
  allocator = "slob" }
