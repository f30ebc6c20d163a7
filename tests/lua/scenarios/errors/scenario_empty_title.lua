-- error: scenarios/errors/scenario_empty_title.lua:2: bad argument #1 to 'scenario' (field 'title' is empty)
scenario { title = "", goal = "g", profile = "test-i386" }
