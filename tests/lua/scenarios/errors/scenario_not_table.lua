-- error: scenarios/errors/scenario_not_table.lua:2: bad argument #1 to 'scenario' (table expected, got string)
scenario "a title"
