-- Title:   skb bindings: allocators, operations, headers, paths, panics
-- Goal:    every field and method gives what the sk_buff model says, with
--          the reference's worked numbers as test vectors; what the kernel
--          refuses or returns NULL for comes back as nil and a reason
-- Profile: test-x86_64 (2.6.31), with 2.4 (test-i386) and 6.x machines
scenario {
  title = "skb bindings",
  goal = "sk_buffs from Lua: geometry per era, operations, headers, paths and panics",
  profile = "test-x86_64",
}

local k26 = sklab.kernel {}
local k24 = sklab.kernel { profile = "test-i386" }
local k6 = sklab.kernel { skb_era = "6.x" }

-- Internet checksum of a hex string (bytes i..j, 1-based), folded.
local function csum(hex, sum)
  sum = sum or 0
  for i = 1, #hex, 4 do
    local w = tonumber(hex:sub(i, i + 1), 16) * 256 + (tonumber(hex:sub(i + 2, i + 3), 16) or 0)
    sum = sum + w
  end
  while sum > 0xffff do
    sum = (sum & 0xffff) + (sum >> 16)
  end
  return sum
end

local function byte_at(hex, off) -- off is 0-based
  return tonumber(hex:sub(2 * off + 1, 2 * off + 2), 16)
end

-- alloc_skb(1000), reference §3 -------------------------------------------------
local a24 = k24:alloc_skb(1000)
expect(a24.era == "2.4" and a24.head == 0 and a24.data == 0 and a24.tail == 0, "2.4: empty skb")
expect(a24.end_ == 1024 and a24["end"] == 1024, "2.4 alloc_skb(1000): end +1024 (32-byte SKB_DATA_ALIGN)")
expect(a24.truesize == 1168, "2.4 truesize 1024 + sizeof(sk_buff) 144 (the profile's INET + FILTER)")
expect(a24.head_cache == "size-2048" and a24.buf_size == 2048, "2.4 head from size-2048")
expect(a24.head_addr:match("^0xc%x+$") and a24.addr:match("^0xc%x+$"), "i386 addresses")
local a26 = k26:alloc_skb(1000)
expect(a26.era == "2.6.31" and a26.end_ == 1024 and a26.truesize == 1256, "2.6.31 alloc_skb(1000): end 1024, truesize 1256")
expect(a26.buf_size == 2048, "2.6.31: kmalloc(1520) from the 2048-byte class")
local a6 = k6:alloc_skb(1000)
expect(a6.era == "6.x" and a6.end_ == 1728 and a6.tailroom == 1728, "6.x: the kmalloc slack is tailroom (end 1728)")
expect(a6.truesize == 2304, "6.x truesize SKB_TRUESIZE(1728) = 2304")
expect(a6.head_addr:match("^0xffff888%x+$"), "x86_64 direct-map address")
expect(tostring(a6) == "skb(skb, len 0, data +0, tail +0, end +1728)", "tostring(skb)")

-- the receive buffers of §3 -------------------------------------------------------
local r24 = k24:dev_alloc_skb(1516)
r24:reserve(2)
expect(r24.headroom == 18 and r24.truesize == 1680 and r24.buf_size == 2048, "2.4 dev_alloc_skb(1516) + 2: headroom 18")
local r26 = k26:netdev_alloc_skb("eth0", 1538)
expect(r26.headroom == 32 and r26.buf_size == 4096 and r26.truesize == 1832, "2.6.31 netdev_alloc_skb(1538): 4096-byte head")
local r26b = k26:netdev_alloc_skb_ip_align("eth0", 1536)
expect(r26b.headroom == 34, "2.6.31 netdev_alloc_skb_ip_align: NET_SKB_PAD 32 + NET_IP_ALIGN 2")
local r6 = k6:netdev_alloc_skb_ip_align("eth0", 1536)
expect(r6.headroom == 64 and r6.end_ == 1600 and r6.truesize == 2176, "6.x: NET_SKB_PAD 64, NET_IP_ALIGN 0")
expect(r6.head_cache == "page_frag", "6.x: a page-fragment head (build_skb)")
local d6 = k6:dev_alloc_skb(100)
expect(d6.headroom == 64, "6.x dev_alloc_skb: NET_SKB_PAD")

