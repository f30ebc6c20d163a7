-- A hand-made two-CPU trace on sock_common, for the c2c overlay of the
-- layout view (test_layout_overlay and the visual lint read this): line 0
-- is falsely shared (CPU 0 writes skc_hash, CPU 1 reads skc_daddr), line 2
-- truly shared (both CPUs take and drop a reference: skc_refcnt).
scenario {
  title = "c2c on the layout view",
  goal = "see which CPU touched which member, and why a line bounces",
  profile = "linux-6.18-x86_64",
}
local k = sklab.kernel { profile = "linux-6.18-x86_64", cpus = 2 }
local t = sklab.layouts("linux-6.18")
k:cache_model(sklab.cache {})
local sk = k:on_cpu(0, function()
  return k:cache_create("sock", t.sock_common, { hwcache_align = true }):alloc()
end)
for i = 1, 10 do
  k:on_cpu(0, function() sk:write("skc_hash", i) end)
  k:on_cpu(1, function() sk:read("skc_daddr") end)
  k:on_cpu(0, function() sk:write("skc_refcnt", i) end)
  k:on_cpu(1, function() sk:write("skc_refcnt", i + 1) end)
end
scene.show(t.sock_common, { heat = k, metric = "coherence" })
scene.step("coherence misses, and the CPUs that touched each member")
scene.show(t.sock_common, { heat = k, metric = "hitm" })
scene.step("HITM: lines taken from the other CPU's Modified copy")
print(k:c2c { text = true })
