-- error: scenarios/errors/skb_push_fraction.lua:6: bad argument #1 to 'skb:push' (number has no integer representation)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:reserve(16)
skb:push(1.5)
