-- expect: time limit of 2 s exceeded
-- args: --max-instructions 1000000000000000 --max-heap 256 --timeout 2
-- seconds: 15
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- s:byte(1, -1): the clock is polled from the charge of each call
local s = string.rep("x", 500000)
while true do s:byte(1, -1) end
