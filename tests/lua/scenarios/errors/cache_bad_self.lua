-- error: scenarios/errors/cache_bad_self.lua:4: calling 'k:cache_create' on bad self (kernel expected, got string)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k.cache_create("x", 64)
