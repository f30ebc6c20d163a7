-- error: scenarios/limits/layouts_kept.lua:5: more than 3 layouts alive at once
scenario { title = "t", goal = "g", profile = "test-i386" }
local kept = {}
for i = 1, 10 do
  kept[i] = sklab.layouts("mini").pair
end
