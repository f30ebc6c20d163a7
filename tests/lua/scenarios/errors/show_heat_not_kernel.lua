-- error: scenarios/errors/show_heat_not_kernel.lua:3: bad argument #2 to 'scene.show' (field 'heat': kernel expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.show(sklab.layouts("mini").sock, { heat = 1 })
