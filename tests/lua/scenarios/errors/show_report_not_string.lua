-- error: scenarios/errors/show_report_not_string.lua:4: bad argument #2 to 'scene.show' (field 'report': string expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
scene.show(k, { report = 5 })
