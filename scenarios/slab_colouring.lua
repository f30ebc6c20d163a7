-- slab_colouring.lua
-- title:   Slab colouring: why each 2.4 slab starts its objects a line later
-- goal:    See how the 2.4 SLAB allocator spends a slab's left-over bytes
--          on colour offsets, so that object 0 of successive slabs falls in
--          different cache sets, and what that does to L1 misses.
-- profile: linux-2.4.16-i386
-- length:  about 8 minutes (8 steps)

scenario {
  title = "Slab colouring: why each 2.4 slab starts its objects a line later",
  goal = "The 2.4 SLAB allocator turns a slab's left-over bytes into colour offsets that cycle from slab "
      .. "to slab, so the same object index lands in different cache sets.",
  profile = "linux-2.4.16-i386",
  length = "about 8 minutes (8 steps)",
}

-- A production 2.4 kernel (no DEBUG_SLAB: no red zones, objects stay
-- 32-byte aligned) and the 2.5 udp_sock of the Dec 2001 cleanup.
local types = sklab.layouts("linux-2.4.16")
local k = sklab.kernel {}
local udp = k:cache_create("udp_sock", types.udp_sock, { hwcache_align = true })
local st = udp:stats()
local L1 = k.cacheline

-- Offset of an object in its slab's first page.
local function offset_in_slab(obj)
  return obj.address - tonumber(obj.slab:sub(3), 16)
end

-- Allocates n slabs' worth of objects; returns object 0 of each slab.
local function fill(cache, nslabs)
  local firsts = {}
  local per = cache:stats().objs_per_slab
  for i = 0, nslabs * per - 1 do
    local o = cache:alloc { zero = true }
    if i % per == 0 then
      firsts[#firsts + 1] = o
    end
  end
  return firsts
end

---------------------------------------------------------------------------
-- 1. One slab: where the left-over bytes go.

local firsts = fill(udp, 1)
scene.show(k, { caches = { "udp_sock" } })
scene.step(string.format("udp_sock: %d-byte objects (%d rounded to %d-byte lines), %d per %d-byte page, "
  .. "%d bytes of slab_t + bufctl in front: %d bytes are left over, %d colours of %d bytes",
  st.objsize, types.udp_sock.size, L1, st.objs_per_slab, k.page_size, st.mgmt_size, st.left_over,
  st.colour, st.colour_off))
expect(st.left_over == k.page_size - st.objs_per_slab * st.objsize - st.mgmt_size,
  "left over = page - objects - management")
expect(st.colour == st.left_over // st.colour_off and st.colour_off == L1, "one colour per spare line")

---------------------------------------------------------------------------
-- 2. More slabs: the colour offset moves on by one line per slab grown.

local NSLABS = st.colour + 2
local more = fill(udp, NSLABS - 1) -- on screen only from the next scene.show
table.insert(more, 1, firsts[1])
local seen, offs = {}, {}
for i, o in ipairs(more) do
  seen[i] = offset_in_slab(o)
  offs[i] = st.mgmt_size + ((i - 1) % st.colour) * st.colour_off
end
print("object 0 of each slab at page offset: " .. table.concat(seen, " "))
scene.predict(string.format("Now %d slabs grow, one after another. At which offset in its page does "
  .. "each slab's object 0 start?", NSLABS),
  "at " .. table.concat(seen, ", ") .. ": colour x " .. st.colour_off .. " bytes first, then the management "
  .. "area (slab_t and the bufctls, " .. st.mgmt_size .. " bytes), with colour counting 0.." .. (st.colour - 1)
  .. " and wrapping round")
expect(table.concat(seen, ",") == table.concat(offs, ","),
  "each new slab's objects start one colour (" .. st.colour_off .. " bytes) later, then wrap")
scene.show(k, { caches = { "udp_sock" } })
scene.step("The hatched colour area grows by " .. st.colour_off .. " bytes a slab (newest slab first): "
  .. "object 0 sits at " .. table.concat(seen, ", ") .. ". Slab " .. (st.colour + 1) .. " starts over at "
  .. seen[st.colour + 1]
  .. ": the left-over bytes move from the end of the page to the front, nothing more is spent")

---------------------------------------------------------------------------
-- 3. What it buys: object 0 of every slab in different L1 sets.

local cm = sklab.cache {} -- the profile's Pentium III: 16 KiB 4-way L1d, 32-byte lines
local plain = sklab.cache {}
local l1 = cm:stats().L1d
local function set_of(addr)
  return (addr // l1.line) % l1.sets
end
local coloured, uncoloured, sets_c, sets_u = {}, {}, {}, {}
for i, o in ipairs(more) do
  coloured[i] = o.address
  uncoloured[i] = o.address - seen[i] + st.mgmt_size -- the same slab with colour 0
  sets_c[#sets_c + 1] = set_of(coloured[i])
  sets_u[#sets_u + 1] = set_of(uncoloured[i])
end
local ROUNDS = 10
for _ = 1, ROUNDS do
  for i = 1, #more do
    cm:access(coloured[i], 4)
    plain:access(uncoloured[i], 4)
  end
end
local miss_c, miss_u = cm:stats().L1d.misses, plain:stats().L1d.misses
print("L1d sets, coloured: " .. table.concat(sets_c, " ") .. "; uncoloured: " .. table.concat(sets_u, " "))

scene.predict(string.format("A hash walk reads the first word of object 0 in each of the %d slabs, %d "
  .. "times round. The L1d is %d-way with %d sets of %d-byte lines. How many misses with colouring, "
  .. "and how many if every slab started at offset %d?", #more, ROUNDS, l1.assoc, l1.sets, l1.line,
  st.mgmt_size),
  string.format("%d coloured (the first round only: sets %s) against %d uncoloured: all %d lines "
    .. "map to set %d, %d lines for %d ways, and LRU evicts each one just before it is needed again",
    miss_c, table.concat(sets_c, " "), miss_u, #more, sets_u[1], #more, l1.assoc))
expect(miss_c == #more, "coloured: only compulsory misses")
expect(miss_u == #more * ROUNDS, "uncoloured: every access misses (the set thrashes)")
scene.show(plain, { title = "L1d without colouring: one set, " .. #more .. " lines" })
scene.step(string.format("Without colouring every page-aligned slab puts object 0 in set %d: %d misses "
  .. "in %d reads. With it: %d", sets_u[1], miss_u, #more * ROUNDS, miss_c))

---------------------------------------------------------------------------
-- 4. Big objects leave nothing to colour.

local tcp = k:cache_create("tcp_sock", types.tcp_sock, { hwcache_align = true })
local ts = tcp:stats()
local t0 = fill(tcp, 3)
local toffs = {}
for i, o in ipairs(t0) do
  toffs[i] = offset_in_slab(o)
end
scene.show(k, { caches = { "udp_sock", "tcp_sock" } })
scene.step(string.format("tcp_sock: %d-byte objects, %d per page, %d bytes left over: %d colour%s, so "
  .. "object 0 of every slab starts at %s -- big objects leave no spare line to move",
  ts.objsize, ts.objs_per_slab, ts.left_over, ts.colour, ts.colour == 1 and "" or "s",
  table.concat(toffs, ", ")))
expect(ts.colour <= 1 and toffs[1] == toffs[2] and toffs[2] == toffs[3], "tcp_sock: no colouring")
