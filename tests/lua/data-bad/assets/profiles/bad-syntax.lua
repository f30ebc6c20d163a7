-- error: assets/profiles/bad-syntax.lua:3: '}' expected (to close '{' at line 2) near 'arch'
return { name = "bad-syntax", kernel = "2.4.16"
  arch = "i386" }
