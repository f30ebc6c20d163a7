-- error: scenarios/errors/step_number.lua:3: bad argument #1 to 'scene.step' (string expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.step(42)
