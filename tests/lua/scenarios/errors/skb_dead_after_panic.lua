-- error: scenarios/errors/skb_dead_after_panic.lua:6: skb:put: skb died in a kernel BUG() (skput:over: c03126fa:200 put:200 dev:<NULL>); only kfree_skb and snapshots still work on it
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
pcall(skb.put, skb, 200)
skb:put(1)
