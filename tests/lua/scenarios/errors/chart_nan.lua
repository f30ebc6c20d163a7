-- error: scenarios/errors/chart_nan.lua:3: bad argument #1 to 'scene.chart' (field 'series': series 1, point 1: y is not a finite number)
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.chart { series = { { name = "a", points = { { 0, 0 / 0 } } } } }
