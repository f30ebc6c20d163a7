-- error: scenarios/errors/debug_absent.lua:3: attempt to index a nil value (global 'debug')
scenario { title = "t", goal = "g", profile = "test-i386" }
debug.sethook()
