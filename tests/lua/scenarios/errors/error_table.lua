-- error: scenarios/errors/error_table.lua:3: (error object is a table value)
scenario { title = "t", goal = "g", profile = "test-i386" }
error({ code = 1 })
