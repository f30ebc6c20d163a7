-- error: scenarios/errors/kernel_slub_debug_letter.lua:3: bad argument #1 to 'sklab.kernel' (field 'slub_debug': unknown option 'X' (letters F, Z, P, U))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { profile = "test-x86_64", slub_debug = "FX" }
