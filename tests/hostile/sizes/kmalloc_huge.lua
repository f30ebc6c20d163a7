-- expect: huge kmalloc refused
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
local o, e = k:kmalloc(2^62)
error("huge kmalloc refused: " .. tostring(e))
