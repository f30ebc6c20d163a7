-- expect: memory budget of 1024 MiB exceeded by a cache model
-- A refusal caught by pcall still ends the run (the budget is sticky).
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local ms = {}
while true do
  local ok, m = pcall(sklab.cache, { levels = { { name = "LL", size = 64 << 20, assoc = 16, line = 64 } }, memory = 100 })
  if ok then ms[#ms + 1] = m end
end
