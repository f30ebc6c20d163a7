-- error: scenarios/errors/on_cpu_up.lua:4: bad argument #1 to 'k:on_cpu' (CPU -1: this machine has 1 CPU (CPU 0))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:on_cpu(-1, function() end)
