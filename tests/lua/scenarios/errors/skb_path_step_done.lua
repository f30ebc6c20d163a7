-- error: scenarios/errors/skb_path_step_done.lua:5: bad argument #1 to 'path:run' (step 'eth' is done already)
scenario { title = "t", goal = "g", profile = "test-i386" }
local rx = sklab.rx(sklab.kernel {}, {})
rx:run()
rx:run("eth")
