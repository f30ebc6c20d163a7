-- error: scenarios/errors/cache_align_odd.lua:4: bad argument #3 to 'k:cache_create' (field 'align' must be a power of two (or 0 for none))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:cache_create("x", 64, { align = 24 })
