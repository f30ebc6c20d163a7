-- error: scenarios/errors/gc_loop.lua:5: the run still ends
scenario { title = "t", goal = "g", profile = "test-i386" }
-- a finalizer that never returns runs at the end of the run, under the same budget
local t = setmetatable({}, { __gc = function() while true do end end })
error("the run still ends")
