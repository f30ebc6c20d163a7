-- The false-sharing exercises of docs/lessons.md, as printed there: one
-- writer of skc_hash in line 0 makes both readers miss after each write;
-- a writer of skc_refcnt (line 2) leaves line 0 read-mostly. Each
-- exercise's lines are shown as the c2c view draws them.
scenario { title = "c2c lesson", goal = "the lesson's answers", profile = "linux-6.18-x86_64" }
local t = sklab.layouts("linux-6.18")

local function run(member)
  local k = sklab.kernel { profile = "linux-6.18-x86_64", cpus = 4 }
  k:cache_model(sklab.cache {})
  local sk = k:cache_create("sock", t.sock_common, { hwcache_align = true }):alloc { zero = true }
  for i = 1, 100 do
    k:on_cpu(0, function() sk:write(member, i) end)
    k:on_cpu(1, function() sk:read("skc_daddr") end)
    k:on_cpu(2, function() sk:read("skc_rcv_saddr") end)
  end
  return k:c2c(), k
end

local r, k = run("skc_hash")
scene.show(k, { view = "c2c" })
scene.step("Exercise 1: CPU 0 writes skc_hash while CPUs 1 and 2 read skc_daddr and skc_rcv_saddr in the "
  .. "same line: 100 HITMs, 198 coherence misses, true + false sharing")
expect(#r.lines == 1 and r.hitm == 100 and r.coherence == 198, "exercise 1: 1 line, 100 HITMs, 198 coherence misses")
local l = r.lines[1]
expect(l.owner == "sock_common" and l.line == 0 and l.sharing == "true+false", "exercise 1: line 0, true+false")

r, k = run("skc_refcnt")
scene.show(k, { view = "c2c" })
scene.step("Exercise 2: the writer moves to skc_refcnt in line 2; line 0 keeps only the zeroing's one HITM")
expect(#r.lines == 1 and r.hitm == 1 and r.coherence == 0, "exercise 2: line 0 keeps the zeroing's one HITM")
