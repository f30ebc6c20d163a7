-- error: scenarios/errors/skb_show_mixed.lua:6: bad argument #2 to 'scene.show' (skb or path expected, got layout)
scenario { title = "t", goal = "g", profile = "test-i386" }
local types = sklab.layouts("mini")
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
scene.show(skb, types.sock)
