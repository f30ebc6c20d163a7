-- error: scenarios/errors/skb_netdev_24.lua:4: k:netdev_alloc_skb: netdev_alloc_skb does not exist in 2.4 (drivers call dev_alloc_skb)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:netdev_alloc_skb("eth0", 100)
