-- error: scenarios/errors/k_cache_model_other.lua:6: bad argument #1 to 'k:cache_model' (the cache model feeds another kernel (detach it there with false))
scenario { title = "t", goal = "g", profile = "test-i386" }
local cm = sklab.cache {}
local k1, k2 = sklab.kernel {}, sklab.kernel {}
k1:cache_model(cm)
k2:cache_model(cm)
