-- expect: stack overflow
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local function f()
  local ok, e = pcall(f)
  error(e, 0)
end
f()
