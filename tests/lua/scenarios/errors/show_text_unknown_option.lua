-- error: scenarios/errors/show_text_unknown_option.lua:3: bad argument #2 to 'scene.show' (unknown field 'colour')
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.show("x", { colour = 1 })
