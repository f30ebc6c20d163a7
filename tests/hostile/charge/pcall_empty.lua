-- expect: instruction limit of 20000000 exceeded
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- a call of pcall costs its setjmp: an empty pcall loop ends as a plain loop does
while true do pcall(function() end) end
