-- error: scenarios/errors/cm_no_field.lua:4: cache model has no field 'nope'
scenario { title = "t", goal = "g", profile = "test-i386" }
local cm = sklab.cache {}
print(cm.nope)
