-- expect: time limit of 2 s exceeded; raise it with --timeout
-- args: --max-instructions 1000000000000000 --max-heap 256 --timeout 2
-- seconds: 15
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- utf8.len scans 64 MiB in C at every call
local s = string.rep("a", 2^26)
while true do local n = utf8.len(s) end
