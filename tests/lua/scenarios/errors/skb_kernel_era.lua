-- error: scenarios/errors/skb_kernel_era.lua:3: bad argument #1 to 'sklab.kernel' (field 'skb_era': '2.6' is not an sk_buff era ("2.4", "2.6.31", "6.x" or "auto"))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { skb_era = "2.6" }
