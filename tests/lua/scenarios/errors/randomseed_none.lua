-- error: scenarios/errors/randomseed_none.lua:3: bad argument #1 to 'math.randomseed' (a seed is needed: runs are deterministic)
scenario { title = "t", goal = "g", profile = "test-i386" }
math.randomseed()
