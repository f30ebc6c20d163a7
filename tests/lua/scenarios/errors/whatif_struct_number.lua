-- error: scenarios/errors/whatif_struct_number.lua:3: bad argument #1 to 'sklab.whatif' (field 'struct': layout or string ("set/name") expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = 42 }
