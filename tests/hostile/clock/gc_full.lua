-- expect: time limit of 2 s exceeded
-- args: --max-instructions 1000000000000000 --max-heap 256 --timeout 2
-- seconds: 15
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- each collectgarbage() walks 3e6 objects: the clock is polled from its charge
local t = {} for i = 1, 3000000 do t[i] = {} end
while true do collectgarbage() end
