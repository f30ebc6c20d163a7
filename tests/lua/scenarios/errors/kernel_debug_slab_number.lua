-- error: scenarios/errors/kernel_debug_slab_number.lua:3: bad argument #1 to 'sklab.kernel' (field 'debug_slab': boolean expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { debug_slab = 1 }
