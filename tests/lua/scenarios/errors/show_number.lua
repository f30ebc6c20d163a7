-- error: scenarios/errors/show_number.lua:3: bad argument #1 to 'scene.show' (layout expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.show(42)
