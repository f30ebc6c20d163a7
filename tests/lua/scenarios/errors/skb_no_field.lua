-- error: scenarios/errors/skb_no_field.lua:5: skb has no field 'lenght'
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local skb = k:alloc_skb(100)
print(skb.lenght)
