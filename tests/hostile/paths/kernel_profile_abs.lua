-- expect: is not a profile name
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel { profile = "/etc/passwd" }
