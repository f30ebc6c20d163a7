-- error: scenarios/errors/require_absent.lua:3: attempt to call a nil value (global 'require')
scenario { title = "t", goal = "g", profile = "test-i386" }
local m = require("os")
