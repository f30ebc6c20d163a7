-- error: scenarios/errors/show_types.lua:4: bad argument #2 to 'scene.show' (layout expected, got types)
scenario { title = "t", goal = "g", profile = "test-i386" }
local types = sklab.layouts("mini")
scene.show(types.pair, types)
