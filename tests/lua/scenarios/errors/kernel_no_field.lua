-- error: scenarios/errors/kernel_no_field.lua:4: kernel has no field 'pages'
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
print(k.pages)
