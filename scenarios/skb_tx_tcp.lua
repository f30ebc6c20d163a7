-- skb_tx_tcp.lua
-- title:   One TCP segment on the transmit path: 6.x and 2.4
-- goal:    Follow head, data, tail and end while the kernel builds one
--          1514-byte frame (1448 bytes of payload, a 32-byte TCP header
--          with timestamps): where MAX_TCP_HEADER goes, why the payload is
--          linear in 2.4 and in page fragments today, what the transmit
--          clone shares, and which bytes the headers land in. Every offset
--          is the reference's (skb.md §6.2); the frames go to a pcap file
--          when the run has an output directory.
-- profile: linux-6.18-x86_64
-- length:  about 10 minutes (15 steps)

scenario {
  title = "One TCP segment on the transmit path: 6.x and 2.4",
  goal = "Follow head/data/tail/end while the kernel builds one 1514-byte frame, in 6.x and in 2.4: "
      .. "MAX_TCP_HEADER, linear payload or page fragments, the transmit clone, the pushed headers.",
  profile = "linux-6.18-x86_64",
  length = "about 10 minutes (15 steps)",
}

local PCAP = "skb_tx_tcp.pcap"

-- The Internet checksum of hex text, folded to 16 bits (0xffff = right).
local function csum(hex, sum)
  sum = sum or 0
  if #hex % 4 == 2 then
    hex = hex .. "00"
  end
  for i = 1, #hex, 4 do
    sum = sum + tonumber(hex:sub(i, i + 3), 16)
  end
  while sum > 0xffff do
    sum = (sum & 0xffff) + (sum >> 16)
  end
  return sum
end

