-- error: scenarios/errors/unknown_struct.lua:4: sklab.layouts: no struct 'nosuch' in mini
scenario { title = "t", goal = "g", profile = "test-i386" }
local types = sklab.layouts("mini")
local l = types.nosuch
