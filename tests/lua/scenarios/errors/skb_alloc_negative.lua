-- error: scenarios/errors/skb_alloc_negative.lua:4: bad argument #1 to 'k:alloc_skb' (size -1: it cannot be negative)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(-1)
