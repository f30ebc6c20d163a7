-- whatif_tcp_sock.lua
-- title:   What if tcp_sock gains 8 bytes? (Linux 6.18)
-- goal:    Ask a layout patch's questions before sending it: what one more
--          u64 in a tcp_sock fast-path group does to the struct's size, its
--          cache lines, the lines the groups touch, and the TCP slab cache.
-- profile: linux-6.18-x86_64
-- length:  about 8 minutes (8 steps)

scenario {
  title = "What if tcp_sock gains 8 bytes? (Linux 6.18)",
  goal = "Ask a layout patch's questions before sending it: what one more u64 in a tcp_sock fast-path "
    .. "group does to the struct's size, its cache lines, the lines the groups touch, and the TCP slab "
    .. "cache.",
  profile = "linux-6.18-x86_64",
  length = "about 8 minutes (8 steps)",
}

local now = sklab.layouts() -- linux-6.18 for the profile's x86_64 ABI and config
local tcp = now.tcp_sock
local LINE = tcp.cacheline
local PAGE = sklab.profile().page_size

-- The TCP cache as tcp_prot creates it: cache-line aligned, SLAB_TYPESAFE_BY_RCU.
local SLAB = { hwcache_align = true, rcu = true, align = tcp.align, name = "TCP" }

