-- skb:set_sk: skb->sk stored in the struct sk_buff object's own bytes, so
-- the slab view draws the skb's arrow to its sock (6.18 and 2.4); refused
-- where the layout set has no struct sk_buff, for fclones and a non-object
scenario { title = "skb->sk", goal = "an skb's arrow to its sock", profile = "linux-6.18-x86_64" }

local types = sklab.layouts("linux-6.18", { profile = "linux-6.18-x86_64" })
local k = sklab.kernel { profile = "linux-6.18-x86_64" }
local tcp = k:cache_create("TCP", types.tcp_sock)
local sk = tcp:alloc { zero = true }
local skb = k:alloc_skb(256)
skb:set_sk(sk)
scene.show(k, { caches = { "TCP", "skbuff_head_cache" } })
scene.step("skb->sk points at the tcp_sock that owns it")

local ok, err = pcall(skb.set_sk, skb, 42)
expect(not ok and err:find("object or nil", 1, true), "an integer is refused: " .. tostring(err))
skb:set_sk(nil)
scene.show(k, { caches = { "TCP", "skbuff_head_cache" } })
scene.step("skb->sk = NULL: no arrow")

local fc = k:alloc_skb_fclone(256)
ok, err = pcall(fc.set_sk, fc, sk)
expect(not ok and err:find("skbuff_fclone_cache", 1, true), "an fclone is refused: " .. tostring(err))

-- 2.4's layouts have struct sk_buff too: skb->sk at its own offset (12 on i386)
local old = sklab.kernel { profile = "linux-2.4.16-i386" }
local socks = old:cache_create("sock", sklab.layouts("linux-2.4.16").sock)
local s24 = socks:alloc { zero = true }
local skb24 = old:alloc_skb(256)
skb24:set_sk(s24)
ok, err = pcall(skb24.set_sk, skb24, sk)
expect(not ok and err:find("another machine", 1, true), "an object of another machine: " .. tostring(err))
scene.show(old, { caches = { "sock", "skbuff_head_cache" } })
scene.step("2.4: skb->sk at offset 12 of the i386 sk_buff")

-- 2.6.31's profile has no layout set here: no sk member to store into
local mid = sklab.kernel { profile = "linux-2.6.31-x86_64" }
local skb31 = mid:alloc_skb(256)
local c31 = mid:cache_create("sockish", 64)
ok, err = pcall(skb31.set_sk, skb31, c31:alloc())
expect(not ok and err:find("no struct sk_buff", 1, true), "2.6.31 has no sk_buff layout: " .. tostring(err))
