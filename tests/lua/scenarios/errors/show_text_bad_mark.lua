-- error: scenarios/errors/show_text_bad_mark.lua:3: bad argument #2 to 'scene.show' (field 'mark': a string or a list of strings expected)
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.show("x", { mark = 5 })
