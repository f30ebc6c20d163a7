-- error: scenarios/errors/expect_msg_number.lua:3: bad argument #2 to 'expect' (string expected, got number)
scenario { title = "t", goal = "g", profile = "test-i386" }
expect(true, 42)
