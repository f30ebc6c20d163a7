-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- select('#', ...) with many arguments
local t = {} for i = 1, 200000 do t[i] = i end
while true do select("#", table.unpack(t)) end
