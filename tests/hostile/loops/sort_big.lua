-- expect: time limit of 2 s exceeded; raise it with --timeout
-- args: --max-instructions 1000000000000000 --timeout 2
-- seconds: 15
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- each table.sort runs in C for a quarter second: it is charged and polls the clock
local t = {} for i = 1, 1000000 do t[i] = (i * 7919) % 1000003 end
while true do table.sort(t) end
