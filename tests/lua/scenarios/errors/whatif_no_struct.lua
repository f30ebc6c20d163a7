-- error: scenarios/errors/whatif_no_struct.lua:3: bad argument #1 to 'sklab.whatif' (field 'struct': layout or string ("set/name") expected, got nil)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { changes = { "remove daddr" } }
