-- error: scenarios/errors/free_other_kernel.lua:6: bad argument #1 to 'c:free' (the object belongs to another kernel)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k1, k2 = sklab.kernel {}, sklab.kernel {}
local c1 = k1:cache_create("x", 64)
local c2 = k2:cache_create("x", 64)
c1:free(c2:alloc())
