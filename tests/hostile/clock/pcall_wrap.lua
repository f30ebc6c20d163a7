-- expect: time limit of 2 s exceeded
-- args: --max-instructions 1000000000000000 --max-heap 256 --timeout 2
-- seconds: 15
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- a coroutine.wrap loop under pcall
while true do pcall(coroutine.wrap(function() end)) end
