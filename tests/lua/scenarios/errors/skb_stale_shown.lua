-- error: scenarios/errors/skb_stale_shown.lua:6: bad argument #1 to 'scene.show' (stale skb handle: skb was freed at scenarios/errors/skb_stale_shown.lua:5)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:free()
scene.show(skb)
