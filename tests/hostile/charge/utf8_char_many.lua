-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- utf8.char of many arguments
local t = {} for i = 1, 200000 do t[i] = 0x263A end
while true do utf8.char(table.unpack(t)) end
