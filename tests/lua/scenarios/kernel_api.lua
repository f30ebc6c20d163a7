-- Title:   kernel bindings — machines, caches, objects and their bytes
-- Goal:    every field and method gives what the allocator says; what the
--          kernel refuses comes back as nil and its reason, word for word
-- Profile: test-i386
scenario {
  title = "Kernel bindings",
  goal = "Kernels, caches and objects from Lua, with the kernel's own refusals",
  profile = "test-i386",
}

local types = sklab.layouts("mini")
local sock = types.sock

-- the machine ------------------------------------------------------------
local k = sklab.kernel { debug_slab = true }
expect(tostring(k) == "kernel(test-i386, slab, 128 MiB)", "tostring(kernel)")
expect(k.profile == "test-i386" and k.allocator == "slab" and k.arch == "i386", "kernel fields")
expect(k.page_size == 4096 and k.cacheline == 32, "page and line size from the profile")
local ram = k:ram()
expect(ram.total == 128 * 1024 * 1024 and ram.page_size == 4096, "k:ram().total")
expect(ram.used > 0 and ram.used + ram.free == ram.total, "boot used some pages")
expect(k:slabinfo():sub(1, 36) == "slabinfo - version: 1.1 (statistics)", "2.4 slabinfo with statistics")

-- a cache typed by a layout ------------------------------------------------
local c = k:cache_create("test", sock, { hwcache_align = true })
expect(c.name == "test" and c.object_size == 84, "the cache takes the layout's size")
expect(c.size == 92, "84 bytes + 8 of red zone (DEBUG_SLAB, under 512 bytes)")
expect(c.type == sock and c.alias_of == nil, "c.type is the layout")
expect(tostring(c) == "cache(test, 92-byte objects)", "tostring(cache)")
local st = c:stats()
expect(st.objsize == 92 and st.size == 92 and st.objs_per_slab == 42, "c:stats() geometry")
expect(st.num_slabs == 0 and st.active_objs == 0 and st.allocs == 0, "no slab yet")
expect(c:info().objs_per_slab == st.objs_per_slab, "c:info() is c:stats()")

local sk = c:alloc { zero = true }
expect(sk.cache == "test" and sk.size == 84 and sk.requested == 84 and sk.bucket == nil, "object fields")
expect(sk.type == sock, "the object has the cache's type")
expect(sk.index == 0 and sk.slab:match("^0xc1%x+000$"), "object 0 of a page-aligned slab")
expect(sk.addr == string.format("0x%x", sk.address), "addr is address in hex")
expect(sk.address % 4 == 0 and sk.address > 0xc0000000, "an i386 direct-map address")
expect(tostring(sk) == "object(test " .. sk.addr .. ")", "tostring(object)")
local st1 = c:stats()
expect(st1.active_objs == 1 and st1.num_slabs == 1 and st1.allocs == 1 and st1.grown == 1, "one object, one slab")
expect(st1.in_use == 1, "2.4 UP: in_use and active_objs agree")
expect(st1.pages == 1 and st1.bytes == 4096, "one page in slabs")

-- bytes through the layout -------------------------------------------------
expect(sk:read("daddr") == 0 and sk:read("stamp") == 0, "zero = true zeroes the object")
sk:write("daddr", 0x0100007f)
sk:write("dport", 0x5000)
expect(sk:read("daddr") == 0x0100007f and sk:read("dport") == 0x5000, "members read back")
expect(sk:read(0) == 0x7f and sk:read(0, 4) == 0x0100007f, "little-endian bytes at offsets")
expect(sk:read(sock:offsetof("dport"), 2) == 0x5000, "an offset and a size reach the same bytes")
sk:write("state")
expect(sk:read("state") == 0xcc, "no value writes the pattern 0xcc")
sk:write("recverr", 1)
sk:write("bsdism", 0)
expect(sk:read("recverr") == 1 and sk:read("bsdism") == 0, "bitfields")
sk:write("bsdism", 1)
expect(sk:read("recverr") == 1 and sk:read("bsdism") == 1, "a bitfield keeps its neighbour")
sk:write("stamp", -1)
expect(sk:read("stamp") == -1, "8 bytes come back as a 64-bit integer")
sk:write("sport", -1)
expect(sk:read("sport") == 0xffff, "reads are unsigned")
sk:write("tp_pinfo", 0x5a)
expect(sk:read("tp_pinfo") == string.rep("5a", sock:member("tp_pinfo").size), "other sizes read as hex")
sk:write(83, 7)
expect(sk:read(83) == 7, "the last byte of the object")

-- a second object, typed at alloc -----------------------------------------
local other = c:alloc { type = types.pair }
expect(other.type == types.pair and other.index == 1, "alloc{type=} overrides the cache's type")
other:write("i", 42)
expect(other:read("i") == 42 and other:read(4, 4) == 42, "struct pair's int at offset 4")

-- frees, double frees and stale handles ---------------------------------------
expect(c:free(other) == true, "c:free returns true")
local ok, msg = pcall(function() return other.addr end)
expect(not ok and msg:match("reading field 'addr' of bad self %(stale object handle: test object 0x%x+ was freed at scenarios/kernel_api%.lua:%d+%)$"),
  "a freed object's handle is stale")
