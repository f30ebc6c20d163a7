-- error: scenarios/errors/show_c2c_unknown_option.lua:4: bad argument #2 to 'scene.show' (unknown field 'colour')
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 2 }; k:cache_model(sklab.cache {})
scene.show(k, { view = "c2c", colour = "red" })
