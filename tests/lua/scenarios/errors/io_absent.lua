-- error: scenarios/errors/io_absent.lua:3: attempt to index a nil value (global 'io')
scenario { title = "t", goal = "g", profile = "test-i386" }
local f = io.open("/etc/passwd")
