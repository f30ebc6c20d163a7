-- expect: event log limit of 64 MiB of text reached
-- args: --max-events 1000000
-- Captions of 4 MiB each: the log holds 64 MiB of text per million events
-- allowed at most (256 MiB at the default of four million).
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local s = "caption "
while #s < (4 << 20) do s = s .. s end
local k = sklab.kernel {}
scene.show(k)
for i = 1, 1000 do scene.step(s:sub(1, (4 << 20) - i)) end
