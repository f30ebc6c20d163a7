-- error: scenarios/errors/format_p.lua:3: bad argument #1 to 'string.format' ('%p' is not available (it prints host addresses))
scenario { title = "t", goal = "g", profile = "test-i386" }
local s = string.format("%p", {})
