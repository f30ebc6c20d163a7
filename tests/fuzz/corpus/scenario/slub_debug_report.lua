-- slub_debug_report.lua
-- title:   Reading a SLUB debug report: a kmalloc overflow and a double free
-- goal:    Boot with slub_debug=FZPU, see what red zones, poison and the
--          alloc/free tracks add to each slot, overflow a kmalloc() buffer
--          by one byte and free an object twice, and read the reports the
--          allocator prints. (sklab models no KASAN: see the last step.)
-- profile: linux-6.18-x86_64
-- length:  about 7 minutes (8 steps)

scenario {
  title = "Reading a SLUB debug report: a kmalloc overflow and a double free",
  goal = "What slub_debug=FZPU adds to each slot, and how SLUB reports a one-byte kmalloc overflow "
      .. "and a double free when the object is freed.",
  profile = "linux-6.18-x86_64",
  length = "about 7 minutes (8 steps)",
}

local k = sklab.kernel { slub_debug = "FZPU" }
local REQ = 100
local buf = k:kmalloc(REQ)
local cache = buf.cache
-- The kmalloc cache's line in /proc/slabinfo: objsize is the whole slot.
local slot, per, pages
for line in k:slabinfo():gmatch("[^\n]+") do
  if line:sub(1, #cache + 1) == cache .. " " then
    print(line)
    slot, per, pages = line:match("^%S+%s+%d+%s+%d+%s+(%d+)%s+(%d+)%s+(%d+)")
    slot, per, pages = tonumber(slot), tonumber(per), tonumber(pages)
  end
end
-- buf is object 0 of its slab: what comes before it is the left red zone.
local left = buf.address - tonumber(buf.slab:sub(3), 16)

---------------------------------------------------------------------------
-- 1. The debug slot: left red zone, object, right red zone / free pointer,
-- two tracks and kmalloc's orig_size, padding.

scene.show(k, { caches = { cache } })
scene.step(string.format("slub_debug=FZPU: kmalloc(%d) comes from %s, but each slot is now %d bytes, "
  .. "not %d: a %d-byte left red zone (kmalloc caches align to their size), the object, the free "
  .. "pointer after it, alloc and free tracks, padding. %d slots per %d-page slab", REQ, cache, slot,
  buf.bucket, left, per, pages))
expect(buf.index == 0 and left == buf.bucket, "the left red zone is as big as the alignment, 128")
expect(buf.bucket == 128 and buf.requested == REQ, "kmalloc(100) is served by the 128 class")

---------------------------------------------------------------------------
-- 2. One byte too far: inside the 128-byte object, past the 100 asked for.

local victim = buf.addr
buf:write(REQ, 0x41) -- buf[100] = 'A'
local ok, report = k:kfree(buf)
print(report)
scene.predict(string.format("The code writes buf[%d] = 'A' into its kmalloc(%d) buffer. The byte is "
  .. "inside the %d-byte object, so no neighbour is hurt. Does SLUB notice, and when?", REQ, REQ,
  buf.bucket),
  "yes, but only at kfree(): with U, SLUB keeps the " .. REQ .. " bytes asked for and checks bytes "
  .. REQ .. "-" .. (buf.bucket - 1) .. " as a red zone (0xcc) when the object comes back")
expect(ok == nil and report:match("^%[kmalloc Redzone overwritten%]"),
  "kfree() reports the kmalloc red zone overwritten")
expect(report:match("First byte 0x41 instead of 0xcc"), "the report names the byte written and the pattern")

scene.show(k, { caches = { cache } })
scene.step(report:gsub(" %(a write past.*$", "") .. " -- the area, the bytes hit, and what was there "
  .. "instead of 0xcc. The object " .. victim .. " stays allocated (FIX: not freed)")

---------------------------------------------------------------------------
-- 3. A double free.

local obj = k:kmalloc(REQ)
local addr = obj.addr
k:kfree(obj)
local ok2, report2 = k:kfree(obj) -- the stale handle can still be freed again
print(report2)
scene.predict("Now kfree() the same pointer twice. What stops the second one?",
  "the consistency checks (F) find the object already on its slab's freelist. The report: " .. report2)
expect(ok2 == nil and report2:match("Object already free"), "the second kfree() is caught")
scene.show(k, { caches = { cache } })
scene.step("After the double free of " .. addr .. ": SLUB refuses it (\"Object already free\"), "
  .. "prints the report and leaves the object where it is, so the freelist stays sound")

---------------------------------------------------------------------------
-- 4. KASAN.

scene.step("A KASAN kernel would stop at the write itself (\"BUG: KASAN: slab-out-of-bounds\", with the "
  .. "task's stack). sklab models no KASAN, so this scenario uses SLUB's red zone, checked only at "
  .. "kfree(). The full SLUB reports are BUG events of the run (--report FILE.json)")
