-- error: scenarios/errors/skb_mac_text.lua:3: bad argument #1 to 'sklab.hdr.eth' (field 'dst': '02:00:00:00:00' is not a MAC address (six hex pairs, 02:00:00:00:00:01))
scenario { title = "t", goal = "g", profile = "test-i386" }
local h = sklab.hdr.eth { dst = "02:00:00:00:00" }
