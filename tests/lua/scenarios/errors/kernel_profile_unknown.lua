-- error: scenarios/errors/kernel_profile_unknown.lua:3: sklab.kernel: unknown profile 'nope' (there is no assets/profiles/nope.lua)
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel { profile = "nope" }
