-- error: scenarios/errors/on_cpu_yield.lua:5: attempt to yield across a C-call boundary
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 2 }
local co = coroutine.wrap(function() k:on_cpu(1, function() coroutine.yield(1) end) end)
co()
