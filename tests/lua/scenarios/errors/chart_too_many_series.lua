-- error: scenarios/errors/chart_too_many_series.lua:5: bad argument #1 to 'scene.chart' (field 'series': 65 series (from 1 to 64))
scenario { title = "t", goal = "g", profile = "test-i386" }
local s = {}
for i = 1, 65 do s[i] = { name = "s" .. i, points = {} } end
scene.chart { series = s }