expect(tostring(other):match("^object%(test 0x%x+, freed%)$"), "tostring of a freed object says so")
local r1, r2 = c:free(other)
expect(r1 == nil and r2 == "kernel BUG at slab.c:1423! (kmem_cache_free(test, "
  .. string.format("0x%x", sk.address + 92) .. "): red zone before the object is 0x5a2cf071, not RED_MAGIC2 "
  .. "0x170fc2a5: double free (the object is already free))", "freeing twice: the red zone tells (the report)")

-- the wrong cache: the kernel catches it, the object stays allocated
local c2 = k:cache_create("other", 64)
local r3, r4 = c2:free(sk)
expect(r3 == nil and r4:match("^kernel BUG at slab%.c:%d+!"), "freeing into the wrong cache is a BUG")
expect(sk:read("daddr") == 0x0100007f, "and the object is still alive")

-- kmalloc -------------------------------------------------------------------
local m = k:kmalloc(100)
expect(m.cache == "size-128" and m.requested == 100 and m.bucket == 128 and m.size == 128, "kmalloc(100)")
expect(m.type == nil, "kmalloc objects have no type")
m:write(127, 1)
expect(k:kfree(m) == true, "kfree")
local f1, f2 = k:kfree(m)
expect(f1 == nil and f2:match("^kernel BUG at slab%.c:1423! %(kmem_cache_free%(size%-128, 0x%x+%): red zone"),
  "kfree twice: the red zone says so")
expect(k:kfree(nil) == true, "kfree(NULL) does nothing")
local z = k:kmalloc(0)
expect(z.cache == "size-32" and z.requested == 0 and z.bucket == 32, "2.4: kmalloc(0) is a 32-byte object")
local big, why = k:kmalloc(1 << 30)
expect(big == nil and why == "kmalloc(1073741824): larger than the largest size class (NULL)",
  "kmalloc above the largest class")

-- what kmem_cache_create refuses ------------------------------------------
local d1, d2 = k:cache_create("test", 32)
expect(d1 == nil and d2 == "kernel BUG at slab.c:817! (kmem_cache_create(test): a cache of that name exists)",
  "a duplicate name")
local l1, l2 = k:cache_create("a_name_of_twenty_chars", 32)
expect(l1 == nil and l2 == "kernel BUG at slab.c:641! (cache name \"a_name_of_twenty_chars\" has 22 "
  .. "characters; 2.4 allows at most 18 (CACHE_NAMELEN 20))", "a name too long for 2.4")
local s1, s2 = k:cache_create("tiny", 2)
expect(s1 == nil and s2 == "kernel BUG at slab.c:641! (tiny: size 2 is smaller than a word (4 bytes))",
  "an object smaller than a word")

-- shrink, reap, destroy ------------------------------------------------------
expect(c2:shrink() == 0, "nothing to shrink")
local e1, e2 = c:destroy()
expect(e1 == nil and type(e2) == "string", "destroying a cache with objects fails")
expect(c:free(sk) == true, "the last object goes")
expect(c:shrink() == 1, "its slab is free now: shrink gives it back")
expect(k:reap() >= 0, "k:reap")
expect(c:destroy() == true, "an empty cache is destroyed")
local ok2, msg2 = pcall(function() return c:alloc() end)
expect(not ok2 and msg2:match("calling 'alloc' on bad self %(stale cache handle: test was destroyed%)$"), "its handle is stale")
expect(tostring(c) == "cache(test, destroyed)", "tostring of a destroyed cache")

-- out of memory on a small machine ------------------------------------------
local small = sklab.kernel { ram_mb = 1 }
local pages = small:cache_create("page", 4000)
local n, last = 0, nil
repeat
  local o, reason = pages:alloc()
  if o then n = n + 1 else last = reason end
until not o
expect(n > 200 and n < 256, "a 1 MiB machine holds fewer than 256 one-page objects")
expect(last == "out of memory: cache page needs 4096 bytes for a slab", "then alloc gives nil and the reason")
expect(small:ram().free == 0, "every page is used")

-- 2.4 SMP: a refill moves a batch into the CPU's array; slabinfo counts it all as active
local smp = sklab.kernel { cpus = 2 }
local sc = smp:cache_create("smp", 200)
local so = sc:alloc()
local ss = sc:stats()
expect(ss.in_use == 1 and ss.active_objs > 1 and ss.active_objs <= ss.batchcount,
  "2.4 SMP: active_objs counts the per-CPU array's batch, in_use the one object")
sc:free(so)

