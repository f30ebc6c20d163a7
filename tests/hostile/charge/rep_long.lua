-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- string.rep of one byte, many times
while true do local s = string.rep("x", 4 << 20) end
