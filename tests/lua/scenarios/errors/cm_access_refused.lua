-- error: scenarios/errors/cm_access_refused.lua:5: cm:access: the access at 0xffffffffffffffff (8 bytes) was refused
scenario { title = "t", goal = "g", profile = "test-i386" }
local cm = sklab.cache {}
-- the last byte of the address space and 7 past it
cm:access(-1, 8)
