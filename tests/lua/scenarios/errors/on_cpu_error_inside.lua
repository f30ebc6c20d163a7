-- error: scenarios/errors/on_cpu_error_inside.lua:4: boom on CPU 1
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 2 }
k:on_cpu(1, function() error("boom on CPU " .. k:cpu()) end)
