-- smp_sock_2001.lua
-- title:   The 2001 socket caches on a 4-way and an 8-way 2.4.16
-- goal:    See what "UP and SMP (4 and 8 way)" meant for the allocator in
--          the struct sock thread: each CPU's cpucache_t array in front of
--          every socket cache (limit and batchcount as /proc/slabinfo shows
--          them), a socket allocated on one CPU and freed on another, the
--          batch refills and flushes of a connect/close loop, and the
--          objects parked in arrays that slabinfo counts as active.
-- profile: linux-2.4.16-i386
-- length:  about 10 minutes (8 steps)

scenario {
  title = "The 2001 socket caches on a 4-way and an 8-way 2.4.16",
  goal = "Per-CPU arrays in front of the socket caches: limit and batchcount, a socket freed on another "
      .. "CPU, batch refills and flushes, and the parked objects slabinfo calls active.",
  profile = "linux-2.4.16-i386",
  length = "about 10 minutes (8 steps)",
}

-- The caches of the thread after RFC 4 (assets/layouts/linux-2.4.16/cleanup.lua),
-- made as sock_cleanup_2001.lua makes them: SLAB_HWCACHE_ALIGN, with
-- CONFIG_DEBUG_SLAB so that slabinfo prints the statistics columns. On an
-- SMP kernel slabinfo 1.1 adds " : limit batchcount" and, with the
-- statistics, allochit allocmiss freehit freemiss (2.4.16 mm/slab.c
-- proc_getdata()).
-- Beside them, the unpatched kernel's one "sock" cache at the thread's
-- 1056 bytes (the seed box's slabinfo line), the size that crosses
-- enable_cpucache()'s 1024-byte step.
local types = sklab.layouts("linux-2.4.16")
local NAMES = { "sock", "tcp_sock", "udp_sock", "raw4_sock", "unix_sock" }

local function boot(cpus)
  local k = sklab.kernel { cpus = cpus, debug_slab = true }
  local caches = {}
  for _, n in ipairs(NAMES) do
    if n == "sock" then
      caches[n] = k:cache_create(n, 1056, { hwcache_align = true, type = types.sock })
    else
      caches[n] = k:cache_create(n, types[n], { hwcache_align = true })
    end
  end
  return k, caches
end

-- /proc/slabinfo's line for one cache, whitespace squeezed.
local function line_of(k, name)
  for l in k:slabinfo():gmatch("[^\n]+") do
    if l:match("^" .. name .. "%s") then
      return (l:gsub("%s+", " "))
    end
  end
end

-- Each CPU's array: the objects in it, read on that CPU (c:stats() gives
-- the current CPU's cpu_avail and limit).
local function arrays(k, c)
  local out = {}
  for cpu = 0, k.cpus - 1 do
    out[cpu] = k:on_cpu(cpu, function() return c:stats().cpu_avail end)
  end
  return out
end

local function sum(t, n)
  local s = 0
  for i = 0, n - 1 do
    s = s + t[i]
  end
  return s
end

---------------------------------------------------------------------------
-- 1. enable_cpucache(): an array per CPU per cache, sized by objsize.

local k4, c4 = boot(4)
local fat, tcp = c4.sock:stats(), c4.tcp_sock:stats()
local head = k4:slabinfo():match("^[^\n]+")
-- `grep sock /proc/slabinfo` as the kernel prints it, under its header
local grep = { head }
for l in k4:slabinfo():gmatch("[^\n]+") do
  if l:match("^%S*sock%S*%s") then
    grep[#grep + 1] = l
  end
end
print(table.concat(grep, "\n"))
scene.show(table.concat(grep, "\n"), { title = "grep sock /proc/slabinfo (4-way, empty caches)",
  mark = { ":   60   30 :" } })
scene.step(string.format("A 4-way 2.4.16: every cache gets a cpucache_t array per CPU, sized by "
  .. "enable_cpucache() from objsize: the 1056-byte sock gets limit %d, batchcount %d; tcp_sock (%d bytes) "
  .. "and the other per-protocol caches, all under 1025, get %d and %d: slabinfo's \": limit batchcount\"",
  fat.limit, fat.batchcount, tcp.objsize, tcp.limit, tcp.batchcount))
expect(head == "slabinfo - version: 1.1 (statistics) (SMP)", "an SMP kernel with statistics: " .. head)
expect(fat.objsize == 1056 and fat.limit == 60 and fat.batchcount == 30,
  "sock is over 1024 bytes: limit 60, batchcount 30")
expect(tcp.objsize > 256 and tcp.objsize <= 1024 and tcp.limit == 124 and tcp.batchcount == 62,
  "tcp_sock is 257..1024 bytes: limit 124, batchcount 62")
expect(line_of(k4, "sock"):find(" : 60 30 : 0 0 0 0$") ~= nil, "slabinfo prints sock's 60 30")
for _, n in ipairs { "tcp_sock", "udp_sock", "raw4_sock", "unix_sock" } do
  expect(line_of(k4, n):find(" : 124 62 : 0 0 0 0$") ~= nil, "slabinfo prints " .. n .. "'s 124 62")
end

---------------------------------------------------------------------------
-- 2. The first socket on CPU 0: a miss, a new slab, a batch into the array.
-- Steps 2 to 4 use the unpatched kernel's sock cache: every TCP socket of
-- the thread's 2.4.16 lat_connect runs was one of its objects.

local ct = c4.sock
local first = k4:on_cpu(0, function() return ct:alloc { zero = true } end)
local s1 = ct:stats()
local a1 = arrays(k4, ct)
scene.show(k4, { caches = { "sock" } })
scene.step(string.format("socket() on CPU 0: the empty array misses, kmem_cache_alloc_batch() finds no "
  .. "slab, kmem_cache_grow() adds one and the second try moves its %d objects into CPU 0's array "
  .. "(a batch stops when the slabs run dry). One is handed out, %d wait in the array: slabinfo says %d "
  .. "active for %d in use", s1.objs_per_slab, a1[0], s1.active_objs, s1.in_use))
expect(s1.allocmiss == 2 and s1.grown == 1, "two misses around one kmem_cache_grow()")
expect(a1[0] == s1.objs_per_slab - 1 and a1[1] == 0 and a1[2] == 0 and a1[3] == 0,
  "the whole slab went to CPU 0's array but the one handed out")
expect(s1.active_objs == s1.objs_per_slab and s1.in_use == 1,
  "slabinfo counts the parked objects as active")

---------------------------------------------------------------------------
-- 3. Allocated on CPU 0, freed on CPU 2.

local first_addr = first.addr
k4:on_cpu(2, function() ct:free(first) end)
local s2 = ct:stats()
local a2 = arrays(k4, ct)
scene.show(k4, { caches = { "sock" } })
scene.step(string.format("close() runs on CPU 2: __kmem_cache_free() pushes the socket onto the freeing "
  .. "CPU's array, not the one it came from. CPU 0 holds %d, CPU 2 holds %d; slabinfo still says %d "
  .. "active, with none in use", a2[0], a2[2], s2.active_objs))
expect(a2[0] == a1[0] and a2[2] == 1, "the socket went into CPU 2's array; CPU 0's is unchanged")
expect(s2.active_objs == s1.active_objs and s2.in_use == 0 and s2.freehit == 1,
  "a free into an array is a freehit and leaves the slab's count alone")
local again = k4:on_cpu(2, function() return ct:alloc {} end)
expect(again.addr == first_addr, "the next socket() on CPU 2 gets the same object back (LIFO)")
k4:on_cpu(2, function() ct:free(again) end)

---------------------------------------------------------------------------
-- 4. A connect/close loop split over two CPUs: sockets made on CPU 0,
-- closed on CPU 1. CPU 0's array keeps running dry and refilling from the
-- slabs; CPU 1's fills to its limit and flushes batchcount objects back
-- with free_block() (2.4.16 gives back the top of the array).

local N = 300
local before = ct:stats()
for _ = 1, N do
  local sk = k4:on_cpu(0, function() return ct:alloc {} end)
  k4:on_cpu(1, function() ct:free(sk) end)
end
local s4 = ct:stats()
local a4 = arrays(k4, ct)
local misses = s4.allocmiss - before.allocmiss
local grows = s4.grown - before.grown
local hits = (s4.allochit - before.allochit) + (s4.freehit - before.freehit)
local flushes = s4.freemiss - before.freemiss
scene.show(k4, { caches = { "sock" } })
scene.step(string.format("%d connections made on CPU 0 and closed on CPU 1: CPU 0 missed %d times (%d "
  .. "kmem_cache_grow() calls before CPU 1 first gave objects back, then refills of %d); CPU 1 filled to "
  .. "%d and flushed %d with free_block() %d times. %d of the %d calls touched only an array; the arrays "
  .. "park %d of %d active sockets", N, misses, grows, s4.batchcount, s4.limit, s4.batchcount, flushes,
  hits, 2 * N, sum(a4, 4), s4.active_objs))
-- CPU 0: its 6 parked objects, then a grow (two misses, 7 objects) every
-- 7 sockets until CPU 1's first flush (free 61): 8 grows; then a refill of
-- 30 at sockets 63, 93, ..., 273: 8 more misses. CPU 1 takes frees 1..60
-- as hits; every 30th after that finds the array full: 61, 91, ..., 271
-- (8 flushes), leaving 31 + 29 = 60.
expect(grows == 8 and misses == 24, "CPU 0: 8 grows (16 misses) and 8 refills")
expect(flushes == 8 and a4[1] == 60, "CPU 1: 8 flushes of 30, the array full (60) at the end")
expect(hits == 2 * N - 16 - 8, "every alloc but the 16 that missed and every free but the 8 flushes hit")
expect(a4[0] == 2 and a4[2] == 1 and a4[3] == 0, "CPU 0 keeps 2 of its last refill, CPU 2 its one socket")
expect(s4.active_objs == s4.in_use + sum(a4, 4) and s4.in_use == 0 and s4.active_objs == 63,
  "active_objs = in use (none) + every CPU's array: 63, all 9 slabs")

---------------------------------------------------------------------------
-- 5. UP against SMP: the same loop on one CPU.

local up = sklab.kernel { cpus = 1, debug_slab = true }
local ut = up:cache_create("sock", 1056, { hwcache_align = true, type = types.sock })
for _ = 1, N do
  ut:free(ut:alloc {})
end
local su = ut:stats()
local uphead = up:slabinfo():match("^[^\n]+")
scene.show(up, k4, { titles = { "UP", "4-way" }, caches = { "sock" } })
scene.step(string.format("The same %d connections on the UP kernel (no \"(SMP)\" in slabinfo, no limit "
  .. "columns): every socket() and close() takes the slab lists under the cache's lock, and the one "
  .. "object goes back and forth: %d slab, %d active. The 4-way's made-here, closed-there loop holds %d "
  .. "slabs and parks %d sockets: what the thread's SMP runs exercised", N, su.num_slabs, su.active_objs,
  s4.num_slabs, s4.active_objs))
expect(uphead == "slabinfo - version: 1.1 (statistics)", "UP: no SMP columns")
expect(su.limit == 0 and su.allochit == 0 and su.num_slabs == 1 and su.active_objs == 0,
  "UP: no per-CPU array, one slab, nothing left active")
expect(s4.num_slabs == 9, "the 4-way holds 9 slabs")

---------------------------------------------------------------------------
-- 6. The 8-way box: the same caches, twice the arrays.

local k8, c8 = boot(8)
local parked, bytes = 0, 0
for _, n in ipairs(NAMES) do
  local st = c8[n]:stats()
  parked = parked + st.limit * k8.cpus
  bytes = bytes + st.limit * k8.cpus * st.objsize
end
-- every CPU opens 100 sockets of each kind, then closes them
for cpu = 0, k8.cpus - 1 do
  k8:on_cpu(cpu, function()
    for _, n in ipairs(NAMES) do
      local held = {}
      for i = 1, 100 do
        held[i] = c8[n]:alloc {}
      end
      for i = 1, 100 do
        c8[n]:free(held[i])
      end
    end
  end)
end
local t8 = c8.tcp_sock:stats()
local a8 = arrays(k8, c8.tcp_sock)
scene.show(k8, { caches = NAMES })
scene.step(string.format("An 8-way box: each CPU opened and closed 100 sockets of each kind. Every "
  .. "tcp_sock array now holds %d, below its limit of %d, so nothing went back: %d parked sockets in %d "
  .. "slabs, none in use. Full, the arrays of these 5 caches on %d CPUs would park %d sockets, %d KiB",
  a8[0], t8.limit, sum(a8, 8), t8.num_slabs, k8.cpus, parked, bytes // 1024))
expect(k8.cpus == 8 and t8.limit == 124, "8 CPUs, the same limit per CPU")
expect(a8[0] == 100 and a8[7] == 100 and sum(a8, 8) == 800 and t8.freemiss == 0,
  "every CPU's tcp_sock array holds its 100 closed sockets: no flush")
expect(t8.active_objs == 800 and t8.in_use == 0 and t8.num_slabs == 160,
  "active_objs counts the 800 parked sockets, 5 to a slab")
expect(parked == (60 + 4 * 124) * 8 and bytes // 1024 == 2382, "(60 + 4 x 124) x 8 objects at most")

---------------------------------------------------------------------------
-- 7. drain_cpu_caches(): kmem_cache_shrink() empties every CPU's array.

local freed = c8.tcp_sock:shrink()
local t9 = c8.tcp_sock:stats()
local a9 = arrays(k8, c8.tcp_sock)
scene.show(k8, { caches = NAMES })
scene.step(string.format("kmem_cache_shrink(tcp_sock) calls drain_cpu_caches(): every CPU's array goes "
  .. "back with free_block(), then the %d free slabs go to the page allocator. tcp_sock: %d active, %d in "
  .. "the arrays", freed, t9.active_objs, sum(a9, 8)))
expect(sum(a9, 8) == 0 and t9.active_objs == 0, "no array holds a socket; nothing is active")
expect(freed == 160 and t9.num_slabs == 0, "all 160 tcp_sock slabs were given back")

---------------------------------------------------------------------------
-- 8. What the slabinfo line says, and what it cannot.

local l8 = line_of(k8, "udp_sock")
local u8 = c8.udp_sock:stats()
local ua = arrays(k8, c8.udp_sock)
scene.show(k8, { caches = { "udp_sock" } })
scene.step("udp_sock on the 8-way: " .. l8 .. ". All " .. u8.active_objs .. " active objects sit in the "
  .. "CPUs' arrays; the line shows the limit of the CPU reading it, not what each array holds: "
  .. "that only the kernel's cpucache_t knows")
-- 100 sockets a CPU, 10 to a page: 80 grows, each two misses; 720 hits;
-- all 800 frees hit (100 is below the limit of 124)
expect(l8 == "udp_sock 800 800 372 80 80 1 : 800 800 80 0 0 : 124 62 : 720 160 800 0",
  "udp_sock's line: 800 active in 80 slabs, 160 misses, 800 free hits")
expect(u8.in_use == 0 and sum(ua, 8) == u8.active_objs, "every active udp_sock is parked in an array")
