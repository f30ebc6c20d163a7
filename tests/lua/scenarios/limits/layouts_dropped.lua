-- Layouts nobody holds are collected, so a loop can make many.
scenario { title = "t", goal = "g", profile = "test-i386" }
local size = 0
for i = 1, 50 do
  size = size + sklab.layouts("mini").pair.size
end
expect(size == 400, "50 pairs of 8 bytes")
