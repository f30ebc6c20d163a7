-- error: scenarios/errors/syntax_error.lua:3: unexpected symbol near '+'
scenario { title = "t", goal = "g", profile = "test-i386" }
local x = + + 1
