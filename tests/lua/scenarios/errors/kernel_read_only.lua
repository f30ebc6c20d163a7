-- error: scenarios/errors/kernel_read_only.lua:4: kernel objects are read-only
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k.profile = "x"
