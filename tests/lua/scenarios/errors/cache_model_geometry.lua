-- error: scenarios/errors/cache_model_geometry.lua:3: bad argument #1 to 'sklab.cache' (cache level 0 (L1d): size 1000 is not a multiple of assoc*line (2*32 = 64))
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.cache { levels = { { name = "L1d", size = 1000, assoc = 2, line = 32 } } }
