-- expect: instruction limit of 20000000 exceeded
-- args: --max-heap 256
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- collectgarbage() marks and sweeps the whole heap: charged by its size
local t = {} for i = 1, 500000 do t[i] = {} end
while true do collectgarbage() end
