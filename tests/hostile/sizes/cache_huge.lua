-- expect: is larger than 32 pages
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
local c, e = k:cache_create("huge", 2^40)
error("cache: " .. tostring(e))
