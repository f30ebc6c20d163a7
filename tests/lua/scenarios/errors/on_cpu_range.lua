-- error: scenarios/errors/on_cpu_range.lua:3: bad argument #1 to 'k:on_cpu' (CPU 4: this machine has 4 CPUs (0 to 3))
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.kernel { cpus = 4 }:on_cpu(4, function() end)
