-- expect: global 'io'
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
io.popen("ls")