-- Checks an Ethernet/IPv4/TCP frame's checksums from its bytes.
local function checksums_ok(skb)
  local hex = skb:bytes()
  local ip = hex:sub(29, 68)
  local tcp = hex:sub(69)
  local pseudo = ip:sub(25, 40) .. "0006" .. string.format("%04x", #tcp // 2)
  return csum(ip) == 0xffff and csum(tcp, csum(pseudo)) == 0xffff
end

-- Writes the frame to the run's capture; without an output directory
-- there is none, and that is fine too.
local function capture(skb)
  local n, why = skb:pcap(PCAP)
  expect(n ~= nil or why == "no output directory (use --frames or --pcap)", "the frame goes to " .. PCAP)
end

-- One step of a path, shown and captioned; once the path's skbs are gone,
-- the kernel's skb caches are shown instead.
local function step(path, name, note, k)
  local done, caption = path:next()
  expect(done == name, "the next step is " .. name)
  if path.skb or path.clone then
    scene.show(path)
  else
    scene.show(k, { caches = { "skbuff_fclone_cache", "skbuff_small_head" } })
  end
  scene.step(caption .. (note and (" — " .. note) or ""))
end

---------------------------------------------------------------------------
-- 6.x: tcp_stream_alloc_skb, payload in page fragments

local k6 = sklab.kernel {} -- the profile's kernel: 6.18, so the 6.x model
local tx6 = sklab.tx_tcp(k6, { payload = 1448 })

step(tx6, "alloc", "MAX_TCP_HEADER is 192 here (L1_CACHE_ALIGN(128 + 32)); the head is one 576-byte skbuff_small_head")
local skb = tx6.skb
expect(skb.head_cache == "skbuff_small_head" and skb.buf_size == 576, "6.x: the small-head cache")
expect(skb.data == 192 and skb.tail == 192 and skb.end_ == 256, "6.x: data = tail = +192, end +256")
expect(skb.headroom == 192 and skb.tailroom == 64 and skb.len == 0, "headroom 192, an unused tailroom of 64")
expect(skb.truesize == 832, "truesize SKB_TRUESIZE(256) = 256 + 256 + 320")

step(tx6, "copy", "the linear part of a TCP skb stays empty since 2019 (472c2e07eef0)")
expect(skb.len == 1448 and skb.data_len == 1448 and skb.headlen == 0, "1448 bytes, all in a page fragment")
expect(skb.nr_frags == 1 and skb.truesize == 2280, "one frag; truesize 832 + 1448")

step(tx6, "clone")
local clone = tx6.clone
expect(tonumber(clone.addr) - tonumber(skb.addr) == 224, "struct sk_buff_fclones: skb2 right after skb1")
expect(skb.dataref == 0x10002, "dataref: one payload-only reference (<< 16) and two in all")

step(tx6, "tcp")
expect(clone.data == 160 and clone.len == 1480 and clone.transport_header == 160, "TCP header at +160")
step(tx6, "ip")
expect(clone.data == 140 and clone.len == 1500 and clone.network_header == 140, "IPv4 header at +140")
step(tx6, "eth", "the 16-byte hh_data copy lands at +124..+139, the frame starts at +126")
expect(clone.data == 126 and clone.headroom == 126, "Ethernet header at +126")
expect(clone.len == 1514 and clone.data_len == 1448 and clone.headlen == 66, "len 1514, headlen 66")
expect(skb.data == 192 and skb.len == 1448, "the queued skb never moved: its headers belong to the clone")
expect(checksums_ok(clone), "6.x frame: IPv4 and TCP checksums are right")
capture(clone)

---------------------------------------------------------------------------
-- 2.4: tcp_alloc_pskb, payload in the linear area

local k24 = sklab.kernel { profile = "linux-2.4.16-i386" }
local tx24 = sklab.tx_tcp(k24, { payload = 1448 })

step(tx24, "alloc", "2.4's MAX_TCP_HEADER is 128 + MAX_HEADER 32 = 160")
local skb24 = tx24.skb
expect(skb24.era == "2.4" and skb24.head_cache == "size-2048", "2.4: kmalloc(1692) from size-2048")
expect(skb24.data == 160 and skb24.end_ == 1632 and skb24.tailroom == 1472, "headroom 160, data area 1632, tailroom 1472")
expect(skb24.truesize == 1776, "truesize 1632 + sizeof(struct sk_buff) 144 (INET + FILTER: no netfilter or tc fields)")
expect(sklab.layouts(nil, { profile = "linux-2.4.16-i386" }).sk_buff.size == 144
    and sklab.layouts(nil, { profile = "linux-2.4.16-i386", config = { "CONFIG_NETFILTER", "CONFIG_NET_SCHED" } })
      .sk_buff.size == 160,
  "struct sk_buff of 2.4.16: 144 bytes for the profile's options, 160 with NETFILTER + NET_SCHED")

step(tx24, "copy", "one linear buffer: header budget, payload and 24 bytes of slack")
expect(skb24.tail == 1608 and skb24.len == 1448 and skb24.tailroom == 24, "tail +1608, tailroom 24")
expect(skb24.data_len == 0 and skb24.nr_frags == 0, "linear")

step(tx24, "clone", "2.4 has no fast clones: a second skbuff_head_cache object")
local clone24 = tx24.clone
expect(skb24.dataref == 2, "a plain dataref: the clone writes its headers into the shared headroom by convention")
step(tx24, "tcp")
expect(clone24.data == 128, "TCP header at +128")
step(tx24, "ip")
expect(clone24.data == 108, "IPv4 header at +108")
step(tx24, "eth", "hh_data copied to +92..+107, data at +94")
expect(clone24.data == 94 and clone24.len == 1514 and clone24.headroom == 94, "the frame: +94, 1514 bytes")
expect(checksums_ok(clone24), "2.4 frame: IPv4 and TCP checksums are right")
capture(clone24)

---------------------------------------------------------------------------
-- Side by side, then the NIC and the ACK

clone:name("6.x-clone")
clone24:name("2.4-clone")
scene.show(clone, clone24)
scene.step("the same frame: 6.x keeps 66 bytes of headers linear and the payload in a page (headroom 126); "
  .. "2.4 copies everything into a 2048-byte kmalloc head (headroom 94)")
expect(clone:bytes(14) == clone24:bytes(14), "IPv4, TCP and payload bytes are the same in both eras")

step(tx6, "xmit")
expect(tx6.clone == nil and skb.dataref == 0x10001, "back to one reference (and the payload-only one)")
step(tx6, "ack", "the small head goes back to skbuff_small_head, the sk_buffs to skbuff_fclone_cache", k6)
expect(tx6.skb == nil, "the 6.x segment is gone")
tx24:run() -- xmit and ack
expect(tx24.skb == nil and tx24.clone == nil, "the 2.4 segment is gone")
