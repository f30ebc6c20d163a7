-- error: scenarios/errors/cache_stale.lua:6: calling 'alloc' on bad self (stale cache handle: x was destroyed)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local c = k:cache_create("x", 64)
c:destroy()
c:alloc()
