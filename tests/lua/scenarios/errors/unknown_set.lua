-- error: scenarios/errors/unknown_set.lua:3: sklab.layouts: no layout set 'nosuch' (there is no assets/layouts/nosuch)
scenario { title = "t", goal = "g", profile = "test-i386" }
local types = sklab.layouts("nosuch")
