-- error: scenarios/errors/cache_model_level_size.lua:3: bad argument #1 to 'sklab.cache' (field 'levels': entry 1: field 'size': integer expected, got string)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.cache { levels = { { name = "L1d", size = "big", assoc = 2, line = 32 } } }
