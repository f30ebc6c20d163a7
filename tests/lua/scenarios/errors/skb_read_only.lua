-- error: scenarios/errors/skb_read_only.lua:5: skb objects are read-only (skb:name(s) renames one)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb.len = 5
