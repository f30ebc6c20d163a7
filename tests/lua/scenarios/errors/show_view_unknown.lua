-- error: scenarios/errors/show_view_unknown.lua:4: bad argument #2 to 'scene.show' (field 'view': 'grid' is not "slab", "cache" or "c2c")
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
scene.show(k, { view = "grid" })
