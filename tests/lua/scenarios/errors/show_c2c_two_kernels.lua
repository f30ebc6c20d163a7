-- error: scenarios/errors/show_c2c_two_kernels.lua:4: bad argument #3 to 'scene.show' (view "c2c" shows one kernel)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 2 }; k:cache_model(sklab.cache {})
scene.show(k, sklab.kernel {}, { view = "c2c" })
