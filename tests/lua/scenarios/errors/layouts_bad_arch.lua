-- error: scenarios/errors/layouts_bad_arch.lua:3: bad argument #2 to 'sklab.layouts' (field 'arch': unknown arch 'm68k' (i386 or x86_64))
scenario { title = "t", goal = "g", profile = "test-i386" }
local types = sklab.layouts("mini", { arch = "m68k" })
