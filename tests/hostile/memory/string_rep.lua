-- expect: memory limit of 64 MiB exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local s = string.rep("x", 2^30)
