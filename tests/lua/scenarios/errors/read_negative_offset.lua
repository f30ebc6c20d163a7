-- error: scenarios/errors/read_negative_offset.lua:5: bad argument #1 to 'obj:read' (offset -4: it cannot be negative)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local o = k:kmalloc(32)
print(o:read(-4))
