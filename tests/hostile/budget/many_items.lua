-- expect: time limit of 10 s exceeded at frame
-- Thousands of caches drawn in every one of 1,000 frames.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
for i = 1, 3000 do k:cache_create("c" .. i, 32 + i % 200) end
scene.show(k)
for i = 1, 1000 do scene.step("step " .. i) end
