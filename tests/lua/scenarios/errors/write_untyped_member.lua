-- error: scenarios/errors/write_untyped_member.lua:5: bad argument #1 to 'obj:write' (the object has no type: name a byte offset, or allocate it with {type = layout})
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local o = k:kmalloc(32)
o:write("daddr", 1)
