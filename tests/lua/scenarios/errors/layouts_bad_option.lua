-- error: scenarios/errors/layouts_bad_option.lua:3: bad argument #2 to 'sklab.layouts' (unknown field 'cachline')
scenario { title = "t", goal = "g", profile = "test-i386" }
local types = sklab.layouts("mini", { cachline = 64 })
