-- error: scenarios/errors/kernel_kasan_string.lua:3: bad argument #1 to 'sklab.kernel' (field 'kasan': boolean expected, got string)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { kasan = "yes" }
