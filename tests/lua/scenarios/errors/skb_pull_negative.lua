-- error: scenarios/errors/skb_pull_negative.lua:5: bad argument #1 to 'skb:pull' (length -20: it cannot be negative)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:pull(-20)
