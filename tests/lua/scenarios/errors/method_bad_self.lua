-- error: scenarios/errors/method_bad_self.lua:4: calling 'layout:pahole' on bad self (layout expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local sock = sklab.layouts("mini").sock
print(sock.pahole(5))
