-- error: scenarios/errors/kernel_unknown_option.lua:3: bad argument #1 to 'sklab.kernel' (unknown field 'debugslab')
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { debugslab = true }
