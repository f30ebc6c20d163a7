-- An error message holding terminal escapes: shown on the terminal as \x1b.
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
scene.show("x")
scene.step("one")
error("\27]0;owned\7\27[2J\27[31mboom\155c")
