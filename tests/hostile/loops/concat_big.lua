-- expect: time limit of 2 s exceeded; raise it with --timeout
-- args: --max-instructions 1000000000000000 --timeout 2
-- seconds: 15
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- table.concat walks 200000 elements in C at every call
local t = {} for i = 1, 200000 do t[i] = "x" end
while true do local s = table.concat(t) end
