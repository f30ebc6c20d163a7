-- error: scenarios/errors/cm_read_only.lua:4: cache model objects are read-only
scenario { title = "t", goal = "g", profile = "test-i386" }
local cm = sklab.cache {}
cm.title = "x"
