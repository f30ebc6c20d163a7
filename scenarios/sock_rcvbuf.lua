-- sock_rcvbuf.lua
-- title:   Why truesize is on every picture: a receive buffer full of 1-byte datagrams
-- goal:    Fill a UDP socket's receive buffer with datagrams of one byte each and
--          watch sk_rmem_alloc climb by truesize, not by payload: 832 bytes per
--          byte in 6.x (2176 with a full-size driver buffer), 1712 in 2.4, until
--          the next one is dropped with -ENOMEM. Then read one and see the charge
--          come back, and the send side's sk_wmem_alloc against sk_sndbuf.
-- profile: linux-6.18-x86_64
-- length:  about 8 minutes (6 steps)

scenario {
  title = "Why truesize is on every picture: a receive buffer full of 1-byte datagrams",
  goal = "Fill a UDP socket's rcvbuf with 1-byte datagrams, each charged its truesize, until the kernel drops "
      .. "the next one (-ENOMEM); see sk_rmem_alloc, sk_forward_alloc and sk_wmem_alloc against the buffers.",
  profile = "linux-6.18-x86_64",
  length = "about 8 minutes (6 steps)",
}

-- A received 1-byte UDP datagram as the driver hands it up: a buffer of buf
-- bytes (netdev_alloc_skb; 2.4, the SLAB machine, dev_alloc_skb), the 60-byte minimum Ethernet
-- frame DMAed in, eth_type_trans pulls 14, ip_rcv trims to tot_len 29,
-- IP and UDP pull 28: len 1. truesize was fixed at allocation.
local function datagram(k, buf)
  local skb = k.allocator == "slab" and k:dev_alloc_skb(buf) or k:netdev_alloc_skb("eth0", buf)
  skb:put(60)
  skb:pull(14)
  skb:trim(29)
  skb:pull(28)
  return skb
end

