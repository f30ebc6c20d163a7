-- skb_gso_gro.lua
-- title:   64 KB in one sk_buff: TSO/GSO on the way out, GRO on the way in
-- goal:    See TCP hand the device one skb of 44 segments' payload in page
--          frags, skb_segment cut it into 1514-byte frames that share those
--          pages, and GRO build such an skb back from received frames:
--          frags appended until MAX_SKB_FRAGS, then frag_list (6.x), or a
--          flush (2.6.31). 6.18 and 2.6.31; 2.4 has none of it (skb.md).
-- profile: linux-6.18-x86_64
-- length:  about 8 minutes (8 steps)

scenario {
  title = "64 KB in one sk_buff: TSO/GSO on the way out, GRO on the way in",
  goal = "One skb carrying 44 segments in page frags: skb_segment on transmit (each segment its own "
      .. "header copy, the pages shared) and skb_gro_receive on receive (frags, then frag_list).",
  profile = "linux-6.18-x86_64",
  length = "about 8 minutes (8 steps)",
}

local MSS = 1448 -- one MSS with TCP timestamps
local NSEG = 44 -- 44 * 1448 = 63712 bytes: 64 KB less the headers, in whole segments
local HDRS = 14 + 20 + 32

-- tcp_sendmsg: an skb with room for the headers only, then the payload
-- copied MSS by MSS into the socket's page frag; tcp_set_skb_tso_segs;
-- tcp_transmit_skb and ip_queue_xmit push the headers (the clone the
-- kernel sends is left out).
local function tso_skb(k, max_tcp_header, reserve)
  local skb = k:alloc_skb_fclone(max_tcp_header)
  skb:reserve(reserve)
  for _ = 1, NSEG do
    skb:add_tx_frag(MSS)
  end
  skb:set_gso(MSS)
  skb:push(sklab.hdr.tcp { sport = 43210, dport = 80, flags = "PA", timestamps = true })
  skb:push(sklab.hdr.ipv4 { src = "10.0.0.1", dst = "10.0.0.2" })
  skb:push(sklab.hdr.eth {})
  return skb
end

---------------------------------------------------------------------------
-- 6.x: the GSO skb

local k6 = sklab.kernel {}
local gso6 = tso_skb(k6, 192, 192)
gso6:name("gso")
expect(gso6.len == HDRS + NSEG * MSS and gso6.data_len == NSEG * MSS and gso6.headlen == HDRS,
  "6.x: 66 bytes of headers in the head, 63712 of payload in frags")
expect(gso6.nr_frags == 2, "6.x: sk_page_frag hands out 32 KiB blocks and the copies coalesce: 32768 + 30944")
expect(gso6.gso_size == MSS and gso6.gso_segs == NSEG and gso6.gso_type == 1,
  "gso_size 1448, gso_segs DIV_ROUND_UP(63712, 1448) = 44, SKB_GSO_TCPV4")
expect(gso6.truesize == 832 + NSEG * MSS, "truesize: the small head's SKB_TRUESIZE(256) = 832 plus the payload")
scene.show(gso6)
scene.step(string.format("6.x: tcp_sendmsg copied 44 MSS of payload into two page frags; the head holds only "
  .. "the %d bytes of headers. gso_size %d and gso_segs %d tell the NIC how to cut it: one skb, one trip "
  .. "down the stack for 44 frames", HDRS, gso6.gso_size, gso6.gso_segs))

---------------------------------------------------------------------------
-- skb_segment: for a device without TSO

