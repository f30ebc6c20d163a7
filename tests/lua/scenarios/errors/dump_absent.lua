-- error: scenarios/errors/dump_absent.lua:3: attempt to call a nil value (field 'dump')
scenario { title = "t", goal = "g", profile = "test-i386" }
local b = string.dump(print)
