-- expect: simulated RAM limit of 256 MiB reached
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel { ram_mb = 4096 }
