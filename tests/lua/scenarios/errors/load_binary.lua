-- error: scenarios/errors/load_binary.lua:3: attempt to load a binary chunk (mode is 't')
scenario { title = "t", goal = "g", profile = "test-i386" }
local f = assert(load("\27LuaT\0", "bin", "b"))
