-- error: scenarios/errors/pcall_bad_arg.lua:3: bad argument #1 to 'scene.step' (string expected, got table)
scenario { title = "t", goal = "g", profile = "test-i386" }
local ok, e = pcall(scene.step, {})
error(e, 0)
