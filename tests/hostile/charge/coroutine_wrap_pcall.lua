-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- a coroutine made and resumed per turn, under pcall
while true do pcall(coroutine.wrap(function() end)) end
