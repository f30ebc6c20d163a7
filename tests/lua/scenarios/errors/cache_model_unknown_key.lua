-- error: scenarios/errors/cache_model_unknown_key.lua:3: bad argument #1 to 'sklab.cache' (unknown field 'level')
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.cache { level = {} }
