-- error: scenarios/errors/show_c2c_caches.lua:4: bad argument #2 to 'scene.show' (field 'caches' does not go with view "c2c" (options: view, lines))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 2 }; k:cache_model(sklab.cache {})
scene.show(k, { view = "c2c", caches = { "sock" } })
