-- expect: time limit of 2 s exceeded
-- args: --max-instructions 1000000000000000 --max-heap 256 --timeout 2
-- seconds: 15
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- one < between two 16 MiB strings is one VM instruction and a strcmp
-- of them: nothing charges it, the clock ends it
local a = string.rep("x", 16 << 20)
local b = a:sub(1, -2) .. "y"
while true do local _ = a < b end
