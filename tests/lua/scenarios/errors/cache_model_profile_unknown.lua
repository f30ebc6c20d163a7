-- error: scenarios/errors/cache_model_profile_unknown.lua:3: sklab.cache: unknown profile 'nope' (there is no assets/profiles/nope.lua)
scenario { title = "t", goal = "g", profile = "test-i386" }
sklab.cache { profile = "nope" }
