-- expect: stack overflow
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local t = setmetatable({}, { __tostring = function(s) return tostring(s) end })
local s = tostring(t)
