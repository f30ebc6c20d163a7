-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- __index a C function: a charged call per access
local p = setmetatable({}, { __index = rawlen })
while true do local _ = p[1], p[2], p[3], p[4] end
