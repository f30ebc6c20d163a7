-- expect: series 1: field 'name' holds a NUL byte
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
scene.chart { title = "c", series = { { name = "a\0b", points = { { 0, 1 } } } } }
