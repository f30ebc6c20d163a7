-- error: scenarios/errors/skb_set_header_name.lua:5: bad argument #1 to 'skb:set_header' (header 'link': "mac", "network" or "transport")
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:set_header("link")
