-- error: scenarios/errors/whatif_change_number.lua:3: bad argument #1 to 'sklab.whatif' (changes[2]: table or string expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", changes = { "remove daddr", 42 } }
