-- Title:   a small skb scenario for the event-log golden
-- Goal:    skb operations, a clone, a caught panic and a path step become
--          events and snapshots that repeat exactly
-- Profile: test-i386 (2.4), with a 6.x machine
scenario { title = "Small skb", goal = "skb events and snapshots", profile = "test-i386" }

local k = sklab.kernel {}
local skb = k:alloc_skb(128)
skb:reserve(64)
skb:put(sklab.payload(16))
skb:push(sklab.hdr.tcp { sport = 80, dport = 4242, flags = "SA" })
skb:push(sklab.hdr.ipv4 { src = "10.1.0.1", dst = "10.1.0.2" })
skb:push(sklab.hdr.eth {})
local c = skb:clone()
scene.show(skb, c)
scene.step("an SYN-ACK built by hand, and its clone")

local ok, msg = pcall(c.push, c, 100)
print(ok, msg)
scene.show(c, { bytes = false })
scene.step("the clone pushed past head")
c:free()
skb:free()

local k6 = sklab.kernel { profile = "test-x86_64", skb_era = "6.x" }
local tx = sklab.tx_tcp(k6, { payload = 200 })
tx:run("tcp")
scene.show(tx)
scene.step(tx.caption)
