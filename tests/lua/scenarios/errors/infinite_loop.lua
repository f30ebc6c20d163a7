-- error: scenarios/errors/infinite_loop.lua:4: instruction limit of 5000000 exceeded (an endless loop?)
scenario { title = "t", goal = "g", profile = "test-i386" }
local n = 0
while true do n = n + 1 end
