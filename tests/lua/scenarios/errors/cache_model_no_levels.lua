-- error: scenarios/errors/cache_model_no_levels.lua:3: bad argument #1 to 'sklab.cache' (field 'levels': 1 to 16 levels)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.cache { levels = {} }
