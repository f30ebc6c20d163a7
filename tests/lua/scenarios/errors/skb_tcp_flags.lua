-- error: scenarios/errors/skb_tcp_flags.lua:3: bad argument #1 to 'sklab.hdr.tcp' (field 'flags': unknown TCP flag 'X' (letters F S R P A U, or '.' for ACK))
scenario { title = "t", goal = "g", profile = "test-i386" }
local h = sklab.hdr.tcp { flags = "SX" }
