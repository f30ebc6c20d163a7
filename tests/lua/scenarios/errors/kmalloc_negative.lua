-- error: scenarios/errors/kmalloc_negative.lua:4: bad argument #1 to 'k:kmalloc' (size -1: it cannot be negative)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:kmalloc(-1)
