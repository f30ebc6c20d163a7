-- error: scenarios/errors/k_misses_unknown_key.lua:4: bad argument #1 to 'k:misses' (unknown field 'owners')
scenario { title = "t", goal = "g", profile = "test-i386" }
local k = sklab.kernel {}
k:misses { owners = "sock" }
