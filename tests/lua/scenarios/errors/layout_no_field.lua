-- error: scenarios/errors/layout_no_field.lua:4: layout has no field 'sizee'
scenario { title = "t", goal = "g", profile = "test-i386" }
local sock = sklab.layouts("mini").sock
print(sock.sizee)
