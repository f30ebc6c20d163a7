-- expect: is not a layout set name
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local t = sklab.layouts("../../etc")
