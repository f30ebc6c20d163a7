-- error: scenarios/errors/whatif_not_table.lua:3: bad argument #1 to 'sklab.whatif' (table expected, got string)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif("sock")
