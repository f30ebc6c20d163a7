-- expect: time limit of 2 s exceeded
-- args: --max-instructions 1000000000000000 --max-heap 256 --timeout 2
-- seconds: 15
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- table.sort through a proxy, polled from its charges
local data = {} for i = 1, 100000 do data[i] = (i * 7919) % 100003 end
local p = setmetatable({}, { __len = function() return 100000 end, __index = data, __newindex = data })
while true do table.sort(p) end
