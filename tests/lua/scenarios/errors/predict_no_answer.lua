-- error: scenarios/errors/predict_no_answer.lua:3: bad argument #2 to 'scene.predict' (string expected, got no value)
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.predict("How many objects fit in one slab?")
