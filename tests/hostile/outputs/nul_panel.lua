-- expect: the text holds a NUL byte
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
scene.show("line one\nline\0two")
