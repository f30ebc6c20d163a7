-- error: scenarios/errors/free_number.lua:5: bad argument #1 to 'c:free' (object expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local c = k:cache_create("x", 64)
c:free(42)
