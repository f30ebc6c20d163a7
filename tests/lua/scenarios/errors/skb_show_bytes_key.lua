-- error: scenarios/errors/skb_show_bytes_key.lua:5: bad argument #2 to 'scene.show' (unknown field 'byte')
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
scene.show(skb, { byte = false })
