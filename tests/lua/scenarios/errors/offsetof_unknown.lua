-- error: scenarios/errors/offsetof_unknown.lua:4: bad argument #1 to 'layout:offsetof' (no member 'nosuch' in struct sock)
scenario { title = "t", goal = "g", profile = "test-i386" }
local sock = sklab.layouts("mini").sock
print(sock:offsetof("nosuch"))
