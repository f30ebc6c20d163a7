-- expect: output limit of 1 MiB reached
-- at-defaults: ok
-- args: --max-output 1
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(1600)
skb:put(1500)
for i = 1, 100000 do skb:pcap("flood.pcap") end
