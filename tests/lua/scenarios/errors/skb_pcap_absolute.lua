-- error: scenarios/errors/skb_pcap_absolute.lua:5: bad argument #1 to 'skb:pcap' ('/tmp/x.pcap' is an absolute path: name a file inside the output directory)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:pcap("/tmp/x.pcap")
