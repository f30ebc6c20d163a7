-- error: scenarios/errors/whatif_unknown_profile.lua:3: sklab.whatif: unknown profile 'nope' (there is no assets/profiles/nope.lua)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", profile = "nope" }
