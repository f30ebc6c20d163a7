-- error: scenarios/errors/cache_flag_number.lua:4: bad argument #3 to 'k:cache_create' (field 'hwcache_align': boolean expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:cache_create("x", 64, { hwcache_align = 1 })
