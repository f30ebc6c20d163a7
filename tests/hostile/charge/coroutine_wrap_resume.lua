-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- the function coroutine.wrap returns is charged at every call
local co = coroutine.wrap(function() while true do coroutine.yield() end end)
while true do co() co() co() co() end
