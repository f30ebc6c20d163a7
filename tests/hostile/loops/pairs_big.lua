-- expect: time limit of 2 s exceeded; raise it with --timeout
-- args: --max-instructions 1000000000000000 --max-heap 256 --timeout 2
-- seconds: 15
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- sklab's pairs sorts the keys in C at every call
local t = {} for i = 1, 300000 do t["k" .. i] = i end
while true do local f = pairs(t) end
