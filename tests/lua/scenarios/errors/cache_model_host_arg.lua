-- error: scenarios/errors/cache_model_host_arg.lua:3: bad argument #1 to 'sklab.cache.host' (no arguments expected)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.cache.host(1)
