-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- string.upper walks its argument byte by byte
local s = string.rep("x", 8 << 20)
while true do local u = s:upper() end
