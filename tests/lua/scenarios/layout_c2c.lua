-- The c2c overlay of the layout view from Lua: scene.show(layout,
-- { heat = k, metric = "coherence" | "hitm" }) on a coherent model of two
-- CPUs, the lines it marks being those k:c2c() reports, and the errors on
-- a plain one-CPU model.
scenario {
  title = "layout c2c overlay",
  goal = "the coherence and hitm metrics of a layout heat overlay",
  profile = "linux-6.18-x86_64",
}
local t = sklab.layouts("linux-6.18")
local k = sklab.kernel { profile = "linux-6.18-x86_64", cpus = 2 }
k:cache_model(sklab.cache {})
local sk = k:on_cpu(0, function()
  return k:cache_create("sock", t.sock_common, { hwcache_align = true }):alloc()
end)
for i = 1, 10 do
  k:on_cpu(0, function() sk:write("skc_hash", i) end)       -- line 0: false sharing
  k:on_cpu(1, function() sk:read("skc_daddr") end)
  k:on_cpu(0, function() sk:write("skc_refcnt", i) end)     -- line 2: true sharing
  k:on_cpu(1, function() sk:write("skc_refcnt", i + 1) end)
end
scene.show(t.sock_common, { heat = k, metric = "coherence" })
scene.step("coherence misses")
scene.show(t.sock_common, { heat = k, metric = "hitm", owner = "sock_common" })
scene.step("HITM")

local c2c = k:c2c()
local by_line = {}
for _, l in ipairs(c2c.lines) do by_line[l.line] = l end
expect(by_line[0] and by_line[0].sharing == "false", "line 0: false sharing")
expect(by_line[2] and by_line[2].sharing == "true", "line 2: true sharing")
expect(by_line[1] == nil, "line 1: not contended")

-- a plain one-CPU model has neither coherence misses nor HITMs
local up = sklab.kernel { profile = "linux-6.18-x86_64", cpus = 1 }
up:cache_model(sklab.cache {})
for _, m in ipairs { "coherence", "hitm" } do
  local ok, err = pcall(scene.show, t.sock_common, { heat = up, metric = m })
  expect(not ok and err:find('"' .. m .. '" needs a coherent model of two CPUs or more', 1, true),
         m .. " on a one-CPU model: " .. tostring(err))
end
-- the other metrics still work there
scene.show(t.sock_common, { heat = up, metric = "accesses" })
scene.step("accesses on one CPU")
