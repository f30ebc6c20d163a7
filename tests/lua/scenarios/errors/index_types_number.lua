-- error: scenarios/errors/index_types_number.lua:4: sklab.layouts: index with a struct name, not number
scenario { title = "t", goal = "g", profile = "test-i386" }
local types = sklab.layouts("mini")
local l = types[1]
