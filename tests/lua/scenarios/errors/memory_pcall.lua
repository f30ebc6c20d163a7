-- error: scenarios/errors/memory_pcall.lua:4: memory limit of 16 MiB exceeded
scenario { title = "t", goal = "g", profile = "test-i386" }
for i = 1, 10 do
  local ok = pcall(string.rep, "x", 1 << 30)
end
