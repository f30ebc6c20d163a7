-- error: scenarios/errors/skb_put_too_big.lua:5: bad argument #1 to 'skb:put' (length 3000000000 is above INT_MAX)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:put(3000000000)
