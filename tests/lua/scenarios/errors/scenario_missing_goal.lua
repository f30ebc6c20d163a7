-- error: scenarios/errors/scenario_missing_goal.lua:2: bad argument #1 to 'scenario' (field 'goal': string expected, got nil)
scenario { title = "t", profile = "test-i386" }
