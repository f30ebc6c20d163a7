-- error: scenarios/errors/skb_put_string.lua:5: bad argument #1 to 'skb:put' (number or header expected, got string)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:put("10")
