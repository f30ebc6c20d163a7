-- expect: rep returned at once
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local s = string.rep("", 2^40)
local s2 = ("").rep("", 2^50, "")
error("rep returned at once: " .. #s .. #s2)
