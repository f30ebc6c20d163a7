-- error: scenarios/errors/show_c2c_one_cpu.lua:4: bad argument #1 to 'scene.show' (view "c2c": the kernel's cache model is a one-CPU model, with no other CPU to contend for a line: boot the kernel with cpus = N (N > 1), or make the model with sklab.cache { cpus = N }, then k:cache_model(cm))
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { cpus = 1 }; k:cache_model(sklab.cache {})
scene.show(k, { view = "c2c" })
