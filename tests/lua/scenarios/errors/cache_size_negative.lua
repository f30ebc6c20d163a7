-- error: scenarios/errors/cache_size_negative.lua:4: bad argument #2 to 'k:cache_create' (object size -8: it must be positive)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:cache_create("x", -8)
