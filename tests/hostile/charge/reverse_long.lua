-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- string.reverse and lower, byte by byte
local s = string.rep("xy", 1 << 20)
while true do local u = s:reverse(); u = s:lower() end
