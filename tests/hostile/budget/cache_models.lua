-- expect: memory budget of 1024 MiB exceeded by a cache model of 255.0 MiB
-- Cache models of 256 MiB each: the fourth passes the budget.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local ms = {}
for i = 1, 64 do
  ms[i] = sklab.cache { levels = { { name = "LL", size = 256 << 20, assoc = 16, line = 64 } }, memory = 100 }
end
