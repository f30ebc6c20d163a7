-- error: scenarios/errors/skb_put_negative.lua:5: bad argument #1 to 'skb:put' (length -1: it cannot be negative)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:put(-1)
