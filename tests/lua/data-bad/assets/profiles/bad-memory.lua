-- error: assets/profiles/bad-memory.lua: data files use more than 64 MiB
local t = {}
for i = 1, 1e9 do t[i] = { i } end
return {}
