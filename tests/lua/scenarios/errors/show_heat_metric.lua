-- error: scenarios/errors/show_heat_metric.lua:5: bad argument #2 to 'scene.show' (field 'metric': 'L9' is not a level of the model, "misses", "cycles", "accesses", "coherence" or "hitm")
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:cache_model(sklab.cache {})
scene.show(sklab.layouts("mini").sock, { heat = k, metric = "L9" })
