-- error: scenarios/errors/skb_pcap_dotdot.lua:5: bad argument #1 to 'skb:pcap' ('../x.pcap' leaves the output directory ('..'))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
skb:pcap("../x.pcap")
