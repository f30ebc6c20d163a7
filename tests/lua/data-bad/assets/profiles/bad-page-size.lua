-- error: assets/profiles/bad-page-size.lua:4: key 'page_size' is 1000; it must be a power of two between 1024 and 65536
return { name = "bad-page-size", kernel = "2.4.16", arch = "i386", layouts = "mini",
  cacheline = 32,
  page_size = 1000 }
