-- error: scenarios/errors/cm_bad_self.lua:4: calling 'cm:access' on bad self (cache model expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local cm = sklab.cache {}
cm.access(1, 2)
