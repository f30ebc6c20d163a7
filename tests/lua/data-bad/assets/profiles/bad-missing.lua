-- error: assets/profiles/bad-missing.lua: missing key 'kernel'
return { name = "bad-missing", arch = "i386", layouts = "mini", page_size = 4096, cacheline = 32 }
