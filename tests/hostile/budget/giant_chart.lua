-- expect: time limit of 10 s exceeded at frame
-- 64 x 10,000 points shown over 1,000 steps: the time limit covers drawing.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local series = {}
for s = 1, 64 do
  local pts = {}
  for i = 1, 10000 do pts[i] = { i, (i * s) % 977 } end
  series[s] = { name = "s" .. s, points = pts }
end
scene.chart { title = "big", series = series }
for i = 1, 1000 do scene.step("step " .. i) end