local segs6 = gso6:segment()
expect(#segs6 == NSEG, "skb_segment makes gso_segs = 44 segments")
local all_ok, two = true, 0
for i, s in ipairs(segs6) do
  all_ok = all_ok and s.len == HDRS + MSS and s.data_len == MSS and s.headlen == HDRS
    and s.truesize == 832 + MSS and s.gso_size == 0 and s.head_cache == "skbuff_small_head"
  if s.nr_frags == 2 then
    two = i
  end
end
expect(all_ok, "each segment: 1514 bytes, 66 of them a header copy, 1448 in frags, truesize 832 + 1448 = 2280")
expect(two == 23, "segment 23 spans the two blocks (bytes 31856-33303 cross 32768): two frags")
scene.show(segs6[23])
scene.step("skb_segment: segment 23 of 44 is a new __alloc_skb(0 + 66 + 126) with the same headroom and a "
  .. "copy of the headers (seq, IP id, lengths and checksums fixed). Its payload is not copied: its two frags "
  .. "point at the last 912 bytes of the first page block and the first 536 of the second (get_page)")

local sum = 0
for _, s in ipairs(segs6) do
  sum = sum + s.truesize
end
expect(sum == NSEG * (832 + MSS), "the segments' truesize: 44 x 2280 = 100320, more than the GSO skb's 64544")
scene.step(string.format("truesize: %d for the GSO skb, %d for its 44 segments together: every segment "
  .. "counts its own head and sk_buff (tcp_gso_segment charges the socket the difference)",
  gso6.truesize, sum))
for _, s in ipairs(segs6) do
  s:free()
end
gso6:free()

---------------------------------------------------------------------------
-- 2.6.31: one page per frag

local k26 = sklab.kernel { profile = "linux-2.6.31-x86_64" }
local gso26 = tso_skb(k26, 304, 320)
gso26:name("gso-2.6.31")
expect(gso26.nr_frags == 16, "2.6.31: sk_sndmsg_page is one page: 15 x 4096 + 2272")
expect(gso26.truesize == 552 + NSEG * MSS, "2.6.31 truesize: 320 + sizeof(struct sk_buff) 232, plus the payload")
local segs26 = gso26:segment()
local frags26 = 0
for _, s in ipairs(segs26) do
  frags26 = frags26 + s.nr_frags
end
expect(#segs26 == NSEG and segs26[1].truesize == 552 + MSS, "2.6.31 segments: alloc_skb(320), truesize 2000")
expect(frags26 == NSEG + 15, "15 segments span a page boundary (4096j is no multiple of 1448): 59 frag refs")
scene.show(gso26)
scene.step("2.6.31: the same 64 KB in 16 one-page frags (MAX_SKB_FRAGS = 65536/PAGE_SIZE + 2 = 18); "
  .. "segment 3 starts in page 1 and ends in page 2, so it holds two frag references")
for _, s in ipairs(segs26) do
  s:free()
end
gso26:free()

---------------------------------------------------------------------------
-- GRO: frames from a NIC, headers in a small head, payload in a page frag

-- One received frame, after eth_type_trans: data at the IPv4 header.
local function rx_frame(k, i)
  local s = k:netdev_alloc_skb_ip_align("eth0", 128)
  s:put(sklab.hdr.eth {})
  s:put(sklab.hdr.ipv4 { src = "10.0.0.2", dst = "10.0.0.1", id = i })
  s:put(sklab.hdr.tcp { sport = 80, dport = 43210, seq = 1 + (i - 1) * MSS, timestamps = true })
  s:add_frag(MSS)
  s:pull(14)
  s:set_header("network")
  s:name("rx" .. i)
  return s
end

-- napi_gro_receive for each frame until skb_gro_receive says -E2BIG.
local function gro(k)
  local held = rx_frame(k, 1)
  held:name("gro")
  local i, res = 1, nil
  local spare
  repeat
    i = i + 1
    local s = rx_frame(k, i)
    res, held = held:gro_receive(s)
    if res == "e2big" then
      spare = s
    end
  until res == "e2big" or i > 64
  return held, spare
end

local p6, spare6 = gro(k6)
expect(p6.gro_count == 45 and p6.len == 52 + 45 * MSS, "6.x: 45 frames, 65212 bytes: the 46th would reach gro_max_size 65536")
expect(p6.nr_frags == 17 and p6.frag_list_len == 2, "17 frags (CONFIG_MAX_SKB_FRAGS), then two skbs on frag_list")
local fl = p6:frag_list()
expect(fl[1].nr_frags == 17 and fl[2].nr_frags == 11,
  "6.x appends frags to the last skb of the chain: 17 + 17 + 11 frames")
expect(p6.truesize == 3 * 832 + 45 * MSS, "truesize: 45 frags of 1448 and the three heads kept (832 each)")
scene.show(p6)
scene.step(string.format("6.x GRO: the first frame is held; the next 16 give it their frags and are freed "
  .. "(GRO_MERGED_FREE). At 17 frags the 18th frame goes on frag_list whole, and later frags go to it: "
  .. "%d frames in one skb of %d bytes", p6.gro_count, p6.len))
expect(fl[1].headlen == 0 and fl[1].len == 17 * MSS, "rx18 on frag_list: pulled past its headers, 17 frags of payload")
scene.show(fl[1])
scene.step(string.format("frag_list[0] is rx18, a whole sk_buff: skb_gro_receive pulled its %d bytes of headers "
  .. "(headlen 0 now) and released them, and 6.x then appended the next 16 frames' frags to it (%d frags, "
  .. "%d bytes)", 52, fl[1].nr_frags, fl[1].len))
expect(p6:gro_complete() == 45 and p6.gso_segs == 45 and p6.gso_size == MSS,
  "napi_gro_complete: gso_segs 45, gso_size the first frame's 1448")
spare6:free()
p6:free()

local p26, spare26 = gro(k26)
expect(p26.gro_count == 18 and p26.nr_frags == 18 and p26.frag_list_len == 0,
  "2.6.31: frags only: at 18 the next frame is -E2BIG and the packet goes up")
expect(p26.truesize == 424 + 18 * MSS, "2.6.31 adds len to truesize: 424 + 18 x 1448")
scene.show(p26)
scene.step(string.format("2.6.31 GRO: 18 frags (MAX_SKB_FRAGS) hold %d bytes; the 19th frame does not chain "
  .. "on frag_list as in 6.x: skb_gro_receive returns -E2BIG, this packet is completed and the frame "
  .. "starts the next", p26.len))
spare26:free()
p26:free()

---------------------------------------------------------------------------
-- 2.4: no GSO

local k24 = sklab.kernel { profile = "linux-2.4.16-i386" }
local s24 = k24:alloc_skb(200)
local ok, msg = pcall(s24.set_gso, s24, MSS)
expect(not ok and tostring(msg):find("not in 2.4", 1, true) ~= nil,
  "2.4.16: set_gso is refused: no gso_size in its skb_shared_info")
s24:name("skb-2.4")
scene.show(s24)
scene.step("2.4.16 has no gso_size: its NICs got one MTU-sized skb per frame (TSO came during 2.5, GSO in "
  .. "2.6.18, GRO in 2.6.29)")
s24:free()
