-- error: scenarios/errors/skb_tx_payload.lua:4: bad argument #2 to 'sklab.tx_tcp' (field 'payload': 2000 bytes do not fit one 1448-byte segment (mss))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
local tx = sklab.tx_tcp(k, { payload = 2000 })
