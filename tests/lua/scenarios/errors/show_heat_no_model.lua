-- error: scenarios/errors/show_heat_no_model.lua:4: bad argument #2 to 'scene.show' (field 'heat': the kernel has no cache model (k:cache_model(cm) first))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
scene.show(sklab.layouts("mini").sock, { heat = k })
