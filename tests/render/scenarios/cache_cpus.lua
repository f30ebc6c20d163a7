-- Title:   each CPU's caches and their MESI states (the cache view of a coherent model)
-- Goal:    false sharing on 2, 4 and 8 CPUs drawn per CPU; the visual lint reads every frame
-- Profile: linux-6.18-x86_64
scenario { title = "Cache per CPU", goal = "the cache view of 2, 4 and 8 CPUs", profile = "linux-6.18-x86_64" }
local t = sklab.layouts("linux-6.18")

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
