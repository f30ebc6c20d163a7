-- error: assets/profiles/bad-kernel.lua:2: key 'kernel' is 'two.four', not a release (MAJOR.MINOR, as in 2.4.16)
return { name = "bad-kernel", kernel = "two.four", arch = "i386", layouts = "mini", page_size = 4096,
  cacheline = 32 }
