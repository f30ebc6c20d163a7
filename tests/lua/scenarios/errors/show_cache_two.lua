-- error: scenarios/errors/show_cache_two.lua:4: bad argument #2 to 'scene.show' (table expected, got cache model)
scenario { title = "t", goal = "g", profile = "test-i386" }
local cm = sklab.cache {}
scene.show(cm, cm)
