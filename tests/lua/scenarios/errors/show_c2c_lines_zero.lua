-- error: scenarios/errors/show_c2c_lines_zero.lua:4: bad argument #2 to 'scene.show' (field 'lines' must be from 1 to 1000)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 2 }; k:cache_model(sklab.cache {})
scene.show(k, { view = "c2c", lines = 0 })
