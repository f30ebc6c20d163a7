-- expect: time limit of 2 s exceeded
-- args: --max-instructions 1000000000000000 --max-heap 256 --timeout 2
-- seconds: 15
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- string.upper of 16 MiB per call
local s = string.rep("x", 16 << 20)
while true do local u = s:upper() end
