-- error: scenarios/errors/cm_access_addr.lua:4: bad argument #1 to 'cm:access' ('xyz' is not a hex address ("0xc1002040"))
scenario { title = "t", goal = "g", profile = "test-i386" }
local cm = sklab.cache {}
cm:access("xyz", 4)
