-- error: assets/profiles/bad-name.lua:2: name 'other' does not match the file name 'bad-name.lua'
return { name = "other", kernel = "2.4.16", arch = "i386", layouts = "mini", page_size = 4096, cacheline = 32 }
