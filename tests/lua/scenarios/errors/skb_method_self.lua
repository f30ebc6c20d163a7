-- error: scenarios/errors/skb_method_self.lua:5: calling 'skb:put' on bad self (skb expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb.put(5, 1)
