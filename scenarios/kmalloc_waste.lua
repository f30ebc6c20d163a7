-- kmalloc_waste.lua
-- title:   kmalloc rounding: what you ask for and what you get, 2001 and now
-- goal:    See kmalloc(n) served from the smallest size class that holds n,
--          in Linux 2.4 (size-32 ... size-131072, powers of two) and 6.18
--          (kmalloc-8 ... kmalloc-8k plus 96 and 192), how many bytes each
--          request wastes, and how 6.x hands an sk_buff head's slack back
--          as tailroom.
-- profile: linux-6.18-x86_64
-- length:  about 7 minutes (8 steps)

scenario {
  title = "kmalloc rounding: what you ask for and what you get, 2001 and now",
  goal = "kmalloc(n) takes the smallest size class that holds n: compare the waste of the 2.4 general "
      .. "caches and the 6.18 kmalloc caches, and see where 6.x puts an skb head's slack.",
  profile = "linux-6.18-x86_64",
  length = "about 7 minutes (8 steps)",
}

local k24 = sklab.kernel { profile = "linux-2.4.16-i386" }
local k6 = sklab.kernel {}
local old = sklab.layouts("linux-2.4.16", { profile = "linux-2.4.16-i386" })

-- Requests: a byte count, then sizes of real 2.4 structs (i386).
local requests = {
  { 8, "8 bytes" },
  { old.inet_opt.size, "inet_opt" },
  { old.ipv6_pinfo.size, "ipv6_pinfo" },
  { 160, "160 bytes" },
  { old.tcp_opt.size, "tcp_opt" },
  { old.sock.size, "struct sock" },
  { 1500, "1500 bytes" },
}

local rows, names = {}, {}
local waste = { 0, 0 }
for i, r in ipairs(requests) do
  local a, b = k24:kmalloc(r[1]), k6:kmalloc(r[1])
  rows[i] = { n = r[1], what = r[2], old = a.bucket, old_cache = a.cache, new = b.bucket, new_cache = b.cache }
  waste[1] = waste[1] + a.bucket - r[1]
  waste[2] = waste[2] + b.bucket - r[1]
  print(string.format("kmalloc(%4d) %-12s 2.4: %-10s waste %4d   6.18: %-12s waste %4d", r[1], r[2],
    a.cache, a.bucket - r[1], b.cache, b.bucket - r[1]))
  names[#names + 1] = a.cache
  names[#names + 1] = b.cache
end
-- each cache once, in the order met
local caches, seen = {}, {}
for _, n in ipairs(names) do
  if not seen[n] then
    seen[n] = true
    caches[#caches + 1] = n
  end
end

local smallest24, smallest6 = k24:kmalloc(1), k6:kmalloc(1)
scene.show(k24, k6, { titles = { "2.4.16 (i386)", "6.18 (x86_64)" }, caches = caches })
scene.step(string.format("The same %d kmalloc() calls on both kernels. The smallest class is %s in 2.4 "
  .. "and %s in 6.18; 2.4 has only powers of two, 6.18 adds 96 and 192", #requests, smallest24.cache,
  smallest6.cache))
expect(smallest24.bucket == 32 and smallest6.bucket == 8, "smallest classes: 32 and 8 bytes")
k24:kfree(smallest24)
k6:kfree(smallest6)

local r160 = rows[4]
scene.predict("kmalloc(160): which size class serves it in 2.4, and which in 6.18?",
  string.format("%s in 2.4 (%d bytes wasted), %s in 6.18 (%d wasted): the 192 class exists for "
    .. "exactly such sizes", r160.old_cache, r160.old - 160, r160.new_cache, r160.new - 160))
expect(r160.old == 256 and r160.new == 192, "kmalloc(160): size-256 against kmalloc-192")

local xl, pts_old, pts_new = {}, {}, {}
for i, r in ipairs(rows) do
  xl[i] = r.what .. " (" .. r.n .. ")"
  pts_old[i] = { i - 1, r.old - r.n }
  pts_new[i] = { i - 1, r.new - r.n }
end
scene.chart {
  title = "Bytes wasted by kmalloc(n): class size - n",
  ylabel = "bytes wasted",
  bars = true,
  xlabels = xl,
  series = {
    { name = "2.4.16 general caches", points = pts_old },
    { name = "6.18 kmalloc caches", points = pts_new },
  },
}
scene.step(string.format("Waste per call, class size minus request: %d bytes in all for 2.4, %d for "
  .. "6.18. Small and 96/192-sized requests gain most; %s and 1500 bytes still round up to the next "
  .. "power of two in both", waste[1], waste[2], rows[6].what))
expect(waste[2] < waste[1], "6.18's classes waste less on these requests")
expect(rows[7].old == 2048 and rows[7].new == 2048, "1500 bytes: a 2048 class in both eras")

---------------------------------------------------------------------------
-- A thousand of one size: the waste in pages.

local N = 1000
-- fresh kernels, so that the caches hold these objects and nothing else
local f24, f6 = sklab.kernel { profile = "linux-2.4.16-i386" }, sklab.kernel {}
local before24, before6 = f24:ram().used, f6:ram().used
for _ = 1, N do
  f24:kmalloc(r160.n)
  f6:kmalloc(r160.n)
end
local used24, used6 = f24:ram().used - before24, f6:ram().used - before6
scene.show(f24, f6, { titles = { "2.4.16", "6.18" }, caches = { r160.old_cache, r160.new_cache } })
scene.step(string.format("%d x kmalloc(%d): %d KiB of %s slabs in 2.4 against %d KiB of %s in 6.18 "
  .. "(%d KiB of it rounding waste in 2.4, %d in 6.18)", N, r160.n, used24 // 1024, r160.old_cache,
  used6 // 1024, r160.new_cache, N * (r160.old - r160.n) // 1024, N * (r160.new - r160.n) // 1024))
expect(used6 < used24, "the 192 class saves pages")

---------------------------------------------------------------------------
-- An sk_buff head: 2.4 wastes the class's slack, 6.x makes it tailroom.

local s24, s6 = k24:alloc_skb(1000), k6:alloc_skb(1000)
scene.show(k24, k6, { titles = { "2.4.16", "6.18" }, caches = { s24.head_cache, s6.head_cache } })
scene.predict("alloc_skb(1000): the head (1000 bytes of data, then skb_shared_info) comes from kmalloc in "
  .. "both eras. How much tailroom does each get?",
  string.format("%d bytes in 2.4, %d in 6.x, from the same %d-byte class", s24.tailroom, s6.tailroom,
    s6.buf_size))
scene.show(s24, s6)
scene.step(string.format("2.4 puts end at +%d and leaves the %s object's slack after skb_shared_info "
  .. "unused; 6.x places end at the %s object's end minus skb_shared_info (+%d), so the slack "
  .. "becomes tailroom", s24.end_, s24.head_cache, s6.head_cache, s6.end_))
expect(s24.tailroom == 1024 and s6.tailroom == 1728, "tailroom 1024 in 2.4, 1728 in 6.x (skb.md §3)")
