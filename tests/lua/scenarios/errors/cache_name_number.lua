-- error: scenarios/errors/cache_name_number.lua:4: bad argument #1 to 'k:cache_create' (string expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:cache_create(1, 64)
