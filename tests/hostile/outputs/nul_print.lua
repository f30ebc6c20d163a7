-- expect: the text printed holds a NUL byte
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
print("shown", "x\0hidden")
