-- error: scenarios/errors/skb_show_empty_path.lua:4: bad argument #1 to 'scene.show' (the path has no skb now (before its first step or after its last))
scenario { title = "t", goal = "g", profile = "test-i386" }
local tx = sklab.tx_tcp(sklab.kernel {}, {})
scene.show(tx)
