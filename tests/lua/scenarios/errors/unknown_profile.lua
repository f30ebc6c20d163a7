-- error: scenarios/errors/unknown_profile.lua:2: bad argument #1 to 'scenario' (field 'profile': unknown profile 'linux-9.9' (known: test-i386, test-x86_64))
scenario { title = "t", goal = "g", profile = "linux-9.9" }
