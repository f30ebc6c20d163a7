-- skb_rx.lua
-- title:   A received frame's journey: from the driver's buffer to TCP
-- goal:    Watch the headroom grow as a 1514-byte TCP frame goes up the
--          stack: the driver allocates with NET_SKB_PAD and NET_IP_ALIGN,
--          the NIC's bytes are put, eth_type_trans pulls the Ethernet
--          header, IP and TCP pull theirs, and the payload is what is left.
--          The same frame in 6.x, 2.6.31 and 2.4 (skb.md §7).
-- profile: linux-6.18-x86_64
-- length:  about 6 minutes (9 steps)

scenario {
  title = "A received frame's journey: from the driver's buffer to TCP",
  goal = "Watch data move and the headroom grow as the stack pulls each header of a received frame; "
      .. "NET_SKB_PAD and NET_IP_ALIGN in 6.x, 2.6.31 and 2.4.",
  profile = "linux-6.18-x86_64",
  length = "about 6 minutes (9 steps)",
}

-- What each era's steps leave (reference §7): data and len after each step.
local want = {
  ["6.x"] = { alloc = 64, dma = 64, eth = 78, netif = 78, ip = 78, deliver = 98, tcp = 130, tailroom = 22 },
  ["2.6.31"] = { alloc = 34, dma = 34, eth = 48, netif = 48, ip = 48, deliver = 68, tcp = 100, tailroom = 52 },
  ["2.4"] = { alloc = 18, dma = 18, eth = 32, netif = 32, ip = 32, deliver = 52, tcp = 84, tailroom = 4 },
}
local len_after = { alloc = 0, dma = 1514, eth = 1500, netif = 1500, ip = 1500, deliver = 1480, tcp = 1448 }
local notes = {
  alloc = "the headroom is NET_SKB_PAD (64 = max(32, L1)); NET_IP_ALIGN is 0 on x86, so the IP header "
    .. "will land at +78, not 4-byte aligned: x86 does not mind, and DMA likes data aligned",
  dma = "the NIC's 1514 bytes: Ethernet, IPv4, TCP with timestamps, 1448 of payload",
  eth = "the Ethernet header stays in the headroom, still readable through the mac header",
  deliver = "the IPv4 header is headroom now",
  tcp = "only the payload is left between data and tail",
}

-- Steps a path up to and including `last`, checking each era's offsets;
-- with show, every step is a frame.
local headroom = {}
local function walk(rx, era, last, show)
  local hr = headroom[era] or {}
  headroom[era] = hr
  repeat
    local name, caption = rx:next()
    local skb = rx.skb
    expect(skb.data == want[era][name] and skb.len == len_after[name],
      string.format("%s %s: data +%d, len %d", era, name, want[era][name], len_after[name]))
    hr[#hr + 1] = { #hr, skb.headroom }
    if show then
      scene.show(rx)
      scene.step(caption .. (notes[name] and (" — " .. notes[name]) or ""))
    end
  until name == last
  return rx.skb
end

---------------------------------------------------------------------------
-- 6.x, step by step

local k6 = sklab.kernel {}
local rx6 = sklab.rx(k6, { frame_len = 1514, dev = "eth0" })
local skb6 = walk(rx6, "6.x", "tcp", true)
expect(skb6.head_cache == "page_frag" and skb6.end_ == 1600, "6.x: a page-fragment head of 1920 bytes, end +1600")
expect(skb6.tailroom == want["6.x"].tailroom, "tailroom 22 after the frame")
expect(skb6.mac_header == 64 and skb6.network_header == 78 and skb6.transport_header == 98, "the header marks")

---------------------------------------------------------------------------
-- 2.6.31 and 2.4: the same journey

local k26 = sklab.kernel { skb_era = "2.6.31" }
local skb26 = walk(sklab.rx(k26, { frame_len = 1514, dev = "eth0" }), "2.6.31", "tcp", false)
expect(skb26.buf_size == 4096 and skb26.tailroom == want["2.6.31"].tailroom,
  "2.6.31: netdev_alloc_skb(1538) + NET_SKB_PAD 32 rounds to 1600 + 496 of shinfo: a 4096-byte head")
local k24 = sklab.kernel { profile = "linux-2.4.16-i386" }
local skb24 = walk(sklab.rx(k24, { frame_len = 1514 }), "2.4", "tcp", false)
expect(skb24.buf_size == 2048 and skb24.tailroom == want["2.4"].tailroom, "2.4: dev_alloc_skb(1516) from size-2048")
skb6:name("rx-6.x")
skb26:name("rx-2.6.31")
skb24:name("rx-2.4")
scene.show(skb6, skb26, skb24)
scene.step("three eras at tcp_data_queue: the payload at +130, +100 and +84; the headers they pulled are headroom")

local series = {}
for _, era in ipairs { "2.4", "2.6.31", "6.x" } do
  series[#series + 1] = { name = era, points = headroom[era] }
end
scene.chart {
  title = "skb_headroom() as the frame goes up the stack",
  xlabel = "step: alloc, dma, eth, netif, ip, deliver, tcp",
  ylabel = "bytes of headroom",
  xlabels = { "alloc", "dma", "eth", "netif", "ip", "deliver", "tcp" },
  bars = true,
  series = series,
}
scene.step("the headroom grows by 14, 20 and 32 as eth_type_trans, IP and TCP pull their headers: "
  .. "2.4 from 18 to 84, 2.6.31 from 34 to 100, 6.x from 64 to 130")
