-- error: scenarios/errors/chart_unknown_key.lua:3: bad argument #1 to 'scene.chart' (field 'series': series 1 has an unknown key (keys: name, points))
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.chart { series = { { name = "a", point = {} } } }
