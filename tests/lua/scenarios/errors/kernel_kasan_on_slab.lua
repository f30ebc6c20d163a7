-- error: scenarios/errors/kernel_kasan_on_slab.lua:3: bad argument #1 to 'sklab.kernel' (field 'kasan': KASAN (Linux 4.0 and later) runs on SLUB here; test-i386 uses the 2.4 SLAB allocator)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { kasan = true }
