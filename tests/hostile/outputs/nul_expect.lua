-- expect: bad argument #2 to 'expect' (the string holds a NUL byte
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
expect(false, "shown\0hidden")
