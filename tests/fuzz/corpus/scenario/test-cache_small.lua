-- Title:   a cache model fed by a small kernel, event by event
-- Goal:    every memory touch is an access event with its owner, member and cost
-- Profile: test-i386
scenario {
  title = "Small cache",
  goal = "Access events, the cache view and a heat overlay in the event log",
  profile = "linux-2.4.16-i386",
  length = 3,
}

local sock = sklab.layouts("linux-2.4.16").sock
local k = sklab.kernel {}
local c = k:cache_create("sock", sock, { hwcache_align = true })
local cm = sklab.cache { profile = "linux-2.4.16-i386" }
k:cache_model(cm)
local a = c:alloc { zero = true }
cm:reset()
a:read("daddr")
a:read("dport")
a:read("stamp")
a:write("recverr", 1)
a:write(40, 7, 8)
scene.show(cm)
scene.step("one socket: the identity in line 0, stamp in line 1")

local skb = k:alloc_skb(200)
skb:reserve(64)
skb:put(10, "0123456789")
skb:push(sklab.hdr.tcp {})
scene.show(k, { view = "cache" })
scene.step("an skb: sk_buff fields and the headers")

c:free(a)
skb:free()
scene.show(sock, { heat = k })
scene.show(sock, { heat = k, metric = "accesses" })
scene.step("heat")
