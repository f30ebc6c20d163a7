-- error: scenarios/errors/cache_name_empty.lua:4: bad argument #1 to 'k:cache_create' (the cache name is empty)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:cache_create("", 64)
