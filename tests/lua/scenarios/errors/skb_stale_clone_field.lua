-- error: scenarios/errors/skb_stale_clone_field.lua:7: reading field 'len' of bad self (stale skb handle: clone was freed at scenarios/errors/skb_stale_clone_field.lua:6)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
local c = skb:clone()
c:free()
print(c.len)
