-- error: scenarios/errors/skb_path_step.lua:5: bad argument #1 to 'path:run' (no step 'send' (steps: alloc, copy, clone, tcp, ip, eth, xmit, ack))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local tx = sklab.tx_tcp(k, {})
tx:run("send")
