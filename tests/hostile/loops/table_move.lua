-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- Lua's table.move loops in C: 2^40 moves of nothing
table.move({}, 1, 2^40, 2)
