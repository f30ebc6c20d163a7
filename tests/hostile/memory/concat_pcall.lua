-- expect: memory limit of 64 MiB exceeded
-- args: --max-instructions 1000000000000
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local t = {}
while true do
  pcall(function() t[#t + 1] = string.rep("y", 2^20) end)
end
