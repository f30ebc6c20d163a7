-- error: scenarios/errors/show_c2c_no_model.lua:4: bad argument #1 to 'scene.show' (view "c2c": the kernel has no cache model (k:cache_model(sklab.cache {}) first))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 2 }
scene.show(k, { view = "c2c" })
