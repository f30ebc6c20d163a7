-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- elements whose __lt is a C function: every comparison is a charged call
local mt = { __lt = rawequal }
local t = {} for i = 1, 50000 do t[i] = setmetatable({}, mt) end
while true do table.sort(t) end
