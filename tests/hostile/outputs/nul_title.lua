-- expect: field 'title' holds a NUL byte
scenario { title = "shown\0hidden", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
