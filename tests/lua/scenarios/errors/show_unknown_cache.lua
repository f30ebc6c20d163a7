-- error: scenarios/errors/show_unknown_cache.lua:4: bad argument #2 to 'scene.show' (field 'caches': no cache 'nope' in this kernel)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
scene.show(k, { caches = { "nope" } })
