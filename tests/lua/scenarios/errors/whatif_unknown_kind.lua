-- error: scenarios/errors/whatif_unknown_kind.lua:3: bad argument #1 to 'sklab.whatif' (changes[1]: unknown change kind 'grow' (expected add, remove, move, resize or retype))
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", changes = { { grow = "daddr" } } }
