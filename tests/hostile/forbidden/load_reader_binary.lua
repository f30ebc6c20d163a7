-- expect: attempt to load a binary chunk
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local parts = { "\27LuaT", "\0\25\147\r\n\26\n" }
local i = 0
local f, e = load(function() i = i + 1 return parts[i] end, "x", "bt")
error(e)
