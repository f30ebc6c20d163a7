-- error: assets/profiles/bad-global.lua:2: attempt to call a nil value (global 'setmetatable')
local t = setmetatable({}, {})
return t
