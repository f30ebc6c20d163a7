-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- table.sort of a proxy: __len in Lua, __index and __newindex tables (no call to charge)
local data = {} for i = 1, 100000 do data[i] = (i * 7919) % 100003 end
local p = setmetatable({}, { __len = function() return 100000 end, __index = data, __newindex = data })
while true do table.sort(p) end
