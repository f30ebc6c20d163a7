-- Title:   sock bindings: k:socket, queue_rcv, recv, wmalloc, close, counters
-- Goal:    the counters follow the kernel's accounting (numbers worked from
--          the sources, see tests/net/test_sock.c); a full buffer is nil and
--          -ENOMEM; misuse raises; a closed socket's handle is stale
-- Profile: test-x86_64 (2.6.31), with 2.4 (test-i386) and 6.x machines
scenario {
  title = "sock bindings",
  goal = "socket memory accounting from Lua",
  profile = "test-x86_64",
}

local k26 = sklab.kernel {}
local k24 = sklab.kernel { profile = "test-i386" }
local k6 = sklab.kernel { skb_era = "6.x" }

-- defaults: 2.6.31 (sizeof(struct sk_buff) 232 + 256) * 256; 6.x SKB_TRUESIZE(256) * 256
local s26 = k26:socket {}
expect(s26.rcvbuf == 124928 and s26.sndbuf == 124928 and s26.era == "2.6.31" and s26.proto == "udp",
  "2.6.31 defaults 124928")
expect(s26.rmem_alloc == 0 and s26.wmem_alloc == 0 and s26.forward_alloc == 0 and s26.qlen == 0, "empty")
local s6 = k6:socket { rcvbuf = 1000, name = "small" }
expect(s6.rcvbuf == 2304 and s6.wmem_alloc == 1 and s6.name == "small",
  "SO_RCVBUF 1000: doubled to 2000, raised to SOCK_MIN_RCVBUF 2048 + 256")
expect(tostring(s6) == "sock(small, rmem_alloc 0/2304, wmem_alloc 1/212992)", "tostring")

-- 2.6.31 UDP: an skb of truesize 360 schedules one page and charges it
local a = k26:netdev_alloc_skb("eth0", 60)
expect(a.truesize == 360, "truesize 128 + 232")
expect(s26:queue_rcv(a) == true, "queued")
expect(s26.rmem_alloc == 360 and s26.forward_alloc == 4096 - 360 and s26.memory_allocated == 1,
  "sk_mem_schedule: one quantum; sk_mem_charge 360")
local ok, err = pcall(s26.queue_rcv, s26, a)
expect(not ok and err:match("already charged to sk"), "an skb is charged to one socket: " .. tostring(err))
expect(s26:recv() == 0 and s26.rmem_alloc == 0 and s26.qlen == 0, "recv: len 0, the charge back")
expect(s26.forward_alloc == 4096 and s26.memory_allocated == 1,
  "sk_mem_reclaim_partial keeps one quantum (it reclaims only above SK_MEM_QUANTUM)")
local n, why = s26:recv()
expect(n == nil and why:match("nothing queued"), "recv on an empty queue: nil and a reason")

-- 6.x: a full buffer says -ENOMEM and leaves the skb to the scenario
local b = k6:alloc_skb(1000)
expect(b.truesize == 2304, "kmalloc-2k head, truesize 2304")
expect(s6:queue_rcv(b) == true and s6.rmem_alloc == 2304, "the first goes in (rmem_alloc 0 > 2304 is false)")
local c = k6:alloc_skb(1000)
expect(s6:queue_rcv(c) == true and s6.rmem_alloc == 4608,
  "so does the second: rmem_alloc 2304 > rcvbuf 2304 is false, one skb may cross the limit")
local d = k6:alloc_skb(1000)
local r, msg = s6:queue_rcv(d)
expect(r == nil and msg:match("^__udp_enqueue_schedule_skb: %-ENOMEM") and s6.drops == 1 and s6.qlen == 2,
  "the third is dropped: " .. tostring(msg))
d:free()

-- raw sockets: the generic check, no forward allocation
local raw = k6:socket { proto = "raw" }
local e = k6:alloc_skb(100)
expect(raw:queue_rcv(e) and raw.forward_alloc == 0 and raw.memory_allocated == 0, "raw: not accounted")

-- 2.4: wmalloc against sndbuf
local t24 = k24:socket { sndbuf = 1024 }
expect(t24.sndbuf == 2048, "SO_SNDBUF 1024: doubled")
local w = t24:wmalloc(1000)
expect(w and t24.wmem_alloc == w.truesize, "sock_wmalloc charges truesize")
local w2 = t24:wmalloc(1000)
expect(w2 and t24.wmem_alloc == 2 * w.truesize, "1168 < 2048: the second is allowed, and crosses sndbuf")
local w3, reason = t24:wmalloc(1000)
expect(w3 == nil and reason:match("wmem_alloc %d+ >= sndbuf 2048"), "the third waits")
local f = t24:wmalloc(10, true)
expect(f ~= nil, "force allocates anyway")
w:free()
expect(t24.wmem_alloc == w2.truesize + f.truesize, "sock_wfree gives one back")

-- misuse and stale handles
ok, err = pcall(k6.socket, k6, { proto = "tcp" })
expect(not ok and err:match("'tcp' is not \"udp\" or \"raw\""), "tcp is not modelled: " .. tostring(err))
ok, err = pcall(k6.socket, k6, { rcvbuf = -1 })
expect(not ok, "a negative buffer")
s6:close()
ok, err = pcall(function() return s6.rmem_alloc end)
expect(not ok and err:match("stale sock handle: small was closed"), "closed: " .. tostring(err))
ok, err = pcall(function() return b.len end)
expect(not ok and err:match("stale skb handle"), "close purged the queue: its skbs are gone")
expect(tostring(s6) == "sock(small, closed)", "tostring of a closed socket")
ok, err = pcall(function() raw.rcvbuf = 1 end)
expect(not ok and err:match("read%-only"), "fields are read-only")
