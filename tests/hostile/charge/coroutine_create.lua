-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- coroutine.create and resume, each charged
while true do coroutine.resume(coroutine.create(function() end)) end
