-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- string.format of long strings
local s = string.rep("x", 4 << 20)
while true do local u = string.format("%s%s", s, s) end
