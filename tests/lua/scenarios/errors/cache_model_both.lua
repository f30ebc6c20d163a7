-- error: scenarios/errors/cache_model_both.lua:3: bad argument #1 to 'sklab.cache' (give a profile or levels, not both)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.cache { profile = "test-i386", levels = {} }
