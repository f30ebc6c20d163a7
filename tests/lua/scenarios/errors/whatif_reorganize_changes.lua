-- error: scenarios/errors/whatif_reorganize_changes.lua:3: bad argument #1 to 'sklab.whatif' (field 'reorganize': reorganize makes its own moves: give it no changes)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", reorganize = true, changes = { "remove next" } }
