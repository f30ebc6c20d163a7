-- error: scenarios/errors/os_absent.lua:3: attempt to index a nil value (global 'os')
scenario { title = "t", goal = "g", profile = "test-i386" }
local t = os.time()
