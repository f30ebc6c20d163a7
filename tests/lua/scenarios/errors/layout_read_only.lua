-- error: scenarios/errors/layout_read_only.lua:4: layout objects are read-only
scenario { title = "t", goal = "g", profile = "test-i386" }
local sock = sklab.layouts("mini").sock
sock.size = 1
