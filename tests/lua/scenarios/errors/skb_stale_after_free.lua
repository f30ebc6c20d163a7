-- error: scenarios/errors/skb_stale_after_free.lua:6: calling 'put' on bad self (stale skb handle: skb was freed at scenarios/errors/skb_stale_after_free.lua:5)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:free()
skb:put(1)
