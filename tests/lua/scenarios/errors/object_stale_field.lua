-- error: scenarios/errors/object_stale_field.lua:7: reading field 'addr' of bad self (stale object handle: x object 0xc1001120 was freed at scenarios/errors/object_stale_field.lua:6)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local c = k:cache_create("x", 64)
local o = c:alloc()
c:free(o)
print(o.addr)
