-- error: scenarios/errors/skb_hdr_length.lua:6: bad argument #2 to 'skb:push' (the tcphdr is 32 bytes, not 20)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:reserve(64)
skb:push(20, sklab.hdr.tcp { timestamps = true })
