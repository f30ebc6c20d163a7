-- error: scenarios/errors/whatif_move_nowhere.lua:3: bad argument #1 to 'sklab.whatif' (changes[1]: move= needs exactly one of after=, before= or to=)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", changes = { { move = "next" } } }
