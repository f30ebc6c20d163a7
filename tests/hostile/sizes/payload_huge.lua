-- expect: is above INT_MAX
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local p = sklab.payload(2^40)