-- TCP TX heads ------------------------------------------------------------------
local f26 = k26:alloc_skb_fclone(304)
expect(f26.end_ == 320 and f26.truesize == 552, "2.6.31 alloc_skb_fclone(304): end 320, truesize 552")
local f6 = k6:alloc_skb_fclone(192)
expect(f6.end_ == 256 and f6.truesize == 832 and f6.head_cache == "skbuff_small_head", "6.x small head 576: end 256")
local fc = f6:clone()
expect(tonumber(fc.addr) - tonumber(f6.addr) == 224, "the first clone is the fclone companion, skb + 1")
expect(fc:name() == "clone" and fc.cloned and f6.cloned and f6.dataref == 2, "clone shares the head: dataref 2")
expect(f6.shared_head and fc.shared_head, "skb_cloned() on both")
expect(fc:free() == true and f6.dataref == 1 and not f6.shared_head, "freeing the clone gives the head back")

-- operations ---------------------------------------------------------------------
local s = k6:alloc_skb(256)
expect(s:reserve(128) == 128 and s.data == 128 and s.tail == 128, "reserve returns data")
expect(s:put(10) == 128 and s.len == 10 and s.tail == 138, "put returns the old tail")
expect(s:put(4, "\1\2\3\4") == 138 and s:bytes(10) == "01020304", "put with bytes")
expect(s:push(2, "\170\187") == 126 and s:bytes(0, 2) == "aabb" and s.len == 16, "push with bytes returns data")
expect(s:pull(2) == 128 and s.len == 14, "pull returns data")
local p, why = s:pull(15)
expect(p == nil and why == "skb_pull(skb, 15) returned NULL: only 14 bytes (len)", "pull past len: the kernel's NULL")
expect(s.len == 14 and s.data == 128, "nothing changed")
expect(s:trim(4) == 4 and s.tail == 132, "trim")
expect(s:trim(100) == 4, "trim to more than len does nothing")
expect(s:set_header("network") == 128 and s.network_header == 128 and s.mac_header == nil, "set_header")
expect(s:set_header("mac", -14) == 114 and s.mac_header == 114, "set_header with an offset")
expect(s:get() == s and s.users == 2, "skb_get")
expect(s:free() == false and s.users == 1, "kfree_skb with two users only drops one")
expect(s:name("probe") == s and s:name() == "probe", "rename")
expect(s.headlen == 4 and s.data_len == 0 and s.nr_frags == 0, "linear")
expect(s:add_frag(100, "count") == 1 and s.len == 104 and s.data_len == 100 and s.tailroom == 0, "a page fragment")
expect(s:bytes(4, 4) == "00010203", "the fragment's bytes come after the linear part")
local cp = s:copy()
expect(cp:name() == "copy" and cp.data_len == 0 and cp.len == 104 and cp.headroom == 128, "skb_copy flattens")
expect(cp:bytes() == s:bytes(), "the same bytes")
local pc = s:pskb_copy()
expect(pc.data_len == 100 and pc.nr_frags == 1 and pc.headlen == 4, "pskb_copy shares the frags")
local t = k26:alloc_skb(100)
t:reserve(16)
expect(t:cow(64) == true and t.headroom >= 64, "skb_cow makes headroom")
expect(t:expand_head(32, 0) == true and t.headroom >= 96, "pskb_expand_head")
t:header_release()
expect(t.dataref == 0x10001, "skb_header_release: dataref 1 + (1 << 16)")

-- one handle per skb ------------------------------------------------------------------
local tx = sklab.tx_tcp(k6, { payload = 100 })
tx:run("clone")
expect(tx.clone == tx.clone and tx.skb ~= tx.clone, "handles compare equal")

