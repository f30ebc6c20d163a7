-- expect: '__index' chain too long
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local a, b = {}, {}
setmetatable(a, { __index = b })
setmetatable(b, { __index = a })
local x = a.missing
