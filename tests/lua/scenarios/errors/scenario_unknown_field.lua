-- error: scenarios/errors/scenario_unknown_field.lua:2: bad argument #1 to 'scenario' (unknown field 'titel')
scenario { titel = "t", title = "t", goal = "g", profile = "test-i386" }
