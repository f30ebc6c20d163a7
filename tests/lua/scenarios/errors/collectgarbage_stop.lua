-- error: scenarios/errors/collectgarbage_stop.lua:3: bad argument #1 to 'collectgarbage' (option 'stop' is not available in scenarios)
scenario { title = "t", goal = "g", profile = "test-i386" }
collectgarbage("stop")
