-- error: scenarios/errors/whatif_unknown_key.lua:3: bad argument #1 to 'sklab.whatif' (unknown field 'chnages')
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", chnages = { "remove daddr" } }
