-- error: scenarios/errors/show_metric_without_heat.lua:3: bad argument #2 to 'scene.show' (fields 'metric' and 'owner' go with 'heat')
scenario { title = "t", goal = "g", profile = "test-i386" }
scene.show(sklab.layouts("mini").sock, { metric = "cycles" })
