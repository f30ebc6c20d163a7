-- error: scenarios/errors/kernel_slub_debug_on_slab.lua:3: bad argument #1 to 'sklab.kernel' (field 'slub_debug' is for SLUB; test-i386 uses the 2.4 SLAB allocator (debug_slab))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { slub_debug = "FZ" }
