-- error: scenarios/errors/on_cpu_not_function.lua:4: bad argument #2 to 'k:on_cpu' (function expected, got no value)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 2 }
k:on_cpu(1)
