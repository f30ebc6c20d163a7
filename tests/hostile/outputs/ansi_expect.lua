-- A failed expectation whose message holds terminal escapes.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
scene.show("x")
scene.step("one")
expect(false, "\27[2J\27[31mfaked pass\r\27[K")
