-- error: scenarios/errors/skb_ipv4_text.lua:3: bad argument #1 to 'sklab.hdr.ipv4' (field 'src': '10.0.0.256' is not an IPv4 address (a.b.c.d, each 0 to 255))
scenario { title = "t", goal = "g", profile = "test-i386" }
local h = sklab.hdr.ipv4 { src = "10.0.0.256" }
