-- error: scenarios/errors/not_a_struct.lua:4: sklab.layouts: '__u32' in mini is not a struct or union
scenario { title = "t", goal = "g", profile = "test-i386" }
local types = sklab.layouts("mini")
local l = types.__u32