-- The six cache-line groups of 2023, as access paths: each group's members.
local groups, order, current = {}, {}, nil
for _, m in ipairs(tcp.members) do
  if m.depth == 0 then
    local b = m.name:match("^__cacheline_group_begin__tcp_sock_(.+)$")
    local e = m.name:match("^__cacheline_group_end__tcp_sock_(.+)$")
    if b then
      current = {}
      groups[b] = current
      order[#order + 1] = b
    elseif e then
      current = nil
    elseif current and m.name ~= "" and m.size > 0 then
      current[#current + 1] = m.name
    end
  end
end
expect(#order == 6, "six cache-line groups")

local function lines(t)
  return t.text:find("[-,]") and "lines " .. t.text or "line " .. t.text
end

-- 25231360 -> "25,231,360"
local function commas(n)
  local s = tostring(n)
  while true do
    local t, k = s:gsub("^(%d+)(%d%d%d)", "%1,%2")
    s = t
    if k == 0 then
      return s
    end
  end
end

---------------------------------------------------------------------------
-- 1. The question.

local NEW = { add = "u64 tx_stamp", after = "tcp_mstamp" }
local one = sklab.whatif { struct = tcp, changes = { NEW }, paths = groups, slab = SLAB }
local b = one.before
print(one:text("table"))

scene.show(tcp, { highlight = groups.write_txrx })
scene.step(string.format("A patch adds u64 tx_stamp to the tcp_sock_write_txrx group, after tcp_mstamp (byte "
  .. "%d). Today tcp_sock is %d bytes in %d lines of %d, ending in %d bytes of padding; the write_txrx "
  .. "group spans %s. sklab.whatif asks what the patch costs before it is sent",
  tcp:offsetof("tcp_mstamp"), b.size, b.cachelines, LINE, b.padding, lines(b.paths.write_txrx)))

---------------------------------------------------------------------------
-- 2. Predict: what does 8 bytes cost?

local a = one.after
scene.predict("tcp_sock gains 8 bytes. How much bigger does it get, and what does the TCP slab cache pay "
  .. "for 10,000 sockets?",
  string.format("Nothing. It stays %d bytes: the %d bytes of padding at the end take the 8 (padding %d -> "
    .. "%d). The cache's slots stay %d bytes, %d to an order-%d slab: %s bytes for 10,000 sockets, before "
    .. "and after", a.size, b.padding, b.padding, a.padding, a.slab_size, a.objs_per_slab, a.order,
    commas(a.bytes)))
expect(one.delta.size == 0 and b.padding == 8 and a.padding == 0, "8 bytes fit in the tail padding")
expect(b.slab_size == 2368 and a.slab_size == 2368 and a.objs_per_slab == 13 and one.delta.bytes == 0,
  "the TCP cache does not change: 2368-byte slots, 13 per slab")

---------------------------------------------------------------------------
-- 3. What moved: every member behind tx_stamp, 8 bytes on.

local moved = {}
for _, g in ipairs(order) do
  if one.delta.lines[g] ~= 0 or b.paths[g].text ~= a.paths[g].text then
    moved[#moved + 1] = g .. " " .. b.paths[g].text .. " -> " .. a.paths[g].text
  end
end
local rq_b, rq_a = b.paths.write_rx.members.rcvq_space, a.paths.write_rx.members.rcvq_space
scene.show(one.layout, { highlight = { "tx_stamp", "rcvq_space" } })
scene.step(string.format("After: tx_stamp at byte %d, and every member behind it 8 bytes on. The groups keep "
  .. "their lines (%s); the only path member to change line is rcvq_space, lines %d-%d -> line %d: "
  .. "it no longer straddles a line", one.layout:offsetof("tx_stamp"),
  #moved == 0 and "no group changed" or table.concat(moved, "; "), rq_b[1], rq_b[2], rq_a[1]))
expect(one.layout:offsetof("tx_stamp") == tcp:offsetof("tcp_mstamp") + 8, "tx_stamp follows tcp_mstamp")
expect(#moved == 0, "no group changes its lines")
expect(rq_b[1] == 28 and rq_b[2] == 29 and rq_a[1] == 29 and rq_a[2] == 29,
  "rcvq_space: lines 28-29 -> line 29")

---------------------------------------------------------------------------
-- 4. A second member has no padding left to hide in.

local two = sklab.whatif { struct = tcp, changes = { NEW, { add = "u64 tx_stamp2", after = "tx_stamp" } },
  paths = groups, slab = SLAB }
local t = two.after
print(two:text("table"))
scene.show(two.layout, { highlight = { "tx_stamp", "tx_stamp2", "line:" .. (t.cachelines - 1) } })
scene.predict("A second u64 goes in after tx_stamp. Now what?",
  string.format("%d bytes: +%d, a %dth cache line, %d bytes of padding (the struct is %d-byte aligned). "
    .. "The slots grow to %d bytes, but SLUB still fits %d in an order-%d slab (%d x %d = %d of %d bytes), "
    .. "so 10,000 sockets still cost %s bytes", t.size, two.delta.size, t.cachelines, t.padding, t.align,
    t.slab_size, t.objs_per_slab, t.order, t.objs_per_slab, t.slab_size, t.objs_per_slab * t.slab_size,
    t.pages_per_slab * PAGE, commas(t.bytes)))
expect(t.size == 2368 and two.delta.size == 64 and t.cachelines == 37,
  "16 bytes cost a whole line: 2368 bytes")
expect(t.slab_size == 2432 and t.objs_per_slab == 13 and t.order == 3 and two.delta.bytes == 0,
  "2432-byte slots, still 13 per order-3 slab")

---------------------------------------------------------------------------
-- 5. How much room is left before the slab loses a socket?

local points, cliff, steps, last = {}, nil, {}, b.bytes
for n = 0, 640, 8 do
  local r = sklab.whatif { struct = tcp, slab = SLAB,
    changes = n > 0 and { { add = "u8 tx_extra[" .. n .. "]", after = "tcp_mstamp" } } or {} }
  points[#points + 1] = { n, r.after.bytes / (1024 * 1024) }
  if not cliff and r.after.objs_per_slab < b.objs_per_slab then
    cliff = { n = n, r = r }
  end
  if r.after.bytes ~= last then
    steps[#steps + 1] = string.format("+%d: %d per slab", n, r.after.objs_per_slab)
    last = r.after.bytes
  end
end
local c = cliff.r.after
scene.chart {
  title = "What 10,000 TCP sockets cost as tcp_sock grows (SLUB, 32 KiB slabs)",
  xlabel = "bytes added to tcp_sock",
  ylabel = "MiB of slabs",
  series = { { name = "TCP cache, 10,000 sockets", points = points } },
}
scene.step(string.format("Growing tcp_sock 8 bytes at a time: %d per slab holds up to +%d bytes. At +%d the "
  .. "struct is %d bytes, the slots %d, %d fit a slab, and 10,000 sockets need %s more bytes (%d slabs "
  .. "instead of %d). The steps: %s", b.objs_per_slab, cliff.n - 8, cliff.n, c.size, c.slab_size,
  c.objs_per_slab, commas(cliff.r.delta.bytes), c.slabs, b.slabs, table.concat(steps, ", ")))
expect(cliff.n == 144 and c.size == 2496 and c.slab_size == 2560 and c.objs_per_slab == 12,
  "at +144 bytes: 2496-byte tcp_sock, 12 per slab")
expect(cliff.r.delta.bytes == 2097152, "one socket fewer per slab costs 2 MiB per 10,000 sockets")

---------------------------------------------------------------------------
-- 6. The answer for the patch.

-- The same question on the command line (a --path NAME=m1,m2,... per group adds their rows).
print("sklab whatif --hwcache --rcu --align 64 --cache TCP linux-6.18/tcp_sock "
  .. "'" .. one.changes[1] .. "'")
scene.show(tcp, one.layout, { highlight = { "tx_stamp", "tcp_mstamp" } })
scene.step(string.format("Before (left) and after (right). The first 8 bytes are free: %d bytes, %d "
  .. "lines, %d per slab, every group on its lines. The next 8 cost a line, 64 bytes a socket, no memory "
  .. "yet; past +%d bytes the TCP cache needs %d%% more slabs", a.size, a.cachelines,
  a.objs_per_slab, cliff.n - 8,
  math.floor((c.slabs / b.slabs - 1) * 100 + 0.5)))
