-- error: scenarios/errors/whatif_rcu_on_slab.lua:3: bad argument #1 to 'sklab.whatif' (slab.rcu: SLAB_TYPESAFE_BY_RCU is a SLUB flag; test-i386 uses the 2.4 SLAB)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.whatif { struct = "sock", slab = { rcu = true } }
