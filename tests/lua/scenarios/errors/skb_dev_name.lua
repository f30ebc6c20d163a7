-- error: scenarios/errors/skb_dev_name.lua:4: bad argument #1 to 'k:netdev_alloc_skb' (device name 'a_very_long_device_name': from 1 to 15 characters (IFNAMSIZ))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { profile = "test-x86_64" }
local skb = k:netdev_alloc_skb("a_very_long_device_name", 100)
