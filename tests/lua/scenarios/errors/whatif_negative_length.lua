-- error: scenarios/errors/whatif_negative_length.lua:3: bad argument #1 to 'sklab.whatif' (changes[1].length: -4 is negative (an array's new length is 0 or more))
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", changes = { { resize = "daddr", length = -4 } } }
