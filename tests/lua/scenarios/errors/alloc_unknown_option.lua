-- error: scenarios/errors/alloc_unknown_option.lua:5: bad argument #1 to 'c:alloc' (unknown field 'zeroed')
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local c = k:cache_create("x", 64)
c:alloc { zeroed = true }
