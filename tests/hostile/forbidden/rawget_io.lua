-- expect: a nil value
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local io = rawget(_G, "io")
io.write("x")
