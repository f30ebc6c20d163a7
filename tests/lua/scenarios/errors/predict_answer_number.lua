-- error: scenarios/errors/predict_answer_number.lua:4: bad argument #2 to 'scene.predict' (string expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local objs = 13
scene.predict("How many objects fit in one slab?", objs)
