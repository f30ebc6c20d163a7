-- error: scenarios/errors/cache_model_level_policy.lua:3: bad argument #1 to 'sklab.cache' (field 'levels': entry 1: field 'policy': 'fifo' is not "lru", "plru" or "random")
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.cache { levels = { { name = "L1d", size = 1024, assoc = 2, line = 32, policy = "fifo" } } }
