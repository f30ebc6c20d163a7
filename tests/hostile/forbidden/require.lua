-- expect: global 'require'
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
require("os")
