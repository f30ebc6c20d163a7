-- error: scenarios/errors/read_member_and_size.lua:6: bad argument #2 to 'obj:read' (no size with a member name: the member gives it)
scenario { title = "t", goal = "g", profile = "test-i386" }
local t = sklab.layouts("mini")
local k = sklab.kernel {}
local o = k:cache_create("s", t.sock):alloc()
print(o:read("daddr", 4))
