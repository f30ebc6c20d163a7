-- error: scenarios/errors/dofile_absent.lua:3: attempt to call a nil value (global 'dofile')
scenario { title = "t", goal = "g", profile = "test-i386" }
dofile("scenarios/basic.lua")
