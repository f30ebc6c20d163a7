-- expect: stack overflow
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local function f(n) return 1 + f(n + 1) end
f(1)
