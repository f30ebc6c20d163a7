-- error: scenarios/errors/write_unknown_member.lua:6: bad argument #1 to 'obj:write' (no member 'dadr' in struct sock)
scenario { title = "t", goal = "g", profile = "test-i386" }
local t = sklab.layouts("mini")
local k = sklab.kernel {}
local o = k:cache_create("s", t.sock):alloc()
o:write("dadr", 1)
