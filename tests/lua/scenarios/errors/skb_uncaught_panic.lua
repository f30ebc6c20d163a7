-- error: scenarios/errors/skb_uncaught_panic.lua:5: skput:over: c03126fa:129 put:129 dev:<NULL>
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:put(129)
