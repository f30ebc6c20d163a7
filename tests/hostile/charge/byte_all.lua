-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- s:byte(1, -1) returns one value per byte
local s = string.rep("x", 500000)
while true do s:byte(1, -1) end
