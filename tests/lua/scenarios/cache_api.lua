-- Title:   the cache model bindings, value by value
-- Goal:    hand-worked hits, misses and attributions come back as computed
-- Profile: test-i386
scenario { title = "Cache API", goal = "values of sklab.cache and k:misses", profile = "test-i386" }

-- a tiny direct-mapped cache: 4 sets of 32 bytes, 2 cycles, memory 10
local cm = sklab.cache { levels = { { name = "L1d", size = 128, assoc = 1, line = 32, latency = 2 } }, memory = 10 }
expect(tostring(cm) == "cache model(custom, 1 levels)", "tostring")
expect(cm.title == "custom" and cm.memory == 10 and cm.levels[1] == "L1d", "fields")
local r = cm:access(0x1000, 4)
expect(r.hit == "memory" and r.latency == 12 and r.missed[1] == "L1d" and r.lines == 1, "cold miss")
r = cm:access("0x1004", 4)
expect(r.hit == "L1d" and r.latency == 2 and #r.missed == 0, "same line hits")
r = cm:access(0x1080, 4, "w") -- same set (0x1080 / 32 % 4 == 0): evicts 0x1000
expect(r.hit == "memory", "conflict")
r = cm:access(0x1000, 4)
expect(r.hit == "memory", "evicted")
local st = cm:stats()
expect(st.levels[1] == st.L1d and st.L1d.refs == 4 and st.L1d.misses == 3 and st.L1d.hits == 1, "counters")
expect(st.L1d.reads == 3 and st.L1d.writes == 1 and st.L1d.write_misses == 1, "reads and writes")
expect(st.L1d.compulsory == 2 and st.L1d.conflict == 1, "3C: two compulsory, one conflict")
expect(st.L1d.evictions == 2 and st.L1d.writebacks == 1, "the dirty line written back")
expect(st.accesses == 4 and st.cycles == 12 + 2 + 12 + 12, "totals")
expect(cm:summary():find("D1  misses:", 1, true) ~= nil, "summary")
expect(cm:reset() == cm and cm:stats().L1d.refs == 0 and cm:stats().cycles == 0, "reset")

-- no-write-allocate: a write miss goes around
local nwa = sklab.cache { levels = { { name = "L1d", size = 128, assoc = 2, line = 32, write = "no-allocate",
  policy = "plru" } } }
nwa:access(0x40, 4, "w")
expect(nwa:access(0x40, 4).hit == "memory", "no-allocate: still a miss")
local rnd = sklab.cache { levels = { { name = "L1d", size = 128, assoc = 4, line = 32, policy = "random" } }, seed = 7 }
expect(rnd:access(0, 1).hit == "memory", "random")

-- the profile's machine
local p3 = sklab.cache { profile = "test-i386" }
expect(p3.title == "test CPU" and p3.memory == 80 and #p3.levels == 3, "the era's machine")
expect(sklab.cache().title == "test CPU", "the scenario's profile by default")
local host = sklab.cache.host()
expect(host == nil or #host.levels >= 1, "host")

-- a kernel feeding a model
local sock = sklab.layouts("mini").sock
local k = sklab.kernel {}
local c = k:cache_create("sock", sock, { hwcache_align = true })
expect(k:cache_model() == nil, "no model yet")
local none, why = k:misses()
expect(none == nil and why:find("no cache model", 1, true), "misses without a model")
expect(k:cache_model(p3) == p3 and k:cache_model() == p3, "attached")
local a = c:alloc { zero = true }
local meta = k:misses { owner = "slab_t" }
expect(#meta == 5 and meta[1].member == "list" and meta[5].member == "free", "slab_t rows from the allocation")
expect(#k:misses { owner = "sock" } == 3, "the zeroing: one write per line, to the member at its start")
p3:reset() -- empties the model and the kernel's attribution
a:read("daddr")
a:read("dport")
a:read("stamp")
local rows = k:misses { owner = "sock" }
expect(#rows == 3, "three members")
expect(rows[1].member == "daddr" and rows[1].offset == 0 and rows[1].size == 4 and rows[1].reads == 1, "daddr row")
expect(rows[1].misses.L1d == 1 and rows[1].misses.L2 == 1 and rows[1].cycles == 90, "daddr: a full miss")
expect(rows[2].member == "dport" and rows[2].misses.L1d == 0 and rows[2].cycles == 3, "dport: a hit")
expect(rows[3].member == "stamp" and rows[3].offset == 36 and rows[3].misses.L1d == 1, "stamp: line 1")
local lines = k:misses { owner = "sock", by = "line" }
expect(#lines == 2 and lines[1].member == "line 0" and lines[1].reads == 2 and lines[2].member == "line 1", "lines")
expect(p3:stats().L1d.refs == 3 and p3:stats().accesses == 3 and p3:stats().cycles == 183, "what the kernel fed")
expect(k:cache_model(false) == nil and k:cache_model() == nil, "detached")
a:read("daddr")
expect(p3:stats().L1d.refs == 3, "nothing fed once detached")
