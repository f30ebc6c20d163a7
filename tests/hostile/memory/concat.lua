-- expect: limit of
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- each step copies the whole string: counted as work, and as memory
local s = ""
for i = 1, 1e12 do s = s .. "0123456789abcdef" end
