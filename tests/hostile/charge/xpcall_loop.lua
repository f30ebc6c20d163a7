-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- xpcall with a handler that is never called
local h = function(e) return e end
while true do xpcall(function() end, h) end
