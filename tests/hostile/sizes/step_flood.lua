-- expect: more than the 5 frames a run may write; raise it with --max-frames
-- at-defaults: ok
-- args: --max-frames 5 --format svg
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
local types = sklab.layouts("linux-2.4.16")
scene.show(types.list_head)
for i = 1, 20 do scene.step("step " .. i) end
