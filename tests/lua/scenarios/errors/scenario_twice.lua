-- error: scenarios/errors/scenario_twice.lua:4: scenario{} called twice (first at scenarios/errors/scenario_twice.lua:2)
scenario { title = "t", goal = "g", profile = "test-i386" }

scenario { title = "t", goal = "g", profile = "test-i386" }
