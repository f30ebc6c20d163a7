-- error: scenarios/errors/write_past_end.lua:6: bad argument #1 to 'obj:write' (bytes 80-87 are outside the object (84 bytes))
scenario { title = "t", goal = "g", profile = "test-i386" }
local t = sklab.layouts("mini")
local k = sklab.kernel {}
local o = k:cache_create("s", t.sock):alloc()
o:write(80, 1, 8)
