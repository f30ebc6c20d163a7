-- A header reader stops at scenario{}; this file uses sklab before it.
local types = sklab.layouts("mini")
scenario { title = "late", goal = "g", profile = "test-i386" }
