-- error: scenarios/errors/profile_unknown.lua:3: sklab.profile: unknown profile 'nope' (there is no assets/profiles/nope.lua)
scenario { title = "t", goal = "g", profile = "test-i386" }
local p = sklab.profile("nope")
