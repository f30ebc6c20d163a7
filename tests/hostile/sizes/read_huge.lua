-- expect: are outside the object
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
local o = k:kmalloc(64)
o:read(0, 2^40)
