-- expect: memory budget of 1024 MiB exceeded by a cache model of 4.0 GiB
-- One level of 4 GiB: refused before a byte of it is allocated.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local m = sklab.cache { levels = { { name = "LL", size = 4 << 30, assoc = 16, line = 64 } }, memory = 100 }
