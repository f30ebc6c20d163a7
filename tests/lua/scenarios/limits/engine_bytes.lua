-- 500,000 allocations at a limit of a million events: each event counts by what the log took for it (16 bytes), so the log's 64 MiB of text never runs out (at 160 bytes an event it did, at 419,430)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { profile = "test-i386" }
local c = k:cache_create("small", 32)
for i = 1, 500000 do
  c:alloc()
end
expect(c:stats().active_objs == 500000, "all allocated")
