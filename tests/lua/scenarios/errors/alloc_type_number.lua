-- error: scenarios/errors/alloc_type_number.lua:5: bad argument #1 to 'c:alloc' (field 'type': layout expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local c = k:cache_create("x", 64)
c:alloc { type = 8 }
