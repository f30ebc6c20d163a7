-- title:   twelve steps (a test of jumping to a step)
-- goal:    each step's picture is the machine as it was then
-- profile: linux-6.18-x86_64
scenario { title = "twelve steps", goal = "jump to any step", profile = "linux-6.18-x86_64" }
local k = sklab.kernel { profile = "linux-6.18-x86_64" }
local types = sklab.layouts("linux-6.18")
local c = k:cache_create("obj64", 64)
local objs, n = {}, 0
for s = 1, 12 do
  -- allocations, then frees across the steps before: the slabs fill and empty
  for _ = 1, 300 * s do n = n + 1; objs[n] = c:alloc() end
  for i = s % 4 + 1, n, 4 do
    if objs[i] then c:free(objs[i]); objs[i] = false end
  end
  if s == 4 then c:shrink() end
  if s == 6 then
    local big = k:cache_create("big", 1500)
    for _ = 1, 40 do big:alloc() end
  end
  if s % 3 == 0 then
    for _ = 1, 10 do k:kmalloc(100 * s) end
  end
  if s ~= 8 then -- step 8 shows what step 7 showed
    scene.show(k)
  end
  scene.step("step " .. s .. ": " .. n .. " allocated")
end
