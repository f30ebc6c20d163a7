-- error: scenarios/errors/skb_hdr_extra.lua:6: bad argument #2 to 'skb:push' (nothing after a header: the header gives the length)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:reserve(64)
skb:push(sklab.hdr.udp {}, 8)
