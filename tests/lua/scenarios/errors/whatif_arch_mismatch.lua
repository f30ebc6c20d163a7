-- error: scenarios/errors/whatif_arch_mismatch.lua:4: bad argument #1 to 'sklab.whatif' (field 'profile': struct sock is laid out for i386, the profile test-x86_64 is x86_64)
scenario { title = "t", goal = "g", profile = "test-i386" }
local types = sklab.layouts("mini")
sklab.whatif { struct = types.sock, profile = "test-x86_64" }
