-- error: scenarios/errors/kernel_ram_zero.lua:3: bad argument #1 to 'sklab.kernel' (field 'ram_mb' must be from 1 to 4096)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { ram_mb = 0 }
