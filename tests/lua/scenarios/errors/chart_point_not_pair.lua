-- error: scenarios/errors/chart_point_not_pair.lua:3: bad argument #1 to 'scene.chart' (field 'series': series 1, point 1 is number, not {x, y})
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.chart { series = { { name = "a", points = { 1, 2 } } } }
