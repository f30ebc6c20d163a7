-- expect: memory budget of 1024 MiB exceeded by a cache model
-- The engine refuses (not the Lua heap) while the heap holds many MiB: the
-- error still unwinds through pcall with the heap's reserve and names the
-- cache model.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local keep = {}
for i = 1, 300000 do keep[i] = { i, tostring(i) } end
local ms = {}
while true do
  local ok, m = pcall(sklab.cache, { levels = { { name = "LL", size = 64 << 20, assoc = 16, line = 64 } }, memory = 100 })
  if ok then ms[#ms + 1] = m else local t = {} for j = 1, 1000 do t[j] = { err = m } end end
end
