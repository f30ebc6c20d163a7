-- expect: memory budget of 1024 MiB exceeded by a cache model of
-- Sixteen levels of 128 MiB in one model.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local lv = {}
for i = 1, 16 do lv[i] = { name = "L" .. (i + 1), size = 128 << 20, assoc = 8, line = 64 } end
local m = sklab.cache { levels = lv, memory = 100 }
