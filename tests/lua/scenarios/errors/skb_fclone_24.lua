-- error: scenarios/errors/skb_fclone_24.lua:4: k:alloc_skb_fclone: alloc_skb_fclone does not exist in 2.4 (fast clones came with 2.6.13)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb_fclone(100)
