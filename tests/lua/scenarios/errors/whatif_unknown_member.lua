-- error: scenarios/errors/whatif_unknown_member.lua:3: bad argument #1 to 'sklab.whatif' (changes[2] 'remove nxt': no member 'nxt' in struct sock (did you mean 'next'?))
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", changes = { { move = "daddr", to = "end" }, { remove = "nxt" } } }
