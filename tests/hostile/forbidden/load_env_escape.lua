-- expect: global 'os'
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local f = load("return os.getenv('HOME')", "x", "t", _G)
f()
