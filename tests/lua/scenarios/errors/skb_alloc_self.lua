-- error: scenarios/errors/skb_alloc_self.lua:4: calling 'k:alloc_skb' on bad self (kernel expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k.alloc_skb(100, 100)
