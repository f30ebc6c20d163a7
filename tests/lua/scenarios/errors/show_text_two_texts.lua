-- error: scenarios/errors/show_text_two_texts.lua:3: bad argument #2 to 'scene.show' (table expected, got string)
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.show("a", "b")
