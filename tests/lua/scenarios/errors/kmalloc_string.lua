-- error: scenarios/errors/kmalloc_string.lua:4: bad argument #1 to 'k:kmalloc' (number expected, got string)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:kmalloc("64")
