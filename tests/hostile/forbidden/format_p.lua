-- expect: '%p' is not available
scenario { title = "hostile", goal = "ends with a clear error", profile = "linux-2.4.16-i386" }
print(string.format("%p", {}))
