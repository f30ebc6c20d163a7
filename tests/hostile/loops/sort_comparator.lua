-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
table.sort({ 3, 2, 1, 5, 4 }, function(a, b) while true do end end)
