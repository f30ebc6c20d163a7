-- error: scenarios/errors/step_nil.lua:3: bad argument #1 to 'scene.step' (string expected, got nil)
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.step(nil)
