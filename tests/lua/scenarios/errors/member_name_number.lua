-- error: scenarios/errors/member_name_number.lua:4: bad argument #1 to 'layout:member' (string expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local sock = sklab.layouts("mini").sock
print(sock:member(1))
