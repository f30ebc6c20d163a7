-- expect: memory budget of 1024 MiB exceeded by the event log
-- args: --max-events 100000000
-- A raised event limit lets the log grow with a machine snapshot per SHOW;
-- the budget still bounds what it holds.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local k = sklab.kernel {}
for i = 1, 300 do local c = k:cache_create("c" .. i, 32); for j = 1, 200 do c:alloc() end end
for i = 1, 100000 do scene.show(k) end
