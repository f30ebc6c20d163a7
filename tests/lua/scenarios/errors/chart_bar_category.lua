-- error: scenarios/errors/chart_bar_category.lua:3: bad argument #1 to 'scene.chart' (field 'series': series 1, point 1: x must be a category index from 0 to 1 (xlabels))
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.chart { bars = true, xlabels = { "a", "b" }, series = { { name = "s", points = { { 2, 1 } } } } }
