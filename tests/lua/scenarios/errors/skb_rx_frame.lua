-- error: scenarios/errors/skb_rx_frame.lua:4: bad argument #2 to 'sklab.rx' (field 'frame_len' is 40: it must be from 67 to 9014)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local rx = sklab.rx(k, { frame_len = 40 })
