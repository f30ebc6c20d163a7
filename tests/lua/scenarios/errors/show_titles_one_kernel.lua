-- error: scenarios/errors/show_titles_one_kernel.lua:4: bad argument #2 to 'scene.show' (field 'titles' names the two sides of a compare (two kernels))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
scene.show(k, { titles = { "a" } })
