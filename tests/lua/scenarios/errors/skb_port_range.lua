-- error: scenarios/errors/skb_port_range.lua:3: bad argument #1 to 'sklab.hdr.tcp' (field 'sport' is 70000: it must be from 0 to 65535)
scenario { title = "t", goal = "g", profile = "test-i386" }
local h = sklab.hdr.tcp { sport = 70000 }
