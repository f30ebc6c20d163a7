-- error: assets/profiles/bad-key.lua:6: unknown key 'colour'
return {
  name = "bad-key", kernel = "2.4.16", arch = "i386", layouts = "mini",
  page_size = 4096,
  cacheline = 32,
  colour = "blue",
}
