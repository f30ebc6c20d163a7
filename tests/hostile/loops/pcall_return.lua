-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- the budget error is caught, then the scenario just ends: still a failure
pcall(function() while true do end end)