-- Queues datagrams until the socket drops one; returns how many went in, the
-- dropped skb's truesize and the kernel's reason (the dropped skb is freed
-- here, as the kernel's caller frees it).
local function fill(k, sk, buf)
  local n = 0
  while true do
    local skb = datagram(k, buf)
    local ok, why = sk:queue_rcv(skb)
    if not ok then
      local ts = skb.truesize
      skb:free()
      return n, ts, why
    end
    n = n + 1
  end
end

local function counters(sk)
  return string.format("rmem_alloc %d of rcvbuf %d, forward_alloc %d, %d queued, %d dropped",
    sk.rmem_alloc, sk.rcvbuf, sk.forward_alloc, sk.qlen, sk.drops)
end

---------------------------------------------------------------------------
-- 6.x: the small head a copybreak driver gives a small frame

local k6 = sklab.kernel {}
local rx = k6:socket { proto = "udp", name = "rx" }
expect(rx.rcvbuf == 212992, "6.x rmem_default: SK_RMEM_MAX = SKB_TRUESIZE(256) * 256 = (256 + 256 + 320) * 256")

local one = datagram(k6, 60)
expect(one.len == 1 and one.head_cache == "skbuff_small_head" and one.truesize == 832,
  "one byte of payload, truesize 832: SKB_TRUESIZE(256) = 256 of head + 256 of sk_buff + 320 of shinfo")
expect(rx:queue_rcv(one) == true, "the first datagram is queued")
expect(rx.rmem_alloc == 832 and rx.forward_alloc == 4096 - 832,
  "charged 832, not 1; __sk_mem_schedule took one SK_MEM_QUANTUM page: forward_alloc 4096 - 832")
scene.show(one)
scene.step("6.x: a 1-byte datagram is charged its truesize, 832: the 256-byte data room and 320-byte "
  .. "skb_shared_info of its small head plus the sk_buff (224, counted as 256). sk_rmem_alloc 832 of sk_rcvbuf "
  .. "212992; sk_forward_alloc 3264 left of one 4096-byte quantum")

local n, ts, why = fill(k6, rx, 60)
print(string.format("6.x UDP: %d more datagrams of 1 byte queued, the next (truesize %d) dropped: %s", n, ts, why))
print("  " .. counters(rx))
expect(n + 1 == 257, "257 fit: __udp_enqueue_schedule_skb drops only once rmem_alloc > rcvbuf (256 * 832 = 212992)")
expect(rx.rmem_alloc == 257 * 832 and rx.drops == 1, "rmem_alloc 213824: one skb past rcvbuf, then the drop")
expect(why:match("%-ENOMEM") ~= nil, "the drop is -ENOMEM, counted in sk_drops")
expect((rx.rmem_alloc + rx.forward_alloc) % 4096 == 0, "rmem_alloc + forward_alloc is whole pages (SK_MEM_QUANTUM)")
scene.step(string.format("6.x: 257 datagrams, 257 bytes of payload, %d bytes charged: the 258th is dropped "
  .. "(-ENOMEM). The socket pays truesize, never len: that is why every skb picture shows it", rx.rmem_alloc))

---------------------------------------------------------------------------
-- 6.x: a driver that hands up its full-size buffer

local raw = k6:socket { proto = "raw", name = "raw" }
local big = datagram(k6, 1536)
expect(big.head_cache == "page_frag" and big.truesize == 2176,
  "a 1536-byte driver buffer: a 1920-byte page fragment, truesize 2176 for the same 1 byte")
raw:queue_rcv(big)
local m = fill(k6, raw, 1536) + 1
print(string.format("6.x raw, full-size buffers: %d datagrams fill rcvbuf %d (%s)", m, raw.rcvbuf, counters(raw)))
expect(m == 98, "98 fit: __sock_queue_rcv_skb refuses once rmem_alloc >= rcvbuf (98 * 2176 = 213248)")
expect(raw.forward_alloc == 0, "raw sockets are not accounted: no forward_alloc")
scene.show(big)
scene.step(string.format("6.x: the same 1 byte in a full-size driver buffer costs 2176: only %d datagrams fit "
  .. "before sock_queue_rcv_skb says -ENOMEM", m))

---------------------------------------------------------------------------
-- Reading gives it back (6.x UDP: in batches of rcvbuf / 4)

local before = rx.rmem_alloc
expect(rx:recv() == 1, "recvmsg reads 1 byte")
expect(rx.rmem_alloc == before and rx.forward_deficit == 832,
  "udp_rmem_release: below rcvbuf / 4 the charge waits in forward_deficit; rmem_alloc has not moved")
for _ = 1, 63 do
  rx:recv()
end
expect(rx.rmem_alloc == before - 64 * 832 and rx.forward_deficit == 0,
  "64 reads make 53248 >= 212992 / 4: released at once, and the pages go back to udp memory_allocated")
local again = datagram(k6, 60)
expect(rx:queue_rcv(again) == true, "room again: the next datagram is queued")
scene.show(again)
scene.step("6.x: reading 64 datagrams gives back 64 * 832 = 53248 bytes at once (udp_rmem_release waits for "
  .. "rcvbuf / 4); " .. counters(rx))
rx:close()
raw:close()

---------------------------------------------------------------------------
-- 2.4: the same bug in 2001, with the driver's dev_alloc_skb(1536)

local k24 = sklab.kernel { profile = "linux-2.4.16-i386" }
local rx24 = k24:socket { proto = "udp", name = "rx24" }
expect(rx24.rcvbuf == 65535, "2.4.16 sysctl_rmem_default: SK_RMEM_MAX 65535 on a 128 MiB machine")
local b24 = datagram(k24, 1536)
expect(b24.truesize == 1712, "dev_alloc_skb(1536) = alloc_skb(1552): 1568 + sizeof(struct sk_buff) 144")
rx24:queue_rcv(b24)
local n24 = fill(k24, rx24, 1536) + 1
print(string.format("2.4 UDP: %d datagrams fill rcvbuf 65535 (%s)", n24, counters(rx24)))
expect(n24 == 38, "38 fit: sock_queue_rcv_skb refuses when rmem_alloc + truesize >= rcvbuf (38 * 1712 = 65056)")
expect(rx24.forward_alloc == 0, "no sk_forward_alloc outside TCP in 2.4: rmem_alloc is the whole story")
scene.show(b24)
scene.step(string.format("2.4: 38 one-byte datagrams fill the 64 KB receive buffer (rmem_alloc %d); the 39th "
  .. "is dropped: the same accounting, 20 years apart", rx24.rmem_alloc))

---------------------------------------------------------------------------
-- The send side: sk_wmem_alloc against sk_sndbuf

local tx = k6:socket { proto = "udp", name = "tx", sndbuf = 4096 }
expect(tx.sndbuf == 8192 and tx.wmem_alloc == 1, "SO_SNDBUF 4096 is doubled; 6.x sk_wmem_alloc starts at 1")
local sent = {}
while true do
  local skb = tx:wmalloc(1000)
  if not skb then
    break
  end
  sent[#sent + 1] = skb
end
expect(#sent == 4 and tx.wmem_alloc == 1 + 4 * 2304,
  "sock_wmalloc(1000): truesize 2304 each; the fifth waits once wmem_alloc >= sndbuf")
scene.show(sent[1])
scene.step(string.format("6.x send: 4 skbs of 1000 bytes, each charged its truesize 2304: wmem_alloc %d of sndbuf "
  .. "%d, the sender waits until TX completion frees one (sock_wfree)", tx.wmem_alloc, tx.sndbuf))
sent[1]:free()
expect(tx.wmem_alloc == 1 + 3 * 2304 and tx:wmalloc(1000) ~= nil, "freeing one gives its 2304 back")
