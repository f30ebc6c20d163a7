-- expect: time limit of 2 s exceeded
-- args: --max-instructions 1000000000000000 --max-heap 256 --timeout 2
-- seconds: 15
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- == between two equal 16 MiB strings that are not the same object
local a = string.rep("x", 16 << 20)
local b = string.rep("x", 8 << 20) .. string.rep("x", 8 << 20)
while true do local _ = a == b end
