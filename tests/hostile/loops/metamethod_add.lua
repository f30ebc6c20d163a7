-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local mt = {}
mt.__add = function(a, b) return setmetatable({}, mt) + 1 end
local ok = pcall(function() return setmetatable({}, mt) + 1 end)
while true do end
