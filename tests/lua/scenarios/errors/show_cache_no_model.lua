-- error: scenarios/errors/show_cache_no_model.lua:4: bad argument #1 to 'scene.show' (the kernel has no cache model (k:cache_model(cm) first))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
scene.show(k, { view = "cache" })
