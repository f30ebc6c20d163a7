-- slub_debug_report.lua
-- title:   Reading SLUB debug and KASAN reports: a kmalloc overflow and a double free
-- goal:    Boot with slub_debug=FZPU, see what red zones, poison and the
--          alloc/free tracks add to each slot, overflow a kmalloc() buffer
--          by one byte and free an object twice, and read the reports the
--          allocator prints; then the same bugs under KASAN, caught at the
--          write, and a use after free that KASAN's quarantine keeps visible.
-- profile: linux-6.18-x86_64
-- length:  about 12 minutes (14 steps)

scenario {
  title = "Reading SLUB debug and KASAN reports: a kmalloc overflow and a double free",
  goal = "What slub_debug=FZPU adds to each slot, and how SLUB reports a one-byte kmalloc overflow "
      .. "and a double free when the object is freed; then KASAN, which catches the same write as it happens.",
  profile = "linux-6.18-x86_64",
  length = "about 12 minutes (14 steps)",
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

local full = k:report()
expect(full and full:find("\nFIX " .. cache .. ": Object at " .. victim .. " not freed", 1, true),
  "the whole report ends with the FIX lines")
-- The alloc track names the caller (_RET_IP_ of kmalloc): here the scenario's line.
local alloc_at = full:match("\nAllocated in (%S+) age=%d+ cpu=%d+ pid=%d+\n __kmalloc_noprof\n")
expect(alloc_at and alloc_at:match("^slub_debug_report%.lua:%d+$"),
  "the alloc track names the line that called kmalloc(): " .. tostring(alloc_at))
scene.show(k, { caches = { cache }, report = full,
  mark = { "Redzone overwritten", "BUG " .. cache, "First byte", " a5 41 cc", "FIX " } })
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
local freed_at = k:report():match("\nFreed in (%S+) age=")
expect(freed_at and freed_at:match("^slub_debug_report%.lua:%d+$") and freed_at ~= alloc_at,
  "the free track names the line of the first kfree(): " .. tostring(freed_at))
scene.show(k, { caches = { cache }, report = k:report(),
  mark = { "Object already free", "Freed in", "FIX " } })
scene.step("After the double free of " .. addr .. ": SLUB refuses it (\"Object already free\"), "
  .. "prints the report and leaves the object where it is, so the freelist stays sound")

---------------------------------------------------------------------------
-- 4. The same bug under KASAN: caught at the write, not at kfree().

local kk = sklab.kernel { kasan = true }
local kbuf = kk:kmalloc(REQ)
kbuf:write(REQ, 0x41) -- the same buf[100] = 'A'
local kreport = kk:kasan_report()
local kslot
for line in kk:slabinfo():gmatch("[^\n]+") do
  if line:sub(1, #kbuf.cache + 1) == kbuf.cache .. " " then
    kslot = tonumber(line:match("^%S+%s+%d+%s+%d+%s+(%d+)"))
  end
end
print(kreport)
local bug = kreport:match("BUG: KASAN: [^\n]*")
local where = kreport:match("The buggy address is located [^\n]*\n[^\n]*")
local shadow_row = kreport:match("\n(>[^\n]*)")
scene.predict("Boot the same kernel with KASAN instead (CONFIG_KASAN_GENERIC) and write buf[" .. REQ
  .. "] again. KASAN keeps one shadow byte for every 8 bytes: which shadow byte stops the write?",
  "the one for bytes 96-103: it says only the first 4 are the object's (04); byte " .. REQ .. " is past them, "
  .. "so the access is reported before it happens")
expect(bug and bug:match("^BUG: KASAN: slab%-out%-of%-bounds in "), "KASAN names the bug at the write: " .. tostring(bug))
expect(kreport:match("Write of size 1 at addr " .. kbuf.addr:sub(3, -3)), "it gives the access and its address")
expect(where and where:match("0 bytes to the right of\n allocated " .. REQ .. "%-byte region"),
  "the region is the " .. REQ .. " bytes asked for, not the 128 of the bucket")
expect(shadow_row and shadow_row:match(" 04 fc "), "the shadow row: 12 zero bytes, 04, then red zone (fc)")
scene.show(kk, { caches = { kbuf.cache }, report = kreport,
  mark = { "BUG: KASAN", "Write of size", "to the right of", "allocated " .. REQ, ">ffff", "^" } })
scene.step("KASAN stops the write itself: \"slab-out-of-bounds ... 0 bytes to the right of allocated "
  .. REQ .. "-byte region\": the " .. REQ .. " bytes asked for, not kmalloc-128's 128. The object's shadow: "
  .. "00 x12, 04, fc fc fc. KASAN's red zone grows each slot to " .. kslot .. " bytes")

local kobj = kk:kmalloc(REQ)
kk:kfree(kobj)
local kok, kfirst = kk:kfree(kobj)
expect(kok == nil and kfirst == "BUG: KASAN: double-free in kfree", "KASAN catches the double free: " .. tostring(kfirst))
scene.show(kk, { caches = { kbuf.cache }, report = kk:kasan_report(),
  mark = { "BUG: KASAN", "Freed by task", ">ffff", "^" } })
scene.step("A double free under KASAN: \"" .. kfirst .. "\". The freed object's shadow is fa fb fb ... "
  .. "(fa: freed, the free track kept), so the second kfree() is reported, with the stacks of the "
  .. "allocation and of the first free, and not done")

---------------------------------------------------------------------------
-- 5. A use after free: kfree(p), kmalloc() of the same size, then p[8].

local plain = sklab.kernel {}
local pp = plain:kmalloc(REQ)
local pp_addr = pp.addr
plain:kfree(pp)
local pq = plain:kmalloc(REQ)
expect(pq.addr == pp_addr, "without KASAN, SLUB's LIFO freelist hands the freed object straight back")

local p = kk:kmalloc(REQ)
local p_addr = p.addr
kk:kfree(p)
local fresh = kk:kmalloc(REQ)
local q = kk:kasan_quarantine()
p:read(8, 8) -- the dangling pointer: 8 bytes at p + 8
local ureport = kk:kasan_report()
print(ureport)
local ubug = ureport:match("BUG: KASAN: [^\n]*")
scene.predict("kfree(p), then kmalloc(" .. REQ .. ") again, then read 8 bytes at p + 8. Without KASAN the "
  .. "second kmalloc gets p's object back (" .. pq.addr .. "): the read sees the new owner's data and nobody "
  .. "notices. What changes under KASAN?",
  "the freed object waits in KASAN's quarantine, still poisoned (fa fb ...), so kmalloc returns "
  .. fresh.addr .. " instead and the read through p is a slab-use-after-free")
expect(fresh.addr ~= p_addr, "KASAN's quarantine keeps the freed object from the next kmalloc")
expect(q.objects >= 1 and q.cpu_bytes >= kslot and q.max_size == (512 // 32 - 2) * 1024 * 1024,
  "the object waits in CPU 0's queue; the quarantine may hold 512 MiB / 32 less 1 MiB per CPU")
expect(ubug and ubug:match("^BUG: KASAN: slab%-use%-after%-free in "), "KASAN names it: " .. tostring(ubug))
expect(ureport:match("Read of size 8 at addr " .. p_addr:sub(3, -3)), "the read and its address")
expect(ureport:match("located 8 bytes inside of\n freed " .. kbuf.bucket .. "%-byte region"),
  "the buggy address is inside the freed object")
scene.show(kk, { caches = { kbuf.cache }, report = ureport,
  mark = { "BUG: KASAN", "Read of size 8", "Freed by task", "freed " .. kbuf.bucket .. "-byte region", ">ffff", "^" } })
scene.step("\"" .. ubug .. "\": the freed object is in KASAN's quarantine (" .. q.objects .. " objects, "
  .. q.bytes .. " bytes on CPU 0's queue), off the freelist until about " .. ((q.max_size + q.percpu_size) >> 20)
  .. " MiB more are freed (" .. (q.percpu_size >> 20) .. " MiB fills the queue, then the global batches hold "
  .. (q.max_size >> 20) .. "), so the stale read hits poisoned shadow. Both stacks are named: who allocated it, who freed it")
