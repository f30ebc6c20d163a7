-- Title:   each CPU's caches and their MESI states (the cache view of a coherent model)
-- Goal:    false sharing on 2, 4 and 8 CPUs drawn per CPU; the visual lint reads every frame
-- Profile: linux-6.18-x86_64
scenario { title = "Cache per CPU", goal = "the cache view of 2, 4 and 8 CPUs", profile = "linux-6.18-x86_64" }
local t = sklab.layouts("linux-6.18")

-- A model of two CPUs fed by hand (docs/smp.md's table): CPU 0 writes line
-- A (M); CPU 1 reads it (a HITM: both S); CPU 1 writes it (CPU 0's copy I).
local cm = sklab.cache { levels = {
  { name = "L1d", size = 32768, assoc = 8, line = 64, latency = 4 },
  { name = "L2", size = 262144, assoc = 8, line = 64, latency = 12 },
  { name = "L3", size = 2097152, assoc = 16, line = 64, latency = 40 },
}, memory = 200, cpus = 2 }
expect(cm:access(0x100000, 8, "w", 0).after == "M", "CPU 0 writes: M")
local r = cm:access(0x100000, 8, "r", 1)
expect(r.hitm and r.after == "S", "CPU 1 reads: a HITM, S")
scene.show(cm, { title = "CPU 0 wrote line A, CPU 1 read it" })
scene.step("CPU 1's read took the line from CPU 0's Modified copy (a HITM): CPU 0 wrote it back, both hold it Shared")
r = cm:access(0x100008, 8, "w", 1)
expect(r.invalidated == 1 and r.after == "M", "CPU 1 writes: CPU 0 invalidated")
scene.show(cm, { title = "CPU 1 wrote line A" })
scene.step("CPU 1's write upgraded its Shared copy to Modified and invalidated CPU 0's: an empty way there")

for _, n in ipairs { 2, 4, 8 } do
  local k = sklab.kernel { profile = "linux-6.18-x86_64", cpus = n }
  k:cache_model(sklab.cache {})
  local sk = k:cache_create("sock", t.sock_common, { hwcache_align = true }):alloc { zero = true }
  for i = 1, 20 do
    k:on_cpu(0, function() sk:write("skc_hash", i) end)
    for c = 1, n - 1 do
      k:on_cpu(c, function() sk:read(c % 2 == 1 and "skc_daddr" or "skc_rcv_saddr") end)
    end
  end
  scene.show(k, { view = "cache" })
  scene.step(string.format("%d CPUs: CPU 0 writes skc_hash, the others read the addresses of line 0: "
    .. "each write invalidates their Shared copies", n))
end
