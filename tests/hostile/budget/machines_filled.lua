-- expect: memory budget of 1024 MiB exceeded by simulated RAM
-- Sixteen default machines filled with kmalloc: 2 GiB of simulated RAM in use.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local ks = {}
for i = 1, 16 do
  local k = sklab.kernel { ram_mb = 128 }
  ks[i] = k
  while k:kmalloc(131072) do end
end
