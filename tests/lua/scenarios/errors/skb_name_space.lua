-- error: scenarios/errors/skb_name_space.lua:5: bad argument #1 to 'skb:name' (a name without spaces or control characters)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:name("my skb")
