-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- rawequal of two equal long strings compares their bytes
local a = string.rep("x", 16 << 20)
local b = string.rep("x", 8 << 20) .. string.rep("x", 8 << 20)
while true do rawequal(a, b) end
