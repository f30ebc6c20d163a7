-- expect: global 'os'
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
os.execute("echo hi")
