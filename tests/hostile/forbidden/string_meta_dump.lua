-- expect: field 'dump'
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
getmetatable("").__index.dump(print)
