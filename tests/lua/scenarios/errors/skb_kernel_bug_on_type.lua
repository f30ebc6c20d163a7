-- error: scenarios/errors/skb_kernel_bug_on_type.lua:3: bad argument #1 to 'sklab.kernel' (field 'skb_bug_on': boolean expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { skb_bug_on = 1 }
