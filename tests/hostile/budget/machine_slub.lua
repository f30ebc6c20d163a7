-- expect: memory budget of 1024 MiB exceeded by simulated RAM
-- A SLUB machine with KASAN (its shadow counts too) filled with kmalloc_large.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-6.18-x86_64" }
local ks = {}
for i = 1, 2 do
  ks[i] = sklab.kernel { profile = "linux-6.18-x86_64", ram_mb = 1024, kasan = true }
  while ks[i]:kmalloc(1 << 20) do end
end
