-- error: scenarios/errors/whatif_slab_unknown_key.lua:3: bad argument #1 to 'sklab.whatif' (field 'slab': unknown field 'hwcache' (hwcache_align, align, ctor, rcu, debug, cpus, name, objects))
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", slab = { hwcache = true } }
