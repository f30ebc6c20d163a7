-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- string.char of many arguments
local t = {} for i = 1, 200000 do t[i] = 65 end
while true do string.char(table.unpack(t)) end
