-- error: scenarios/errors/whatif_add_no_decl.lua:3: bad argument #1 to 'sklab.whatif' (changes[1].add: declaration (string) expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", changes = { { add = 8, after = "daddr" } } }
