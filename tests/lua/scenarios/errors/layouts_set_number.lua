-- error: scenarios/errors/layouts_set_number.lua:3: bad argument #1 to 'sklab.layouts' (string expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local types = sklab.layouts(2416)
