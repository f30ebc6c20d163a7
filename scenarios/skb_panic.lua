-- skb_panic.lua
-- title:   The off-by-one that panics: skb_over_panic in three eras, and BUG_ON
-- goal:    Put one byte more than a driver's receive buffer was asked for and
--          read what each kernel does: the driver allocation of each era
--          (2.4 dev_alloc_skb, 2.6.31 and 6.x netdev_alloc_skb) leaves a
--          different slack behind the request, so the same off-by-one slips
--          by in 2.4 (16 bytes) and 2.6.31 (32) and panics in 6.x (0). Then
--          each kernel's panic line: 2.4's terse "skput:over:", the
--          "skb_over_panic: text:..." line of 2.6.31 and 6.x with the skb's
--          geometry, the bare "kernel BUG at include/linux/skbuff.h" of the
--          Aug 2009 patch that made skb_put inline with BUG_ON, and the
--          skb_under_panic that skb_cow_head prevents.
-- profile: linux-6.18-x86_64
-- length:  about 10 minutes (9 steps)

scenario {
  title = "The off-by-one that panics: skb_over_panic in three eras, and BUG_ON",
  goal = "Overrun a driver's 1536-byte receive buffer by one byte in 2.4, 2.6.31 and 6.x, see which era's slack "
      .. "hides it, and read each kernel's panic line; compare it with the BUG_ON report of the Aug 2009 "
      .. "inlining patch.",
  profile = "linux-6.18-x86_64",
  length = "about 10 minutes (9 steps)",
}

