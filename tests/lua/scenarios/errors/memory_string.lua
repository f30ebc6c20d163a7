-- error: scenarios/errors/memory_string.lua:3: memory limit of 16 MiB exceeded
scenario { title = "t", goal = "g", profile = "test-i386" }
local s = string.rep("x", 64 * 1024 * 1024)