-- k:on_cpu / k:cpu: the current CPU for what fn does, restored afterwards
expect(smp.cpus == 2 and smp:cpu() == 0, "two CPUs, CPU 0 at boot")
expect(k.cpus == 1 and k:cpu() == 0, "a UP machine has CPU 0 only")
local r1, r2 = smp:on_cpu(1, function(a, b) return smp:cpu(), a + b end, 2, 3)
expect(r1 == 1 and r2 == 5 and smp:cpu() == 0, "fn runs on CPU 1 with its arguments; CPU 0 afterwards")
local nested = smp:on_cpu(1, function()
  local inner = smp:on_cpu(0, function() return smp:cpu() end)
  return { inner, smp:cpu() }
end)
expect(nested[1] == 0 and nested[2] == 1 and smp:cpu() == 0, "calls nest, each restoring its CPU")
local okc, msgc = pcall(function() smp:on_cpu(1, function() error("inside", 0) end) end)
expect(not okc and msgc == "inside" and smp:cpu() == 0, "an error in fn goes on unchanged; the CPU is restored")
local okr, msgr = pcall(function() smp:on_cpu(2, function() end) end)
expect(not okr and msgr:find("CPU 2: this machine has 2 CPUs (0 to 1)", 1, true) ~= nil,
  "a CPU out of range names the CPU count: " .. tostring(msgr))
-- an object allocated on CPU 0 and freed on CPU 1 lands in CPU 1's array
local so0 = sc:alloc()
local before = sc:stats()
smp:on_cpu(1, function() sc:free(so0) end)
local after = sc:stats()
expect(after.freehit == before.freehit + 1 and after.in_use == before.in_use - 1
  and after.active_objs == before.active_objs, "the free goes into CPU 1's array: still active in slabinfo")

-- SLUB: merging, kmalloc(0) --------------------------------------------------
local x = sklab.kernel { profile = "test-x86_64" }
expect(x.allocator == "slub" and x.arch == "x86_64", "a SLUB machine")
local a = x:cache_create("a", 100)
local b = x:cache_create("b", 100)
expect(b.alias_of == "a" and a.alias_of == nil, "SLUB merges a compatible cache")
local xb = b:alloc()
expect(xb.cache == "a", "an alias's objects live in the cache it merged into")
-- /proc/slabinfo counts the CPU slab's free objects as active; in_use is the one handed out
local xs = a:stats()
expect(xs.in_use == 1 and xs.active_objs == xs.objs_per_slab and xs.objs_per_slab > 1,
  "SLUB: active_objs counts the whole CPU slab, in_use the one object")
expect(xb.addr:match("^0xffff888%x+$") and xb.address < 0, "x86_64 addresses (negative as integers)")
expect(x:slabinfo():match("^slabinfo %- version: 2%.1"), "SLUB prints slabinfo 2.1")
local zz, zwhy = x:kmalloc(0)
expect(zz == nil and zwhy:find("ZERO_SIZE_PTR", 1, true) ~= nil, "SLUB: kmalloc(0) is ZERO_SIZE_PTR, no object")
local xo, xwhy = b:free(xb)
expect(xo == true and xwhy == nil, "freed through the alias")

-- SLUB: kmalloc above the largest class (two pages) is whole pages --------------
-- 2.6.31 __kmalloc(): size > SLUB_MAX_SIZE (2 * PAGE_SIZE) -> kmalloc_large(),
-- __get_free_pages(get_order(size)); 6.18 __do_kmalloc_node() -> __kmalloc_large_node
local used0 = x:ram().used
local lg, lwhy = x:kmalloc(16000)
expect(lg and lg.cache == "kmalloc_large" and lg.requested == 16000 and lg.size == 16384 and lg.bucket == 16384,
  "SLUB: kmalloc(16000) is four pages (order 2) from the page allocator: " .. tostring(lwhy))
expect(lg.index == nil and lg.slab == nil and x:ram().used == used0 + 16384, "no slab, four pages more in use")
lg:write(16383, 0x41)
expect(x:kfree(lg) == true and x:ram().used == used0, "kfree gives the four pages back")
local lg2 = x:kmalloc(8193)
expect(lg2 and lg2.cache == "kmalloc_large" and lg2.size == 16384, "8193 bytes: order 2 as well")
expect(x:kfree(lg2) == true, "kfree of the second")
local top = x:kmalloc(4 << 20)
expect(top and top.size == 4 << 20, "KMALLOC_MAX_SIZE itself: 1024 pages (order 10)")
x:kfree(top)
local over, owhy = x:kmalloc((4 << 20) + 1)
expect(over == nil and owhy:find("order 11", 1, true) and owhy:find("NULL", 1, true),
  "above KMALLOC_MAX_SIZE the page allocator refuses order 11: " .. tostring(owhy))
local tiny = sklab.kernel { profile = "test-x86_64", ram_mb = 2 }
local none, nwhy = tiny:kmalloc(3 << 20)
expect(none == nil and nwhy:find("no free block", 1, true), "a pool too small for order 10: " .. tostring(nwhy))

-- handles from another kernel ---------------------------------------------------
local okk, msgk = pcall(function() return a:free(z) end)
expect(not okk and msgk:match("bad argument #1 to 'c:free' %(the object belongs to another kernel%)$"),
  "objects stay with their kernel")

-- KASAN's quarantine figures need a KASAN kernel ---------------------------------
local nq, nwhy = k:kasan_quarantine()
expect(nq == nil and nwhy == "no KASAN: the quarantine comes with sklab.kernel { kasan = true }",
  "k:kasan_quarantine() without KASAN: nil and why")