-- headers -----------------------------------------------------------------------------
local th = sklab.hdr.tcp { sport = 80, dport = 4242, flags = "SA", seq = 1000 }
expect(#th == 20 and th.len == 20 and th.kind == "tcphdr", "tcp header")
expect(tostring(th) == "tcphdr(80 > 4242 [S.] seq 1000 ack 1 win 502 csum 0x0000)", "tostring(tcp header)")
expect(#sklab.hdr.tcp { timestamps = true } == 32 and #sklab.hdr.tcp { syn_options = true } == 40, "tcp options")
expect(#sklab.hdr.ipv4 {} == 20 and #sklab.hdr.eth {} == 14 and #sklab.hdr.udp {} == 8, "lengths")
expect(sklab.hdr.eth { type = 0x86dd }.kind == "ethhdr", "eth")
expect(#sklab.payload(33) == 33 and sklab.payload(3).kind == "payload", "payload")

-- a UDP frame by hand: checksums and lengths fill in as layers are pushed
local u = k6:alloc_skb(256)
u:reserve(64)
u:put(sklab.payload(11, "count", 7))
u:push(sklab.hdr.udp { sport = 5000, dport = 53 })
u:push(sklab.hdr.ipv4 { src = "192.168.1.2", dst = "192.168.1.1", proto = "udp", id = 7 })
u:push(sklab.hdr.eth { src = "02:aa:bb:cc:dd:ee" })
expect(u.len == 14 + 20 + 8 + 11, "the frame's length")
expect(u.mac_header == u.data and u.network_header == u.data + 14 and u.transport_header == u.data + 34, "marks")
local hex = u:bytes()
expect(hex:sub(1, 24) == "02000000000202aabbccddee", "Ethernet addresses")
expect(csum(hex:sub(29, 68)) == 0xffff, "the IPv4 header checksum is right")
expect(byte_at(hex, 16) * 256 + byte_at(hex, 17) == 39, "IPv4 tot_len 39")
expect(byte_at(hex, 38) * 256 + byte_at(hex, 39) == 19, "UDP len 19")
local pseudo = "c0a80102" .. "c0a80101" .. "0011" .. "0013"
expect(csum(hex:sub(69) .. "00", csum(pseudo)) == 0xffff, "the UDP checksum covers the pseudo-header")
expect(hex:sub(85) == "0708090a0b0c0d0e0f1011", "payload pattern count from seed 7")

-- a TCP header checksums the frags behind it too
local tf = k6:alloc_skb_fclone(192)
tf:reserve(192)
tf:add_frag(50)
tf:push(sklab.hdr.tcp { timestamps = true })
tf:push(sklab.hdr.ipv4 {})
local thex = tf:bytes()
local tlen = 32 + 50
expect(csum(thex:sub(41) .. (tlen % 2 == 1 and "00" or ""), csum("0a0000010a0000020006" .. string.format("%04x", tlen)))
  == 0xffff, "TCP checksum over header and page fragment")

-- expected failures: nil and a reason ---------------------------------------------------
local n, w = u:pcap("x.pcap")
expect(n == nil and w == "no output directory (use --frames or --pcap)", "pcap without an output directory")
local big, bw = k24:alloc_skb(0x40000000)
expect(big == nil and bw:match("NULL") ~= nil, "a 1 GiB alloc_skb returns NULL: " .. tostring(bw))

-- panics: Lua errors with the kernel's line; the skb stays as it was left ---------------
local v = k24:alloc_skb(100)
local ok, msg = pcall(v.put, v, 129)
expect(not ok and msg:match("^skput:over: c0%x+:129 put:129 dev:<NULL>$") ~= nil, "2.4 panic line: " .. msg)
expect(v.panicked and v.tail == 129 and v.len == 129, "tail and len already moved, as before BUG()")
expect(v.report:match("kernel BUG at skbuff.c:93!") ~= nil, "the full report")
expect(v:free() == true, "a dead skb can still be freed")
local ok2, line = expect_panic(function()
  local x = k6:alloc_skb(64)
  x:push(1)
end, "6.x underrun", "^skbuff: skb_under_panic: text:ffffffff81%x+ len:1 put:1 head:ffff888%x+ data:ffff888%x+ tail:0 end:0x100 dev:<NULL>$")
expect(ok2 and line:match("skb_under_panic"), "expect_panic returns the line")
local b26 = sklab.kernel { skb_era = "2.6.31", skb_bug_on = true }
local bo = b26:alloc_skb(64)
expect_panic(function() bo:put(65) end, "BUG_ON variant", "^kernel BUG at include/linux/skbuff.h:1141!$")

-- paths -----------------------------------------------------------------------------------
local rx = sklab.rx(k26, { frame_len = 100 })
expect(#rx.steps == 8 and rx.steps[1] == "alloc" and rx.done == 0 and rx.step == nil, "rx steps")
expect(rx:next() == "alloc" and rx.skb.headroom == 34, "2.6.31 driver buffer")
expect(rx:run("eth") == 2 and rx.step == "eth" and rx.skb.len == 86, "eth_type_trans pulled 14")
expect(tostring(rx) == "path(rx, 3 of 8 steps done)", "tostring(path)")
expect(rx:run() == 5 and rx.skb == nil and rx:next() == nil, "run to the end: the skb was consumed")
