-- error: scenarios/errors/error_in_function.lua:3: boom
scenario { title = "t", goal = "g", profile = "test-i386" }
local function f() error("boom") end
local function g() f() end
g()
