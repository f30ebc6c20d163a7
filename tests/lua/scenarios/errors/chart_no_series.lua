-- error: scenarios/errors/chart_no_series.lua:3: bad argument #1 to 'scene.chart' (field 'series': 0 series (from 1 to 64))
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.chart { title = "t", series = {} }
