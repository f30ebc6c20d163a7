-- Title:   the coherent model of several CPUs from Lua
-- Goal:    cpus = N models N CPUs (MESI, HITM, coherence misses); a machine of two CPUs gets two; one keeps one
-- Profile: test-x86_64
scenario { title = "Cache SMP", goal = "sklab.cache{cpus=}, cm:access on a CPU, k:c2c", profile = "test-x86_64" }

local levels = {
  { name = "L1d", size = 32768, assoc = 8, line = 64, latency = 4 },
  { name = "L2", size = 262144, assoc = 8, line = 64, latency = 12 },
}
local cm = sklab.cache { levels = levels, memory = 100, cpus = 2 }
expect(cm.cpus == 2 and #cm.levels == 2, "two CPUs, two levels")
-- CPU 0 writes a word, CPU 1 another word of the same line, CPU 0 again
local r = cm:access(0x10000, 8, "w", 0)
expect(r.source == "memory" and r.before == "I" and r.after == "M" and r.latency == 116, "a write from memory")
r = cm:access(0x10008, 8, "w", 1)
expect(r.source == "peer" and r.peer == 0 and r.peer_state == "M" and r.hitm, "a HITM from CPU 0")
expect(r.invalidated == 1 and not r.coherence and r.latency == 20, "the RFO invalidates CPU 0's copy")
r = cm:access(0x10000, 8, "r", 0)
expect(r.coherence and r.hitm and r.after == "S", "a coherence miss; both Shared")
local st = cm:stats()
expect(st.cpus[1].coherence == 1 and st.cpus[2].hitm == 1 and st.cpus[1].invalidated == 1, "per-CPU counters")
expect(st.cpus[2].writebacks == 1 and st.L1d.refs == 3 and st.L2.refs == 3, "levels summed over CPUs")
expect(cm:summary():find("D1  misses:", 1, true) ~= nil, "summary")
local ok, err = pcall(cm.access, cm, 0x10000, 8, "r", 2)
expect(not ok and err:find("CPU 2: the model has 2", 1, true), "a CPU past the model")
ok, err = pcall(sklab.cache, { levels = levels, cpus = 0 })
expect(not ok and err:find("cpus", 1, true), "cpus = 0")
expect(cm:reset() == cm and cm:stats().cpus[2].hitm == 0, "reset")
expect(st.transfer == 16 and st.hitm == 16, "the rule: L2 + L1d for any line from a peer")

-- the cycles of a line from a peer, clean and Modified, as the user measured them
local cal = sklab.cache { levels = levels, memory = 100, cpus = 2, transfer = 30, hitm = 75 }
expect(cal:stats().transfer == 30 and cal:stats().hitm == 75, "transfer and hitm kept")
expect(cal:access(0x10000, 8, "r", 0).latency == 116, "from memory: unchanged")
r = cal:access(0x10000, 8, "r", 1)
expect(r.peer_state == "E" and r.latency == 4 + 30, "a clean line from CPU 0: 4 + 30")
cal:access(0x10000, 8, "w", 1)
r = cal:access(0x10000, 8, "r", 0)
expect(r.hitm and r.latency == 4 + 75, "a HITM: 4 + 75")
ok, err = pcall(sklab.cache, { levels = levels, cpus = 2, hitm = 0 })
expect(not ok and err:find("hitm", 1, true), "hitm = 0 is refused")

-- a plain model stays one CPU, and says so
local one = sklab.cache { levels = levels, memory = 100 }
expect(one.cpus == 1 and one:stats().cpus == nil, "plain")
r = one:access(0x10000, 8, "w")
expect(r.source == nil and r.hit == "memory", "plain results unchanged")

-- a machine of two CPUs: the model models both
local sock = sklab.layouts("mini").sock
local k = sklab.kernel {}
local c = k:cache_create("sock", sock, { hwcache_align = true })
local m2 = sklab.cache { levels = levels, memory = 100 }
expect(k:cache_model(m2) == m2 and m2.cpus == 2, "two CPUs from the machine")
local a = c:alloc { zero = true }
a:write("daddr")
a:read("dport")
local rows = k:misses { owner = "sock" }
expect(#rows >= 2 and rows[1].cpus[1] ~= nil and rows[1].cpus[2] == nil, "CPU 0 touched, CPU 1 not")
expect(rows[1].coherence == 0 and rows[1].hitm == 0, "no contention on one CPU")
local c2 = k:c2c()
expect(c2.cpus == 2 and #c2.lines == 0 and c2.accesses > 0, "nothing contended")
local text = k:c2c { text = true }
expect(text:find("Shared Data Cache Line Table", 1, true) and text:find("Shared Cache Line Distribution Pareto", 1, true),
  "perf c2c's tables")
ok, err = pcall(k.c2c, k, { text = 1 })
expect(not ok and err:find("field 'text': boolean expected", 1, true), "text must be a boolean")
scene.show(k, { view = "cache" })
expect(k:cache_model(false) == nil, "detached")
local none, why = k:c2c()
expect(none == nil and why:find("no cache model", 1, true), "c2c without a model")

-- a machine of one CPU keeps the plain model
local k1 = sklab.kernel { cpus = 1 }
local m1 = sklab.cache { levels = levels, memory = 100 }
expect(k1:cache_model(m1) == m1 and m1.cpus == 1, "one CPU: plain")
expect(#k1:c2c().lines == 0, "c2c of a plain model: empty")
-- cpus = 2 on a one-CPU machine: the scenario's choice
local m3 = sklab.cache { levels = levels, memory = 100, cpus = 2 }
k1:cache_model(false)
expect(k1:cache_model(m3) == m3 and m3.cpus == 2, "cpus overrides the machine")
