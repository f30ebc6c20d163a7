-- error: scenarios/errors/skb_payload_pattern.lua:3: bad argument #2 to 'sklab.payload' (pattern 'ones': "text", "zero" or "count")
scenario { title = "t", goal = "g", profile = "test-i386" }
local p = sklab.payload(10, "ones")
