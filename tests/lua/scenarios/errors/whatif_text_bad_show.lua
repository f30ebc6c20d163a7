-- error: scenarios/errors/whatif_text_bad_show.lua:4: bad argument #1 to 'w:text' ("after", "table" or "diff" expected, got "full")
scenario { title = "t", goal = "g", profile = "test-i386" }
local r = sklab.whatif { struct = "sock", changes = { "remove stamp" } }
print(r:text("full"))
