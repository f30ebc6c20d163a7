-- error: scenarios/errors/skb_pcap_subdir.lua:5: bad argument #1 to 'skb:pcap' ('frames/x.pcap': a plain file name, no directories)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:pcap("frames/x.pcap")
