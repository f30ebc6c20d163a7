-- error: scenarios/errors/skb_show_bytes_type.lua:6: bad argument #2 to 'scene.show' (field 'bytes': boolean expected, got string)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:put(20)
scene.show(skb, { bytes = "yes" })
