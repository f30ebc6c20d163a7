-- expect: all shown
-- args: --max-heap 256 --max-events 2000000
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- the same 1100 panels: --max-events 2000000 lets the log hold 128 MiB of text
local text = string.rep("x", 63 * 1024)
for _ = 1, 1100 do scene.show(text) end
error("all shown")
