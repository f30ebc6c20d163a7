-- expect: it cannot be negative
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
k:alloc_skb(-1)
