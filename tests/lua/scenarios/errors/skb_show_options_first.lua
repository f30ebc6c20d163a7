-- error: scenarios/errors/skb_show_options_first.lua:6: bad argument #2 to 'scene.show' (the options table comes last, after the skbs)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
local c = skb:clone()
scene.show(skb, { bytes = false }, c)
