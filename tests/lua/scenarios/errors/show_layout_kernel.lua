-- error: scenarios/errors/show_layout_kernel.lua:5: bad argument #2 to 'scene.show' (layout expected, got kernel (show layouts and kernels at separate steps))
scenario { title = "t", goal = "g", profile = "test-i386" }
local t = sklab.layouts("mini")
local k = sklab.kernel {}
scene.show(t.sock, k)
