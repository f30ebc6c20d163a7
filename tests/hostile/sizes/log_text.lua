-- expect: event log limit of 64 MiB of text reached
-- args: --max-heap 256 --max-events 1000000
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
-- 1100 text panels of 63 KiB: more text than a million events may hold
local text = string.rep("x", 63 * 1024)
for _ = 1, 1100 do scene.show(text) end
error("all shown")
