-- error: scenarios/errors/k_cache_model_type.lua:4: bad argument #1 to 'k:cache_model' (cache model or false expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:cache_model(5)
