-- expect: memory budget of 1024 MiB exceeded by
-- The Lua heap near its own cap and machines beside it share one budget.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local t, s = {}, "x"
while #s < (16 << 20) do s = s .. s end
for i = 1, 12 do t[i] = s .. i end
local ks = {}
for i = 1, 16 do
  ks[i] = sklab.kernel { ram_mb = 128 }
  while ks[i]:kmalloc(131072) do end
end
