-- error: scenarios/errors/show_heat_two_layouts.lua:6: bad argument #3 to 'scene.show' (a heat overlay goes on one layout)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local t = sklab.layouts("mini")
k:cache_model(sklab.cache {})
scene.show(t.sock, t.pair, { heat = k })
