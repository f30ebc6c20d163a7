-- error: scenarios/errors/skb_udp_key.lua:3: bad argument #1 to 'sklab.hdr.udp' (unknown field 'port')
scenario { title = "t", goal = "g", profile = "test-i386" }
local h = sklab.hdr.udp { port = 53 }
