-- error: scenarios/errors/show_lines_not_c2c.lua:4: bad argument #2 to 'scene.show' (field 'lines' goes with view "c2c" (the contended lines drawn))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 2 }
scene.show(k, { lines = 3 })