-- Shows the skb the kernel died on, with its panic line as the caption.
local function died(skb, line, note)
  print(skb.report)
  scene.show(skb)
  scene.step(line .. " — " .. note)
  skb:free() -- a dead skb can still be freed (the model's courtesy: the real machine is gone)
end

local k24 = sklab.kernel { profile = "linux-2.4.16-i386" }
local k26 = sklab.kernel { profile = "linux-2.6.31-x86_64" }
local k6 = sklab.kernel {}

---------------------------------------------------------------------------
-- Like with like: the driver's receive allocation in each era, and its slack
--
-- 2.4  dev_alloc_skb(len) = alloc_skb(len + 16) + skb_reserve(16)
--      (include/linux/skbuff.h of 2.4.16); SKB_DATA_ALIGN rounds to the
--      32-byte L1 line of the profile.
-- 2.6.31 netdev_alloc_skb(dev, len) = __alloc_skb(len + NET_SKB_PAD 32) +
--      skb_reserve(NET_SKB_PAD) (net/core/skbuff.c); SKB_DATA_ALIGN to 64.
-- 6.x  __netdev_alloc_skb: len + NET_SKB_PAD 64, a page fragment of
--      SKB_HEAD_ALIGN(len) for mid-sized requests, else __alloc_skb with
--      kmalloc_size_roundup(), whose bucket slack becomes tailroom
--      (net/core/skbuff.c). napi_alloc_skb takes the same fragment path
--      with NET_IP_ALIGN 0 on x86, so it leaves the same slack.
-- The slack here is tailroom past the request: what skb_put can go past it
-- before skb_over_panic. The view's "slack" is another thing: the kmalloc
-- bucket's bytes behind skb_shared_info (2.4, 2.6.31), which no put reaches.

local function slack(skb, asked)
  return skb.tailroom - asked
end

print("driver receive buffers: bytes skb_put can go past the request before skb_over_panic")
print(string.format("%-8s %-34s %6s %-18s %8s %6s", "era", "call", "asked", "head", "tailroom", "slack"))
local rows = {
  { "2.4", k24, "dev_alloc_skb", { 60, 1000, 1536 } },
  { "2.6.31", k26, "netdev_alloc_skb", { 60, 1000, 1536 } },
  { "6.x", k6, "netdev_alloc_skb", { 60, 1000, 1536, 4000 } },
}
local slack1536 = {}
for _, r in ipairs(rows) do
  for _, n in ipairs(r[4]) do
    local b = r[3] == "dev_alloc_skb" and r[2]:dev_alloc_skb(n) or r[2]:netdev_alloc_skb("eth0", n)
    print(string.format("%-8s %-34s %6d %-18s %8d %6d", r[1], r[3] .. "(" .. n .. ")", n, b.head_cache,
      b.tailroom, slack(b, n)))
    if n == 1536 then
      slack1536[r[1]] = slack(b, n)
    end
    b:free()
  end
end
expect(slack1536["2.4"] == 16, "2.4: 1536 + 16 = 1552, rounded to 1568; reserve 16 leaves 1552: 16 bytes of slack")
expect(slack1536["2.6.31"] == 32, "2.6.31: 1536 + NET_SKB_PAD 32 = 1568, rounded to 1600: 32 bytes of slack")
expect(slack1536["6.x"] == 0, "6.x: 1536 + NET_SKB_PAD 64 = 1600, already a multiple of 64: no slack")

---------------------------------------------------------------------------
-- 2.4: the driver's buffer hides the off-by-one

local skb = k24:dev_alloc_skb(1536)
expect(skb.headroom == 16 and skb.tailroom == 1552, "2.4: dev_alloc_skb(1536): headroom 16, tailroom 1552")
skb:put(1537)
expect(not skb.panicked and skb.tailroom == 15, "2.4: put(1537) fits in the 16 bytes of slack: no panic")
scene.show(skb)
scene.step("2.4: dev_alloc_skb(1536) and skb_put(1537): alloc_skb(1552) rounds to 1568 (SMP_CACHE_BYTES 32); "
  .. "after the 16 reserved bytes, 16 bytes of tailroom past the request hide the bug (the kmalloc slack "
  .. "behind skb_shared_info is out of skb_put's reach)")
skb:free()

-- 2.4: past the slack, skb_put calls skb_over_panic

skb = k24:dev_alloc_skb(1536)
local ok, line = expect_panic(function()
  skb:put(skb.tailroom + 1)
end, "2.4 one byte past end", "^skput:over: c0%x+:1553 put:1553 dev:<NULL>$")
expect(skb.panicked and skb.tail == 16 + 1553 and skb.len == 1553, "tail and len moved before the check, as in the kernel")
expect(skb.report:match("<NULL>kernel BUG at skbuff.c:93!\ninvalid operand: 0000\n") ~= nil,
  "no newline after the printk: BUG()'s line runs on, then the oops")
died(skb, line, "the address (current_text_addr() in the inlined skb_put), len and put, and the device: "
  .. "nothing about where the buffer was")

---------------------------------------------------------------------------
-- 2.6.31: out of line since 2.6.26, skb_over_panic prints the geometry

local rx = k26:netdev_alloc_skb("eth0", 1536)
expect(rx.headroom == 32 and rx.tailroom == 1568, "2.6.31: 1536 + NET_SKB_PAD 32 = 1568, rounded to 1600: tailroom 1568")
rx:put(1537)
expect(not rx.panicked and rx.tailroom == 31, "the same off-by-one fits in the 32 bytes of rounding slack: no panic")
scene.show(rx)
scene.step("2.6.31: netdev_alloc_skb(dev, 1536) and skb_put(1537): the slack of SKB_DATA_ALIGN hides the bug")
rx:free()

rx = k26:netdev_alloc_skb("eth0", 1536)
ok, line = expect_panic(function()
  rx:put(rx.tailroom + 1)
end, "2.6.31 one byte past end",
  "^skb_over_panic: text:ffffffff81%x+ len:1569 put:1569 head:ffff888%x+ data:ffff888%x+ tail:0x641 end:0x640 dev:eth0$")
died(rx, line, "text: is the caller (__builtin_return_address), tail and end are offsets on 64-bit, and the device")

---------------------------------------------------------------------------
-- Heiko Carstens' experiment in the Aug 2009 thread: skb_put inline again,
-- with BUG_ON. It was measured, not merged: skb_put stayed out of line.

local kbug = sklab.kernel { profile = "linux-2.6.31-x86_64", skb_bug_on = true }
local b = kbug:netdev_alloc_skb("eth0", 1536)
ok, line = expect_panic(function()
  b:put(b.tailroom + 1)
end, "the BUG_ON variant", "^kernel BUG at include/linux/skbuff.h:1141!$")
expect(b.report:match("^%-+%[ cut here %]%-+\nkernel BUG at include/linux/skbuff.h:1141!\ninvalid opcode") ~= nil,
  "BUG_ON reports a file and a line, no skb_over_panic line")
print("seed (Aug 2009): inlining skb_put/skb_push grew an allyesconfig vmlinux by 692 KB (0.12%);")
print("lat_tcp on a Core 2 T7600: 0.2576 us without the patch, 0.2586 us with it, fewer cycles and icache misses")
died(b, line, "the Aug 2009 experiment (Heiko Carstens, after Ingo Molnar; never merged, skb_put stayed out of "
  .. "line): inline skb_put with BUG_ON(skb->tail > skb->end); the oops names skbuff.h:1141 but not len, put, "
  .. "head, data or the device")

---------------------------------------------------------------------------
-- 6.x: skb_panic() with %px, under the skbuff: prefix

local r6 = k6:netdev_alloc_skb("eth0", 1536)
expect(r6.head_cache == "page_frag" and r6.headroom == 64 and r6.tailroom == 1536,
  "6.x: a page-fragment head; NET_SKB_PAD 64 is added and reserved, so the tailroom is exactly 1536")
ok, line = expect_panic(function()
  r6:put(1537)
end, "6.x off-by-one: no slack, the same put(1537) panics",
  "^skbuff: skb_over_panic: text:ffffffff81%x+ len:1537 put:1537 head:ffff888%x+ data:ffff888%x+ tail:0x641 end:0x640 dev:eth0$")
died(r6, line, "the off-by-one that 2.4 and 2.6.31 let by: pr_fmt adds \"skbuff: \", %px prints real "
  .. "addresses; tail:0x641 is one past end:0x640")

---------------------------------------------------------------------------
-- skb_under_panic: a header pushed with no headroom left

local t = k6:alloc_skb(128)
t:reserve(34)
t:put(sklab.payload(60))
t:push(sklab.hdr.ipv4 {})
t:push(sklab.hdr.eth {})
expect(t.headroom == 0, "the Ethernet header used the last of the headroom")
scene.show(t)
scene.step("6.x: a frame built with exactly 34 bytes of headroom: IPv4 and Ethernet headers, no byte to spare")
ok, line = expect_panic(function()
  t:push(4) -- an 802.1Q tag
end, "6.x underrun", "^skbuff: skb_under_panic: text:ffffffff81%x+ len:98 put:4 head:ffff888%x+ data:ffff888%x+ ")
expect(t.data == -4, "data is 4 bytes before head")
died(t, line, "a VLAN tag pushed in front of it: data would start 4 bytes before head")

local v = k6:alloc_skb(128)
v:reserve(34)
v:put(sklab.payload(60))
v:push(sklab.hdr.ipv4 {})
v:push(sklab.hdr.eth {})
expect(v:cow(4) == true and v.headroom >= 4, "skb_cow: a new head with NET_SKB_PAD-aligned headroom")
v:push(4)
expect(v.len == 98 and not v.panicked, "the tag fits now")
scene.show(v)
scene.step(string.format("skb_cow(skb, 4) first: pskb_expand_head gives %d bytes of headroom, and the push is safe",
  v.headroom + 4))
v:free()
