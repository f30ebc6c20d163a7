-- error: scenarios/errors/show_heat_hitm_plain.lua:5: bad argument #2 to 'scene.show' (field 'metric': "hitm" needs a coherent model of two CPUs or more; this kernel's model is a plain one-CPU model (sklab.kernel { cpus = 2 }, or sklab.cache { cpus = 2 }))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 1 }
k:cache_model(sklab.cache {})
scene.show(sklab.layouts("mini").sock, { heat = k, metric = "hitm" })
