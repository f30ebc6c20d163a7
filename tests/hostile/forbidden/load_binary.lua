-- expect: attempt to load a binary chunk
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local f, e = load("\27LuaT\0\25\147\r\n\26\n", "x", "b")
error(e)
