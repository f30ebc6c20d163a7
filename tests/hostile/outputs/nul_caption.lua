-- expect: holds a NUL byte (byte 6 of 12)
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
scene.show("x")
scene.step("shown\0hidden")
