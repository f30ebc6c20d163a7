-- error: assets/profiles/bad-string-method.lua:2: attempt to index a string value (constant 'x')
local s = ("x"):rep(10)
return {}
