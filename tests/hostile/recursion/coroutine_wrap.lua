-- expect: stack overflow
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local function f() return coroutine.wrap(f)() end
f()
