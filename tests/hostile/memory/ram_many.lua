-- expect: simulated RAM limit of 256 MiB reached
-- at-defaults: ok
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local ks = {}
for i = 1, 16 do ks[i] = sklab.kernel { ram_mb = 64 } end
