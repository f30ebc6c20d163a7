-- error: scenarios/errors/cache_size_string.lua:4: bad argument #2 to 'k:cache_create' (number or layout expected, got string)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:cache_create("x", "64")
