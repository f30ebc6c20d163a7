-- error: scenarios/errors/memory_table.lua:4: memory limit of 16 MiB exceeded
scenario { title = "t", goal = "g", profile = "test-i386" }
local t = {}
for i = 1, 1e9 do t[i] = { i, i, i, i, i, i, i, i } end
