-- pcap_rx.lua
-- title:   Captured frames into driver buffers: 2.4 and 6.x receive
-- goal:    Read a two-frame capture (a TCP segment and a UDP datagram) and
--          put each frame into an sk_buff as the era's driver does:
--          dev_alloc_skb(len + 2) and skb_reserve(2) in 2.4,
--          napi_alloc_skb in 6.x, then eth_type_trans pulls the Ethernet
--          header. The capture is pcap_rx.pcap, next to this file.
-- profile: linux-6.18-x86_64
-- length:  about 3 minutes (4 steps)

scenario {
  title = "Captured frames into driver buffers: 2.4 and 6.x receive",
  goal = "Read a small capture and build each frame's RX skb in 2.4 and 6.x: the driver's buffer, "
      .. "skb_put of the frame, eth_type_trans.",
  profile = "linux-6.18-x86_64",
  length = "about 3 minutes (4 steps)",
}

local frames = sklab.pcap_read("pcap_rx.pcap")
expect(#frames == 2, "the capture holds two frames")
expect(frames[1].len == 74 and frames[1].caplen == 74, "frame 1: 74 bytes, all captured")
expect(frames[2].len == 54 and frames[2].caplen == 54, "frame 2: 54 bytes, all captured")
expect(frames[2].ts == 1250544389 and frames[2].ts_ns == 1000000, "frame 2 is stamped 1 ms after frame 1")

-- What each era leaves: data after eth_type_trans (the headroom plus the
-- pulled 14-byte Ethernet header) and the mac header 14 bytes before it.
local eras = {
  { name = "2.4", profile = "linux-2.4.16-i386", data = 32 },
  { name = "6.x", profile = "linux-6.18-x86_64", data = 78 },
}
local what = { "TCP segment", "UDP datagram" }

for _, era in ipairs(eras) do
  local k = sklab.kernel { profile = era.profile }
  for i, f in ipairs(frames) do
    local skb, caption = k:skb_from_frame(f.bytes)
    expect(skb.protocol == 0x0800, era.name .. " frame " .. i .. ": protocol ETH_P_IP")
    expect(skb.len == f.len - 14, era.name .. " frame " .. i .. ": len is the frame less 14")
    expect(skb.data == era.data, string.format("%s frame %d: data at +%d", era.name, i, era.data))
    expect(skb.mac_header == skb.data - 14, era.name .. " frame " .. i .. ": mac header 14 bytes before data")
    scene.show(skb)
    scene.step(string.format("%s: the %s (%d bytes) — %s", era.name, what[i], f.len, caption))
  end
end
