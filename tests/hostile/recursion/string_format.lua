-- expect: stack overflow
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local t
t = setmetatable({}, { __tostring = function() return string.format("%s", t) end })
local s = string.format("%s", t)
