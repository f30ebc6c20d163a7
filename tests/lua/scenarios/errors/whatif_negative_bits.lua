-- error: scenarios/errors/whatif_negative_bits.lua:3: bad argument #1 to 'sklab.whatif' (changes[1].bits: -1 is not a bitfield width (0 to 128))
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", changes = { { resize = "recverr", bits = -1 } } }
