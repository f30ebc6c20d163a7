-- expect: memory limit of 64 MiB exceeded
-- args: --max-instructions 1000000000000
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local t = setmetatable({}, { __index = function() return "0123456789" end })
local s = table.concat(t, "", 1, 2^40)
