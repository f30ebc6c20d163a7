-- error: scenarios/errors/infinite_loop_coroutine.lua:3: instruction limit of 5000000 exceeded (an endless loop?)
scenario { title = "t", goal = "g", profile = "test-i386" }
local co = coroutine.wrap(function() while true do end end)
co()
