-- error: scenarios/errors/cm_access_size.lua:4: bad argument #2 to 'cm:access' (size 100: from 1 to the smallest line (32 bytes))
scenario { title = "t", goal = "g", profile = "test-i386" }
local cm = sklab.cache {}
cm:access(0x1000, 100)
