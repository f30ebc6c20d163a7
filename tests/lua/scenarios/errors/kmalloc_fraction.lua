-- error: scenarios/errors/kmalloc_fraction.lua:4: bad argument #1 to 'k:kmalloc' (number has no integer representation)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:kmalloc(1.5)
