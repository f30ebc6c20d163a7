-- expect: no sk_buff is that large
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
local s, e = k:alloc_skb(2^31)
error("skb: " .. tostring(e))
