-- error: scenarios/errors/skb_pcap_suffix.lua:5: bad argument #1 to 'skb:pcap' ('report.txt': a capture's name ends in .pcap)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:pcap("report.txt")
