-- error: scenarios/errors/object_stale_write.lua:6: calling 'write' on bad self (stale object handle: size-64 object 0xc1001120 was freed at scenarios/errors/object_stale_write.lua:5)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local o = k:kmalloc(64)
k:kfree(o)
o:write(0, 1)
