-- error: scenarios/errors/write_too_big.lua:6: bad argument #2 to 'obj:write' (value 70000 does not fit in 2 bytes)
scenario { title = "t", goal = "g", profile = "test-i386" }
local t = sklab.layouts("mini")
local k = sklab.kernel {}
local o = k:cache_create("s", t.sock):alloc()
o:write("dport", 70000)
