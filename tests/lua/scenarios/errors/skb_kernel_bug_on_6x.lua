-- error: scenarios/errors/skb_kernel_bug_on_6x.lua:3: bad argument #1 to 'sklab.kernel' (the BUG_ON variant of skb_put/skb_push is the Aug 2009 patch against 2.6.31; the 6.x era has no such build)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { skb_era = "6.x", skb_bug_on = true }
