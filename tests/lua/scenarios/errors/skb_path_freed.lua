-- error: scenarios/errors/skb_path_freed.lua:7: path:next: the path's clone was freed
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local tx = sklab.tx_tcp(k, {})
tx:run("clone")
tx.clone:free()
tx:next()
