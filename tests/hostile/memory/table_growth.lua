-- expect: limit of
-- args: --max-instructions 200000000
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local t = {}
for i = 1, 1e12 do t[i] = i end
