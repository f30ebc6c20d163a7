-- error: scenarios/errors/cm_access_kind.lua:4: bad argument #3 to 'cm:access' ('x': "r" (read), "w" (write) or "i" (fetch))
scenario { title = "t", goal = "g", profile = "test-i386" }
local cm = sklab.cache {}
cm:access(0x1000, 4, "x")
