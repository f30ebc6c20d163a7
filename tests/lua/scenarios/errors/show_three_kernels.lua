-- error: scenarios/errors/show_three_kernels.lua:4: bad argument #3 to 'scene.show' (at most two kernels (a compare))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
scene.show(k, k, k)
