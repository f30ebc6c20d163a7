-- error: scenarios/errors/write_bitfield_too_big.lua:6: bad argument #2 to 'obj:write' (value 2 does not fit in the 1-bit field recverr)
scenario { title = "t", goal = "g", profile = "test-i386" }
local t = sklab.layouts("mini")
local k = sklab.kernel {}
local o = k:cache_create("s", t.sock):alloc()
o:write("recverr", 2)
