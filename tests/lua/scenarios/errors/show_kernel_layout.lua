-- error: scenarios/errors/show_kernel_layout.lua:5: bad argument #2 to 'scene.show' (kernel expected, got layout (show layouts and kernels at separate steps))
scenario { title = "t", goal = "g", profile = "test-i386" }
local t = sklab.layouts("mini")
local k = sklab.kernel {}
scene.show(k, t.sock)
