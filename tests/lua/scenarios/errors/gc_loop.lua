-- error: scenarios/errors/gc_loop.lua:4: bad argument #2 to 'setmetatable' (__gc is not available in scenarios (finalizers would run outside the budget))
scenario { title = "t", goal = "g", profile = "test-i386" }
-- Lua runs finalizers with hooks off: one that never returned would hang the run
local t = setmetatable({}, { __gc = function() while true do end end })
