-- error: scenarios/errors/cache_type_twice.lua:5: bad argument #3 to 'k:cache_create' (field 'type': the layout is argument #2 already)
scenario { title = "t", goal = "g", profile = "test-i386" }
local t = sklab.layouts("mini")
local k = sklab.kernel {}
k:cache_create("x", t.sock, { type = t.pair })
