-- expect: table expected, got kernel
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
local mt = getmetatable(k)
setmetatable(k, {})
