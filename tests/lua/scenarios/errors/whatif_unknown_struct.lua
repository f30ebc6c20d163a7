-- error: scenarios/errors/whatif_unknown_struct.lua:3: bad argument #1 to 'sklab.whatif' (field 'struct': no struct 'sokc' in the layout set mini)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sokc" }
