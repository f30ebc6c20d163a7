-- error: scenarios/errors/predict_empty_question.lua:3: bad argument #1 to 'scene.predict' (the question is empty)
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.predict("", "13")
