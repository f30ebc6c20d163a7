-- error: scenarios/errors/skb_bytes_length.lua:5: bad argument #2 to 'skb:put' (3 bytes given for a 4-byte put)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:put(4, "abc")
