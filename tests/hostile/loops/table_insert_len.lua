-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local t = setmetatable({}, { __len = function() return 2^40 end })
table.insert(t, 1, "x")
