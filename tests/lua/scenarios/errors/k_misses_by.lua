-- error: scenarios/errors/k_misses_by.lua:5: bad argument #1 to 'k:misses' (field 'by': 'x' is not "member" or "line")
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:cache_model(sklab.cache {})
k:misses { by = "x" }
