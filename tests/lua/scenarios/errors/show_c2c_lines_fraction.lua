-- error: scenarios/errors/show_c2c_lines_fraction.lua:4: bad argument #2 to 'scene.show' (field 'lines': integer expected, got a fraction)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 2 }; k:cache_model(sklab.cache {})
scene.show(k, { view = "c2c", lines = 2.5 })
