-- error: scenarios/errors/kernel_cpus_string.lua:3: bad argument #1 to 'sklab.kernel' (field 'cpus': integer expected, got string)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = "2" }
