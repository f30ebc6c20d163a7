-- error: scenarios/errors/show_text_too_long.lua:3: bad argument #1 to 'scene.show' (a text of 70000 bytes: at most 65536)
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.show(string.rep("x", 70000))
