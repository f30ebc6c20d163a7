-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- table.concat through a proxy (__index a table, __len in Lua)
local base = {} for i = 1, 100000 do base[i] = "abc" end
local p = setmetatable({}, { __index = base, __len = function() return 100000 end })
while true do local s = table.concat(p) end
