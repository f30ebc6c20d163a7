-- error: scenarios/errors/whatif_path_unknown_member.lua:3: bad argument #1 to 'sklab.whatif' (field 'paths': path 'lookup': no member 'nxt' in struct sock, before or after the edits (did you mean 'next'?))
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", paths = { lookup = { "daddr", "nxt" } } }
