-- error: scenarios/errors/cache_name_space.lua:4: bad argument #1 to 'k:cache_create' (a cache name cannot hold spaces or control characters (it is a /proc/slabinfo column))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:cache_create("my cache", 64)
