-- One frame into the named capture x.pcap.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(128)
skb:put(64)
skb:pcap("x.pcap")
scene.show("x")
scene.step("captured")
